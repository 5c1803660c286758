// Politeness per site for batch runs: every request to a registrable domain (the page and its
// redirects, ping's image, logo and /favicon.ico checks, oEmbed, robots.txt, a rendered page's
// resources) waits for its turn: at most N in flight at once and starts spaced at the site's rate,
// which a 429 or a 503 halves and answers without one raise back up to `perSecond` (site-rate.ts);
// a `Retry-After` or a challenge backs the site off for everyone sharing the gate. In memory for one
// process; through Redis for every worker of a queue. The at-most-N is a set of leases that expire
// (a worker killed mid-request frees its slot without anyone releasing it); the starts are planned
// at the rate's spacing, and a log of the starts actually made (Redis time) over the rate's window
// plus a margin is asked at the last moment, so a process that ran late never bunches a start with
// others. The backoff is rate-limiter-flexible's `block`.
import {AsyncLocalStorage} from 'node:async_hooks';
import {randomUUID} from 'node:crypto';
import type {Redis} from 'ioredis';
import type {RateLimiterAbstract} from 'rate-limiter-flexible';
import {loadOptional} from '../shared/load-optional.js';
import {getDomain} from 'tldts';
import {LinkpeekError, missingDependency} from '../errors.js';
import type {RequestAnswer, RequestGate, RequestRelease} from '../fetch/options.js';
import {defaultBatchBackoff, normalizeHostGateOptions, type HostGateLimits, type HostGateOptions, type RedisHostGateOptions} from './politeness-options.js';
import {answerScript, memorySiteRates, reserveScript, retryAfterMs, siteRateRules, slowsDown, startScript, startWindow} from './site-rate.js';

export type {HostGateOptions, RedisHostGateOptions} from './politeness-options.js';

export interface HostGate {
  /**
   * Waits for the turn of the URL's registrable domain (a free slot, its rate, not backed off), then
   * runs fn. The first request fn makes to that domain through {@link HostGate.request} uses this
   * turn; a turn no request used is held until fn ends, so an extraction that does not pass its
   * requests through the gate is still counted as one request.
   */
  run<T>(url: string, fn: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /**
   * The extractor's `requestGate` (createExtractor config): every request waits for its domain's
   * turn, and its answer adapts the domain's rate (a 429 or 503 halves it and honours `Retry-After`).
   */
  readonly request: RequestGate;
  /** Backs the URL's domain off for `ms`, for every worker sharing the gate. */
  backOff(url: string, ms: number): Promise<void>;
  /** The domains whose rate is below `perSecond` now (halved after 429s or 503s), with their rate a second. */
  slowed(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/**
 * The key a URL's limits are counted under: its registrable domain (`news.example.co.uk` →
 * `example.co.uk`, so a site's subdomains share one limit), or the host itself for an IP, `localhost`
 * or a name with no public suffix; the port is left out. `''` for what is not a URL.
 */
export function gateKeyOf(url: string): string {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return '';
  }
  return getDomain(host, {allowPrivateDomains: false}) ?? host;
}

/** What a gate keeps per domain: slots, planned and actual starts, the adaptive rate. */
interface Store {
  /** Takes a slot for `id` when one is free. */
  take(key: string, id: string): Promise<boolean>;
  /** Keeps `id`'s slot alive (Redis leases expire unless renewed). */
  renew(key: string, id: string): Promise<void>;
  give(key: string, id: string): Promise<void>;
  /** Waits until a slot of `key` may be free. */
  wait(key: string, signal: AbortSignal | undefined): Promise<void>;
  /** Plans this start at the domain's current rate: the ms until it is due. */
  reserve(key: string): Promise<number>;
  /**
   * Records a start of `key` now when fewer than the rate's points started within its window plus
   * the margin: `{wait: 0, at}` (the store's time); else the ms until the oldest leaves the window.
   */
  start(key: string, id: string): Promise<{wait: number; at: number}>;
  /** Adapts the domain's rate to an answer: `slow` (429, 503) for a request started `at`. */
  answer(key: string, slow: boolean, at: number): Promise<void>;
  slowed(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/** A gate with its limits kept in this process: for single-process `linkpeek batch`. */
export function memoryHostGate(options?: HostGateOptions): HostGate {
  const limits = normalizeHostGateOptions(options);
  const rates = memorySiteRates(maxRateOf(limits));
  const held = new Map<string, number>();
  const waiting = new Map<string, Set<() => void>>();
  const starts = new Map<string, number[]>();
  const store: Store = {
    take: async (key) => {
      const count = held.get(key) ?? 0;
      if (count >= limits.perHost) return false;
      held.set(key, count + 1);
      return true;
    },
    renew: async () => {},
    give: async (key) => {
      const count = (held.get(key) ?? 1) - 1;
      if (count > 0) held.set(key, count);
      else held.delete(key);
      const first = waiting.get(key)?.values().next().value;
      first?.();
    },
    // Woken by the next give of the domain; the timer is a backstop for a give that came between
    // the failed take and this wait.
    wait: (key, signal) =>
      new Promise<void>((resolve) => {
        const set = waiting.get(key) ?? waiting.set(key, new Set()).get(key)!;
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          if (set.size === 0) waiting.delete(key);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, Math.max(limits.pollMs, 250));
        set.add(done);
        signal?.addEventListener('abort', done, {once: true});
      }),
    reserve: async (key) => rates.reserve(key, performance.now()),
    start: async (key) => {
      const now = performance.now();
      const {points, windowMs} = startWindow(rates.rate(key));
      const logMs = windowMs + limits.startMarginMs;
      const recent = (starts.get(key) ?? []).filter((time) => now - time < logMs);
      if (recent.length >= points) {
        starts.set(key, recent);
        return {wait: Math.max(1, Math.ceil(recent[0]! + logMs - now)), at: now};
      }
      recent.push(now);
      starts.set(key, recent);
      return {wait: 0, at: now};
    },
    answer: async (key, slow, at) => rates.answer(key, slow, at, performance.now()),
    slowed: async () => rates.slowed(),
    close: async () => {},
  };
  return gate(limits, store, (lib) => new lib.RateLimiterMemory({points: 1, duration: 1, keyPrefix: 'backoff'}));
}

// KEYS[1] the domain's leases (a sorted set: member = holder, score = expiry in Redis time, ms).
// ARGV: holder, lease ms, most holders. Expired leases (killed workers) are dropped first.
const takeScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 1 end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
return 1`;

const renewScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[2]), ARGV[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
end
return 1`;

/** The key of the hash of slowed domains (domain → rate) of a Redis gate's prefix. */
export const slowedKey = (prefix: string): string => `${prefix}:slowed`;

/**
 * The domains slowed below their gate's `perSecond` on this Redis, with their rate a second (what
 * `--status` shows). `prefix`: the gate's. `redis` stays the caller's.
 */
export async function readSlowedSites(redis: Redis, prefix = 'linkpeek:gate'): Promise<Record<string, number>> {
  const all = await redis.hgetall(slowedKey(prefix));
  return Object.fromEntries(Object.entries(all).map(([site, rate]) => [site, Number(rate)]));
}

/**
 * A gate whose limits live in Redis, shared by every process that opens one on the same Redis and
 * prefix. `redis` stays the caller's: `close()` does not close it.
 */
export function redisHostGate(redis: Redis, options?: RedisHostGateOptions): HostGate {
  const limits = normalizeHostGateOptions(options);
  const maxRate = maxRateOf(limits);
  const leaseKey = (key: string) => `${limits.prefix}:lease:${key}`;
  const siteKey = (key: string) => `${limits.prefix}:site:${key}`;
  const store: Store = {
    take: async (key, id) => (await redis.eval(takeScript, 1, leaseKey(key), id, limits.leaseMs, limits.perHost)) === 1,
    renew: async (key, id) => {
      await redis.eval(renewScript, 1, leaseKey(key), id, limits.leaseMs);
    },
    give: async (key, id) => {
      await redis.zrem(leaseKey(key), id);
    },
    // Another process frees the slot: asked again after a short, jittered pause.
    wait: (_key, signal) => pause(limits.pollMs * (0.5 + Math.random()), signal),
    reserve: async (key) => Number(await redis.eval(reserveScript, 1, siteKey(key), maxRate, siteRateRules.forgetMs)),
    start: async (key, id) => {
      const [wait, at] = (await redis.eval(startScript, 2, `${limits.prefix}:starts:${key}`, siteKey(key), id, limits.startMarginMs, maxRate)) as [number, number];
      return {wait: Number(wait), at: Number(at)};
    },
    answer: async (key, slow, at) => {
      await redis.eval(
        answerScript,
        2,
        siteKey(key),
        slowedKey(limits.prefix),
        key,
        slow ? '1' : '0',
        at,
        maxRate,
        siteRateRules.slowest,
        siteRateRules.stepAfter,
        maxRate * siteRateRules.stepShare,
        siteRateRules.forgetMs,
      );
    },
    slowed: () => readSlowedSites(redis, limits.prefix),
    close: async () => {},
  };
  return gate(limits, store, (lib) => new lib.RateLimiterRedis({storeClient: redis, points: 1, duration: 1, keyPrefix: `${limits.prefix}:backoff`}));
}

/** The most starts a second the limits allow: `perSecond`, or one per window below one a second. */
function maxRateOf(limits: HostGateLimits): number {
  return limits.points / limits.windowSeconds;
}

type RateLimiters = typeof import('rate-limiter-flexible');

/** A turn at the gate: a slot held and a start made; released once, with the request's answer. */
interface Turn {
  key: string;
  release(answer: RequestAnswer | null): void;
}

/** What {@link HostGate.run} hands the requests of its fn: its turn, until the first request to its domain takes it. */
interface RunContext {
  turn: Turn | null;
}

/**
 * A gate over `store`, with backoffs in the limiter `create` makes. rate-limiter-flexible is an
 * optional package, imported on the gate's first use (EMISSINGDEP then when it is not installed).
 */
function gate(limits: HostGateLimits, store: Store, create: (lib: RateLimiters) => RateLimiterAbstract): HostGate {
  // Which run() a request belongs to: per gate, never shared between gates.
  const runs = new AsyncLocalStorage<RunContext>();
  let loading: Promise<RateLimiterAbstract> | undefined;
  const backoffs = () =>
    (loading ??= loadOptional('rate-limiter-flexible', () => import('rate-limiter-flexible'), (name, cause) => missingDependency(name, 'A host gate (batch politeness)', cause)).then(create, (error: unknown) => {
      loading = undefined;
      throw error;
    }));
  /** The ms the domain is still backed off for (a block is stored as more points than the limiter's one). */
  const blockedFor = async (key: string): Promise<number> => {
    const current = await (await backoffs()).get(key);
    return current && current.consumedPoints > 1 ? Math.max(1, current.msBeforeNext) : 0;
  };
  const backOffKey = async (key: string, ms: number): Promise<void> => {
    if (!(ms > 0)) return;
    const limiter = await backoffs();
    // A longer backoff already set stays.
    const current = await limiter.get(key);
    if (current && current.consumedPoints > 1 && current.msBeforeNext >= ms) return;
    await limiter.block(key, Math.ceil(ms / 1000));
  };

  /** Waits for a turn of `key`: a slot, not backed off, the rate's spacing, a start recorded. */
  const take = async (key: string, signal: AbortSignal | undefined): Promise<Turn> => {
    const id = randomUUID();
    for (;;) {
      throwIfAborted(signal);
      if (!(await store.take(key, id))) {
        await store.wait(key, signal);
        continue;
      }
      const renewal = setInterval(() => void store.renew(key, id).catch(() => {}), Math.max(10, limits.leaseMs / 3));
      renewal.unref();
      // A give that fails (Redis gone) leaves a lease that expires by itself.
      const give = () => {
        clearInterval(renewal);
        return store.give(key, id).catch(() => {});
      };
      let blocked = 0;
      try {
        blocked = await blockedFor(key);
        if (blocked === 0) {
          await pause(await store.reserve(key), signal);
          // Backed off while this start waited for its time (another request met a 429).
          blocked = await blockedFor(key);
        }
        if (blocked === 0) {
          // The spacing was planned; a process that ran late (a busy CPU) could bunch its start with
          // others'. The starts actually made within the rate's window decide, at the last moment.
          let started = await store.start(key, id);
          while (started.wait > 0) {
            await pause(started.wait, signal);
            started = await store.start(key, id);
          }
          const at = started.at;
          let ended = false;
          return {
            key,
            release: (answer) => {
              if (ended) return;
              ended = true;
              void give();
              if (answer) void adapt(key, answer, at).catch(() => {});
            },
          };
        }
      } catch (error) {
        await give();
        throw error;
      }
      // Backed off: the slot goes back meanwhile.
      await give();
      await pause(blocked, signal);
    }
  };

  /** A 429 or 503 halves the domain's rate and backs it off for its `Retry-After`; other answers count towards a step up. */
  const adapt = async (key: string, answer: RequestAnswer, at: number): Promise<void> => {
    const slow = slowsDown(answer.statusCode);
    await store.answer(key, slow, at);
    if (!slow) return;
    const wait = retryAfterMs(answer.headers['retry-after'], defaultBatchBackoff.maxBackoffMs);
    if (wait !== null && wait > 0) await backOffKey(key, Math.max(1000, wait));
  };

  const request: RequestGate = async (url, signal) => {
    const key = gateKeyOf(url.href);
    const context = runs.getStore();
    const turn = context?.turn;
    if (turn && turn.key === key) {
      // The run's own turn: its first request to its domain goes at once.
      context.turn = null;
      return turn.release;
    }
    const own = await take(key, signal);
    return own.release satisfies RequestRelease;
  };

  return {
    request,
    async run<T>(url: string, fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      const turn = await take(gateKeyOf(url), signal);
      const context: RunContext = {turn};
      try {
        return await runs.run(context, fn);
      } finally {
        // Not taken by a request (fn asked nothing through the gate, or failed first): ends with fn.
        if (context.turn) turn.release(null);
      }
    },
    backOff: (url, ms) => backOffKey(gateKeyOf(url), ms),
    slowed: () => store.slowed(),
    close: () => store.close(),
  };
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new LinkpeekError('EABORTED', 'The request was aborted.');
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  throwIfAborted(signal);
  if (ms <= 0) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new LinkpeekError('EABORTED', 'The request was aborted.'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, {once: true});
  });
}
