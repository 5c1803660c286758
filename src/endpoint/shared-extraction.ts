import type {ExtractResult} from '../data.js';
import type {CachePolicy} from './cache-control.js';
import type {CacheEntry, CacheStore} from './result-cache.js';
import type {StageTimings} from './stage-timing.js';
import type {StoreAccess} from './store-access.js';

/** An extraction's result, with when it was stored (`null`: it was not). */
export interface Extracted {
  result: ExtractResult;
  timings: StageTimings;
  storedAt: number | null;
}

/** How often an instance waiting for another's extraction looks for its entry. */
const lockPollInterval = 50;

/** Runs an extraction and stores a lasting result under `key`. */
export async function runStoring(access: StoreAccess, store: CacheStore<CacheEntry> | null, key: string, run: () => Promise<Extracted>, policy: CachePolicy): Promise<Extracted> {
  const fresh = await run();
  if (!store || !lasting(fresh.result)) return fresh;
  const storedAt = Date.now();
  await access.cacheSet(key, {result: fresh.result, storedAt}, policy);
  return {...fresh, storedAt};
}

/** One extraction to share between the instances of a store: what it is, and how to run it here. */
export interface SharedExtraction {
  key: string;
  url: string;
  /** The backoff variant of the request (its `prerender` setting). */
  variant: string;
  /** How long the lock lives: as long as one extraction may (the request's timeout plus 2 s). */
  lockTtl: number;
  run: () => Promise<Extracted>;
  cancel: AbortSignal;
  policy: CachePolicy;
  /** The stored time of the entry the request saw, if any (else -Infinity). */
  seenAt: number;
}

/**
 * Extracts and stores `key` once across every instance sharing the store's lock: the instance that
 * takes the lock extracts; the others poll the store for its entry, and take over when the lock is
 * released without one (the owner failed) or expires (the owner crashed). A store that cannot be
 * reached coordinates nothing: the extraction then runs here. An entry stored after `seenAt` and
 * still within the `ttl` is the one another holder made.
 */
export async function extractShared(access: StoreAccess, store: CacheStore<CacheEntry> | null, shared: SharedExtraction): Promise<Extracted> {
  const {key, url, variant, lockTtl, run, cancel, policy, seenAt} = shared;
  const {cacheGet, backedOff, storeFailed, storeWorked} = access;
  const lock = store?.lock;
  const newer = (entry: CacheEntry) => entry.storedAt > seenAt && Date.now() - entry.storedAt < policy.ttl;
  const runAndStore = () => runStoring(access, store, key, run, policy);
  if (!lock) return runAndStore();
  const giveUp = Date.now() + lockTtl;
  for (;;) {
    let release: (() => Promise<void>) | null;
    try {
      release = await lock.acquire(key, lockTtl);
      storeWorked();
    } catch (error) {
      storeFailed(error);
      return runAndStore();
    }
    if (release) {
      try {
        // Another holder may have stored the entry (or met a wall) between this request's cache
        // read and its taking the lock: then there is nothing left to extract.
        const stored = await cacheGet(key);
        if (stored && newer(stored)) return {result: stored.result, timings: new Map(), storedAt: stored.storedAt};
        const wall = await backedOff(url, true, variant);
        if (wall) throw wall;
        return await runAndStore();
      } finally {
        release().catch(storeFailed);
      }
    }
    // Another instance extracts: wait for its entry, or for the wall or 429 it ran into.
    for (;;) {
      await sleep(lockPollInterval, cancel);
      const entry = await cacheGet(key);
      if (entry && newer(entry)) return {result: entry.result, timings: new Map(), storedAt: entry.storedAt};
      const wall = await backedOff(url, true, variant);
      if (wall) throw wall;
      if (entry === null || Date.now() > giveUp) return runAndStore();
      let held: boolean;
      try {
        held = await lock.held(key);
      } catch (error) {
        storeFailed(error);
        return runAndStore();
      }
      if (!held) break; // released without an entry, or expired: try to take it
    }
  }
}

/**
 * Whether a result may be kept for the whole cache TTL: a file card or a page cut short by the
 * deadline (`file.reason: 'timeout'`, `truncated: 'timeout'`) says more about that moment than about
 * the target, so it is answered but not stored.
 */
function lasting(result: ExtractResult): boolean {
  return result.file?.reason !== 'timeout' && result.truncated !== 'timeout';
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const done = () => {
      signal.removeEventListener('abort', stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, {once: true});
  });
}
