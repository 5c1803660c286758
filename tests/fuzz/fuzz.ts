import fc from 'fast-check';

/**
 * Runs a fast-check property with a bounded number of cases (CI), and on failure throws a message
 * with the counterexample, the seed and the path, and the command that replays exactly that run:
 *   FUZZ_SEED=<seed> FUZZ_PATH=<path> node --experimental-vm-modules node_modules/jest/bin/jest.js <file>
 * `FUZZ_RUNS_SCALE=10` runs ten times as many cases (a longer local session).
 */
export function fuzz<Ts>(property: fc.IProperty<Ts> | fc.IAsyncProperty<Ts>, runs: number, file: string): Promise<void> | void {
  const scale = Number(process.env.FUZZ_RUNS_SCALE ?? '1');
  const parameters: fc.Parameters<Ts> = {
    includeErrorInReport: true,
    numRuns: Math.max(1, Math.round(runs * (Number.isFinite(scale) && scale > 0 ? scale : 1))),
    ...(process.env.FUZZ_SEED ? {seed: Number(process.env.FUZZ_SEED)} : {}),
    ...(process.env.FUZZ_PATH ? {path: process.env.FUZZ_PATH} : {}),
  };
  const report = (details: fc.RunDetails<Ts>) => {
    if (!details.failed) return;
    const replay =
      `Replay: FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath ?? ''} ` +
      `node --experimental-vm-modules node_modules/jest/bin/jest.js ${file}`;
    throw new Error(`${fc.defaultReportMessage(details)}\n${replay}`);
  };
  if (property.isAsync()) return fc.check(property as fc.IAsyncProperty<Ts>, parameters).then(report);
  report(fc.check(property as fc.IProperty<Ts>, parameters) as fc.RunDetails<Ts>);
}
