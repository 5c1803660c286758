import type {Deadline} from '../deadline.js';
import {isLinkpeekError} from '../errors.js';
import {invalidOption} from '../option-checks.js';

// `retry`: how many more times the page is asked when the target failed in a way another try may
// fix (the hosted service's parameter: default 2, exponential backoff). Every attempt shares the
// call's one deadline, so a retry never makes a call longer than its `timeout`.

/** The hosted service's default: two more tries. */
export const defaultRetry = 2;
/** The most a caller may ask: each try is another request to the target, and the caller may be anyone. */
export const maxRetry = 5;
/** The first backoff; each further one doubles (200, 400, 800 ms...). */
export const retryBaseDelay = 200;

/**
 * Target statuses worth another try: a timeout the target reports (408, 504, Cloudflare's 522 and
 * 524), its server failing (500, 502, 503, 520, 521, 523) or being too early (425). Not 429: that
 * is a rate limit, met with `ERATELIMIT` and the endpoint's backoff, never with more requests.
 */
export const retryStatuses: ReadonlySet<number> = new Set([408, 425, 500, 502, 503, 504, 520, 521, 522, 523, 524]);

/** Validates the call's `retry` (an integer from 0 to {@link maxRetry}). @throws LinkpeekError EINVALOPTION */
export function normalizeRetry(value: unknown): number {
  if (value === undefined) return defaultRetry;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > maxRetry) {
    throw invalidOption('retry', `must be an integer from 0 to ${maxRetry}`, value);
  }
  return value;
}

/** The wait before try `attempt` (1 for the first retry): {@link retryBaseDelay} doubled each time. */
export function retryDelay(attempt: number): number {
  return retryBaseDelay * 2 ** (attempt - 1);
}

/**
 * Whether a thrown failure may pass on another try: the connection was reset or closed early, or
 * refused (a server restarting), or it timed out on its own while the call still has time (a
 * connect timeout). The call's deadline running out is never retried: nothing is left to try with.
 */
export function isRetryableFailure(error: unknown, deadline: Deadline): boolean {
  if (!isLinkpeekError(error) || deadline.signal.aborted) return false;
  if (error.code === 'ETIMEOUT') return true;
  if (error.code === 'EHTTP') return error.statusCode !== undefined && retryStatuses.has(error.statusCode);
  if (error.code !== 'EFETCH') return false;
  return /closed the connection early|refused the connection/.test(error.message);
}

/**
 * Runs `attempt` once, then again up to `retries` times while it fails in a retryable way (`failed`
 * judges a resolved value, e.g. a 503 page; {@link isRetryableFailure} a thrown error), waiting
 * {@link retryDelay} before each try. A wait that would not end before the deadline is not made:
 * the last outcome stands. Resolves to the last value (possibly still a failing one: the caller
 * answers it as it would have) and how many tries were made.
 */
export async function withRetries<T>(
  retries: number,
  deadline: Deadline,
  attempt: () => Promise<T>,
  failed: (value: T) => boolean,
): Promise<{value: T; tries: number}> {
  for (let tries = 1; ; tries++) {
    let value: T;
    try {
      value = await attempt();
    } catch (error) {
      if (tries > retries || !isRetryableFailure(error, deadline) || !(await pause(retryDelay(tries), deadline))) throw error;
      continue;
    }
    if (tries > retries || !failed(value) || !(await pause(retryDelay(tries), deadline))) return {value, tries};
  }
}

/** Waits `ms` unless the deadline ends first (or would end during the wait): then `false` at once. */
function pause(ms: number, deadline: Deadline): Promise<boolean> {
  if (deadline.signal.aborted || deadline.remaining() <= ms) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (passed: boolean) => {
      clearTimeout(timer);
      deadline.signal.removeEventListener('abort', stop);
      resolve(passed);
    };
    const stop = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    deadline.signal.addEventListener('abort', stop, {once: true});
  });
}
