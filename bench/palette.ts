/**
 * The cost of `palette` per image (docs/palette.md): `computePalette` (sharp decodes and shrinks,
 * extract-colors counts, the picks) on a ~50 KB JPEG and a ~5 MB PNG held in memory, the same
 * images downloaded from a loopback server first (`addPalettes`: the stage as `extract()` runs it),
 * and `extract()` of a page whose og:image is the JPEG, with `palette` off and on (ping off).
 * The images are made here with sharp from a fixed seed: smooth colour fields (a 1/16-size noise
 * image enlarged) plus fine grain, so they compress like photographs, not like flat art or pure noise.
 * Scenarios run interleaved, one call each per round, so they share the machine's noise.
 */
import {performance} from 'node:perf_hooks';
import sharp from 'sharp';
import type {LinkData} from '../src/data.js';
import {createDeadline} from '../src/deadline.js';
import {createExtractor} from '../src/extract.js';
import {normalizeConfig} from '../src/options.js';
import {addPalettes} from '../src/palette/add-palettes.js';
import {computePalette} from '../src/palette/compute-palette.js';
import {loopbackConfig} from '../tests/helpers/policy.js';
import {html, startServer} from '../tests/helpers/server.js';
import {fixed, median, quantile, range, type BenchMode, type Row} from './stats.js';

/** Raw RGB of a photograph-like image: enlarged coarse noise plus ±`grain` per channel, from `seed`. */
async function photoLike(width: number, height: number, grain: number, seed = 7): Promise<Buffer> {
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 24;
  const coarse = Buffer.alloc(Math.ceil(width / 16) * Math.ceil(height / 16) * 3);
  for (let i = 0; i < coarse.length; i++) coarse[i] = next();
  const raw = await sharp(coarse, {raw: {width: Math.ceil(width / 16), height: Math.ceil(height / 16), channels: 3}})
    .resize(width, height, {kernel: 'cubic'})
    .raw()
    .toBuffer();
  for (let i = 0; i < raw.length; i++) raw[i] = Math.max(0, Math.min(255, raw[i]! + ((next() % (2 * grain + 1)) - grain)));
  return raw;
}

/** A JPEG of about `bytes`: the quality is searched (the same result every run). */
async function jpegOfSize(bytes: number): Promise<{file: Buffer; width: number; height: number}> {
  const [width, height] = [800, 533];
  const raw = await photoLike(width, height, 6);
  const encode = (quality: number) => sharp(raw, {raw: {width, height, channels: 3}}).jpeg({quality}).toBuffer();
  let [low, high] = [5, 95];
  while (high - low > 1) {
    const middle = Math.round((low + high) / 2);
    if ((await encode(middle)).length > bytes) high = middle;
    else low = middle;
  }
  return {file: await encode(low), width, height};
}

/** A PNG of about `bytes`: the size is searched (the same result every run). */
async function pngOfSize(bytes: number): Promise<{file: Buffer; width: number; height: number}> {
  let [width, height] = [1600, 1200];
  let file = Buffer.alloc(0);
  for (let step = 0; step < 4; step++) {
    file = await sharp(await photoLike(width, height, 10), {raw: {width, height, channels: 3}}).png().toBuffer();
    const scale = Math.sqrt(bytes / file.length);
    if (Math.abs(scale - 1) < 0.02) break;
    [width, height] = [Math.round(width * scale), Math.round(height * scale)];
  }
  return {file, width, height};
}

const kb = (bytes: number) => `${Math.round(bytes / 1000)} KB`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

export async function benchPalette(mode: BenchMode): Promise<{rows: Row[]}> {
  const jpeg = await jpegOfSize(50_000);
  const png = await pngOfSize(5_000_000);
  const jpegName = `${kb(jpeg.file.length)} JPEG ${jpeg.width}×${jpeg.height}`;
  const pngName = `${mb(png.file.length)} PNG ${png.width}×${png.height}`;
  const server = await startServer({
    '/photo.jpg': (_request, response) => void response.writeHead(200, {'content-type': 'image/jpeg'}).end(jpeg.file),
    '/large.png': (_request, response) => void response.writeHead(200, {'content-type': 'image/png'}).end(png.file),
    '/article': html('<!doctype html><title>Photo</title><meta property="og:image" content="/photo.jpg">'),
  });
  const config = normalizeConfig(loopbackConfig);
  const extract = createExtractor(loopbackConfig);
  const fetched = async (path: string) => {
    const deadline = createDeadline(30_000);
    try {
      const data: Pick<LinkData, 'image' | 'logo'> = {image: {url: server.url(path)}, logo: null};
      const {image} = await addPalettes(data, {headers: {}, pageUrl: server.url('/'), deadline}, config);
      if (!image?.palette) throw new Error(`no palette for ${path}`);
    } finally {
      deadline.dispose();
    }
  };
  const check = async (bytes: Buffer) => {
    if (!(await computePalette(bytes))) throw new Error('no palette for a bench image');
  };
  // Small images get more rounds: their calls are short, and their spread is the one to narrow.
  const scenarios = [
    {name: `computePalette, ${jpegName} in memory`, every: 1, run: () => check(jpeg.file)},
    {name: `computePalette, ${pngName} in memory`, every: 4, run: () => check(png.file)},
    {name: `addPalettes, ${jpegName} fetched over loopback`, every: 1, run: () => fetched('/photo.jpg')},
    {name: `addPalettes, ${pngName} fetched over loopback`, every: 4, run: () => fetched('/large.png')},
    {name: 'extract() of a page with that JPEG as og:image, ping off, palette off', every: 1, run: async () => void (await extract(server.url('/article'), {ping: false}))},
    {name: 'extract() of a page with that JPEG as og:image, ping off, palette on', every: 1, run: async () => void (await extract(server.url('/article'), {ping: false, palette: true}))},
    // A direct link to the image: with palette it is read whole from the one response, not downloaded twice.
    {name: 'extract() of a direct link to that JPEG, ping off, palette off', every: 1, run: async () => void (await extract(server.url('/photo.jpg'), {ping: false}))},
    {name: 'extract() of a direct link to that JPEG, ping off, palette on', every: 1, run: async () => void (await extract(server.url('/photo.jpg'), {ping: false, palette: true}))},
  ];
  // BENCH_PALETTE_ROUNDS: more rounds on a loaded machine, to narrow the spread (docs/palette.md#cost).
  const rounds = Number(process.env.BENCH_PALETTE_ROUNDS) || (mode.quick ? 20 : 200);
  const samples = scenarios.map(() => [] as number[]);
  try {
    for (const scenario of scenarios) for (let warm = 0; warm < (mode.quick ? 2 : 5); warm++) await scenario.run();
    for (let round = 0; round < rounds; round++) {
      for (const [index, scenario] of scenarios.entries()) {
        if (round % scenario.every !== 0) continue;
        const started = performance.now();
        await scenario.run();
        samples[index]!.push(performance.now() - started);
      }
    }
  } finally {
    await server.close();
  }
  const rows: Row[] = scenarios.map((scenario, index) => {
    const times = samples[index]!;
    return {
      area: 'palette',
      measure: `${scenario.name}: p50 / p95`,
      value: `${fixed(median(times), 1)} / ${fixed(quantile(times, 0.95), 1)} ms`,
      spread: `${range(times, 1)} ms (n=${times.length})`,
    };
  });
  const [off, on] = [samples[4]!, samples[5]!];
  rows.push({
    area: 'palette',
    measure: 'extract(): what palette adds to the call (p50 on − p50 off, same page, interleaved)',
    value: `${fixed(median(on) - median(off), 1)} ms`,
    ratio: `${fixed(median(on) / median(off), 2)}× off`,
  });
  const [directOff, directOn] = [samples[6]!, samples[7]!];
  rows.push({
    area: 'palette',
    measure: 'extract() of a direct image link: what palette adds (p50 on − p50 off, interleaved)',
    value: `${fixed(median(directOn) - median(directOff), 1)} ms`,
    ratio: `${fixed(median(directOn) / median(directOff), 2)}× off`,
  });
  return {rows};
}
