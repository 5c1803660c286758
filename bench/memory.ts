/**
 * Memory of `extract()` on huge and hostile pages: a baseline 38 KB page, a 50 MB and a 200 MB page
 * (streamed, never held by the server) and a gzip bomb, each measured in a fresh child process
 * (bench/memory-child.ts) so peaks never mix. Peak RSS and heap should sit at baseline + about the
 * configured `maxBodySize`, whatever the page's size.
 */
import {spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import type {IncomingMessage, ServerResponse} from 'node:http';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {createGzip} from 'node:zlib';
import {startServer} from '../tests/helpers/server.js';
import {fixed, mib, type BenchMode, type Row} from './stats.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
/** linkpeek's default `maxBodySize`: 5 MiB. */
const cap = 5 * 1024 * 1024;

const head = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A very large page</title>
<meta property="og:title" content="A very large page"><meta name="description" content="Memory benchmark page.">
</head><body><h1>A very large page</h1>\n`;
const filler = Buffer.from(
  Array.from(
    {length: 400},
    (_, i) => `<div class="row r${i}"><p>Row ${i}: the council met to discuss <a href="/item/${i}">the river project</a>, the budget &amp; the museum.</p><img src="/img/${i}.jpg" alt=""></div>`,
  ).join('\n'),
);

/** Streams `total` bytes of HTML, respecting backpressure; counts what was actually written. */
function bigPage(total: number, sent: Map<string, number>, key: string) {
  return async (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, {'content-type': 'text/html; charset=utf-8', 'content-length': total});
    let written = 0;
    const write = (chunk: Buffer) => {
      written += chunk.length;
      sent.set(key, written);
      return response.write(chunk);
    };
    write(Buffer.from(head));
    while (written < total && !response.destroyed) {
      const chunk = filler.subarray(0, Math.min(filler.length, total - written));
      if (!write(chunk)) await drainOrClose(response);
    }
    if (!response.destroyed) response.end();
  };
}

function drainOrClose(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done).off('close', done);
      resolve();
    };
    response.on('drain', done).on('close', done);
  });
}

/** A gzip bomb: `decompressed` bytes of HTML compressed once up front (about 1000:1). */
async function gzipBomb(decompressed: number): Promise<Buffer> {
  const gzip = createGzip({level: 9});
  const parts: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => parts.push(chunk));
  const done = new Promise((resolve) => gzip.on('end', resolve));
  gzip.write(head);
  const block = Buffer.alloc(1024 * 1024, '<p>aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</p>\n');
  for (let written = 0; written < decompressed; written += block.length) {
    if (!gzip.write(block)) await new Promise((resolve) => gzip.once('drain', resolve));
  }
  gzip.end();
  await done;
  return Buffer.concat(parts);
}

interface ChildResult {
  ok: boolean;
  code?: string;
  message?: string;
  title?: string | null;
  ms: number;
  maxRssBytes: number;
  heapPeakBytes: number;
  buffersPeakBytes: number;
}

function measureInChild(url: string, maxBodySize?: number): Promise<ChildResult> {
  const args = ['--expose-gc', '--import', 'tsx', join(here, 'memory-child.ts'), url, ...(maxBodySize ? [String(maxBodySize)] : [])];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as ChildResult);
      } catch {
        reject(new Error(`memory child exited ${code}: ${err.trim().split('\n').slice(-3).join(' ')}`));
      }
    });
  });
}

/** Runs the memory part: one fresh child per page. */
export async function benchMemory(mode: BenchMode): Promise<Row[]> {
  const sent = new Map<string, number>();
  const bombSize = mode.quick ? 256 * 1024 * 1024 : 1024 * 1024 * 1024;
  const bomb = await gzipBomb(bombSize);
  const small = readFileSync(join(here, 'corpus/news-article.html'));
  const server = await startServer({
    '/small': (_request, response) => void response.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(small),
    '/50mb': bigPage(50e6, sent, '50mb'),
    '/200mb': bigPage(200e6, sent, '200mb'),
    '/bomb': (_request, response) => {
      sent.set('bomb', bomb.length);
      response.writeHead(200, {'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'content-length': bomb.length}).end(bomb);
    },
  });
  const cases: {key: string; path: string; label: string; cap?: number}[] = [
    {key: 'small', path: 'small', label: `baseline: ${(small.length / 1024).toFixed(0)} KB page`},
    {key: '50mb', path: '50mb', label: '50 MB page'},
    {key: '200mb', path: '200mb', label: '200 MB page'},
    {key: 'bomb', path: 'bomb', label: `gzip bomb (${(bomb.length / 1e6).toFixed(1)} MB → ${mib(bombSize)})`},
    // The same 200 MB page with a 4× larger cap: the growth follows the cap, not the page.
    {key: '200mb-cap20', path: '200mb', label: '200 MB page, maxBodySize 20 MiB', cap: 4 * cap},
  ];
  const rows: Row[] = [];
  const results = new Map<string, ChildResult>();
  try {
    for (const {key, path, label, cap: caseCap = cap} of cases) {
      sent.delete(path);
      const result = await measureInChild(`http://site.test:${server.port}/${path}`, caseCap === cap ? undefined : caseCap);
      results.set(key, result);
      const base = results.get('small');
      const extra = base && key !== 'small' ? result.maxRssBytes - base.maxRssBytes : undefined;
      const outcome = result.ok ? 'extracted' : `${result.code}: ${result.message}`;
      const served = sent.has(path) && path !== 'bomb' ? `, server wrote ${mib(sent.get(path) ?? 0)} before the client closed` : '';
      rows.push({
        area: 'memory',
        measure: `extract() ${label}: peak RSS / heap / Buffers (${outcome}${served})`,
        value: `${mib(result.maxRssBytes)} / ${mib(result.heapPeakBytes)} / ${mib(result.buffersPeakBytes)}`,
        ratio: extra === undefined ? '' : `+${mib(extra)} RSS over baseline = ${fixed(extra / caseCap)}× cap (${mib(caseCap)})`,
        target: extra === undefined ? '' : `≤ 8× cap ${extra <= 8 * caseCap ? '✓' : '✗'}`,
        spread: `${fixed(result.ms, 0)} ms`,
      });
    }
    const at50 = results.get('50mb');
    const at200 = results.get('200mb');
    if (at50 && at200) {
      const growth = at200.maxRssBytes / at50.maxRssBytes;
      rows.push({
        area: 'memory',
        measure: 'peak RSS 200 MB page ÷ 50 MB page',
        value: `${fixed(growth)}×`,
        ratio: `${fixed(growth)}×`,
        target: `≈ 1 (no growth) ${growth < 1.15 ? '✓' : '✗'}`,
      });
    }
  } finally {
    await server.close();
  }
  return rows;
}
