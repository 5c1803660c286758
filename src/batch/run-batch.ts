// The engine of `linkpeek batch` in one process: many URLs, bounded concurrency (in all, and per
// domain through a host gate: at once, a second, backed off), one JSON line per URL. The command
// (src/cli.ts) adds the input, the output file and the progress display.
import {setMaxListeners} from 'node:events';
import pLimit, {type LimitFunction} from 'p-limit';
import {toErrorBody, stripCredentials} from '../errors.js';
import type {ExtractResult} from '../data.js';
import {gateKeyOf, memoryHostGate, type HostGate} from './host-gate.js';
import {defaultRateLimitRetries, runPolitely} from './polite-run.js';
import type {RobotsCheck} from './robots.js';

/** What a batch needs to know about the extraction of one URL. */
export type BatchExtract = (url: string, signal: AbortSignal) => Promise<ExtractResult>;

/** Options of {@link runBatch}. */
export interface BatchOptions {
  /** The URLs, in order; duplicates and URLs in `skip` are not extracted. */
  urls: string[];
  /** URLs already done (`--resume`, as written: without credentials): not extracted again. */
  skip?: ReadonlySet<string>;
  extract: BatchExtract;
  /** Most extractions at once. @default 4 */
  concurrency?: number;
  /**
   * Most extractions at once per registrable domain, so one site is not hammered; with a `gate` of
   * your own, give the gate's value here too (it also sizes each domain's queue in front of the
   * shared slots). @default 2
   */
  perHost?: number;
  /** Most extractions started a second per registrable domain (see docs/batch.md#politeness). @default 2 */
  perSecond?: number;
  /**
   * The host gate every extraction runs in; a gate of your own (`redisHostGate`, to share limits
   * with other processes) replaces `perHost` and `perSecond`. @default memoryHostGate({perHost, perSecond})
   */
  gate?: HostGate;
  /** When set, URLs robots.txt disallows are not fetched: their line is EROBOTS (`robotsCheck()`). */
  robots?: RobotsCheck;
  /**
   * Times a URL that met a 429 (`ERATELIMIT`) is extracted again, in its site's next turn (after its
   * `Retry-After`, at the rate the 429 halved), before its line is the error. @default 3
   */
  rateLimitRetries?: number;
  /** Called with each complete line (JSON, no newline), in completion order. */
  write: (line: string) => void;
  /** Called after every URL with the running counts. */
  progress?: (state: BatchProgress) => void;
  /** Stops the batch: nothing new starts, extractions in flight are cancelled and not written. */
  signal?: AbortSignal;
}

/** Counts of a running batch. */
export interface BatchProgress {
  /** URLs to extract in this run (after duplicates and `skip`). */
  total: number;
  /** URLs written so far. */
  done: number;
  /** Of those, the error lines. */
  failed: number;
  /** URLs left out because `skip` had them. */
  skipped: number;
}

/**
 * Extracts every URL and writes one JSON line each: the result envelope with the URL as given in
 * front (`{"url": ..., "status": "success", "data": ...}`), or the error body
 * (`{"url": ..., "status": "fail"|"error", "code": ...}`). A failing URL is a line, never a throw.
 * Resolves with the final counts, also when `signal` stopped it (then `done < total`).
 */
export async function runBatch(options: BatchOptions): Promise<BatchProgress> {
  const skip = options.skip ?? new Set<string>();
  const unique = [...new Set(options.urls)];
  // Lines name the URL without its credentials (never written anywhere), and resume matches on that.
  const todo = unique.filter((url) => !skip.has(stripCredentials(url)));
  const state: BatchProgress = {total: todo.length, done: 0, failed: 0, skipped: unique.length - todo.length};
  const all = pLimit(options.concurrency ?? 4);
  const perHost = options.perHost ?? 2;
  const gate = options.gate ?? memoryHostGate({perHost, ...(options.perSecond === undefined ? {} : {perSecond: options.perSecond})});
  const hosts = new Map<string, LimitFunction>();
  const stop = new AbortController();
  // Every extraction waiting at the gate listens to it: more than Node's 10 is normal here, not a leak.
  setMaxListeners(0, stop.signal);
  const onAbort = () => stop.abort(options.signal?.reason);
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort, {once: true});
  options.progress?.({...state});

  const one = async (url: string) => {
    if (stop.signal.aborted) return;
    let line: string;
    try {
      const result = await runPolitely(url, () => options.extract(url, stop.signal), {
        gate,
        robots: options.robots,
        signal: stop.signal,
        rateLimitRetries: options.rateLimitRetries ?? defaultRateLimitRetries,
      });
      line = JSON.stringify({url: stripCredentials(url), ...result});
    } catch (error) {
      // Cancelled by the stop: not written, so `--resume` does it again.
      if (stop.signal.aborted) return;
      const {url: _asked, ...body} = toErrorBody(error);
      line = JSON.stringify({url: stripCredentials(url), ...body});
      state.failed++;
    }
    if (stop.signal.aborted) return;
    options.write(line);
    state.done++;
    options.progress?.({...state});
  };

  try {
    // A domain waits for its own turn before it takes one of the shared slots, so a list of one
    // site's URLs never holds every slot while waiting; the gate then holds the limits themselves.
    await Promise.all(
      todo.map((url) => {
        const host = gateKeyOf(url);
        let limit = hosts.get(host);
        if (!limit) {
          limit = pLimit(perHost);
          hosts.set(host, limit);
        }
        return limit(() => all(() => one(url)));
      }),
    );
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    // A gate of the caller's stays open for the caller.
    if (!options.gate) await gate.close();
  }
  return state;
}

/**
 * The URLs of an output file written before, for `--resume`: every complete line's `url`. A last
 * line without its newline (a run killed mid-write) is not complete: `complete` is the length of the
 * text up to the last newline, for the caller to cut the file there.
 */
export function readDone(text: string): {urls: Set<string>; complete: number} {
  const complete = text.lastIndexOf('\n') + 1;
  const urls = new Set<string>();
  for (const line of text.slice(0, complete).split('\n')) {
    if (!line.trim()) continue;
    try {
      const url = (JSON.parse(line) as {url?: unknown}).url;
      if (typeof url === 'string') urls.add(url);
    } catch {
      // Not one of ours: left in place, not counted.
    }
  }
  return {urls, complete};
}

/** The URLs of a batch input: one per line; blank lines and `#` comments are skipped. */
export function readUrls(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** `12.3/s`, `ETA 1m05s`: the rate and the time left of a batch, for the progress display. */
export function rateAndEta(done: number, total: number, elapsedMs: number): {rate: number; eta: number | null} {
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  return {rate, eta: rate > 0 ? Math.round((total - done) / rate) : null};
}

/** `, 2 sites slowed (example.com 1.3/s, example.org 0.5/s)`: a gate's slowed sites for a progress line, `''` for none. */
export function formatSlowed(slowed: Record<string, number>): string {
  const sites = Object.entries(slowed).sort(([, a], [, b]) => a - b);
  if (sites.length === 0) return '';
  const shown = sites.slice(0, 3).map(([site, rate]) => `${site} ${rate < 0.1 ? rate.toFixed(3) : rate.toFixed(1)}/s`);
  const more = sites.length > 3 ? `, +${sites.length - 3}` : '';
  return `, ${sites.length} site${sites.length === 1 ? '' : 's'} slowed (${shown.join(', ')}${more})`;
}

export function formatSeconds(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '?';
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes}m${String(seconds % 60).padStart(2, '0')}s` : `${seconds}s`;
}
