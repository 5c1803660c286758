/**
 * The import cost (issue 34): fresh processes importing the built package (`bench/import-linkpeek.mjs`)
 * against fresh processes importing the design card's core (`bench/import-design-card.mjs`: got,
 * htmlparser2, tldts, ip-regex, p-limit), in interleaved pairs (which one goes first alternates), each
 * process timed whole: wall time from spawn to exit, CPU time and peak RSS from the process itself
 * (`bench/usage-at-exit.mjs`). The ratios are per pair, so both sides of a ratio saw the same load.
 */
import {spawn} from 'node:child_process';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {fixed, median, range, type BenchMode, type Row} from './stats.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
/** The bound the issue sets on linkpeek ÷ the design card's core. */
const maxRatio = 1.5;

interface Run {
  wallMs: number;
  cpuMs: number;
  rssKiB: number;
}

/** One fresh `node` process running `script` (a file of bench/), timed whole. */
function runOnce(script: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--import', join(here, 'usage-at-exit.mjs'), join(here, script)], {cwd: root, stdio: ['ignore', 'ignore', 'pipe']});
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      const usage = /^usage (\d+) (\d+)$/m.exec(stderr);
      if (code !== 0 || usage === null) return reject(new Error(`${script} exited ${code}: ${stderr.trim().split('\n')[0]}`));
      resolve({wallMs, cpuMs: Number(usage[1]) / 1000, rssKiB: Number(usage[2])});
    });
  });
}

/** `pairs` interleaved pairs of {linkpeek, design card}, after one warm-up pair (the file cache). */
export async function measureImportCost(pairs: number): Promise<{linkpeek: Run[]; card: Run[]}> {
  await runOnce('import-linkpeek.mjs');
  await runOnce('import-design-card.mjs');
  const linkpeek: Run[] = [];
  const card: Run[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    if (pair % 2 === 0) {
      linkpeek.push(await runOnce('import-linkpeek.mjs'));
      card.push(await runOnce('import-design-card.mjs'));
    } else {
      card.push(await runOnce('import-design-card.mjs'));
      linkpeek.push(await runOnce('import-linkpeek.mjs'));
    }
  }
  return {linkpeek, card};
}

export async function benchImportCost(mode: BenchMode): Promise<{rows: Row[]}> {
  const pairs = Number(process.env.BENCH_IMPORT_PAIRS ?? (mode.quick ? 6 : 20));
  const {linkpeek, card} = await measureImportCost(pairs);
  const ratios = (key: 'wallMs' | 'cpuMs') => linkpeek.map((run, index) => run[key] / card[index]![key]);
  const row = (measure: string, value: string, ratio?: number[], spread?: string): Row => ({
    area: 'import',
    measure,
    value,
    ...(ratio === undefined ? {} : {ratio: `${fixed(median(ratio))}× design card`, target: `≤ ${fixed(maxRatio)} ${median(ratio) <= maxRatio ? '✓' : '✗'}`}),
    ...(spread === undefined ? {} : {spread}),
  });
  const ms = (runs: Run[], key: 'wallMs' | 'cpuMs') => `${fixed(median(runs.map((run) => run[key])), 0)} ms`;
  return {
    rows: [
      row(`import('linkpeek'): wall (${pairs} pairs)`, ms(linkpeek, 'wallMs'), ratios('wallMs'), range(ratios('wallMs'))),
      row(`import('linkpeek'): CPU (${pairs} pairs)`, ms(linkpeek, 'cpuMs'), ratios('cpuMs'), range(ratios('cpuMs'))),
      row('design card core: wall', ms(card, 'wallMs')),
      row('design card core: CPU', ms(card, 'cpuMs')),
      row("import('linkpeek'): peak RSS", `${fixed(median(linkpeek.map((run) => run.rssKiB)) / 1024, 1)} MiB`),
      row('design card core: peak RSS', `${fixed(median(card.map((run) => run.rssKiB)) / 1024, 1)} MiB`),
    ],
  };
}
