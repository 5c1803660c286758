/**
 * `npm run bench`: extraction throughput, end-to-end latency and ping, memory, screenshots, rendering
 * (prerender) and the HTTP endpoint, printed as one table and appended to bench/results.md (a dated section; history kept).
 *
 * `npm run bench -- --quick` (or `BENCH_QUICK=1`) runs every part briefly (about a minute) and does not
 * write results.md. `--only extraction,e2e` runs a subset. `--soak` runs only the soak (bench/soak.ts:
 * 1,000 screenshots and 60 s of mixed endpoint load; with `--quick`, 100 and 10 s), which the
 * default run leaves out; it writes nothing to results.md either.
 */
import {appendFileSync, existsSync, writeFileSync} from 'node:fs';
import {cpus, arch, platform, release, totalmem} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {markdownTable, type BenchMode, type Row} from './stats.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const mode: BenchMode = {quick: args.includes('--quick') || process.env.BENCH_QUICK === '1'};
const onlyArg = args.find((arg) => arg.startsWith('--only'));
const soak = args.includes('--soak');
const only = soak
  ? ['soak']
  : onlyArg
    ? (onlyArg.includes('=') ? onlyArg.split('=')[1] : args[args.indexOf(onlyArg) + 1])?.split(',')
    : undefined;
// Parts that only run when asked for by name (`--soak`, `--only soak`): too long for the default run.
const optIn = new Set(['soak']);

interface Part {
  name: string;
  /** A module owned by someone else that may not have landed yet. */
  module: string;
  run: (module: Record<string, unknown>) => Promise<{rows: Row[]; detail?: string}>;
}

/** A part's own result shape is free-form; rows are taken as they come, else key → value. */
function toRows(area: string, result: unknown): Row[] {
  const list = Array.isArray(result) ? result : (result as {rows?: unknown})?.rows;
  if (Array.isArray(list)) {
    return list.map((item) => {
      const row = item as Partial<Row> & {name?: string};
      return {
        area,
        measure: String(row.measure ?? row.name ?? ''),
        value: String(row.value ?? ''),
        ratio: row.ratio === undefined ? undefined : String(row.ratio),
        target: row.target === undefined ? undefined : String(row.target),
        spread: row.spread === undefined ? undefined : String(row.spread),
      };
    });
  }
  if (result && typeof result === 'object') {
    return Object.entries(result).map(([measure, value]) => ({area, measure, value: String(value)}));
  }
  return [{area, measure: 'result', value: String(result)}];
}

const parts: Part[] = [
  {name: 'extraction', module: './extraction.js', run: async (m) => (m.benchExtraction as (mode: BenchMode) => Promise<{rows: Row[]; detail: string}>)(mode)},
  {name: 'e2e', module: './e2e.js', run: async (m) => ({rows: await (m.benchEndToEnd as (mode: BenchMode) => Promise<Row[]>)(mode)})},
  {name: 'memory', module: './memory.js', run: async (m) => ({rows: await (m.benchMemory as (mode: BenchMode) => Promise<Row[]>)(mode)})},
  {
    name: 'screenshots',
    module: './screenshot.js',
    run: async (m) => ({rows: toRows('screenshots', await (m.benchScreenshots as (mode: BenchMode) => Promise<unknown>)(mode))}),
  },
  {
    name: 'prerender',
    module: './prerender.js',
    run: async (m) => ({rows: (await (m.benchPrerender as (mode: BenchMode) => Promise<{rows: Row[]}>)(mode)).rows}),
  },
  {
    name: 'endpoint',
    module: './endpoint.js',
    run: async (m) => ({rows: toRows('endpoint', await (m.benchEndpoint as (mode: BenchMode) => Promise<unknown>)(mode))}),
  },
  {
    name: 'scale-out',
    module: './scale-out.js',
    run: async (m) => ({rows: (await (m.benchScaleOut as (mode: BenchMode) => Promise<{rows: Row[]}>)(mode)).rows}),
  },
  {name: 'batch', module: './batch.js', run: async (m) => (m.benchBatch as (mode: BenchMode) => Promise<{rows: Row[]}>)(mode)},
  {name: 'batch-scale', module: './batch-scale.js', run: async (m) => (m.benchBatchScale as (mode: BenchMode) => Promise<{rows: Row[]}>)(mode)},
  {name: 'gate-cost', module: './gate-cost.js', run: async (m) => (m.benchGateCost as (mode: BenchMode) => Promise<{rows: Row[]}>)(mode)},
  {name: 'early-stop', module: './early-stop.js', run: async (m) => (m.benchEarlyStop as (mode: BenchMode) => Promise<{rows: Row[]}>)(mode)},
  {name: 'palette', module: './palette.js', run: async (m) => ({rows: (await (m.benchPalette as (mode: BenchMode) => Promise<{rows: Row[]}>)(mode)).rows})},
  {name: 'import', module: './import-cost.js', run: async (m) => (m.benchImportCost as (mode: BenchMode) => Promise<{rows: Row[]}>)(mode)},
  {name: 'soak', module: './soak.js', run: async (m) => ({rows: (await (m.benchSoak as (mode: BenchMode) => Promise<{rows: Row[]}>)(mode)).rows})},
];

const exportName: Record<string, string> = {
  extraction: 'benchExtraction',
  e2e: 'benchEndToEnd',
  memory: 'benchMemory',
  screenshots: 'benchScreenshots',
  prerender: 'benchPrerender',
  endpoint: 'benchEndpoint',
  'scale-out': 'benchScaleOut',
  batch: 'benchBatch',
  'batch-scale': 'benchBatchScale',
  'gate-cost': 'benchGateCost',
  'early-stop': 'benchEarlyStop',
  palette: 'benchPalette',
  import: 'benchImportCost',
  soak: 'benchSoak',
};

const started = Date.now();
const rows: Row[] = [];
const details: string[] = [];
let failed = false;
for (const part of parts) {
  if (only ? !only.includes(part.name) : optIn.has(part.name)) continue;
  const partStarted = Date.now();
  process.stderr.write(`bench: ${part.name}…\n`);
  const file = join(here, part.module.replace(/\.js$/, '.ts'));
  if (!existsSync(file)) {
    rows.push({area: part.name, measure: 'skipped', value: `skipped: bench/${part.module.slice(2).replace(/\.js$/, '.ts')} has not landed`});
    continue;
  }
  let module: Record<string, unknown>;
  try {
    module = (await import(part.module)) as Record<string, unknown>;
  } catch (error) {
    rows.push({area: part.name, measure: 'skipped', value: `skipped: cannot load ${part.module} (${(error as Error).message.split('\n')[0]})`});
    continue;
  }
  if (typeof module[exportName[part.name] as string] !== 'function') {
    rows.push({area: part.name, measure: 'skipped', value: `skipped: ${part.module} does not export ${exportName[part.name]}() yet`});
    continue;
  }
  try {
    const result = await part.run(module);
    rows.push(...result.rows);
    if (result.detail) details.push(result.detail);
  } catch (error) {
    // Screenshots need Chromium; without one the part is skipped, not failed.
    if ((error as {code?: string}).code === 'ENOBROWSER') {
      rows.push({area: part.name, measure: 'skipped', value: `skipped: ${(error as Error).message.split('\n')[0]}`});
      continue;
    }
    failed = true;
    rows.push({area: part.name, measure: 'failed', value: `failed: ${(error as Error).message.split('\n')[0]}`});
    process.stderr.write(`${(error as Error).stack}\n`);
  }
  process.stderr.write(`bench: ${part.name} done in ${((Date.now() - partStarted) / 1000).toFixed(1)} s\n`);
}

const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
const machine = `${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${platform()} ${release()} ${arch()}`;
const date = new Date().toISOString().replace('T', ' ').slice(0, 16);
const elapsed = ((Date.now() - started) / 1000).toFixed(0);
const table = markdownTable(rows);
const header = `Date: ${date} UTC · Node ${process.version} · CPU: ${cpu} · Machine: ${machine} · Mode: ${mode.quick ? 'quick' : 'full'} · Took ${elapsed} s`;

process.stdout.write(`\n${header}\n\n${table}\n`);

if (mode.quick || only) {
  process.stdout.write(`\n(${mode.quick ? 'quick mode' : soak ? '--soak' : '--only'}: bench/results.md not written)\n`);
} else {
  const resultsFile = join(here, 'results.md');
  if (!existsSync(resultsFile)) {
    writeFileSync(resultsFile, '# Benchmark results\n\nEach `npm run bench` appends a dated section; older sections are kept as history.\n');
  }
  const section = [`\n## ${date} UTC`, '', `Node ${process.version} · CPU: ${cpu} · Machine: ${machine} · Took ${elapsed} s`, '', table];
  if (details.length) section.push('', '<details><summary>linkpeek vs the floor, page by page</summary>', '', ...details, '', '</details>');
  appendFileSync(resultsFile, `${section.join('\n')}\n`);
  process.stdout.write('\nAppended to bench/results.md\n');
}
if (failed) process.exitCode = 1;
