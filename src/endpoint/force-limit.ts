import type {CacheStore} from './result-cache.js';

/**
 * `force=true` comes from the query, so from anyone: honoured for every request, it turned each one
 * into a fetch of the target. It is honoured at most once per `forceInterval` per target (the page
 * URL, whatever the options), across every instance sharing the store; meanwhile `force=true` is a
 * plain request, answered from the entry the forced fetch just stored (or joined to it while it
 * runs).
 */

/** Default `forceInterval`: 10 seconds. */
export const defaultForceInterval = 10_000;

const prefix = 'linkpeek:v1:force:';

/** What the store keeps while a target's last forced refresh is recent. */
export interface ForceMark {
  forcedAt: number;
}

/** The store key of `url`'s last forced refresh: the page URL without its fragment. */
export function forceKey(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return `${prefix}${parsed.href}`;
  } catch {
    return `${prefix}${url}`;
  }
}

/**
 * Whether a `force=true` for `url` is honoured now; when it is, the target is marked for
 * `interval` ms. With the store's lock (Redis: `SET NX PX`) the claim is atomic across instances; a
 * plain store is read, then written. `interval` 0 honours every force. A store that fails honours
 * it: such a request is answered uncached anyway.
 */
export async function takeForce(store: CacheStore<ForceMark> | null, url: string, interval: number, failed: (error: unknown) => void): Promise<boolean> {
  if (!store || interval === 0) return true;
  const key = forceKey(url);
  try {
    // The lock is never released: it expires after `interval`, which is the mark.
    if (store.lock) return (await store.lock.acquire(key, interval)) !== null;
    if (await store.get(key)) return false;
    await store.set(key, {forcedAt: Date.now()}, interval);
    return true;
  } catch (error) {
    failed(error);
    return true;
  }
}
