// The producer of the queue mode: puts a batch's URLs in Redis as BullMQ jobs, then collects one
// line per URL from the results stream as workers finish them.
import type {Queue} from 'bullmq';
import {LinkpeekError, stripCredentials, toErrorBody} from '../errors.js';
import {assertObject} from '../option-checks.js';
import {normalizeQueueAttempts, normalizeQueueTarget, type QueueAttempts, type QueueTarget} from './queue-options.js';
import {batchKeys, connect, jobIdFor, readResults, recordOutcome, withBatchQueue, type BatchKeys} from './queue-store.js';
import {spreadByDomain} from './spread-hosts.js';
import {readQueueProgress, type QueueProgress} from './batch-progress.js';
import type {BatchJobData, JobExtractOptions} from './run-worker.js';
import type {Redis} from 'ioredis';

/** Options of {@link enqueueBatch}. */
export interface EnqueueBatchOptions extends QueueTarget, QueueAttempts {
  /** The URLs; duplicates are one job, URLs the batch finished in an earlier run are not enqueued again. */
  urls: string[];
  /** The options of every extraction (JSON: they travel with each job). */
  options?: JobExtractOptions;
  /**
   * Called with each URL's line (JSON, no newline) as workers finish it, once per unique URL, in
   * completion order; the lines of URLs finished in an earlier run come first.
   */
  write?: (line: string) => void;
  /** Called as lines arrive and about every second with the batch's counts. */
  progress?: (state: QueueProgress) => void;
  /** `false`: enqueue and resolve at once, without waiting for the lines. @default true */
  wait?: boolean;
  /** Stops waiting (the jobs stay queued for the workers; a re-run collects the lines). */
  signal?: AbortSignal;
  /** Milliseconds between checks for jobs lost while the queue looks idle (see docs/batch.md). @default 5000 */
  checkInterval?: number;
}

const chunk = 500;

/**
 * Enqueues the URLs as jobs of batch `name` and, unless `wait: false`, waits until every unique URL
 * has its line, passing each to `write`. Resolves with the final counts (also when `signal` stopped
 * the wait: then `left > 0`).
 */
export async function enqueueBatch(options: EnqueueBatchOptions): Promise<QueueProgress> {
  const {queue: url, name} = normalizeQueueTarget(options);
  const {attempts, backoff} = normalizeQueueAttempts(options);
  if (!Array.isArray(options.urls)) throw new LinkpeekError('EINVALOPTION', 'Option `urls` must be an array of URLs.', {data: {urls: 'must be an array'}});
  if (options.options !== undefined) assertObject(options.options, 'options');
  const jobOptions = JSON.parse(JSON.stringify(options.options ?? {})) as JobExtractOptions;
  const keys = batchKeys(name);
  const jobs = new Map<string, string>();
  for (const input of options.urls) jobs.set(jobIdFor(name, input), input);

  return withBatchQueue<BatchJobData, QueueProgress>(url, name, async (queue, redis) => {
    const reader = await connect(url);
    try {
      const ids = [...jobs.keys()];
      const todo: string[] = [];
      let skippedFailed = 0;
      for (let i = 0; i < ids.length; i += chunk) {
        const part = ids.slice(i, i + chunk);
        const statuses = await redis.hmget(keys.finished, ...part);
        part.forEach((id, n) => {
          if (statuses[n] === null || statuses[n] === undefined) todo.push(id);
          else if (statuses[n] !== 'success') skippedFailed++;
        });
      }
      const [done, failed, rateLimited] = (await redis.hmget(keys.progress, 'done', 'failed', 'rateLimited')).map(Number);
      const startedAt = Date.now();
      await redis.hset(keys.progress, {
        total: jobs.size,
        skipped: jobs.size - todo.length,
        skippedFailed,
        doneBefore: done || 0,
        failedBefore: failed || 0,
        rateLimitedBefore: rateLimited || 0,
        startedAt,
        lastDoneAt: 0,
      });
      const add = (ids: string[]) =>
        queue.addBulk(
          ids.map((id) => ({
            name: 'extract',
            data: {url: jobs.get(id) as string, options: jobOptions},
            opts: {jobId: id, attempts, backoff: {type: 'exponential', delay: backoff}, removeOnComplete: true, removeOnFail: true},
          })),
        );
      // Queued in turns across sites (spread-hosts.ts): one site's pages never hold every worker at its limit.
      const spread = spreadByDomain(todo, (id) => jobs.get(id) as string);
      for (let i = 0; i < spread.length; i += chunk) await add(spread.slice(i, i + chunk));

      if (options.wait === false) return await readQueueProgress(redis, keys, queue);
      return await collect(options, {redis, reader, queue, keys, jobs, add, attempts, startedAt});
    } finally {
      await reader.quit().catch(() => {});
    }
  });
}

interface Collecting {
  redis: Redis;
  reader: Redis;
  queue: Queue<BatchJobData>;
  keys: BatchKeys;
  jobs: Map<string, string>;
  add: (ids: string[]) => Promise<unknown>;
  attempts: number;
  /** When this run started (ms): restored with the progress if Redis lost it. */
  startedAt: number;
}

/** Reads the results stream from its start until every job of `jobs` has its line. */
async function collect(options: EnqueueBatchOptions, c: Collecting): Promise<QueueProgress> {
  const pending = new Set(c.jobs.keys());
  const readds = new Map<string, number>();
  const checkInterval = options.checkInterval ?? 5_000;
  let after = '0';
  let lastCheck = Date.now();
  let lastProgress = 0;
  let state = await readQueueProgress(c.redis, c.keys, c.queue);
  options.progress?.(state);
  while (pending.size > 0 && !options.signal?.aborted) {
    const entries = await readResults(c.reader, c.keys, after, 1_000);
    let wrote = false;
    for (const entry of entries) {
      after = entry.id;
      if (!pending.delete(entry.job)) continue;
      options.write?.(entry.line);
      wrote = true;
    }
    const now = Date.now();
    if (wrote || now - lastProgress >= 1_000) {
      state = await readQueueProgress(c.redis, c.keys, c.queue);
      // The lines this producer wrote are the truth for this run (also if Redis lost its counts); Redis adds rate and rate limits.
      state = {...state, total: c.jobs.size, done: c.jobs.size - pending.size, left: pending.size};
      options.progress?.(state);
      lastProgress = now;
    }
    if (entries.length === 0 && now - lastCheck >= checkInterval) {
      lastCheck = now;
      await findLost(c, pending, readds);
    }
  }
  state = await readQueueProgress(c.redis, c.keys, c.queue);
  return {...state, total: c.jobs.size, done: c.jobs.size - pending.size, left: pending.size};
}

/**
 * When nothing is queued, running or waiting for a retry but lines are missing, their jobs were lost
 * (a job recovered from dead workers more than `maxStalledCount` times, or Redis lost data): each is
 * added again, up to `attempts` times, then written as an `EINTERNAL` failure. True if any was.
 */
async function findLost(c: Collecting, pending: Set<string>, readds: Map<string, number>): Promise<boolean> {
  const counts = await c.queue.getJobCounts('wait', 'active', 'delayed', 'prioritized', 'paused', 'waiting-children');
  if (Object.values(counts).some((count) => count > 0)) return false;
  const lost: string[] = [];
  for (const id of pending) {
    if (await c.redis.hexists(c.keys.finished, id)) continue;
    if (await c.queue.getJob(id)) continue;
    lost.push(id);
  }
  for (const id of lost) {
    const times = (readds.get(id) ?? 0) + 1;
    readds.set(id, times);
    if (times <= c.attempts) continue;
    const shown = stripCredentials(c.jobs.get(id) as string);
    const {url: _asked, ...body} = toErrorBody(new LinkpeekError('EINTERNAL', `The job was lost ${c.attempts} times (its workers died or Redis lost it).`));
    await recordOutcome(c.redis, c.keys, {jobId: id, url: shown, status: body.status, line: JSON.stringify({url: shown, ...body})});
  }
  const again = lost.filter((id) => (readds.get(id) ?? 0) <= c.attempts);
  // Redis came back empty: the run's figures go back too, so its rate and --status mean something.
  if (lost.length > 0 && !(await c.redis.hexists(c.keys.progress, 'total'))) {
    await c.redis.hset(c.keys.progress, {total: c.jobs.size, skipped: 0, skippedFailed: 0, doneBefore: 0, failedBefore: 0, rateLimitedBefore: 0, startedAt: c.startedAt, lastDoneAt: 0});
  }
  if (again.length > 0) await c.add(again);
  return lost.length > 0;
}
