import {isLinkpeekError, LinkpeekError} from '../errors.js';
import {backoffError, backoffFor, backoffKeys, type BackoffEntry, type BackoffTimes} from './backoff.js';
import type {CachePolicy} from './cache-control.js';
import type {CacheEntry, CacheStore} from './result-cache.js';

/** The endpoint's reads and writes of its store: results, remembered walls and 429s; an outage answered uncached. */
export interface StoreAccess {
  /** Whether walls and 429s are remembered (a store, and `backoffTtl` above 0). */
  remembers: boolean;
  /** The entry, `undefined` when there is none, `null` when the store failed. */
  cacheGet(key: string): Promise<CacheEntry | undefined | null>;
  /** Stores `entry` for the request's `ttl` plus the `embed` grace (config `staleTtl`). */
  cacheSet(key: string, entry: CacheEntry, policy: CachePolicy): Promise<void>;
  /** The error remembered for `url` (its origin's rate limit first, then its page's wall), if any. */
  backedOff(url: string, shared: boolean, variant: string): Promise<LinkpeekError | null>;
  /** Remembers a wall or a 429 that an extraction of `url` ended with (before its lock is released). */
  rememberBackoff(error: unknown, url: string, shared: boolean, variant: string): Promise<void>;
  /** Reports a store failure (once per outage): the request goes on uncached. */
  storeFailed(error: unknown): void;
  /** Ends an outage: the store answered. */
  storeWorked(): void;
}

/**
 * The store's access for one endpoint: a store that fails (Redis down) is reported once per outage
 * through `report`; requests go on uncached (BYPASS) and the next operation that works ends the
 * outage. Backoff entries share the result store, told apart by their keys; `backoffTtl: 0` or no
 * store remembers nothing.
 */
export function createStoreAccess(store: CacheStore<CacheEntry> | null, stale: number, backoffTimes: BackoffTimes, report: (error: LinkpeekError) => void): StoreAccess {
  const backoffStore = backoffTimes.backoffTtl > 0 ? (store as unknown as CacheStore<BackoffEntry> | null) : null;
  // The outage state of this endpoint's store: it lives with the endpoint, not with a request.
  let storeDown = false;
  const storeFailed = (error: unknown) => {
    // ECACHE, not EINTERNAL: the store's outage is not a linkpeek bug (any store's error is named so).
    const named = isLinkpeekError(error) && error.code === 'ECACHE' ? error : new LinkpeekError('ECACHE', 'The cache store failed: requests are answered uncached until it works again.', {cause: error});
    if (!storeDown) report(named);
    storeDown = true;
  };
  const storeWorked = () => void (storeDown = false);
  return {
    remembers: backoffStore !== null,
    storeFailed,
    storeWorked,
    async cacheGet(key) {
      try {
        const entry = (await store?.get(key)) ?? undefined;
        storeWorked();
        return entry;
      } catch (error) {
        storeFailed(error);
        return null;
      }
    },
    async cacheSet(key, entry, policy) {
      try {
        await store?.set(key, entry, policy.ttl + stale);
        storeWorked();
      } catch (error) {
        storeFailed(error);
      }
    },
    async backedOff(url, shared, variant) {
      const keys = backoffStore && shared ? backoffKeys(url, variant) : null;
      if (!keys || !backoffStore) return null;
      try {
        // The error names the URL asked for now, not the page the entry was remembered for.
        const origin = backoffError(await backoffStore.get(keys.origin), Date.now(), url);
        storeWorked();
        if (origin) return origin;
        return backoffError(await backoffStore.get(keys.page), Date.now(), url);
      } catch (error) {
        storeFailed(error);
        return null;
      }
    },
    async rememberBackoff(error, url, shared, variant) {
      const found = backoffStore && shared ? backoffFor(error, url, backoffTimes, variant) : null;
      if (!found || !backoffStore) return;
      try {
        await backoffStore.set(found.key, found.entry, found.ttl);
        storeWorked();
      } catch (stored) {
        storeFailed(stored);
      }
    },
  };
}
