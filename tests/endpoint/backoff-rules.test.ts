// Backoff and proxy rules of issue 35 item 5, on a local web: a 429 is remembered for the host that
// answered it (a URL shortener's other links still work), a request answered from a remembered
// entry names the URL it asked for, and a caller's proxy=false leaves the operator's always-on
// proxy in place.
import {createServer, type Server} from 'node:http';
import type {AddressInfo, LookupFunction} from 'node:net';
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import {createHandler} from '../../src/endpoint/handler.js';
import {createExtractor} from '../../src/extract.js';
import {startForwardProxy, type ForwardProxy} from '../helpers/forward-proxy.js';
import {isLoopback} from '../helpers/policy.js';

jest.setTimeout(60_000);

const names: Record<string, string> = {'sho.rt': '127.0.0.1', 'busy.example': '127.0.0.1', 'calm.example': '127.0.0.1'};
const lookup = ((hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
  const address = names[hostname.toLowerCase()];
  queueMicrotask(() => {
    if (address === undefined) done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND', hostname}));
    else if (all) done(null, [{address, family: 4}]);
    else done(null, address, 4);
  });
}) as LookupFunction;

let site: Server;
let endpoint: Server;
let proxy: ForwardProxy;
let port = 0;
let base = '';
const hits: string[] = [];
const at = (host: string, path: string) => `http://${host}:${port}${path}`;
const page = (title: string) => `<!DOCTYPE html><html><head><title>${title}</title><meta name="description" content="A page about ${title}, for the test."></head><body><h1>${title}</h1></body></html>`;

beforeAll(async () => {
  site = createServer((request, response) => {
    const host = (request.headers.host ?? '').split(':')[0] ?? '';
    const path = request.url ?? '/';
    hits.push(`${host}${path}`);
    if (host === 'sho.rt') {
      const to = path === '/busy' ? at('busy.example', '/landing') : at('calm.example', path);
      return void response.writeHead(301, {location: to}).end();
    }
    if (host === 'busy.example') return void response.writeHead(429, {'retry-after': '120', 'content-type': 'text/html'}).end('<html><title>429 Too Many Requests</title></html>');
    response.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(page(`calm ${path}`));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  port = (site.address() as AddressInfo).port;
  const handler = createHandler({allowAddress: isLoopback, dnsLookup: lookup, oembedProviders: []});
  endpoint = createServer((request, response) => void handler(request, response));
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/?prerender=false&ping=false&url=`;
  proxy = await startForwardProxy({names});
});
afterAll(async () => {
  await proxy.close();
  for (const server of [endpoint, site]) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function ask(url: string) {
  const response = await fetch(base + encodeURIComponent(url));
  return {status: response.status, body: (await response.json()) as {status: string; code?: string; url?: string; data?: Record<string, string>}};
}
const count = (prefix: string) => hits.filter((hit) => hit.startsWith(prefix)).length;

describe('a 429 is the host that answered it', () => {
  it("a shortener's link to a rate-limited host is ERATELIMIT; its other links still resolve", async () => {
    const limited = await ask(at('sho.rt', '/busy'));
    expect(limited.body).toMatchObject({code: 'ERATELIMIT', data: {url: at('sho.rt', '/busy'), origin: `http://busy.example:${port}`}});
    const other = await ask(at('sho.rt', '/calm-1'));
    expect(other.body.status).toBe('success');
    expect(count('sho.rt/calm-1')).toBe(1);
  });

  it('the host that answered 429 is backed off: another of its pages is answered without a fetch, naming the URL asked for', async () => {
    const before = count('busy.example');
    const again = await ask(at('busy.example', '/other-page'));
    expect(count('busy.example')).toBe(before);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({code: 'ERATELIMIT', url: at('busy.example', '/other-page')});
    expect(again.body.data).toMatchObject({url: at('busy.example', '/other-page'), remembered: at('sho.rt', '/busy')});
  });
});

describe("a caller's proxy=false", () => {
  it("leaves the operator's always-on proxy in place; it turns a 'last' one off", async () => {
    const always = createExtractor({allowAddress: isLoopback, dnsLookup: lookup, proxy: proxy.url});
    const before = proxy.requests.length;
    const result = await always(at('calm.example', '/via-proxy'), {proxy: false, ping: false, prerender: false});
    expect(result.data.title).toBe('calm /via-proxy');
    expect(proxy.requests.length).toBe(before + 1);
    const last = createExtractor({allowAddress: isLoopback, dnsLookup: lookup, proxy: {url: proxy.url, use: 'last'}});
    await last(at('calm.example', '/direct'), {proxy: false, ping: false, prerender: false});
    expect(proxy.requests.length).toBe(before + 1);
  });
});
