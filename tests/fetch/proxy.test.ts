import {readFileSync} from 'node:fs';
import {createServer as createHttpsServer, type Server as HttpsServer} from 'node:https';
import {createServer as createNetServer, isIP, type AddressInfo, type LookupFunction, type Server as NetServer, type Socket} from 'node:net';
import {fileURLToPath} from 'node:url';
import {afterAll, beforeAll, beforeEach, describe, expect, it} from '@jest/globals';
import {createDeadline} from '../../src/deadline.js';
import {fetchPage} from '../../src/fetch/fetch-page.js';
import {requestSafely} from '../../src/fetch/http-client.js';
import {proxyCovers, proxyForRung, type ResolvedProxy} from '../../src/fetch/proxy.js';
import {normalizeCallProxy, normalizeProxyConfig} from '../../src/fetch/proxy-options.js';
import {normalizeConfig, type ResolvedConfig} from '../../src/options.js';
import {runTs} from '../helpers/child.js';
import {failure} from '../helpers/failure.js';
import {proxiedFrom, startForwardProxy, type ForwardProxy} from '../helpers/forward-proxy.js';
import {isLoopback} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';

// The simulated web. linkpeek resolves with `lookup`; the proxy with its own table (loopback only).
const names: Record<string, string[]> = {
  'site.test': ['127.0.0.1'],
  'walled.test': ['127.0.0.1'],
  'secure.test': ['127.0.0.1'],
  'private.test': ['10.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  // One allowed and one refused address: every answer must pass, not the first.
  'mixed.test': ['127.0.0.1', '10.0.0.1'],
  'proxy.test': ['127.0.0.3'],
};
const proxyNames = {'site.test': '127.0.0.1', 'walled.test': '127.0.0.1', 'secure.test': '127.0.0.1'};
const lookup = ((hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
  const addresses = names[hostname.toLowerCase()];
  queueMicrotask(() => {
    if (!addresses) done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND'}));
    else if (all) done(null, addresses.map((address) => ({address, family: isIP(address)})));
    else done(null, addresses[0], isIP(addresses[0] ?? ''));
  });
}) as LookupFunction;
const config = normalizeConfig({allowAddress: isLoopback, dnsLookup: lookup});

let site: TestServer;
let proxy: ForwardProxy;
let configProxy: ResolvedProxy;
/** The address each request to the site came from, by path. */
const from: string[] = [];
const url = (host: string, path: string) => new URL(`http://${host}:${site.port}${path}`);
const deadline = (ms = 5_000) => createDeadline(ms);
const fetchVia = (target: URL, via: ResolvedProxy | null, settings: ResolvedConfig = config, ms?: number) =>
  fetchPage(target, {headers: {}, deadline: deadline(ms), proxy: via}, settings);

beforeAll(async () => {
  site = await startServer();
  const send = (response: import('node:http').ServerResponse, status: number, body: string, headers: Record<string, string> = {}) =>
    response.writeHead(status, {'content-type': 'text/html; charset=utf-8', ...headers}).end(body);
  // A challenge for every client but the proxy's exit address.
  site.route('/only-via-proxy', (request, response) => {
    from.push(`${request.socket.remoteAddress} ${request.headers.host?.replace(/:\d+$/, '')}`);
    if (request.socket.remoteAddress === proxiedFrom) send(response, 200, '<title>Behind the wall</title>');
    else send(response, 403, '<title>Just a moment...</title>', {'cf-mitigated': 'challenge'});
  });
  site.route('/to-private', (_request, response) => void response.writeHead(302, {location: `http://private.test:${site.port}/only-via-proxy`}).end());
  site.route('/to-metadata', (_request, response) => void response.writeHead(302, {location: 'http://169.254.169.254/latest/meta-data/'}).end());
  site.route('/to-walled', (_request, response) => void response.writeHead(302, {location: url('walled.test', '/only-via-proxy').href}).end());
  proxy = await startForwardProxy({names: proxyNames});
  configProxy = normalizeProxyConfig({proxy: proxy.url}).proxy!;
});

afterAll(async () => {
  await proxy.close();
  await site.close();
});

beforeEach(() => {
  proxy.requests.length = 0;
  from.length = 0;
});

describe('a proxy on the wire', () => {
  it('without the proxy the walled page answers with its challenge; through it, with the page', async () => {
    const direct = await failure(fetchVia(url('walled.test', '/only-via-proxy'), null));
    expect(direct).toMatchObject({code: 'EHTTP', statusCode: 403});
    const page = await fetchVia(url('walled.test', '/only-via-proxy'), configProxy);
    expect(page.html).toBe('<title>Behind the wall</title>');
    expect(proxy.requests).toEqual([{hostname: 'walled.test', port: site.port, isHttp: false, username: '', password: ''}]);
    expect(from).toEqual(['127.0.0.1 walled.test', `${proxiedFrom} walled.test`]);
  });

  it('sends only the hosts a proxy lists through it, hop by hop', async () => {
    const limited = normalizeProxyConfig({proxy: {url: proxy.url, hosts: ['walled.test']}}).proxy!;
    expect(proxyCovers(limited, 'www.walled.test')).toBe(true);
    expect(proxyCovers(limited, 'site.test')).toBe(false);
    const page = await fetchVia(url('site.test', '/to-walled'), limited);
    expect(page.html).toBe('<title>Behind the wall</title>');
    // The first hop (site.test) went direct; only walled.test was asked of the proxy.
    expect(proxy.requests.map((request) => request.hostname)).toEqual(['walled.test']);
    expect(site.hits.filter((hit) => hit.includes('/to-walled')).length).toBeGreaterThan(0);
  });

  it("uses a 'last' proxy only on the recovery ladder's last rung", async () => {
    const last = normalizeProxyConfig({proxy: {url: proxy.url, use: 'last'}}).proxy!;
    expect(proxyForRung(last, 'first')).toBeNull();
    expect(proxyForRung(last, 'last')).toBe(last);
    expect(proxyForRung(configProxy, 'first')).toBe(configProxy);
    expect(proxyForRung(null, 'last')).toBeNull();
    await failure(fetchVia(url('walled.test', '/only-via-proxy'), proxyForRung(last, 'first')));
    expect(proxy.requests).toEqual([]);
    const page = await fetchVia(url('walled.test', '/only-via-proxy'), proxyForRung(last, 'last'));
    expect(page.html).toBe('<title>Behind the wall</title>');
  });

  it('keeps the tunnel of a target open for the next request (keep-alive through the proxy)', async () => {
    const connectionsBefore = proxy.connections;
    await fetchVia(url('walled.test', '/only-via-proxy'), configProxy);
    await fetchVia(url('walled.test', '/only-via-proxy'), configProxy);
    expect(from).toEqual([`${proxiedFrom} walled.test`, `${proxiedFrom} walled.test`]);
    expect(proxy.connections - connectionsBefore).toBeLessThanOrEqual(1);
  });

  it("sends the proxy's credentials to the proxy only, and never shows them", async () => {
    const withCredentials = normalizeProxyConfig({proxy: `http://ann:s3cret-pw@127.0.0.1:${proxy.port}`}).proxy!;
    const page = await fetchVia(url('walled.test', '/only-via-proxy'), withCredentials);
    expect(page.html).toBe('<title>Behind the wall</title>');
    expect(proxy.requests).toEqual([{hostname: 'walled.test', port: site.port, isHttp: false, username: 'ann', password: 's3cret-pw'}]);
  });
});

describe('the address policy before the proxy is asked', () => {
  it('refuses a target whose name resolves to a refused address before any request reaches the proxy', async () => {
    const connectionsBefore = proxy.connections;
    const error = await failure(fetchVia(url('private.test', '/only-via-proxy'), configProxy));
    expect(error.code).toBe('EFORBIDDENURL');
    expect(error.message).toBe('The host `private.test` resolves to a forbidden address.');
    expect(proxy.requests).toEqual([]);
    expect(proxy.connections).toBe(connectionsBefore);
  });

  it('checks every address a name resolves to, not only the first', async () => {
    const error = await failure(fetchVia(url('mixed.test', '/only-via-proxy'), configProxy));
    expect(error.code).toBe('EFORBIDDENURL');
    expect(proxy.requests).toEqual([]);
  });

  it('refuses IP-literal targets the policy refuses (private, link-local metadata, IPv6 unique-local)', async () => {
    const connectionsBefore = proxy.connections;
    for (const target of ['http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://[fd00::1]/', 'http://0x0a000001/']) {
      const error = await failure(fetchVia(new URL(target), configProxy));
      expect({target, code: error.code}).toEqual({target, code: 'EFORBIDDENURL'});
    }
    expect(proxy.requests).toEqual([]);
    expect(proxy.connections).toBe(connectionsBefore);
  });

  it('re-checks every redirect hop: a hop to a refused name or literal ends the fetch, the proxy never asked for it', async () => {
    for (const path of ['/to-private', '/to-metadata']) {
      const error = await failure(fetchVia(url('site.test', path), configProxy));
      expect({path, code: error.code}).toEqual({path, code: 'EFORBIDDENURL'});
    }
    // The first hop's tunnel to site.test (kept alive for the second call): nothing else was asked.
    expect(proxy.requests.length).toBeGreaterThanOrEqual(1);
    expect(new Set(proxy.requests.map((request) => request.hostname))).toEqual(new Set(['site.test']));
    expect(site.hits.slice(-2)).toEqual(['GET /to-private', 'GET /to-metadata']);
    expect(from).toEqual([]);
  });

  it('refuses a target linkpeek cannot resolve, even if the proxy could (EFETCH, nothing sent)', async () => {
    const error = await failure(fetchVia(new URL('http://only-the-proxy-knows.test/'), configProxy));
    expect(error.code).toBe('EFETCH');
    expect(error.message).toBe('The host `only-the-proxy-knows.test` could not be resolved.');
    expect(proxy.requests).toEqual([]);
  });

  it('keeps the default policy: a loopback target is refused through a proxy too', async () => {
    const publicOnly = normalizeConfig({dnsLookup: lookup});
    const error = await failure(fetchVia(url('site.test', '/only-via-proxy'), configProxy, publicOnly));
    expect(error.code).toBe('EFORBIDDENURL');
    expect(proxy.requests).toEqual([]);
  });
});

describe("the proxy's own address", () => {
  // The site and targets on 127.0.0.1 are allowed; the proxy listens on 127.0.0.3, which is not.
  const narrow = normalizeConfig({allowAddress: (address) => address === '127.0.0.1', dnsLookup: lookup});
  let aside: ForwardProxy;
  beforeAll(async () => {
    aside = await startForwardProxy({names: proxyNames, host: '127.0.0.3'});
  });
  afterAll(() => aside.close());

  it("trusts the config's proxy wherever it is (the operator chose it)", async () => {
    const trusted = normalizeProxyConfig({proxy: aside.url}).proxy!;
    const page = await fetchVia(url('walled.test', '/only-via-proxy'), trusted, narrow);
    expect(page.html).toBe('<title>Behind the wall</title>');
  });

  it("holds a caller's proxy to the address policy, by literal and by name, before connecting to it", async () => {
    const allowing = normalizeProxyConfig({allowCallerProxy: true});
    aside.requests.length = 0;
    const connectionsBefore = aside.connections;
    for (const proxyUrl of [aside.url, `http://proxy.test:${aside.port}`]) {
      const callers = normalizeCallProxy(proxyUrl, allowing)!;
      expect(callers.fromCaller).toBe(true);
      const error = await failure(fetchVia(url('walled.test', '/only-via-proxy'), callers, narrow));
      expect(error.code).toBe('EFORBIDDENURL');
      expect(error.message).toBe(`The proxy \`${new URL(proxyUrl).host}\` resolves to a forbidden address.`);
      expect(error.data).toEqual({proxy: 'resolves to a forbidden address'});
    }
    expect(aside.connections).toBe(connectionsBefore);
    expect(aside.requests).toEqual([]);
  });

  it("lets a caller's proxy the policy allows carry the call", async () => {
    const callers = normalizeCallProxy(proxy.url, normalizeProxyConfig({allowCallerProxy: true}))!;
    const page = await fetchVia(url('walled.test', '/only-via-proxy'), callers);
    expect(page.html).toBe('<title>Behind the wall</title>');
  });
});

describe('a proxy that fails', () => {
  it('names the proxy when it refuses the connection', async () => {
    const closed = createNetServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const {port} = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const gone = normalizeProxyConfig({proxy: `http://127.0.0.1:${port}`}).proxy!;
    const error = await failure(fetchVia(url('walled.test', '/only-via-proxy'), gone));
    expect(error.code).toBe('EFETCH');
    expect(error.message).toBe(`The proxy \`127.0.0.1:${port}\` refused the connection.`);
    expect(error.data).toEqual({proxy: 'refused the connection'});
  });

  it('names the proxy and the status when it refuses the tunnel, without its credentials', async () => {
    const strict = await startForwardProxy({names: proxyNames, refuse: (request) => (request.password === 'right' ? undefined : 407)});
    try {
      const wrong = normalizeProxyConfig({proxy: `http://ann:wrong-pw@127.0.0.1:${strict.port}`}).proxy!;
      const error = await failure(fetchVia(url('walled.test', '/only-via-proxy'), wrong));
      expect(error.code).toBe('EFETCH');
      expect(error.message).toBe(`The proxy \`127.0.0.1:${strict.port}\` refused to connect to \`walled.test:${site.port}\` (HTTP 407).`);
      expect(JSON.stringify(error.toJSON?.() ?? {})).not.toContain('wrong-pw');
      expect(error.message).not.toContain('wrong-pw');
      const right = normalizeProxyConfig({proxy: `http://ann:right@127.0.0.1:${strict.port}`}).proxy!;
      expect((await fetchVia(url('walled.test', '/only-via-proxy'), right)).html).toBe('<title>Behind the wall</title>');
    } finally {
      await strict.close();
    }
  });

  it('ends with ETIMEOUT at the deadline when the proxy never answers', async () => {
    const sockets = new Set<Socket>();
    const silent: NetServer = createNetServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const mute = normalizeProxyConfig({proxy: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`}).proxy!;
      const started = Date.now();
      const error = await failure(fetchVia(url('walled.test', '/only-via-proxy'), mute, config, 400));
      expect(error.code).toBe('ETIMEOUT');
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('https through the proxy', () => {
  const fixture = (name: string) => readFileSync(new URL(`../fixtures/tls/${name}`, import.meta.url));
  let secure: HttpsServer;
  const peers: string[] = [];
  beforeAll(async () => {
    secure = createHttpsServer({key: fixture('key.pem'), cert: fixture('cert.pem')}, (_request, response) => {
      response.writeHead(200, {'content-type': 'text/html'}).end('<title>over TLS</title>');
    });
    secure.on('connection', (socket: Socket) => peers.push(socket.remoteAddress ?? ''));
    await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        secure.closeAllConnections();
        secure.close(() => resolve());
      }),
  );

  it('opens a CONNECT tunnel and checks the certificate end to end: an untrusted one is the target’s TLS failure', async () => {
    const port = (secure.address() as AddressInfo).port;
    const error = await failure(fetchVia(new URL(`https://secure.test:${port}/`), configProxy));
    expect(error.code).toBe('EFETCH');
    expect(error.message).toMatch(new RegExp(`^The TLS connection to \`secure\\.test:${port}\` failed \\(`));
    expect(proxy.requests).toEqual([{hostname: 'secure.test', port, isHttp: false, username: '', password: ''}]);
    expect(peers).toEqual([proxiedFrom]);
  });

  it('reads the page through the tunnel when the certificate is trusted (child process with NODE_EXTRA_CA_CERTS)', async () => {
    const child = fileURLToPath(new URL('./proxy-https.child.ts', import.meta.url));
    const cert = fileURLToPath(new URL('../fixtures/tls/cert.pem', import.meta.url));
    const finished = await runTs(child, [], {NODE_EXTRA_CA_CERTS: cert});
    expect({code: finished.code, stderr: finished.stderr}).toEqual({code: 0, stderr: expect.any(String)});
    expect(JSON.parse(finished.stdout)).toEqual({
      html: '<title>Behind the TLS wall</title>',
      proxied: [{hostname: 'localhost', isHttp: false}],
      peers: [proxiedFrom],
    });
  });
});

describe('the proxy options', () => {
  const message = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return `${(error as {code: string}).code} ${(error as Error).message}`;
    }
    return 'no error';
  };

  it('reads a URL or an object, with defaults', () => {
    expect(normalizeProxyConfig({})).toEqual({proxy: null, allowCallerProxy: false});
    const {proxy: simple} = normalizeProxyConfig({proxy: 'http://proxy.internal:3128'});
    expect(simple).toEqual({url: new URL('http://proxy.internal:3128'), hosts: null, use: 'always', fromCaller: false});
    const {proxy: limited} = normalizeProxyConfig({proxy: {url: 'https://proxy.internal', hosts: ['*.X.com'], use: 'last'}});
    expect(limited).toEqual({url: new URL('https://proxy.internal'), hosts: ['x.com'], use: 'last', fromCaller: false});
  });

  it('names what is wrong, with a did-you-mean hint, and never echoes a proxy URL (it may hold credentials)', () => {
    expect(message(() => normalizeProxyConfig({proxy: 'socks5://ann:pw@proxy.internal:1080'}))).toBe(
      'EINVALOPTION Option `proxy` must be an http: or https: proxy URL (`socks5:` proxies are not supported).',
    );
    expect(message(() => normalizeProxyConfig({proxy: 'http://ann:pw@proxy.internal:3128/path'}))).toMatch(/^EINVALOPTION Option `proxy` must be a proxy URL without a path/);
    expect(message(() => normalizeProxyConfig({proxy: 'not a url pw'}))).toBe('EINVALOPTION Option `proxy` must be an http: or https: proxy URL.');
    expect(message(() => normalizeProxyConfig({proxy: {url: 'http://p:1', host: ['x.com']} as never}))).toBe(
      'EINVALOPTION Unknown option `proxy.host`. Did you mean `proxy.hosts`?',
    );
    expect(message(() => normalizeProxyConfig({proxy: {url: 'http://p:1', use: 'first' as never}}))).toMatch(/`proxy.use` must be 'always' or 'last'/);
    expect(message(() => normalizeProxyConfig({proxy: {url: 'http://p:1', hosts: []}}))).toMatch(/`proxy.hosts` must be a non-empty array/);
    expect(message(() => normalizeProxyConfig({allowCallerProxy: 'yes' as never}))).toMatch(/`allowCallerProxy` must be a boolean/);
  });

  it("takes a caller's proxy URL only when the config allows it; false turns off a 'last' proxy, never an 'always' one", () => {
    const closed = normalizeProxyConfig({proxy: 'http://proxy.internal:3128'});
    expect(normalizeCallProxy(undefined, closed)).toBe(closed.proxy);
    // The operator's always-on proxy: only the config turns it off (issue 35).
    expect(normalizeCallProxy(false, closed)).toBe(closed.proxy);
    expect(normalizeCallProxy(false, normalizeProxyConfig({proxy: {url: 'http://proxy.internal:3128', use: 'last'}}))).toBeNull();
    expect(message(() => normalizeCallProxy('http://mine.example:8080', closed))).toBe(
      'EINVALOPTION Option `proxy` takes a URL only when the config sets `allowCallerProxy: true`.',
    );
    expect(message(() => normalizeCallProxy(1, closed))).toBe('EINVALOPTION Option `proxy` must be a proxy URL or false.');
    const open = normalizeProxyConfig({allowCallerProxy: true});
    expect(normalizeCallProxy('http://mine.example:8080', open)).toEqual({url: new URL('http://mine.example:8080'), hosts: null, use: 'always', fromCaller: true});
  });

  it('requestSafely sends HEAD through the proxy too (pings)', async () => {
    const response = await requestSafely(url('walled.test', '/only-via-proxy'), {method: 'HEAD', headers: {}, deadline: deadline(), proxy: configProxy}, config);
    response.body.destroy();
    expect(response.statusCode).toBe(200);
    // The site saw the HEAD come from the proxy's address (through a new tunnel, or one an earlier
    // test left open: keep-alive tunnels are reused, so the proxy may log no new CONNECT).
    expect(from.at(-1)).toBe(`${proxiedFrom} walled.test`);
    expect(proxy.requests.every((request) => request.hostname === 'walled.test')).toBe(true);
  });
});
