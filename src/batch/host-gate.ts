// Politeness per site for batch runs: every request to a registrable domain (the page and its
// redirects, ping's image, logo and /favicon.ico checks, oEmbed, robots.txt, a rendered page's
// resources) waits for its turn: at most N in flight at once and starts spaced at the site's rate,
// which a 429 or a 503 halves and answers without one raise back up to `perSecond` (site-rate.ts);
// a `Retry-After` or a challenge backs the site off for everyone sharing the gate. In memory for one
// process; through Redis for every worker of a queue. The at-most-N is a set of leases that expire
// (a worker killed mid-request frees its slot without anyone releasing it); the starts are planned
// at the rate's spacing, and a log of the starts actually made (Redis time) over the rate's window
// plus a margin is asked at the last moment, so a process that ran late never bunches a start with
// others. The backoff is rate-limiter-flexible's `block`. Where each piece lives: gate-store.ts (the
// store's interface and the wake-ups of waiting requests), redis-gate-store.ts (one Lua script per
// step of a turn, Pub/Sub wake-ups), and the memory store below.
import {AsyncLocalStorage} from 'node:async_hooks';
import {randomUUID} from 'node:crypto';
import type {Redis} from 'ioredis';
import type {RateLimiterAbstract} from 'rate-limiter-flexible';
import {loadOptional} from '../shared/load-optional.js';
import {getDomain} from 'tldts';
import {LinkpeekError, missingDependency} from '../errors.js';
import type {RequestAnswer, RequestGate, RequestRelease} from '../fetch/options.js';
import {defaultBatchBackoff, normalizeHostGateOptions, type HostGateLimits, type HostGateOptions, type RedisHostGateOptions} from './politeness-options.js';
import {wakeups, type Acquired, type Answered, type Store} from './gate-store.js';
import {redisGateStore} from './redis-gate-store.js';
import {memorySiteRates, retryAfterMs, slowsDown, startWindow} from './site-rate.js';

export {readSlowedSites, slowedKey} from './redis-gate-store.js';

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

/** A gate with its limits kept in this process: for single-process `linkpeek batch`. */
export function memoryHostGate(options?: HostGateOptions): HostGate {
  const limits = normalizeHostGateOptions(options);
  const rates = memorySiteRates(maxRateOf(limits));
  const held = new Map<string, number>();
  const wake = wakeups();
  const starts = new Map<string, number[]>();
  /** Makes a start of `key` now when fewer than the rate's points started within its window plus the margin. */
  const start = (key: string): Acquired => {
    const now = performance.now();
    const {points, windowMs} = startWindow(rates.rate(key));
    const logMs = windowMs + limits.startMarginMs;
    const recent = (starts.get(key) ?? []).filter((time) => now - time < logMs);
    starts.set(key, recent);
    if (recent.length >= points) return {state: 'wait', ms: Math.max(1, Math.ceil(recent[0]! + logMs - now))};
    recent.push(now);
    return {state: 'started', at: now};
  };
  const store: Store = {
    readsBackoff: false,
    acquire: async (key) => {
      const count = held.get(key) ?? 0;
      // Woken by the next give of the domain (the time limit is a backstop).
      if (count >= limits.perHost) return {state: 'full', ms: Math.max(limits.pollMs, 250)};
      held.set(key, count + 1);
      const wait = rates.reserve(key, performance.now());
      return wait > 0 ? {state: 'wait', ms: wait} : start(key);
    },
    start: async (key) => start(key),
    renew: async () => {},
    release: async (key, _id, answer) => {
      const count = (held.get(key) ?? 1) - 1;
      if (count > 0) held.set(key, count);
      else held.delete(key);
      if (answer) rates.answer(key, answer.slow, answer.at, performance.now());
      wake.wake(key);
    },
    mark: (key) => wake.mark(key),
    wait: (key, mark, ms, signal) => wake.wait(key, mark, ms, signal),
    slowed: async () => rates.slowed(),
    close: async () => wake.wakeAll(),
  };
  return gate(limits, store, (lib) => new lib.RateLimiterMemory({points: 1, duration: 1, keyPrefix: 'backoff'}));
}

/**
 * A gate whose limits live in Redis, shared by every process that opens one on the same Redis and
 * prefix. `redis` stays the caller's: `close()` does not close it (it closes the gate's own
 * subscriber connection, opened when a request first waits for a slot).
 */
export function redisHostGate(redis: Redis, options?: RedisHostGateOptions): HostGate {
  const limits = normalizeHostGateOptions(options);
  const store = redisGateStore(redis, limits, maxRateOf(limits));
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
    // Loaded on the gate's first turn (EMISSINGDEP then); the Redis store's scripts read its backoffs themselves.
    await backoffs();
    for (;;) {
      throwIfAborted(signal);
      let blocked = store.readsBackoff ? 0 : await blockedFor(key);
      if (blocked > 0) {
        await pause(blocked, signal);
        continue;
      }
      const mark = store.mark(key);
      let got = await store.acquire(key, id);
      if (got.state === 'full') {
        await store.wait(key, mark, got.ms, signal);
        continue;
      }
      if (got.state === 'blocked') {
        await pause(got.ms, signal);
        continue;
      }
      const renewal = setInterval(() => void store.renew(key, id).catch(() => {}), Math.max(10, limits.leaseMs / 3));
      renewal.unref();
      // A give that fails (Redis gone) leaves a lease that expires by itself.
      const give = (answer: Answered | null) => {
        clearInterval(renewal);
        return store.release(key, id, answer).catch(() => {});
      };
      try {
        // The spacing was planned; a process that ran late (a busy CPU) could bunch its start with
        // others'. The starts actually made within the rate's window decide, at the last moment.
        while (got.state === 'wait') {
          await pause(got.ms, signal);
          // Backed off while this start waited for its time (another request met a 429).
          blocked = store.readsBackoff ? 0 : await blockedFor(key);
          got = blocked > 0 ? {state: 'blocked', ms: blocked} : await store.start(key, id);
        }
      } catch (error) {
        await give(null);
        throw error;
      }
      if (got.state === 'started') {
        const at = got.at;
        let ended = false;
        return {
          key,
          release: (answer) => {
            if (ended) return;
            ended = true;
            const slow = answer ? slowsDown(answer.statusCode) : false;
            void give(answer ? {slow, at} : null);
            if (answer && slow) void backOffFor(key, answer).catch(() => {});
          },
        };
      }
      // Backed off: the slot goes back meanwhile.
      await give(null);
      if (got.state === 'blocked') await pause(got.ms, signal);
    }
  };

  /** A 429 or 503 with a `Retry-After` backs the domain off for it (the release halved its rate). */
  const backOffFor = async (key: string, answer: RequestAnswer): Promise<void> => {
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
