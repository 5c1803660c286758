/**
 * Client-rendered fixture sites for the rendering tests (issue 10) and bench/prerender.ts: a real
 * React 19 + react-helmet-async app bundled with esbuild in memory, and hand-written variants, all
 * served on 127.0.0.1. Every server answers only the empty shell; the metadata is written by the
 * page's scripts. The fixture files live in tests/fixtures/spa/.
 */
import {readFileSync} from 'node:fs';
import {createServer, type IncomingHttpHeaders, type Server} from 'node:http';
import type {AddressInfo, LookupFunction} from 'node:net';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';
import type {ExtractorConfig} from '../../src/options.js';
import {isLoopback, testLookup} from './policy.js';
import {html, redirect, startServer, type Route, type TestServer} from './server.js';

const fixtures = new URL('../fixtures/spa/', import.meta.url);
const fixture = (name: string): string => readFileSync(new URL(name, fixtures), 'utf8');
const png = readFileSync(new URL('../fixtures/media/sample.png', import.meta.url));
/** Width and height of tests/fixtures/media/sample.png, the image every fixture points to. */
export const pngSize = {width: 37, height: 21};

let reactBundle: Promise<string> | undefined;

/**
 * Bundles tests/fixtures/spa/react-app.jsx (React 19, react-dom, react-helmet-async) for the
 * browser with esbuild, in memory (nothing is written to disk). Built once per process.
 */
export function buildReactApp(): Promise<string> {
  reactBundle ??= build({
    entryPoints: [fileURLToPath(new URL('react-app.jsx', fixtures))],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    jsx: 'automatic',
    minify: true,
    legalComments: 'none',
    define: {'process.env.NODE_ENV': '"production"'},
    logLevel: 'silent',
  }).then((result) => {
    const file = result.outputFiles[0];
    if (!file) throw new Error('esbuild produced no output for react-app.jsx');
    return file.text;
  });
  // A failed build is retried by the next caller rather than cached.
  reactBundle.catch(() => (reactBundle = undefined));
  return reactBundle;
}

/** What each fixture page's scripts write, i.e. what a rendered extraction must find. `{origin}` is the SPA site's origin. */
export const expectedFields = {
  react: {
    title: 'Northern Ridge Trail: a two-day guide',
    description: 'Route, water points and camp spots for the 34 km Northern Ridge loop, walked in September.',
    author: 'Maja Lindqvist',
    publisher: 'Aurora Trails',
    lang: 'en',
    url: '{origin}/react/trails/northern-ridge',
    image: '{origin}/react/cover.png',
  },
  fetch: {
    title: 'Spring timetable: every line, every stop',
    description: 'The spring timetable, loaded from a JSON API after the page started.',
    author: 'Transit Desk',
    publisher: 'City Transit',
    lang: 'fr',
    url: '{origin}/fetch/',
    image: '{origin}/fetch/images/hero.png',
  },
  timer: {
    title: 'Timer-rendered release notes',
    description: 'Written 150 ms after the script ran.',
    lang: 'de',
    url: '{origin}/timer/',
    image: '{origin}/timer/images/notes.png',
  },
  redirect: {
    title: 'The real page after the redirect',
    description: 'Reached through location.href, not an HTTP redirect.',
    url: '{origin}/redirect/real',
    image: '{origin}/redirect/real.png',
  },
  vue: {
    title: 'Pasta alla Norma | Kitchen Notes',
    description: 'Aubergine, tomato and ricotta salata: the Catania classic in 40 minutes.',
    publisher: 'Kitchen Notes',
    lang: 'it',
    url: '{origin}/vue/',
    image: '{cdn}/vue/norma.png',
  },
} as const;

export type SpaFixture = keyof typeof expectedFields;

/** The path of each client-rendered fixture's document. */
export const spaPaths: Record<SpaFixture, string> = {
  react: '/react/',
  fetch: '/fetch/',
  timer: '/timer/',
  redirect: '/redirect/',
  vue: '/vue/',
};

/** The shell's own `<title>` of each fixture: what a static read returns. */
export const shellTitles: Record<SpaFixture, string> = {
  react: 'React App',
  fetch: 'Loading…',
  timer: 'App',
  redirect: 'Redirecting',
  vue: 'vue-app',
};

/** A request one of the fixture servers received, with its headers. */
export interface SeenRequest {
  path: string;
  headers: IncomingHttpHeaders;
}

/** The refused server: on 127.0.0.2, reachable as `forbidden.test`, which {@link spaConfig} refuses. */
export interface ForbiddenServer {
  port: number;
  server: Server;
  /** Every request received, as `METHOD /path`. */
  hits: string[];
  /** TCP connections accepted (a refused page must cause none). */
  connections: number;
  close(): Promise<void>;
}

export interface SpaSite extends TestServer {
  /** Another origin on 127.0.0.1 (a CDN), reached as `cdn.test:<port>`: images and an avatar. */
  cdn: TestServer;
  /** The server a page must never reach. */
  forbidden: ForbiddenServer;
  /** Requests to the site and to the CDN, with their headers, in order. */
  seen: {site: SeenRequest[]; cdn: SeenRequest[]};
  /** WebSocket upgrade requests the site received (the browser must never send one), as paths. */
  upgrades: string[];
  /** How many times `path` (a document path such as `/react/`) was requested with GET. */
  gets(path: string): number;
  /** Fills `{origin}` and `{cdn}` in an {@link expectedFields} value. */
  expand(value: string): string;
}

/** Names the rendering tests resolve: the shared test names, plus a refused host and a subdomain. */
export const spaHosts: Record<string, string> = {
  'forbidden.test': '127.0.0.2',
  'app.site.test': '127.0.0.1',
};

/** dns.lookup replacement: {@link spaHosts}, then tests/helpers/policy.ts's `testLookup`. */
export const spaLookup = ((hostname: string, options: unknown, callback?: unknown) => {
  const address = spaHosts[hostname.toLowerCase()];
  if (!address) return (testLookup as (...args: unknown[]) => void)(hostname, options, callback);
  const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
  queueMicrotask(() => (all ? done(null, [{address, family: 4}]) : done(null, address, 4)));
}) as LookupFunction;

/** The one address the policy refuses: the forbidden server's. */
export const forbiddenAddress = '127.0.0.2';

/** Trusted config for the rendering tests: loopback allowed except 127.0.0.2, names from {@link spaLookup}. */
export const spaConfig: ExtractorConfig = {
  allowAddress: (address, family) => address !== forbiddenAddress && isLoopback(address, family),
  dnsLookup: spaLookup,
};

const pngRoute: Route = (_request, response) => void response.writeHead(200, {'content-type': 'image/png'}).end(png);
const script = (body: string): Route => (_request, response) =>
  void response.writeHead(200, {'content-type': 'text/javascript; charset=utf-8'}).end(body);
const json = (value: unknown, delay = 0): Route => (_request, response) =>
  new Promise<void>((resolve) => {
    setTimeout(() => {
      response.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(value));
      resolve();
    }, delay);
  });
/** Never answers; the connection stays open until the client or the server closes it. */
const hang: Route = () => {};

async function startForbidden(): Promise<ForbiddenServer> {
  const hits: string[] = [];
  const state = {connections: 0};
  const server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    response.writeHead(200, {'content-type': 'text/plain', 'access-control-allow-origin': '*'}).end('secret');
  });
  server.on('connection', () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, forbiddenAddress, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    server,
    hits,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Starts the SPA fixture site on 127.0.0.1 (plus its CDN on another port and the forbidden server
 * on 127.0.0.2), with the React app built first. Paths:
 * - `/react/`: the React + react-helmet-async app (`/react/app.js`, `/react/cover.png`; every
 *   `/react/...` route of the app serves the same shell);
 * - `/fetch/`: meta written after a `fetch()` of `/fetch/api/page.json` (answered after 100 ms);
 * - `/timer/`: meta written 150 ms after the script ran;
 * - `/redirect/`: `location.href = '/redirect/real'`, a page that writes its own meta;
 * - `/vue/`: a Vue-like `#app` mount with vue-meta-style tags, its image on the CDN;
 * - `/never/`: an image the server never answers (no `load`) and a `fetch()` poll every 100 ms;
 * - `/polling/`: loads, writes its meta, then polls every 100 ms forever;
 * - `/forbidden-fetch/`: `fetch()`es the forbidden server by name and by address;
 * - `/forbidden-location/`: sets `location` to the forbidden server (`/forbidden-location/late`:
 *   100 ms after the page loaded);
 * - `/complete/`: an empty `#root` shell with complete static metadata, whose script rewrites the title;
 * - `/article/`: an ordinary server-rendered article with complete metadata;
 * - `/headers/`: loads `/headers/api/me` from its origin and an avatar from the CDN;
 * - `/heavy/`: downloads four 40 000-byte files (`/heavy/blob?N`) one after the other;
 * - `/go/react`: an HTTP 302 to `/react/`.
 * - `/report.pdf`: a PDF; `/missing/`: an HTML 404.
 */
export async function startSpaSite(): Promise<SpaSite> {
  const [bundle, forbidden] = await Promise.all([buildReactApp(), startForbidden()]);
  const seen: SpaSite['seen'] = {site: [], cdn: []};
  const record = (list: SeenRequest[], route: Route): Route => (request, response) => {
    list.push({path: request.url ?? '', headers: request.headers});
    return route(request, response);
  };
  const cdn = await startServer({
    '/vue/norma.png': record(seen.cdn, pngRoute),
    '/avatar.png': record(seen.cdn, pngRoute),
  });
  const fill = (text: string) =>
    text.replaceAll('__FORBIDDEN_PORT__', String(forbidden.port)).replaceAll('__CDN_PORT__', String(cdn.port));
  const page = (name: string) => html(fill(fixture(name)));
  const js = (name: string) => script(fill(fixture(name)));
  const reactShell = page('react.html');
  const routes: Record<string, Route> = {
    '/react/': reactShell,
    '/react/trails/northern-ridge': reactShell,
    '/react/app.js': script(bundle),
    '/react/cover.png': pngRoute,
    '/fetch/': page('fetch.html'),
    '/fetch/app.js': js('fetch.js'),
    '/fetch/api/page.json': json(
      {
        title: expectedFields.fetch.title,
        description: expectedFields.fetch.description,
        author: expectedFields.fetch.author,
        site: expectedFields.fetch.publisher,
        lang: expectedFields.fetch.lang,
        image: '/fetch/images/hero.png',
      },
      100,
    ),
    '/fetch/images/hero.png': pngRoute,
    '/timer/': page('timer.html'),
    '/timer/app.js': js('timer.js'),
    '/timer/images/notes.png': pngRoute,
    '/redirect/': page('redirect.html'),
    '/redirect/app.js': js('redirect.js'),
    '/redirect/real': page('redirect-real.html'),
    '/redirect/real.js': js('redirect-real.js'),
    '/redirect/real.png': pngRoute,
    '/vue/': page('vue.html'),
    '/vue/app.js': js('vue.js'),
    '/never/': page('never.html'),
    '/never/app.js': js('never.js'),
    '/never/hang.png': hang,
    '/never/api/poll': json({ok: true}),
    '/polling/': page('polling.html'),
    '/polling/app.js': js('polling.js'),
    '/polling/api/status': json({score: [0, 0]}),
    '/forbidden-fetch/': page('forbidden-fetch.html'),
    '/forbidden-fetch/app.js': js('forbidden-fetch.js'),
    '/forbidden-location/': page('forbidden-location.html'),
    '/forbidden-location/app.js': js('forbidden-location.js'),
    '/forbidden-location/late': page('forbidden-location-late.html'),
    '/forbidden-location/late.js': js('forbidden-location-late.js'),
    '/complete/': page('complete.html'),
    '/complete/app.js': js('complete.js'),
    '/complete/share.png': pngRoute,
    '/article/': page('article.html'),
    '/article/analytics.js': js('article.js'),
    '/article/ferry.png': pngRoute,
    '/headers/': page('headers.html'),
    '/headers/app.js': js('headers.js'),
    '/headers/api/me': json({name: 'Ada'}),
    '/heavy/': page('heavy.html'),
    '/heavy/app.js': js('heavy.js'),
    '/heavy/blob': (_request, response) => void response.writeHead(200, {'content-type': 'application/octet-stream'}).end(Buffer.alloc(40_000, 7)),
    '/go/react': redirect('/react/'),
    '/report.pdf': (_request, response) => void response.writeHead(200, {'content-type': 'application/pdf'}).end('%PDF-1.4\n%%EOF\n'),
    '/missing/': (_request, response) => void response.writeHead(404, {'content-type': 'text/html'}).end('<title>Not found</title>'),
  };
  for (const [path, route] of Object.entries(routes)) routes[path] = record(seen.site, route);
  const site = await startServer(routes);
  const upgrades: string[] = [];
  site.server.on('upgrade', (request: {url?: string}, socket: {destroy(): void}) => {
    upgrades.push(request.url ?? '');
    socket.destroy();
  });
  return Object.assign(site, {
    cdn,
    forbidden,
    seen,
    upgrades,
    gets: (path: string) => site.hits.filter((hit) => hit === `GET ${path}`).length,
    expand: (value: string) => value.replaceAll('{origin}', site.origin).replaceAll('{cdn}', `http://cdn.test:${cdn.port}`),
    async close() {
      await Promise.all([
        new Promise<void>((resolve) => {
          site.server.closeAllConnections();
          site.server.close(() => resolve());
        }),
        cdn.close(),
        forbidden.close(),
      ]);
    },
  });
}
