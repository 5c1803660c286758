/**
 * Soak (`npm run bench -- --soak`; `--soak --quick` for a short one): not part of the default run,
 * never part of `npm test`, and it writes nothing to results.md. Everything stays on 127.0.0.1.
 *
 * 1. Screenshots: 1,000 captures (100 with --quick) at concurrency 4 on one shared
 *    `createChromiumProvider({concurrency: 4})`, through `takeScreenshot`. Prints failures, shots/s,
 *    the RSS of this process and of the Chromium tree after warm-up and at the end, and, after
 *    `close()`, the Chromium processes and profile directories left (both must be 0).
 * 2. Endpoint: 60 s (10 s with --quick) of load at 16 connections on `createHandler` (default
 *    in-memory cache), mixing valid pages (200 distinct URLs, so hits and misses), invalid requests
 *    (bad URL, bad option), forbidden targets (private IP literals and a name resolving to one:
 *    refused before any connection), slow targets (1 s, and 3 s against a 1.5 s timeout), huge
 *    bodies (20 MB, truncated at maxBodySize) and target errors (HTTP 500). Prints requests served,
 *    malformed answers (not JSON, a body that does not match its status, a code whose status is not
 *    the HTTP status, no X-Cache-Status: must be 0), 5xx other than the target's own failures (must be
 *    0), p50/p99 latency and peak RSS.
 * Standalone: `npx tsx bench/soak.ts [--quick]`.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {pathToFileURL} from 'node:url';
import {createChromiumProvider, findExecutable} from '../src/browser/chromium-provider.js';
import {descendantPids} from '../src/browser/process-tree.js';
import {createDeadline} from '../src/deadline.js';
import {createHandler} from '../src/endpoint/handler.js';
import {statusByCode, type ErrorCode} from '../src/errors.js';
import {normalizeConfig, normalizeOptions} from '../src/options.js';
import {takeScreenshot} from '../src/screenshot/take-screenshot.js';
import {loopbackConfig} from '../tests/helpers/policy.js';
import {fixed, markdownTable, quantile, type BenchMode, type Row} from './stats.js';

const mib = (bytes: number) => `${fixed(bytes / 2 ** 20, 0)} MiB`;

/** RSS in bytes of a process, from /proc (0 when it is gone). */
function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The Chromium processes under this one, and the RSS sum of the tree (which over-counts shared pages). */
function chromiumTree(): {pids: number[]; rss: number} {
  const pids = descendantPids(process.pid).filter((pid) => {
    try {
      return /chrom/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '');
    } catch {
      return false;
    }
  });
  return {pids, rss: pids.reduce((sum, pid) => sum + rssOf(pid), 0)};
}

const ownProfiles = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`linkpeek-chromium-${process.pid}-`));

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

const card = (n: number) =>
  `<section style="background:#fff;border-radius:12px;padding:24px;margin:0 0 24px"><h2>Card ${n}</h2><p>${'Lorem ipsum dolor sit amet. '.repeat(20)}</p></section>`;
const shotPage = `<!doctype html><html><head><meta charset="utf-8"><title>soak</title></head>
  <body style="font-family:sans-serif;background:#eee">${card(1)}${card(2)}${card(3)}</body></html>`;

async function soakScreenshots(mode: BenchMode): Promise<Row[]> {
  await findExecutable();
  const total = mode.quick ? 100 : 1000;
  const concurrency = 4;
  const site = createServer((_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end(shotPage));
  const origin = await listen(site);
  const provider = createChromiumProvider({concurrency});
  const config = normalizeConfig({...loopbackConfig, screenshotProvider: provider});
  const screenshot = normalizeOptions({screenshot: true}, config).screenshot!;
  const shoot = async (n: number) => {
    const deadline = createDeadline(30_000);
    try {
      await takeScreenshot(`${origin}/?n=${n}`, {screenshot, headers: {}, deadline}, config);
    } finally {
      deadline.dispose();
    }
  };
  let failures = 0;
  const codes = new Map<string, number>();
  const area = 'soak: screenshots';
  try {
    // Warm-up: the browser launched and a few captures done, so growth is measured from a steady state.
    for (let n = 0; n < 8; n++) await shoot(n);
    const node0 = process.memoryUsage().rss;
    const chrome0 = chromiumTree().rss;
    let next = 0;
    let done = 0;
    const started = performance.now();
    let lastReport = started;
    await Promise.all(
      Array.from({length: concurrency}, async () => {
        while (next < total) {
          const n = next++;
          try {
            await shoot(n);
          } catch (error) {
            failures++;
            const code = String((error as {code?: string}).code ?? 'other');
            codes.set(code, (codes.get(code) ?? 0) + 1);
          }
          done++;
          if (performance.now() - lastReport > 15_000) {
            lastReport = performance.now();
            process.stderr.write(`soak: ${done}/${total} screenshots, Node RSS ${mib(process.memoryUsage().rss)}, Chromium RSS ${mib(chromiumTree().rss)}\n`);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const node1 = process.memoryUsage().rss;
    const chrome1 = chromiumTree().rss;
    await provider.close();
    const left = chromiumTree().pids.length;
    const profiles = ownProfiles().length;
    const failed = [...codes].map(([code, count]) => `${code} ×${count}`).join(', ');
    return [
      {area, measure: `captures at concurrency ${concurrency}`, value: `${total} in ${fixed(seconds, 0)} s (${fixed(total / seconds, 1)}/s)`},
      {area, measure: 'failed captures', value: `${failures}${failed ? ` (${failed})` : ''}`, target: `0 ${failures === 0 ? '✓' : '✗'}`},
      {area, measure: 'Node RSS: after warm-up → end (growth)', value: `${mib(node0)} → ${mib(node1)} (${node1 >= node0 ? '+' : ''}${mib(node1 - node0)})`},
      {area, measure: 'Chromium tree RSS sum: after warm-up → end', value: `${mib(chrome0)} → ${mib(chrome1)}`},
      {area, measure: 'Chromium processes left after close()', value: String(left), target: `0 ${left === 0 ? '✓' : '✗'}`},
      {area, measure: 'profile directories left after close()', value: String(profiles), target: `0 ${profiles === 0 ? '✓' : '✗'}`},
    ];
  } finally {
    await provider.close();
    await close(site);
  }
}

type Kind = 'valid' | 'invalid' | 'forbidden' | 'slow' | 'too slow' | 'huge' | 'target error';
const targetFailures: ReadonlySet<string> = new Set(['EHTTP', 'EFETCH', 'ETIMEOUT', 'ETOOLARGE', 'ENOTHTML', 'EMAXREDIRECTS']);

async function soakEndpoint(mode: BenchMode): Promise<Row[]> {
  const seconds = mode.quick ? 10 : 60;
  const connections = 16;
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const target = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/page') {
      response.writeHead(200, {'content-type': 'text/html'}).end(`<!doctype html><title>Soak page ${request.url}</title>
        <meta name="description" content="A page for the soak."><meta property="og:image" content="/img.png">`);
    } else if (path === '/slow' || path === '/too-slow') {
      const timer = setTimeout(() => response.writeHead(200, {'content-type': 'text/html'}).end('<title>slow</title>'), path === '/slow' ? 1000 : 3000);
      response.on('close', () => clearTimeout(timer));
    } else if (path === '/huge') {
      // 20 MB of markup after the head: linkpeek stops at maxBodySize (5 MiB) and hangs up.
      response.writeHead(200, {'content-type': 'text/html'});
      response.write('<!doctype html><title>huge</title><body>');
      let sent = 0;
      const pump = () => {
        while (sent < 20 * 2 ** 20 && !response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    } else {
      response.writeHead(500, {'content-type': 'text/html'}).end('<title>broken</title>');
    }
  });
  const targetOrigin = (await listen(target)).replace('127.0.0.1', 'site.test');
  const endpoint = createServer(createHandler({...loopbackConfig}));
  endpoint.keepAliveTimeout = 5_000;
  const base = await listen(endpoint);
  const enc = encodeURIComponent;

  // Weighted mix: [kind, weight, query]; `n` varies valid pages over 200 URLs (hits and misses).
  const mix: [Kind, number, (n: number) => string][] = [
    ['valid', 50, (n) => `url=${enc(`${targetOrigin}/page?n=${n % 200}`)}&ping=false`],
    ['invalid', 6, () => 'url=not%20a%20url'],
    ['invalid', 4, () => `url=${enc(`${targetOrigin}/page`)}&screenshot.type=gif`],
    ['invalid', 3, () => 'ping=false'],
    ['forbidden', 4, () => `url=${enc('http://10.0.0.1/')}`],
    ['forbidden', 3, () => `url=${enc('http://169.254.169.254/latest/meta-data/')}`],
    ['forbidden', 3, () => `url=${enc('http://private.test/')}`],
    ['slow', 6, (n) => `url=${enc(`${targetOrigin}/slow?n=${n}`)}&ping=false`],
    ['too slow', 4, (n) => `url=${enc(`${targetOrigin}/too-slow?n=${n}`)}&ping=false&timeout=1500`],
    ['huge', 7, (n) => `url=${enc(`${targetOrigin}/huge?n=${n}`)}&ping=false`],
    ['target error', 10, (n) => `url=${enc(`${targetOrigin}/error?n=${n}`)}&ping=false`],
  ];
  const weights = mix.reduce((sum, [, weight]) => sum + weight, 0);
  const pick = (n: number) => {
    let roll = (n * 7919) % weights;
    for (const entry of mix) {
      roll -= entry[1];
      if (roll < 0) return entry;
    }
    return mix[0] as (typeof mix)[number];
  };

  const latencies: number[] = [];
  const byKind = new Map<Kind, number>();
  const malformed: string[] = [];
  const unexpected5xx: string[] = [];
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);
  let counter = 0;
  const stopAt = Date.now() + seconds * 1000;
  try {
    await Promise.all(
      Array.from({length: connections}, async () => {
        while (Date.now() < stopAt) {
          const n = counter++;
          const [kind, , query] = pick(n);
          const started = performance.now();
          let status = 0;
          let text = '';
          let cacheStatus: string | null = null;
          try {
            const response = await fetch(`${base}/?${query(n)}`);
            status = response.status;
            cacheStatus = response.headers.get('x-cache-status');
            text = await response.text();
          } catch (error) {
            malformed.push(`${kind}: no answer (${(error as Error).message})`);
            continue;
          }
          latencies.push(performance.now() - started);
          byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
          const problem = checkAnswer(status, text, cacheStatus);
          if (problem) malformed.push(`${kind}: ${problem}`);
          if (status >= 500) {
            let code = '';
            try {
              code = String((JSON.parse(text) as {code?: string}).code);
            } catch {}
            if (!targetFailures.has(code)) unexpected5xx.push(`${kind}: ${status} ${code}`);
          }
        }
      }),
    );
  } finally {
    clearInterval(sampler);
    await close(endpoint);
    await close(target);
  }
  const area = 'soak: endpoint';
  const served = latencies.length;
  const kinds = [...byKind].map(([kind, count]) => `${kind} ${count}`).join(', ');
  const sample = (list: string[]) => (list.length ? ` (e.g. ${[...new Set(list)].slice(0, 3).join('; ')})` : '');
  return [
    {area, measure: `requests served in ${seconds} s at ${connections} connections`, value: `${served} (${fixed(served / seconds, 0)}/s)`},
    {area, measure: 'mix', value: kinds},
    {area, measure: 'malformed answers', value: `${malformed.length}${sample(malformed)}`, target: `0 ${malformed.length === 0 ? '✓' : '✗'}`},
    {area, measure: "5xx other than the target's own failures", value: `${unexpected5xx.length}${sample(unexpected5xx)}`, target: `0 ${unexpected5xx.length === 0 ? '✓' : '✗'}`},
    {area, measure: 'latency p50 / p99', value: `${fixed(quantile(latencies, 0.5), 0)} ms / ${fixed(quantile(latencies, 0.99), 0)} ms`},
    {area, measure: 'peak RSS (this process: endpoint, targets and client)', value: mib(peakRss)},
  ];
}

/** Why an answer is malformed, or undefined when it is a well-formed linkpeek answer. */
function checkAnswer(status: number, text: string, cacheStatus: string | null): string | undefined {
  if (!cacheStatus) return `${status} without X-Cache-Status`;
  let body: {status?: string; code?: string; data?: unknown};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return `${status} with a body that is not JSON`;
  }
  if (status === 200) return body.status === 'success' && body.data ? undefined : '200 without a success envelope';
  const code = body.code as ErrorCode | undefined;
  if (!code || !(code in statusByCode)) return `${status} without a known code`;
  if (statusByCode[code] !== status) return `${code} answered ${status}, not ${statusByCode[code]}`;
  if (body.status !== (status < 500 ? 'fail' : 'error')) return `${status} with status "${body.status}"`;
  return undefined;
}

/** Runs both soaks; each must end with nothing left behind and no malformed answer. */
export async function benchSoak(mode: BenchMode = {quick: false}): Promise<{rows: Row[]}> {
  const endpoint = await soakEndpoint(mode);
  let screenshots: Row[];
  try {
    screenshots = await soakScreenshots(mode);
  } catch (error) {
    if ((error as {code?: string}).code !== 'ENOBROWSER') throw error;
    screenshots = [{area: 'soak: screenshots', measure: 'skipped', value: `skipped: ${(error as Error).message.split('\n')[0]}`}];
  }
  const rows = [...endpoint, ...screenshots];
  const missed = rows.filter((row) => row.target?.endsWith('✗'));
  if (missed.length > 0) {
    process.stderr.write(`${markdownTable(rows)}\n`);
    throw new Error(`soak: ${missed.map((row) => row.measure).join(', ')} not met`);
  }
  return {rows};
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const {rows} = await benchSoak({quick: process.argv.includes('--quick')});
  process.stdout.write(`${markdownTable(rows)}\n`);
}
