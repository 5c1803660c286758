import {randomUUID} from 'node:crypto';
import type {Redis} from 'ioredis';
import {LinkpeekError, missingDependency} from '../errors.js';
import {assertInstalled} from '../shared/load-optional.js';
import {openRedis} from '../shared/redis-client.js';
import type {CacheEntry, CacheLock, CacheStore} from './result-cache.js';

/** Options of {@link createRedisCache}. */
export interface RedisCacheOptions {
  /** Prefix of every key, so several apps can share one Redis. @default 'linkpeek' */
  namespace?: string;
  /**
   * Milliseconds one Redis operation may take before it counts as failed (the request then goes on
   * uncached, `X-Cache-Status: BYPASS`). @default 1000
   */
  operationTimeout?: number;
}

/** A cache shared through Redis, with a lock for coalescing identical requests across instances. */
export interface RedisCache extends CacheStore<CacheEntry> {
  lock: CacheLock;
  /** Closes the Redis connection. */
  close(): Promise<void>;
}


const missing = (name: string, cause: unknown) => missingDependency(name, 'The Redis cache (`createRedisCache`, `linkpeek serve --redis`)', cause);

// Deletes the lock only if it still holds our token: a lock that expired and was taken by another
// instance is not ours to release.
const releaseScript = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * The result cache on Redis, through ioredis (the one Redis client of linkpeek: the queue, the host
 * gate and robots.txt store use it too), for several `linkpeek serve` or `createHandler` instances:
 * `createHandler({cache: createRedisCache('redis://host:6379')})`. An entry is JSON at
 * `<namespace>:result:<key>`, expiring with its TTL. Besides sharing results, it carries a lock
 * (`SET NX PX` at `<namespace>:lock:<key>`), so N instances asked for the same URL at once make one
 * extraction: one instance extracts, the others wait for its entry; a lock outlives a crashed owner
 * by at most its TTL.
 *
 * It never waits for Redis: while Redis is down, every operation fails at once (no offline queue),
 * the handler answers uncached (`X-Cache-Status: BYPASS`), and the client reconnects in the
 * background (100 ms to 2 s apart), so caching resumes when Redis is back.
 * @throws LinkpeekError EMISSINGDEP when `ioredis` (an optional package) is not installed
 */
export function createRedisCache(url: string, options: RedisCacheOptions = {}): RedisCache {
  const namespace = options.namespace ?? 'linkpeek';
  const timeout = options.operationTimeout ?? 1000;
  const entryKey = (key: string) => `${namespace}:result:${key}`;
  const lockKey = (key: string) => `${namespace}:lock:${key}`;
  // An optional package: said at once when missing (EMISSINGDEP), loaded on first use, so that
  // `import 'linkpeek'` never loads the Redis client.
  assertInstalled('ioredis', missing);
  let closed = false;
  const ready = (async () => {
    // Errors are answered per operation (the handler reports them).
    const client = await openRedis(
      url,
      // No ready check: the first connection is usable at once (one round trip fewer before the first operation).
      {enableOfflineQueue: false, enableReadyCheck: false, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: (times: number) => Math.min(100 * times, 2000)},
      missing,
    );
    // The first operations wait for the first connection, up to `operationTimeout`; after that,
    // operations fail at once while Redis is down, instead of queueing.
    let timer: NodeJS.Timeout | undefined;
    let settle = () => {};
    await new Promise<void>((resolve) => {
      settle = resolve;
      client.once('ready', resolve);
      timer = setTimeout(resolve, timeout);
    });
    clearTimeout(timer);
    client.off('ready', settle);
    if (closed) client.disconnect();
    return client;
  })();

  const call = async <T>(what: string, operation: (client: Redis) => Promise<T>): Promise<T> => {
    if (closed) throw new LinkpeekError('ECACHE', 'The Redis cache is closed.');
    const client = await ready;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        operation(client),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`Redis ${what} took more than ${timeout} ms`)), timeout);
        }),
      ]);
    } catch (error) {
      throw new LinkpeekError('ECACHE', `The Redis cache failed (${what}): requests are answered uncached until it is back.`, {cause: error});
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    get: (key) =>
      call('get', async (client) => {
        const text = await client.get(entryKey(key));
        return text === null ? undefined : (JSON.parse(text) as CacheEntry);
      }),
    set: (key, value, ttl) =>
      call('set', (client) => {
        const text = JSON.stringify(value);
        return ttl === undefined ? client.set(entryKey(key), text) : client.set(entryKey(key), text, 'PX', Math.max(1, Math.ceil(ttl)));
      }),
    delete: (key) => call('delete', (client) => client.del(entryKey(key))),
    lock: {
      async acquire(key, ttl) {
        const token = randomUUID();
        const name = lockKey(key);
        const taken = await call('lock', (client) => client.set(name, token, 'PX', Math.max(1, Math.ceil(ttl)), 'NX'));
        if (taken !== 'OK') return null;
        return async () => {
          await call('unlock', (client) => client.eval(releaseScript, 1, name, token));
        };
      },
      held: (key) => call('lock', (client) => client.exists(lockKey(key))).then((count) => count > 0),
    },
    async close() {
      if (closed) return;
      closed = true;
      const client = await ready;
      // quit() waits for replies in flight; disconnect() ends a connection that is down or reconnecting.
      await client.quit().catch(() => {});
      client.disconnect();
    },
  };
}
