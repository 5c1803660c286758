import type {FetchConfig} from '../fetch/options.js';
import {assertObject, invalidOption, milliseconds, positiveInteger, rejectUnknownKeys} from '../option-checks.js';

/** The kinds of URL in `data` that ping verifies. */
export type PingKind = 'url' | 'image' | 'logo' | 'video' | 'audio';

/** Per-kind ping switches: `false` turns verification off for that kind only (spec `ping.audio=false`). */
export type PingOptions = Partial<Record<PingKind, boolean>>;

/** The ping option of a call (part of `ExtractOptions`). */
export interface PingCallOptions {
  /**
   * Verify that URLs in `data` are reachable; unreachable media become `null`.
   * `false` turns it off, `{ audio: false }` turns off one kind.
   * @default true
   */
  ping?: boolean | PingOptions;
}

/** The ping options of the trusted config (part of `ExtractorConfig`). */
export interface PingConfigInput {
  /** Maximum concurrent pings per `extract()` call. @default 16 */
  pingConcurrency?: number;
  /** Cut `data.description` to at most this many characters (on a word boundary, ending with `…`). @default none: whole */
  maxDescriptionLength?: number;
  /** Milliseconds one ping may take (also bounded by the call's deadline). @default 5000 */
  pingTimeout?: number;
}

/** What ping reads from the config (the transport's part too), defaults filled in. */
export interface PingConfig extends FetchConfig {
  pingConcurrency: number;
  pingTimeout: number;
  /** `null`: descriptions are returned whole. */
  maxDescriptionLength: number | null;
}

/** Defaults of {@link PingConfigInput}. */
export const defaultPingConfig = {pingConcurrency: 16, pingTimeout: 5_000} as const;

/** Every kind of URL ping can verify, as the keys of the `ping` object. */
export const pingKinds: readonly PingKind[] = ['url', 'image', 'logo', 'video', 'audio'];

/** Validates the ping options of the config and fills their defaults. @throws LinkpeekError EINVALOPTION */
export function normalizePingConfig(config: PingConfigInput): Omit<PingConfig, keyof FetchConfig> {
  return {
    pingConcurrency: positiveInteger(config.pingConcurrency, 'pingConcurrency', defaultPingConfig.pingConcurrency),
    pingTimeout: milliseconds(config.pingTimeout, 'pingTimeout', defaultPingConfig.pingTimeout),
    maxDescriptionLength: config.maxDescriptionLength === undefined ? null : positiveInteger(config.maxDescriptionLength, 'maxDescriptionLength', 1),
  };
}

/** Validates a call's `ping` and fills it per kind. @throws LinkpeekError EINVALOPTION */
export function normalizePing(ping: PingCallOptions['ping']): Record<PingKind, boolean> {
  if (ping === undefined || typeof ping === 'boolean') {
    const enabled = ping ?? true;
    return Object.fromEntries(pingKinds.map((kind) => [kind, enabled])) as Record<PingKind, boolean>;
  }
  assertObject(ping, 'ping');
  rejectUnknownKeys(ping, pingKinds, 'ping.');
  const resolved = {} as Record<PingKind, boolean>;
  for (const kind of pingKinds) {
    const value = ping[kind];
    if (value !== undefined && typeof value !== 'boolean') throw invalidOption(`ping.${kind}`, 'must be a boolean', value);
    resolved[kind] = value ?? true;
  }
  return resolved;
}
