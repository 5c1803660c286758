import {readFileSync} from 'node:fs';
import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import express from 'express';
import Keyv from 'keyv';
import Koa from 'koa';
import {createChromiumProvider} from '../../src/browser/chromium-provider.js';
import type {LinkpeekError} from '../../src/errors.js';
import {fetchPage} from '../../src/fetch/fetch-page.js';
import {createHandler, handleQuery, type HandlerConfig} from '../../src/endpoint/handler.js';
import {createFileStore} from '../../src/screenshot/store.js';
import type {CacheEntry} from '../../src/endpoint/result-cache.js';
import {chromiumPath} from '../helpers/chromium.js';
import {frameworkMounts} from '../helpers/framework-mounts.js';
import {listen} from '../helpers/listen.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, redirect, startServer, type TestServer} from '../helpers/server.js';

const png = readFileSync(new URL('../fixtures/media/sample.png', import.meta.url));

const page = (title: string) =>
  html(`<!doctype html><html lang="en"><head><title>${title}</title>
    <meta property="og:description" content="A page served on loopback.">
    <meta property="og:image" content="/img.png"></head>
    <body><h1 id="headline" style="width:200px;height:50px;background:#c00">Hello</h1></body></html>`);

let target: TestServer;
let closedPort: number;

beforeAll(async () => {
  target = await startServer({
    '/page': page('Sample page'),
    '/img.png': (_request, response) => void response.writeHead(200, {'content-type': 'image/png'}).end(png),
    '/query': (request, response) => {
      const search = new URL(request.url ?? '/', 'http://x').search;
      response.writeHead(200, {'content-type': 'text/html'}).end(`<title>query ${search}</title>`);
    },
    '/auth': (request, response) => {
      response.writeHead(200, {'content-type': 'text/html'}).end(`<title>auth ${request.headers.authorization ?? 'none'}</title>`);
    },
    '/slow': (_request, response) => {
      const timer = setTimeout(() => response.writeHead(200, {'content-type': 'text/html'}).end('<title>late</title>'), 5000);
      response.on('close', () => clearTimeout(timer));
    },
    '/missing': (_request, response) => void response.writeHead(404, {'content-type': 'text/html'}).end('<title>nope</title>'),
    '/data.json': (_request, response) => void response.writeHead(200, {'content-type': 'application/json'}).end('{}'),
    '/with-headers': (_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.setHeader('x-powered-by', 'loopback');
      response.setHeader('link', ['</a.css>; rel=preload', '</b.js>; rel=preload']);
      response.setHeader('set-cookie', ['session=secret; HttpOnly', 'other=2']);
      response.end('<title>headers</title>');
    },
  });
  for (let hop = 0; hop < 12; hop++) target.route(`/hop/${hop}`, redirect(`/hop/${hop + 1}`));
  // A port nothing listens on: connections to it are refused.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(() => target.close());

type Mount = (config: HandlerConfig) => Promise<{base: string; close: () => Promise<void>}>;


const mounts: [string, Mount][] = [
  ['node:http', (config) => listen(createServer(createHandler(config)), '/')],
  [
    'Express (mounted under /preview)',
    (config) => {
      const app = express();
      app.use('/preview', createHandler(config));
      return listen(createServer(app), '/preview/');
    },
  ],
  [
    'Koa (handleQuery)',
    (config) => {
      const app = new Koa();
      app.use(async (ctx) => {
        const answer = await handleQuery(ctx.URL.searchParams, config, {method: ctx.method});
        ctx.status = answer.status;
        ctx.set(answer.headers);
        ctx.body = answer.body;
      });
      return listen(createServer(app.callback()), '/');
    },
  ],
  // The Web handler, Hono and Fastify (issue 26): the same contract, tests/helpers/framework-mounts.ts.
  ...frameworkMounts,
];

const hitsOf = (path: string) => target.hits.filter((hit) => hit === `GET ${path}`).length;

describe.each(mounts)('the endpoint on %s', (_name, mount) => {
  let base: string;
  let close: () => Promise<void>;
  let publicBase: string;
  let closePublic: () => Promise<void>;

  beforeAll(async () => {
    ({base, close} = await mount({...loopbackConfig, timeout: 3000}));
    ({base: publicBase, close: closePublic} = await mount({}));
  });
  afterAll(async () => {
    await close();
    await closePublic();
  });

  const get = (query: string, init?: RequestInit) => fetch(`${base}?${query}`, {redirect: 'manual', ...init});
  const target_ = (path: string) => encodeURIComponent(target.url(path));

  it('answers a success envelope with statusCode, redirects and the documented headers', async () => {
    const response = await get(`url=${target_('/page')}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.headers.get('x-cache-status')).toBe('MISS');
    expect(response.headers.get('x-response-time')).toMatch(/^\d+(\.\d+)?ms$/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const timing = response.headers.get('server-timing') ?? '';
    for (const metric of ['url', 'fetch', 'parse', 'rules', 'resolve', 'ping', 'total']) {
      expect(timing).toMatch(new RegExp(`(^|, )${metric};dur=\\d+\\.\\d`));
    }
    const body = await response.json();
    expect(body).toMatchObject({
      status: 'success',
      statusCode: 200,
      redirects: [],
      data: {
        title: 'Sample page',
        description: 'A page served on loopback.',
        lang: 'en',
        image: {url: target.url('/img.png'), type: 'png', width: 37, height: 21},
      },
    });
  });

  it('serves the second identical request from the cache without touching the target', async () => {
    const query = `url=${target_('/page?cache-test')}&ping=false`;
    const first = await get(query);
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    const before = hitsOf('/page?cache-test');
    // Same request, parameters in another order: same cache entry.
    const second = await get(`ping=false&url=${target_('/page?cache-test')}`);
    expect(second.headers.get('x-cache-status')).toBe('HIT');
    expect(second.headers.get('server-timing')).toMatch(/^cache;dur=/);
    expect(await second.json()).toEqual(await first.json());
    expect(hitsOf('/page?cache-test')).toBe(before);
  });

  it('coalesces concurrent identical requests into one page request', async () => {
    const path = `/page?coalesce-${Math.random()}`;
    const responses = await Promise.all(Array.from({length: 6}, () => get(`url=${encodeURIComponent(target.url(path))}&ping=false`)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(hitsOf(path)).toBe(1);
  });

  it('forwards headers.* to the target and never caches that answer', async () => {
    const query = `url=${target_('/auth')}&ping=false&headers.authorization=Bearer%20secret`;
    const first = await get(query);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache-status')).toBe('BYPASS');
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect((await first.json()).data.title).toBe('auth Bearer secret');
    const before = hitsOf('/auth');
    expect((await get(query)).headers.get('x-cache-status')).toBe('BYPASS');
    expect(hitsOf('/auth')).toBe(before + 1);
    // Without the header, another caller gets the anonymous view, not the cached credentialed one.
    expect((await (await get(`url=${target_('/auth')}&ping=false`)).json()).data.title).toBe('auth none');
  });

  it('reads dotted and snake_case options', async () => {
    const response = await get(`url=${target_('/page?dotted')}&ping.image=false&ping.url=false&headers.user_agent=probe`);
    expect(response.status).toBe(200);
    const {data} = await response.json();
    // With ping.image=false the image URL is returned raw: not checked, so no type or size.
    expect(data.image).toEqual({url: target.url('/img.png')});
  });

  it('keeps a percent-encoded target query string intact', async () => {
    const response = await get(`url=${encodeURIComponent(target.url('/query?id=1&lang=en'))}&ping=false`);
    expect((await response.json()).data.title).toBe('query ?id=1&lang=en');
  });

  it('turns the extra params of an unencoded target query string into an unknown-parameter error (spec rule 7)', async () => {
    const response = await fetch(`${base}?url=${target.url('/query?id=1&lang=en')}&ping=false`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({status: 'fail', code: 'EINVALOPTION', data: {lang: 'is not a known parameter'}});
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await get(`url=${target_('/page')}`, {method: 'HEAD'});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  it('answers other methods with 405 and Allow: GET, HEAD', async () => {
    const response = await get(`url=${target_('/page')}`, {method: 'POST', body: 'x'});
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect((await response.json()).status).toBe('fail');
  });

  const errorCases: [string, () => string, number, Record<string, unknown>][] = [
    ['a missing url', () => 'ping=false', 400, {status: 'fail', code: 'EINVALURL', data: {url: 'is required'}}],
    ['a malformed url', () => 'url=http%3A%2F%2F%5B%3A%3A1', 400, {status: 'fail', code: 'EINVALURL', url: 'http://[::1'}],
    ['an ftp url', () => 'url=ftp%3A%2F%2Fexample.com%2F', 400, {status: 'fail', code: 'EINVALURL', data: {url: expect.any(String)}}],
    ['an unknown parameter', () => `url=${target_('/page')}&pingg=false`, 400, {code: 'EINVALOPTION', data: {pingg: 'is not a known parameter'}}],
    ['a bad boolean', () => `url=${target_('/page')}&ping=maybe`, 400, {code: 'EINVALOPTION', data: {ping: 'must be `true` or `false`'}}],
    ['an out-of-range number', () => `url=${target_('/page')}&screenshot.width=0`, 400, {code: 'EINVALOPTION', data: {'screenshot.width': expect.any(String)}}],
    ['a refused header', () => `url=${target_('/page')}&headers.host=evil.test`, 400, {code: 'EINVALOPTION', data: {'headers.host': 'may not be set by the caller'}}],
    ['a name resolving to a private address', () => 'url=http%3A%2F%2Fprivate.test%2F', 400, {status: 'fail', code: 'EFORBIDDENURL'}],
    // Target failures are a 424 `fail` (not a 5xx that clients retry), with the message under `data.url`.
    ['more than 10 redirects', () => `url=${target_('/hop/0')}`, 424, {status: 'fail', code: 'EMAXREDIRECTS', data: {url: expect.any(String)}}],
    ['a target slower than the timeout', () => `url=${target_('/slow')}&timeout=300`, 424, {status: 'fail', code: 'ETIMEOUT', data: {url: expect.any(String)}}],
    ['a target answering 404', () => `url=${target_('/missing')}`, 424, {status: 'fail', code: 'EHTTP', statusCode: 404, data: {url: expect.any(String)}}],
    ['a refused connection', () => `url=${encodeURIComponent(`http://127.0.0.1:${closedPort}/`)}`, 424, {status: 'fail', code: 'EFETCH', data: {url: expect.any(String)}}],
  ];

  it.each(errorCases)('answers %s with its status and JSend body', async (_case, query, status, expected) => {
    const response = await get(query());
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(body).toMatchObject(expected);
    expect(typeof body.message).toBe('string');
    expect(body.more).toBe(`https://github.com/linkpeek/linkpeek/blob/main/docs/endpoint.md#${String(body.code).toLowerCase()}`);
    expect(JSON.stringify(body)).not.toMatch(/stack|\n\s+at /);
  });

  it('answers a target answering JSON with its file card, not an error (issue 24)', async () => {
    const response = await get(`url=${target_('/data.json')}&ping=false`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'success',
      data: {title: 'data', url: target.url('/data.json'), image: null},
      file: {kind: 'file', mimeType: 'application/json', type: 'json', name: 'data.json', size: 2, reason: null},
    });
  });

  it('names the URL asked for in a target error', async () => {
    const body = await (await get(`url=${target_('/missing')}`)).json();
    expect(body.url).toBe(target.url('/missing'));
  });

  it('refuses loopback targets with EFORBIDDENURL under the default policy', async () => {
    const before = target.hits.length;
    const response = await fetch(`${publicBase}?url=${target_('/page')}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({status: 'fail', code: 'EFORBIDDENURL', url: target.url('/page'), data: {url: expect.any(String)}});
    expect(target.hits.length).toBe(before);
  });

  it('answers embed=title as text/plain and embed=image.url with a redirect', async () => {
    const title = await get(`url=${target_('/page')}&embed=title`);
    expect(title.status).toBe(200);
    expect(title.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(title.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await title.text()).toBe('Sample page');
    const image = await get(`url=${target_('/page')}&embed=image.url`);
    expect(image.status).toBe(302);
    expect(image.headers.get('location')).toBe(target.url('/img.png'));
    const missing = await get(`url=${target_('/page')}&embed=video.url`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({code: 'EINVALOPTION', data: {embed: 'has no value for this page'}});
  });
});

describe('the handler seam', () => {
  it('times overridden stages and still uses them', async () => {
    let calls = 0;
    const handler = createHandler({
      ...loopbackConfig,
      cache: false,
      stages: {
        fetchPage: (url, request, config) => {
          calls++;
          return fetchPage(url, request, config);
        },
      },
    });
    const {base, close} = await listen(createServer(handler), '/');
    try {
      const response = await fetch(`${base}?url=${encodeURIComponent(target.url('/page'))}&ping=false`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-cache-status')).toBe('BYPASS');
      expect(response.headers.get('server-timing')).toMatch(/fetch;dur=/);
      expect(calls).toBe(1);
    } finally {
      await close();
    }
  });

  it('answers a bug with a generic 500, no stack, and reports it to onError', async () => {
    const reported: LinkpeekError[] = [];
    const config: HandlerConfig = {
      ...loopbackConfig,
      onError: (error) => reported.push(error),
      stages: {
        parseHtml: () => {
          throw new TypeError('secret internal detail');
        },
      },
    };
    const answer = await handleQuery(new URLSearchParams({url: target.url('/page')}), config);
    expect(answer.status).toBe(500);
    const body = JSON.parse(String(answer.body));
    expect(body).toEqual({
      status: 'error',
      code: 'EINTERNAL',
      message: 'An internal error occurred.',
      more: 'https://github.com/linkpeek/linkpeek/blob/main/docs/endpoint.md#einternal',
      url: target.url('/page'),
    });
    expect(reported.map((error) => error.code)).toEqual(['EINTERNAL']);
    expect((reported[0]?.cause as Error).message).toBe('secret internal detail');
  });

  it('answers the target\'s response headers next to data, without set-cookie', async () => {
    const answer = await handleQuery(new URLSearchParams({url: target.url('/with-headers'), ping: 'false'}), loopbackConfig);
    expect(answer.status).toBe(200);
    const body = JSON.parse(String(answer.body));
    expect(body.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'x-powered-by': 'loopback',
      link: '</a.css>; rel=preload, </b.js>; rel=preload',
    });
    expect(Object.values(body.headers).every((value) => typeof value === 'string')).toBe(true);
    expect(body.headers).not.toHaveProperty('set-cookie');
    expect(String(answer.body)).not.toContain('secret');
    // filter trims data, never the envelope.
    const filtered = JSON.parse(String((await handleQuery(new URLSearchParams({url: target.url('/with-headers'), ping: 'false', filter: 'title'}), loopbackConfig)).body));
    expect(filtered).toMatchObject({data: {title: 'headers'}, headers: {'x-powered-by': 'loopback'}});
  });

  it('links `more` under errorDocsUrl when given, and refuses one that is not a string', async () => {
    const answer = await handleQuery(new URLSearchParams({url: target.url('/missing')}), {...loopbackConfig, errorDocsUrl: 'https://microlink.io/'});
    expect(answer.status).toBe(424);
    expect(JSON.parse(String(answer.body))).toMatchObject({code: 'EHTTP', more: 'https://microlink.io/ehttp'});
    expect(() => createHandler({errorDocsUrl: 42 as never})).toThrow('errorDocsUrl');
  });

  it('shares one Keyv store between two handlers', async () => {
    const cache = new Keyv<CacheEntry>();
    const query = new URLSearchParams({url: target.url('/page?keyv'), ping: 'false'});
    const first = await handleQuery(query, {...loopbackConfig, cache});
    const second = await handleQuery(query, {...loopbackConfig, cache});
    expect(first.headers['x-cache-status']).toBe('MISS');
    expect(second.headers['x-cache-status']).toBe('HIT');
    expect(hitsOf('/page?keyv')).toBe(1);
  });

  it('serves the files of screenshotDirectory under screenshotPath, and nothing else', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'linkpeek-handler-'));
    await writeFile(join(directory, 'abc123.png'), png);
    await writeFile(join(directory, 'notes.txt'), 'private');
    const {base, close} = await listen(createServer(createHandler({screenshotDirectory: directory, screenshotPath: '/shots/'})), '/');
    try {
      const image = await fetch(`${base}shots/abc123.png`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
      for (const path of ['shots/notes.txt', 'shots/missing.png', 'shots/%2e%2e%2fabc123.png', 'shots/sub/abc123.png', 'elsewhere']) {
        expect([path, (await fetch(`${base}${path}`)).status]).toEqual([path, 404]);
      }
    } finally {
      await close();
      await rm(directory, {recursive: true, force: true});
    }
  });

  it('rejects an invalid handler config at once', () => {
    expect(() => createHandler({cacheTtl: -1})).toThrow(expect.objectContaining({code: 'EINVALOPTION'}));
    expect(() => createHandler({cache: {get: () => undefined} as never})).toThrow(expect.objectContaining({code: 'EINVALOPTION'}));
  });
});

const describeEmbed = chromiumPath ? describe : process.env.CI === 'true' ? describe : describe.skip;
if (!chromiumPath && process.env.CI !== 'true') process.stderr.write('Skipping embed=screenshot.url tests: no Chromium found.\n');

describeEmbed('embed=screenshot.url', () => {
  const provider = createChromiumProvider();
  afterAll(() => provider.close());

  it('answers the image bytes with their content type, so <img src> works', async () => {
    const {base, close} = await listen(createServer(createHandler({...loopbackConfig, screenshotProvider: provider})), '/');
    try {
      const response = await fetch(`${base}?url=${encodeURIComponent(target.url('/page'))}&ping=false&embed=screenshot.url&element=%23headline`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      // IHDR width and height: the element's 200x50 box.
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([200, 50]);
    } finally {
      await close();
    }
  }, 60_000);

  it('reads a file-store screenshot from screenshotDirectory for embed, and serves it under screenshotPath', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'linkpeek-handler-'));
    let handler: ReturnType<typeof createHandler> | undefined;
    const {base, close} = await listen(createServer((request, response) => void handler?.(request, response)), '/');
    handler = createHandler({
      ...loopbackConfig,
      screenshotProvider: provider,
      screenshotStore: createFileStore({directory, baseUrl: `${base}shots/`}),
      screenshotDirectory: directory,
      screenshotPath: '/shots/',
    });
    try {
      const query = `url=${encodeURIComponent(target.url('/page?file-store'))}&ping=false&element=%23headline`;
      const embedded = await fetch(`${base}?${query}&embed=screenshot.url`, {redirect: 'manual'});
      expect(embedded.status).toBe(200);
      expect(embedded.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await embedded.arrayBuffer());
      const {data} = await (await fetch(`${base}?${query}&screenshot`)).json();
      expect(data.screenshot.url).toMatch(new RegExp(`^${base}shots/[0-9a-f]{64}\\.png$`));
      expect(Buffer.from(await (await fetch(data.screenshot.url)).arrayBuffer())).toEqual(bytes);
    } finally {
      await close();
      await rm(directory, {recursive: true, force: true});
    }
  }, 60_000);

  it('serves a stale cached image at once and refreshes it in the background', async () => {
    const config: HandlerConfig = {...loopbackConfig, screenshotProvider: provider, cacheTtl: 0, staleTtl: 60_000};
    const query = new URLSearchParams({url: target.url('/page?stale'), ping: 'false', embed: 'screenshot.url', 'screenshot.type': 'jpeg'});
    const first = await handleQuery(query, config);
    expect(first.headers['x-cache-status']).toBe('MISS');
    expect(first.headers['content-type']).toBe('image/jpeg');
    const pageHits = hitsOf('/page?stale');
    const second = await handleQuery(query, config);
    expect(second.headers['x-cache-status']).toBe('STALE');
    expect(second.body).toEqual(first.body);
    // The background refresh fetches the page again.
    for (let wait = 0; hitsOf('/page?stale') === pageHits && wait < 100; wait++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hitsOf('/page?stale')).toBeGreaterThan(pageHits);
    // A JSON request for the same key joins the refresh in flight, so the test ends after it.
    const joined = await handleQuery(new URLSearchParams({url: target.url('/page?stale'), ping: 'false', 'screenshot.type': 'jpeg'}), config);
    expect(joined.status).toBe(200);
  }, 60_000);
});
