// Back off, for everyone: a wall or a 429 is remembered in the handler's cache store, so concurrent
// and following requests for that target get the same answer without asking the target again,
// across instances sharing a real redis-server, and the official client does not retry it.
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import mql from '@microlink/mql';
import {createHandler, type HandlerConfig} from '../../src/endpoint/handler.js';
import {createRedisCache, type RedisCache} from '../../src/endpoint/redis-cache.js';
import {isLoopback} from '../helpers/policy.js';
import {describeWithRedis, startRedis, type TestRedis} from '../helpers/redis.js';
import {startSimulatedWeb, webLookup, type SimulatedWeb, type WebHost} from '../helpers/simulated-web.js';

jest.setTimeout(60_000);

let web: SimulatedWeb;
const endpoints: Server[] = [];

beforeAll(async () => {
  web = await startSimulatedWeb();
});
afterAll(async () => {
  for (const server of endpoints) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await web.close();
});

/** An endpoint on 127.0.0.1 in front of the simulated web; `calls` counts the queries it got. */
async function endpoint(config: HandlerConfig = {}): Promise<{base: string; calls: string[]}> {
  const handler = createHandler({allowAddress: isLoopback, dnsLookup: webLookup, ...config});
  const calls: string[] = [];
  const server = createServer((request, response) => {
    calls.push(request.url ?? '');
    void handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoints.push(server);
  return {base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, calls};
}

async function ask(base: string, host: WebHost, path: string, query = '') {
  const response = await fetch(`${base}?url=${encodeURIComponent(web.url(host, path))}${query}`);
  const body = (await response.json()) as {status: string; code?: string; retryAfter?: number; data?: Record<string, unknown>};
  return {status: response.status, retryAfter: response.headers.get('retry-after'), timing: response.headers.get('server-timing'), body};
}

const pageHits = (host: WebHost, path: string) => web.hitsOf(host).filter((hit) => hit === `GET ${path}`).length;

describe('one instance', () => {
  it('50 parallel requests for a walled page make one fetch; later requests with other options make none', async () => {
    const {base} = await endpoint();
    const answers = await Promise.all(Array.from({length: 50}, () => ask(base, 'www.instagram.com', '/p/parallel', '&prerender=false')));
    for (const answer of answers) {
      expect(answer.status).toBe(424);
      expect(answer.body).toMatchObject({status: 'fail', code: 'EWALL', data: {kind: 'login', publisher: 'instagram.com'}});
    }
    expect(pageHits('www.instagram.com', '/p/parallel')).toBe(1);
    // Other options are another cache key, but the same target: still no new fetch.
    for (const query of ['&prerender=false&ping=false', '&prerender=false&meta=false', '&prerender=false&iframe']) {
      const answer = await ask(base, 'www.instagram.com', '/p/parallel', query);
      expect(answer.body.code).toBe('EWALL');
    }
    expect(pageHits('www.instagram.com', '/p/parallel')).toBe(1);
    // A wall is never cached as a success: the answer is the error, with no-store.
    const again = await fetch(`${base}?url=${encodeURIComponent(web.url('www.instagram.com', '/p/parallel'))}&prerender=false`);
    expect(again.headers.get('cache-control')).toBe('no-store');
  });

  it('a 429 with Retry-After: 120 backs the whole origin off: 300 requests for its pages after the first make no fetch', async () => {
    const {base} = await endpoint();
    const first = await ask(base, 'api.ratelimited.net', '/first');
    expect(first.status).toBe(429);
    expect(first.retryAfter).toBe('120');
    expect(first.body).toMatchObject({status: 'fail', code: 'ERATELIMIT', retryAfter: 120, data: {kind: 'rate-limit'}});
    const before = web.hitsOf('api.ratelimited.net').length;
    const answers = await Promise.all(Array.from({length: 300}, (_, i) => ask(base, 'api.ratelimited.net', `/page/${i}`, i % 2 ? '&ping=false' : '')));
    expect(web.hitsOf('api.ratelimited.net').length).toBe(before);
    for (const answer of answers) {
      expect(answer.status).toBe(429);
      expect(answer.body.code).toBe('ERATELIMIT');
      // Counting down from 120 s.
      expect(Number(answer.retryAfter)).toBeGreaterThan(100);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(120);
    }
  });

  it('the backoff ends after maxBackoff (a Retry-After above it is capped), and backoffTtl: 0 turns it off', async () => {
    const capped = await endpoint({maxBackoff: 1000});
    await ask(capped.base, 'api.ratelimited.net', '/capped');
    const hits = web.hitsOf('api.ratelimited.net').length;
    expect((await ask(capped.base, 'api.ratelimited.net', '/capped')).retryAfter).toBe('1');
    expect(web.hitsOf('api.ratelimited.net').length).toBe(hits);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await ask(capped.base, 'api.ratelimited.net', '/capped');
    expect(web.hitsOf('api.ratelimited.net').length).toBe(hits + 1);

    const off = await endpoint({backoffTtl: 0});
    const start = web.hitsOf('api.ratelimited.net').length;
    await ask(off.base, 'api.ratelimited.net', '/off');
    await ask(off.base, 'api.ratelimited.net', '/off');
    expect(web.hitsOf('api.ratelimited.net').length).toBe(start + 2);
  });

  it('a wall met without the browser is not the answer for a call that allows it (prerender is part of the page key)', async () => {
    const {base} = await endpoint();
    await ask(base, 'www.instagram.com', '/p/variant', '&prerender=false');
    expect(pageHits('www.instagram.com', '/p/variant')).toBe(1);
    // No screenshot provider is configured: 'auto' cannot render, but it is another setting, so it asks again.
    const auto = await ask(base, 'www.instagram.com', '/p/variant', '&prerender=auto');
    expect(auto.body.code).toBe('EWALL');
    expect(pageHits('www.instagram.com', '/p/variant')).toBe(2);
    await ask(base, 'www.instagram.com', '/p/variant', '&prerender=auto&ping=false');
    expect(pageHits('www.instagram.com', '/p/variant')).toBe(2);
  });

  it('a call with its own headers (cookies) neither reads nor writes the shared backoff: a wall or a rate limit is its own view', async () => {
    const {base} = await endpoint();
    await ask(base, 'www.instagram.com', '/p/headers', '&prerender=false');
    expect(pageHits('www.instagram.com', '/p/headers')).toBe(1);
    const own = await ask(base, 'www.instagram.com', '/p/headers', '&prerender=false&headers.cookie=sessionid%3Dx');
    expect(own.body.code).toBe('EWALL');
    expect(pageHits('www.instagram.com', '/p/headers')).toBe(2);

    await ask(base, 'api.ratelimited.net', '/headers');
    const before = web.hitsOf('api.ratelimited.net').length;
    const limited = await ask(base, 'api.ratelimited.net', '/headers', '&headers.cookie=sessionid%3Dx');
    expect(limited.body.code).toBe('ERATELIMIT');
    // Asked again with its cookies: the shared 429 was not read.
    expect(web.hitsOf('api.ratelimited.net').length).toBe(before + 1);
    // And what it met was not written: a wall met with cookies leaves the shared view alone.
    await ask(base, 'www.instagram.com', '/p/private-only', '&prerender=false&headers.cookie=sessionid%3Dx');
    await ask(base, 'www.instagram.com', '/p/private-only', '&prerender=false');
    expect(pageHits('www.instagram.com', '/p/private-only')).toBe(2);
  });

  it('@microlink/mql gets the error once: it does not retry a 429 or a 424', async () => {
    const {base, calls} = await endpoint();
    for (const [host, path, code] of [
      ['api.ratelimited.net', '/mql', 'ERATELIMIT'],
      ['www.instagram.com', '/p/mql', 'EWALL'],
    ] as const) {
      const before = calls.length;
      const error = await mql(web.url(host, path), {endpoint: base, prerender: false}).then(
        () => undefined,
        (thrown: unknown) => thrown as {code?: string; status?: string},
      );
      expect(error).toMatchObject({code, status: 'fail'});
      expect(calls.length - before).toBe(1);
    }
  });
});

describeWithRedis('instances sharing one redis-server', () => {
  let redis: TestRedis;
  const caches: RedisCache[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const cache of caches) await cache.close();
    await redis.close();
  });

  const cache = () => {
    const created = createRedisCache(redis.url);
    caches.push(created);
    return created;
  };

  it('a wall or a 429 one instance met is answered by the other without a fetch', async () => {
    const a = await endpoint({cache: cache()});
    const b = await endpoint({cache: cache()});
    expect((await ask(a.base, 'api.ratelimited.net', '/shared')).body.code).toBe('ERATELIMIT');
    expect((await ask(a.base, 'www.instagram.com', '/p/shared', '&prerender=false')).body.code).toBe('EWALL');
    const limits = web.hitsOf('api.ratelimited.net').length;
    const walls = pageHits('www.instagram.com', '/p/shared');
    const fromB = await Promise.all([ask(b.base, 'api.ratelimited.net', '/other'), ask(b.base, 'www.instagram.com', '/p/shared', '&prerender=false')]);
    expect(fromB.map((answer) => answer.body.code)).toEqual(['ERATELIMIT', 'EWALL']);
    expect(fromB[0]?.retryAfter).not.toBeNull();
    expect(web.hitsOf('api.ratelimited.net').length).toBe(limits);
    expect(pageHits('www.instagram.com', '/p/shared')).toBe(walls);
  });

  it('20 parallel requests split over two instances for a walled page make one fetch', async () => {
    const a = await endpoint({cache: cache()});
    const b = await endpoint({cache: cache()});
    const answers = await Promise.all(Array.from({length: 20}, (_, i) => ask(i % 2 ? a.base : b.base, 'www.instagram.com', '/p/split', '&prerender=false')));
    expect(answers.every((answer) => answer.body.code === 'EWALL')).toBe(true);
    expect(pageHits('www.instagram.com', '/p/split')).toBe(1);
  });
});
