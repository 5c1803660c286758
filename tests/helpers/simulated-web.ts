// A small simulated web for the walls tests: one real HTTP server on 127.0.0.1 that answers as
// several well-known sites do when a previewer asks (a consent redirect, a login wall, a bot
// challenge, a rate limit), told apart by the Host header. The extractor reaches them by name
// through `lookup`, which maps every name here to 127.0.0.1 and nothing else anywhere. The
// markup is our own, in the shape those sites serve; nothing is copied from them.
import type {IncomingMessage, ServerResponse} from 'node:http';
import type {LookupFunction} from 'node:net';
import {proxiedFrom} from './forward-proxy.js';
import {storedPng} from './media-files.js';
import {startServer, type TestServer} from './server.js';

export const webHosts = [
  'www.youtube.com',
  'consent.youtube.com',
  'i.ytimg.com',
  'x.com',
  'news.example.com',
  'shop.example.org',
  'www.instagram.com',
  'api.ratelimited.net',
  'blog.example.net',
] as const;
export type WebHost = (typeof webHosts)[number];

/** Every simulated host, mapped to the server's address. */
export const webNames: Record<string, string> = Object.fromEntries(webHosts.map((host) => [host, '127.0.0.1']));

/** dns.lookup for the extractor: the simulated names only, ENOTFOUND for any other. */
export const webLookup = ((hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
  const address = webNames[hostname.toLowerCase()];
  queueMicrotask(() => {
    if (!address) return done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND', hostname}));
    if (all) done(null, [{address, family: 4}]);
    else done(null, address, 4);
  });
}) as LookupFunction;

export interface SimulatedWeb {
  server: TestServer;
  port: number;
  /** `http://<host>:<port><path>` */
  url(host: WebHost, path: string): string;
  /** Requests a host received, as `METHOD path?query`. */
  hitsOf(host: WebHost): string[];
  close(): Promise<void>;
}

const page = (head: string, body = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
const html = (response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) =>
  response.writeHead(status, {'content-type': 'text/html; charset=utf-8', ...headers}).end(body);

/** Starts the simulated web on a random port of 127.0.0.1. */
export async function startSimulatedWeb(): Promise<SimulatedWeb> {
  const hits = new Map<string, string[]>();
  const server = await startServer();
  server.server.removeAllListeners('request');
  const port = () => server.port;
  const at = (host: WebHost, path: string) => `http://${host}:${port()}${path}`;
  server.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    (hits.get(host) ?? hits.set(host, []).get(host)!).push(`${request.method} ${request.url}`);
    server.hits.push(`${request.method} ${host}${request.url}`);
    const url = new URL(request.url ?? '/', `http://${host}`);
    const cookie = request.headers.cookie ?? '';
    const agent = request.headers['user-agent'] ?? '';
    if (url.pathname === '/favicon.ico') {
      response.writeHead(200, {'content-type': 'image/png'}).end(storedPng(16, 16));
      return;
    }
    switch (host) {
      case 'www.youtube.com':
        if (url.pathname === '/oembed') {
          // The provider answers without a wall, as YouTube's oEmbed does.
          response.writeHead(200, {'content-type': 'application/json'}).end(
            JSON.stringify({
              type: 'video',
              version: '1.0',
              title: 'Cat plays the piano',
              author_name: 'Cat Channel',
              provider_name: 'YouTube',
              thumbnail_url: at('i.ytimg.com', '/vi/cat/hqdefault.png'),
              html: `<iframe width="200" height="113" src="${at('www.youtube.com', '/embed/cat')}"></iframe>`,
              width: 200,
              height: 113,
            }),
          );
          return;
        }
        if (/(?:^|;\s*)SOCS=/.test(cookie)) {
          html(
            response,
            200,
            page(
              `<title>Cat plays the piano - YouTube</title><meta property="og:title" content="Cat plays the piano"><meta property="og:description" content="A cat, a piano, a tune."><meta property="og:image" content="${at('i.ytimg.com', '/vi/cat/hqdefault.png')}"><meta property="og:site_name" content="YouTube">`,
              '<ytd-app></ytd-app>',
            ),
          );
          return;
        }
        // No consent cookie: the EU consent redirect.
        response.writeHead(302, {location: at('consent.youtube.com', `/m?continue=${encodeURIComponent(at('www.youtube.com', url.pathname + url.search))}&gl=DE`)}).end();
        return;
      case 'consent.youtube.com':
        html(
          response,
          200,
          page(
            '<title>Before you continue to YouTube</title>',
            `<h1>Before you continue to YouTube</h1><p>We use cookies and data to deliver and maintain services.</p><form action="${at('consent.youtube.com', '/save')}" method="POST"><button>Accept all</button></form>`,
          ),
          {server: 'ESF'},
        );
        return;
      case 'i.ytimg.com':
        response.writeHead(200, {'content-type': 'image/png'}).end(storedPng(16, 16));
        return;
      case 'x.com':
        if (/\bbot\b/i.test(agent)) {
          html(response, 200, page('<title>Cat on X: "I played the piano"</title><meta property="og:title" content="Cat on X"><meta property="og:description" content="I played the piano"><meta property="og:site_name" content="X (formerly Twitter)">'));
          return;
        }
        html(response, 200, page('<meta property="og:site_name" content="Twitter">', '<noscript><p>JavaScript is not available.</p></noscript>'));
        return;
      case 'news.example.com':
        if (url.searchParams.get('__cf_chl_tk') === 'passed') {
          html(
            response,
            200,
            page(
              `<title>Council approves the new bridge | Example News</title><meta property="og:title" content="Council approves the new bridge"><meta property="og:description" content="The vote was 7 to 2."><link rel="canonical" href="${at('news.example.com', url.pathname)}">`,
              '<article><h1>Council approves the new bridge</h1></article>',
            ),
          );
          return;
        }
        // A managed challenge: its script lets a browser through (here: at once), a plain fetch never.
        html(
          response,
          403,
          page(
            '<title>Just a moment...</title>',
            `<div id="challenge-running">Checking your browser</div><script>window._cf_chl_opt = {cType: 'managed'}; setTimeout(function () { location.replace(location.pathname + '?__cf_chl_tk=passed'); }, 30);</script>`,
          ),
          {'cf-mitigated': 'challenge', server: 'cloudflare', 'cf-ray': '8a1b2c3d4e5f-FRA'},
        );
        return;
      case 'shop.example.org':
        // The shop lets through only what comes from the proxy's address.
        if (request.socket.remoteAddress === proxiedFrom) {
          html(response, 200, page('<title>Blue kettle | Example Shop</title><meta property="og:title" content="Blue kettle"><meta property="og:description" content="1.7 litres, blue."><meta property="og:site_name" content="Example Shop">'));
          return;
        }
        html(response, 403, page('<title>Access Denied</title>', `<h1>Access Denied</h1>You don't have permission to access "${url.pathname}" on this server.<p>Reference #18.2f1b2e17.1732540800.5c3e1a</p><p>https://errors.edgesuite.net/18.2f1b2e17.1732540800.5c3e1a</p>`), {
          server: 'AkamaiGHost',
        });
        return;
      case 'www.instagram.com':
        if (url.pathname.startsWith('/accounts/login')) {
          html(response, 200, page('<title>Login • Instagram</title><meta property="og:title" content="Instagram"><meta property="og:site_name" content="Instagram">', '<div id="react-root"></div>'));
          return;
        }
        response.writeHead(302, {location: at('www.instagram.com', `/accounts/login/?next=${encodeURIComponent(url.pathname)}`)}).end();
        return;
      case 'api.ratelimited.net':
        response.writeHead(429, {'retry-after': '120', 'content-type': 'text/plain'}).end('Too Many Requests');
        return;
      case 'blog.example.net':
        // Not a wall: a page served through Cloudflare, with a small consent banner and its real tags.
        html(
          response,
          200,
          page(
            '<title>Just a moment: notes on waiting | Example Blog</title><meta property="og:title" content="Just a moment: notes on waiting"><meta property="og:description" content="On patience."><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script>',
            '<div id="onetrust-banner-sdk">We use cookies. <button>Accept</button></div><article><h1>Just a moment</h1><p>On patience.</p></article>',
          ),
          {server: 'cloudflare', 'cf-ray': '8a1b2c3d4e5f-AMS', 'set-cookie': '__cf_bm=abc; path=/'},
        );
        return;
      default:
        response.writeHead(404, {'content-type': 'text/plain'}).end('no such site');
    }
  });
  return {
    server,
    get port() {
      return port();
    },
    url: at,
    hitsOf: (host) => hits.get(host) ?? [],
    close: () => server.close(),
  };
}
