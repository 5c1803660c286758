import type {IncomingHttpHeaders} from 'node:http';
import {invalidOption, positiveInteger} from '../option-checks.js';
import type {AddressConfig} from '../url/options.js';

/** What a request's gate learns when the request ends: the response's status and headers. */
export interface RequestAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
}

/**
 * Ends a request's turn at its gate, once: with the response's answer when one came (called when
 * its body is done: read, cut or destroyed), or `null` when the request failed before any answer.
 */
export type RequestRelease = (answer: RequestAnswer | null) => void;

/**
 * Waits until `url`'s host may be asked (a batch's host gate: docs/batch.md#politeness) and
 * resolves with the release of that turn; rejects to refuse the request (with `signal`'s reason
 * when it aborts). Called before every request the extractor sends, each redirect hop on its own:
 * the page, ping, oEmbed, icons, a rendered page's resources.
 */
export type RequestGate = (url: URL, signal: AbortSignal) => Promise<RequestRelease>;

/** The fetch options of the trusted config (part of `ExtractorConfig`). */
export interface FetchConfigInput {
  /** User-Agent sent to targets. @default 'Mozilla/5.0 (compatible; linkpeek/0.1; +https://github.com/linkpeek/linkpeek)' */
  userAgent?: string;
  /** Maximum decompressed body bytes read from a page. @default 5242880 (5 MiB) */
  maxBodySize?: number;
  /** Past `maxBodySize`: `'truncate'` extracts from what was read, `'error'` throws ETOOLARGE. @default 'truncate' */
  bodyLimit?: 'truncate' | 'error';
  /** Called before every request to a target, redirect hops included, to wait for its host's turn (docs/batch.md#politeness). @default none */
  requestGate?: RequestGate;
}

/** What the guarded transport and fetchPage read from the config, defaults filled in. */
export interface FetchConfig extends AddressConfig {
  userAgent: string;
  maxBodySize: number;
  bodyLimit: 'truncate' | 'error';
  maxRedirects: number;
  /** The turn every request waits for, when one is set. */
  requestGate?: RequestGate | undefined;
}

/** The fetch option of a call (part of `ExtractOptions`). */
export interface FetchCallOptions {
  /** Request headers sent to the target, e.g. credentials (spec rule 9). Hop-by-hop and `Host` are refused. */
  headers?: Record<string, string>;
  /**
   * How many more times the page is asked when the target failed in a way another try may fix (a
   * reset or refused connection, a timeout of its own, HTTP 408, 425, 500, 502-504, 520-524), with
   * exponential backoff (200 ms, 400 ms...), all within the call's `timeout`. 0 to 5. @default 2
   */
  retry?: number;
}

/** Redirect hops followed before EMAXREDIRECTS (spec §8). */
export const maxRedirects = 10;

/** Defaults of {@link FetchConfigInput}. */
export const defaultFetchConfig = {
  userAgent: 'Mozilla/5.0 (compatible; linkpeek/0.1; +https://github.com/linkpeek/linkpeek)',
  maxBodySize: 5 * 1024 * 1024,
  bodyLimit: 'truncate',
} as const;

/** Validates the fetch options of the config and fills their defaults. @throws LinkpeekError EINVALOPTION */
export function normalizeFetchConfig(config: FetchConfigInput): Omit<FetchConfig, keyof AddressConfig> {
  if (config.userAgent !== undefined && typeof config.userAgent !== 'string') {
    throw invalidOption('userAgent', 'must be a string', config.userAgent);
  }
  if (config.bodyLimit !== undefined && config.bodyLimit !== 'truncate' && config.bodyLimit !== 'error') {
    throw invalidOption('bodyLimit', "must be 'truncate' or 'error'", config.bodyLimit);
  }
  if (config.requestGate !== undefined && typeof config.requestGate !== 'function') throw invalidOption('requestGate', 'must be a function');
  return {
    userAgent: config.userAgent ?? defaultFetchConfig.userAgent,
    maxBodySize: positiveInteger(config.maxBodySize, 'maxBodySize', defaultFetchConfig.maxBodySize),
    bodyLimit: config.bodyLimit ?? defaultFetchConfig.bodyLimit,
    maxRedirects,
    ...(config.requestGate ? {requestGate: config.requestGate} : {}),
  };
}

/**
 * Request headers a caller may not set: they would let the caller re-route the request (Host),
 * desynchronise framing, or defeat our decompression cap.
 */
export const refusedHeaders: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-authorization',
  'proxy-connection',
  'accept-encoding',
]);

/** Validates the caller's `headers` (names lowercased). @throws LinkpeekError EINVALOPTION */
export function normalizeHeaders(headers: FetchCallOptions['headers']): Record<string, string> {
  if (headers === undefined) return {};
  // Not assertObject: it echoes the value, and a string here is likely `'Authorization: Bearer …'`.
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) throw invalidOption('headers', 'must be an object');
  const resolved: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(lower)) throw invalidOption(`headers.${name}`, 'is not a valid header name');
    if (refusedHeaders.has(lower) || lower.startsWith('proxy-')) {
      throw invalidOption(`headers.${name}`, 'may not be set by the caller');
    }
    // A value is never echoed back: it may hold credentials. The characters are those Node's HTTP
    // client accepts (tab, printable ASCII, Latin-1); anything else would fail later as EFETCH.
    if (typeof value !== 'string' || /[^\t\x20-\x7e\x80-\xff]/.test(value)) {
      throw invalidOption(`headers.${name}`, 'must be a single-line string of printable Latin-1 characters');
    }
    resolved[lower] = value;
  }
  return resolved;
}
