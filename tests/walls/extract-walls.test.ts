// Every wall fixture through extract() end to end, as a previewer meets it: a local server answers
// under the site's own host name with the wall's status, headers and redirect hops. With no rung
// that can help (no oEmbed provider, no request profile, no browser, no proxy), a wall never comes
// back as data: it ends in EWALL (or ERATELIMIT) naming its kind. Every look-alike comes back as
// the page it is (or as the HTTP error it is).
import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import {LinkpeekError} from '../../src/errors.js';
import {createExtractor} from '../../src/extract.js';
import {defaultWallSignatures} from '../../src/walls/signatures.js';
import {isLoopback} from '../helpers/policy.js';
import {caseLookup, fixtureHtml, startCaseServer, wallCases, type CaseServer} from './cases.js';

jest.setTimeout(60_000);

let cases: CaseServer;
const extract = createExtractor({allowAddress: isLoopback, dnsLookup: caseLookup, oembedProviders: [], requestProfiles: false});
const kindOf = new Map(defaultWallSignatures.map((signature) => [signature.id, signature.kind]));

beforeAll(async () => {
  cases = await startCaseServer();
});
afterAll(async () => {
  await cases?.site.close();
});

/** The fixture's own `<title>`, whitespace collapsed. */
const titleOf = (file: string) => /<title[^>]*>([^<]*)<\/title>/i.exec(fixtureHtml(file))?.[1]?.replace(/\s+/g, ' ').trim();

it.each(wallCases.map((entry) => [entry.file, entry] as const))('%s', async (_file, entry) => {
  const start = cases.serve(entry);
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
