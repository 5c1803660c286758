// The worker of the queue mode: takes a batch's jobs from Redis (BullMQ) and extracts each URL.
// Any number of workers, on any number of machines, share one batch; each has its own concurrency
// (and its own browser, through `config.screenshotProvider`).
import type {Job} from 'bullmq';
import {createExtractor, type CreateExtractorConfig, type Extract} from '../extract.js';
import {stripCredentials, toErrorBody, toLinkpeekError} from '../errors.js';
import {assertObject, positiveInteger} from '../option-checks.js';
import {normalizeQueueLocks, normalizeQueueTarget, type QueueLocks, type QueueTarget} from './queue-options.js';
import {batchKeys, connect, loadBullmq, recordOutcome, type Outcome} from './queue-store.js';
import {isRetryable} from './retryable.js';
import {redisHostGate, type HostGate, type RedisHostGateOptions} from './host-gate.js';
import {defaultRateLimitRetries, runPolitely} from './polite-run.js';
import {crashGuard, workerCrashError} from './worker-crashes.js';
import type {RobotsCheck} from './robots.js';

/** The options of one `extract()` call, as a job carries them: JSON, so no `signal`. */
export type JobExtractOptions = Omit<NonNullable<Parameters<Extract>[1]>, 'signal'>;

/** What a job holds: the URL as given and its options. */
export interface BatchJobData {
  url: string;
  options: JobExtractOptions;
}

/** Options of {@link runWorker}. */
export interface RunWorkerOptions extends QueueTarget, QueueLocks {
  /** Jobs at once in this worker. @default 4 */
  concurrency?: number;
  /** The extractor's trusted config (address policy, timeouts, screenshot provider, …). */
  config?: CreateExtractorConfig;
  /** Options under every job's own (a job's options win). */
  options?: JobExtractOptions;
  /**
   * Politeness per host, shared by every worker that shares the gate: each extraction runs inside
   * `gate.run`, and a 429 or a challenge backs its domain off for all of them. `null`: none.
   * @default redisHostGate on the queue's Redis, with its default limits
   */
  gate?: HostGate | null;
  /** The limits of the default gate (`perHost`, `perSecond`, …; see docs/batch.md#politeness). */
  gateLimits?: RedisHostGateOptions;
  /** Obey robots.txt: a URL it disallows is not fetched (its line is `EROBOTS`). */
  robots?: RobotsCheck;
  /**
   * Stops the worker: no new job is taken, the jobs in flight finish and write their line (a job
   * still waiting for its host's turn goes back to the queue, unattempted).
   */
  signal?: AbortSignal;
  /** Called with every line this worker wrote, and with each attempt that will be retried. */
  onJob?: (event: WorkerEvent) => void;
  /** Called with Redis errors (the worker keeps reconnecting). */
  onError?: (error: Error) => void;
}

/** One outcome seen by a worker: a line written, or a failed attempt that will be retried. */
export interface WorkerEvent {
  url: string;
  /** `retry`: this attempt failed and another will follow after the backoff. */
  outcome: 'success' | 'fail' | 'error' | 'retry';
  code?: string;
  /** 1 for the first try. */
  attempt: number;
}

/** Counts of a worker's run, when it stops. */
export interface WorkerSummary {
  /** Lines this worker wrote (results and failures). */
  written: number;
  /** Of those, failures. */
  failed: number;
  /** Failed attempts handed back to the queue for a retry. */
  retried: number;
}

/**
 * Processes the batch's jobs until `signal` aborts, then waits for the jobs in flight and resolves.
 * Each job ends in exactly one line of the batch's results (see docs/batch.md): the result, or, after
 * the job's attempts (or at once for a failure another try cannot fix), the error body.
 */
export async function runWorker(options: RunWorkerOptions): Promise<WorkerSummary> {
  const {queue, name} = normalizeQueueTarget(options);
  const locks = normalizeQueueLocks(options);
  const concurrency = positiveInteger(options.concurrency, 'concurrency', 4);
  if (options.options !== undefined) assertObject(options.options, 'options');
  const keys = batchKeys(name);
  const summary: WorkerSummary = {written: 0, failed: 0, retried: 0};
  const {UnrecoverableError, WaitingError, Worker} = await loadBullmq();
  const [redis, bullConnection] = await Promise.all([connect(queue), connect(queue)]);
  const gate = options.gate === undefined ? redisHostGate(redis, options.gateLimits) : options.gate;
  const guard = crashGuard(redis, keys.crashes);
  // Every request of an extraction (page, redirects, pings, oEmbed, icons) waits for its site's turn.
  let extract: Extract;
  try {
    extract = createExtractor({...options.config, ...(gate ? {requestGate: gate.request} : {})});
  } catch (error) {
    await Promise.allSettled([redis.quit(), bullConnection.quit()]);
    throw error;
  }
  const stop = new AbortController();

  const record = async (outcome: Outcome, attempt: number, code?: string) => {
    if (await recordOutcome(redis, keys, outcome)) {
      summary.written++;
      if (outcome.status !== 'success') summary.failed++;
    }
    options.onJob?.({url: outcome.url, outcome: outcome.status, attempt, ...(code ? {code} : {})});
  };

  const processJob = async (job: Job<BatchJobData>, token?: string) => {
    const {url, options: jobOptions} = job.data;
    const shown = stripCredentials(url);
    const attempt = job.attemptsMade + 1;
    // A job whose line is already recorded is not run again: a producer run again adds the jobs it
    // found unfinished, and one may finish (and leave the queue) between that look and the add.
    if (await redis.hexists(keys.finished, job.id as string)) return 'done before';
    // Runs of this job whose worker died: past the limit it is quarantined; after one, it runs alone.
    const crashes = await guard.crashes(job.id as string);
    if (crashes > locks.maxStalledCount) {
      const {url: _asked, ...body} = toErrorBody(workerCrashError(shown, crashes));
      await record({jobId: job.id as string, url: shown, status: body.status, line: JSON.stringify({url: shown, ...body})}, attempt, 'EWORKERCRASH');
      throw new UnrecoverableError('EWORKERCRASH');
    }
    let started = false;
    const run = () => {
      started = true;
      // The queue's attempts (with their backoff) are a job's retries: extract() does not multiply them
      // with its own, unless the options ask for `retry`.
      return guard.run(job.id as string, crashes > 0, () => extract(url, {retry: 0, ...options.options, ...jobOptions}));
    };
    const handBack = async () => {
      // Stopped before the extraction started: back to the queue, not an attempt.
      await job.moveToWait(token);
      throw new WaitingError();
    };
    // A job fetched while the worker stops (BullMQ may still hand one out) is handed back at once.
    if (stop.signal.aborted) return handBack();
    try {
      const onRateLimited = () => void redis.hincrby(keys.progress, 'rateLimited', 1).catch(() => {});
      const result = await (gate ? runPolitely(url, run, {gate, robots: options.robots, signal: stop.signal, rateLimitRetries: defaultRateLimitRetries, onRateLimited}) : run());
      await record({jobId: job.id as string, url: shown, status: 'success', line: JSON.stringify({url: shown, ...result})}, attempt);
      return 'success';
    } catch (thrown) {
      // Stopped while waiting for the host's turn.
      if (stop.signal.aborted && !started) return handBack();
      const error = toLinkpeekError(thrown);
      if (error.code === 'ERATELIMIT') await redis.hincrby(keys.progress, 'rateLimited', 1);
      const last = !isRetryable(error) || attempt >= (job.opts.attempts ?? 1);
      if (!last) {
        summary.retried++;
        options.onJob?.({url: shown, outcome: 'retry', code: error.code, attempt});
        // BullMQ puts the job back, delayed by the job's exponential backoff.
        throw error;
      }
      const {url: _asked, ...body} = toErrorBody(error);
      await record({jobId: job.id as string, url: shown, status: body.status, line: JSON.stringify({url: shown, ...body})}, attempt, error.code);
      // Its line is written: no retry.
      throw new UnrecoverableError(error.code);
    }
  };

  const worker = new Worker<BatchJobData>(name, processJob, {
    connection: bullConnection,
    prefix: keys.prefix,
    concurrency,
    ...locks,
    // One recovery more than the limit: the run after the last crash writes the EWORKERCRASH line.
    maxStalledCount: locks.maxStalledCount + 1,
    autorun: false,
  });
  worker.on('error', (error) => options.onError?.(error));

  const stopped = new Promise<void>((resolve) => {
    if (options.signal?.aborted) resolve();
    options.signal?.addEventListener('abort', () => resolve(), {once: true});
  });
  const running = worker.run();
  try {
    await Promise.race([stopped, running]);
  } finally {
    // No new job from here; then the jobs waiting for their host's turn go back to the queue, and
    // close() waits for the jobs in flight: each writes its line (or goes back to the queue on a
    // retry). Paused first, so a job handed back does not make the worker fetch another.
    await worker.pause(true);
    stop.abort(options.signal?.reason);
    await worker.close();
    await running.catch(() => {});
    // A gate made here is closed here; one passed in stays the caller's.
    if (options.gate === undefined) await gate?.close();
    await Promise.allSettled([redis.quit(), bullConnection.quit()]);
  }
  return summary;
}
