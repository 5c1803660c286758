// One extraction of a batch, run politely: inside the host gate (at most N at once and R a second
// per domain), after robots.txt said yes when asked to obey it, and backing the domain off for every
// worker sharing the gate when the target answered a 429 or a bot challenge.
import {isLinkpeekError} from '../errors.js';
import type {HostGate} from './host-gate.js';
import {defaultBatchBackoff} from './politeness-options.js';
import type {RobotsCheck} from './robots.js';

/** Wall kinds that more requests from the same address only make worse: the domain is backed off. */
const backoffKinds: ReadonlySet<string> = new Set(['challenge', 'captcha']);

/**
 * How long to back a domain off after this outcome of an extraction, in ms, or `null` for none:
 * `ERATELIMIT` (a 429) for the target's `Retry-After` (seconds, as `retryAfter` carries it; without
 * one the gate's halved rate is the answer), and an `EWALL` of kind `challenge` or `captcha` for its
 * `Retry-After`, else `backoffMs`; at least 1 s, at most `maxBackoffMs`. Takes a thrown error, an
 * error body (a batch's error line) or a result (never backed off from).
 */
export function backoffMsFor(errorOrResult: unknown, times: {backoffMs: number; maxBackoffMs: number} = defaultBatchBackoff): number | null {
  if (typeof errorOrResult !== 'object' || errorOrResult === null) return null;
  const {code, retryAfter, data} = errorOrResult as {code?: unknown; retryAfter?: unknown; data?: unknown};
  const kind = typeof data === 'object' && data !== null ? (data as {kind?: unknown}).kind : undefined;
  if (code !== 'ERATELIMIT' && !(code === 'EWALL' && typeof kind === 'string' && backoffKinds.has(kind))) return null;
  const given = typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter >= 0;
  if (code === 'ERATELIMIT' && !given) return null;
  const asked = given ? retryAfter * 1000 : times.backoffMs;
  return Math.max(1000, Math.min(asked, times.maxBackoffMs));
}

/** Times a batch runs an extraction that met a 429 again, in its site's next turn, before the attempt fails. */
export const defaultRateLimitRetries = 3;

/** What {@link runPolitely} needs besides the URL and the extraction. */
export interface PoliteRun {
  gate: HostGate;
  /** When set, a URL robots.txt disallows is not fetched: the run throws EROBOTS. */
  robots?: RobotsCheck | undefined;
  signal?: AbortSignal | undefined;
  /** Backoff durations. @default 60 s without `Retry-After`, at most 1 h */
  backoff?: {backoffMs: number; maxBackoffMs: number};
  /**
   * Times an extraction that met a 429 (`ERATELIMIT`) is run again at once, in its domain's next
   * turn (after its `Retry-After`, at the rate the 429 halved), before the error is thrown. @default 0
   */
  rateLimitRetries?: number;
  /** Called with each `ERATELIMIT` that is run again. */
  onRateLimited?: (error: unknown) => void;
}

/**
 * Runs `extract(url)` inside `gate` (robots.txt checked first, in the same turn: its request is the
 * domain's first). A failure {@link backoffMsFor} names backs the domain off on the gate; an
 * `ERATELIMIT` is run again up to `rateLimitRetries` times, then rethrown (also when `signal` stops
 * the wait for the next turn).
 */
export async function runPolitely<T>(url: string, extract: () => Promise<T>, run: PoliteRun): Promise<T> {
  let rateLimited: unknown;
  for (let retries = 0; ; retries++) {
    try {
      return await run.gate.run(
        url,
        async () => {
          await run.robots?.check(url, run.signal, run.gate.request);
          return extract();
        },
        run.signal,
      );
    } catch (error) {
      // Stopped while waiting for the turn after a 429: the 429 is the outcome.
      if (rateLimited !== undefined && run.signal?.aborted) throw rateLimited;
      const ms = backoffMsFor(error, run.backoff);
      // The backoff is a courtesy: a gate that cannot store it (Redis gone) does not change the outcome.
      if (ms !== null) await run.gate.backOff(url, ms).catch(() => {});
      const again = retries < (run.rateLimitRetries ?? 0) && isLinkpeekError(error) && error.code === 'ERATELIMIT' && !run.signal?.aborted;
      if (!again) throw error;
      rateLimited = error;
      run.onRateLimited?.(error);
    }
  }
}
