import {LinkpeekError, type ErrorCode} from '../errors.js';

/**
 * Back off, for everyone: a target that answered a wall or a 429 is remembered in the handler's
 * cache store (shared across instances when the store is), so concurrent and following requests
 * get the same error at once instead of asking the target again.
 * - `ERATELIMIT` is remembered per origin of the host that answered 429 (a rate limit is that
 *   host's, whatever the page; not a shortener's that redirected to it), for the target's
 *   `Retry-After` when it sent one, else `backoffTtl`; at most `maxBackoff`.
 * - `EWALL` is remembered per page URL (fragment dropped) and `prerender` setting (a browser may
 *   get past what a fetch did not) for `backoffTtl`, or the wall's
 *   `Retry-After` when it sent one, at most `maxBackoff`.
 * A wall is never stored as a result: only this entry, which holds the error, is.
 */

/** What the store keeps for a target that is backed off from. */
export interface BackoffEntry {
  code: Extract<ErrorCode, 'EWALL' | 'ERATELIMIT'>;
  message: string;
  url?: string;
  statusCode?: number;
  data?: Record<string, string>;
  /** Epoch milliseconds until which the target is not asked again. */
  until: number;
}

/** Durations of the backoff, in milliseconds. */
export interface BackoffTimes {
  /** How long a wall or a 429 without `Retry-After` is remembered. */
  backoffTtl: number;
  /** The longest a target's own `Retry-After` is honoured. */
  maxBackoff: number;
}

/** Defaults of {@link BackoffTimes}: one minute, and at most an hour for a target's `Retry-After`. */
export const defaultBackoff: BackoffTimes = {backoffTtl: 60_000, maxBackoff: 3_600_000};

const prefix = 'linkpeek:v1:backoff:';

/**
 * The store keys a request for `url` must look at: its origin's rate limit, then its page's wall as
 * met with `variant` (the call's `prerender`).
 */
export function backoffKeys(url: string, variant = ''): {origin: string; page: string} | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  parsed.hash = '';
  return {origin: `${prefix}origin:${parsed.origin}`, page: `${prefix}page:${variant}:${parsed.href}`};
}

/**
 * The entry to remember for `error` thrown by an extraction of `url`, with its key and TTL, or
 * `null` when the error is not one to back off from.
 */
export function backoffFor(
  error: unknown,
  url: string,
  times: BackoffTimes,
  variant = '',
  now = Date.now(),
): {key: string; entry: BackoffEntry; ttl: number} | null {
  if (!(error instanceof LinkpeekError) || (error.code !== 'EWALL' && error.code !== 'ERATELIMIT')) return null;
  const keys = backoffKeys(url, variant);
  if (!keys) return null;
  const asked = error.retryAfter === undefined ? times.backoffTtl : error.retryAfter * 1000;
  const ttl = Math.max(1000, Math.min(asked, times.maxBackoff));
  const entry: BackoffEntry = {code: error.code, message: error.message, until: now + ttl};
  if (error.url !== undefined) entry.url = error.url;
  if (error.statusCode !== undefined) entry.statusCode = error.statusCode;
  if (error.data !== undefined) entry.data = error.data;
  if (error.code === 'EWALL') return {key: keys.page, entry, ttl};
  // The origin that answered 429, when a redirect led there (wallError's data.origin).
  const answered = error.data?.origin === undefined ? null : backoffKeys(error.data.origin);
  return {key: (answered ?? keys).origin, entry, ttl};
}

/**
 * The error a remembered entry answers with, `Retry-After` counting down to its end; `null` once
 * it has ended (a store may keep an entry a little past its TTL). With `asked`, the error names
 * that URL (`url`, `data.url`), and the one the entry was remembered for is `data.remembered`: a
 * rate limit met on one page of an origin answers for another.
 */
export function backoffError(entry: BackoffEntry | undefined | null, now = Date.now(), asked?: string): LinkpeekError | null {
  if (!entry || typeof entry !== 'object' || typeof entry.until !== 'number' || entry.until <= now) return null;
  if (entry.code !== 'EWALL' && entry.code !== 'ERATELIMIT') return null;
  let data = entry.data;
  if (asked !== undefined && entry.url !== undefined && entry.url !== asked) data = {...data, url: asked, remembered: entry.url};
  const url = asked ?? entry.url;
  return new LinkpeekError(entry.code, entry.message, {
    ...(url === undefined ? {} : {url}),
    ...(entry.statusCode === undefined ? {} : {statusCode: entry.statusCode}),
    ...(data === undefined ? {} : {data}),
    retryAfter: Math.ceil((entry.until - now) / 1000),
  });
}
