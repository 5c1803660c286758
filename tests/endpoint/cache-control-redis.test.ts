// Per-request cache control across instances (issue 37 item 1): two handlers on one real
// redis-server (started here on a loopback port) answer ttl, staleTtl and cacheKey with the same
// headers: what one stored, the other answers with the same X-Timestamp and X-Cache-TTL; a stale
// entry refreshed by one is fresh on the other.
import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import {customCacheKey, maxTtl} from '../../src/endpoint/cache-control.js';
import type {CacheEntry} from '../../src/endpoint/result-cache.js';
import {describeWithRedis, startRedis, type TestRedis} from '../helpers/redis.js';
import {closeInstances, type Instance, startInstance} from '../helpers/redis-instances.js';
import {type CountingServer, startCountingServer} from '../helpers/server.js';

jest.setTimeout(60_000);

const hour = 3_600_000;
const day = 24 * hour;

let redis: TestRedis;
/** Each page's title counts its fetches: `/page` → `/page 1`, then `/page 2`... */
let target: CountingServer;
let a: Instance;
let b: Instance;

const instance = () => startInstance(redis.url);

async function ask(on: Instance, path: string, params: Record<string, string> = {}) {
  const query = new URLSearchParams({url: target.url(path), ping: 'false', ...params});
  const response = await fetch(`${on.base}?${query}`);
  const body = (await response.json()) as {status: string; code?: string; data?: {title: string}};
  const header = (name: string) => response.headers.get(name);
  return {
    status: response.status,
    code: body.code,
    title: body.data?.title,
    cache: header('x-cache-status'),
    ttl: header('x-cache-ttl'),
    stamp: header('x-timestamp'),
    control: header('cache-control'),
  };
}

const fetches = (path: string) => target.fetches(path);

/** Waits until the Redis entry of `cacheKey` holds `title` (a background refresh stored), or fails after 10 s. */
async function storedTitle(cacheKey: string, title: string): Promise<CacheEntry> {
  const read = async () => (await a.cache.get(customCacheKey(cacheKey))) as CacheEntry | undefined;
  for (let wait = 0; (await read())?.result.data.title !== title && wait < 200; wait++) await new Promise((resolve) => setTimeout(resolve, 50));
  const entry = await read();
  expect(entry?.result.data.title).toBe(title);
  return entry as CacheEntry;
}

describeWithRedis('ttl, staleTtl and cacheKey on two instances sharing one redis-server', () => {
  beforeAll(async () => {
    redis = await startRedis();
    target = await startCountingServer();
    a = await instance();
    b = await instance();
  });

  afterAll(async () => {
    await closeInstances([a, b]);
    await target?.close();
    await redis?.close();
  });

  it('answers the entry A stored with the same X-Timestamp and X-Cache-TTL on B', async () => {
    const params = {ttl: '1d', staleTtl: '1h'};
    const first = await ask(a, '/both', params);
    expect(first).toMatchObject({status: 200, cache: 'MISS', ttl: String(day), control: 'public, max-age=3600, stale-while-revalidate=82800'});
    const second = await ask(b, '/both', params);
    expect(second).toMatchObject({status: 200, cache: 'HIT', ttl: String(day), stamp: first.stamp, title: '/both 1'});
    expect(second.control).toMatch(/^public, max-age=(3600|3599), stale-while-revalidate=82800$/);
    expect(fetches('/both')).toBe(1);
    // Redis keeps the entry for the ttl asked (its own PX), not the config's hour.
    const pttl = Number(await redisCommand('PTTL', await entryKeyOf('/both')));
    expect(pttl).toBeGreaterThan(day);
  });

  it('serves a stale entry at once on A, refreshes it once, and B then answers the new one as a HIT', async () => {
    const params = {cacheKey: 'front-card', ttl: '1d', staleTtl: '1h'};
    expect((await ask(a, '/swr', params)).cache).toBe('MISS');
    // Made two hours old, as if stored then: past the staleTtl, within the ttl.
    const entry = (await a.cache.get(customCacheKey('front-card'))) as CacheEntry;
    await a.cache.set(customCacheKey('front-card'), {...entry, storedAt: entry.storedAt - 2 * hour}, maxTtl);
    const stale = await ask(a, '/swr', params);
    expect(stale).toMatchObject({cache: 'STALE', title: '/swr 1', ttl: String(day), control: 'public, max-age=0, must-revalidate'});
    expect(Number(stale.stamp)).toBe(entry.storedAt - 2 * hour);
    // Once A's refresh is stored, B answers it fresh: one extraction for both.
    const refreshed = await storedTitle('front-card', '/swr 2');
    const onB = await ask(b, '/swr', params);
    expect(onB).toMatchObject({cache: 'HIT', title: '/swr 2', stamp: String(refreshed.storedAt)});
    expect(fetches('/swr')).toBe(2);
  });

  it('starts one background refresh for a stale entry asked on both instances at once', async () => {
    const params = {cacheKey: 'burst-card', ttl: '1d', staleTtl: '0'};
    expect((await ask(a, '/burst', params)).cache).toBe('MISS');
    const answers = await Promise.all(Array.from({length: 8}, (_, i) => ask(i % 2 ? b : a, '/burst', params)));
    expect(answers.map((answer) => answer.cache)).toEqual(Array.from({length: 8}, () => 'STALE'));
    await storedTitle('burst-card', '/burst 2');
    expect(fetches('/burst')).toBe(2);
  });

  it('shares a cacheKey entry between instances, whatever the URL', async () => {
    const first = await ask(a, '/key-a', {cacheKey: 'shared-card'});
    expect(first).toMatchObject({cache: 'MISS', title: '/key-a 1'});
    expect(await ask(b, '/key-b', {cacheKey: 'shared-card'})).toMatchObject({cache: 'HIT', title: '/key-a 1', stamp: first.stamp});
    expect(fetches('/key-b')).toBe(0);
  });

  it('answers the same validation errors on both instances', async () => {
    for (const on of [a, b]) {
      expect(await ask(on, '/invalid', {ttl: '1s'})).toMatchObject({status: 400, code: 'EINVALTTL', cache: 'BYPASS', control: 'no-store', ttl: null});
      expect(await ask(on, '/invalid', {ttl: 'min', staleTtl: '5m'})).toMatchObject({status: 400, code: 'EINVALSTTL'});
    }
    expect(fetches('/invalid')).toBe(0);
  });
});

/** The Redis key of the entry for `path` (asked with ping=false): the only one naming it. */
async function entryKeyOf(path: string): Promise<string> {
  const keys = String(await redisCommand('KEYS', `*${target.url(path)}"*`)).split('\n').filter((key) => !key.includes(':lock:') && !key.includes('force:'));
  expect(keys).toHaveLength(1);
  return keys[0]!;
}

/** One command through Debian's redis-cli, the way an operator would look. */
async function redisCommand(...args: string[]): Promise<string> {
  const {spawnSync} = await import('node:child_process');
  const run = spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(redis.port), '--raw', ...args], {encoding: 'utf8', timeout: 5000});
  return run.stdout.trim();
}
