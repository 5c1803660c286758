import type {IncomingMessage, ServerResponse} from 'node:http';
import {isIP, type LookupFunction} from 'node:net';
import {afterAll, beforeAll, beforeEach, expect, it, jest} from '@jest/globals';
import {createChromiumProvider, type ChromiumProvider} from '../../src/browser/chromium-provider.js';
import {createDeadline} from '../../src/deadline.js';
import {normalizeProxyConfig} from '../../src/fetch/proxy-options.js';
import type {ResolvedProxy} from '../../src/fetch/proxy.js';
import type {RequestProfile} from '../../src/fetch/request-profiles.js';
import {normalizeConfig, type ResolvedConfig} from '../../src/options.js';
import {renderPage} from '../../src/render/render-page.js';
import {describeWithChromium} from '../helpers/chromium.js';
import {failure} from '../helpers/failure.js';
import {proxiedFrom, startForwardProxy, type ForwardProxy} from '../helpers/forward-proxy.js';
import {isLoopback} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';

jest.setTimeout(60_000);

// The browser's requests are fulfilled in Node through the guarded transport (request
// interception), so the proxy and the profile apply there; Chromium's own proxy stays the black hole.
const names: Record<string, string> = {
  'walled.test': '127.0.0.1',
  'cdn.test': '127.0.0.1',
  'www.youtube.com': '127.0.0.1',
  'private.test': '10.0.0.1',
};
const lookup = ((hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const address = names[hostname.toLowerCase()];
  queueMicrotask(() => {
    if (!address) done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND'}));
    else done(null, [{address, family: isIP(address)}]);
  });
}) as LookupFunction;

let site: TestServer;
let proxy: ForwardProxy;
let via: ResolvedProxy;
let provider: ChromiumProvider;
let config: ResolvedConfig;
/** Each request the site got: `host path from cookie | user-agent | accept-language`. */
const seen: string[] = [];
const wait = {waitUntil: 'load' as const, waitForSelector: null, waitForTimeout: 0};
const at = (host: string, path: string) => new URL(`http://${host}:${site.port}${path}`);
const render = (url: URL, extra: {proxy?: ResolvedProxy | null; profile?: RequestProfile; waitForSelector?: string}) =>
  renderPage(url, {headers: {}, deadline: createDeadline(20_000), wait: {...wait, waitForSelector: extra.waitForSelector ?? null}, screenshot: null, ...extra}, config);

function record(request: IncomingMessage) {
  const host = request.headers.host?.replace(/:\d+$/, '');
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  seen.push(`${host} ${path} ${request.socket.remoteAddress} ${request.headers.cookie ?? '-'} | ${request.headers['user-agent']} | ${request.headers['accept-language'] ?? '-'}`);
}

beforeAll(async () => {
  site = await startServer();
  const send = (response: ServerResponse, status: number, type: string, body: string | Buffer) => response.writeHead(status, {'content-type': type}).end(body);
  const onlyViaProxy = (type: string, body: string) => (request: IncomingMessage, response: ServerResponse) => {
    record(request);
    if (request.socket.remoteAddress === proxiedFrom) send(response, 200, type, body);
    else send(response, 403, 'text/html', '<title>Access Denied</title>');
  };
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  site.route(
    '/page',
    onlyViaProxy(
      'text/html',
      `<title>static</title><img src="http://cdn.test:${site.port}/pixel.png">
      <script>
        fetch('/data.json').then((r) => r.json()).then((data) => {
          document.title = data.title;
          document.body.insertAdjacentHTML('beforeend', '<p id="done">done</p>');
        });
      </script>`,
    ),
  );
  site.route('/data.json', onlyViaProxy('application/json', JSON.stringify({title: 'Rendered behind the wall'})));
  site.route('/pixel.png', (request, response) => {
    record(request);
    send(response, 200, 'image/png', png);
  });
  site.route('/to-private', (request, response) => {
    record(request);
    send(
      response,
      200,
      'text/html',
      `<title>probe</title><img src="http://private.test:${site.port}/pixel.png"><img src="http://10.0.0.1/pixel.png">`,
    );
  });
  // YouTube from the EU, in the browser: the consent redirect without SOCS.
  site.route('/watch', (request, response) => {
    record(request);
    if (!/(?:^|;\s*)SOCS=CAI(?:;|$)/.test(request.headers.cookie ?? '')) {
      response.writeHead(302, {location: `http://consent.youtube.test:${site.port}/m`}).end();
      return;
    }
    send(
      response,
      200,
      'text/html',
      `<title>video</title><img src="http://cdn.test:${site.port}/pixel.png">
      <script>document.title = navigator.userAgent + ' | ' + document.cookie</script>`,
    );
  });
  proxy = await startForwardProxy({names: {'walled.test': '127.0.0.1', 'cdn.test': '127.0.0.1'}});
  via = normalizeProxyConfig({proxy: proxy.url}).proxy!;
  provider = createChromiumProvider();
  config = normalizeConfig({allowAddress: isLoopback, dnsLookup: lookup, screenshotProvider: provider});
});

afterAll(async () => {
  await provider?.close();
  await proxy?.close();
  await site?.close();
});

beforeEach(() => {
  seen.length = 0;
  proxy.requests.length = 0;
});

describeWithChromium('a proxy for the rendered page', () => {
  it('sends the page and every request it makes through the proxy', async () => {
    const page = await render(at('walled.test', '/page'), {proxy: via, waitForSelector: '#done'});
    expect(page.html).toContain('<title>Rendered behind the wall</title>');
    expect(seen.map((line) => line.split(' ').slice(0, 3).join(' ')).sort()).toEqual(
      [`cdn.test /pixel.png ${proxiedFrom}`, `walled.test /data.json ${proxiedFrom}`, `walled.test /page ${proxiedFrom}`].sort(),
    );
    expect(new Set(proxy.requests.map((request) => request.hostname))).toEqual(new Set(['walled.test', 'cdn.test']));
  });

  it('without it, the render meets the wall', async () => {
    const error = await failure(render(at('walled.test', '/page'), {}));
    expect(error).toMatchObject({code: 'EHTTP', statusCode: 403});
    expect(proxy.requests).toEqual([]);
  });

  it("checks each of the page's targets before the proxy is asked: refused names and literals never reach it", async () => {
    const page = await render(at('walled.test', '/to-private'), {proxy: via});
    expect(page.html).toContain('<title>probe</title>');
    // The page came through the proxy (over a tunnel kept alive from an earlier test, or a new one).
    expect(seen.map((line) => line.split(' ').slice(1, 3).join(' '))).toEqual([`/to-private ${proxiedFrom}`]);
    expect(proxy.requests.filter((request) => request.hostname !== 'walled.test')).toEqual([]);
  });
});

describeWithChromium('a request profile for the rendered page', () => {
  const profile: RequestProfile = {
    id: 'consent',
    hosts: ['youtube.com'],
    userAgent: 'profile-agent/1 (bot)',
    acceptLanguage: 'de-DE',
    cookies: {SOCS: 'CAI'},
    use: 'first',
    why: 'test',
  };

  it("gives the page the profile's user agent, Accept-Language and cookies; other hosts get no cookie", async () => {
    const page = await render(at('www.youtube.com', '/watch'), {profile});
    expect(page.html).toContain('<title>profile-agent/1 (bot) | SOCS=CAI</title>');
    const youtube = seen.filter((line) => line.startsWith('www.youtube.com /watch '));
    expect(youtube).toEqual([`www.youtube.com /watch 127.0.0.1 SOCS=CAI | profile-agent/1 (bot) | de-DE`]);
    const cdn = seen.filter((line) => line.startsWith('cdn.test /pixel.png '));
    expect(cdn).toEqual([`cdn.test /pixel.png 127.0.0.1 - | profile-agent/1 (bot) | de-DE`]);
  });

  it('without it, the page is redirected to the consent interstitial', async () => {
    const error = await failure(render(at('www.youtube.com', '/watch'), {}));
    // consent.youtube.test does not resolve here: the redirect itself is what this shows.
    expect(error.code).toMatch(/^(EFETCH|ERENDER)$/);
    expect(seen[0]).toMatch(/^www\.youtube\.com \/watch 127\.0\.0\.1 - \| /);
  });
});
