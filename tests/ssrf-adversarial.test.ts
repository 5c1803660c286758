import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import type {IncomingMessage} from 'node:http';
import {connect, createServer as createTcpServer, type LookupFunction, type Server as TcpServer} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createChromiumProvider} from '../src/browser/chromium-provider.js';
import {createExtractor} from '../src/extract.js';
import {handleQuery} from '../src/endpoint/handler.js';
import {describeWithChromium} from './helpers/chromium.js';
import {failure} from './helpers/failure.js';
import {loopbackConfig} from './helpers/policy.js';
import {startServer, type TestServer} from './helpers/server.js';

// Adversarial regression tests: each one is an attack that once worked or that must keep failing.
// Every server listens on 127.0.0.1 only; names resolve through testLookup (site.test and cdn.test
// are both 127.0.0.1, so they are two origins on one server).

const secret = 'Bearer SECRET-TOKEN';

/** Who received the caller's credentials: `host path` of every request that carried them. */
function credentialLog(server: TestServer): string[] {
  const log: string[] = [];
  server.server.on('request', (request: IncomingMessage) => {
    if (request.headers.authorization === secret) log.push(`${request.headers.host?.split(':')[0]} ${request.url}`);
  });
  return log;
}

describe('caller credentials never follow the page to another origin', () => {
  let server: TestServer;
  let received: string[];
  const page = '<title>t</title><meta property="og:image" content="/image.png"><link rel="canonical" href="/canonical">';

  beforeAll(async () => {
    server = await startServer({
      '/page': (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end(page),
      '/canonical': (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end('ok'),
      '/image.png': (_request, response) => void response.writeHead(200, {'content-type': 'image/png'}).end(Buffer.alloc(64)),
    });
    server.route('/leave', (_request, response) => void response.writeHead(302, {location: `http://cdn.test:${server.port}/page`}).end());
    server.route('/stay', (_request, response) => void response.writeHead(302, {location: '/page'}).end());
    received = credentialLog(server);
  });

  afterAll(async () => {
    await server.close();
  });

  it('does not send them to the pings of a page that redirected to another origin', async () => {
    received.length = 0;
    const extract = createExtractor(loopbackConfig);
    const result = await extract(`http://site.test:${server.port}/leave`, {headers: {authorization: secret}});
    // The pings did run (the image was verified), only without the credentials.
    expect(result.data.image?.url).toBe(`http://cdn.test:${server.port}/image.png`);
    expect(received).toEqual(['site.test /leave']);
  });

  it('still sends them to the pings of a page that stayed on its origin', async () => {
    received.length = 0;
    const extract = createExtractor(loopbackConfig);
    await extract(`http://site.test:${server.port}/stay`, {headers: {authorization: secret}});
    expect(new Set(received)).toEqual(new Set(['site.test /stay', 'site.test /page', 'site.test /canonical', 'site.test /image.png', 'site.test /favicon.ico']));
  });
});

describe('header values are checked before any request, and never echoed', () => {
  let server: TestServer;
  const extract = createExtractor(loopbackConfig);

  beforeAll(async () => {
    server = await startServer({'/': (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end('<title>t</title>')});
  });

  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['a CR LF pair (header injection)', 'x\r\nX-Injected: 1'],
    ['a NUL byte', 'x\0'],
    ['a non-Latin-1 character', 'token-中文'],
    ['a control character', 'x\u0001'],
    ['DEL', 'x\u007f'],
  ])('refuses a value with %s as EINVALOPTION, sends nothing and does not echo it', async (_name, value) => {
    const before = server.hits.length;
    const error = await failure(extract(server.url('/'), {headers: {'x-token': `${value}SECRET`}}));
    expect(error.code).toBe('EINVALOPTION');
    expect(error.data).toEqual({'headers.x-token': expect.any(String)});
    expect(JSON.stringify(error.toJSON())).not.toContain('SECRET');
    expect(server.hits.length).toBe(before);
  });

  it('sends a value with a tab and Latin-1 characters as is', async () => {
    let received: string | undefined;
    server.route('/echo', (request, response) => {
      received = request.headers['x-token'] as string;
      response.writeHead(200, {'content-type': 'text/html'}).end('<title>t</title>');
    });
    await extract(server.url('/echo'), {headers: {'x-token': 'a\tcafé'}, ping: false});
    expect(received).toBe('a\tcafé');
  });

  it('answers a non-Latin-1 `headers.*` query value with 400, not a 502 from the target', async () => {
    const before = server.hits.length;
    const query = new URLSearchParams({url: server.url('/'), 'headers.authorization': 'Bearer 秘密SECRET'});
    const answer = await handleQuery(query, {...loopbackConfig, cache: false});
    expect(answer.status).toBe(400);
    expect(JSON.parse(String(answer.body))).toMatchObject({code: 'EINVALOPTION', data: {'headers.authorization': expect.any(String)}});
    expect(String(answer.body)).not.toContain('SECRET');
    expect(server.hits.length).toBe(before);
  });

  it('does not echo `headers` given as a string instead of an object', async () => {
    const error = await failure(extract(server.url('/'), {headers: `Authorization: ${secret}` as unknown as Record<string, string>}));
    expect(error.code).toBe('EINVALOPTION');
    expect(error.message).not.toContain('SECRET');
  });
});

describe('time limits beyond what a Node timer holds are refused, not turned into 1 ms', () => {
  it.each(['timeout', 'maxTimeout', 'pingTimeout'])('refuses config `%s` above 2^31-1 ms', (name) => {
    expect(() => createExtractor({...loopbackConfig, [name]: 2 ** 31})).toThrow(expect.objectContaining({code: 'EINVALOPTION', data: {[name]: expect.any(String)}}));
  });

  it('honours the largest timer a config may set, with no warning', async () => {
    const server = await startServer({'/': (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end('<title>long budget</title>')});
    const warnings: string[] = [];
    const onWarning = (warning: Error) => void warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const extract = createExtractor({...loopbackConfig, maxTimeout: 2 ** 31 - 1});
      const result = await extract(server.url('/'), {timeout: 2 ** 31 - 1, ping: false});
      expect(result.data.title).toBe('long budget');
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await server.close();
    }
  });
});

describe('embed answers a URL the page chose with a redirect, never with a local file or a 500', () => {
  let server: TestServer;
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'linkpeek-adversarial-'));
    await writeFile(join(directory, 'private-shot.png'), 'LOCAL FILE');
    server = await startServer();
  });

  afterAll(async () => {
    await server.close();
    await rm(directory, {recursive: true, force: true});
  });

  it.each([
    ['names a file of screenshotDirectory', '/private-shot.png'],
    ['has a malformed percent escape', '/a%E0%A4%A.png'],
  ])('redirects to an og:image URL that %s', async (_name, path) => {
    server.route('/', (_request, response) =>
      void response.writeHead(200, {'content-type': 'text/html'}).end(`<title>t</title><meta property="og:image" content="${path}">`));
    const reported: unknown[] = [];
    const query = new URLSearchParams({url: server.url('/'), ping: 'false', embed: 'image.url'});
    const answer = await handleQuery(query, {...loopbackConfig, cache: false, screenshotDirectory: directory, onError: (error) => void reported.push(error)});
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(server.url(path));
    expect(String(answer.body)).not.toContain('LOCAL FILE');
    expect(reported).toEqual([]);
  });
});

/** Counts TCP connections accepted by `server`. */
function connectionCounter(server: TestServer): {count: number} {
  const counter = {count: 0};
  server.server.on('connection', () => void counter.count++);
  return counter;
}

// On Linux a connection to 0.0.0.0 lands on a loopback listener: every spelling of it below would
// reach `victim` if any layer let it through, and the loopback-only test policy must refuse it.
describe('spellings of 0.0.0.0 never get a connection, as the URL or as a redirect Location', () => {
  let victim: TestServer;
  let connections: {count: number};
  let redirector: TcpServer;
  let location = Buffer.alloc(0);
  const extract = createExtractor(loopbackConfig);

  beforeAll(async () => {
    victim = await startServer({'/': (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end('<title>victim</title>')});
    connections = connectionCounter(victim);
    // Raw bytes, so a Location can carry UTF-8 (fullwidth digits) exactly as a hostile server sends it.
    redirector = createTcpServer((socket) =>
      socket.once('data', () =>
        socket.end(Buffer.concat([Buffer.from('HTTP/1.1 302 Found\r\nLocation: '), location, Buffer.from('\r\nContent-Length: 0\r\nConnection: close\r\n\r\n')])),
      ),
    );
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await victim.close();
    await new Promise((resolve) => redirector.close(resolve));
  });

  it('would be reached by a plain connection to 0.0.0.0 (the control that makes the count meaningful)', async () => {
    const before = connections.count;
    await new Promise<void>((resolve, reject) => connect(victim.port, '0.0.0.0').once('connect', function (this: ReturnType<typeof connect>) {
      this.destroy();
      resolve();
    }).once('error', reject));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connections.count).toBe(before + 1);
  });

  const spellings = (port: number) => [
    `http://0:${port}/`,
    `http://0x0:${port}/`,
    `http://00000000000:${port}/`,
    `http://0.0:${port}/`,
    `http://0.0.0.0.:${port}/`,
    `http://%30.0.0.0:${port}/`,
    `http://０.０.０.０:${port}/`,
    `http://0。0。0。0:${port}/`,
    `HTTP://0.0.0.0:${port}/`,
    `http://[::ffff:0.0.0.0]:${port}/`,
    `http://[0:0:0:0:0:ffff:0:0]:${port}/`,
  ];

  it('refuses every spelling as the target URL with EFORBIDDENURL', async () => {
    const before = connections.count;
    for (const url of spellings(victim.port)) {
      const error = await failure(extract(url));
      expect([url, error.code]).toEqual([url, 'EFORBIDDENURL']);
    }
    expect(connections.count).toBe(before);
  });

  it('refuses every spelling, and backslash, protocol-relative and tab-split forms, as a redirect Location', async () => {
    const port = victim.port;
    const locations = [...spellings(port), `\\\\0.0.0.0:${port}\\`, `/\\0.0.0.0:${port}/`, `//0.0.0.0:${port}/`, `http://0.0.0.0\t:${port}/`, `  http://0.0.0.0:${port}/  `];
    const start = `http://127.0.0.1:${(redirector.address() as {port: number}).port}/`;
    const before = connections.count;
    for (const target of locations) {
      location = Buffer.from(target, 'utf8');
      const error = await failure(extract(start));
      expect([target, error.code]).toEqual([target, 'EFORBIDDENURL']);
    }
    expect(connections.count).toBe(before);
  });

  it('judges the host after the @ of a redirect to http://user:pass@0.0.0.0/, without echoing the password', async () => {
    const before = connections.count;
    for (const target of [`http://admin:hunter2@0.0.0.0:${victim.port}/`, `http://site.test:hunter2@0x0:${victim.port}/`]) {
      location = Buffer.from(target);
      const error = await failure(extract(`http://127.0.0.1:${(redirector.address() as {port: number}).port}/`));
      expect(error.code).toBe('EFORBIDDENURL');
      expect(`${error.message} ${JSON.stringify(error.toJSON())}`).not.toContain('hunter2');
    }
    expect(connections.count).toBe(before);
  });
});

/** A dnsLookup that answers `answer` as is, whatever was asked (the shape a sloppy custom resolver may give). */
function answering(answer: unknown): LookupFunction {
  return ((_hostname: string, options: unknown, callback?: unknown) => {
    const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    queueMicrotask(() => done(null, answer, 4));
  }) as LookupFunction;
}

describe('a custom dnsLookup cannot talk the guard into a connection', () => {
  let victim: TestServer;
  let connections: {count: number};

  beforeAll(async () => {
    victim = await startServer();
    connections = connectionCounter(victim);
  });

  afterAll(async () => {
    await victim.close();
  });

  it.each([
    ['an IPv4-mapped 0.0.0.0', [{address: '::ffff:0.0.0.0', family: 6}], 'EFORBIDDENURL'],
    ['loopback mixed with 0.0.0.0', [{address: '127.0.0.1', family: 4}, {address: '0.0.0.0', family: 4}], 'EFORBIDDENURL'],
    ['loopback labelled as IPv6', [{address: '127.0.0.1', family: 6}], 'EFORBIDDENURL'],
    ['a short form that is not an address (127.1)', [{address: '127.1', family: 4}], 'EFORBIDDENURL'],
    ['a bare name instead of an address', 'localhost', 'EFORBIDDENURL'],
    ['an empty list', [], 'EFETCH'],
  ])('refuses an answer of %s', async (_name, answer, code) => {
    const extract = createExtractor({...loopbackConfig, dnsLookup: answering(answer)});
    const error = await failure(extract(`http://name.test:${victim.port}/`));
    expect(error.code).toBe(code);
    expect(connections.count).toBe(0);
  });

  it('turns a resolver that throws into EFETCH without its message', async () => {
    const dnsLookup = (() => {
      throw new Error('resolver exploded with SECRET');
    }) as unknown as LookupFunction;
    const error = await failure(createExtractor({...loopbackConfig, dnsLookup})(`http://name.test:${victim.port}/`));
    expect(error.code).toBe('EFETCH');
    expect(JSON.stringify(error.toJSON())).not.toContain('SECRET');
    expect(connections.count).toBe(0);
  });
});

describe('errors and resources', () => {
  it('answers a crashing stage with a generic 500: no stack, no message of the crash', async () => {
    const crash = () => {
      throw new Error('database password is SECRET');
    };
    const answer = await handleQuery(new URLSearchParams({url: 'http://example.com/'}), {...loopbackConfig, cache: false, stages: {fetchPage: crash}});
    expect(answer.status).toBe(500);
    expect(JSON.parse(String(answer.body))).toEqual({status: 'error', code: 'EINTERNAL', message: 'An internal error occurred.', more: expect.stringMatching(/#einternal$/), url: 'http://example.com/'});
  });

  it('leaves no timer and no open connection behind after success, refusal, timeout and abort', async () => {
    const server = await startServer({
      '/': (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end('<title>t</title><meta property="og:image" content="/never.png">'),
      // Headers, then a body that never ends: only the deadline can close these.
      '/never': (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).write('<title>'),
      '/never.png': (_request, response) => void response.writeHead(200, {'content-type': 'image/png'}).write('x'),
    });
    server.route('/forbidden', (_request, response) => void response.writeHead(302, {location: `http://0.0.0.0:${server.port}/`}).end());
    const timers = () => process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;
    const before = timers();
    const extract = createExtractor({...loopbackConfig, pingTimeout: 200});
    try {
      expect((await extract(server.url('/'))).data.image).toBeNull();
      expect((await failure(extract(server.url('/forbidden')))).code).toBe('EFORBIDDENURL');
      expect((await failure(extract(server.url('/never'), {timeout: 300}))).code).toBe('ETIMEOUT');
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      expect((await failure(extract(server.url('/never'), {signal: controller.signal}))).code).toBe('EABORTED');
      await new Promise((resolve) => setImmediate(resolve));
      expect(timers()).toBeLessThanOrEqual(before);
      const open = await new Promise<number>((resolve) => server.server.getConnections((_error, count) => resolve(count)));
      expect(open).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describeWithChromium('the screenshot browser reaches nothing the policy refuses', () => {
  let victim: TestServer;
  let connections: {count: number};
  let site: TestServer;
  const provider = createChromiumProvider({concurrency: 1});

  beforeAll(async () => {
    victim = await startServer();
    connections = connectionCounter(victim);
    const v = victim.port;
    site = await startServer({
      '/to-victim': (_request, response) => void response.writeHead(302, {location: `http://0.0.0.0:${v}/iframe-redirect`}).end(),
      '/': (_request, response) =>
        void response.writeHead(200, {'content-type': 'text/html'}).end(`<!doctype html><title>page</title>
<link rel="preconnect" href="http://127.0.0.1:${v}"><link rel="prefetch" href="http://0.0.0.0:${v}/prefetch">
<meta http-equiv="refresh" content="0;url=http://0.0.0.0:${v}/meta-refresh">
<iframe src="/to-victim"></iframe><iframe src="http://[::ffff:0.0.0.0]:${v}/iframe"></iframe><img src="http://0:${v}/img">
<script>
navigator.sendBeacon('http://127.0.0.1:${v}/beacon', 'x');
fetch('http://127.0.0.1:${v}/post', {method: 'POST', body: 'x', mode: 'no-cors'}).catch(() => {});
new EventSource('http://0.0.0.0:${v}/event-source');
new WebSocket('ws://127.0.0.1:${v}/socket');
</script>`),
    });
  });

  afterAll(async () => {
    await provider.close();
    await site.close();
    await victim.close();
  });

  it('opens no connection through iframe redirects, meta refresh, prefetch, preconnect, beacons, POST, EventSource or WebSocket', async () => {
    // Loopback is allowed for GET/HEAD by the test policy: 127.0.0.1 appears only where the channel
    // itself (POST, beacon, WebSocket, preconnect) must be contained; everything else spells 0.0.0.0.
    const extract = createExtractor({...loopbackConfig, screenshotProvider: provider});
    // 30 s: the first capture also launches the browser and loads the blocker's lists (ETIMEOUT at the
    // default 10 s once, at a load of 25); what is tested is what it reaches, not how fast.
    const result = await extract(`http://site.test:${site.port}/`, {ping: false, timeout: 30_000, screenshot: {waitForTimeout: 1000}});
    expect(result.data.screenshot?.type).toBe('png');
    expect(site.hits).toContain('GET /to-victim');
    expect(connections.count).toBe(0);
    expect(victim.hits).toEqual([]);
  }, 60_000);

  it('does not send the caller credentials to the origin a page redirected to', async () => {
    site.route('/leave', (_request, response) => void response.writeHead(302, {location: `http://cdn.test:${site.port}/landing`}).end());
    site.route('/landing', (_request, response) =>
      void response.writeHead(200, {'content-type': 'text/html'}).end('<title>landing</title><img src="/pixel.png">'));
    const received = credentialLog(site);
    const extract = createExtractor({...loopbackConfig, screenshotProvider: provider});
    await extract(`http://site.test:${site.port}/leave`, {ping: false, screenshot: true, headers: {authorization: secret}});
    expect(site.hits).toContain('GET /pixel.png');
    expect(received).toEqual(['site.test /leave']);
  }, 60_000);
});
