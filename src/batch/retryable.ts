import type {LinkpeekError} from '../errors.js';

// Which failures a batch tries again. Asking again cannot fix the caller's input or a page that
// answered for good (a 404, a file where a page was asked, a login wall the recovery ladder already
// climbed, a robots.txt that says no); it may fix a timeout, a dropped connection, a 5xx, a rate
// limit, a bot challenge once the site's backoff is over, or a browser hiccup.
// A package this install lacks (EMISSINGDEP) is not there on the next try either, nor do a PDF's
// pages (EPAGERANGE) or its size (EPDFTOOLARGE) change.
const final = new Set(['EINVALURL', 'EFORBIDDENURL', 'EINVALOPTION', 'EINVALTTL', 'EINVALSTTL', 'ENOELEMENT', 'ENOTHTML', 'ETOOLARGE', 'EMAXREDIRECTS', 'EROBOTS', 'EMISSINGDEP', 'EWORKERCRASH', 'EPAGERANGE', 'EPDFTOOLARGE']);

/** Walls that say "not now" rather than "not you": the host gate backs the site off for them too. */
const passingWalls = new Set(['challenge', 'captcha']);

/** HTTP statuses worth another try: timeouts, too early, too many requests, and the server's errors. */
const retryStatuses = new Set([408, 425, 429]);

/** True when another attempt at the URL may succeed. */
export function isRetryable(error: LinkpeekError): boolean {
  if (final.has(error.code)) return false;
  if (error.code === 'EWALL') return passingWalls.has(error.data?.kind ?? '');
  if (error.code === 'EHTTP') return error.statusCode === undefined || error.statusCode >= 500 || retryStatuses.has(error.statusCode);
  return true;
}
