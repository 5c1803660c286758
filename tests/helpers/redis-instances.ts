// Handler instances on one redis-server, as several processes of a deployment would be: each its own
// HTTP server on a loopback port with its own Redis cache client.
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {createHandler, type HandlerConfig} from '../../src/endpoint/handler.js';
import {createRedisCache, type RedisCache} from '../../src/endpoint/redis-cache.js';
import type {LinkpeekError} from '../../src/errors.js';
import {loopbackConfig} from './policy.js';

export interface Instance {
  base: string;
  cache: RedisCache;
  /** What the handler reported through `onError`. */
  errors: LinkpeekError[];
  server: Server;
}

/** A handler on `redisUrl`'s cache, listening on a loopback port, with the loopback policy and `config` over it. */
export async function startInstance(redisUrl: string, config: Partial<HandlerConfig> = {}): Promise<Instance> {
  const cache = createRedisCache(redisUrl);
  const errors: LinkpeekError[] = [];
  const server = createServer(createHandler({...loopbackConfig, ...config, cache, onError: (error) => errors.push(error)}));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, cache, errors, server};
}

/** Closes each instance's server (open connections too) and its Redis client; skips those never started. */
export async function closeInstances(instances: (Instance | undefined)[]): Promise<void> {
  for (const one of instances) {
    if (!one) continue;
    one.server.closeAllConnections();
    await new Promise((resolve) => one.server.close(resolve));
    await one.cache.close();
  }
}
