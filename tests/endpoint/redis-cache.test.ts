// Several handler instances on one real redis-server (Debian's package, started here on a loopback
// port in a temp dir): a shared cache, coalescing across instances, and Redis going away and back.
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import {cacheKey} from '../../src/endpoint/result-cache.js';
import {normalizeConfig, normalizeOptions} from '../../src/options.js';
import {start} from '../helpers/child.js';
import {loopbackConfig} from '../helpers/policy.js';
import {describeWithRedis, startRedis, type TestRedis} from '../helpers/redis.js';
import {closeInstances, type Instance, startInstance} from '../helpers/redis-instances.js';
import {startServer, type TestServer} from '../helpers/server.js';

jest.setTimeout(60_000);

let redis: TestRedis;
let target: TestServer;
let a: Instance;
let b: Instance;

const instance = () => startInstance(redis.url);

const fetchesOf = (path: string) => target.hits.filter((hit) => hit === `GET ${path}`).length;

async function ask(on: Instance, path: string) {
  const response = await fetch(`${on.base}?url=${encodeURIComponent(target.url(path))}&ping=false`);
  const body = (await response.json()) as {status: string; data?: {title: string}};
  return {status: response.status, cache: response.headers.get('x-cache-status'), title: body.data?.title, body};
}

describeWithRedis('two handler instances sharing one redis-server', () => {
  beforeAll(async () => {
    redis = await startRedis();
    target = await startServer();
    // Every path is a page titled after itself, answered after 300 ms so concurrent requests overlap.
    target.server.removeAllListeners('request');
    target.server.on('request', (request, response) => {
      target.hits.push(`${request.method} ${request.url}`);
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      setTimeout(() => response.writeHead(200, {'content-type': 'text/html'}).end(`<title>page ${path}</title>`), 300);
    });
    a = await instance();
    b = await instance();
  });

  afterAll(async () => {
    await closeInstances([a, b]);
    await target?.close();
    await redis?.close();
  });

  it('answers a MISS on A, then a HIT on B from the shared cache', async () => {
    expect(await ask(a, '/shared')).toMatchObject({status: 200, cache: 'MISS', title: 'page /shared'});
    expect(await ask(b, '/shared')).toMatchObject({status: 200, cache: 'HIT', title: 'page /shared'});
    expect(fetchesOf('/shared')).toBe(1);
  });

  it('coalesces N concurrent identical requests spread over A and B into one target fetch', async () => {
    const answers = await Promise.all(Array.from({length: 12}, (_, i) => ask(i % 2 ? b : a, '/burst')));
    expect(answers.every((answer) => answer.status === 200 && answer.title === 'page /burst')).toBe(true);
    expect(fetchesOf('/burst')).toBe(1);
    expect(a.errors.concat(b.errors)).toEqual([]);
  });

  it('takes over from a crashed owner once its lock expires', async () => {
    const url = target.url('/orphan');
    const key = cacheKey(url, normalizeOptions({ping: false}, normalizeConfig(loopbackConfig)));
    // An owner that took the lock for 1.5 s and died: nobody releases it.
    const taken = await a.cache.lock.acquire(key, 1500);
    expect(taken).toEqual(expect.any(Function));
    const started = Date.now();
    expect(await ask(b, '/orphan')).toMatchObject({status: 200, title: 'page /orphan'});
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(1200);
    expect(waited).toBeLessThan(5000);
    expect(fetchesOf('/orphan')).toBe(1);
  });

  it('answers every request while Redis is down (BYPASS, reported once), and caches again when it is back', async () => {
    await redis.stop();
    const down = [];
    for (let i = 0; i < 3; i++) down.push(await ask(a, '/outage'), await ask(b, '/outage'));
    for (const answer of down) expect(answer).toMatchObject({status: 200, cache: 'BYPASS', title: 'page /outage'});
    // Concurrent requests during the outage are still answered (coalesced within each instance).
    const burst = await Promise.all(Array.from({length: 6}, (_, i) => ask(i % 2 ? b : a, '/outage-burst')));
    expect(burst.every((answer) => answer.status === 200 && answer.cache === 'BYPASS')).toBe(true);
    // Once per outage and instance, not once per request.
    expect(a.errors).toHaveLength(1);
    expect(b.errors).toHaveLength(1);
    expect(a.errors[0]).toMatchObject({code: 'ECACHE', message: expect.stringContaining('Redis cache failed')});
    expect(b.errors[0]?.code).toBe('ECACHE');

    await redis.start();
    // The clients reconnect in the background (at most 2 s apart).
    const deadline = Date.now() + 15_000;
    let first = await ask(a, '/back');
    while (first.cache === 'BYPASS' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      first = await ask(a, '/back');
    }
    expect(first).toMatchObject({status: 200, cache: 'MISS'});
    let second = await ask(b, '/back');
    while (second.cache === 'BYPASS' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      second = await ask(b, '/back');
    }
    expect(second).toMatchObject({status: 200, cache: 'HIT', title: 'page /back'});
  });
});

describeWithRedis('linkpeek serve --redis', () => {
  beforeAll(async () => {
    redis = await startRedis();
    target = await startServer({
      '/cli': (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end('<title>served twice</title>'),
    });
  });
  afterAll(async () => {
    await target?.close();
    await redis?.close();
  });

  const serve = (args: string[], env: Record<string, string> = {}) =>
    start(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--port', '0', '--allow-loopback', ...args], env);
  const query = (base: string, path: string) => fetch(`${base}?url=${encodeURIComponent(target.url(path))}&ping=false`);

  it('shares the cache between two processes (--redis and LINKPEEK_REDIS_URL)', async () => {
    const one = serve(['--redis', redis.url]);
    const two = serve([], {LINKPEEK_REDIS_URL: redis.url});
    try {
      const [, baseOne] = await one.waitFor('stderr', /listening on (http:\/\/127\.0\.0\.1:\d+\/) \(cache on redis:/);
      const [, baseTwo] = await two.waitFor('stderr', /listening on (http:\/\/127\.0\.0\.1:\d+\/) \(cache on redis:/);
      const first = await query(baseOne as string, '/cli');
      expect([first.status, first.headers.get('x-cache-status')]).toEqual([200, 'MISS']);
      const second = await query(baseTwo as string, '/cli');
      expect([second.status, second.headers.get('x-cache-status')]).toEqual([200, 'HIT']);
      expect(((await second.json()) as {data: {title: string}}).data.title).toBe('served twice');
      expect(target.hits.filter((hit) => hit.startsWith('GET /cli')).length).toBe(1);
    } finally {
      one.child.kill('SIGTERM');
      two.child.kill('SIGTERM');
    }
    expect((await one.finished).code).toBe(0);
    expect((await two.finished).code).toBe(0);
  });

  it('answers uncached with one warning line when Redis is unreachable', async () => {
    // A port nothing listens on.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const dead = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const server = serve(['--redis', `redis://127.0.0.1:${dead}`]);
    try {
      const [, base] = await server.waitFor('stderr', /listening on (http:\/\/127\.0\.0\.1:\d+\/)/);
      for (let i = 0; i < 3; i++) {
        const answer = await query(base as string, '/cli');
        expect([answer.status, answer.headers.get('x-cache-status')]).toEqual([200, 'BYPASS']);
      }
    } finally {
      server.child.kill('SIGTERM');
    }
    const {code, stderr} = await server.finished;
    expect(code).toBe(0);
    const lines = stderr.split('\n').filter((line) => line.includes('Redis cache failed'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({level: 'warn', code: 'ECACHE'});
  });

  it('refuses a --redis value that is not a redis:// URL (exit 2)', async () => {
    const {code, stderr} = await serve(['--redis', 'http://127.0.0.1:1']).finished;
    expect(code).toBe(2);
    expect(JSON.parse(stderr)).toMatchObject({code: 'EINVALOPTION'});
  });
});
