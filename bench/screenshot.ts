/**
 * Screenshot bench: cold first shot (launch + capture + close), warm latency on a shared browser,
 * and throughput at concurrency 1 and 4. Everything goes through `takeScreenshot`, so the figures
 * include the Node-side fulfilment of every browser request. Next to it, in the same run and
 * interleaved, the floor: a bare, unguarded puppeteer capture of the same page by the same
 * Chromium with the same switches (a fresh incognito context + page per capture, viewport, goto,
 * screenshot, context closed; no interception). Targets (issue 13): warm p50 ≤ 1.25x the floor's,
 * ≥ 12 captures/s at concurrency 4. Loopback only; bounded to ~90 s.
 * Standalone: `npx tsx bench/screenshot.ts [--quick]`.
 */
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {pathToFileURL} from 'node:url';
import type {Browser} from 'puppeteer-core';
import {createChromiumProvider, findExecutable} from '../src/browser/chromium-provider.js';
import {openBrowser} from '../src/browser/launch.js';
import {createDeadline} from '../src/deadline.js';
import {normalizeConfig, normalizeOptions} from '../src/options.js';
import type {ScreenshotProvider} from '../src/browser/provider.js';
import {takeScreenshot} from '../src/screenshot/take-screenshot.js';
import {fixed, markdownTable, quantile, range, type BenchMode, type Row} from './stats.js';

/** What {@link benchScreenshots} measured; `rows` is the same, ready for bench/run.ts's table. */
export interface ScreenshotBench {
  /** Milliseconds for the first shot of a new provider: launch, capture, close (median of the cold runs). */
  cold: number;
  /** Milliseconds per capture on a warm, shared browser. */
  warm: {p50: number; p95: number};
  /** Milliseconds per bare, unguarded capture by the same Chromium (interleaved with `warm`). */
  floor: {p50: number; p95: number};
  /** Captures per second with 1 and 4 captures in flight (median of the rounds at 4). */
  throughput: {c1: number; c4: number};
  /** The floor's captures per second at concurrency 4. */
  floorThroughput: {c4: number};
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
const targets = {warmRatio: 1.25, c4: 12};

/**
 * The floor: what a bare puppeteer script does, on a browser launched with linkpeek's switches,
 * except that this one may resolve and connect by itself (linkpeek's resolves no name at all, and
 * that rule also stops IP literals).
 */
async function bareCapture(browser: Browser, url: string): Promise<number> {
  const started = performance.now();
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({width: 1280, height: 800, deviceScaleFactor: 1});
    await page.goto(url, {waitUntil: 'load'});
    await page.screenshot({type: 'png'});
  } finally {
    await context.close();
  }
  return performance.now() - started;
}

/** Runs the screenshot bench and returns its figures. @throws when no Chromium is installed */
export async function benchScreenshots(mode: BenchMode = {quick: false}): Promise<ScreenshotBench> {
  await findExecutable();
  const counts = mode.quick ? {cold: 1, warm: 8, throughput: 8, rounds: 1} : {cold: 3, warm: 30, throughput: 32, rounds: 3};
  const server = createServer((_request, response) => {
    response.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const stopAt = Date.now() + 80_000;

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
    const bare = await openBrowser({args: ['--host-resolver-rules=MAP nothing.invalid ~NOTFOUND']});
    try {
      await shoot(provider);
      await bareCapture(bare.browser, url);
      const warm: number[] = [];
      const floor: number[] = [];
      // Interleaved, the order alternating, so both see the same machine.
      for (let run = 0; run < counts.warm && Date.now() < stopAt; run++) {
        if (run % 2 === 0) {
          warm.push(await shoot(provider));
          floor.push(await bareCapture(bare.browser, url));
        } else {
          floor.push(await bareCapture(bare.browser, url));
          warm.push(await shoot(provider));
        }
      }

      const throughput = async (concurrency: number, one: () => Promise<unknown>) => {
        let remaining = counts.throughput;
        let done = 0;
        const started = performance.now();
        await Promise.all(
          Array.from({length: concurrency}, async () => {
            while (remaining > 0 && Date.now() < stopAt) {
              remaining--;
              await one();
              done++;
            }
          }),
        );
        return done / ((performance.now() - started) / 1000);
      };
      const ours = () => shoot(provider);
      const theirs = () => bareCapture(bare.browser, url);
      const c1 = await throughput(1, ours);
      // Rounds at concurrency 4, alternating linkpeek and the floor.
      const c4Rounds: number[] = [];
      const floorC4Rounds: number[] = [];
      for (let round = 0; round < counts.rounds; round++) {
        c4Rounds.push(await throughput(4, ours));
        floorC4Rounds.push(await throughput(4, theirs));
      }
      const c4 = quantile(c4Rounds, 0.5);
      const floorC4 = quantile(floorC4Rounds, 0.5);

      const result = {
        cold: quantile(cold, 0.5),
        warm: {p50: quantile(warm, 0.5), p95: quantile(warm, 0.95)},
        floor: {p50: quantile(floor, 0.5), p95: quantile(floor, 0.95)},
        throughput: {c1, c4},
        floorThroughput: {c4: floorC4},
      };
      const ratio = result.warm.p50 / result.floor.p50;
      const area = 'screenshots';
      const rows: Row[] = [
        {area, measure: `cold first shot (launch + capture + close, n=${cold.length})`, value: `${fixed(result.cold, 0)} ms`},
        {
          area,
          measure: `floor: bare puppeteer capture, same Chromium and switches, fresh context + page, no interception: p50 / p95 (n=${floor.length})`,
          value: `${fixed(result.floor.p50, 0)} / ${fixed(result.floor.p95, 0)} ms`,
          ratio: '1.00× floor',
          spread: `${range(floor, 0)} ms`,
        },
        {
          area,
          measure: `warm capture p50 (n=${warm.length}, interleaved with the floor)`,
          value: `${fixed(result.warm.p50, 0)} ms`,
          ratio: `${fixed(ratio)}× floor`,
          target: `≤ ${fixed(targets.warmRatio)} ${ratio <= targets.warmRatio ? '✓' : '✗'}`,
          spread: `${range(warm, 0)} ms`,
        },
        {area, measure: `warm capture p95 (n=${warm.length})`, value: `${fixed(result.warm.p95, 0)} ms`},
        {area, measure: 'throughput, concurrency 1', value: `${fixed(c1, 1)} shots/s`},
        {
          area,
          measure: `throughput, concurrency 4 (median of ${c4Rounds.length} rounds of ${counts.throughput})`,
          value: `${fixed(c4, 1)} shots/s`,
          ratio: `${fixed(c4 / floorC4)}× floor`,
          target: `≥ ${targets.c4} ${c4 >= targets.c4 ? '✓' : '✗'}`,
          spread: `${range(c4Rounds, 1)} shots/s`,
        },
        {
          area,
          measure: 'floor throughput, concurrency 4 (rounds alternating with the above)',
          value: `${fixed(floorC4, 1)} shots/s`,
          spread: `${range(floorC4Rounds, 1)} shots/s`,
        },
      ];
      return {...result, rows};
    } finally {
      await provider.close();
      await bare.dispose();
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
