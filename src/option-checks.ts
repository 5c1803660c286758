import leven from 'leven';
import {LinkpeekError} from './errors.js';

// The checks behind normalizeConfig, normalizeOptions and the handler's config: each names the
// option in its error and shows what it received, unless the value may be a secret.

/** A positive integer, or `fallback` when undefined. */
export function positiveInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw invalidOption(name, 'must be a positive integer', value);
  }
  return value;
}

// Node's timers hold at most 2^31-1 ms; a longer one fires after 1 ms, with a warning on stderr.
const maxTimerMs = 2_147_483_647;

/** A positive integer of milliseconds that a Node timer can hold. */
export function milliseconds(value: unknown, name: string, fallback: number): number {
  const ms = positiveInteger(value, name, fallback);
  if (ms > maxTimerMs) throw invalidOption(name, `must be at most ${maxTimerMs} ms`, value);
  return ms;
}

/** A finite number from `min` to `max`, or `fallback` when undefined. */
export function boundedNumber(value: unknown, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw invalidOption(name, `must be a number from ${min} to ${max}`, value);
  }
  return value;
}

/** A function or undefined. */
export function optionalFunction(value: unknown, name: string): void {
  if (value !== undefined && typeof value !== 'function') throw invalidOption(name, 'must be a function', value);
}

/** A plain object (not null, not an array). */
export function assertObject(value: unknown, name: string): asserts value is object {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidOption(name, 'must be an object', value);
  }
}

/** Throws EINVALOPTION for the first key not in `known`, suggesting the closest known one. */
export function rejectUnknownKeys(value: object, known: readonly string[], prefix: string): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const closest = closestName(key, known);
    const hint = closest ? ` Did you mean \`${prefix}${closest}\`?` : '';
    throw new LinkpeekError('EINVALOPTION', `Unknown option \`${prefix}${key}\`.${hint}`, {
      data: {[`${prefix}${key}`]: 'is not a known option'},
    });
  }
}

/** Builds an EINVALOPTION error naming the option and, for non-secret values, what it received. */
export function invalidOption(name: string, reason: string, received?: unknown): LinkpeekError {
  const shown = received === undefined ? '' : ` Received ${describe(received)}.`;
  return new LinkpeekError('EINVALOPTION', `Option \`${name}\` ${reason}.${shown}`, {data: {[name]: reason}});
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/** The known name closest to `input` (edit distance under 3, case-insensitive), for "Did you mean" hints. */
export function closestName(input: string, names: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const name of names) {
    const distance = leven(input.toLowerCase(), name.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [name, distance];
  }
  return best;
}
