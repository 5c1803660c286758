import {performance} from 'node:perf_hooks';
import {narrowDeadline, type Deadline} from '../deadline.js';
import {isLinkpeekError} from '../errors.js';
import type {Wall} from './detect-wall.js';
import type {RungName} from './wall-error.js';

/** One rung of the recovery ladder: `run` resolves `null` when the rung does not apply or found nothing. */
export interface Rung<T> {
  name: RungName;
  /** Runs the rung within `deadline`: its own share of the call's time. */
  run(deadline: Deadline): Promise<T | null>;
}

/** What one rung did, for `Server-Timing` and the result. */
export interface RungOutcome {
  rung: RungName;
  /** `passed`: got past the wall; `wall`: met a wall again; `nothing`: no answer; `failed`: an error, or its share of the time ran out. */
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

/**
 * The time the ladder keeps for its answer, out of what is left when it starts: the wall's error
 * (with the site's icon, pinged) or the recovered page's ping. A tenth of it, from 250 ms to 2 s.
 */
export function answerReserve(remaining: number): number {
  return Math.min(2_000, Math.max(250, remaining / 10));
}

// A bug is the call failing, whatever the rung.
const endsTheCall: ReadonlySet<string> = new Set(['EABORTED', 'EINTERNAL']);

/**
 * Tries `rungs` in order, cheapest first, until one gives a value that `wallOf` finds no wall in.
 * Each rung runs within its share of the call's time: what is left, less {@link answerReserve},
 * split evenly over the rungs still to try (a rung that ends early leaves its time to the next),
 * so a browser that runs to its end still leaves a `'last'` proxy its turn and the wall its answer.
 * A rung that fails (refused, unreachable, no browser, an HTTP error, its share run out) is passed
 * over. The caller's abort and a bug are rethrown; the call's own deadline ending stops the climb
 * (the caller answers with the wall, never with ETIMEOUT).
 */
export async function climb<T>(rungs: readonly Rung<T>[], wallOf: (value: T) => Wall | null, deadline: Deadline): Promise<Climbed<T>> {
  const outcomes: RungOutcome[] = [];
  const reserve = answerReserve(deadline.remaining());
  for (const [at, rung] of rungs.entries()) {
    if (deadline.signal.aborted) return stopped(deadline, outcomes);
    const share = (deadline.remaining() - reserve) / (rungs.length - at);
    const started = performance.now();
    const record = (outcome: RungOutcome['outcome']) => outcomes.push({rung: rung.name, outcome, ms: performance.now() - started});
    if (share < 1) {
      record('failed');
      continue;
    }
    const own = narrowDeadline(deadline, Math.floor(share));
    let value: T | null;
    try {
      value = await rung.run(own);
    } catch (error) {
      if (deadline.signal.aborted) {
        record('failed');
        return stopped(deadline, outcomes);
      }
      if (!isLinkpeekError(error) || endsTheCall.has(error.code)) throw error;
      record('failed');
      continue;
    } finally {
      own.dispose();
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

/** The climb's end when the call's deadline ended: the caller's abort is rethrown, the time running out is the wall's answer. */
function stopped<T>(deadline: Deadline, outcomes: RungOutcome[]): Climbed<T> {
  const reason: unknown = deadline.signal.reason;
  if (isLinkpeekError(reason) && reason.code === 'ETIMEOUT') return {outcomes};
  throw reason;
}
