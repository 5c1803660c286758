/**
 * One worker process of the batch bench (bench/batch.ts), against the simulated web (its names
 * resolve to loopback through `names`):
 * - `queue`: `runWorker` of the queue mode (BullMQ on the shared Redis, its default redisHostGate
 *   with the bench's limits) until the parent says stop;
 * - `gate`: its share of the URLs through runBatch with a redisHostGate on the shared Redis;
 * - `bare`: a bare loop of extract() over its URLs, no gate at all.
 * Prints what it did and the CPU it took (from the parent's go to its end) as one JSON line.
 */
import {readFileSync} from 'node:fs';
import {Redis} from 'ioredis';
import pLimit from 'p-limit';
import {createExtractor} from '../src/extract.js';
import {redisHostGate} from '../src/batch/host-gate.js';
import {runBatch} from '../src/batch/run-batch.js';
import {benchConfig, parentSays, startBenchWorker} from './bench-child.js';

export interface WorkerJob {
  mode: 'queue' | 'gate' | 'bare';
  /** The URLs (gate and bare). */
  urlsFile?: string;
  /** The batch's name (queue). */
  batch?: string;
  names: Record<string, string>;
  redisUrl?: string;
  prefix?: string;
  concurrency: number;
  perHost: number;
  perSecond: number;
  /** Extracted once before `ready`, so module loading and the first connections are not timed. */
  warmUrl?: string;
}

export interface WorkerReport {
  pages: number;
  failed: number;
  codes: Record<string, number>;
  cpuMs: number;
  wallMs: number;
}

const job = JSON.parse(process.env.BATCH_BENCH_JOB ?? '{}') as WorkerJob;
const urls = job.urlsFile ? readFileSync(job.urlsFile, 'utf8').split('\n').filter(Boolean) : [];
const extract = createExtractor(benchConfig(job.names));
const options = {ping: false, timeout: 30_000} as const;

const report: WorkerReport = {pages: 0, failed: 0, codes: {}, cpuMs: 0, wallMs: 0};
const count = (code: string) => (report.codes[code] = (report.codes[code] ?? 0) + 1);
if (job.warmUrl) await extract(job.warmUrl, options);
// A queue worker is up before the batch comes, as in use: it starts at once and idles until jobs come.
const worker =
  job.mode === 'queue'
    ? startBenchWorker({redisUrl: job.redisUrl ?? '', batch: job.batch ?? 'bench', names: job.names, concurrency: job.concurrency, perHost: job.perHost, perSecond: job.perSecond, options}, 'batch worker')
    : undefined;
// Started together: the parent says go once every worker has loaded, then stop (queue mode) once
// every URL has its line.
const {heard} = parentSays();
process.stdout.write('ready\n');
await heard(1);
const cpu = process.cpuUsage();
const started = performance.now();
if (worker) {
  await heard(2);
  const summary = await worker.stop();
  report.pages = summary.written;
  report.failed = summary.failed;
  report.codes = {retried: summary.retried};
} else if (job.mode === 'bare') {
  const limit = pLimit(job.concurrency);
  await Promise.all(
    urls.map((url) =>
      limit(async () => {
        try {
          await extract(url, options);
          count('success');
        } catch (error) {
          report.failed++;
          count((error as {code?: string}).code ?? 'unknown');
        }
        report.pages++;
      }),
    ),
  );
} else {
  const redis = new Redis(job.redisUrl ?? '', {maxRetriesPerRequest: null});
  const gate = redisHostGate(redis, {perHost: job.perHost, perSecond: job.perSecond, prefix: job.prefix ?? 'bench'});
  await runBatch({
    urls,
    concurrency: job.concurrency,
    perHost: job.perHost,
    gate,
    write: (line) => {
      const parsed = JSON.parse(line) as {status: string; code?: string};
      report.pages++;
      if (parsed.status !== 'success') report.failed++;
      count(parsed.code ?? parsed.status);
    },
    extract: (url, signal) => extract(url, {...options, signal}),
  });
  await gate.close();
  redis.disconnect();
}
const used = process.cpuUsage(cpu);
report.cpuMs = (used.user + used.system) / 1000;
report.wallMs = performance.now() - started;
process.stdout.write(`${JSON.stringify(report)}\n`);
