import {performance} from 'node:perf_hooks';
import type {ExtractResult} from '../data.js';
import {defaultBackoff} from './backoff.js';
import {embedValue, type QueryResponse} from './embed.js';
import {defaultForceInterval, type ForceMark, takeForce} from './force-limit.js';
import {defaultErrorDocsUrl, stripCredentials, toErrorBody, toLinkpeekError} from '../errors.js';
import {createExtractor, defaultStages, type CreateExtractorConfig} from '../extract.js';
import {loadOptionParsers, normalizeConfig, normalizeOptions, invalidOption, type ExtractOptions} from '../options.js';
import {hasCredentials, splitCredentials} from '../url/credentials.js';
import {jsonType, plainFail} from './json-responses.js';
import {applyFilter} from './filter.js';
import {cacheControl, customCacheKey, entryState, resolveCachePolicy} from './cache-control.js';
import type {HandlerConfig} from './handler-config.js';
import {parseQuery, type RequestHeaders} from './parse-query.js';
import {cacheKey, createMemoryCache, type CacheEntry, type CacheStore} from './result-cache.js';
import {extractShared, runStoring, type Extracted} from './shared-extraction.js';
import {createSharedRuns} from './shared-runs.js';
import {collectTimings, cutMetric, serverTiming, timeStages, type StageTimings} from './stage-timing.js';
import {readStoredScreenshot} from './stored-screenshots.js';
import {createStoreAccess} from './store-access.js';
import {type CallNotes, withCallNotes} from '../shared/call-notes.js';
import {blockedNote, unavailableNote} from '../browser/adblock.js';

/** One endpoint's query answerer: built once per config by {@link createCore}, shared by every adapter. */
export type Core = (searchParams: URLSearchParams, method: string, signal?: AbortSignal, requestHeaders?: RequestHeaders) => Promise<QueryResponse>;

/**
 * Validates `config` (throws EINVALOPTION at once) and builds its core: the one query model every
 * adapter uses. The core reads the query, answers from the cache (store-access.ts, shared across
 * instances by shared-extraction.ts) or runs the extractor, and writes the answer's headers.
 */
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
  if (onError !== undefined && typeof onError !== 'function') throw invalidOption('onError', 'must be a function', onError);
  const extract = createExtractor({...extractorConfig, stages: timeStages({...defaultStages, ...extractorConfig.stages})});
  const shared = createSharedRuns<Extracted>();
  const report = (error: unknown) => onError?.(toLinkpeekError(error));
  const readStored = screenshotDirectory ? readStoredScreenshot(screenshotDirectory) : undefined;
  const access = createStoreAccess(store, stale, backoffTimes, report);

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
      await loadOptionParsers(options);
      const request = normalizeOptions(options, resolved);
      // Caller headers may carry credentials (cookies), a caller's proxy its own address: such a
      // call is never cached, coalesced or shared with another caller, and neither reads nor
      // writes the shared backoff (what it meets is its own view of the target).
      const privateCall = Object.keys(request.headers).length > 0 || request.proxy?.fromCaller === true;
      const pageWalls = !privateCall;
      const backoffStarted = performance.now();
      // A wall is remembered per `prerender` setting: a browser may get past what a fetch did not.
      const variant = `prerender=${String(request.prerender)}`;
      const remembered = await access.backedOff(url, pageWalls, variant);
      // The backoff lookup is a cache read: it counts in the `cache` metric.
      if (access.remembers) timings.set('cache', performance.now() - backoffStarted);
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
          await access.rememberBackoff(error, url, pageWalls, variant);
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
        const forced = force && (await takeForce(marks, policy.key === null ? url : `key:${policy.key}`, forceEvery, access.storeFailed));
        const entry = store && !forced ? await access.cacheGet(key) : undefined;
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
              storeFailing
                ? run(cancel)
                : extractShared(access, store, {key, url, variant, lockTtl: request.timeout + 2000, run: () => run(cancel), cancel, policy, seenAt: entry?.storedAt ?? -Infinity}),
            waiter,
          );
        if (forced) {
          // A forced call joins an extraction in flight for the same key (it is fresh too), never a cached entry.
          const fresh = await shared(key, (cancel) => runStoring(access, store, key, () => run(cancel), policy), signal);
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
          if (await takeForce(marks, `refresh:${key}`, forceEvery, access.storeFailed)) refresh(undefined).catch(report);
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
