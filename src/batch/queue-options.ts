import {assertObject, invalidOption, milliseconds, positiveInteger} from '../option-checks.js';

// The options of the queue mode (enqueueBatch, runWorker, batchProgress): types, defaults, checks.

/** The options every part of the queue mode shares: which Redis, which batch. */
export interface QueueTarget {
  /** The Redis that holds the queue, e.g. `redis://127.0.0.1:6379` (`rediss://` for TLS). */
  queue: string;
  /**
   * The batch's name: producer and workers of one batch use the same one. Re-running a batch of the
   * same name skips the URLs it finished before. Letters, digits, `.`, `_` and `-`. @default 'default'
   */
  name?: string;
}

/** How jobs are retried: set by the producer, carried by every job. */
export interface QueueAttempts {
  /** Tries per URL (the first included) before its failure line is written. @default 3 */
  attempts?: number;
  /** Milliseconds before the first retry; each next one waits twice as long. @default 5000 */
  backoff?: number;
}

/** How a worker holds its jobs: how fast a killed worker's job goes to another. */
export interface QueueLocks {
  /** Milliseconds a job's lock lasts without renewal (renewed at half of it while the job runs). @default 30000 */
  lockDuration?: number;
  /** Milliseconds between checks for jobs whose worker died (their lock expired). @default 30000 */
  stalledInterval?: number;
  /**
   * Times a job's worker may die while extracting it (found by its expired lock) before the job is
   * quarantined: its line is the error `EWORKERCRASH`, and no other worker is put at risk. @default 2
   */
  maxStalledCount?: number;
}

export const defaultBatchName = 'default';
export const defaultQueueAttempts = {attempts: 3, backoff: 5_000} as const;
export const defaultQueueLocks = {lockDuration: 30_000, stalledInterval: 30_000, maxStalledCount: 2} as const;

/** The prefix of every key of the queue mode: `linkpeek:batch:<name>:…`. */
export const keyPrefix = 'linkpeek:batch';

const namePattern = /^[\w.-]{1,100}$/;

/** Checks the Redis URL and the batch name. @throws LinkpeekError EINVALOPTION */
export function normalizeQueueTarget(options: QueueTarget): {queue: string; name: string} {
  assertObject(options, 'options');
  if (typeof options.queue !== 'string' || !/^rediss?:\/\/\S+$/i.test(options.queue)) {
    // The URL may hold a password: not shown.
    throw invalidOption('queue', 'must be a redis:// or rediss:// URL');
  }
  const name = options.name ?? defaultBatchName;
  if (typeof name !== 'string' || !namePattern.test(name)) {
    throw invalidOption('name', 'must be 1 to 100 letters, digits, `.`, `_` or `-`', name);
  }
  return {queue: options.queue, name};
}

export function normalizeQueueAttempts(options: QueueAttempts): Required<QueueAttempts> {
  const attempts = positiveInteger(options.attempts, 'attempts', defaultQueueAttempts.attempts);
  if (attempts > 100) throw invalidOption('attempts', 'must be at most 100', attempts);
  return {attempts, backoff: milliseconds(options.backoff, 'backoff', defaultQueueAttempts.backoff)};
}

export function normalizeQueueLocks(options: QueueLocks): Required<QueueLocks> {
  return {
    lockDuration: milliseconds(options.lockDuration, 'lockDuration', defaultQueueLocks.lockDuration),
    stalledInterval: milliseconds(options.stalledInterval, 'stalledInterval', defaultQueueLocks.stalledInterval),
    maxStalledCount: positiveInteger(options.maxStalledCount, 'maxStalledCount', defaultQueueLocks.maxStalledCount),
  };
}
