// A latency-bound simulated web for the request-gate tests: many sites (host names a DNS lookup maps
// to 127.0.0.1–.4, one server per address, told apart by the Host header), each serving pages that
// link an image, an icon and an oEmbed endpoint of the same site, plus robots.txt and /favicon.ico.
// It counts EVERY request per registrable domain (pages, pings, icons, oEmbed, robots.txt): the most
// in flight at once (arrival to the end of the answer) and the arrivals, which a polite client must
// keep within its limits. A site can limit below the client's rate: past `limit` requests in the last
// second it answers 429 with a Retry-After. No jest import: worker processes map the same names.
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {LookupFunction} from 'node:net';
import {getDomain} from 'tldts';
import {storedPng} from './media-files.js';

export interface BusySite {
  /** Milliseconds before each answer, drawn evenly from [min, max]. */
  latencyMs: [number, number];
  /** Answers 429 (`Retry-After: retryAfter`) to a request that comes when `limit` already came within the last second. */
  limit?: number;
  retryAfter?: number;
}

export interface BusyStats {
  /** Every request, by kind: page, image, icon, favicon, oembed, robots. */
  kinds: Record<string, number>;
  /** Most requests of the domain in flight at once, all kinds together. */
  maxInFlight: number;
  /** Arrival times (performance.now()) of every request. */
  arrivals: number[];
  /** 429s answered. */
  tooMany: number;
}

export interface BusyWeb {
  port: number;
  url(host: string, path: string): string;
  /** Host name → loopback address: what a worker process's DNS lookup maps. */
  names: Record<string, string>;
  lookup: LookupFunction;
  stats(domain: string): BusyStats;
  domains(): string[];
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

const page = (host: string, path: string, n: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${host}${path}</title>` +
  `<meta property="og:title" content="${host}${path}"><meta property="og:description" content="A page of the busy web.">` +
  `<meta property="og:image" content="/img/${n}.png"><link rel="icon" href="/icon.png">` +
  `<link rel="alternate" type="application/json+oembed" href="/oembed?n=${n}">` +
  `</head><body><article><h1>${host}${path}</h1><p>Some text.</p></article></body></html>`;

const kindOf = (path: string): string =>
  path === '/robots.txt' ? 'robots' : path === '/favicon.ico' ? 'favicon' : path === '/icon.png' ? 'icon' : path.startsWith('/img/') ? 'image' : path.startsWith('/oembed') ? 'oembed' : 'page';

export async function startBusyWeb(sites: Record<string, BusySite>, addresses = 4): Promise<BusyWeb> {
  const hosts = Object.keys(sites).map((host) => host.toLowerCase());
  const names = Object.fromEntries(hosts.map((host, i) => [host, `127.0.0.${(i % addresses) + 1}`]));
  const stats = new Map<string, BusyStats & {inFlight: number}>();
  const statsOf = (domain: string) =>
    stats.get(domain) ?? stats.set(domain, {kinds: {}, maxInFlight: 0, inFlight: 0, arrivals: [], tooMany: 0}).get(domain)!;
  const png = storedPng(16, 16);
  let port = 0;

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const site = sites[host];
    if (!site) {
      response.writeHead(404, {'content-type': 'text/plain'}).end('no such site');
      return;
    }
    const domain = statsOf(getDomain(host) ?? host);
    const path = request.url ?? '/';
    const kind = kindOf(path);
    const now = performance.now();
    const recent = domain.arrivals.filter((time) => now - time < 1000).length;
    domain.kinds[kind] = (domain.kinds[kind] ?? 0) + 1;
    domain.arrivals.push(now);
    domain.inFlight++;
    domain.maxInFlight = Math.max(domain.maxInFlight, domain.inFlight);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      domain.inFlight--;
    };
    response.on('finish', end);
    response.on('close', end);
    const [min, max] = site.latencyMs;
    setTimeout(() => {
      if (site.limit !== undefined && recent >= site.limit) {
        domain.tooMany++;
        response.writeHead(429, {'content-type': 'text/plain', 'retry-after': String(site.retryAfter ?? 1)}).end('Too Many Requests');
        return;
      }
      const n = /(\d+)/.exec(path)?.[1] ?? '0';
      if (kind === 'robots') response.writeHead(200, {'content-type': 'text/plain'}).end('User-agent: *\nDisallow: /private/\n');
      else if (kind === 'image' || kind === 'icon' || kind === 'favicon') response.writeHead(200, {'content-type': 'image/png', 'content-length': png.length}).end(request.method === 'HEAD' ? undefined : png);
      else if (kind === 'oembed') {
        const embed = {version: '1.0', type: 'rich', title: `${host} embed ${n}`, html: `<iframe src="http://${host}:${port}/embed/${n}"></iframe>`, width: 480, height: 270};
        response.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(embed));
      } else response.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(request.method === 'HEAD' ? undefined : page(host, path, n));
    }, min + Math.random() * (max - min));
  };

  const servers: Server[] = [];
  for (let i = 1; i <= Math.min(addresses, hosts.length); i++) {
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
      const {inFlight: _inFlight, ...rest} = statsOf(domain);
      return rest;
    },
    domains: () => [...stats.keys()],
    close: () =>
      Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      ).then(() => undefined),
  };
}
