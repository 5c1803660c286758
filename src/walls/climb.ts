import {performance} from 'node:perf_hooks';
import {isLinkpeekError} from '../errors.js';
import type {Wall} from './detect-wall.js';
import type {RungName} from './wall-error.js';

/** One rung of the recovery ladder: `run` resolves `null` when the rung does not apply or found nothing. */
export interface Rung<T> {
  name: RungName;
  run(): Promise<T | null>;
}

/** What one rung did, for `Server-Timing` and the result. */
export interface RungOutcome {
  rung: RungName;
  /** `passed`: got past the wall; `wall`: met a wall again; `nothing`: no answer; `failed`: an error. */
  outcome: 'passed' | 'wall' | 'nothing' | 'failed';
  /** Milliseconds the rung took. */
  ms: number;
}

/** The ladder's end: the value of the rung that got past (absent when none did), and every rung's outcome. */
export interface Climbed<T> {
  value?: T;
  rung?: RungName;
  outcomes: RungOutcome[];
}

// What a rung's own failure is: the rung is skipped. The call's deadline or the caller's abort is
// the call failing, and ends the climb.
const endsTheCall: ReadonlySet<string> = new Set(['ETIMEOUT', 'EABORTED', 'EINTERNAL']);

/**
 * Tries `rungs` in order, cheapest first, until one gives a value that `wallOf` finds no wall in.
 * A rung that fails (refused, unreachable, no browser, an HTTP error) is passed over; the call's
 * deadline ending or its abort is rethrown, as is a bug.
 */
export async function climb<T>(rungs: readonly Rung<T>[], wallOf: (value: T) => Wall | null, signal?: AbortSignal): Promise<Climbed<T>> {
  const outcomes: RungOutcome[] = [];
  for (const rung of rungs) {
    if (signal?.aborted) throw signal.reason;
    const started = performance.now();
    const record = (outcome: RungOutcome['outcome']) => outcomes.push({rung: rung.name, outcome, ms: performance.now() - started});
    let value: T | null;
    try {
      value = await rung.run();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (!isLinkpeekError(error) || endsTheCall.has(error.code)) throw error;
      record('failed');
      continue;
    }
    if (value === null) {
      record('nothing');
      continue;
    }
    if (wallOf(value) !== null) {
      record('wall');
      continue;
    }
    record('passed');
    return {value, rung: rung.name, outcomes};
  }
  return {outcomes};
}
