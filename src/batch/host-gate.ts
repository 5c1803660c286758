// Politeness per host for batch runs: at most N extractions at once and R started per second per
// registrable domain, and a backoff a 429 or a challenge sets for everyone sharing the gate. In
// memory for one process; through Redis for every worker of a queue. The per-second rate and the
// backoff are rate-limiter-flexible's (RateLimiterMemory / RateLimiterRedis, its `block`), which
// plans the starts evenly; a log of the starts actually made (a sorted set, Redis time) over the
// window plus a margin is asked at the last moment, so a process that ran late never bunches a start
// with others, nor a request that reached the site late with the next window's. The at-most-N is
// a Redis sorted set of leases that expire, so a worker killed mid-extraction frees its slot
// without anyone releasing it.
import {randomUUID} from 'node:crypto';
import type {Redis} from 'ioredis';
import type {RateLimiterAbstract} from 'rate-limiter-flexible';
import {loadOptional} from '../shared/load-optional.js';
import {getDomain} from 'tldts';
import {LinkpeekError, missingDependency} from '../errors.js';
import {normalizeHostGateOptions, type HostGateLimits, type HostGateOptions, type RedisHostGateOptions} from './politeness-options.js';

export type {HostGateOptions, RedisHostGateOptions} from './politeness-options.js';

export interface HostGate {
  /** Runs fn when the URL's registrable domain has room (concurrency, rate, not backed off). */
  run<T>(url: string, fn: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Backs the URL's domain off for `ms`, for every worker sharing the gate. */
  backOff(url: string, ms: number): Promise<void>;
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

/** The at-most-N part: who holds a slot of a domain. */
interface Slots {
  /** Takes a slot for `id` when one is free. */
  take(key: string, id: string): Promise<boolean>;
  /** Keeps `id`'s slot alive (Redis leases expire unless renewed). */
  renew(key: string, id: string): Promise<void>;
  give(key: string, id: string): Promise<void>;
  /** Waits until a slot of `key` may be free. */
  wait(key: string, signal: AbortSignal | undefined): Promise<void>;
  /**
   * Records a start of `key` now when fewer than `points` started within the last window, and
   * returns 0; else returns the ms until the oldest of those leaves the window (nothing recorded).
   */
  start(key: string, id: string): Promise<number>;
  close(): Promise<void>;
}

/** A gate with its limits kept in this process: for single-process `linkpeek batch`. */
export function memoryHostGate(options?: HostGateOptions): HostGate {
  const limits = normalizeHostGateOptions(options);
  const held = new Map<string, number>();
  const waiting = new Map<string, Set<() => void>>();
  const starts = new Map<string, number[]>();
  const logMs = limits.windowSeconds * 1000 + limits.startMarginMs;
  const slots: Slots = {
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
    start: async (key) => {
      const now = performance.now();
      const recent = (starts.get(key) ?? []).filter((time) => now - time < logMs);
      if (recent.length >= limits.points) {
        starts.set(key, recent);
        return Math.max(1, Math.ceil(recent[0]! + logMs - now));
      }
      recent.push(now);
      starts.set(key, recent);
      return 0;
    },
    close: async () => {},
  };
  return gate(limits, slots, (lib) => new lib.RateLimiterMemory({points: limits.points, duration: limits.windowSeconds, keyPrefix: 'rate'}));
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

// KEYS[1] the domain's recent starts (a sorted set: score = start time in Redis time, ms).
// ARGV: starter id, window ms (with the start margin), most starts per window. Returns 0 (recorded)
// or the ms to wait.
const startScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + window - now + 1)
end
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('PEXPIRE', KEYS[1], window * 2)
return 0`;

/**
 * A gate whose limits live in Redis, shared by every process that opens one on the same Redis and
 * prefix. `redis` stays the caller's: `close()` does not close it.
 */
export function redisHostGate(redis: Redis, options?: RedisHostGateOptions): HostGate {
  const limits = normalizeHostGateOptions(options);
  const leaseKey = (key: string) => `${limits.prefix}:lease:${key}`;
  const slots: Slots = {
    take: async (key, id) => (await redis.eval(takeScript, 1, leaseKey(key), id, limits.leaseMs, limits.perHost)) === 1,
    renew: async (key, id) => {
      await redis.eval(renewScript, 1, leaseKey(key), id, limits.leaseMs);
    },
    give: async (key, id) => {
      await redis.zrem(leaseKey(key), id);
    },
    // Another process frees the slot: asked again after a short, jittered pause.
    wait: (_key, signal) => pause(limits.pollMs * (0.5 + Math.random()), signal),
    start: async (key, id) => Number(await redis.eval(startScript, 1, `${limits.prefix}:starts:${key}`, id, limits.windowSeconds * 1000 + limits.startMarginMs, limits.points)),
    close: async () => {},
  };
  return gate(
    limits,
    slots,
    (lib) =>
      new lib.RateLimiterRedis({
        storeClient: redis,
        points: limits.points,
        duration: limits.windowSeconds,
        keyPrefix: `${limits.prefix}:rate`,
      }),
  );
}

type RateLimiters = typeof import('rate-limiter-flexible');

/**
 * A gate over `slots` and the limiter `create` makes. rate-limiter-flexible is an optional package,
 * imported on the gate's first use (EMISSINGDEP then when it is not installed).
 */
function gate(limits: HostGateLimits, slots: Slots, create: (lib: RateLimiters) => RateLimiterAbstract): HostGate {
  const windowMs = limits.windowSeconds * 1000;
  let loading: Promise<{lib: RateLimiters; limiter: RateLimiterAbstract}> | undefined;
  const load = () =>
    (loading ??= loadOptional('rate-limiter-flexible', () => import('rate-limiter-flexible'), (name, cause) => missingDependency(name, 'A host gate (batch politeness)', cause)).then(
      (lib) => ({lib, limiter: create(lib)}),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  /**
   * The wait before this extraction may start: 0 or the even spacing inside the window (the k-th
   * start of a window of R is due (k-1)/R of the way in, so two starts are never closer than
   * window/R and no second sees more than R), or `{retryIn}` when the window is used up or the
   * domain is backed off.
   */
  const turn = async (key: string): Promise<number | {retryIn: number}> => {
    const {lib, limiter} = await load();
    try {
      const res = await limiter.consume(key);
      const opened = windowMs - res.msBeforeNext;
      const due = ((res.consumedPoints - 1) * windowMs) / limits.points;
      return Math.max(0, due - opened);
    } catch (rejected) {
      if (rejected instanceof lib.RateLimiterRes) return {retryIn: Math.max(1, rejected.msBeforeNext)};
      throw rejected;
    }
  };

  return {
    async run<T>(url: string, fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      const key = gateKeyOf(url);
      const id = randomUUID();
      for (;;) {
        throwIfAborted(signal);
        if (!(await slots.take(key, id))) {
          await slots.wait(key, signal);
          continue;
        }
        const renewal = setInterval(() => void slots.renew(key, id).catch(() => {}), Math.max(10, limits.leaseMs / 3));
        renewal.unref();
        let backedOff = 0;
        try {
          for (;;) {
            const wait = await turn(key);
            if (typeof wait === 'number') {
              await pause(wait, signal);
              // The spacing was planned; a process that ran late (a busy CPU) could bunch its start
              // with others'. The starts actually made within the last window decide, at the last moment.
              for (let late = await slots.start(key, id); late > 0; late = await slots.start(key, id)) await pause(late, signal);
              return await fn();
            }
            // Backed off (longer than a window): the slot goes back meanwhile.
            if (wait.retryIn > windowMs) {
              backedOff = wait.retryIn;
              break;
            }
            await pause(wait.retryIn, signal);
          }
        } finally {
          clearInterval(renewal);
          // A give that fails (Redis gone) leaves a lease that expires by itself.
          await slots.give(key, id).catch(() => {});
        }
        await pause(backedOff, signal);
      }
    },

    async backOff(url: string, ms: number): Promise<void> {
      if (!(ms > 0)) return;
      const key = gateKeyOf(url);
      const {limiter} = await load();
      // A longer backoff already set stays (a block is stored as more points than the window has).
      const current = await limiter.get(key);
      if (current && current.consumedPoints > limits.points && current.msBeforeNext >= ms) return;
      await limiter.block(key, Math.ceil(ms / 1000));
    },

    close: () => slots.close(),
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
