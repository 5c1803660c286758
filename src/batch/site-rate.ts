// The adaptive rate of one site (a registrable domain), shared by everyone on the same gate: a 429 or
// a 503 halves it, answers without one raise it back step by step up to the gate's `perSecond`.
// The same rules twice: in this process's memory (memoryHostGate), and in the Lua scripts of a Redis
// gate's turn, which run atomically in Redis (redisHostGate), so every worker sees one rate per site.

/** How the rate moves (documented in docs/batch.md#adaptive-rate). */
export const siteRateRules = {
  /** The slowest a site is asked, per second, however many 429s it answered: one a minute. */
  slowest: 1 / 60,
  /** Answers without a 429 or 503, in a row, before the rate goes one step back up. */
  stepAfter: 10,
  /** One step up, as a share of the gate's `perSecond`. */
  stepShare: 0.1,
  /** A site's rate (and its planned starts) are forgotten after this long without a request: ms. */
  forgetMs: 3_600_000,
} as const;

/** True for the answers that slow a site down: 429 Too Many Requests and 503 Service Unavailable. */
export const slowsDown = (statusCode: number): boolean => statusCode === 429 || statusCode === 503;

/**
 * The `Retry-After` of an answer, in ms (seconds or an HTTP date), at most `maxMs`; `null` when it
 * has none or it cannot be read.
 */
export function retryAfterMs(value: string | string[] | undefined, maxMs: number, now = Date.now()): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return null;
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (!Number.isFinite(ms)) return null;
  return Math.min(Math.max(0, ms), maxMs);
}

/**
 * The starts a site may have within a window at `rate` a second, and that window (ms, before the
 * start margin): `floor(rate)` in `floor(rate) / rate` s, or one in `1 / rate` s below one a second.
 * At a whole rate R that is R in one second.
 */
export function startWindow(rate: number): {points: number; windowMs: number} {
  const points = Math.max(1, Math.floor(rate + 1e-9));
  return {points, windowMs: (points * 1000) / rate};
}

/** One site's state in memory. */
interface SiteState {
  rate: number;
  /** When the next start may be planned (performance.now() ms). */
  next: number;
  /** When the rate was last halved: answers to requests started before it do not halve it again. */
  cut: number;
  /** Answers without a 429 or 503 since the last step or cut. */
  ok: number;
}

/** The rates of every site in this process, for memoryHostGate. */
export interface MemorySiteRates {
  /** Plans the next start of `key` at the current rate's spacing; the ms to wait until it. */
  reserve(key: string, now: number): number;
  /** The site's current rate. */
  rate(key: string): number;
  /** Takes the answer to a request started at `startedAt`: a 429/503 (`slow`) halves the rate, others count towards a step up. */
  answer(key: string, slow: boolean, startedAt: number, now: number): void;
  /** The sites whose rate is below `perSecond`, with their rate. */
  slowed(): Record<string, number>;
}

export function memorySiteRates(maxRate: number): MemorySiteRates {
  const sites = new Map<string, SiteState>();
  const stateOf = (key: string) => sites.get(key) ?? sites.set(key, {rate: maxRate, next: 0, cut: -Infinity, ok: 0}).get(key)!;
  return {
    reserve(key, now) {
      const site = stateOf(key);
      const at = Math.max(now, site.next);
      site.next = at + 1000 / site.rate;
      return Math.ceil(at - now);
    },
    rate: (key) => sites.get(key)?.rate ?? maxRate,
    answer(key, slow, startedAt, now) {
      const site = stateOf(key);
      if (slow) {
        site.ok = 0;
        // One halving per flight of requests: those already on their way when it was halved do not count again.
        if (startedAt < site.cut) return;
        site.rate = Math.max(Math.min(siteRateRules.slowest, maxRate), site.rate / 2);
        site.cut = now;
        site.next = Math.max(site.next, now + 1000 / site.rate);
        return;
      }
      if (site.rate >= maxRate) return;
      if (++site.ok < siteRateRules.stepAfter) return;
      site.ok = 0;
      site.rate = Math.min(maxRate, site.rate + maxRate * siteRateRules.stepShare);
    },
    slowed: () => Object.fromEntries([...sites].filter(([, site]) => site.rate < maxRate).map(([key, site]) => [key, site.rate])),
  };
}

// The same rules in Redis, as the scripts of a Redis gate's turn (redis-gate-store.ts). Time is
// Redis's (TIME, ms), so every worker's clock agrees.
const lib = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
-- The ms a domain is still backed off for: rate-limiter-flexible's block stores more points than its one.
local function blocked(key)
  local points = tonumber(redis.call('GET', key))
  if not points or points <= 1 then return 0 end
  return math.max(1, redis.call('PTTL', key))
end
-- Records a start now when fewer than the rate's points started within its window plus the margin:
-- 0, else the ms until the oldest leaves the window.
local function record(starts, rate, id, margin)
  local points = math.max(1, math.floor(rate + 1e-9))
  local window = math.ceil(points * 1000 / rate) + margin
  redis.call('ZREMRANGEBYSCORE', starts, '-inf', now - window)
  if redis.call('ZCARD', starts) >= points then
    local oldest = redis.call('ZRANGE', starts, 0, 0, 'WITHSCORES')
    return math.max(1, tonumber(oldest[2]) + window - now + 1)
  end
  redis.call('ZADD', starts, now, id)
  redis.call('PEXPIRE', starts, window * 2)
  return 0
end`;

/**
 * A turn's first call. KEYS: the domain's leases (sorted set: holder → expiry, Redis ms), its state
 * (hash: rate, next, cut, ok), its recent starts (sorted set), its backoff (rate-limiter-flexible's
 * key). ARGV: holder id, lease ms, most holders, max rate, forget ms, start margin ms. Returns
 * {code, ms, now}: -2 backed off for ms (no slot taken); -1 every slot taken, the earliest lease
 * expiring in ms; else a slot held and the start planned at the current rate's spacing: 0 made now,
 * > 0 the ms until it may be made (by {@link startScript}). Expired leases (killed workers) are dropped.
 */
export const acquireScript = `${lib}
local b = blocked(KEYS[4])
if b > 0 then return {-2, b, now} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
    local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
    return {-1, math.max(1, tonumber(first[2]) - now), now}
  end
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
end
local state = redis.call('HMGET', KEYS[2], 'rate', 'next')
local rate = tonumber(state[1]) or tonumber(ARGV[4])
local at = math.max(now, tonumber(state[2]) or 0)
redis.call('HSET', KEYS[2], 'next', math.floor(at + 1000 / rate))
redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[5]))
if at > now then return {math.ceil(at - now), 0, now} end
return {record(KEYS[3], rate, ARGV[1], tonumber(ARGV[6])), 0, now}`;

/**
 * The start of a turn whose time has come. KEYS: the domain's state, its recent starts, its backoff.
 * ARGV: holder id, start margin ms, max rate. Returns {code, ms, now} as {@link acquireScript}: -2
 * backed off meanwhile, 0 started now, > 0 the ms until the window allows it.
 */
export const startScript = `${lib}
local b = blocked(KEYS[3])
if b > 0 then return {-2, b, now} end
local rate = tonumber(redis.call('HGET', KEYS[1], 'rate')) or tonumber(ARGV[3])
return {record(KEYS[2], rate, ARGV[1], tonumber(ARGV[2])), 0, now}`;

/** KEYS[1] the domain's leases. ARGV: holder id, lease ms. Keeps a live holder's lease. */
export const renewScript = `${lib}
if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[2]), ARGV[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
end
return 1`;

/**
 * The end of a turn. KEYS: the domain's leases, its state, the hash of slowed domains (domain →
 * rate). ARGV: holder id, the domain's channel, the releasing gate's id (the message), the domain,
 * the answer ('' none, '1' a 429 or 503, '0' another), started at (Redis ms), max rate, slowest
 * rate, answers per step, step, forget ms. Gives the slot back (and says so on the channel), then
 * adapts the rate: a slow answer halves it once per flight, others count towards a step up.
 */
export const releaseScript = `${lib}
if redis.call('ZREM', KEYS[1], ARGV[1]) == 1 then redis.call('PUBLISH', ARGV[2], ARGV[3]) end
if ARGV[5] == '' then return 0 end
local max = tonumber(ARGV[7])
local rate = tonumber(redis.call('HGET', KEYS[2], 'rate')) or max
local changed = false
if ARGV[5] == '1' then
  redis.call('HSET', KEYS[2], 'ok', 0)
  local cut = tonumber(redis.call('HGET', KEYS[2], 'cut')) or -1
  if tonumber(ARGV[6]) >= cut then
    rate = math.max(math.min(tonumber(ARGV[8]), max), rate / 2)
    local nxt = tonumber(redis.call('HGET', KEYS[2], 'next')) or 0
    redis.call('HSET', KEYS[2], 'rate', tostring(rate), 'cut', now, 'next', math.max(nxt, math.floor(now + 1000 / rate)))
    changed = true
  end
elseif rate < max then
  if redis.call('HINCRBY', KEYS[2], 'ok', 1) >= tonumber(ARGV[9]) then
    rate = math.min(max, rate + tonumber(ARGV[10]))
    redis.call('HSET', KEYS[2], 'rate', tostring(rate), 'ok', 0)
    changed = true
  end
else
  return 0
end
redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[11]))
if changed then
  if rate < max then redis.call('HSET', KEYS[3], ARGV[4], tostring(rate)) else redis.call('HDEL', KEYS[3], ARGV[4]) end
  redis.call('PEXPIRE', KEYS[3], tonumber(ARGV[11]))
end
return 0`;
