import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';

export type Route = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  server: Server;
  /** Every request received, as `METHOD /path?query`, in order. */
  hits: string[];
  /** Highest number of requests in flight at once. */
  maxInFlight: number;
  /** Adds or replaces a route after start. */
  route(path: string, handler: Route): void;
  /** Builds an absolute URL on this server. */
  url(path: string): string;
  close(): Promise<void>;
}

/**
 * Starts a real HTTP server on 127.0.0.1:0. Routes match on the path (without the query);
 * unknown paths answer 404.
 */
export async function startServer(routes: Record<string, Route> = {}): Promise<TestServer> {
  const table = new Map(Object.entries(routes));
  const hits: string[] = [];
  let inFlight = 0;
  const state = {maxInFlight: 0};
  const server = createServer(async (request, response) => {
    hits.push(`${request.method} ${request.url}`);
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    response.on('close', () => inFlight--);
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const handler = table.get(path);
    try {
      if (handler) await handler(request, response);
      else response.writeHead(404, {'content-type': 'text/plain'}).end('not found');
    } catch (error) {
      if (!response.headersSent) response.writeHead(500).end(String(error));
      else response.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    server,
    hits,
    get maxInFlight() {
      return state.maxInFlight;
    },
    route: (path, handler) => void table.set(path, handler),
    url: (path) => new URL(path, origin).href,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Route that answers an HTML string. */
export function html(body: string, headers: Record<string, string> = {}): Route {
  return (_request, response) => {
    response.writeHead(200, {'content-type': 'text/html; charset=utf-8', ...headers}).end(body);
  };
}

/** Route that redirects to `location` with `status`. */
export function redirect(location: string, status = 302): Route {
  return (_request, response) => {
    response.writeHead(status, {location}).end();
  };
}

/** A {@link TestServer} whose every path is a page titled after itself and its fetch count: `/page 1`, then `/page 2`... */
export interface CountingServer extends TestServer {
  /** How many times `path` (with its query) was fetched. */
  fetches(path: string): number;
}

/** Starts a {@link CountingServer}: what a cache test needs to tell a stored answer from a fresh fetch. */
export async function startCountingServer(): Promise<CountingServer> {
  const target = await startServer();
  const served = new Map<string, number>();
  target.server.removeAllListeners('request');
  target.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    target.hits.push(`${request.method} ${request.url}`);
    const path = request.url ?? '/';
    const count = (served.get(path) ?? 0) + 1;
    served.set(path, count);
    response.writeHead(200, {'content-type': 'text/html'}).end(`<title>${path} ${count}</title>`);
  });
  return Object.assign(target, {fetches: (path: string) => served.get(path) ?? 0});
}
