/**
 * The worker processes of the batch benches (bench/batch.ts with bench/batch-worker.ts,
 * bench/batch-scale.ts with bench/batch-scale-process.ts), both sides:
 * - the parent starts a child with its job as JSON in an environment variable; the child prints
 *   `ready` once loaded, the parent says `go` (and, to a queue worker, `stop`) on its stdin, and the
 *   child's last line is its JSON report;
 * - a queue worker is started as `linkpeek worker` starts it: `runWorker` with its default Redis
 *   host gate and the bench's limits, its trusted config allowing loopback only, the simulated web's
 *   names resolved to their loopback addresses (tests/helpers/multi-site-web.ts).
 */
import {spawn} from 'node:child_process';
import {createInterface} from 'node:readline';
import {fileURLToPath} from 'node:url';
import type {ExtractOptions} from '../src/options.js';
import type {WorkerSummary} from '../src/batch/run-worker.js';
import {runWorker} from '../src/batch/run-worker.js';
import {isLoopbackAddress} from '../src/url/address.js';
import {namesLookup} from '../tests/helpers/multi-site-web.js';

const root = fileURLToPath(new URL('../', import.meta.url));

export interface BenchChild<Report> {
  /** Resolves once the child printed `ready`; rejects when it died before. */
  ready: Promise<void>;
  say(line: string): void;
  /** Ends its stdin. */
  end(): void;
  /** Its last line, parsed, once it exited 0; rejects otherwise. */
  report: Promise<Report>;
}

/** Starts `script` (relative to the repo) with `job` in `env[variable]`. */
export function startBenchChild<Report>(script: string, variable: string, job: unknown): BenchChild<Report> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {cwd: root, env: {...process.env, [variable]: JSON.stringify(job)}, stdio: ['pipe', 'pipe', 'inherit']});
  let output = '';
  let onReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('ready\n')) onReady();
  });
  const report = new Promise<Report>((resolve, reject) =>
    child.once('exit', (code) => {
      const last = output.trim().split('\n').pop() ?? '';
      if (code !== 0) reject(new Error(`${script} exited with ${code}: ${last}`));
      else resolve(JSON.parse(last) as Report);
    }),
  );
  // A child that dies before `ready` rejects `report`: the parent stops waiting for it.
  return {ready: Promise.race([ready, report.then(() => {})]), say: (line) => child.stdin.write(`${line}\n`), end: () => child.stdin.end(), report};
}

/** In a child: the parent's lines on stdin; `heard(n)` resolves once n lines came. */
export function parentSays(): {heard(count: number): Promise<void>} {
  const said: string[] = [];
  const waiters: (() => void)[] = [];
  createInterface({input: process.stdin}).on('line', (line) => {
    said.push(line);
    waiters.shift()?.();
  });
  return {heard: (count) => new Promise<void>((resolve) => (said.length >= count ? resolve() : waiters.push(resolve)))};
}

/** The trusted config of a bench process: loopback only, the simulated web's names. */
export const benchConfig = (names: Record<string, string>) => ({allowAddress: isLoopbackAddress, dnsLookup: namesLookup(names)});

export interface BenchWorkerJob {
  redisUrl: string;
  batch: string;
  names: Record<string, string>;
  concurrency: number;
  perHost?: number;
  perSecond?: number;
  /** The worker's default options under each job's. */
  options: ExtractOptions;
}

/** In a child: a queue worker, up until `stop()` (graceful: its jobs in flight end first). */
export function startBenchWorker(job: BenchWorkerJob, label: string): {stop(): Promise<WorkerSummary>} {
  const stop = new AbortController();
  const working = runWorker({
    queue: job.redisUrl,
    name: job.batch,
    concurrency: job.concurrency,
    config: benchConfig(job.names),
    options: job.options,
    gateLimits: {...(job.perHost ? {perHost: job.perHost} : {}), ...(job.perSecond ? {perSecond: job.perSecond} : {})},
    signal: stop.signal,
    onError: (error) => process.stderr.write(`${label}: ${error.message}\n`),
  });
  return {
    stop: () => {
      stop.abort();
      return working;
    },
  };
}
