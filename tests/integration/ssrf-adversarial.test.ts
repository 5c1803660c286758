import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import type {IncomingMessage} from 'node:http';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createExtractor} from '../../src/extract.js';
import {handleQuery} from '../../src/handler.js';
import {failure} from '../helpers/failure.js';
import {loopbackConfig} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';

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
