/**
 * The early stop (docs/fetching.md, "Stopping early") over the corpus: each page is served by a local
 * HTTP server on 127.0.0.1 and extracted through `extract()` with and without the early stop (the
 * same extractor, whose fetch stage drops the `settled` check for "without"), for a few calls
 * (`meta` profiles, ping off: nothing leaves the machine). Per profile: pages stopped early, bytes
 * read (the decoded page the fetch returned, UTF-8 bytes) and the corpus time per round, with and
 * without, rounds alternating the order of the two.
 *
 * `npx tsx bench/early-stop.ts` runs it alone; `npm run bench -- --only early-stop` through run.ts.
 */
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {performance} from 'node:perf_hooks';
import {createExtractor} from '../src/extract.js';
import type {ExtractOptions} from '../src/options.js';
import {fetchTarget} from '../src/fetch/fetch-page.js';
import {isLoopbackAddress} from '../src/url/address.js';
import {loadCorpus} from './extraction.js';
import {type BenchMode, fixed, median, range, type Row} from './stats.js';

interface Profile {
  name: string;
  options: ExtractOptions;
}

export const profiles: Profile[] = [
  {name: 'description + url', options: {meta: {description: true, url: true}, ping: false}},
  {name: 'title + description + image', options: {meta: {title: true, description: true, image: true}, ping: false}},
  {name: 'every field', options: {ping: false}},
];

/** What one call read: its time, the bytes of the page the fetch returned, and whether it stopped early. */
interface Call {
  ms: number;
  bytes: number;
  settled: boolean;
}

export async function benchEarlyStop(mode: BenchMode): Promise<{rows: Row[]}> {
  const pages = loadCorpus();
  const server: Server = createServer((request, response) => {
    const page = pages.find((candidate) => `/${candidate.file}` === request.url);
    if (!page) return void response.writeHead(404).end();
    // As a server sends it: text/html without a charset (the page's <meta> names it), the whole body at once.
    response.writeHead(200, {'content-type': 'text/html', 'content-length': page.bytes.length}).end(page.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  let lastBytes = 0;
  const config = {allowAddress: isLoopbackAddress, timeout: 30_000};
  const withStop = createExtractor({
    ...config,
    stages: {
      fetchPage: async (url, request, resolved) => {
        const fetched = await fetchTarget(url, request, resolved);
        if (fetched.kind === 'html') lastBytes = Buffer.byteLength(fetched.html);
        return fetched;
      },
    },
  });
  const withoutStop = createExtractor({
    ...config,
    stages: {
      fetchPage: async (url, request, resolved) => {
        const fetched = await fetchTarget(url, {...request, settled: undefined}, resolved);
        if (fetched.kind === 'html') lastBytes = Buffer.byteLength(fetched.html);
        return fetched;
      },
    },
  });
  const call = async (extract: typeof withStop, url: string, options: ExtractOptions): Promise<Call> => {
    const started = performance.now();
    const result = await extract(url, options);
    return {ms: performance.now() - started, bytes: lastBytes, settled: result.truncated === 'settled'};
  };
  const rounds = mode.quick ? 3 : 40;
  const rows: Row[] = [];
  try {
    for (const profile of profiles) {
      // Warm-up: every page once each way.
      for (const page of pages) {
        await call(withStop, base + page.file, profile.options);
        await call(withoutStop, base + page.file, profile.options);
      }
      const corpusMs = {on: [] as number[], off: [] as number[]};
      const ratios: number[] = [];
      let stopped = 0;
      let bytesOn = 0;
      let bytesOff = 0;
      for (let round = 0; round < rounds; round++) {
        let on = 0;
        let off = 0;
        for (const page of pages) {
          const url = base + page.file;
          // Alternate which goes first, so neither always runs on a warmer cache.
          const first = round % 2 === 0;
          const a = await call(first ? withStop : withoutStop, url, profile.options);
          const b = await call(first ? withoutStop : withStop, url, profile.options);
          const [stop, full] = first ? [a, b] : [b, a];
          on += stop.ms;
          off += full.ms;
          if (round === 0) {
            if (stop.settled) stopped++;
            bytesOn += stop.bytes;
            bytesOff += full.bytes;
          }
        }
        corpusMs.on.push(on);
        corpusMs.off.push(off);
        ratios.push(on / off);
      }
      const area = 'early-stop';
      rows.push(
        {area, measure: `${profile.name}: pages stopped at the head`, value: `${stopped} of ${pages.length}`},
        {
          area,
          measure: `${profile.name}: bytes read, with · without`,
          value: `${(bytesOn / 1e6).toFixed(2)} MB · ${(bytesOff / 1e6).toFixed(2)} MB`,
          ratio: `${fixed(bytesOn / bytesOff)}×`,
        },
        {
          area,
          measure: `${profile.name}: corpus ms per round, with · without (median of ${rounds})`,
          value: `${fixed(median(corpusMs.on), 0)} · ${fixed(median(corpusMs.off), 0)}`,
          ratio: `${fixed(median(ratios))}×`,
          spread: `${range(ratios)}× (with ${range(corpusMs.on, 0)}, without ${range(corpusMs.off, 0)} ms)`,
        },
      );
    }
  } finally {
    server.close();
  }
  return {rows};
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const {rows} = await benchEarlyStop({quick: process.argv.includes('--quick')});
  for (const row of rows) console.log([row.measure, row.value, row.ratio ?? '', row.spread ?? ''].join(' | '));
}
