/**
 * Stable error codes. Callers branch on `code`; messages may change in any release, codes never do.
 */
export type ErrorCode =
  /** The input is not a well-formed absolute http(s) URL (spec §7). */
  | 'EINVALURL'
  /** The URL, a redirect hop or a pinged URL connects to a non-public address (spec §7). */
  | 'EFORBIDDENURL'
  /** More than 10 redirect hops (spec §8). */
  | 'EMAXREDIRECTS'
  /** The target did not answer within the time limit (spec §7). */
  | 'ETIMEOUT'
  /** An option or query parameter has a bad value; the message names it. */
  | 'EINVALOPTION'
  /** The endpoint's `ttl` parameter is not a duration from 1 minute to 31 days. */
  | 'EINVALTTL'
  /** The endpoint's `staleTtl` parameter is not a duration below the request's `ttl`. */
  | 'EINVALSTTL'
  /** The target answered with an HTTP error status (4xx/5xx). */
  | 'EHTTP'
  /** The target answered with something that is not an HTML document. */
  | 'ENOTHTML'
  /** The body exceeded `maxBodySize` while `bodyLimit` is `'error'`. */
  | 'ETOOLARGE'
  /** The target could not be reached: DNS failure, refused, reset, TLS error. */
  | 'EFETCH'
  /** The `element` selector matched nothing on the page. */
  | 'ENOELEMENT'
  /** The page could not be captured by the screenshot provider. */
  | 'ESCREENSHOT'
  /** The page could not be rendered in the browser (`prerender`). */
  | 'ERENDER'
  /** `pdf.pageRanges` is malformed, or names pages the printed page does not have. */
  | 'EPAGERANGE'
  /** The printed PDF exceeded the config's `maxPdfSize`. */
  | 'EPDFTOOLARGE'
  /** No browser could be started for screenshots or rendering (Chromium missing or not launchable, or the provider cannot render). */
  | 'ENOBROWSER'
  /** The target answered with a wall (consent, challenge, captcha, login, browser gate, paywall) that no recovery rung got past; `data.kind` names it. */
  | 'EWALL'
  /** The target answered HTTP 429 (or a rate-limit wall); `error.retryAfter` carries its `Retry-After`. */
  | 'ERATELIMIT'
  /** A batch run with `robots` on: the target's robots.txt disallows the URL for linkpeek's user agent, so it was not fetched. */
  | 'EROBOTS'
  /** A queued batch's job whose worker process died while extracting it, more times than `maxStalledCount`: quarantined, not tried again. */
  | 'EWORKERCRASH'
  /** The caller aborted the request through its `signal`. */
  | 'EABORTED'
  /** A feature's optional package is not installed (`sharp`, `bullmq`, …); the message and `data` name the package and the install command. */
  | 'EMISSINGDEP'
  /** The endpoint's cache store (e.g. Redis) failed; requests are answered uncached meanwhile. Only ever passed to `onError`. */
  | 'ECACHE'
  /** A bug in linkpeek; details stay in `cause`, never in the message. */
  | 'EINTERNAL';

/**
 * HTTP status per code, the one table the handler, the CLI's exit code and the docs follow:
 * - 400 when the caller can fix the request (the URL, an option, the selector);
 * - 424 Failed Dependency when the target failed (unreachable, too slow, an HTTP error, too many
 *   redirects, not a page, too large, could not be rendered or captured). A 4xx, so the answer is a
 *   JSend `fail` as the hosted service gives for these, and neither `@microlink/mql` nor ky retries
 *   it (they retry 408, 413, 500, 502, 503, 504, 521, 522, 524): a slow target costs one
 *   extraction, not three. 424 rather than 400 keeps "fix your request" and "the target failed"
 *   apart for anyone reading only statuses (logs, monitoring);
 * - 499 when the caller went away; 5xx only when linkpeek itself failed. EMISSINGDEP is 501 Not
 *   Implemented: this install lacks the feature's package, which no retry fixes (mql and ky do not
 *   retry 501; they would retry 503).
 * EFORBIDDENURL is 400, not 403: a 403 reads as "your credentials are wrong".
 */
export const statusByCode = {
  EINVALURL: 400,
  EFORBIDDENURL: 400,
  EINVALOPTION: 400,
  EINVALTTL: 400,
  EINVALSTTL: 400,
  ENOELEMENT: 400,
  EMAXREDIRECTS: 424,
  EHTTP: 424,
  ENOTHTML: 424,
  ETOOLARGE: 424,
  EFETCH: 424,
  ESCREENSHOT: 424,
  ERENDER: 424,
  EPAGERANGE: 400,
  EPDFTOOLARGE: 424,
  ETIMEOUT: 424,
  EWALL: 424,
  ERATELIMIT: 429,
  EROBOTS: 424,
  ENOBROWSER: 503,
  EMISSINGDEP: 501,
  ECACHE: 503,
  EWORKERCRASH: 500,
  EABORTED: 499,
  EINTERNAL: 500,
} as const satisfies Record<ErrorCode, number>;

/**
 * The parameter an error body's `data` is keyed by when the error carries no `data` of its own
 * (`{url: message}`, as the hosted service keys target failures), or `null` for none. EINVALOPTION
 * errors name their own option in `data`.
 */
export const parameterByCode = {
  EINVALURL: 'url',
  EFORBIDDENURL: 'url',
  EINVALOPTION: null,
  EINVALTTL: 'ttl',
  EINVALSTTL: 'staleTtl',
  ENOELEMENT: 'element',
  EMAXREDIRECTS: 'url',
  EHTTP: 'url',
  ENOTHTML: 'url',
  ETOOLARGE: 'url',
  EFETCH: 'url',
  ESCREENSHOT: 'screenshot',
  ERENDER: 'prerender',
  EPAGERANGE: 'pdf.pageRanges',
  EPDFTOOLARGE: 'pdf',
  ETIMEOUT: 'url',
  EWALL: 'url',
  ERATELIMIT: 'url',
  EROBOTS: 'url',
  ENOBROWSER: null,
  EMISSINGDEP: null,
  ECACHE: null,
  EWORKERCRASH: 'url',
  EABORTED: null,
  EINTERNAL: null,
} as const satisfies Record<ErrorCode, string | null>;

/** Who is at fault for a code, read from {@link statusByCode}: 424 and 429 the target, 5xx linkpeek, any other 4xx the caller. */
export function faultOf(code: ErrorCode): 'caller' | 'target' | 'linkpeek' {
  const status: number = statusByCode[code];
  return status >= 500 ? 'linkpeek' : status === 424 || status === 429 ? 'target' : 'caller';
}

/**
 * Where an error body's `more` points by default: the code's row in the error table of
 * docs/endpoint.md (`<base><lowercase code>`). The handler's `errorDocsUrl` replaces the base.
 */
export const defaultErrorDocsUrl = 'https://github.com/linkpeek/linkpeek/blob/main/docs/endpoint.md#';

/** Every code, in table order. */
export const errorCodes = Object.keys(statusByCode) as ErrorCode[];

const brand = Symbol.for('linkpeek.error');

/** Extra context carried by a {@link LinkpeekError}. */
export interface LinkpeekErrorOptions {
  /** The original error. Never serialized. */
  cause?: unknown;
  /** The URL concerned; credentials are stripped before it is stored. */
  url?: string | URL;
  /** The target's HTTP status, for `EHTTP`. */
  statusCode?: number;
  /** Per-parameter reasons, e.g. `{ url: 'must use http: or https:' }`. */
  data?: Record<string, string>;
  /** Seconds the target asked to wait (`Retry-After`), for `ERATELIMIT` and walls that sent one. */
  retryAfter?: number;
  /**
   * `'target'` when the target caused an error whose code is otherwise the caller's: a redirect to a
   * refused address keeps `EFORBIDDENURL` but is answered as a target failure (424, CLI exit 1).
   */
  fault?: 'target';
}

/** The one error class of linkpeek: a stable `code`, the HTTP `status` for it, and the original `cause`. */
export class LinkpeekError extends Error {
  override readonly name = 'LinkpeekError';
  readonly code: ErrorCode;
  readonly url?: string;
  readonly statusCode?: number;
  readonly data?: Record<string, string>;
  readonly retryAfter?: number;
  readonly #fault: 'target' | undefined;

  constructor(code: ErrorCode, message: string, options: LinkpeekErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : {cause: options.cause});
    this.code = code;
    if (options.url !== undefined) this.url = stripCredentials(options.url);
    if (options.statusCode !== undefined) this.statusCode = options.statusCode;
    if (options.data !== undefined) this.data = options.data;
    if (options.retryAfter !== undefined) this.retryAfter = options.retryAfter;
    this.#fault = options.fault;
    Object.defineProperty(this, brand, {value: true});
  }

  /** HTTP status the handler answers with for this error: the code's, or 424 when the target is at fault for a caller's code. */
  get status(): number {
    const status: number = statusByCode[this.code];
    return this.#fault === 'target' && faultOf(this.code) === 'caller' ? 424 : status;
  }

  /** Who is at fault: the code's ({@link faultOf}), unless the error says the target is. */
  get fault(): 'caller' | 'target' | 'linkpeek' {
    return this.#fault ?? faultOf(this.code);
  }

  /** Only fields that are safe to make public: never `cause`, the stack or header values. */
  toJSON(): ErrorBody {
    return toErrorBody(this);
  }

  // Recognise errors from another copy of the package or another realm.
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && brand in value;
  }
}

/** JSend-shaped error body: `fail` when the caller can fix it or the target failed (4xx), `error` otherwise. */
export interface ErrorBody {
  status: 'fail' | 'error';
  code: ErrorCode;
  message: string;
  /** A link to the code's documentation: `<errorDocsUrl><lowercase code>`. */
  more: string;
  /** The message keyed by the parameter at fault, e.g. `{url: '...'}` (see {@link parameterByCode}). */
  data?: Record<string, string>;
  url?: string;
  statusCode?: number;
  /** Seconds to wait before asking again (`ERATELIMIT`); the endpoint also sends it as `Retry-After`. */
  retryAfter?: number;
}

/** Type guard for {@link LinkpeekError}, safe across package copies and realms. */
export function isLinkpeekError(value: unknown): value is LinkpeekError {
  return value instanceof LinkpeekError;
}

/**
 * Public error body for any thrown value; unknown errors become a generic `EINTERNAL`.
 * `errorDocsUrl` is the base of `more` (default {@link defaultErrorDocsUrl}).
 */
export function toErrorBody(error: unknown, errorDocsUrl: string = defaultErrorDocsUrl): ErrorBody {
  const known = isLinkpeekError(error) ? error : toLinkpeekError(error);
  const body: ErrorBody = {
    status: known.status < 500 ? 'fail' : 'error',
    code: known.code,
    message: known.message,
    more: `${errorDocsUrl}${known.code.toLowerCase()}`,
  };
  const parameter = parameterByCode[known.code];
  if (known.data) body.data = known.data;
  else if (parameter !== null) body.data = {[parameter]: known.message};
  if (known.url) body.url = known.url;
  if (known.statusCode !== undefined) body.statusCode = known.statusCode;
  if (known.retryAfter !== undefined) body.retryAfter = known.retryAfter;
  return body;
}

/** Wraps anything thrown into a LinkpeekError; unknown errors become `EINTERNAL` with the original as cause. */
export function toLinkpeekError(error: unknown): LinkpeekError {
  if (isLinkpeekError(error)) return error;
  return new LinkpeekError('EINTERNAL', 'An internal error occurred.', {cause: error});
}

/**
 * `error` with `url` set when it has none (the same error when it has one): every error `extract()`
 * throws names the URL it was asked for. Code, message, cause, data and fault are kept.
 */
export function withUrl(error: LinkpeekError, url: string | URL): LinkpeekError {
  if (error.url !== undefined) return error;
  const copy = new LinkpeekError(error.code, error.message, {
    url,
    ...(error.cause === undefined ? {} : {cause: error.cause}),
    ...(error.statusCode === undefined ? {} : {statusCode: error.statusCode}),
    ...(error.data === undefined ? {} : {data: error.data}),
    ...(error.retryAfter === undefined ? {} : {retryAfter: error.retryAfter}),
    ...(error.fault === 'target' && faultOf(error.code) !== 'target' ? {fault: 'target' as const} : {}),
  });
  if (error.stack !== undefined) copy.stack = error.stack;
  return copy;
}

/** Removes `user:password@` from a URL so it never reaches a message or a log. */
export function stripCredentials(url: string | URL): string {
  try {
    const parsed = new URL(String(url));
    parsed.username = '';
    parsed.password = '';
    return parsed.href;
  } catch {
    // Not parseable: drop anything that looks like userinfo before the host.
    return String(url).replace(/\/\/[^/@?#]*@/, '//');
  }
}

/**
 * The error for a feature whose optional package is not installed: EMISSINGDEP, naming the package
 * and the command that installs it, in the message and in `data`.
 */
export function missingDependency(name: string, feature: string, cause?: unknown): LinkpeekError {
  const install = `npm install ${name}`;
  return new LinkpeekError('EMISSINGDEP', `${feature} needs the package \`${name}\`, which is not installed. Install it with \`${install}\`.`, {
    cause,
    data: {package: name, install},
  });
}
