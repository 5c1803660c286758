/**
 * What wall detection costs on pages that are not walls: detectWall (alone, and given parseHtml's
 * snapshot) against parseHtml on every corpus page, each served as a plain 200 answer with the
 * headers a CDN adds. Best of interleaved rounds per page, in CPU time (the machine is shared).
 * Run: `npx tsx bench/walls-cost.ts` (tsx runs the sources unbundled; bundled with esbuild, as dist/ is,
 * detectWall takes about half the time it takes here).
 */
import {readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseHtml} from '../src/parse/parse-html.js';
import {detectWall} from '../src/walls/detect-wall.js';

const corpusDir = join(dirname(fileURLToPath(import.meta.url)), 'corpus');
const manifest = JSON.parse(readFileSync(join(corpusDir, 'manifest.json'), 'utf8')) as {file: string; charset: string}[];
const headers = {'content-type': 'text/html; charset=utf-8', server: 'cloudflare', 'cf-ray': '8a1b2c3d4e5f6071-FRA', 'cache-control': 'max-age=60'};

const cpuSeconds = (): number => {
  const {user, system} = process.cpuUsage();
  return (user + system) / 1e6;
};

/** Calls per second of `fn`, over at least `seconds` of CPU time (read every `batch` calls: reading it costs a few µs). */
function rate(fn: () => unknown, seconds: number, batch: number): number {
  let runs = 0;
  const start = cpuSeconds();
  while (cpuSeconds() - start < seconds || runs < 2) {
    for (let i = 0; i < batch; i++) fn();
    runs += batch;
  }
  return runs / (cpuSeconds() - start);
}

const rows: string[] = [];
const ratios: number[] = [];
const snapshotRatios: number[] = [];
for (const {file, charset} of manifest) {
  const html = new TextDecoder(charset).decode(readFileSync(join(corpusDir, file)));
  const url = `https://news.example.com/${file.replace(/\.html$/, '')}`;
  const snapshot = parseHtml(html);
  if (detectWall({statusCode: 200, headers, url, html}) !== null) throw new Error(`${file} detected as a wall`);
  let parse = 0;
  let detect = 0;
  let detectWithSnapshot = 0;
  for (let round = 0; round < 5; round++) {
    parse = Math.max(parse, rate(() => parseHtml(html), 0.1, 4));
    detect = Math.max(detect, rate(() => detectWall({statusCode: 200, headers, url, html}), 0.03, 200));
    detectWithSnapshot = Math.max(detectWithSnapshot, rate(() => detectWall({statusCode: 200, headers, url, html, snapshot}), 0.03, 200));
  }
  // Rates, so parse/detect is detectWall's time over parseHtml's.
  ratios.push(parse / detect);
  snapshotRatios.push(parse / detectWithSnapshot);
  rows.push(
    `${file.padEnd(28)} ${String(Math.round(html.length / 1024)).padStart(5)} KiB  parseHtml ${(1e6 / parse).toFixed(0).padStart(6)} µs  ` +
      `detectWall ${(1e6 / detect).toFixed(1).padStart(6)} µs (${((100 * parse) / detect).toFixed(2)}%)  ` +
      `with snapshot ${(1e6 / detectWithSnapshot).toFixed(1).padStart(5)} µs (${((100 * parse) / detectWithSnapshot).toFixed(2)}%)`,
  );
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
process.stdout.write(`${rows.join('\n')}\n`);
process.stdout.write(
  `\ndetectWall / parseHtml, median over ${ratios.length} pages: ${(100 * median(ratios)).toFixed(2)}% ` +
    `(worst ${(100 * Math.max(...ratios)).toFixed(2)}%); given the snapshot: ${(100 * median(snapshotRatios)).toFixed(2)}% ` +
    `(worst ${(100 * Math.max(...snapshotRatios)).toFixed(2)}%)\n`,
);
