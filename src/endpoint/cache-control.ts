import {LinkpeekError} from '../errors.js';
import type {CacheEntry, Freshness} from './result-cache.js';

// Per-request cache control, as the hosted service takes it: `ttl` (how long an answer is kept,
// 1 minute to 31 days), `staleTtl` (from what age, below `ttl`, a cached answer is served at once
// and refreshed in the background) and `cacheKey` (callers giving the same key share one entry).

/** The shortest `ttl` the service accepts (its alias `min`): 1 minute. */
export const minTtl = 60_000;
/** The longest `ttl` the service accepts (its alias `max`): 31 days. */
export const maxTtl = 31 * 24 * 60 * 60_000;
/** The longest `cacheKey`: a key is a name, not a payload. */
export const maxCacheKeyLength = 256;

/** The cache parameters of one request, as given (strings from the query). */
export interface CacheParams {
  ttl?: string;
  staleTtl?: string;
  cacheKey?: string;
}

/** How one request uses the cache, every value resolved. */
export interface CachePolicy {
  /** Milliseconds an entry answers this request from the cache. */
  ttl: number;
  /**
   * The age (ms, below `ttl`) from which a cached entry is answered at once and refreshed in the
   * background (`X-Cache-Status: STALE`); `null` when the request gave none.
   */
  staleTtl: number | null;
  /** The caller's own key (`cacheKey`), or `null` for the key made from the request. */
  key: string | null;
}

const units: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};
// The unit spellings `ms` (the package the service's docs use for durations) reads: `1d`, `2 hours`, `90min`.
const spellings: Record<string, keyof typeof units> = {
  ms: 'ms', msec: 'ms', msecs: 'ms', millisecond: 'ms', milliseconds: 'ms',
  s: 's', sec: 's', secs: 's', second: 's', seconds: 's',
  m: 'm', min: 'm', mins: 'm', minute: 'm', minutes: 'm',
  h: 'h', hr: 'h', hrs: 'h', hour: 'h', hours: 'h',
  d: 'd', day: 'd', days: 'd',
  w: 'w', week: 'w', weeks: 'w',
};

/**
 * Milliseconds from a duration as the service takes it: a number of milliseconds (`86400000`) or
 * a number with a unit (`1d`, `12h`, `90min`, `1.5 hours`, `30s`); `undefined` when it is neither.
 */
export function parseDuration(value: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(value.trim());
  if (!match) return undefined;
  const unit = match[2] ? spellings[match[2].toLowerCase()] : 'ms';
  if (unit === undefined) return undefined;
  return Math.round(Number(match[1]) * units[unit]!);
}

/**
 * Resolves a request's cache parameters over the endpoint's default `ttl` (config `cacheTtl`).
 * `ttl` takes the aliases `min` (1 minute) and `max` (31 days); `staleTtl` must be below the
 * request's `ttl` (`0`: every cached answer is served at once and refreshed in the background).
 * @throws LinkpeekError EINVALTTL (data `{ttl}`), EINVALSTTL (data `{staleTtl}`), EINVALOPTION for a
 *   bad `cacheKey`.
 */
export function resolveCachePolicy(params: CacheParams, defaultTtl: number): CachePolicy {
  let ttl = defaultTtl;
  if (params.ttl !== undefined) {
    const alias = params.ttl.trim().toLowerCase();
    const given = alias === 'min' ? minTtl : alias === 'max' ? maxTtl : parseDuration(params.ttl);
    if (given === undefined || given < minTtl || given > maxTtl) {
      const reason = 'must be a duration from 1 minute to 31 days (milliseconds, `1h`, `1d`, `min` or `max`)';
      throw new LinkpeekError('EINVALTTL', `Parameter \`ttl\` ${reason}. Received ${shown(params.ttl)}.`, {data: {ttl: reason}});
    }
    ttl = given;
  }
  let staleTtl: number | null = null;
  if (params.staleTtl !== undefined) {
    const given = parseDuration(params.staleTtl);
    if (given === undefined || given >= ttl) {
      const reason = `must be a duration below the \`ttl\` (${ttl} ms): milliseconds, \`0\`, \`1h\`...`;
      throw new LinkpeekError('EINVALSTTL', `Parameter \`staleTtl\` ${reason}. Received ${shown(params.staleTtl)}.`, {data: {staleTtl: reason}});
    }
    staleTtl = given;
  }
  let key: string | null = null;
  if (params.cacheKey !== undefined) {
    // Printable ASCII only: it becomes part of a Redis key and is never echoed beyond its length.
    if (params.cacheKey.length === 0 || params.cacheKey.length > maxCacheKeyLength || /[^\x21-\x7e]/.test(params.cacheKey)) {
      const reason = `must be 1 to ${maxCacheKeyLength} printable ASCII characters without spaces`;
      throw new LinkpeekError('EINVALOPTION', `Parameter \`cacheKey\` ${reason}.`, {data: {cacheKey: reason}});
    }
    key = params.cacheKey;
  }
  return {ttl, staleTtl, key};
}

function shown(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
}

/**
 * How an entry answers a request: `fresh` (a HIT) while younger than the request's `staleTtl`
 * (else its `ttl`); `stale` (answered at once, refreshed in the background) from `staleTtl` to `ttl`,
 * and for an `embed` request `grace` ms more past the `ttl` (spec §4.1 screenshot rule 3, the
 * config's `staleTtl`); `expired` after that.
 */
export function entryState(entry: CacheEntry, policy: CachePolicy, grace: number, now = Date.now()): Freshness {
  const age = now - entry.storedAt;
  if (age < policy.ttl) return policy.staleTtl !== null && age >= policy.staleTtl ? 'stale' : 'fresh';
  return grace > 0 && age < policy.ttl + grace ? 'stale' : 'expired';
}

/**
 * The `Cache-Control` of an answer from (or into) the cache: `max-age` is what is left of the
 * entry's fresh time (the `staleTtl` when given, else the `ttl`), with `stale-while-revalidate` for
 * the rest of the `ttl` when a `staleTtl` was given; a stale answer is `max-age=0, must-revalidate`.
 */
export function cacheControl(state: 'HIT' | 'MISS' | 'STALE' | 'BYPASS', policy: CachePolicy, storedAt: number | null, now = Date.now()): string {
  if (state === 'STALE') return 'public, max-age=0, must-revalidate';
  const freshFor = policy.staleTtl ?? policy.ttl;
  const left = storedAt === null ? freshFor : storedAt + freshFor - now;
  const maxAge = `public, max-age=${Math.max(0, Math.ceil(left / 1000))}`;
  return policy.staleTtl === null ? maxAge : `${maxAge}, stale-while-revalidate=${Math.floor((policy.ttl - policy.staleTtl) / 1000)}`;
}

/** The store key of a request made with `cacheKey`: every request naming it shares the entry. */
export function customCacheKey(key: string): string {
  return `linkpeek:v1:key:${key}`;
}
