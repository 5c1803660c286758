// A wall never ends as ETIMEOUT (issue 35 item 4): the ladder gives each rung a share of the call's
// time and keeps some for the wall's answer, so a rung that runs to its end is passed over, a
// 'last' proxy still gets its turn, and a wall nothing passes ends in EWALL (kind, publisher, logo),
// remembered by the endpoint like any wall. A local server stands for the site: its first answer is
// a challenge, its second (the retry profile's) never comes, its third (through the proxy) is the page.
import {createServer, type Server} from 'node:http';
import type {AddressInfo, LookupFunction} from 'node:net';
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import {createHandler} from '../../src/endpoint/handler.js';
import {LinkpeekError} from '../../src/errors.js';
import {createExtractor, type CreateExtractorConfig} from '../../src/extract.js';
import {answerReserve} from '../../src/walls/climb.js';
import {startForwardProxy, type ForwardProxy} from '../helpers/forward-proxy.js';
import {isLoopback} from '../helpers/policy.js';

jest.setTimeout(60_000);

const challenge =
  '<!DOCTYPE html><html><head><title>Un instant…</title></head><body><noscript>Activez JavaScript et les cookies pour continuer.</noscript><script src="/chk.js"></script></body></html>';
const article =
  '<!DOCTYPE html><html><head><title>Le phare rallumé</title><meta name="description" content="Après douze ans, le phare du port brille de nouveau."></head><body><article><h1>Le phare rallumé</h1><p>Après douze ans, le phare du port brille de nouveau chaque nuit.</p></article></body></html>';

let site: Server;
let port = 0;
let proxy: ForwardProxy;
/** Requests per path, in order: what each answer was. */
const hits = new Map<string, number>();
const hung: import('node:http').ServerResponse[] = [];

const names = {'phare.example': '127.0.0.1'};
const lookup = ((hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
  const address = (names as Record<string, string>)[hostname.toLowerCase()];
  queueMicrotask(() => {
    if (address === undefined) done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND', hostname}));
    else if (all) done(null, [{address, family: 4}]);
    else done(null, address, 4);
  });
}) as LookupFunction;

beforeAll(async () => {
  site = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/favicon.ico') return void response.writeHead(200, {'content-type': 'image/x-icon'}).end(Buffer.from([0, 0, 1, 0, 0, 0]));
    const seen = (hits.get(path) ?? 0) + 1;
    hits.set(path, seen);
    if (seen === 1) return void response.writeHead(403, {'content-type': 'text/html; charset=utf-8'}).end(challenge);
    // The retry: never answered (the rung runs to its end).
    if (seen === 2) return void hung.push(response);
    response.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(article);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  port = (site.address() as AddressInfo).port;
  proxy = await startForwardProxy({names});
});
afterAll(async () => {
  for (const response of hung) response.destroy();
  await proxy.close();
  site.closeAllConnections();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

const pageUrl = (path: string) => `http://phare.example:${port}${path}`;
function config(extra: CreateExtractorConfig = {}): CreateExtractorConfig {
  return {
    allowAddress: isLoopback,
    dnsLookup: lookup,
    oembedProviders: [],
    // The rung that hangs: a retry profile for the host.
    requestProfiles: {'phare-retry': {hosts: ['phare.example'], cookies: {retry: '1'}, use: 'retry', why: 'the test'}},
    ...extra,
  };
}

describe('the ladder within the call\'s time', () => {
  it('keeps a tenth of what is left for the answer, from 250 ms to 2 s', () => {
    expect(answerReserve(1_000)).toBe(250);
    expect(answerReserve(8_000)).toBe(800);
    expect(answerReserve(60_000)).toBe(2_000);
  });

  it('a retry that never answers is passed over, and the last proxy gets its turn', async () => {
    const extract = createExtractor(config({proxy: {url: proxy.url, use: 'last'}}));
    const result = await extract(pageUrl('/a'), {ping: false, prerender: false, timeout: 3_000});
    expect(result.data.title).toBe('Le phare rallumé');
    expect(result.recovery?.rung).toBe('proxy');
    expect(result.recovery?.rungs.map((rung) => [rung.rung, rung.outcome])).toEqual([
      ['oembed', 'nothing'],
      ['profile', 'failed'],
      ['proxy', 'passed'],
    ]);
    // The hanging rung had its share, not the whole call's time.
    const profile = result.recovery?.rungs.find((rung) => rung.rung === 'profile');
    expect(profile?.ms).toBeLessThan(2_000);
  });

  it('without a proxy, the wall ends in EWALL with kind, publisher and logo, never ETIMEOUT', async () => {
    const extract = createExtractor(config());
    // 4 s: the logo is checked within the answer's tenth of the time; at 2 s (200 ms) a run at a load
    // of 25 answered without it.
    const error = await extract(pageUrl('/b'), {prerender: false, timeout: 4_000}).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(LinkpeekError);
    expect((error as LinkpeekError).code).toBe('EWALL');
    expect((error as LinkpeekError).data).toMatchObject({kind: 'challenge', url: pageUrl('/b'), publisher: 'phare.example', logo: pageUrl('/favicon.ico')});
  });

  it('the endpoint remembers that wall like any other: the next request makes no fetch', async () => {
    const handler = createHandler({...config(), backoffTtl: 60_000});
    const endpoint = createServer((request, response) => void handler(request, response));
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/?prerender=false&ping=false&timeout=2000&url=`;
      const first = await fetch(base + encodeURIComponent(pageUrl('/c')));
      expect(first.status).toBe(424);
      expect(await first.json()).toMatchObject({code: 'EWALL', data: {kind: 'challenge'}});
      const before = hits.get('/c');
      const second = await fetch(base + encodeURIComponent(pageUrl('/c')));
      expect(await second.json()).toMatchObject({code: 'EWALL'});
      expect(hits.get('/c')).toBe(before);
    } finally {
      endpoint.closeAllConnections();
      await new Promise<void>((resolve) => endpoint.close(() => resolve()));
    }
  });
});
