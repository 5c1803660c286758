// The simulated multi-site web of the politeness tests and the batch benches: many host names, each
// mapped by a custom DNS lookup (`names`, `lookup`) to one of a few loopback addresses (127.0.0.1,
// .2, ...) where one HTTP server listens on the same port, told apart by the Host header. It counts
// what a polite client must keep within its limits, per registrable domain (as the host gate
// counts): EVERY request (pages, pings' images and icons, /favicon.ico, oEmbed, robots.txt) in
// flight at once (arrival to the end of the answer) and its arrival times; and the page requests
// apart. A site can answer slowly, and can limit below the client's rate (429 with a Retry-After).
// No jest import: the benches and worker processes use it too.
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {LookupFunction} from 'node:net';
import {getDomain} from 'tldts';
import {storedPng} from './media-files.js';

/** How one host answers. */
export interface SiteBehaviour {
  /** Milliseconds before each answer: a number, or `[min, max]` drawn evenly. @default 0 */
  latencyMs?: number | [number, number];
  /**
   * What a page links, which an extraction then asks too: `plain` nothing; `media` an `og:image`
   * and an icon (ping checks them); `rich` those and an oEmbed endpoint. @default 'rich'
   */
  links?: 'plain' | 'media' | 'rich';
  /** robots.txt: its text (200), or a status to answer with. @default 404 */
  robots?: string | number;
  /**
   * Answers 429 (`Retry-After: retryAfter` s, default 1) to a request that comes when `count`
   * requests already came within the last second: of every kind (`of: 'requests'`, the default) or
   * pages only (`'pages'`); counting the 429s too, or only the answered ones (`served`).
   */
  limit?: {count: number; of?: 'requests' | 'pages'; served?: boolean; retryAfter?: number};
  /** The next this-many page requests answer 429 (`Retry-After: retryAfter`, default 2). */
  answer429?: number;
  retryAfter?: number;
}

export interface SiteStats {
  /** Every request, by kind: page, image, icon, favicon, oembed, robots. */
  kinds: Record<string, number>;
  /** Requests other than robots.txt. */
  requests: number;
  /** robots.txt requests. */
  robots: number;
  /** Most requests in flight at once, every kind together. */
  maxInFlight: number;
  /** Arrival times (performance.now()) of every request. */
  arrivals: number[];
  /** Page requests only: most in flight at once, and their arrival times. */
  pages: {maxInFlight: number; arrivals: number[]};
  /** 429s answered. */
  tooMany: number;
}

export interface MultiSiteWeb {
  port: number;
  /** `http://<host>:<port><path>` */
  url(host: string, path: string): string;
  /** Host name → loopback address: what a worker process's DNS lookup maps ({@link namesLookup}). */
  names: Record<string, string>;
  /** The hosts' names to their addresses; ENOTFOUND for any other name. */
  lookup: LookupFunction;
  /** What the domain's hosts received (registrable domain of the host, as the gate counts). */
  stats(domain: string): SiteStats;
  /** Every domain that received a request. */
  domains(): string[];
  /** The most arrivals of every kind at the domain within any window of `windowMs`. */
  maxInWindow(domain: string, windowMs: number): number;
  /** Changes how a host answers from now on. */
  behave(host: string, behaviour: SiteBehaviour): void;
  /** Forgets every count (a bench's warm-up). */
  reset(): void;
  close(): Promise<void>;
}

/** A `dns.lookup` answering `names` and ENOTFOUND for anything else: nothing leaves loopback. */
export function namesLookup(names: Record<string, string>): LookupFunction {
  return ((hostname: string, options: unknown, callback?: unknown) => {
    const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
    const address = names[hostname.toLowerCase()];
    queueMicrotask(() => {
      if (!address) return done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND', hostname}));
      if (all) done(null, [{address, family: 4}]);
      else done(null, address, 4);
    });
  }) as LookupFunction;
}

/** The most of `times` (sorted or not) that fall within any window of `windowMs`. */
export function maxInWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let from = 0;
  for (let to = 0; to < sorted.length; to++) {
    while (sorted[to]! - sorted[from]! >= windowMs) from++;
    best = Math.max(best, to - from + 1);
  }
  return best;
}

const page = (host: string, path: string, n: string, links: SiteBehaviour['links'], port: number) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${host}${path}</title>` +
  `<meta property="og:title" content="${host}${path}"><meta property="og:description" content="A page of the simulated web.">` +
  (links === 'plain' ? '' : `<meta property="og:image" content="/img/${n}.png"><link rel="icon" href="/icon.png">`) +
  (links === 'rich' ? `<link rel="alternate" type="application/json+oembed" href="http://${host}:${port}/oembed?n=${n}">` : '') +
  `</head><body><article><h1>${host}${path}</h1><p>Some text.</p></article></body></html>`;

const kindOf = (path: string): string =>
  path === '/robots.txt' ? 'robots' : path === '/favicon.ico' ? 'favicon' : path === '/icon.png' ? 'icon' : path.startsWith('/img/') ? 'image' : path.startsWith('/oembed') ? 'oembed' : 'page';

interface Counts extends SiteStats {
  inFlight: number;
  pageInFlight: number;
  /** Arrivals of the requests that were answered (not 429): a `served` limit's count. */
  served: {all: number[]; pages: number[]};
}

/**
 * Starts the web: `sites` maps each host name to its behaviour; `addresses` loopback addresses
 * (127.0.0.1 ... 127.0.0.<addresses>) share the hosts round-robin.
 */
export async function startMultiSiteWeb(sites: Record<string, SiteBehaviour>, addresses = 4): Promise<MultiSiteWeb> {
  const behaviours = new Map(Object.entries(sites).map(([host, behaviour]) => [host.toLowerCase(), {...behaviour}]));
  const names = Object.fromEntries([...behaviours.keys()].map((host, i) => [host, `127.0.0.${(i % addresses) + 1}`]));
  const stats = new Map<string, Counts>();
  const statsOf = (domain: string) =>
    stats.get(domain) ??
    stats
      .set(domain, {kinds: {}, requests: 0, robots: 0, maxInFlight: 0, arrivals: [], pages: {maxInFlight: 0, arrivals: []}, tooMany: 0, inFlight: 0, pageInFlight: 0, served: {all: [], pages: []}})
      .get(domain)!;
  const png = storedPng(16, 16);
  let port = 0;

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const site = behaviours.get(host);
    if (!site) {
      response.writeHead(404, {'content-type': 'text/plain'}).end('no such site');
      return;
    }
    const domain = statsOf(getDomain(host) ?? host);
    const path = request.url ?? '/';
    const kind = kindOf(path);
    const isPage = kind === 'page';
    const now = performance.now();
    // The site's own limit, decided on arrival.
    let limited = (site.answer429 ?? 0) > 0 && isPage;
    if (limited) site.answer429!--;
    const limit = site.limit;
    if (!limited && limit && (limit.of !== 'pages' || isPage)) {
      const counted = limit.served ? (limit.of === 'pages' ? domain.served.pages : domain.served.all) : limit.of === 'pages' ? domain.pages.arrivals : domain.arrivals;
      let recent = 0;
      for (let i = counted.length - 1; i >= 0 && now - counted[i]! < 1000; i--) recent++;
      limited = recent >= limit.count;
    }
    domain.kinds[kind] = (domain.kinds[kind] ?? 0) + 1;
    if (kind === 'robots') domain.robots++;
    else domain.requests++;
    domain.arrivals.push(now);
    domain.inFlight++;
    domain.maxInFlight = Math.max(domain.maxInFlight, domain.inFlight);
    if (isPage) {
      domain.pages.arrivals.push(now);
      domain.pageInFlight++;
      domain.pages.maxInFlight = Math.max(domain.pages.maxInFlight, domain.pageInFlight);
    }
    if (!limited) {
      domain.served.all.push(now);
      if (isPage) domain.served.pages.push(now);
    }
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      domain.inFlight--;
      if (isPage) domain.pageInFlight--;
    };
    response.on('finish', end);
    response.on('close', end);
    const latency = site.latencyMs ?? 0;
    const delay = Array.isArray(latency) ? latency[0] + Math.random() * (latency[1] - latency[0]) : latency;
    const timer = setTimeout(() => {
      if (limited) {
        domain.tooMany++;
        const retryAfter = limit?.retryAfter ?? site.retryAfter ?? (limit ? 1 : 2);
        response.writeHead(429, {'content-type': 'text/plain', 'retry-after': String(retryAfter)}).end('Too Many Requests');
        return;
      }
      const n = /(\d+)/.exec(path)?.[1] ?? '0';
      const body = request.method !== 'HEAD';
      if (kind === 'robots') {
        const robots = site.robots ?? 404;
        if (typeof robots === 'number') response.writeHead(robots, {'content-type': 'text/plain'}).end('');
        else response.writeHead(200, {'content-type': 'text/plain'}).end(robots);
      } else if (kind === 'image' || kind === 'icon' || kind === 'favicon') {
        response.writeHead(200, {'content-type': 'image/png', 'content-length': png.length}).end(body ? png : undefined);
      } else if (kind === 'oembed') {
        const embed = {version: '1.0', type: 'rich', title: `${host} embed ${n}`, html: `<iframe src="http://${host}:${port}/embed/${n}"></iframe>`, width: 480, height: 270};
        response.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(embed));
      } else {
        response.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(body ? page(host, path, n, site.links ?? 'rich', port) : undefined);
      }
    }, delay);
    response.on('close', () => clearTimeout(timer));
  };

  const servers: Server[] = [];
  for (let i = 1; i <= Math.max(1, Math.min(addresses, behaviours.size)); i++) {
    const server = createServer(handle);
    server.keepAliveTimeout = 5000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, `127.0.0.${i}`, () => resolve());
    });
    if (port === 0) port = (server.address() as {port: number}).port;
    servers.push(server);
  }

  return {
    port,
    url: (host, path) => `http://${host}:${port}${path}`,
    names,
    lookup: namesLookup(names),
    stats: (domain) => {
      const {inFlight: _inFlight, pageInFlight: _pageInFlight, served: _served, ...rest} = statsOf(domain);
      return rest;
    },
    domains: () => [...stats.keys()],
    maxInWindow: (domain, windowMs) => maxInWindow(statsOf(domain).arrivals, windowMs),
    behave: (host, behaviour) => {
      behaviours.set(host.toLowerCase(), {...behaviour});
    },
    reset: () => stats.clear(),
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}
