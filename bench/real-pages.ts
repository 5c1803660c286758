import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo, LookupFunction} from 'node:net';
import {join, resolve} from 'node:path';
import {gunzipSync} from 'node:zlib';
import pLimit from 'p-limit';
import {createExtractor} from '../src/extract.js';
import {isLoopbackAddress} from '../src/url/address.js';
import {expectedText, fieldMatches, realPageFields, type Gold, type RealPageField} from './real-pages-score.js';
import {parseStripKinds, stripMetadata, type StripKind} from './strip-metadata.js';

/*
 * `npm run accuracy -- --corpus ../shared/corpora/real-pages`: linkpeek on real saved pages with
 * hand-made labels (the corpus README gives the format and the matching). Each page is served by a
 * loopback server at its own host name and path (a `dnsLookup` answers 127.0.0.1 for every name, the
 * port is the server's), and read by `extract()` with ping and prerender off, so host rules run as on
 * the real site. Prints a per-field table; writes every miss (field, expected, got, page) to
 * bench/.tmp/real-pages-misses.json (or `--misses <file>`). The corpus is third-party data, read in
 * place, never copied here.
 */

interface Case {
  id: string;
  url: string;
  html: string;
  gold: Gold;
}

export interface RealPageMiss {
  page: string;
  url: string;
  field: RealPageField;
  expected: string | null;
  got: string | null;
}

export interface RealPageScore {
  pages: number;
  fields: {field: RealPageField; labelled: number; right: number}[];
  misses: RealPageMiss[];
}

/** Every host name is this loopback server; nothing else is ever resolved. */
const loopbackLookup = ((_hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
  queueMicrotask(() => (all ? done(null, [{address: '127.0.0.1', family: 4}]) : done(null, '127.0.0.1', 4)));
}) as LookupFunction;

/** The value extract() gives for a scored field (`date`: the publication date, as the labels are). */
const valueOf = (data: Record<string, unknown>, field: RealPageField): string | null => {
  const value = data[field === 'date' ? 'datePublished' : field];
  return typeof value === 'string' ? value : null;
};

export async function scoreRealPages(corpus: string, filter?: RegExp, strip: readonly StripKind[] = []): Promise<RealPageScore> {
  const manifest = JSON.parse(readFileSync(join(corpus, 'manifest.json'), 'utf8')) as {cases: Case[]};
  const cases = manifest.cases.filter((page) => filter === undefined || filter.test(page.id) || filter.test(page.url));
  // Pages by host and path (the query kept): the server answers the one the request names.
  const pages = new Map<string, Case>();
  const keyOf = (url: URL): string => `${url.hostname}${url.pathname}${url.search}`;
  for (const page of cases) pages.set(keyOf(new URL(page.url)), page);
  const server: Server = createServer((request, response) => {
    const page = pages.get(`${(request.headers.host ?? '').replace(/:\d+$/, '')}${request.url ?? '/'}`);
    if (page === undefined) {
      response.writeHead(404, {'content-type': 'text/plain'}).end('not in the corpus');
      return;
    }
    const html = gunzipSync(readFileSync(join(corpus, page.html)));
    response.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(strip.length === 0 ? html : stripMetadata(html.toString('utf8'), strip));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  const extract = createExtractor({allowAddress: isLoopbackAddress, dnsLookup: loopbackLookup, timeout: 30_000});
  const fields = realPageFields.map((field) => ({field, labelled: 0, right: 0}));
  const misses: RealPageMiss[] = [];
  const limit = pLimit(4);
  try {
    await Promise.all(
      cases.map((page) =>
        limit(async () => {
          const url = new URL(page.url);
          url.protocol = 'http:';
          url.port = String(port);
          let data: Record<string, unknown> = {};
          try {
            data = (await extract(url.href, {ping: false, prerender: false})).data as unknown as Record<string, unknown>;
          } catch (error) {
            console.error(`${page.id}: ${(error as Error).message}`);
          }
          for (const score of fields) {
            const got = valueOf(data, score.field);
            const right = fieldMatches(page.gold, score.field, got);
            if (right === undefined) continue;
            score.labelled++;
            if (right) score.right++;
            else misses.push({page: page.id, url: page.url, field: score.field, expected: expectedText(page.gold, score.field) ?? null, got});
          }
        }),
      ),
    );
  } finally {
    server.close();
  }
  misses.sort((a, b) => a.field.localeCompare(b.field) || a.page.localeCompare(b.page));
  return {pages: cases.length, fields, misses};
}

const percent = (right: number, labelled: number): string => (labelled === 0 ? '–' : `${((right / labelled) * 100).toFixed(1)} %`);

export function formatRealPages(score: RealPageScore, corpus: string, strip: readonly StripKind[] = []): string {
  const total = score.fields.reduce((sum, entry) => ({labelled: sum.labelled + entry.labelled, right: sum.right + entry.right}), {labelled: 0, right: 0});
  return [
    `linkpeek on ${score.pages} real pages (${corpus}${strip.length === 0 ? '' : `, without ${strip.join(', ')}`}), extract() at each page's host, ping and prerender off, lenient matching`,
    '',
    '| field | labelled | right | share |',
    '|---|---|---|---|',
    ...score.fields.map((entry) => `| ${entry.field} | ${entry.labelled} | ${entry.right} | ${percent(entry.right, entry.labelled)} |`),
    `| **all** | ${total.labelled} | ${total.right} | ${percent(total.right, total.labelled)} |`,
  ].join('\n');
}

/**
 * The command: `--corpus <dir>`, `--misses <file>`, `--only <regexp>` (pages by id or URL), `--strip
 * <kinds>` (metadata taken away before the pages are served: strip-metadata.ts).
 */
export async function runRealPages(args: string[]): Promise<void> {
  const option = (name: string): string | undefined => {
    const index = args.indexOf(name);
    return index === -1 ? undefined : args[index + 1];
  };
  const corpus = resolve(option('--corpus') ?? '../shared/corpora/real-pages');
  if (!existsSync(join(corpus, 'manifest.json'))) {
    console.log(`real pages: skipped, no corpus at ${corpus} (its manifest.json is missing)`);
    return;
  }
  const only = option('--only');
  const stripOption = option('--strip');
  const strip = stripOption === undefined ? [] : parseStripKinds(stripOption);
  const score = await scoreRealPages(corpus, only === undefined ? undefined : new RegExp(only), strip);
  const missesFile = resolve(option('--misses') ?? 'bench/.tmp/real-pages-misses.json');
  mkdirSync(resolve(missesFile, '..'), {recursive: true});
  writeFileSync(missesFile, `${JSON.stringify(score.misses, null, 1)}\n`);
  console.log(formatRealPages(score, corpus, strip));
  console.log(`\n${score.misses.length} misses written to ${missesFile}`);
}
