// Demo plumbing for examples/walls.ts: made-up sites that answer with walls, and a tiny forward
// proxy, all on loopback (there is no internet here). One server on 127.0.0.1 plays every site,
// told apart by the Host header; the proxy's outbound connections leave from 127.0.0.2, which is
// how the shop tells a request that came through it.
import {readFile} from 'node:fs/promises';
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import {connect, type AddressInfo, type LookupFunction, type Socket} from 'node:net';

export const siteNames = ['news.quayside.example', 'shop.quayside.example', 'api.quayside.example'] as const;
export type SiteName = (typeof siteNames)[number];

/** The address the shop lets in: where the proxy's connections come from. */
const proxyExit = '127.0.0.2';

const page = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

function answer(request: IncomingMessage, response: ServerResponse, icon: Buffer): void {
  const host = (request.headers.host ?? '').replace(/:\d+$/, '');
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  const html = (status: number, body: string, headers: Record<string, string> = {}): void =>
    void response.writeHead(status, {'content-type': 'text/html; charset=utf-8', ...headers}).end(body);
  if (path === '/favicon.ico') return void response.writeHead(200, {'content-type': 'image/png'}).end(icon);
  if (host === 'news.quayside.example' && path.startsWith('/premium/')) {
    // A subscription barrier in place of the article, whatever the cookies.
    return html(200, page('<title>Subscribe to read | Quayside News</title>', '<h1>Subscribe to keep reading</h1><a href="/subscribe">Subscribe</a>'));
  }
  if (host === 'news.quayside.example') {
    // A consent page (a consent platform's markup) until the consent cookie is set.
    if (!/(?:^|;\s*)consent=all(?:;|$)/.test(request.headers.cookie ?? '')) {
      return html(200, page('<title>Your privacy choices | Quayside News</title><script src="/didomi/loader.js"></script>', '<div id="didomi-host"><p>We and our partners use cookies.</p><button>Agree</button></div>'));
    }
    return html(
      200,
      page(
        '<title>Harbour lights return | Quayside News</title><meta property="og:title" content="Harbour lights return to the old port"><meta property="og:description" content="After twelve years, the lamps along the quay are lit again."><meta property="og:site_name" content="Quayside News">',
        '<article><h1>Harbour lights return to the old port</h1></article>',
      ),
    );
  }
  if (host === 'shop.quayside.example') {
    // An edge that blocks this server's address (as edges block datacenter ranges), not the proxy's.
    if (request.socket.remoteAddress === proxyExit) {
      return html(200, page('<title>Blue kettle | Quayside Shop</title><meta property="og:title" content="Blue kettle"><meta property="og:description" content="1.7 litres, blue enamel.">', '<h1>Blue kettle</h1>'));
    }
    return html(403, page('<title>Access Denied</title>', `<h1>Access Denied</h1><p>You don't have permission to access "${path}" on this server.</p><p>Reference #18.5c3e1a</p>`), {server: 'AkamaiGHost'});
  }
  if (host === 'api.quayside.example') {
    return void response.writeHead(429, {'retry-after': '30', 'content-type': 'text/plain'}).end('Too Many Requests');
  }
  response.writeHead(404, {'content-type': 'text/plain'}).end('no such site');
}

export interface WallSites {
  /** `http://<name>:<port><path>` */
  url(name: SiteName, path: string): string;
  /** dns.lookup for the extractor: the made-up names resolve to 127.0.0.1, any other name fails. */
  dnsLookup: LookupFunction;
  /** The forward proxy, `http://127.0.0.1:<port>`. */
  proxyUrl: string;
  close(): Promise<void>;
}

const lookupName = ((hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
  const known = (siteNames as readonly string[]).includes(hostname.toLowerCase());
  queueMicrotask(() => {
    if (!known) return done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND', hostname}));
    if (all) done(null, [{address: '127.0.0.1', family: 4}]);
    else done(null, '127.0.0.1', 4);
  });
}) as LookupFunction;

/** Starts the sites and the proxy on free ports of loopback. */
export async function startWallSites(): Promise<WallSites> {
  const icon = await readFile(new URL('./sample-site/cover.png', import.meta.url));
  const sites = createServer((request, response) => answer(request, response, icon));
  await new Promise<void>((resolve) => sites.listen(0, '127.0.0.1', resolve));
  const port = (sites.address() as AddressInfo).port;

  // A forward proxy that only tunnels (CONNECT, as linkpeek asks), and only to the demo sites.
  const tunnels = new Set<Socket>();
  const proxy = createServer((_request, response) => response.writeHead(405).end());
  proxy.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    tunnels.add(client);
    client.on('close', () => tunnels.delete(client));
    client.on('error', () => client.destroy());
    const target = new URL(`http://${request.url ?? ''}`);
    if (!(siteNames as readonly string[]).includes(target.hostname) || Number(target.port) !== port) {
      return void client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    }
    const upstream = connect({host: '127.0.0.1', port, localAddress: proxyExit}, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    tunnels.add(upstream);
    upstream.on('close', () => (tunnels.delete(upstream), client.destroy()));
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));

  return {
    url: (name, path) => `http://${name}:${port}${path}`,
    dnsLookup: lookupName,
    proxyUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: async () => {
      for (const socket of tunnels) socket.destroy();
      await Promise.all([proxy, sites].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
