/** Shared pieces of the bench: the row every part reports, quantiles and the one printed table. */

/** One line of the results table. */
export interface Row {
  /** Section, e.g. `extraction`, `e2e`, `memory`. */
  area: string;
  /** What is measured, e.g. `linkpeek: pages/s`. */
  measure: string;
  /** The figure, with its unit. */
  value: string;
  /** A ratio taken in the same run, e.g. `0.72× floor`. */
  ratio?: string;
  /** The target for the ratio and whether it is met, e.g. `≥ 0.60 ✓`. */
  target?: string;
  /** Spread of the figure or ratio across rounds, e.g. `0.68–0.75`. */
  spread?: string;
}

/** Run-wide settings derived from `--quick` / `BENCH_QUICK=1`. */
export interface BenchMode {
  quick: boolean;
}

export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const lowValue = sorted[low] as number;
  const highValue = sorted[high] as number;
  return lowValue + (highValue - lowValue) * (position - low);
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

/** `min–max` of a set of figures, with `digits` decimals. */
export function range(values: readonly number[], digits = 2): string {
  if (values.length === 0) return '';
  return `${fixed(Math.min(...values), digits)}–${fixed(Math.max(...values), digits)}`;
}

export function fixed(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value.toFixed(digits);
}

/** Formats a target check: `≥ 0.60 ✓` or `≥ 10 ✗`. */
export function target(value: number, minimum: number, digits = 2): string {
  return `≥ ${fixed(minimum, digits)} ${value >= minimum ? '✓' : '✗'}`;
}

export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Runs `task` only when a part's module is ready; otherwise reports `skipped: <reason>`. */
export function skipped(area: string, reason: string): Row {
  return {area, measure: 'skipped', value: `skipped: ${reason}`};
}

const columns: {key: keyof Row; title: string}[] = [
  {key: 'area', title: 'Area'},
  {key: 'measure', title: 'Measure'},
  {key: 'value', title: 'Value (median)'},
  {key: 'ratio', title: 'Ratio (same run)'},
  {key: 'target', title: 'Target'},
  {key: 'spread', title: 'Spread (min–max)'},
];

const escapeCell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The one results table, as GitHub markdown (also readable in a terminal). */
export function markdownTable(rows: readonly Row[]): string {
  const cells = rows.map((row) => columns.map(({key}) => escapeCell(row[key] ?? '')));
  const widths = columns.map(({title}, index) =>
    Math.max(title.length, ...cells.map((line) => [...(line[index] ?? '')].length)),
  );
  const pad = (text: string, index: number) => text + ' '.repeat((widths[index] ?? 0) - [...text].length);
  const line = (values: string[]) => `| ${values.map(pad).join(' | ')} |`;
  return [
    line(columns.map(({title}) => title)),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...cells.map(line),
  ].join('\n');
}

/** Deterministic shuffle (so task order varies between rounds but the run is reproducible). */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0 || 1;
  for (let index = out.length - 1; index > 0; index--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const other = state % (index + 1);
    [out[index], out[other]] = [out[other] as T, out[index] as T];
  }
  return out;
}

/** Forces a full GC between measurements when node runs with `--expose-gc`. */
export function collectGarbage(): void {
  (globalThis as {gc?: () => void}).gc?.();
}
