// A host gate's per-domain state in Redis, shared by every worker of a queue. Each step of a turn is
// ONE Lua script, sent by its SHA (EVALSHA; the text only when Redis lost it): taking the slot, the
// backoff check, planning the start at the site's rate and making it when due (acquire); the start
// of a turn that had to wait for its time (start); giving the slot back with the answer's effect on
// the rate (release). A request that finds every slot taken waits for a give's message on the
// domain's Pub/Sub channel (a second connection, subscribed only to the domains something waited
// on), or at most until the earliest lease would expire, or `pollMs`. Within a process its own gives
// wake its waiters at once, and a domain whose slots it holds all is not asked about.
import {createHash, randomUUID} from 'node:crypto';
import type {Redis} from 'ioredis';
import type {Acquired, Answered, Store} from './gate-store.js';
import {wakeups} from './gate-store.js';
import type {HostGateLimits} from './politeness-options.js';
import {acquireScript, releaseScript, renewScript, siteRateRules, startScript} from './site-rate.js';

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

type Arg = string | number;

/** A script run by its SHA, its text sent again only when Redis answers NOSCRIPT (restarted, flushed). */
function script(redis: Redis, lua: string) {
  const sha = createHash('sha1').update(lua).digest('hex');
  return async (keys: string[], args: Arg[]): Promise<unknown> => {
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error;
      return redis.eval(lua, keys.length, ...keys, ...args);
    }
  };
}

/** `{code, ms, now}` from a script: code -2 backed off, -1 full, 0 started now, > 0 the ms to wait for the start. */
function acquired(reply: unknown): Acquired {
  const [code, ms, now] = (reply as [number, number, number]).map(Number) as [number, number, number];
  if (code === -2) return {state: 'blocked', ms};
  if (code === -1) return {state: 'full', ms};
  if (code === 0) return {state: 'started', at: now};
  return {state: 'wait', ms: code};
}

/** A domain's channel subscription: `done` once Redis confirmed it (false: it failed). */
interface Subscription {
  ready: boolean;
  idleSince: number;
  done: Promise<boolean>;
}

/** How long subscriptions to a domain nobody waits on are kept (a busy domain is waited on again soon). */
const idleSubscriptionMs = 30_000;

export function redisGateStore(redis: Redis, limits: HostGateLimits & {prefix: string}, maxRate: number): Store {
  const {prefix} = limits;
  const leaseKey = (key: string) => `${prefix}:lease:${key}`;
  const siteKey = (key: string) => `${prefix}:site:${key}`;
  const startsKey = (key: string) => `${prefix}:starts:${key}`;
  // rate-limiter-flexible's RateLimiterRedis key (host-gate.ts makes its `block`s): read by the scripts.
  const backoffKey = (key: string) => `${prefix}:backoff:${key}`;
  const channelPrefix = `${prefix}:free:`;
  const run = {acquire: script(redis, acquireScript), start: script(redis, startScript), release: script(redis, releaseScript), renew: script(redis, renewScript)};
  // This gate's own gives are told apart from other processes' on the channel (already woken here).
  const self = randomUUID();
  const wake = wakeups();
  /** Slots of each domain this gate holds now. */
  const held = new Map<string, number>();

  // The subscriber connection, opened when a request first waits for a slot.
  let subscriber: Redis | undefined;
  let closed = false;
  const subscribed = new Map<string, Subscription>();
  let sweep: NodeJS.Timeout | undefined;
  /** Subscribes to `key`'s channel (once, however many ask at once); false when closed or it failed. */
  const subscribe = (key: string): Promise<boolean> => {
    if (closed) return Promise.resolve(false);
    const known = subscribed.get(key);
    if (known) return known.done;
    if (!subscriber) {
      const connection = redis.duplicate();
      subscriber = connection;
      // Errors are the main connection's to report; a reconnect resubscribes (ioredis), the wait's
      // time limit covers the gives missed meanwhile.
      connection.on('error', () => {});
      connection.on('message', (channel: string, from: string) => {
        if (from !== self && channel.startsWith(channelPrefix)) wake.wake(channel.slice(channelPrefix.length));
      });
      sweep = setInterval(() => {
        const now = performance.now();
        for (const [domain, state] of subscribed) {
          if (wake.waiting(domain)) state.idleSince = 0;
          else if (state.ready && state.idleSince === 0) state.idleSince = now;
          else if (state.ready && now - state.idleSince > idleSubscriptionMs) {
            subscribed.delete(domain);
            void connection.unsubscribe(channelPrefix + domain).catch(() => {});
          }
        }
      }, idleSubscriptionMs / 2);
      sweep.unref();
    }
    const entry: Subscription = {ready: false, idleSince: 0, done: Promise.resolve(false)};
    entry.done = subscriber.subscribe(channelPrefix + key).then(
      () => (entry.ready = true),
      () => {
        subscribed.delete(key);
        return false;
      },
    );
    subscribed.set(key, entry);
    return entry.done;
  };
  const count = (key: string, by: number) => {
    const now = (held.get(key) ?? 0) + by;
    if (now > 0) held.set(key, now);
    else held.delete(key);
  };

  return {
    readsBackoff: true,
    async acquire(key, id) {
      // Every slot is this process's own: only one of its gives frees one, and wakes this request.
      if ((held.get(key) ?? 0) >= limits.perHost) return {state: 'full', ms: limits.pollMs};
      const got = acquired(
        await run.acquire([leaseKey(key), siteKey(key), startsKey(key), backoffKey(key)], [id, limits.leaseMs, limits.perHost, maxRate, siteRateRules.forgetMs, limits.startMarginMs]),
      );
      if (got.state === 'wait' || got.state === 'started') count(key, 1);
      return got;
    },
    start: async (key, id) => acquired(await run.start([siteKey(key), startsKey(key), backoffKey(key)], [id, limits.startMarginMs, maxRate])),
    renew: async (key, id) => {
      await run.renew([leaseKey(key)], [id, limits.leaseMs]);
    },
    release(key, id, answer: Answered | null) {
      count(key, -1);
      const sent = run.release(
        [leaseKey(key), siteKey(key), slowedKey(prefix)],
        [id, channelPrefix + key, self, key, answer ? (answer.slow ? '1' : '0') : '', answer?.at ?? 0, maxRate, siteRateRules.slowest, siteRateRules.stepAfter, maxRate * siteRateRules.stepShare, siteRateRules.forgetMs],
      );
      // Sent before the waiter's next acquire on the same connection, so Redis sees the slot free first.
      wake.wake(key);
      return sent.then(() => undefined);
    },
    mark: (key) => (subscribed.get(key)?.ready || (held.get(key) ?? 0) >= limits.perHost ? wake.mark(key) : -1),
    async wait(key, mark, ms, signal) {
      // Not subscribed when the take was refused: a give of another process may have come unheard. Subscribe, then ask again.
      if (mark === -1 && (await subscribe(key))) return;
      // Closed, or the subscription failed: only the time limit (never a loop of asks).
      await wake.wait(key, mark === -1 ? wake.mark(key) : mark, Math.min(ms, limits.pollMs), signal);
    },
    slowed: () => readSlowedSites(redis, prefix),
    async close() {
      closed = true;
      clearInterval(sweep);
      wake.wakeAll();
      subscriber?.disconnect();
      subscriber = undefined;
    },
  };
}
