// The browser rung within its share of the call's time, on a real Chromium (issue 35 item 4): a
// challenge whose page never finishes loading in the browser ends in EWALL, with the browser rung
// tried and failed, within the call's timeout; the browser's hung request is let go at the deadline,
// and the next call renders at once (no page left open holding the browser's queue).
import {createServer, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo, LookupFunction} from 'node:net';
import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import {createChromiumProvider, type ChromiumProvider} from '../../src/browser/chromium-provider.js';
import {LinkpeekError} from '../../src/errors.js';
import {createExtractor} from '../../src/extract.js';
import {describeWithChromium} from '../helpers/chromium.js';
import {isLoopback} from '../helpers/policy.js';

jest.setTimeout(90_000);

const challenge =
  '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><noscript>Enable JavaScript and cookies to continue.</noscript><p>Checking your browser before accessing the site.</p><script src="/chk.js"></script></body></html>';
const article =
  '<!DOCTYPE html><html><head><title>The lighthouse is lit again</title><meta name="description" content="After twelve years, the harbour light shines every night."></head><body><article><h1>The lighthouse is lit again</h1><p>After twelve years, the harbour light shines every night.</p></article></body></html>';

let site: Server;
let port = 0;
let provider: ChromiumProvider;
/** Requests to the page paths, and the ones the browser made that the server holds open. */
const hits: string[] = [];
const hung: ServerResponse[] = [];
let released = 0;

const lookup = ((hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
  queueMicrotask(() => {
    if (!hostname.toLowerCase().endsWith('.example')) done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND', hostname}));
    else if (all) done(null, [{address: '127.0.0.1', family: 4}]);
    else done(null, '127.0.0.1', 4);
  });
}) as LookupFunction;

describeWithChromium('the browser rung of a wall, on a real Chromium', () => {
  beforeAll(async () => {
    site = createServer((request, response) => {
      const path = request.url ?? '/';
      if (path === '/favicon.ico') return void response.writeHead(200, {'content-type': 'image/x-icon'}).end(Buffer.from([0, 0, 1, 0, 0, 0]));
      if (path === '/chk.js') return void response.writeHead(200, {'content-type': 'text/javascript'}).end('/* the challenge */');
      if (path.startsWith('/open')) return void response.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(article);
      hits.push(path);
      // The fetch (no browser) meets the challenge; the browser's request for the page never gets an answer.
      if (request.headers['user-agent']?.includes('HeadlessChrome') || hits.filter((hit) => hit === path).length > 1) {
        hung.push(response);
        response.on('close', () => released++);
        return;
      }
      response.writeHead(403, {'content-type': 'text/html; charset=utf-8'}).end(challenge);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    port = (site.address() as AddressInfo).port;
    provider = createChromiumProvider();
  });

  afterAll(async () => {
    await provider?.close();
    for (const response of hung) response.destroy();
    site?.closeAllConnections();
    await new Promise<void>((resolve) => site.close(() => resolve()));
  });

  it('ends in EWALL within the timeout, the browser rung tried, its hung request let go, and the browser free for the next call', async () => {
    const extract = createExtractor({allowAddress: isLoopback, dnsLookup: lookup, oembedProviders: [], screenshotProvider: provider});
    // The browser launched before the wall, so that its rung's share goes to the page, not to the
    // launch (seconds on a loaded machine).
    const warm = await extract(`http://gate.example:${port}/open-first`, {ping: false, prerender: true, timeout: 30_000});
    expect(warm.data.title).toBe('The lighthouse is lit again');
    const timeout = 8_000;
    const started = Date.now();
    const error = await extract(`http://gate.example:${port}/story`, {ping: false, timeout}).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(LinkpeekError);
    expect((error as LinkpeekError).code).toBe('EWALL');
    expect((error as LinkpeekError).data).toMatchObject({kind: 'challenge'});
    // The message names what was tried; the browser was (its remedy, "allow prerender", is not offered again).
    expect((error as LinkpeekError).message).not.toMatch(/allow `prerender`/);
    // The browser was asked for the page, and never answered.
    expect(hung.length).toBeGreaterThanOrEqual(1);
    // The call ends within its timeout (a margin for the error's answer and a loaded machine's timers).
    expect(elapsed).toBeLessThan(timeout + 2_000);
    // The browser's request for the page is let go when its rung's time is up, not held to the end of the process.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(released).toBe(hung.length);
    // The browser renders the next page: no page of the stopped rung holds it.
    const next = await extract(`http://gate.example:${port}/open`, {ping: false, prerender: true, timeout: 20_000});
    expect(next.data.title).toBe('The lighthouse is lit again');
  });
});
