// A simulated web for the politeness tests and the batch bench: many host names, each mapped by a
// custom DNS lookup to one of a few loopback addresses (127.0.0.1, .2, ...) where one HTTP server
// listens on the same port, told apart by the Host header. It measures what a polite client must
// never exceed, per registrable domain: the requests in flight at once and the arrivals in any
// window of time. No jest import: the bench uses it too.
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {LookupFunction} from 'node:net';
import {getDomain} from 'tldts';

/** How one host answers. */
export interface HostBehaviour {
  /** Milliseconds before the answer: a number, or `[min, max]` drawn evenly. @default 0 */
  latencyMs?: number | [number, number];
  /** robots.txt: its text (200), or a status to answer with. @default 404 */
  robots?: string | number;
  /** Answers 429 with this `Retry-After` (seconds) once more than `burst` page requests came within the last second. */
  rateLimit?: {burst: number; retryAfter: number};
  /** The next this-many page requests answer 429 (`Retry-After: retryAfter`, default 2). */
  answer429?: number;
  retryAfter?: number;
}

export interface DomainStats {
  /** Page requests (robots.txt left out) received. */
  requests: number;
  /** Most page requests in flight at once (arrival to the end of the answer). */
  maxInFlight: number;
  /** Arrival times of page requests (ms, performance.now()). */
  arrivals: number[];
  /** 429s answered. */
  tooMany: number;
  /** robots.txt requests received. */
  robots: number;
}

export interface PoliteWeb {
  port: number;
  /** `http://<host>:<port><path>` */
  url(host: string, path: string): string;
  /** The hosts' names to their loopback addresses; ENOTFOUND for any other name. */
  lookup: LookupFunction;
  /** What the domain's hosts received (registrable domain of the host, as the gate counts). */
  stats(domain: string): DomainStats;
  /** Every domain seen. */
  domains(): string[];
  /** The most page arrivals at the domain within any window of `windowMs`. */
  maxInWindow(domain: string, windowMs: number): number;
  /** Changes how a host answers from now on. */
  behave(host: string, behaviour: HostBehaviour): void;
  close(): Promise<void>;
}

const page = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><meta property="og:title" content="${title}"><meta property="og:description" content="A page of the simulated web."></head><body><article><h1>${title}</h1><p>Some text.</p></article></body></html>`;

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

/**
 * Starts the web: `hosts` maps each host name to its behaviour; `addresses` loopback addresses
 * (127.0.0.1 ... 127.0.0.<addresses>) share the hosts round-robin.
 */
export async function startPoliteWeb(hosts: Record<string, HostBehaviour>, addresses = 3): Promise<PoliteWeb> {
  const behaviours = new Map(Object.entries(hosts).map(([host, behaviour]) => [host.toLowerCase(), {...behaviour}]));
  const addressOf = new Map([...behaviours.keys()].map((host, i) => [host, `127.0.0.${(i % addresses) + 1}`]));
  const stats = new Map<string, DomainStats & {inFlight: number}>();
  const statsOf = (domain: string) =>
    stats.get(domain) ?? stats.set(domain, {requests: 0, maxInFlight: 0, inFlight: 0, arrivals: [], tooMany: 0, robots: 0}).get(domain)!;
  const domainOf = (host: string) => getDomain(host) ?? host;

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const behaviour = behaviours.get(host);
    if (!behaviour) {
      response.writeHead(404, {'content-type': 'text/plain'}).end('no such site');
      return;
    }
    const domain = statsOf(domainOf(host));
    const path = request.url ?? '/';
    if (path === '/robots.txt') {
      domain.robots++;
      const robots = behaviour.robots ?? 404;
      if (typeof robots === 'number') response.writeHead(robots, {'content-type': 'text/plain'}).end('');
      else response.writeHead(200, {'content-type': 'text/plain'}).end(robots);
      return;
    }
    const now = performance.now();
    domain.requests++;
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
    const latency = behaviour.latencyMs ?? 0;
    const delay = Array.isArray(latency) ? latency[0] + Math.random() * (latency[1] - latency[0]) : latency;
    const recent = domain.arrivals.filter((time) => now - time < 1000).length;
    const limited = (behaviour.answer429 ?? 0) > 0 || (behaviour.rateLimit !== undefined && recent > behaviour.rateLimit.burst);
    if ((behaviour.answer429 ?? 0) > 0) behaviour.answer429!--;
    setTimeout(() => {
      if (limited) {
        domain.tooMany++;
        const retryAfter = behaviour.rateLimit?.retryAfter ?? behaviour.retryAfter ?? 2;
        response.writeHead(429, {'content-type': 'text/plain', 'retry-after': String(retryAfter)}).end('Too Many Requests');
        return;
      }
      response.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(page(`${host}${path}`));
    }, delay);
  };

  const servers: Server[] = [];
  let port = 0;
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

  const lookup = ((hostname: string, options: unknown, callback?: unknown) => {
    const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
    const address = addressOf.get(hostname.toLowerCase());
    queueMicrotask(() => {
      if (!address) return done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND', hostname}));
      if (all) done(null, [{address, family: 4}]);
      else done(null, address, 4);
    });
  }) as LookupFunction;

  return {
    port,
    url: (host, path) => `http://${host}:${port}${path}`,
    lookup,
    stats: (domain) => {
      const {inFlight: _inFlight, ...rest} = statsOf(domain);
      return rest;
    },
    domains: () => [...stats.keys()],
    maxInWindow: (domain, windowMs) => maxInWindow(statsOf(domain).arrivals, windowMs),
    behave: (host, behaviour) => {
      behaviours.set(host.toLowerCase(), {...behaviour});
    },
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
