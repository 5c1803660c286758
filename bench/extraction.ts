/**
 * Extraction throughput from in-memory bytes over the corpus in `bench/corpus/`: linkpeek's
 * extraction stage (decodeBody → parseHtml → detectWall → pickFields → resolveUrls) against metascraper with its
 * usual rule bundle, open-graph-scraper (`html` option), unfurl.js (its `fetch` option fed the bytes,
 * so nothing touches the network) and a bare htmlparser2 parse with no-op handlers as the floor.
 *
 * Noise control: the run is split into rounds; each round benchmarks every contender once (tinybench,
 * one task iteration = one pass over the whole corpus) in a shuffled order, and every ratio is taken
 * between figures of the same round. The table shows the median over rounds and the min–max spread.
 */
import {existsSync, readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {Parser} from 'htmlparser2';
import {Bench} from 'tinybench';
import {collectGarbage, fixed, median, quantile, range, shuffled, target, type BenchMode, type Row} from './stats.js';

const corpusDir = join(dirname(fileURLToPath(import.meta.url)), 'corpus');

/** One corpus page, as bytes, the way a fetch would hand it over. */
export interface CorpusPage {
  file: string;
  kind: string;
  /** The charset the page declares in its `<meta>` (the server sends `text/html` without one). */
  charset: string;
  url: string;
  bytes: Buffer;
}

export function loadCorpus(): CorpusPage[] {
  const manifest = JSON.parse(readFileSync(join(corpusDir, 'manifest.json'), 'utf8')) as Omit<CorpusPage, 'bytes'>[];
  return manifest.map((page) => ({...page, bytes: readFileSync(join(corpusDir, page.file))}));
}

/** A contender: turns one page's bytes into extracted data (or, for the floor, just parses it). */
interface Contender {
  name: string;
  /** Why the contender cannot run, when it cannot. */
  skip?: string;
  extract?: (page: CorpusPage) => unknown;
  /** Synchronous: measured without an `await` per page. */
  sync?: boolean;
}

/** Decoding for libraries that only take a string: WHATWG TextDecoder with the declared charset. */
const declaredDecode = (page: CorpusPage): string => new TextDecoder(page.charset).decode(page.bytes);

function floor(): Contender {
  const noop = (): void => undefined;
  return {
    name: 'htmlparser2 floor',
    sync: true,
    extract(page) {
      // Every tag name, attribute and text node reaches a callback, but nothing is built: no `onopentag`,
      // which would make htmlparser2 allocate an attribute object per tag. Same parser options as
      // linkpeek's parse stage.
      const parser = new Parser(
        {onopentagname: noop, onattribute: noop, ontext: noop, onclosetag: noop, oncomment: noop},
        {decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true},
      );
      parser.end(declaredDecode(page));
    },
  };
}

/**
 * linkpeek's stages as the package ships them: `linkpeek/stages` from the tsup build in `dist/` (`npm run bench` builds it
 * first), plain JavaScript like the peers' packages. The sources loaded through tsx would carry its
 * `keepNames` wrappers (a call per named closure made), which the package does not have.
 */
async function linkpeekPackage(): Promise<typeof import('../src/stages/index.js')> {
  const built = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'stages.js');
  if (!existsSync(built)) throw new Error('dist/stages.js is missing: run `npm run build` (npm run bench does)');
  return (await import(pathToFileURL(built).href)) as typeof import('../src/stages/index.js');
}

/** linkpeek's extraction stage, or the reason it cannot run. */
async function linkpeek(probe: CorpusPage): Promise<Contender> {
  const name = 'linkpeek';
  try {
    const {decodeBody, parseHtml, detectWall, pickFields, documentBase, resolveUrls} = await linkpeekPackage();
    const headers = {'content-type': 'text/html'};
    const extract = (page: CorpusPage) => {
      const {text, windows} = decodeBody(page.bytes, null);
      const snapshot = parseHtml(text, windows);
      // extract() looks for a wall in front of every page it reads (issue 23): its cost is in the figure.
      if (detectWall({statusCode: 200, headers, url: page.url, html: text, ...(windows ? {windows} : {}), snapshot}) !== null) {
        throw new Error(`${page.file} reads as a wall`);
      }
      return resolveUrls(pickFields(snapshot, {url: page.url, headers}), documentBase(snapshot.baseHref, page.url));
    };
    extract(probe);
    return {name, extract, sync: true};
  } catch (error) {
    return {name, skip: `extraction stage not ready (${(error as Error).message.split('\n')[0]})`};
  }
}

/**
 * linkpeek's parse stage alone (charset decoding and parseHtml, no rules): shows where the time of
 * the whole stage goes, next to it in the same rounds.
 */
async function linkpeekParse(): Promise<Contender> {
  let stages: Awaited<ReturnType<typeof linkpeekPackage>>;
  try {
    stages = await linkpeekPackage();
  } catch (error) {
    return {name: parseStageName, skip: (error as Error).message};
  }
  const {decodeBody, parseHtml} = stages;
  return {
    name: parseStageName,
    sync: true,
    extract: (page) => {
      const {text, windows} = decodeBody(page.bytes, null);
      return parseHtml(text, windows);
    },
  };
}

async function metascraperBundle(): Promise<Contender> {
  // @metascraper/helpers reads METASCRAPER_RE2 when it loads. Unset, it uses the native `re2` module
  // when its install script ran (npm 11 skips it by default) and RegExp otherwise, so the figure would
  // depend on the machine. Pinned to RegExp, which is also metascraper's faster mode here (~30%), so
  // the comparison gives it its best case. `METASCRAPER_RE2=true npm run bench` measures the re2 mode.
  process.env.METASCRAPER_RE2 ??= 'false';
  const name = process.env.METASCRAPER_RE2 === 'true' ? 'metascraper (re2)' : 'metascraper';
  try {
    const [{default: metascraper}, ...rules] = await Promise.all([
      import('metascraper'),
      import('metascraper-author'),
      import('metascraper-date'),
      import('metascraper-description'),
      import('metascraper-image'),
      import('metascraper-logo'),
      import('metascraper-publisher'),
      import('metascraper-title'),
      import('metascraper-url'),
      import('metascraper-lang'),
      import('metascraper-video'),
      import('metascraper-audio'),
    ]);
    // metascraper-audio and -video load a page's <iframe>/twitter:player in a JSDOM worker that fetches it
    // over the network (and calls Promise.withResolvers, which Node 20 lacks). Their documented
    // `getIframe` option replaces that loader; here it answers an empty document, so the bench measures
    // extraction from the in-memory HTML only and sends no traffic.
    const getIframe = (_url: string, $: {load: (html: string) => unknown}) => $.load('');
    const scrape = metascraper(rules.map((rule) => (rule.default as (options: object) => never)({getIframe})));
    return {name, extract: (page) => scrape({html: declaredDecode(page), url: page.url})};
  } catch (error) {
    return {name, skip: `cannot load (${(error as Error).message.split('\n')[0]})`};
  }
}

async function openGraphScraper(): Promise<Contender> {
  const {default: ogs} = await import('open-graph-scraper');
  return {name: 'open-graph-scraper', extract: (page) => ogs({html: declaredDecode(page)})};
}

async function unfurlJs(): Promise<Contender> {
  const {unfurl} = await import('unfurl.js');
  return {
    name: 'unfurl.js',
    // unfurl only takes a URL, but its documented `fetch` option replaces the network: it receives the
    // page bytes and decodes them itself, as it would a real response. oEmbed is off (no second fetch).
    extract: (page) =>
      unfurl(page.url, {
        oembed: false,
        fetch: async () => ({
          status: 200,
          headers: new Headers({'content-type': 'text/html'}),
          arrayBuffer: async () => page.bytes.buffer.slice(page.bytes.byteOffset, page.bytes.byteOffset + page.bytes.length),
        }),
      }),
  };
}

/** Targets from the issues: linkpeek's throughput as a multiple of each contender's (the floor's: issue 15). */
const targets: Record<string, {against: string; minimum: number}> = {
  'htmlparser2 floor': {against: 'floor', minimum: 2},
  metascraper: {against: 'metascraper', minimum: 10},
  'metascraper (re2)': {against: 'metascraper (re2)', minimum: 10},
  'open-graph-scraper': {against: 'ogs', minimum: 3},
  'unfurl.js': {against: 'unfurl', minimum: 3},
};

interface Settings {
  rounds: number;
  /** tinybench time budget per task, ms. */
  time: number;
  /** tinybench minimum iterations per task. */
  iterations: number;
  /** tinybench warm-up per task before it is measured, ms. */
  warmupTime: number;
}

/**
 * Median ms of one pass over `pages` for each task of one tinybench run over `contenders`, in a
 * shuffled order. The tasks of one run are measured back to back, so their ratios share the same
 * machine state.
 */
async function runGroup(contenders: Contender[], pages: CorpusPage[], settings: Settings, seed: number): Promise<Map<string, number>> {
  const bench = new Bench({
    time: settings.time,
    iterations: settings.iterations,
    warmup: true,
    // At least 2 warm-up passes: one corpus pass of metascraper takes seconds.
    warmupIterations: 2,
    warmupTime: settings.warmupTime,
    throws: true,
    setup: collectGarbage,
  });
  for (const contender of shuffled(contenders, seed)) {
    const extract = contender.extract as (page: CorpusPage) => unknown;
    if (contender.sync) {
      bench.add(contender.name, () => {
        for (const page of pages) extract(page);
      });
    } else {
      bench.add(contender.name, async () => {
        for (const page of pages) await extract(page);
      });
    }
  }
  await bench.run();
  const out = new Map<string, number>();
  for (const task of bench.tasks) {
    const result = task.result as {latency?: {p50: number}};
    if (!result.latency) throw new Error(`${task.name} produced no latency figures`);
    out.set(task.name, result.latency.p50);
  }
  return out;
}

const floorName = 'htmlparser2 floor';
const parseStageName = 'linkpeek parse stage';

/**
 * Each round runs one tinybench group per peer: {floor, linkpeek, peer}. Every ratio is taken inside
 * one group (same run, seconds apart); the floor and linkpeek are cheap, so they are measured in
 * every group and their own figures come from all groups.
 */
async function measure(
  contenders: Contender[],
  pages: CorpusPage[],
  settings: Settings,
): Promise<{ms: Map<string, number[]>; ratios: Map<string, number[]>}> {
  const ms = new Map<string, number[]>(contenders.map((c) => [c.name, []]));
  // `a/b` → throughput of a over throughput of b, one entry per group where both ran.
  const ratios = new Map<string, number[]>();
  const base = contenders.filter((c) => c.name === floorName || c.name === 'linkpeek');
  const peers = contenders.filter((c) => !base.includes(c));
  const groups = peers.length ? peers.map((peer) => [...base, peer]) : [base];
  for (let round = 0; round < settings.rounds; round++) {
    for (const [index, group] of groups.entries()) {
      const result = await runGroup(group, pages, settings, round * 31 + index + 1);
      for (const [name, value] of result) ms.get(name)?.push(value);
      for (const [a, aMs] of result) {
        for (const [b, bMs] of result) {
          if (a !== b) ratios.set(`${a}/${b}`, [...(ratios.get(`${a}/${b}`) ?? []), bMs / aMs]);
        }
      }
    }
  }
  return {ms, ratios};
}

/** Runs the extraction part and returns its rows (and a per-page detail table for results.md). */
export async function benchExtraction(mode: BenchMode): Promise<{rows: Row[]; detail: string}> {
  const pages = loadCorpus();
  const totalBytes = pages.reduce((sum, page) => sum + page.bytes.length, 0);
  const probe = pages[0] as CorpusPage;
  const all = [floor(), await linkpeek(probe), await linkpeekParse(), await metascraperBundle(), await openGraphScraper(), await unfurlJs()];
  const rows: Row[] = [];
  for (const contender of all.filter((c) => c.skip)) {
    rows.push({area: 'extraction', measure: contender.name, value: `skipped: ${contender.skip}`});
  }
  const ready = all.filter((c) => !c.skip);
  // Quick mode used to skip the warm-up, which left linkpeek's ratios to a cold JIT; it now warms up
  // like the full run, only for less time, and says its figures are indicative.
  const settings: Settings = mode.quick
    ? {rounds: 1, time: 100, iterations: 3, warmupTime: 50}
    : {rounds: 3, time: 1000, iterations: 3, warmupTime: 200};
  if (mode.quick) {
    rows.push({area: 'extraction', measure: 'quick mode: 1 round, short runs (warmed up)', value: 'ratios indicative only; run in full mode for figures'});
  }
  const {ms, ratios} = await measure(ready, pages, settings);

  const corpusNote = `${pages.length} pages, ${(totalBytes / 1e6).toFixed(2)} MB`;
  for (const contender of ready) {
    const times = ms.get(contender.name) ?? [];
    const pagesPerSecond = times.map((m) => (pages.length * 1000) / m);
    const megabytesPerSecond = times.map((m) => totalBytes / 1e6 / (m / 1000));
    const toFloor = ratios.get(`${contender.name}/${floorName}`) ?? [];
    const isFloor = contender.name === floorName;
    rows.push({
      area: 'extraction',
      measure: `${contender.name}: pages/s · MB/s${isFloor ? ` (corpus: ${corpusNote})` : ''}`,
      value: `${fixed(median(pagesPerSecond), 1)} · ${fixed(median(megabytesPerSecond), 2)}`,
      ratio: isFloor ? '1.00× floor' : `${fixed(median(toFloor))}× floor`,
      spread: isFloor ? `${range(pagesPerSecond, 1)} pages/s` : `ratio ${range(toFloor)}`,
    });
  }
  if (ms.has('linkpeek')) {
    for (const contender of ready) {
      const goal = targets[contender.name];
      if (!goal) continue;
      const values = ratios.get(`linkpeek/${contender.name}`) ?? [];
      const value = median(values);
      rows.push({
        area: 'extraction',
        measure: `linkpeek ÷ ${goal.against} (throughput)`,
        value: `${fixed(value)}×`,
        ratio: `${fixed(value)}×`,
        target: target(value, goal.minimum),
        spread: range(values),
      });
    }
  }

  if (!ms.has('linkpeek')) return {rows, detail: ''};
  const trio = ready.filter((c) => c.name === 'linkpeek' || c.name === floorName || c.name === 'unfurl.js' || c.name === parseStageName);
  const {rows: pageRows, detail} = await perPage(pages, trio, mode);
  rows.push(...pageRows);
  // The per-page table is also printed here: run.ts writes it to results.md only in a full run.
  process.stderr.write(`\n${detail}\n\n`);
  return {rows, detail};
}

/** How the per-page figures are taken (see {@link interleavedBatches}). */
interface BatchSettings {
  /** Rounds: each times one batch of every contender, in a shuffled order. */
  rounds: number;
  /** Target duration of one batch, ms. */
  batchMs: number;
  /** Warm-up per contender before the rounds (also what the batch sizes are calibrated on), ms. */
  warmupMs: number;
}

/**
 * Times `contenders` on one page in batches of a few milliseconds, interleaved batch by batch in a
 * shuffled order each round: a burst of machine noise lasts longer than a batch, so it falls on
 * every contender of the round alike, and the per-round ratios stay narrow where 120 ms tasks one
 * after the other (a tinybench run per contender) let a burst land on one of them. Returns each
 * contender's ms per iteration, one entry per round.
 */
async function interleavedBatches(contenders: Contender[], page: CorpusPage, settings: BatchSettings): Promise<Map<string, number[]>> {
  const batchSizes = new Map<string, number>();
  collectGarbage();
  for (const contender of contenders) {
    const extract = contender.extract as (page: CorpusPage) => unknown;
    const start = performance.now();
    let count = 0;
    do {
      if (contender.sync) extract(page);
      else await extract(page);
      count++;
    } while (performance.now() - start < settings.warmupMs || count < 5);
    batchSizes.set(contender.name, Math.max(1, Math.round(settings.batchMs / ((performance.now() - start) / count))));
  }
  const out = new Map<string, number[]>(contenders.map((c) => [c.name, []]));
  for (let round = 0; round < settings.rounds; round++) {
    for (const contender of shuffled(contenders, round * 7919 + 1)) {
      const extract = contender.extract as (page: CorpusPage) => unknown;
      const size = batchSizes.get(contender.name)!;
      const start = performance.now();
      if (contender.sync) {
        for (let index = 0; index < size; index++) extract(page);
      } else {
        for (let index = 0; index < size; index++) await extract(page);
      }
      out.get(contender.name)!.push((performance.now() - start) / size);
    }
  }
  return out;
}

/**
 * linkpeek vs the floor and vs unfurl.js, page by page (issue 15: the aggregate is carried by the large
 * pages, so the typical page is judged by the median of the per-page ratios). Each page is timed in
 * interleaved batches ({@link interleavedBatches}); a page's ratio is the median of its per-round
 * ratios, shown with their interquartile range.
 */
async function perPage(pages: CorpusPage[], contenders: Contender[], mode: BenchMode): Promise<{rows: Row[]; detail: string}> {
  const settings: BatchSettings = mode.quick ? {rounds: 8, batchMs: 3, warmupMs: 30} : {rounds: 60, batchMs: 4, warmupMs: 150};
  const hasUnfurl = contenders.some((c) => c.name === 'unfurl.js');
  const hasParse = contenders.some((c) => c.name === parseStageName);
  const lines = [
    '| Page | Kind | KB | floor ms | linkpeek ms | of which parse stage ms | unfurl.js ms | linkpeek ÷ floor throughput (IQR) | parse stage ÷ floor | linkpeek ÷ unfurl.js throughput (IQR) |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  // Every contender runs every page first: the code the rounds time is compiled for the whole corpus,
  // not re-tiered by the first page's rounds.
  for (const contender of contenders) {
    const extract = contender.extract as (page: CorpusPage) => unknown;
    for (let pass = 0; pass < (mode.quick ? 1 : 5); pass++) {
      for (const page of pages) await extract(page);
    }
  }
  const toFloor: number[] = [];
  const parseToFloor: number[] = [];
  const toUnfurl: number[] = [];
  const behind: string[] = [];
  /** Per-round throughput ratios of a to b (b's time over a's). */
  const ratiosOf = (ms: Map<string, number[]>, a: string, b: string): number[] => {
    const aMs = ms.get(a) ?? [];
    const bMs = ms.get(b) ?? [];
    return aMs.map((value, round) => (bMs[round] ?? Number.NaN) / value).filter((value) => Number.isFinite(value));
  };
  const iqr = (values: number[]): string => `${fixed(quantile(values, 0.25))}–${fixed(quantile(values, 0.75))}`;
  for (const page of pages) {
    const ms = await interleavedBatches(contenders, page, settings);
    const floorValues = ratiosOf(ms, 'linkpeek', floorName);
    const parseValues = ratiosOf(ms, parseStageName, floorName);
    const unfurlValues = ratiosOf(ms, 'linkpeek', 'unfurl.js');
    toFloor.push(median(floorValues));
    if (hasParse) parseToFloor.push(median(parseValues));
    if (hasUnfurl) {
      toUnfurl.push(median(unfurlValues));
      if (!(median(unfurlValues) > 1)) behind.push(page.file);
    }
    const cell = (name: string): string => fixed(median(ms.get(name) ?? []), 3);
    lines.push(
      `| ${page.file} | ${page.kind} | ${(page.bytes.length / 1024).toFixed(0)} | ${cell(floorName)} | ${cell('linkpeek')} | ${hasParse ? cell(parseStageName) : 'n/a'} | ${hasUnfurl ? cell('unfurl.js') : 'n/a'} | ${fixed(median(floorValues))} (${iqr(floorValues)}) | ${hasParse ? fixed(median(parseValues)) : 'n/a'} | ${hasUnfurl ? `${fixed(median(unfurlValues))} (${iqr(unfurlValues)})` : 'n/a'} |`,
    );
  }
  const note = `${pages.length} pages, ${settings.rounds} rounds of interleaved ${settings.batchMs} ms batches each`;
  const rows: Row[] = [{
    area: 'extraction',
    measure: `linkpeek ÷ floor, median of per-page ratios (${note})`,
    value: `${fixed(median(toFloor))}×`,
    ratio: `${fixed(median(toFloor))}×`,
    target: target(median(toFloor), targets[floorName]!.minimum),
    spread: `pages ${range(toFloor)}`,
  }];
  if (hasParse) {
    rows.push({
      area: 'extraction',
      measure: 'of which the parse stage alone (decode + parseHtml) ÷ floor, median of per-page ratios',
      value: `${fixed(median(parseToFloor))}×`,
      ratio: `${fixed(median(parseToFloor))}×`,
      spread: `pages ${range(parseToFloor)}`,
    });
  }
  if (hasUnfurl) {
    rows.push({
      area: 'extraction',
      measure: 'linkpeek ÷ unfurl, median of per-page ratios',
      value: `${fixed(median(toUnfurl))}×`,
      ratio: `${fixed(median(toUnfurl))}×`,
      spread: `pages ${range(toUnfurl)}`,
    }, {
      area: 'extraction',
      measure: 'pages where linkpeek is ahead of unfurl.js',
      value: `${pages.length - behind.length} of ${pages.length}`,
      target: `every page ${behind.length === 0 ? '✓' : `✗ (behind on ${behind.join(', ')})`}`,
      spread: `slowest page ${fixed(Math.min(...toUnfurl))}×`,
    });
  }
  return {rows, detail: lines.join('\n')};
}
