import {LRUCache} from 'lru-cache';
import type {ExtractResult} from '../data.js';
import type {ResolvedOptions} from '../options.js';

/**
 * A Keyv-compatible key-value store: a `Keyv` instance (e.g. backed by Redis, so several instances
 * share one cache) fits as it is. `ttl` is in milliseconds.
 */
export interface CacheStore<V = unknown> {
  get(key: string): Promise<V | undefined> | V | undefined;
  set(key: string, value: V, ttl?: number): Promise<unknown> | unknown;
  delete(key: string): Promise<unknown> | unknown;
  /**
   * A lock shared by every instance using the store (see `createRedisCache`): when present, identical
   * requests are coalesced across instances, not only within one process.
   */
  lock?: CacheLock;
}

/** A lock with a TTL, shared by the instances of one cache store. */
export interface CacheLock {
  /**
   * Takes `key` for `ttl` milliseconds. Resolves to the function that releases it, or to `null` when
   * another holder has it; rejects when the store cannot be reached.
   */
  acquire(key: string, ttl: number): Promise<(() => Promise<void>) | null>;
  /** Whether anyone holds `key`. */
  held(key: string): Promise<boolean>;
}

/** What the handler keeps per request: the result and when it was extracted. */
export interface CacheEntry {
  result: ExtractResult;
  /** Epoch milliseconds of the extraction. */
  storedAt: number;
}

/** Options of {@link createMemoryCache}. */
export interface MemoryCacheOptions {
  /** Most entries kept; the least recently used go first. @default 1000 */
  max?: number;
  /**
   * Most characters of JSON kept in all (a screenshot stored as a `data:` URI makes an entry large).
   * @default 67108864 (64 Mi characters)
   */
  maxSize?: number;
}

/**
 * The default cache: an in-process LRU (lru-cache) with a per-entry TTL. Not shared between
 * processes; use `createRedisCache` (or any Keyv-compatible store) for that.
 */
export function createMemoryCache<V extends object = CacheEntry>(options: MemoryCacheOptions = {}): CacheStore<V> {
  const lru = new LRUCache<string, V>({
    max: options.max ?? 1000,
    maxSize: options.maxSize ?? 64 * 1024 * 1024,
    // Entries are JSON-able results; their JSON length is a fair measure of the memory they hold.
    sizeCalculation: (value) => Math.max(1, JSON.stringify(value).length),
  });
  return {
    get: (key) => lru.get(key),
    set: (key, value, ttl) => void lru.set(key, value, ttl === undefined ? undefined : {ttl}),
    delete: (key) => lru.delete(key),
  };
}

/**
 * The cache key of a request: the target URL plus every option that changes the result, in a fixed
 * key order, so `?ping=false&url=x` and `?url=x&ping=false` share an entry. The timeout, retry and signal
 * are left out: they change whether a result comes, not what it is.
 */
export function cacheKey(url: string, options: Omit<ResolvedOptions, 'timeout' | 'signal' | 'headers' | 'retry'>): string {
  let href = url;
  try {
    // The fragment never reaches the target (spec rule 5), so `page#a` and `page#b` are one page.
    const parsed = new URL(url);
    parsed.hash = '';
    href = parsed.href;
  } catch {
    // An invalid URL never reaches the cache (it fails first); keep it raw.
  }
  // Every other option changes the result. (Calls with `headers` are never cached: see handler.ts.)
  // `retry`, like the timeout, changes whether a result comes, not what it is.
  const {timeout: _timeout, signal: _signal, headers: _headers, retry: _retry, ...shaping} = options as ResolvedOptions;
  return `linkpeek:v1:${stableJson({url: href, ...shaping})}`;
}

function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    // Compiled forms (a selector's matcher function) stand beside their source text, which is kept.
    .filter(([, item]) => item !== undefined && typeof item !== 'function')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
}

/** How fresh a cached entry is. */
export type Freshness = 'fresh' | 'stale' | 'expired';

/** `fresh` while younger than `ttl`, `stale` for `staleTtl` more, then `expired`. */
export function freshness(entry: CacheEntry, ttl: number, staleTtl: number, now = Date.now()): Freshness {
  const age = now - entry.storedAt;
  if (age < ttl) return 'fresh';
  return age < ttl + staleTtl ? 'stale' : 'expired';
}

/**
 * Runs `task` once per key at a time: concurrent callers with the same key share the one promise,
 * so N identical requests make one extraction.
 */
export function createCoalescer<T>(): (key: string, task: () => Promise<T>) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (key, task) => {
    const running = inFlight.get(key);
    if (running) return running;
    const started = task().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}
