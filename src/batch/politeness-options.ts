import {assertObject, boundedNumber, invalidOption, milliseconds, positiveInteger, rejectUnknownKeys} from '../option-checks.js';

/** Options of a host gate ({@link memoryHostGate}, {@link redisHostGate}): the limits per registrable domain. */
export interface HostGateOptions {
  /** Most extractions at once per registrable domain (`example.co.uk`), across every worker sharing the gate. @default 2 */
  perHost?: number;
  /**
   * Most extractions started per second per registrable domain, across every worker sharing the
   * gate, spread evenly (one every `1000 / perSecond` ms at most). Below 1: one every
   * `round(1 / perSecond)` seconds (0.1 is one every 10 s). Above 1 it must be a whole number. @default 2
   */
  perSecond?: number;
  /**
   * How long a worker's hold on a slot lasts without being renewed (it is renewed while the
   * extraction runs): a worker killed mid-extraction frees its slot after this. @default 15000
   */
  leaseMs?: number;
  /**
   * A request that finds every slot of its domain taken is woken when one is given back (in Redis,
   * by a message on the domain's channel); it asks again after this long at most anyway, for a
   * wake-up lost to a reconnect. A slot of a killed worker is asked again when its lease ends.
   * @default 1000
   */
  pollMs?: number;
  /**
   * The rate is counted on the starts actually made over the window plus this margin: a request
   * reaches the site a little after its start (connecting, a busy event loop), and a start that
   * arrived late would otherwise share a second with the next window's. At most `perSecond` starts in
   * any `1000 + startMarginMs` ms, so the site sees at most `perSecond` in any second unless a
   * request is held up longer than the margin. @default 250
   */
  startMarginMs?: number;
}

/** Options of `redisHostGate`: those of every gate, and the prefix of its keys. */
export interface RedisHostGateOptions extends HostGateOptions {
  /** Prefix of every key, so several batches or apps can share one Redis. @default 'linkpeek:gate' */
  prefix?: string;
}

/** A gate's options with their defaults filled in. */
export interface HostGateLimits {
  perHost: number;
  /** Starts allowed per window (a whole number, at least 1). */
  points: number;
  /** Length of the rate window, in whole seconds (what Redis keys expire by). */
  windowSeconds: number;
  leaseMs: number;
  pollMs: number;
  startMarginMs: number;
}

export const defaultHostGate = {perHost: 2, perSecond: 2, leaseMs: 15_000, pollMs: 1000, startMarginMs: 250} as const;

const keys = ['perHost', 'perSecond', 'leaseMs', 'pollMs', 'startMarginMs', 'prefix'] as const;

/** Validates a gate's options and fills their defaults. @throws LinkpeekError EINVALOPTION */
export function normalizeHostGateOptions(options: RedisHostGateOptions = {}): HostGateLimits & {prefix: string} {
  assertObject(options, 'gate options');
  rejectUnknownKeys(options, keys, '');
  const perHost = positiveInteger(options.perHost, 'perHost', defaultHostGate.perHost);
  const perSecond = boundedNumber(options.perSecond, 'perSecond', 0.001, 1000, defaultHostGate.perSecond);
  if (perSecond >= 1 && !Number.isInteger(perSecond)) throw invalidOption('perSecond', 'must be a whole number from 1 up, or below 1', perSecond);
  if (options.prefix !== undefined && (typeof options.prefix !== 'string' || options.prefix === '')) {
    throw invalidOption('prefix', 'must be a non-empty string', options.prefix);
  }
  return {
    perHost,
    points: perSecond >= 1 ? perSecond : 1,
    windowSeconds: perSecond >= 1 ? 1 : Math.max(1, Math.round(1 / perSecond)),
    leaseMs: milliseconds(options.leaseMs, 'leaseMs', defaultHostGate.leaseMs),
    pollMs: milliseconds(options.pollMs, 'pollMs', defaultHostGate.pollMs),
    startMarginMs: options.startMarginMs === 0 ? 0 : milliseconds(options.startMarginMs, 'startMarginMs', defaultHostGate.startMarginMs),
    prefix: options.prefix ?? 'linkpeek:gate',
  };
}

/** How long a batch backs a domain off after a 429 or a challenge wall. */
export const defaultBatchBackoff = {
  /** When the target sent no `Retry-After`. */
  backoffMs: 60_000,
  /** The longest a target's own `Retry-After` is honoured. */
  maxBackoffMs: 3_600_000,
} as const;
