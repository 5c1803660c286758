/**
 * Screenshot bench: cold first shot (launch + capture + close), warm latency on a shared browser,
 * and throughput at concurrency 1 and 4. Everything goes through `takeScreenshot`, so the figures
 * include the Node-side fulfilment of every browser request. Loopback only; bounded to ~60 s.
 * Standalone: `npx tsx bench/screenshot.ts [--quick]`.
 */
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {pathToFileURL} from 'node:url';
import {createChromiumProvider, findExecutable} from '../src/browser/chromium-provider.js';
import {createDeadline} from '../src/deadline.js';
import {normalizeConfig, normalizeOptions} from '../src/options.js';
import type {ScreenshotProvider} from '../src/browser/provider.js';
import {takeScreenshot} from '../src/screenshot/take-screenshot.js';
import {fixed, markdownTable, quantile, type BenchMode, type Row} from './stats.js';

/** What {@link benchScreenshots} measured; `rows` is the same, ready for bench/run.ts's table. */
export interface ScreenshotBench {
  /** Milliseconds for the first shot of a new provider: launch, capture, close (median of the cold runs). */
  cold: number;
  /** Milliseconds per capture on a warm, shared browser. */
  warm: {p50: number; p95: number};
  /** Captures per second with 1 and 4 captures in flight. */
  throughput: {c1: number; c4: number};
  rows: Row[];
}

// Like CHROMIUM.md's small page: two cards with inline SVG, a full-page height well over the viewport.
const card = (title: string) => `<section class="card"><svg width="120" height="120" viewBox="0 0 10 10">
  <circle cx="5" cy="5" r="4" fill="#4a8"/><rect x="2" y="2" width="3" height="3" fill="#a48"/></svg>
  <h2>${title}</h2><p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(12)}</p></section>`;
const page = `<!doctype html><html><head><meta charset="utf-8"><title>bench</title><style>
  body { font-family: sans-serif; margin: 0; padding: 24px; background: #f4f4f6; }
  .card { background: #fff; border-radius: 12px; padding: 24px; margin: 0 0 24px; box-shadow: 0 2px 8px #0002; }
  .spacer { height: 1200px; }
</style></head><body><h1>Bench page</h1>${card('First card')}${card('Second card')}<div class="spacer"></div></body></html>`;

const isLoopback = (address: string) => address === '::1' || address.startsWith('127.');

/** Runs the screenshot bench and returns its figures. @throws when no Chromium is installed */
export async function benchScreenshots(mode: BenchMode = {quick: false}): Promise<ScreenshotBench> {
  await findExecutable();
  const counts = mode.quick ? {cold: 1, warm: 8, throughput: 8} : {cold: 3, warm: 24, throughput: 24};
  const server = createServer((_request, response) => {
    response.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const stopAt = Date.now() + 50_000;

  const shoot = async (provider: ScreenshotProvider) => {
    const config = normalizeConfig({allowAddress: isLoopback, screenshotProvider: provider});
    const options = normalizeOptions({screenshot: true}, config);
    const deadline = createDeadline(20_000);
    const started = performance.now();
    try {
      await takeScreenshot(url, {screenshot: options.screenshot!, headers: {}, deadline}, config);
    } finally {
      deadline.dispose();
    }
    return performance.now() - started;
  };

  try {
    const cold: number[] = [];
    for (let run = 0; run < counts.cold; run++) {
      const provider = createChromiumProvider();
      const started = performance.now();
      await shoot(provider);
      await provider.close();
      cold.push(performance.now() - started);
    }

    const provider = createChromiumProvider({concurrency: 4});
    try {
      await shoot(provider);
      const warm: number[] = [];
      for (let run = 0; run < counts.warm && Date.now() < stopAt; run++) warm.push(await shoot(provider));

      const throughput = async (concurrency: number) => {
        let remaining = counts.throughput;
        let done = 0;
        const started = performance.now();
        await Promise.all(
          Array.from({length: concurrency}, async () => {
            while (remaining > 0 && Date.now() < stopAt) {
              remaining--;
              await shoot(provider);
              done++;
            }
          }),
        );
        return done / ((performance.now() - started) / 1000);
      };
      const c1 = await throughput(1);
      const c4 = await throughput(4);

      const result = {
        cold: quantile(cold, 0.5),
        warm: {p50: quantile(warm, 0.5), p95: quantile(warm, 0.95)},
        throughput: {c1, c4},
      };
      const area = 'screenshots';
      const rows: Row[] = [
        {area, measure: `cold first shot (launch + capture + close, n=${cold.length})`, value: `${fixed(result.cold, 0)} ms`},
        {area, measure: `warm capture p50 (n=${warm.length})`, value: `${fixed(result.warm.p50, 0)} ms`},
        {area, measure: `warm capture p95 (n=${warm.length})`, value: `${fixed(result.warm.p95, 0)} ms`},
        {area, measure: 'throughput, concurrency 1', value: `${fixed(c1, 1)} shots/s`},
        {area, measure: 'throughput, concurrency 4', value: `${fixed(c4, 1)} shots/s`},
      ];
      return {...result, rows};
    } finally {
      await provider.close();
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchScreenshots({quick: process.argv.includes('--quick')});
  process.stdout.write(`${markdownTable(result.rows)}\n`);
}
