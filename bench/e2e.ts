/**
 * End-to-end `extract()` against a real HTTP server on 127.0.0.1 (the documented loopback opt-in, names
 * resolved by the tests' lookup, so nothing leaves the machine):
 * - latency p50/p95 for a small (~30 KB) and a large (~2 MB) page, with ping off and on; the page
 *   references 10 media files served with delays (slowest 200 ms, 1 s in total);
 * - the ping stage's wall time, timed through the public `stages` seam, next to the slowest and the
 *   summed delay of the media requests the server actually received;
 * - the same for a page with 50 media references.
 */
import {readFileSync} from 'node:fs';
import type {IncomingMessage, ServerResponse} from 'node:http';
import {dirname, join} from 'node:path';
import {performance} from 'node:perf_hooks';
import {fileURLToPath} from 'node:url';
import {Bench} from 'tinybench';
import {loopbackConfig} from '../tests/helpers/policy.js';
import {startServer, type TestServer} from '../tests/helpers/server.js';
import {fixed, median, quantile, range, type BenchMode, type Row} from './stats.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const jpeg = readFileSync(join(root, 'tests/fixtures/media/sample.jpg'));
const png = readFileSync(join(root, 'tests/fixtures/media/sample.png'));

/** A minimal MP4: ftyp + moov/mvhd, then an mdat (what duration reading looks at). */
function mp4(): Buffer {
  const box = (type: string, body: Buffer) => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(8 + body.length);
    header.write(type, 4, 'latin1');
    return Buffer.concat([header, body]);
  };
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(65_000, 16);
  return Buffer.concat([box('ftyp', Buffer.from('isom\0\0\x02\0isom', 'latin1')), box('moov', box('mvhd', mvhd)), box('mdat', Buffer.alloc(4096))]);
}
/** An MP3: MPEG-1 Layer III frame headers (128 kbit/s, 44.1 kHz). */
const mp3 = Buffer.concat(Array.from({length: 40}, () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x44]), Buffer.alloc(413)])));
const video = mp4();

interface MediaFile {
  path: string;
  delay: number;
  type: string;
  bytes: Buffer;
}

/** The 10 media of the latency pages: slowest 200 ms, 1000 ms in total. */
const tenMedia: MediaFile[] = [
  {path: '/m/og.jpg', delay: 200, type: 'image/jpeg', bytes: jpeg},
  {path: '/m/twitter.png', delay: 150, type: 'image/png', bytes: png},
  {path: '/m/jsonld.jpg', delay: 100, type: 'image/jpeg', bytes: jpeg},
  {path: '/m/icon.png', delay: 100, type: 'image/png', bytes: png},
  {path: '/m/apple-touch-icon.png', delay: 50, type: 'image/png', bytes: png},
  {path: '/m/clip.mp4', delay: 200, type: 'video/mp4', bytes: video},
  {path: '/m/track.mp3', delay: 100, type: 'audio/mpeg', bytes: mp3},
  {path: '/m/body.jpg', delay: 50, type: 'image/jpeg', bytes: jpeg},
  {path: '/m/body.mp4', delay: 50, type: 'video/mp4', bytes: video},
  {path: '/m/body.mp3', delay: 0, type: 'audio/mpeg', bytes: mp3},
];

function tenMediaHead(title: string): string {
  const [og, twitter, jsonld, icon, apple, clip, track] = tenMedia.map((m) => m.path);
  return `<head><meta charset="utf-8"><title>${title}</title>
<meta name="description" content="A page for the end-to-end benchmark, with ten media files.">
<meta property="og:title" content="${title}"><meta property="og:image" content="${og}">
<meta name="twitter:card" content="summary_large_image"><meta name="twitter:image" content="${twitter}">
<meta property="og:video" content="${clip}"><meta property="og:video:type" content="video/mp4">
<meta property="og:audio" content="${track}"><meta property="og:audio:type" content="audio/mpeg">
<link rel="icon" href="${icon}"><link rel="apple-touch-icon" href="${apple}">
<script type="application/ld+json">${JSON.stringify({'@context': 'https://schema.org', '@type': 'NewsArticle', headline: title, image: jsonld, author: {'@type': 'Person', name: 'Ada Lovelace'}, datePublished: '2025-05-01T08:00:00Z'})}</script>
</head>`;
}

const paragraph = (i: number) =>
  `<p>Paragraph ${i}: the council met on Tuesday to discuss the river project, the budget and the <a href="/next/${i}">next steps</a> for the village museum &amp; festival.</p>`;

function smallPage(): string {
  return `<!DOCTYPE html><html lang="en">${tenMediaHead('Small page')}<body><article><h1>Small page</h1>
<img src="/m/body.jpg" width="800" height="600" alt=""><video src="/m/body.mp4"></video><audio src="/m/body.mp3"></audio>
${Array.from({length: 160}, (_, i) => paragraph(i)).join('\n')}</article></body></html>`;
}

function largePage(): string {
  const line = 'window.__STATE__.items.push({"id":12345,"title":"An item with <b>markup</b> in a string","tags":["a","b"]});\n';
  const script = `<script>window.__STATE__={items:[]};\n${line.repeat(12_000)}</script>`;
  return `<!DOCTYPE html><html lang="en">${tenMediaHead('Large page')}<body><article><h1>Large page</h1>
<img src="/m/body.jpg" width="800" height="600" alt=""><video src="/m/body.mp4"></video><audio src="/m/body.mp3"></audio>
${Array.from({length: 1500}, (_, i) => paragraph(i)).join('\n')}</article>${script}</body></html>`;
}

/** 50 media references of every kind; delays spread from 0 to 196 ms. */
function fiftyMedia(): {html: string; media: MediaFile[]} {
  const media: MediaFile[] = [];
  const add = (name: string, type: string, bytes: Buffer) => {
    const file = {path: `/m50/${media.length}-${name}`, delay: media.length * 4, type, bytes};
    media.push(file);
    return file.path;
  };
  const tags: string[] = [];
  for (let i = 0; i < 6; i++) tags.push(`<meta property="og:image" content="${add('og.jpg', 'image/jpeg', jpeg)}">`);
  for (let i = 0; i < 3; i++) tags.push(`<meta name="twitter:image" content="${add('tw.png', 'image/png', png)}">`);
  for (let i = 0; i < 8; i++) tags.push(`<link rel="icon" sizes="${16 * (i + 1)}x${16 * (i + 1)}" href="${add('icon.png', 'image/png', png)}">`);
  for (let i = 0; i < 4; i++) tags.push(`<meta property="og:video" content="${add('v.mp4', 'video/mp4', video)}">`);
  for (let i = 0; i < 4; i++) tags.push(`<meta property="og:audio" content="${add('a.mp3', 'audio/mpeg', mp3)}">`);
  const body: string[] = [];
  for (let i = 0; i < 15; i++) body.push(`<img src="${add('img.jpg', 'image/jpeg', jpeg)}" width="640" height="480" alt="">`);
  for (let i = 0; i < 5; i++) body.push(`<video src="${add('body.mp4', 'video/mp4', video)}"></video>`);
  for (let i = 0; i < 5; i++) body.push(`<audio src="${add('body.mp3', 'audio/mpeg', mp3)}"></audio>`);
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Fifty media</title>
${tags.join('\n')}</head><body><h1>Fifty media</h1>${body.join('\n')}${Array.from({length: 40}, (_, i) => paragraph(i)).join('\n')}</body></html>`;
  return {html, media};
}

/** Serves a media file after its delay, honouring `Range: bytes=a-b` as ping's probe asks. */
function mediaRoute(file: MediaFile, requests: MediaFile[]) {
  return (request: IncomingMessage, response: ServerResponse) =>
    new Promise<void>((resolve) => {
      requests.push(file);
      const timer = setTimeout(() => {
        const match = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
        const start = match ? Number(match[1]) : 0;
        const end = match?.[2] ? Math.min(Number(match[2]), file.bytes.length - 1) : file.bytes.length - 1;
        const body = file.bytes.subarray(start, end + 1);
        const headers: Record<string, string | number> = {'content-type': file.type, 'content-length': body.length};
        if (match) headers['content-range'] = `bytes ${start}-${end}/${file.bytes.length}`;
        response.writeHead(match ? 206 : 200, headers);
        response.end(request.method === 'HEAD' ? undefined : body);
        resolve();
      }, file.delay);
      response.on('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
}

const html = (body: string) => (_request: IncomingMessage, response: ServerResponse) => {
  response.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(body);
};

type ExtractModule = typeof import('../src/extract.js');
type PingModule = typeof import('../src/ping/ping.js');

/** Runs the end-to-end part; `skipped` rows while the pipeline's stages have not landed. */
export async function benchEndToEnd(mode: BenchMode): Promise<Row[]> {
  const {createExtractor} = (await import('../src/extract.js')) as ExtractModule;
  const {pingUrls} = (await import('../src/ping/ping.js')) as PingModule;
  const requests: MediaFile[] = [];
  const fifty = fiftyMedia();
  const small = smallPage();
  const large = largePage();
  const server: TestServer = await startServer({'/small': html(small), '/large': html(large), '/fifty': html(fifty.html)});
  for (const file of [...tenMedia, ...fifty.media]) server.route(file.path, mediaRoute(file, requests));
  // A name from the tests' lookup table, so DNS resolution is part of the path without leaving the host.
  const origin = `http://site.test:${server.port}`;

  let pingMs = 0;
  const extract = createExtractor({
    ...loopbackConfig,
    stages: {
      async pingUrls(...args: Parameters<PingModule['pingUrls']>) {
        const started = performance.now();
        try {
          return await pingUrls(...args);
        } finally {
          pingMs = performance.now() - started;
        }
      },
    },
  });

  const rows: Row[] = [];
  try {
    try {
      await extract(`${origin}/small`, {ping: false});
    } catch (error) {
      return [{area: 'e2e', measure: 'skipped', value: `skipped: extract() cannot run yet (${(error as Error).message.split('\n')[0]})`}];
    }

    const iterations = mode.quick ? 4 : 30;
    const bench = new Bench({time: 0, iterations, warmupIterations: 2, warmupTime: 0, retainSamples: true, throws: true});
    const scenarios = [
      {name: 'small page (30 KB), ping off', url: `${origin}/small`, ping: false, bytes: small.length},
      {name: 'small page (30 KB), ping on', url: `${origin}/small`, ping: true, bytes: small.length},
      {name: `large page (${(large.length / 1e6).toFixed(1)} MB), ping off`, url: `${origin}/large`, ping: false, bytes: large.length},
      {name: `large page (${(large.length / 1e6).toFixed(1)} MB), ping on`, url: `${origin}/large`, ping: true, bytes: large.length},
    ];
    for (const scenario of scenarios) bench.add(scenario.name, async () => void (await extract(scenario.url, {ping: scenario.ping})));
    await bench.run();
    for (const task of bench.tasks) {
      const latency = (task.result as {latency?: {p50: number; samples?: readonly number[]}}).latency;
      if (!latency) throw new Error(`${task.name} produced no latency figures`);
      const samples = latency.samples ?? [];
      rows.push({
        area: 'e2e',
        measure: `extract() ${task.name}: p50 / p95`,
        value: `${fixed(latency.p50, 1)} / ${fixed(quantile(samples, 0.95), 1)} ms`,
        spread: `${range(samples, 1)} ms (n=${samples.length})`,
      });
    }

    const pingRuns = async (url: string, label: string, total: number) => {
      const stage: number[] = [];
      const slowest: number[] = [];
      const sums: number[] = [];
      const counts: number[] = [];
      for (let run = 0; run < (mode.quick ? 3 : 10); run++) {
        requests.length = 0;
        await extract(url, {ping: true});
        stage.push(pingMs);
        slowest.push(Math.max(0, ...requests.map((file) => file.delay)));
        sums.push(requests.reduce((sum, file) => sum + file.delay, 0));
        counts.push(requests.length);
      }
      const ratio = stage.map((ms, run) => ms / (slowest[run] as number));
      rows.push({
        area: 'e2e',
        measure: `ping stage, ${label}: ${median(counts)} of ${total} media requested, slowest ${median(slowest)} ms, sum ${median(sums)} ms`,
        value: `${fixed(median(stage), 0)} ms`,
        ratio: `${fixed(median(ratio))}× slowest · ${fixed(median(stage) / median(sums))}× sum`,
        target: `tracks slowest, not sum ${median(stage) < (median(slowest) + median(sums)) / 2 ? '✓' : '✗'}`,
        spread: `${range(stage, 0)} ms`,
      });
    };
    await pingRuns(`${origin}/small`, 'page with 10 media', tenMedia.length);
    await pingRuns(`${origin}/fifty`, 'page with 50 media', fifty.media.length);
  } finally {
    await server.close();
  }
  return rows;
}
