import type {LinkpeekError} from '../errors.js';
import type {CreateExtractorConfig} from '../extract.js';
import type {CacheEntry, CacheStore} from './result-cache.js';
import type {RequestHeaders} from './parse-query.js';

/** Trusted configuration of the HTTP endpoint: the extractor's config plus handler-only options. */
export interface HandlerConfig extends CreateExtractorConfig {
  /**
   * Where results are cached: `true` for an in-memory LRU of 1000 entries, any Keyv-compatible
   * store (`get`, `set(key, value, ttl)`, `delete`; e.g. `new Keyv(redisStore)`) to share one cache
   * between instances, or `false` for none. Requests with `headers.*`, `x-api-header-*` or with
   * credentials in `url` are never cached; `force=true` skips the read and stores the fresh result.
   * @default true
   */
  cache?: boolean | CacheStore<CacheEntry>;
  /**
   * Milliseconds a result stays fresh, unless the request's `ttl` parameter says otherwise; also the
   * `Cache-Control` max-age. @default 3600000 (1 hour)
   */
  cacheTtl?: number;
  /**
   * Milliseconds after the ttl during which `embed` requests get the old result at once while it
   * is refreshed in the background (spec §4.1 screenshot rule 3). The request's `staleTtl`
   * parameter, the hosted service's, works inside the ttl, for every request. @default cacheTtl
   */
  staleTtl?: number;
  /**
   * Sub-path of the mount under which the files of `screenshotDirectory` are served, e.g.
   * `/screenshots/`; pair it with `createFileStore({ directory, baseUrl: '<public mount URL>/screenshots/' })`.
   */
  screenshotPath?: string;
  /** Directory of a `createFileStore`; `embed=screenshot.url` reads images from it directly. */
  screenshotDirectory?: string;
  /**
   * Called with errors worth logging: internal errors (`EINTERNAL`, answered 500 with a generic
   * message), cache store failures and failed background refreshes. The handler itself never logs.
   */
  onError?: (error: LinkpeekError) => void;
  /**
   * Serve the playground (`createHandler` only): a browser asking for the mount root with
   * `Accept: text/html` and no `url` gets a page to try the endpoint, with its script and
   * stylesheet at `playground.js` and `playground.css` under the mount. `linkpeek serve` turns it on.
   * @default false
   */
  playground?: boolean;
  /**
   * Base of the `more` link of error bodies: the code in lowercase is appended. The default points to
   * the code's row in linkpeek's docs/endpoint.md; `'https://microlink.io/'` gives the hosted
   * service's links (its codes and linkpeek's differ in part).
   * @default 'https://github.com/linkpeek/linkpeek/blob/main/docs/endpoint.md#'
   */
  errorDocsUrl?: string;
  /**
   * Milliseconds a target that answered a wall (`EWALL`, per page) or HTTP 429 without `Retry-After`
   * (`ERATELIMIT`, per origin) is not asked again: requests meanwhile get the same error at once,
   * across every instance sharing `cache`. Needs a cache store; `0` turns backing off off.
   * @default 60000 (1 minute)
   */
  backoffTtl?: number;
  /** The longest a target's own `Retry-After` is honoured, in milliseconds. @default 3600000 (1 hour) */
  maxBackoff?: number;
  /**
   * `force=true` comes from anyone: it is honoured at most once per this many milliseconds per target
   * URL (across instances sharing `cache`); meanwhile it is a plain request. `0` honours every one
   * (only for trusted callers). @default 10000
   */
  forceInterval?: number;
}

/** The framework-free core, for Koa and others. */
export interface QueryRequest {
  /** The request method: anything but GET and HEAD is answered 405. @default 'GET' */
  method?: string;
  /**
   * Aborts when the client went away: the call stops waiting (`EABORTED`), and its extraction is
   * cancelled unless another request is waiting for the same result. `createHandler` sets it
   * from the connection.
   */
  signal?: AbortSignal;
  /**
   * The request's headers (e.g. Koa's `ctx.headers`): each `x-api-header-<name>` is sent to the target
   * as `<name>`, under the rules of `headers.<name>`; the others are ignored. `createHandler` passes
   * the node request's headers.
   */
  headers?: RequestHeaders;
}

/** The handler-only keys of {@link HandlerConfig} (the docs' handler options table lists exactly these). */
export const handlerConfigKeys = [
  'cache',
  'cacheTtl',
  'staleTtl',
  'screenshotDirectory',
  'screenshotPath',
  'onError',
  'playground',
  'errorDocsUrl',
  'backoffTtl',
  'maxBackoff',
  'forceInterval',
] as const;
// Fails to compile when HandlerConfig gains a key the list lacks.
const everyHandlerKey: Record<Exclude<keyof HandlerConfig, keyof CreateExtractorConfig>, true> = Object.fromEntries(
  handlerConfigKeys.map((key) => [key, true]),
) as Record<(typeof handlerConfigKeys)[number], true>;
void everyHandlerKey;
