// Where a queued batch stands, read from Redis: the producer shows it, `linkpeek batch --status`
// and batchProgress() ask for it from anywhere.
import type {Queue} from 'bullmq';
import type {Redis} from 'ioredis';
import {normalizeQueueTarget, type QueueTarget} from './queue-options.js';
import {batchKeys, withBatchQueue, type BatchKeys} from './queue-store.js';
import {readSlowedSites} from './host-gate.js';

/** Counts of a queued batch's latest run. */
export interface QueueProgress {
  /** Unique URLs of the run's input. */
  total: number;
  /** URLs with their line (finished in an earlier run included). */
  done: number;
  /** Of those, failure lines. */
  failed: number;
  /** URLs finished in an earlier run: not extracted again. */
  skipped: number;
  /** Attempts in this run that met a rate limit (`ERATELIMIT`), retried after the backoff. */
  rateLimited: number;
  /** URLs still without their line. */
  left: number;
  /** Jobs waiting for a worker, being extracted, and waiting for a retry. */
  waiting: number;
  active: number;
  retrying: number;
  /** Lines per second in this run (URLs skipped excluded). */
  rate: number;
  /** Seconds left at that rate; `null` before the first line. */
  eta: number | null;
  /**
   * The sites the workers' host gates ask slower than `--per-second` now (their rate halved by 429s
   * or 503s, not yet back up), with their rate a second: of every batch on this Redis (default gate prefix).
   */
  slowed: Record<string, number>;
}

/** The counts of batch `name` on that Redis (all zero for a batch never run). */
export async function batchProgress(options: QueueTarget): Promise<QueueProgress> {
  const {queue: url, name} = normalizeQueueTarget(options);
  return withBatchQueue(url, name, (queue, redis) => readQueueProgress(redis, batchKeys(name), queue));
}

export async function readQueueProgress(redis: Redis, keys: BatchKeys, queue: Queue): Promise<QueueProgress> {
  const hash = await redis.hgetall(keys.progress);
  const n = (field: string) => Number(hash[field] ?? 0) || 0;
  const doneInRun = Math.max(0, n('done') - n('doneBefore'));
  const done = Math.min(n('total'), n('skipped') + doneInRun);
  const counts = await queue.getJobCounts('wait', 'prioritized', 'paused', 'active', 'delayed');
  const slowed = await readSlowedSites(redis);
  const startedAt = n('startedAt');
  const finished = done >= n('total') && n('lastDoneAt') > 0;
  const elapsed = (finished ? n('lastDoneAt') : Date.now()) - startedAt;
  const rate = startedAt > 0 && elapsed > 0 ? (doneInRun * 1000) / elapsed : 0;
  const left = n('total') - done;
  return {
    total: n('total'),
    done,
    failed: n('skippedFailed') + Math.max(0, n('failed') - n('failedBefore')),
    skipped: n('skipped'),
    rateLimited: Math.max(0, n('rateLimited') - n('rateLimitedBefore')),
    left,
    waiting: (counts.wait ?? 0) + (counts.prioritized ?? 0) + (counts.paused ?? 0),
    active: counts.active ?? 0,
    retrying: counts.delayed ?? 0,
    rate,
    eta: rate > 0 ? Math.round(left / rate) : left === 0 ? 0 : null,
    slowed,
  };
}
