// What the queue mode keeps in Redis besides BullMQ's own keys, and the one write that records a
// URL's outcome. Every key of batch <name> starts with `linkpeek:batch:<name>:`:
//   results   a stream, one entry per finished URL: fields `url` (as written in the line, without
//             credentials), `status` ('success' | 'fail' | 'error'), `line` (the NDJSON line) and
//             `job` (the job id)
//   finished  a hash, job id → 'success' | 'fail' | 'error': what re-runs skip
//   progress  a hash of counters (done, failed, rateLimited) and the latest run's figures
//   crashes   a hash, job id → runs begun and not ended: runs whose worker died (worker-crashes.ts)
import {createHash} from 'node:crypto';
import type {Queue} from 'bullmq';
import type {Redis} from 'ioredis';
import {missingDependency} from '../errors.js';
import {loadOptional} from '../shared/load-optional.js';
import {loadRedisClient, openRedis} from '../shared/redis-client.js';
import {keyPrefix} from './queue-options.js';

const missing = (name: string, cause: unknown) => missingDependency(name, 'A queued batch (`--queue`, `enqueueBatch`, `runWorker`)', cause);

// Typed by name: the declaration build cannot name the types of bullmq's whole module namespace.
type BullmqModule = typeof import('bullmq');
const importBullmq = (): Promise<BullmqModule> => import('bullmq');
let bullmq: Promise<BullmqModule> | undefined;

/**
 * BullMQ, imported on first use: the queue and its Redis client (ioredis, msgpackr, luxon…) are
 * optional packages that an extraction never loads. Imported once: later calls get the same promise.
 * @throws LinkpeekError EMISSINGDEP
 */
export function loadBullmq(): Promise<BullmqModule> {
  bullmq ??= loadOptional('bullmq', importBullmq, missing).catch((error: unknown) => {
    bullmq = undefined;
    throw error;
  });
  return bullmq;
}

/** Imports BullMQ and ioredis now rather than on first use (a test harness that forbids late imports). */
export async function loadQueuePackages(): Promise<void> {
  await Promise.all([loadBullmq(), loadRedisClient(missing)]);
}

export interface BatchKeys {
  /** BullMQ's prefix: its keys are `<prefix>:<name>:wait`, `…:active`, … */
  prefix: string;
  results: string;
  finished: string;
  progress: string;
  crashes: string;
}

export function batchKeys(name: string): BatchKeys {
  const base = `${keyPrefix}:${name}`;
  return {prefix: keyPrefix, results: `${base}:results`, finished: `${base}:finished`, progress: `${base}:progress`, crashes: `${base}:crashes`};
}

/**
 * The job id of a URL in a batch: a hash of both, so the same URL is one job (BullMQ does not add a
 * job whose id exists) and a re-run finds it in `finished`.
 */
export function jobIdFor(name: string, url: string): string {
  return createHash('sha256').update(`${name}\n${url}`).digest('hex').slice(0, 40);
}

/**
 * A connection that waits out a Redis restart: commands are queued while it reconnects (BullMQ
 * needs `maxRetriesPerRequest: null` for the same reason), reconnecting every 50 ms to 2 s.
 */
export async function connect(url: string): Promise<Redis> {
  return openRedis(url, {maxRetriesPerRequest: null, enableReadyCheck: true}, missing);
}

/**
 * Runs `use` with batch `name`'s BullMQ queue and a Redis connection of its own, and closes both
 * after, whatever happens: the producer, `batchProgress` and `forgetBatch` open them the same way.
 */
export async function withBatchQueue<Data, T>(url: string, name: string, use: (queue: Queue<Data>, redis: Redis) => Promise<T>): Promise<T> {
  const {Queue} = await loadBullmq();
  const [redis, queueConnection] = await Promise.all([connect(url), connect(url)]);
  const queue = new Queue<Data>(name, {connection: queueConnection, prefix: keyPrefix});
  queue.on('error', () => {});
  try {
    return await use(queue, redis);
  } finally {
    await queue.close().catch(() => {});
    // BullMQ leaves a connection it was given open.
    await Promise.allSettled([redis.quit(), queueConnection.quit()]);
  }
}

/** The outcome of one URL, as written once. */
export interface Outcome {
  jobId: string;
  /** The URL as the line names it (credentials stripped). */
  url: string;
  status: 'success' | 'fail' | 'error';
  line: string;
}

// First writer wins: a job run twice (its worker died after writing) still gives one line.
const finishScript = `
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[3]) == 0 then return 0 end
redis.call('XADD', KEYS[2], '*', 'url', ARGV[2], 'status', ARGV[3], 'line', ARGV[4], 'job', ARGV[1])
redis.call('HINCRBY', KEYS[3], 'done', 1)
if ARGV[3] ~= 'success' then redis.call('HINCRBY', KEYS[3], 'failed', 1) end
redis.call('HSET', KEYS[3], 'lastDoneAt', ARGV[5])
return 1`;

/** Records a URL's outcome once: its line in `results`, its status in `finished`. True if this call wrote it. */
export async function recordOutcome(redis: Redis, keys: BatchKeys, outcome: Outcome): Promise<boolean> {
  const written = await redis.eval(
    finishScript,
    3,
    keys.finished,
    keys.results,
    keys.progress,
    outcome.jobId,
    outcome.url,
    outcome.status,
    outcome.line,
    String(Date.now()),
  );
  return written === 1;
}

/** One entry of the results stream. */
export interface ResultEntry {
  /** The stream entry id (`<ms>-<n>`): pass the last one back to read on from there. */
  id: string;
  /** The job id ({@link jobIdFor}). */
  job: string;
  url: string;
  status: 'success' | 'fail' | 'error';
  line: string;
}

/** Reads the results stream after `after` ('0' for the start), waiting up to `blockMs` for new entries. */
export async function readResults(redis: Redis, keys: BatchKeys, after: string, blockMs: number, count = 500): Promise<ResultEntry[]> {
  const reply = (await redis.xread('COUNT', count, 'BLOCK', blockMs, 'STREAMS', keys.results, after)) as
    | [string, [string, string[]][]][]
    | null;
  const entries = reply?.[0]?.[1] ?? [];
  return entries.map(([id, fields]) => {
    const values = new Map<string, string>();
    for (let i = 0; i + 1 < fields.length; i += 2) values.set(fields[i] as string, fields[i + 1] as string);
    const field = (name: string) => values.get(name) ?? '';
    return {id, job: field('job'), url: field('url'), status: field('status') as ResultEntry['status'], line: field('line')};
  });
}
