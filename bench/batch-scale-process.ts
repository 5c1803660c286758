/**
 * One process of the batch-scale bench (bench/batch-scale.ts), so each one's CPU is its own:
 * - `worker`: `runWorker` of the queue mode, as `linkpeek worker` runs it (default Redis host gate,
 *   the bench's `--per-host` and `--per-second`, ping on as by default), the simulated web's names
 *   resolved to loopback through `names`;
 * - `producer`: `enqueueBatch` as `linkpeek batch --queue` runs it (default attempts and backoff),
 *   counting its lines by code and by site.
 * Protocol on stdin/stdout: prints `ready` once loaded, starts on `go` (the producer) and stops on
 * `stop` (workers); then prints one JSON line: what it did and the CPU it took from `go` on.
 */
import {getDomain} from 'tldts';
import {enqueueBatch} from '../src/batch/enqueue-batch.js';
import {benchConfig, parentSays, startBenchWorker} from './bench-child.js';

export interface ScaleJob {
  role: 'worker' | 'producer';
  redisUrl: string;
  batch: string;
  /** Host name → loopback address. */
  names: Record<string, string>;
  /** Worker: jobs at once, and the gate's limits per site. */
  concurrency?: number;
  perHost?: number;
  perSecond?: number;
  /** Producer: the URLs. */
  urls?: string[];
  /** Worker: a page extracted before `ready`, so module loading and JIT warm-up are not counted. */
  warmUrl?: string;
}

export interface ScaleReport {
  cpuMs: number;
  /** Producer: from `go` to the last line; worker: from `go` to `stop`. */
  wallMs: number;
  /** Worker: lines it wrote; producer: lines it received. */
  lines: number;
  /** Producer: lines by code (`success` for results). Worker: `retried` attempts. */
  codes: Record<string, number>;
  /** Producer: lines that are not a success, by registrable domain. */
  failuresBySite?: Record<string, number>;
  /** Producer: ms from `go` to its first line. */
  firstLineMs?: number;
}

const job = JSON.parse(process.env.BATCH_SCALE_JOB ?? '{}') as ScaleJob;
const {heard} = parentSays();

const report: ScaleReport = {cpuMs: 0, wallMs: 0, lines: 0, codes: {}};
let cpu = process.cpuUsage();
let started = performance.now();
if (job.role === 'worker') {
  // Long-running in use: the queue's and the gate's optional packages are loaded before the batch
  // comes (else each worker loads rate-limiter-flexible on its first job, seconds on a busy machine).
  await Promise.all([import('bullmq'), import('ioredis'), import('rate-limiter-flexible')]);
  if (job.warmUrl) {
    const {createExtractor} = await import('../src/extract.js');
    const warm = createExtractor(benchConfig(job.names));
    for (let i = 0; i < 20; i++) await warm(`${job.warmUrl}${i}`, {timeout: 30_000});
  }
  // Up before the batch comes, as in use: it idles until the producer's jobs arrive.
  const worker = startBenchWorker({redisUrl: job.redisUrl, batch: job.batch, names: job.names, concurrency: job.concurrency ?? 8, perHost: job.perHost, perSecond: job.perSecond, options: {timeout: 30_000}}, 'batch-scale worker');
  process.stdout.write('ready\n');
  await heard(1);
  cpu = process.cpuUsage();
  started = performance.now();
  await heard(2);
  const summary = await worker.stop();
  report.lines = summary.written;
  report.codes = {retried: summary.retried};
} else {
  // Loaded before `go`: BullMQ and ioredis imported, so the timing starts at the enqueueing.
  await import('bullmq');
  process.stdout.write('ready\n');
  await heard(1);
  cpu = process.cpuUsage();
  started = performance.now();
  const failuresBySite: Record<string, number> = {};
  await enqueueBatch({
    queue: job.redisUrl,
    name: job.batch,
    urls: job.urls ?? [],
    options: {timeout: 30_000},
    write: (line) => {
      const parsed = JSON.parse(line) as {url: string; status: string; code?: string};
      const code = parsed.code ?? parsed.status;
      report.codes[code] = (report.codes[code] ?? 0) + 1;
      report.lines++;
      report.firstLineMs ??= performance.now() - started;
      if (parsed.status !== 'success') {
        const site = getDomain(new URL(parsed.url).hostname) ?? '?';
        failuresBySite[site] = (failuresBySite[site] ?? 0) + 1;
      }
    },
  });
  report.failuresBySite = failuresBySite;
}
const used = process.cpuUsage(cpu);
report.cpuMs = (used.user + used.system) / 1000;
report.wallMs = performance.now() - started;
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
