import type {IncomingMessage, ServerResponse} from 'node:http';
import {performance} from 'node:perf_hooks';
import type {ExtractResult} from '../data.js';
import {endpointAsset} from './assets.js';
import {backoffError, backoffFor, backoffKeys, defaultBackoff, type BackoffEntry} from './backoff.js';
import {embedValue, type QueryResponse} from './embed.js';
import {defaultForceInterval, type ForceMark, takeForce} from './force-limit.js';
import {defaultErrorDocsUrl, isLinkpeekError, LinkpeekError, stripCredentials, toErrorBody, toLinkpeekError} from '../errors.js';
import {createExtractor, defaultStages, type CreateExtractorConfig} from '../extract.js';
import {normalizeConfig, normalizeOptions, invalidOption, type ExtractOptions} from '../options.js';
import {hasCredentials, splitCredentials} from '../url/credentials.js';
import {jsonType, plainFail} from './json-responses.js';
import {applyFilter} from './filter.js';
import {cacheControl, customCacheKey, entryState, resolveCachePolicy, type CachePolicy} from './cache-control.js';
import {parseQuery, type RequestHeaders} from './parse-query.js';
import {playgroundAnswer, wantsPlayground} from './playground.js';
import {cacheKey, createMemoryCache, type CacheEntry, type CacheStore} from './result-cache.js';
import {createSharedRuns} from './shared-runs.js';
import {collectTimings, cutMetric, serverTiming, timeStages, type StageTimings} from './stage-timing.js';
import {readStoredScreenshot, serveStoredScreenshot} from './stored-screenshots.js';
import {type CallNotes, withCallNotes} from '../shared/call-notes.js';
import {blockedNote, unavailableNote} from '../browser/adblock.js';

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

export type {QueryResponse} from './embed.js';

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

/** One endpoint's query answerer: built once per config by {@link createCore}, shared by every adapter. */
export type Core = (searchParams: URLSearchParams, method: string, signal?: AbortSignal, requestHeaders?: RequestHeaders) => Promise<QueryResponse>;


/**
 * Answers one query string (spec §4.1) without touching any framework object: the core that
 * {@link createHandler} wraps, and the one-liner for Koa:
 * `const r = await handleQuery(ctx.URL.searchParams, config, {method: ctx.method, headers: ctx.headers}); ctx.status = r.status; ctx.set(r.headers); ctx.body = r.body;`
 * Pass the same `config` object on every call: its cache and extractor are built once per object.
 * Every request error becomes a JSON error response.
 * @throws LinkpeekError EINVALOPTION (as a rejection) only when `config` itself is invalid.
 */
export async function handleQuery(
  searchParams: URLSearchParams,
  config: HandlerConfig = defaultConfig,
  request: QueryRequest = {},
): Promise<QueryResponse> {
  let core = cores.get(config);
  if (!core) {
    core = createCore(config);
    cores.set(config, core);
  }
  return core(searchParams, (request.method ?? 'GET').toUpperCase(), request.signal, request.headers);
}

const defaultConfig: HandlerConfig = {};
const cores = new WeakMap<HandlerConfig, Core>();

/**
 * Builds a `(request, response[, next])` listener for `node:http`, Express (also under
 * `app.use('/preview', handler)`: it reads `req.url` relative to the mount) and anything else with
 * Node's request and response. It answers GET and HEAD at the root of the mount; other paths go to
 * `next` when there is one, else 404.
 * @throws LinkpeekError EINVALOPTION when `config` is invalid (at once, not per request).
 */
export function createHandler(
  config: HandlerConfig = {},
): (request: IncomingMessage, response: ServerResponse, next?: (error?: unknown) => void) => Promise<void> {
  const core = createCore(config);
  const filesPath = config.screenshotDirectory && config.screenshotPath ? withSlashes(config.screenshotPath) : null;
  if (config.playground !== undefined && typeof config.playground !== 'boolean') throw invalidOption('playground', 'must be a boolean', config.playground);
  const playground = config.playground === true;
  return async function linkpeekHandler(request, response, next) {
    try {
      await answerRequest(request, response, next);
    } catch (error) {
      // Only a bug gets here (the core never throws); answer it like any internal error.
      config.onError?.(toLinkpeekError(error));
      if (!response.headersSent) {
        response.writeHead(500, {'content-type': jsonType, 'cache-control': 'no-store'});
        response.end(JSON.stringify(toErrorBody(error, config.errorDocsUrl)));
      } else response.destroy();
    }
  };

  async function answerRequest(request: IncomingMessage, response: ServerResponse, next?: (error?: unknown) => void) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    let answer: QueryResponse;
    const method = (request.method ?? 'GET').toUpperCase();
    const asset = method === 'GET' || method === 'HEAD' ? endpointAsset(url.pathname.slice(1), playground) : undefined;
    if (asset && url.pathname !== '/') {
      answer = asset;
    } else if ((url.pathname === '/' || url.pathname === '') && playground && (method === 'GET' || method === 'HEAD') && wantsPlayground(request.headers.accept, url.searchParams)) {
      answer = playgroundAnswer() as QueryResponse;
    } else if (url.pathname === '/' || url.pathname === '') {
      // A client that disconnects before its answer is written cancels its extraction (unless
      // another request waits for the same result).
      const gone = new AbortController();
      const onClose = () => {
        if (!response.writableFinished) gone.abort(new LinkpeekError('EABORTED', 'The client disconnected.'));
      };
      response.once('close', onClose);
      try {
        answer = await core(url.searchParams, (request.method ?? 'GET').toUpperCase(), gone.signal, request.headers);
      } finally {
        response.off('close', onClose);
      }
      if (gone.signal.aborted || response.destroyed) return;
    } else if (filesPath && url.pathname.startsWith(filesPath) && config.screenshotDirectory) {
      answer = await serveStoredScreenshot(config.screenshotDirectory, url.pathname.slice(filesPath.length), request.method);
    } else if (next) {
      next();
      return;
    } else {
      answer = plainFail(404, 'Not found: linkpeek answers at the root of its mount.');
    }
    const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
    response.writeHead(answer.status, {...answer.headers, 'content-length': String(body.byteLength)});
    response.end(request.method === 'HEAD' ? undefined : body);
  }
}

/** Validates `config` (throws EINVALOPTION at once) and builds its core: the one query model every adapter uses. */
export function createCore(config: HandlerConfig): Core {
  const {
    cache,
    cacheTtl,
    staleTtl,
    screenshotPath,
    screenshotDirectory,
    onError,
    playground,
    errorDocsUrl = defaultErrorDocsUrl,
    backoffTtl,
    maxBackoff,
    forceInterval,
    ...extractorConfig
  } = config;
  void screenshotPath;
  void playground;
  if (typeof errorDocsUrl !== 'string') throw invalidOption('errorDocsUrl', 'must be a string', errorDocsUrl);
  const resolved = normalizeConfig(withoutStages(extractorConfig));
  const ttl = positive(cacheTtl, 'cacheTtl', 3_600_000);
  const stale = positive(staleTtl, 'staleTtl', ttl);
  const store = resolveStore(cache);
  const backoffTimes = {
    backoffTtl: positive(backoffTtl, 'backoffTtl', defaultBackoff.backoffTtl),
    maxBackoff: positive(maxBackoff, 'maxBackoff', defaultBackoff.maxBackoff),
  };
  const forceEvery = positive(forceInterval, 'forceInterval', defaultForceInterval);
  // Backoff entries, force marks and refresh marks share the result store; they are told apart by their keys.
  const marks = store as unknown as CacheStore<ForceMark> | null;
  const backoffStore = backoffTimes.backoffTtl > 0 ? (store as unknown as CacheStore<BackoffEntry> | null) : null;
  if (onError !== undefined && typeof onError !== 'function') throw invalidOption('onError', 'must be a function', onError);
  const extract = createExtractor({...extractorConfig, stages: timeStages({...defaultStages, ...extractorConfig.stages})});
  const shared = createSharedRuns<{result: ExtractResult; timings: StageTimings; storedAt: number | null}>();
  const report = (error: unknown) => onError?.(toLinkpeekError(error));
  const readStored = screenshotDirectory ? readStoredScreenshot(screenshotDirectory) : undefined;

  // A store that fails (Redis down) is reported once per outage; requests go on uncached (BYPASS)
  // and the next operation that works ends the outage.
  let storeDown = false;
  const storeFailed = (error: unknown) => {
    // ECACHE, not EINTERNAL: the store's outage is not a linkpeek bug (any store's error is named so).
    const named = isLinkpeekError(error) && error.code === 'ECACHE' ? error : new LinkpeekError('ECACHE', 'The cache store failed: requests are answered uncached until it works again.', {cause: error});
    if (!storeDown) report(named);
    storeDown = true;
  };
  const storeWorked = () => void (storeDown = false);
  /** The entry, `undefined` when there is none, `null` when the store failed. */
  const cacheGet = async (key: string): Promise<CacheEntry | undefined | null> => {
    try {
      const entry = (await store?.get(key)) ?? undefined;
      storeWorked();
      return entry;
    } catch (error) {
      storeFailed(error);
      return null;
    }
  };
  /** Stores `entry` for the request's `ttl` plus the `embed` grace (config `staleTtl`). */
  const cacheSet = async (key: string, entry: CacheEntry, policy: CachePolicy) => {
    try {
      await store?.set(key, entry, policy.ttl + stale);
      storeWorked();
    } catch (error) {
      storeFailed(error);
    }
  };
  /** The error remembered for `url` (its origin's rate limit first, then its page's wall), if any. */
  const backedOff = async (url: string, shared: boolean, variant: string): Promise<LinkpeekError | null> => {
    const keys = backoffStore && shared ? backoffKeys(url, variant) : null;
    if (!keys || !backoffStore) return null;
    try {
      // The error names the URL asked for now, not the page the entry was remembered for.
      const origin = backoffError(await backoffStore.get(keys.origin), Date.now(), url);
      storeWorked();
      if (origin) return origin;
      return backoffError(await backoffStore.get(keys.page), Date.now(), url);
    } catch (error) {
      storeFailed(error);
      return null;
    }
  };
  /** Remembers a wall or a 429 that an extraction of `url` ended with (before its lock is released). */
  const rememberBackoff = async (error: unknown, url: string, shared: boolean, variant: string): Promise<void> => {
    const found = backoffStore && shared ? backoffFor(error, url, backoffTimes, variant) : null;
    if (!found || !backoffStore) return;
    try {
      await backoffStore.set(found.key, found.entry, found.ttl);
      storeWorked();
    } catch (stored) {
      storeFailed(stored);
    }
  };
  /** Runs an extraction and stores a lasting result under `key`. */
  const runStoring = async (key: string, run: () => Promise<Extracted>, policy: CachePolicy): Promise<Extracted> => {
    const fresh = await run();
    if (!store || !lasting(fresh.result)) return fresh;
    const storedAt = Date.now();
    await cacheSet(key, {result: fresh.result, storedAt}, policy);
    return {...fresh, storedAt};
  };
  /** An extraction's result, with when it was stored (`null`: it was not). */
  type Extracted = {result: ExtractResult; timings: StageTimings; storedAt: number | null};
  /**
   * Extracts and stores `key` once across every instance sharing the store's lock: the instance that
   * takes the lock extracts; the others poll the store for its entry, and take over when the lock is
   * released without one (the owner failed) or expires (the owner crashed; the lock lives as long
   * as one extraction may: the request's timeout plus 2 s). A store that cannot be reached coordinates
   * nothing: the extraction then runs here. An entry stored after `seenAt` (the stored time of the
   * entry the request saw, if any) and still within the `ttl` is the one another holder made.
   */
  const extractShared = async (
    key: string,
    url: string,
    variant: string,
    lockTtl: number,
    run: () => Promise<Extracted>,
    cancel: AbortSignal,
    policy: CachePolicy,
    seenAt: number,
  ): Promise<Extracted> => {
    const lock = store?.lock;
    const newer = (entry: CacheEntry) => entry.storedAt > seenAt && Date.now() - entry.storedAt < policy.ttl;
    const runAndStore = () => runStoring(key, run, policy);
    if (!lock) return runAndStore();
    const giveUp = Date.now() + lockTtl;
    for (;;) {
      let release: (() => Promise<void>) | null;
      try {
        release = await lock.acquire(key, lockTtl);
        storeWorked();
      } catch (error) {
        storeFailed(error);
        return runAndStore();
      }
      if (release) {
        try {
          // Another holder may have stored the entry (or met a wall) between this request's cache
          // read and its taking the lock: then there is nothing left to extract.
          const stored = await cacheGet(key);
          if (stored && newer(stored)) return {result: stored.result, timings: new Map(), storedAt: stored.storedAt};
          const wall = await backedOff(url, true, variant);
          if (wall) throw wall;
          return await runAndStore();
        } finally {
          release().catch(storeFailed);
        }
      }
      // Another instance extracts: wait for its entry, or for the wall or 429 it ran into.
      for (;;) {
        await sleep(lockPollInterval, cancel);
        const entry = await cacheGet(key);
        if (entry && newer(entry)) return {result: entry.result, timings: new Map(), storedAt: entry.storedAt};
        const wall = await backedOff(url, true, variant);
        if (wall) throw wall;
        if (entry === null || Date.now() > giveUp) return runAndStore();
        let held: boolean;
        try {
          held = await lock.held(key);
        } catch (error) {
          storeFailed(error);
          return runAndStore();
        }
        if (!held) break; // released without an entry, or expired: try to take it
      }
    }
  };

  return async function core(searchParams, method, signal, requestHeaders) {
    const started = performance.now();
    if (method !== 'GET' && method !== 'HEAD') {
      const answer = plainFail(405, `Method ${method} is not allowed: use GET or HEAD.`);
      answer.headers.allow = 'GET, HEAD';
      return finish(answer, started, null, null);
    }
    const requested = searchParams.get('url') ?? undefined;
    let timings: StageTimings = new Map();
    let cacheStatus: 'HIT' | 'MISS' | 'STALE' | 'BYPASS' = 'BYPASS';
    try {
      const parsed = parseQuery(searchParams, requestHeaders);
      const {embed, force, filter} = parsed;
      const {url, options} = credentialsAsHeader(parsed.url, parsed.options);
      // `ttl`, `staleTtl` and `cacheKey` (EINVALTTL, EINVALSTTL), checked even when the call is not cached.
      const policy = resolveCachePolicy(parsed.cache, ttl);
      const request = normalizeOptions(options, resolved);
      // Caller headers may carry credentials (cookies), a caller's proxy its own address: such a
      // call is never cached, coalesced or shared with another caller, and neither reads nor
      // writes the shared backoff (what it meets is its own view of the target).
      const privateCall = Object.keys(request.headers).length > 0 || request.proxy?.fromCaller === true;
      const pageWalls = !privateCall;
      const backoffStarted = performance.now();
      // A wall is remembered per `prerender` setting: a browser may get past what a fetch did not.
      const variant = `prerender=${String(request.prerender)}`;
      const remembered = await backedOff(url, pageWalls, variant);
      // The backoff lookup is a cache read: it counts in the `cache` metric.
      if (backoffStore) timings.set('cache', performance.now() - backoffStarted);
      if (remembered) throw remembered;
      const run = async (cancel: AbortSignal | undefined) => {
        const own: StageTimings = new Map();
        try {
          const notes: CallNotes = new Map();
          const result = await collectTimings(own, () => withCallNotes(notes, () => extract(url, cancel ? {...options, signal: cancel} : options)));
          // What `adblock` did in the call's browser pages: `adblock;desc=3` (requests blocked), or
          // `adblock;desc=unavailable` when its package is missing and nothing was blocked.
          if (notes.has(unavailableNote)) own.set('adblock;desc=unavailable', Number.NaN);
          else if (notes.has(blockedNote)) own.set(`adblock;desc=${notes.get(blockedNote)}`, Number.NaN);
          // Each recovery rung a wall took, e.g. `rung-oembed;dur=41.0`.
          for (const rung of result.recovery?.rungs ?? []) own.set(`rung-${rung.rung}`, rung.ms);
          // A body cut short says why: `cut;desc=settled`, `cut;desc=timeout`, `cut;desc=maxBodySize`.
          if (result.truncated) own.set(cutMetric(result.truncated), Number.NaN);
          return {result, timings: own, storedAt: null};
        } catch (error) {
          await rememberBackoff(error, url, pageWalls, variant);
          throw error;
        }
      };
      let result: ExtractResult;
      /** When the answered entry was stored (`X-Timestamp`); `null` when it was not. */
      let storedAt: number | null = null;
      // Caller-supplied headers may carry credentials (URL credentials among them, see
      // credentialsAsHeader): that view is never cached, coalesced or shared with another caller.
      if (privateCall) {
        ({result, timings} = await run(signal));
      } else {
        // A caller's `cacheKey` names the entry instead of the request: every request giving it shares it.
        const key = policy.key === null ? cacheKey(url, request) : customCacheKey(policy.key);
        const lookupStarted = performance.now();
        // `force=true` skips the read (BYPASS) and stores the fresh result, once per `forceInterval`
        // per target; meanwhile it is a plain request (force-limit.ts).
        const forced = force && (await takeForce(marks, policy.key === null ? url : `key:${policy.key}`, forceEvery, storeFailed));
        const entry = store && !forced ? await cacheGet(key) : undefined;
        if (store) timings.set('cache', (timings.get('cache') ?? 0) + performance.now() - lookupStarted);
        // The request's own `ttl` and `staleTtl` judge the entry; past the ttl only an `embed` gets the grace.
        const state = entry ? entryState(entry, policy, embed ? stale : 0) : 'expired';
        // The store failed (e.g. Redis is down): answered, but not from the cache nor into it.
        const storeFailing = entry === null;
        // Identical requests share one extraction; it is cancelled only when every one of them
        // went away. A background refresh (no signal) always runs to the end, for the cache.
        const refresh = (waiter: AbortSignal | undefined) =>
          shared(
            key,
            (cancel) =>
              storeFailing ? run(cancel) : extractShared(key, url, variant, request.timeout + 2000, () => run(cancel), cancel, policy, entry?.storedAt ?? -Infinity),
            waiter,
          );
        if (forced) {
          // A forced call joins an extraction in flight for the same key (it is fresh too), never a cached entry.
          const fresh = await shared(key, (cancel) => runStoring(key, () => run(cancel), policy), signal);
          result = fresh.result;
          storedAt = fresh.storedAt;
          for (const [name, ms] of fresh.timings) timings.set(name, ms);
          cacheStatus = 'BYPASS';
        } else if (entry && state === 'fresh') {
          result = entry.result;
          storedAt = entry.storedAt;
          cacheStatus = 'HIT';
        } else if (entry && state === 'stale') {
          // Answered at once; refreshed in the background, at most once per `forceInterval` per entry
          // (`staleTtl=0` from anyone must not turn every request into a fetch of the target).
          result = entry.result;
          storedAt = entry.storedAt;
          cacheStatus = 'STALE';
          if (await takeForce(marks, `refresh:${key}`, forceEvery, storeFailed)) refresh(undefined).catch(report);
        } else {
          const fresh = await refresh(signal);
          result = fresh.result;
          storedAt = fresh.storedAt;
          for (const [name, ms] of fresh.timings) timings.set(name, ms);
          cacheStatus = store && !storeFailing ? 'MISS' : 'BYPASS';
        }
      }
      // An answer for caller headers is private, with or without a cache; a BYPASS for a failing store
      // is a public answer all the same.
      const isPrivate = privateCall;
      // Only our own screenshots live in the directory: a page's image URL that happens to end in
      // a stored name must get the redirect, not a local file.
      const answer = embed
        ? await embedValue(result.data, embed, embed.startsWith('screenshot') || embed.startsWith('pdf') ? readStored : undefined)
        : {status: 200, headers: {'content-type': jsonType}, body: JSON.stringify(filter ? {...result, data: applyFilter(result.data, filter)} : result)};
      answer.headers['cache-control'] = isPrivate ? 'private, no-store' : cacheControl(cacheStatus, policy, storedAt);
      // What the cache did, as the hosted service says it: the ttl in effect and when the entry was made.
      if (storedAt !== null) {
        answer.headers['x-cache-ttl'] = String(policy.ttl);
        answer.headers['x-timestamp'] = String(storedAt);
      }
      return finish(answer, started, cacheStatus, timings);
    } catch (thrown) {
      const error = toLinkpeekError(thrown);
      if (error.code === 'EINTERNAL') report(error);
      const body = toErrorBody(error, errorDocsUrl);
      if (!body.url && requested) body.url = stripCredentials(requested);
      const answer: QueryResponse = {status: error.status, headers: {'content-type': jsonType, 'cache-control': 'no-store'}, body: JSON.stringify(body)};
      if (error.retryAfter !== undefined) answer.headers['retry-after'] = String(error.retryAfter);
      // An error is never a cached answer, even when the result it was read from is (an `embed`
      // of an empty field): every error says BYPASS.
      return finish(answer, started, null, timings);
    }
  };

  function finish(
    answer: QueryResponse,
    started: number,
    cacheStatus: string | null,
    timings: StageTimings | null,
  ): QueryResponse {
    const total = performance.now() - started;
    if (cacheStatus) answer.headers['x-cache-status'] = cacheStatus;
    else if (timings) answer.headers['x-cache-status'] = 'BYPASS';
    if (timings) answer.headers['server-timing'] = serverTiming(new Map([...timings, ['total', total]]));
    answer.headers['x-response-time'] = `${total.toFixed(1)}ms`;
    // `embed` answers carry page-controlled text: a browser must not sniff it into HTML.
    answer.headers['x-content-type-options'] = 'nosniff';
    return answer;
  }
}

/**
 * `url=http://user:pass@host/` is `url=http://host/` with `headers.authorization=Basic …` (an
 * explicit `headers.authorization` wins): the credentials then follow the header rules (the target's
 * origin only) and make the call uncacheable, and the URL that reaches the cache key, the result and
 * the logs has none. A `url` that does not parse is left as it is, for validateUrl to refuse.
 */
function credentialsAsHeader(url: string, options: ExtractOptions): {url: string; options: ExtractOptions} {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return {url, options};
  }
  if (!hasCredentials(parsed)) return {url, options};
  const {url: bare, authorization} = splitCredentials(parsed);
  const given = options.headers ?? {};
  const explicit = Object.keys(given).some((name) => name.toLowerCase() === 'authorization');
  return {url: bare.href, options: {...options, headers: explicit || !authorization ? given : {...given, authorization}}};
}

/**
 * Whether a result may be kept for the whole cache TTL: a file card or a page cut short by the
 * deadline (`file.reason: 'timeout'`, `truncated: 'timeout'`) says more about that moment than about
 * the target, so it is answered but not stored.
 */
function lasting(result: ExtractResult): boolean {
  return result.file?.reason !== 'timeout' && result.truncated !== 'timeout';
}

/** How often an instance waiting for another's extraction looks for its entry. */
const lockPollInterval = 50;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const done = () => {
      signal.removeEventListener('abort', stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, {once: true});
  });
}

function resolveStore(cache: HandlerConfig['cache']): CacheStore<CacheEntry> | null {
  if (cache === undefined || cache === true) return createMemoryCache();
  if (cache === false) return null;
  for (const method of ['get', 'set', 'delete'] as const) {
    if (typeof cache?.[method] !== 'function') {
      throw invalidOption(`cache.${method}`, 'must be a function (a Keyv-compatible store)', cache);
    }
  }
  return cache;
}

// normalizeConfig knows nothing of stages (createExtractor checks them); only strip them.
function withoutStages(config: CreateExtractorConfig): Omit<CreateExtractorConfig, 'stages'> {
  const {stages, ...rest} = config;
  void stages;
  return rest;
}

function positive(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw invalidOption(name, 'must be a non-negative integer of milliseconds', value);
  }
  return value;
}

function withSlashes(path: string): string {
  const leading = path.startsWith('/') ? path : `/${path}`;
  return leading.endsWith('/') ? leading : `${leading}/`;
}
