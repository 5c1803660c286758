// The one Redis client of linkpeek, ioredis (an optional package), imported on first use: the
// result cache (endpoint/redis-cache.ts) and the queue, host gate and robots.txt store (batch/)
// all connect through here, so no other Redis client is ever loaded.
import type {Redis, RedisOptions} from 'ioredis';
import {loadOptional, type MissingPackage} from './load-optional.js';

// Typed by name (the part used): the declaration build cannot name the inferred type of the module's namespace.
interface IoredisModule {
  Redis: typeof Redis;
}
const importIoredis = (): Promise<IoredisModule> => import('ioredis');

/** Imports ioredis now (a missing package becomes `missing('ioredis')`). */
export function loadRedisClient(missing: MissingPackage): Promise<IoredisModule> {
  return loadOptional('ioredis', importIoredis, missing);
}

/**
 * A client for `url` with `options`. Its 'error' events are heard (an unheard one would crash the
 * process): what fails is answered per command, and the client reconnects by itself.
 */
export async function openRedis(url: string, options: RedisOptions, missing: MissingPackage): Promise<Redis> {
  const {Redis} = await loadRedisClient(missing);
  const client = new Redis(url, options);
  client.on('error', () => {});
  return client;
}
