// Every wall fixture through extract() end to end, as a previewer meets it: a local server answers
// under the site's own host name with the wall's status, headers and redirect hops. With no rung
// that can help (no oEmbed provider, no request profile, no browser, no proxy), a wall never comes
// back as data: it ends in EWALL (or ERATELIMIT) naming its kind. Every look-alike comes back as
// the page it is (or as the HTTP error it is).
import {readFileSync} from 'node:fs';
import type {ServerResponse} from 'node:http';
import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import {LinkpeekError} from '../../src/errors.js';
import {createExtractor} from '../../src/extract.js';
import {defaultWallSignatures} from '../../src/walls/signatures.js';
import {isLoopback} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';
import {caseLookup, fixtureHtml, onServer, wallCases, wallsDirectory, type WallCase} from './cases.js';

jest.setTimeout(60_000);

let site: TestServer;
let current: WallCase | undefined;
const extract = createExtractor({allowAddress: isLoopback, dnsLookup: caseLookup, oembedProviders: [], requestProfiles: false});
const kindOf = new Map(defaultWallSignatures.map((signature) => [signature.id, signature.kind]));

beforeAll(async () => {
  site = await startServer();
  site.server.removeAllListeners('request');
  site.server.on('request', (request, response: ServerResponse) => {
    const entry = current;
    if (!entry) return void response.writeHead(500).end();
    const asked = `${request.headers.host}${request.url}`;
    const chain = [...(entry.redirects ?? []), entry.url].map((href) => onServer(href, site.port));
    const at = chain.findIndex((url) => `${url.host}${url.pathname}${url.search}` === asked);
    if (at < 0) return void response.writeHead(404, {'content-type': 'text/plain'}).end('not part of the case');
    const next = chain[at + 1];
    if (next) return void response.writeHead(302, {location: next.href}).end();
    response.writeHead(entry.statusCode, entry.headers).end(readFileSync(new URL(entry.file, wallsDirectory)));
  });
});
afterAll(async () => {
  await site?.close();
});

/** The fixture's own `<title>`, whitespace collapsed. */
const titleOf = (file: string) => /<title[^>]*>([^<]*)<\/title>/i.exec(fixtureHtml(file))?.[1]?.replace(/\s+/g, ' ').trim();

it.each(wallCases.map((entry) => [entry.file, entry] as const))('%s', async (_file, entry) => {
  current = entry;
  const start = onServer(entry.redirects?.[0] ?? entry.url, site.port);
  const outcome = await extract(start, {ping: false, prerender: false}).then(
    (result) => ({result}),
    (error: unknown) => ({error: error as LinkpeekError}),
  );
  if (entry.wall !== null) {
    const kind = kindOf.get(entry.wall);
    expect('error' in outcome && outcome.error instanceof LinkpeekError).toBe(true);
    const error = (outcome as {error: LinkpeekError}).error;
    expect({code: error.code, kind: error.data?.kind}).toEqual({code: kind === 'rate-limit' ? 'ERATELIMIT' : 'EWALL', kind});
    expect(error.data?.url).toBe(start.href);
    return;
  }
  if ('error' in outcome) {
    // A look-alike served with an error status is that HTTP error, not a wall.
    expect({code: outcome.error.code, statusCode: outcome.error.statusCode}).toEqual({code: 'EHTTP', statusCode: entry.statusCode});
    return;
  }
  expect(outcome.result.recovery).toBeUndefined();
  const title = titleOf(entry.file);
  if (title) expect(outcome.result.data.title).toBeTruthy();
});
