/**
 * Batch scale (issue 36): queue workers on a latency-bound simulated web, as `linkpeek batch
 * --queue` and `linkpeek worker` run (bench/batch-scale-process.ts: each worker and the producer a
 * process of its own), on a real `redis-server` (skipped without one).
 *
 * The web (served by this process on 127.0.0.1–.8, names mapped there by the workers' dnsLookup):
 * `sites` sites of `pagesPerSite` pages each; every answer (page, image, icon, robots.txt, anything)
 * takes 100–400 ms; each page has an `og:image` and an icon on its own site, which ping (on, as by
 * default) requests too. `limited` of the sites limit pages to 2 a second, below `--per-second`:
 * past that they answer 429 with `Retry-After: 1`.
 *
 * For 1, 2, 4 and 8 workers (concurrency 8 each, `--per-host 2 --per-second 4`): pages/s (all lines
 * from the producer's start to its last line), CPU ms per page of each process kind (the workers,
 * redis-server from `INFO cpu`, the producer; the web's own in the bench process, apart), and at the
 * servers, per site (registrable domain), counting every request (pages, pings, robots.txt): the most
 * in flight at once and the most that arrived in any 1 s (a sliding window, so also in any whole
 * second), against `--per-host` and `--per-second`; the 429s the limited sites answered and the lines
 * that are not a success.
 *
 * `BATCH_SCALE_SITES`, `BATCH_SCALE_PAGES` (per site), `BATCH_SCALE_WORKERS` (`1,2,4,8`),
 * `BATCH_SCALE_CONCURRENCY` change the run; `--quick`: 20 sites of 6 pages, 1 and 2 workers.
 * Standalone: `npx tsx bench/batch-scale.ts [--quick]`.
 */
import {cpus} from 'node:os';
import {pathToFileURL} from 'node:url';
import {Redis} from 'ioredis';
import {getDomain} from 'tldts';
import {hasRedis, startRedis} from '../tests/helpers/redis-server.js';
import {maxInWindow, startMultiSiteWeb, type MultiSiteWeb, type SiteBehaviour} from '../tests/helpers/multi-site-web.js';
import {startBenchChild} from './bench-child.js';
import type {ScaleJob, ScaleReport} from './batch-scale-process.js';
import {fixed, type BenchMode, type Row} from './stats.js';

const limits = {perHost: 2, perSecond: 4};
const latencyMs: [number, number] = [100, 400];
const limitedRate = 2;
const addresses = 8;
const warmHost = 'www.warm-up.com';

interface Web {
  server: MultiSiteWeb;
  warmUrl: string;
  urls: string[];
  limitedSites: string[];
}

/**
 * The web (tests/helpers/multi-site-web.ts): pages that link an image and an icon of their own
 * site; the limited sites answer a page 429 once `limitedRate` pages were answered within a second.
 */
async function startWeb(siteCount: number, pagesPerSite: number, limitedCount: number): Promise<Web> {
  const hosts = Array.from({length: siteCount}, (_, i) => (i < limitedCount ? `www.limited-${i + 1}.com` : `www.site-${String(i + 1).padStart(3, '0')}.com`));
  const limitedSites = hosts.slice(0, limitedCount).map((host) => getDomain(host) as string);
  const site: SiteBehaviour = {latencyMs, links: 'media'};
  const behaviours = Object.fromEntries(hosts.map((host, i) => [host, i < limitedCount ? {...site, limit: {count: limitedRate, of: 'pages' as const, served: true, retryAfter: 1}} : site]));
  // The workers' warm-up pages come from a site of their own, not counted (stats are reset after it).
  const server = await startMultiSiteWeb({...behaviours, [warmHost]: site}, addresses);
  // Sites in turns (page 0 of every site, then page 1, ...): as a list of links from many sources would be.
  const urls: string[] = [];
  for (let n = 0; n < pagesPerSite; n++) for (const host of hosts) urls.push(server.url(host, `/p/${n}`));
  return {server, warmUrl: server.url(warmHost, '/p/warm-'), urls, limitedSites};
}

const startChild = (job: ScaleJob) => startBenchChild<ScaleReport>('bench/batch-scale-process.ts', 'BATCH_SCALE_JOB', job);

async function redisCpuMs(client: Redis): Promise<number> {
  const info = await client.info('cpu');
  const field = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? 0);
  return (field('used_cpu_user') + field('used_cpu_sys')) * 1000;
}

interface Run {
  workers: number;
  pages: number;
  wallMs: number;
  firstLineMs: number;
  codes: Record<string, number>;
  failuresBySite: Record<string, number>;
  retried: number;
  /** CPU ms per page: all workers together, per worker process on average, Redis, producer, the web. */
  cpu: {workers: number; perWorker: number; redis: number; producer: number; web: number};
  maxAtOnce: number;
  maxInSecond: number;
  /** The site where each maximum was seen. */
  maxAtOnceSite: string;
  maxInSecondSite: string;
  tooMany: number;
  limitedOk: boolean;
  /** Requests the sites received per line, by kind (page, image, icon, favicon, …). */
  kinds: Record<string, number>;
}

async function oneRun(web: Web, redisUrl: string, workers: number, concurrency: number): Promise<Run> {
  const client = new Redis(redisUrl);
  try {
    await client.flushall();
    const batch = `scale-${workers}`;
    const common = {redisUrl, batch, names: web.server.names};
    const workerProcesses = Array.from({length: workers}, () => startChild({...common, role: 'worker', concurrency, ...limits, warmUrl: web.warmUrl}));
    const producer = startChild({...common, role: 'producer', urls: web.urls});
    await Promise.all([...workerProcesses, producer].map((child) => child.ready));
    web.server.reset();
    const redisBefore = await redisCpuMs(client);
    const cpuBefore = process.cpuUsage();
    for (const child of workerProcesses) child.say('go');
    producer.say('go');
    producer.end();
    let produced: ScaleReport;
    try {
      produced = await producer.report;
    } finally {
      for (const child of workerProcesses) {
        child.say('stop');
        child.end();
      }
    }
    const redisUsed = (await redisCpuMs(client)) - redisBefore;
    const webUsed = process.cpuUsage(cpuBefore);
    const reports = await Promise.all(workerProcesses.map((child) => child.report));
    const pages = produced.lines;
    const workerCpu = reports.reduce((sum, report) => sum + report.cpuMs, 0);
    let maxAtOnce = 0;
    let maxInSecond = 0;
    let maxAtOnceSite = '';
    let maxInSecondSite = '';
    let tooMany = 0;
    const kinds: Record<string, number> = {};
    for (const site of web.server.domains()) {
      const s = web.server.stats(site);
      tooMany += s.tooMany;
      for (const [kind, n] of Object.entries(s.kinds)) kinds[kind] = (kinds[kind] ?? 0) + n / produced.lines;
      if (s.maxInFlight > maxAtOnce) (maxAtOnce = s.maxInFlight), (maxAtOnceSite = site);
      const inSecond = maxInWindow(s.arrivals, 1000);
      if (inSecond > maxInSecond) (maxInSecond = inSecond), (maxInSecondSite = site);
    }
    return {
      workers,
      pages,
      wallMs: produced.wallMs,
      firstLineMs: produced.firstLineMs ?? 0,
      codes: produced.codes,
      failuresBySite: produced.failuresBySite ?? {},
      retried: reports.reduce((sum, report) => sum + (report.codes.retried ?? 0), 0),
      cpu: {
        workers: workerCpu / pages,
        perWorker: workerCpu / workers / pages,
        redis: redisUsed / pages,
        producer: produced.cpuMs / pages,
        web: (webUsed.user + webUsed.system) / 1000 / pages,
      },
      maxAtOnce,
      maxInSecond,
      maxAtOnceSite,
      maxInSecondSite,
      tooMany,
      limitedOk: web.limitedSites.every((site) => !produced.failuresBySite?.[site]),
      kinds,
    };
  } finally {
    client.disconnect();
  }
}

/** pages/s, CPU per page per process and the most any site saw, with 1, 2, 4 and 8 queue workers on a latency-bound web. */
export async function benchBatchScale(mode: BenchMode = {quick: false}): Promise<{rows: Row[]}> {
  const area = 'batch-scale';
  if (!hasRedis) return {rows: [{area, measure: 'skipped', value: 'skipped: no redis-server (apt-get install -y redis-server)'}]};
  const siteCount = Number(process.env.BATCH_SCALE_SITES ?? (mode.quick ? 20 : 80));
  const pagesPerSite = Number(process.env.BATCH_SCALE_PAGES ?? (mode.quick ? 6 : 20));
  const concurrency = Number(process.env.BATCH_SCALE_CONCURRENCY ?? 8);
  const workerCounts = (process.env.BATCH_SCALE_WORKERS ?? (mode.quick ? '1,2' : '1,2,4,8')).split(',').map(Number);
  const limitedCount = Math.min(3, Math.max(1, Math.floor(siteCount / 20)));
  const web = await startWeb(siteCount, pagesPerSite, limitedCount);
  const redis = await startRedis();
  const rows: Row[] = [];
  const setup = `${siteCount} sites × ${pagesPerSite} pages, ${latencyMs[0]}–${latencyMs[1]} ms an answer, ping on (og:image, icon on the same site), ${limitedCount} site${limitedCount > 1 ? 's' : ''} allowing ${limitedRate} pages/s (429, Retry-After 1)`;
  try {
    let single: Run | undefined;
    for (const workers of workerCounts) {
      const run = await oneRun(web, redis.url, workers, concurrency);
      process.stderr.write(`batch-scale: ${workers} worker(s): ${run.pages} lines in ${fixed(run.wallMs / 1000, 1)} s, ${JSON.stringify(run.codes)}\n`);
      single ??= run;
      const rate = (run.pages * 1000) / run.wallMs;
      const singleRate = (single.pages * 1000) / single.wallMs;
      const failures = Object.entries(run.codes)
        .filter(([code]) => code !== 'success')
        .map(([code, n]) => `${n} ${code}`)
        .join(', ');
      const total = run.cpu.workers + run.cpu.redis + run.cpu.producer;
      rows.push({
        area,
        measure: `${workers} worker${workers > 1 ? 's' : ''} × concurrency ${concurrency}, --per-host ${limits.perHost} --per-second ${limits.perSecond}; ${setup}`,
        value:
          `${fixed(rate, 1)} pages/s (${run.pages} lines in ${fixed(run.wallMs / 1000, 1)} s, first after ${fixed(run.firstLineMs / 1000, 1)} s) · ` +
          `CPU ms/page: workers ${fixed(run.cpu.workers, 2)} (${fixed(run.cpu.perWorker, 2)} each), redis ${fixed(run.cpu.redis, 2)}, producer ${fixed(run.cpu.producer, 2)} = ${fixed(total, 2)} (${fixed(1000 / total, 0)} pages/s per core); web ${fixed(run.cpu.web, 2)}`,
        ratio: `${fixed(rate / singleRate, 2)}× 1 worker`,
        target:
          `per site, all requests: max ${run.maxAtOnce} at once (${run.maxAtOnceSite}) ${run.maxAtOnce <= limits.perHost ? '✓' : '✗'}, ` +
          `max ${run.maxInSecond} in any 1 s (${run.maxInSecondSite}) ${run.maxInSecond <= limits.perSecond ? '✓' : '✗'}`,
        spread:
          `${run.tooMany} 429s answered, ${run.retried} attempts retried; lines not a success: ${failures || 'none'}; limited sites all success ${run.limitedOk ? '✓' : '✗'}; ` +
          `requests a page at its site: ${fixed(Object.values(run.kinds).reduce((sum, n) => sum + n, 0), 2)} (${Object.entries(run.kinds)
            .map(([kind, n]) => `${kind} ${fixed(n, 2)}`)
            .join(', ')})`,
      });
    }
    rows.push({
      area,
      measure: 'what bounds it',
      value:
        `latency: concurrency ${concurrency} per worker over ≈${(latencyMs[0] + latencyMs[1]) / 2} ms a request (a page, then its pings); ` +
        `politeness: ${siteCount} sites × ${limits.perSecond}/s = ${siteCount * limits.perSecond} pages/s at most, and the limited sites' ${pagesPerSite} pages at ${limitedRate}/s ≥ ${fixed(pagesPerSite / limitedRate, 0)} s; ` +
        `CPU: ${cpus().length} cores`,
    });
  } finally {
    await redis.close();
    await web.server.close();
  }
  return {rows};
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const {markdownTable} = await import('./stats.js');
  const {rows} = await benchBatchScale({quick: process.argv.includes('--quick')});
  process.stdout.write(`${markdownTable(rows)}\n`);
}
