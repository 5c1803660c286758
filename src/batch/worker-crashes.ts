// A job whose page kills its worker process (out of memory, a native crash) would take down every
// worker that picks it up after the last one died. So each run of a job is marked in Redis while it
// extracts, and unmarked when it ends: a mark left behind is a run whose worker died. A job with such
// marks is a suspect and runs alone in its worker (the worker's other extractions finish first and
// new ones wait), so a crash while it runs is its own and not its neighbours'; a job whose worker
// died more than `maxStalledCount` times is quarantined: its line is the error EWORKERCRASH.
import type {Redis} from 'ioredis';
import {LinkpeekError} from '../errors.js';

/** Marks runs in Redis and keeps suspects alone in this worker. One per worker. */
export interface CrashGuard {
  /** How many runs of the job ended with their worker dead (Redis kept their marks). */
  crashes(jobId: string): Promise<number>;
  /**
   * Runs `extract` as a run of the job, marked in Redis until it settles. `alone`: first waits for
   * this worker's other runs to end, and holds off new ones until it settles.
   */
  run<T>(jobId: string, alone: boolean, extract: () => Promise<T>): Promise<T>;
}

// Unmarks one run; the entry goes when no run is left (a job can run twice at once only when a
// worker too busy to renew its lock lost it to another).
const unmarkScript = `
local left = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if left <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return left`;

/** A guard on the hash `key` (job id → runs begun and not ended). */
export function crashGuard(redis: Redis, key: string): CrashGuard {
  const lock = exclusiveLock();
  return {
    crashes: async (jobId) => Number(await redis.hget(key, jobId)) || 0,
    run: async (jobId, alone, extract) => {
      const release = await lock(alone);
      try {
        await redis.hincrby(key, jobId, 1);
        try {
          return await extract();
        } finally {
          await redis.eval(unmarkScript, 1, key, jobId);
        }
      } finally {
        release();
      }
    },
  };
}

/** The error line of a quarantined job. */
export function workerCrashError(url: string, crashes: number): LinkpeekError {
  return new LinkpeekError(
    'EWORKERCRASH',
    `Not tried again: the worker process extracting this URL died ${crashes} times while extracting it (out of memory, or a crash).`,
    {url},
  );
}

/**
 * A lock taken shared (any number at once) or alone (no other holder), granted in the order asked,
 * so a run waiting to be alone is not starved by shared ones that arrive after it.
 */
function exclusiveLock(): (alone: boolean) => Promise<() => void> {
  let shared = 0;
  let held = false;
  const waiting: {alone: boolean; grant: () => void}[] = [];
  const pump = () => {
    for (let next = waiting[0]; next && !held; next = waiting[0]) {
      if (next.alone) {
        if (shared > 0) return;
        held = true;
      } else {
        shared++;
      }
      waiting.shift();
      next.grant();
    }
  };
  return (alone) =>
    new Promise<() => void>((resolve) => {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (alone) held = false;
        else shared--;
        pump();
      };
      waiting.push({alone, grant: () => resolve(release)});
      pump();
    });
}
