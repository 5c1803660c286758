// `linkpeek/endpoint`: the HTTP endpoint (a Node handler, the Web-standard fetch handler, the core
// for any other framework) and its result caches (in memory, or shared on Redis).
// `linkpeek/fastify` is the Fastify plugin over the same route.
export {createHandler, handleQuery} from './handler.js';
export type {HandlerConfig, QueryRequest, QueryResponse} from './handler.js';
export {createFetchHandler} from './fetch-handler.js';
export type {FetchHandler, FetchHandlerConfig} from './fetch-handler.js';
export {createMemoryCache} from './result-cache.js';
export type {CacheStore, CacheEntry, CacheLock, MemoryCacheOptions} from './result-cache.js';
export {createRedisCache} from './redis-cache.js';
export type {RedisCache, RedisCacheOptions} from './redis-cache.js';
