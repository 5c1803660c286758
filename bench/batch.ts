/**
 * Batch scaling (issue 27): a simulated web on loopback (tests/helpers/multi-site-web.ts; 50 hosts,
 * 2,000 pages, 20–300 ms per answer, one host slow at 600–900 ms, one answering 429 with
 * Retry-After 2 once more than 2 pages came within a second, one popular host with 5% of the
 * pages), served by this process on 127.0.0.1–.4, and a real `redis-server` (skipped without one).
 * Measured:
 * - pages/s with 1, 2 and 4 worker processes (bench/batch-worker.ts: `runWorker` of the queue mode,
 *   the producer `enqueueBatch` here; BATCH_BENCH_MODE=gate: runBatch over fixed shares with a
 *   redisHostGate instead), and the CPU per page of the workers, of this process and of Redis;
 * - the per-host ceiling at the server: most page requests of one domain in flight at once, and in
 *   any second and any 700 ms (the server sees each start plus its request's delivery time, which
 *   on a loaded machine varies by a few hundred ms), against the gate's limits;
 * - a bare loop of extract() in one process (no gate, no Redis), against the same web without its
 *   latency: the CPU per page of extraction alone; 1000 / that is the per-core throughput.
 * `BATCH_BENCH_PAGES`, `BATCH_BENCH_HOSTS` and `BATCH_BENCH_WORKERS` (`1,2`) set a smaller run
 * (`--quick`: 200 pages on 10 hosts). Standalone: `npx tsx bench/batch.ts`.
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {cpus, tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {Redis} from 'ioredis';
import {startMultiSiteWeb, type MultiSiteWeb, type SiteBehaviour} from '../tests/helpers/multi-site-web.js';
import {hasRedis, startRedis} from '../tests/helpers/redis-server.js';
import {enqueueBatch} from '../src/batch/enqueue-batch.js';
import {startBenchChild} from './bench-child.js';
import type {WorkerJob, WorkerReport} from './batch-worker.js';
import {fixed, type BenchMode, type Row} from './stats.js';

const limits = {perHost: 4, perSecond: 10, concurrency: 16};
const warmHost = 'www.warm-up.com';

interface Web {
  hosts: Record<string, SiteBehaviour>;
  urls: string[];
}

function simulatedWeb(hostCount: number, pageCount: number, latency: boolean): Web {
  const hosts: Record<string, SiteBehaviour> = {};
  const names = Array.from({length: hostCount}, (_, i) => `www.site-${String(i + 1).padStart(2, '0')}.com`);
  hosts[warmHost] = {links: 'plain'};
  for (const [i, name] of names.entries()) {
    const latencyMs: [number, number] | undefined = !latency ? undefined : i === 0 ? [600, 900] : [20, 300];
    hosts[name] = {links: 'plain', ...(latencyMs ? {latencyMs} : {}), ...(latency && i === 1 ? {limit: {count: 2, of: 'pages' as const, retryAfter: 2}} : {})};
  }
  // One popular site has 5% of the pages, enough to meet its limits (10 s of them at 10 a second
  // for 2,000 pages); the others are dealt round-robin, so every worker's share mixes hosts.
  const popular = Math.round(pageCount / 20);
  const paths = Array.from({length: pageCount}, (_, i) => ({host: i < popular ? names[2 % hostCount]! : names[i % hostCount]!, path: `/articles/${i}`}));
  return {hosts, urls: paths.map(({host, path}) => `http://${host}:PORT${path}`)};
}

/** Starts the workers, says go once all have loaded, runs `meanwhile` (the producer), then says stop. */
async function runWorkers(jobs: WorkerJob[], meanwhile: () => Promise<void> = async () => {}): Promise<WorkerReport[]> {
  const children = jobs.map((job) => startBenchChild<WorkerReport>('bench/batch-worker.ts', 'BATCH_BENCH_JOB', job));
  await Promise.all(children.map((child) => child.ready));
  for (const child of children) child.say('go');
  try {
    await meanwhile();
  } finally {
    for (const child of children) {
      child.say('stop');
      child.end();
    }
  }
  return Promise.all(children.map((child) => child.report));
}

interface Run {
  workers: number;
  pages: number;
  failed: number;
  codes: Record<string, number>;
  wallMs: number;
  cpuMsPerPage: number;
  maxInFlight: number;
  maxPerSecond: number;
  maxPer700: number;
  tooMany: number;
  /** Queue mode: from go to the producer's first line, which it reads once every job is queued. */
  firstLineMs: number;
  /** CPU of this process (the simulated web, and the producer in queue mode) and of redis-server, per page. */
  serverCpuMsPerPage: number;
  redisCpuMsPerPage: number;
}

async function redisCpuMs(client: Redis): Promise<number> {
  const info = await client.info('cpu');
  const field = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? 0);
  return (field('used_cpu_user') + field('used_cpu_sys')) * 1000;
}

async function oneRun(web: Web, workers: number, mode: WorkerJob['mode'], dir: string, redisUrl: string | undefined): Promise<Run> {
  const server: MultiSiteWeb = await startMultiSiteWeb(web.hosts, 4);
  const client = redisUrl ? new Redis(redisUrl) : undefined;
  try {
    const urls = web.urls.map((url) => url.replace('PORT', String(server.port)));
    const names = server.names;
    // Not counted at the server: only the warm-up asks it.
    const domainsOf = () => server.domains().filter((domain) => domain !== 'warm-up.com');
    await client?.flushall();
    const batch = `bench-${workers}`;
    const jobs: WorkerJob[] = Array.from({length: workers}, (_, w) => {
      const shared = {mode, names, warmUrl: server.url(warmHost, '/warm'), ...(redisUrl ? {redisUrl} : {}), prefix: 'bench', concurrency: limits.concurrency, perHost: limits.perHost, perSecond: limits.perSecond};
      if (mode === 'queue') return {...shared, batch};
      const urlsFile = join(dir, `urls-${mode}-${workers}-${w}.txt`);
      writeFileSync(urlsFile, urls.filter((_, i) => i % workers === w).join('\n'));
      return {...shared, urlsFile};
    });
    const lines: Record<string, number> = {};
    let producedAt = 0;
    let firstLineAt = 0;
    // The producer of the queue mode: enqueues every URL and waits for every line.
    const produce = async () => {
      await enqueueBatch({
        queue: redisUrl ?? '',
        name: batch,
        urls,
        options: {ping: false, timeout: 30_000},
        backoff: 1000,
        ...(process.env.BATCH_BENCH_TRACE
          ? {progress: (state: {done: number; waiting: number; active: number; retrying: number}) => process.stderr.write(`${((performance.now() - started) / 1000).toFixed(2)} progress done ${state.done} waiting ${state.waiting} active ${state.active} retrying ${state.retrying}\n`)}
          : {}),
        write: (line) => {
          const parsed = JSON.parse(line) as {status: string; code?: string};
          const code = parsed.code ?? parsed.status;
          lines[code] = (lines[code] ?? 0) + 1;
          firstLineAt ||= performance.now();
          if (process.env.BATCH_BENCH_TRACE) process.stderr.write(`${((performance.now() - started) / 1000).toFixed(2)} ${code} ${(JSON.parse(line) as {url: string}).url}\n`);
        },
      });
      producedAt = performance.now();
    };
    const redisBefore = client ? await redisCpuMs(client) : 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    const reports = await runWorkers(jobs, mode === 'queue' ? produce : undefined);
    // Queue mode: until the last line came (the workers then take a few seconds to close).
    const wallMs = (producedAt || performance.now()) - started;
    const used = process.cpuUsage(cpu);
    const redisUsed = client ? (await redisCpuMs(client)) - redisBefore : 0;
    const domains = domainsOf();
    const codes: Record<string, number> = {...lines};
    for (const report of reports) for (const [code, n] of Object.entries(report.codes)) codes[code] = (codes[code] ?? 0) + n;
    const pages = reports.reduce((sum, report) => sum + report.pages, 0);
    return {
      firstLineMs: firstLineAt ? firstLineAt - started : 0,
      serverCpuMsPerPage: (used.user + used.system) / 1000 / Math.max(1, pages),
      redisCpuMsPerPage: redisUsed / Math.max(1, pages),
      workers,
      pages,
      failed: reports.reduce((sum, report) => sum + report.failed, 0),
      codes,
      wallMs,
      cpuMsPerPage: reports.reduce((sum, report) => sum + report.cpuMs, 0) / Math.max(1, pages),
      maxInFlight: Math.max(...domains.map((domain) => server.stats(domain).maxInFlight)),
      maxPerSecond: Math.max(...domains.map((domain) => server.maxInWindow(domain, 1000))),
      maxPer700: Math.max(...domains.map((domain) => server.maxInWindow(domain, 700))),
      tooMany: domains.reduce((sum, domain) => sum + server.stats(domain).tooMany, 0),
    };
  } finally {
    client?.disconnect();
    await server.close();
  }
}

/** Pages/s with 1, 2 and 4 workers on one Redis, the ceiling seen at the server, and CPU per page against a bare extract() loop. */
export async function benchBatch(mode: BenchMode = {quick: false}): Promise<{rows: Row[]}> {
  if (!hasRedis) return {rows: [{area: 'batch', measure: 'skipped', value: 'skipped: no redis-server (apt-get install -y redis-server)'}]};
  const pageCount = Number(process.env.BATCH_BENCH_PAGES ?? (mode.quick ? 200 : 2000));
  const hostCount = Number(process.env.BATCH_BENCH_HOSTS ?? (mode.quick ? 10 : 50));
  // `gate`: each process runs runBatch over a fixed share of the URLs with a redisHostGate (no queue).
  const workerMode = process.env.BATCH_BENCH_MODE === 'gate' ? 'gate' : 'queue';
  const dir = mkdtempSync(join(tmpdir(), 'linkpeek-bench-batch-'));
  const redis = await startRedis();
  const rows: Row[] = [];
  const ceiling = `≤ ${limits.perHost} at once, ≤ ${limits.perSecond}/s`;
  try {
    // The bare loop: extraction alone, no latency, no gate, one process.
    const bare = await oneRun(simulatedWeb(hostCount, pageCount, false), 1, 'bare', dir, undefined);
    rows.push({
      area: 'batch',
      measure: `bare extract() loop, 1 process, ${bare.pages} pages, no latency, concurrency ${limits.concurrency}`,
      value: `${fixed((bare.pages * 1000) / bare.wallMs, 0)} pages/s · ${fixed(bare.cpuMsPerPage, 2)} CPU ms/page`,
      ratio: `${fixed(1000 / bare.cpuMsPerPage, 0)} pages/s per core`,
    });
    const web = simulatedWeb(hostCount, pageCount, true);
    let single: Run | undefined;
    for (const workers of (process.env.BATCH_BENCH_WORKERS ?? '1,2,4').split(',').map(Number)) {
      const run = await oneRun(web, workers, workerMode, dir, redis.url);
      single ??= run;
      const rate = (run.pages * 1000) / run.wallMs;
      const singleRate = (single.pages * 1000) / single.wallMs;
      const failures = Object.entries(run.codes)
        .filter(([code]) => code !== 'success')
        .map(([code, n]) => (code === 'retried' ? `${n} attempts retried` : `${n} ${code} lines`))
        .join(', ');
      rows.push({
        area: 'batch',
        measure: `${workers} worker process${workers > 1 ? 'es' : ''} × concurrency ${limits.concurrency} (${workerMode === 'queue' ? 'linkpeek worker, BullMQ' : 'runBatch, fixed shares'}), one Redis, ${hostCount} hosts, ${run.pages} pages`,
        value: `${fixed(rate, 1)} pages/s (${fixed(run.wallMs / 1000, 1)} s${run.firstLineMs ? `, all jobs queued after ≈${fixed(run.firstLineMs / 1000, 1)} s` : ''}) · workers ${fixed(run.cpuMsPerPage, 2)} CPU ms/page (${fixed(run.cpuMsPerPage / bare.cpuMsPerPage, 2)}× bare) + web${workerMode === 'queue' ? ' and producer' : ''} ${fixed(run.serverCpuMsPerPage, 2)} + redis ${fixed(run.redisCpuMsPerPage, 2)}`,
        ratio: `${fixed(rate / singleRate, 2)}× 1 worker`,
        target: `${ceiling}: max ${run.maxInFlight} at once, ${run.maxPerSecond} in any 1 s (${run.maxPer700} in any 700 ms) ${run.maxInFlight <= limits.perHost && run.maxPer700 <= limits.perSecond ? '✓' : '✗'}`,
        spread: `${run.tooMany} 429s answered${failures ? `; ${failures}` : ''}`,
      });
    }
    const politenessBound = hostCount * limits.perSecond;
    rows.push({
      area: 'batch',
      measure: 'what bounds it',
      value: `politeness: ${hostCount} hosts × ${limits.perSecond}/s = ${politenessBound} pages/s at most; CPU: ${cpus().length} cores × ${fixed(1000 / bare.cpuMsPerPage, 0)} pages/s per core (bare)`,
    });
  } finally {
    await redis.close();
    rmSync(dir, {recursive: true, force: true});
  }
  return {rows};
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const {markdownTable} = await import('./stats.js');
  const {rows} = await benchBatch({quick: process.argv.includes('--quick')});
  process.stdout.write(`${markdownTable(rows)}\n`);
}
