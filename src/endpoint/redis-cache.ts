import {randomUUID} from 'node:crypto';
import {LinkpeekError, missingDependency} from '../errors.js';
import {assertInstalled, loadOptional} from '../shared/load-optional.js';
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

// The parts of the @redis/client client this file uses.
interface RedisClient {
  isOpen: boolean;
  connect(): Promise<unknown>;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  set(key: string, value: string, options: {condition: 'NX'; expiration: {type: 'PX'; value: number}}): Promise<unknown>;
  exists(key: string): Promise<number>;
  eval(script: string, options: {keys: string[]; arguments: string[]}): Promise<unknown>;
  close(): Promise<unknown>;
  destroy(): void;
}

interface KeyvLike {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown, ttl?: number): Promise<unknown>;
  delete(key: string): Promise<unknown>;
  on(event: 'error', listener: (error: unknown) => void): unknown;
}

// Deletes the lock only if it still holds our token: a lock that expired and was taken by another
// instance is not ours to release.
const missing = (name: string, cause: unknown) => missingDependency(name, 'The Redis cache (`createRedisCache`, `linkpeek serve --redis`)', cause);

const releaseScript = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * The result cache on Redis, through Keyv and `@keyv/redis`, for several `linkpeek serve` or
 * `createHandler` instances: `createHandler({cache: createRedisCache('redis://host:6379')})`.
 * Besides sharing results, it carries a lock (`SET NX PX` on the same connection), so N instances
 * asked for the same URL at once make one extraction: one instance extracts, the others wait for
 * its entry; a lock outlives a crashed owner by at most its TTL.
 *
 * It never waits for Redis: while Redis is down, every operation fails at once (no offline queue),
 * the handler answers uncached (`X-Cache-Status: BYPASS`), and the client reconnects in the
 * background (100 ms to 2 s apart), so caching resumes when Redis is back.
 * @throws LinkpeekError EMISSINGDEP when `keyv` or `@keyv/redis` (optional packages) is not installed
 */
export function createRedisCache(url: string, options: RedisCacheOptions = {}): RedisCache {
  const namespace = options.namespace ?? 'linkpeek';
  const timeout = options.operationTimeout ?? 1000;
  const lockKey = (key: string) => `${namespace}:lock:${key}`;
  // Optional packages: said at once when missing (EMISSINGDEP), loaded on first use, so that
  // `import 'linkpeek'` never loads the Redis client.
  assertInstalled('keyv', missing);
  assertInstalled('@keyv/redis', missing);
  let closed = false;
  const ready = (async () => {
    const [{default: Keyv}, {default: KeyvRedis, createClient}] = await Promise.all([
      loadOptional('keyv', () => import('keyv'), missing),
      loadOptional('@keyv/redis', () => import('@keyv/redis'), missing),
    ]);
    const client = createClient({
      url,
      disableOfflineQueue: true,
      socket: {connectTimeout: 1000, reconnectStrategy: (retries: number) => Math.min(100 * (retries + 1), 2000)},
    }) as unknown as RedisClient;
    // Errors are answered per operation (the handler reports them); an unhandled 'error' event would
    // crash the process.
    client.on('error', () => {});
    // The first operations wait for the first connection, up to `operationTimeout`; after that,
    // operations fail at once while Redis is down, instead of queueing.
    const connected = client.connect().catch(() => {});
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([connected, new Promise((resolve) => (timer = setTimeout(resolve, timeout)))]);
    clearTimeout(timer);
    const adapter = new KeyvRedis(client as never, {throwOnErrors: true, throwOnConnectError: true});
    adapter.on('error', () => {});
    const keyv = new Keyv<CacheEntry>({store: adapter, namespace, throwOnErrors: true}) as unknown as KeyvLike;
    keyv.on('error', () => {});
    if (closed) client.destroy();
    return {client, keyv};
  })();

  const call = async <T>(what: string, operation: (parts: Awaited<typeof ready>) => Promise<T>): Promise<T> => {
    if (closed) throw new LinkpeekError('ECACHE', 'The Redis cache is closed.');
    const parts = await ready;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        operation(parts),
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
    get: (key) => call('get', ({keyv}) => keyv.get(key) as Promise<CacheEntry | undefined>),
    set: (key, value, ttl) => call('set', ({keyv}) => keyv.set(key, value, ttl)),
    delete: (key) => call('delete', ({keyv}) => keyv.delete(key)),
    lock: {
      async acquire(key, ttl) {
        const token = randomUUID();
        const name = lockKey(key);
        const taken = await call('lock', ({client}) =>
          client.set(name, token, {condition: 'NX', expiration: {type: 'PX', value: Math.max(1, Math.ceil(ttl))}}),
        );
        if (taken !== 'OK') return null;
        return async () => {
          await call('unlock', ({client}) => client.eval(releaseScript, {keys: [name], arguments: [token]}));
        };
      },
      held: (key) => call('lock', ({client}) => client.exists(lockKey(key))).then((count) => count > 0),
    },
    async close() {
      if (closed) return;
      closed = true;
      const {client} = await ready;
      // close() waits for replies in flight; destroy() ends a connection that is down or reconnecting.
      await client.close().catch(() => {});
      try {
        client.destroy();
      } catch {
        // already closed
      }
    },
  };
}
