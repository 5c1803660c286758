import {createServer} from 'node:http';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import Koa from 'koa';
import {createHandler, handleQuery, type HandlerConfig} from '../../src/endpoint/handler.js';
import {applyFilter} from '../../src/endpoint/filter.js';
import {parseQuery} from '../../src/endpoint/parse-query.js';
import {thrown} from '../helpers/failure.js';
import {listen} from '../helpers/listen.js';
import {loopbackConfig} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';

// The parameters and request headers the official client (@microlink/mql) commonly sends (issue 14 part 4).

const parse = (query: string, headers?: Record<string, string | string[] | undefined>) => parseQuery(new URLSearchParams(query), headers);

const errorOf = thrown;

describe('parseQuery: the client parameters', () => {
  it('accepts audio and video as booleans that change nothing', () => {
    expect(parse('url=https://a.test/&audio&video=false').options).toEqual({});
    expect(parse('url=https://a.test/&audio=true&video=true').options).toEqual({});
    expect(errorOf(() => parse('url=https://a.test/&audio=yes')).data).toEqual({audio: 'must be `true` or `false`'});
  });

  it('reads force as a boolean', () => {
    expect(parse('url=https://a.test/').force).toBe(false);
    expect(parse('url=https://a.test/&force').force).toBe(true);
    expect(parse('url=https://a.test/&force=true').force).toBe(true);
    expect(parse('url=https://a.test/&force=false').force).toBe(false);
    expect(errorOf(() => parse('url=https://a.test/&force=1')).code).toBe('EINVALOPTION');
  });

  it('reads filter as dotted paths and refuses malformed ones, naming filter', () => {
    expect(parse('url=https://a.test/').filter).toBeNull();
    expect(parse('url=https://a.test/&filter=url,title,image.url').filter).toEqual(['url', 'title', 'image.url']);
    expect(parse('url=https://a.test/&filter=url, title,url').filter).toEqual(['url', 'title']);
    for (const bad of ['', 'url,,title', 'image.', '.url', 'a b', '__proto__', 'image.constructor']) {
      const error = errorOf(() => parse(`url=https://a.test/&filter=${encodeURIComponent(bad)}`));
      expect(error.code).toBe('EINVALOPTION');
      expect(Object.keys(error.data ?? {})).toEqual(['filter']);
    }
  });

  it('reads timeout as milliseconds or in the human form', () => {
    const timeout = (value: string) => parse(`url=https://a.test/&timeout=${value}`).options.timeout;
    expect(timeout('2500')).toBe(2500);
    expect(timeout('500ms')).toBe(500);
    expect(timeout('10s')).toBe(10_000);
    expect(timeout('1.5s')).toBe(1500);
    expect(timeout('10secs')).toBe(10_000);
    expect(timeout('10seconds')).toBe(10_000);
    for (const bad of ['soon', '10m', '-1s', 's', '10 h']) {
      expect(errorOf(() => parse(`url=https://a.test/&timeout=${encodeURIComponent(bad)}`)).data).toHaveProperty('timeout');
    }
  });

  it('turns x-api-header-<name> request headers into headers.<name>, and ignores the others', () => {
    const parsed = parse('url=https://a.test/', {
      'x-api-header-authorization': 'Bearer secret',
      'X-Api-Header-User_Agent': 'probe',
      'x-api-header-accept-language': ['en', 'fr'],
      accept: 'application/json',
      'x-api-key': 'ignored',
    });
    expect(parsed.options.headers).toEqual({authorization: 'Bearer secret', 'user-agent': 'probe', 'accept-language': 'en, fr'});
    expect(parse('url=https://a.test/', {accept: 'text/html'}).options.headers).toBeUndefined();
  });

  it('refuses an x-api-header-* that repeats a headers.* parameter, or names no header', () => {
    const twice = errorOf(() => parse('url=https://a.test/&headers.cookie=a', {'x-api-header-cookie': 'b'}));
    expect(twice.message).toContain('more than once');
    expect(twice.message).not.toContain('b');
    expect(errorOf(() => parse('url=https://a.test/', {'x-api-header-': 'x'})).code).toBe('EINVALOPTION');
  });
});

describe('applyFilter', () => {
  const data = {url: 'u', title: 't', description: null, image: {url: 'i', width: 1}, logo: null};
  it('keeps only the given paths', () => {
    expect(applyFilter(data, ['url', 'title', 'image.url'])).toEqual({url: 'u', title: 't', image: {url: 'i'}});
    expect(applyFilter(data, ['image.url', 'image'])).toEqual({image: {url: 'i', width: 1}});
    expect(applyFilter(data, ['image', 'image.url'])).toEqual({image: {url: 'i', width: 1}});
    expect(applyFilter(data, ['logo.url', 'description', 'nothing', 'title.length'])).toEqual({logo: null, description: null, title: 't'});
  });
});

let target: TestServer;
let hits = 0;

beforeAll(async () => {
  target = await startServer({
    '/page': (_request, response) => {
      hits++;
      response.writeHead(200, {'content-type': 'text/html'}).end(`<!doctype html><html lang="en"><head><title>Visit ${hits}</title>
        <meta property="og:description" content="A page served on loopback."></head><body></body></html>`);
    },
    '/echo': (request, response) => {
      const shown = `${request.headers.authorization ?? 'none'} | ${request.headers['user-agent'] ?? ''}`;
      response.writeHead(200, {'content-type': 'text/html'}).end(`<title>${shown}</title>`);
    },
    '/slow': (_request, response) => {
      const timer = setTimeout(() => response.writeHead(200, {'content-type': 'text/html'}).end('<title>late</title>'), 3000);
      response.on('close', () => clearTimeout(timer));
    },
  });
});

afterAll(() => target.close());


const mounts: [string, (config: HandlerConfig) => Promise<{base: string; close: () => Promise<void>}>][] = [
  ['createHandler on node:http', (config) => listen(createServer(createHandler(config)))],
  [
    'handleQuery under Koa',
    (config) => {
      const app = new Koa();
      app.use(async (ctx) => {
        const answer = await handleQuery(ctx.URL.searchParams, config, {method: ctx.method, headers: ctx.headers});
        ctx.status = answer.status;
        ctx.set(answer.headers);
        ctx.body = answer.body;
      });
      return listen(createServer(app.callback()));
    },
  ],
];

describe.each(mounts)('the client parameters on %s', (_name, mount) => {
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({base, close} = await mount({...loopbackConfig, timeout: 5000}));
  });
  afterAll(() => close());

  const get = (query: string, init?: RequestInit) => fetch(`${base}?${query}`, {redirect: 'manual', ...init});
  const target_ = (path: string) => encodeURIComponent(target.url(path));

  it('accepts audio and video and answers as without them', async () => {
    const response = await get(`url=${target_('/page?av')}&ping=false&audio&video=true`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {data: Record<string, unknown>};
    expect(body.data).toHaveProperty('audio');
    expect(body.data).toHaveProperty('video');
  });

  it('force=true extracts afresh, answers BYPASS and stores the fresh result', async () => {
    const query = `url=${target_('/page?force')}&ping=false`;
    const first = (await (await get(query)).json()) as {data: {title: string}};
    const cached = await get(query);
    expect(cached.headers.get('x-cache-status')).toBe('HIT');
    expect(((await cached.json()) as {data: {title: string}}).data.title).toBe(first.data.title);
    const forced = await get(`${query}&force=true`);
    expect(forced.status).toBe(200);
    expect(forced.headers.get('x-cache-status')).toBe('BYPASS');
    const fresh = ((await forced.json()) as {data: {title: string}}).data.title;
    expect(fresh).not.toBe(first.data.title);
    // The fresh result replaced the old entry.
    const after = await get(query);
    expect(after.headers.get('x-cache-status')).toBe('HIT');
    expect(((await after.json()) as {data: {title: string}}).data.title).toBe(fresh);
  });

  it('filter trims data to the given paths and keeps the rest of the envelope', async () => {
    const response = await get(`url=${target_('/page?filter')}&ping=false&filter=title,url,image.url,nothing`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.status).toBe('success');
    expect(body.statusCode).toBe(200);
    expect(body).toHaveProperty('redirects');
    expect(Object.keys(body.data as object).sort()).toEqual(['image', 'title', 'url']);
    expect((body.data as {url: string}).url).toBe(target.url('/page?filter'));
    // The cached entry is whole: the same page without filter has every field.
    const whole = await get(`url=${target_('/page?filter')}&ping=false`);
    expect(whole.headers.get('x-cache-status')).toBe('HIT');
    expect((await whole.json()) as {data: object}).toMatchObject({data: {description: 'A page served on loopback.'}});
  });

  it('answers a malformed filter with EINVALOPTION naming filter', async () => {
    const response = await get(`url=${target_('/page')}&filter=title,,url`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({status: 'fail', code: 'EINVALOPTION', data: {filter: expect.any(String)}});
  });

  it('reads timeout in the human form', async () => {
    const response = await get(`url=${target_('/slow')}&ping=false&timeout=0.5s`);
    expect(response.status).toBe(424);
    expect(await response.json()).toMatchObject({code: 'ETIMEOUT'});
  });

  it('forwards x-api-header-* request headers to the target, never cached', async () => {
    const query = `url=${target_('/echo')}&ping=false`;
    const init = {headers: {'x-api-header-authorization': 'Bearer secret', 'x-api-header-user-agent': 'probe'}};
    const first = await get(query, init);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache-status')).toBe('BYPASS');
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(((await first.json()) as {data: {title: string}}).data.title).toBe('Bearer secret | probe');
    // A call without them gets the target's own view, not the one with the header.
    const plain = await get(query);
    expect(plain.headers.get('x-cache-status')).toBe('MISS');
    expect(((await plain.json()) as {data: {title: string}}).data.title).toMatch(/^none \| /);
  });

  it('refuses the names headers.* refuses, without echoing the value', async () => {
    const response = await get(`url=${target_('/echo')}`, {headers: {'x-api-header-proxy-authorization': 'Basic c2VjcmV0'}});
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({code: 'EINVALOPTION', data: {'headers.proxy-authorization': expect.any(String)}});
    expect(text).not.toContain('c2VjcmV0');
  });

  it('sends x-api-header-* to the target origin only', async () => {
    const other = await startServer({
      '/': (request, response) => {
        response.writeHead(200, {'content-type': 'text/html'}).end(`<title>${request.headers.authorization ?? 'none'}</title>`);
      },
    });
    try {
      target.route('/away', (_request, response) => void response.writeHead(302, {location: other.url('/')}).end());
      const response = await get(`url=${target_('/away')}&ping=false`, {headers: {'x-api-header-authorization': 'Bearer secret'}});
      expect(response.status).toBe(200);
      expect(((await response.json()) as {data: {title: string}}).data.title).toBe('none');
    } finally {
      await other.close();
    }
  });
});
