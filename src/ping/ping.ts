import pLimit from 'p-limit';
import type {Candidates, LinkData, Media, MediaField} from '../data.js';
import {narrowDeadline, type Deadline} from '../deadline.js';
import {isLinkpeekError} from '../errors.js';
import {requestSafely} from '../fetch/http-client.js';
import {describeMedia, isExpectedMedia, mimeOf, type ProbedResponse} from './media.js';
import {withManifestIcons} from './manifest.js';
import {isWebManifestUrl} from '../shared/web-manifest-url.js';
import type {PingConfig, PingKind} from './options.js';
import {validateUrl} from '../url/validate-url.js';
import {readBody} from '../fetch/read-body.js';

/** What {@link pingUrls} needs from the `extract()` call. */
export interface PingRequest {
  /** Per-kind switches; `false` returns that kind's first candidate raw, unchecked. */
  ping: Record<PingKind, boolean>;
  /** Caller headers (credentials): sent only to URLs with the same origin as `pageUrl`. */
  headers: Record<string, string>;
  /** Final page URL: caller headers go only to URLs of this origin. */
  pageUrl: string;
  /** The call's time budget; each ping also gets at most `config.pingTimeout` of it. */
  deadline: Deadline;
}

/**
 * Bytes read from the start of a media file, then the stream is destroyed: enough for any image
 * header, an SVG root element, a front-loaded MP4 `moov` or an MP3 Xing header.
 */
export const probeBytes = 64 * 1024;

const mediaFields: readonly MediaField[] = ['image', 'logo', 'video', 'audio'];

// A failure that a GET may not share: a server that refuses HEAD or resets it. Anything else
// (a forbidden address, too many redirects, the time budget) would fail the GET the same way.
const headRetryable = new Set(['EFETCH', 'EHTTP', 'EINTERNAL']);

type Mode = 'media' | 'page';

/**
 * Cuts `text` to at most `max` characters on a word boundary and marks the cut with `…`.
 * A text without a space in its last quarter is cut mid-word rather than losing most of it.
 * Applies config `maxDescriptionLength` when `data` is built (descriptions are whole by default).
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  // The cut already ends a word when the next character is a space.
  if (text[max - 1] !== ' ' && space > max * 0.75) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,;:.!?\-–—]+$/, '')}…`;
}

/** Candidates of one media field asked at once: the best ones, in priority order. */
export const candidateWindow = 3;
/** Candidates of one media field asked at most; later ones are never tried (docs/ping.md). */
export const maxCandidates = 10;

/**
 * Verifies the URLs of `candidates` and builds `data` (spec §4.1 "Rules for ping").
 *
 * - Media fields: the first candidate in priority order that is reachable, with a Content-Type that
 *   fits the kind, wins; if none is, the field is `null`. Only candidates that can still win are
 *   asked: {@link candidateWindow} at once, the next when one fails, at most {@link maxCandidates}.
 *   The winner is described (`type`, `size`, `size_pretty`, `width`/`height` or `duration`) from
 *   one ranged GET of its first {@link probeBytes} bytes. Its `url` is the URL as found in the page,
 *   even when it redirects; the fields describe the final resource.
 * - `url`: the canonical URL is pinged (HEAD, then a GET when HEAD is refused or says too little);
 *   when unreachable, `data.url` falls back to `request.pageUrl`, which was just fetched.
 * - A kind whose `request.ping[kind]` is `false` takes its first candidate raw (`{ url }`), and no
 *   request is made for it.
 * - All pings share `p-limit(config.pingConcurrency)` and the call's deadline, each bounded by
 *   `config.pingTimeout`; a URL wanted twice (image and logo) is pinged once. Every request goes
 *   through `requestSafely`, so every hop is checked against the address policy. Caller headers
 *   go only to URLs with the same origin as `request.pageUrl`.
 * - A ping that fails or times out only nulls its candidate: when the whole deadline fires, fields
 *   not yet verified are `null` (and `url` falls back to `pageUrl`) rather than the call failing.
 *
 * @throws LinkpeekError EABORTED when the caller aborts the call through its signal.
 */
export async function pingUrls(candidates: Candidates, request: PingRequest, config: PingConfig): Promise<LinkData> {
  const limit = pLimit(config.pingConcurrency);
  const probes = new Map<string, Promise<ProbedResponse | null>>();
  // Which (field, priority) pairs want each probe, and the best verified priority per field so far:
  // a queued probe that no field still needs is skipped.
  const wantedBy = new Map<string, Array<{field: MediaField; index: number}>>();
  const bestIndex = new Map<MediaField, number>();
  const stillWanted = (key: string) =>
    (wantedBy.get(key) ?? []).some(({field, index}) => index < (bestIndex.get(field) ?? Infinity));

  const keyOf = (mode: Mode, url: string) => `${mode} ${url}`;
  const probe = (mode: Mode, url: string): Promise<ProbedResponse | null> => {
    const key = keyOf(mode, url);
    let pending = probes.get(key);
    if (!pending) {
      pending = limit(async () => {
        if (request.deadline.signal.aborted || (mode === 'media' && !stillWanted(key))) return null;
        return mode === 'media' ? probeMedia(url, request, config) : probePage(url, request, config);
      });
      probes.set(key, pending);
    }
    return pending;
  };

  const want = (field: MediaField, urls: readonly string[]) => {
    for (const [key, wants] of wantedBy) wantedBy.set(key, wants.filter((entry) => entry.field !== field));
    urls.forEach((url, index) => {
      const key = keyOf('media', url);
      wantedBy.set(key, [...(wantedBy.get(key) ?? []), {field, index}]);
    });
  };
  const checked = mediaFields.filter((field) => request.ping[field]);
  // Register every want before any probe can start, so the skip check sees the whole plan.
  for (const field of checked) want(field, candidates[field].slice(0, maxCandidates));
  // A web app manifest among the logo candidates stands for its icons: read while the rest is pinged.
  const logoUrls = request.ping.logo && candidates.logo.some(isWebManifestUrl) ? limit(() => withManifestIcons(candidates.logo, request, config)) : null;

  const pickMedia = async (field: MediaField): Promise<Media | null> => {
    const urls = field === 'logo' && logoUrls !== null ? await logoUrls : candidates[field];
    if (!request.ping[field]) {
      // Unchecked, a manifest is never taken for the logo (its icons are only read when pinged).
      const first = field === 'logo' ? urls.find((url) => !isWebManifestUrl(url)) : urls[0];
      return first === undefined ? null : {url: first};
    }
    const tried = urls.slice(0, maxCandidates);
    if (field === 'logo' && logoUrls !== null) want(field, tried);
    // Only candidates that can still win are asked: the first `candidateWindow` in priority order,
    // and the next one each time one of them fails. A reachable first candidate costs
    // `candidateWindow` requests, not one per candidate.
    const results: Array<Promise<ProbedResponse | null>> = [];
    const check = (index: number) =>
      probe('media', tried[index]!).then((result) => {
        const good = result !== null && isExpectedMedia(field, result);
        if (good && index < (bestIndex.get(field) ?? Infinity)) bestIndex.set(field, index);
        return good ? result : null;
      });
    for (let index = 0; index < tried.length; index++) {
      for (let next = results.length; next < Math.min(tried.length, index + candidateWindow); next++) results.push(check(next));
      const result = await results[index];
      if (result) return describeMedia(field, tried[index]!, result);
    }
    return null;
  };

  const pickUrl = async (): Promise<string | null> => {
    const pageUrl = request.pageUrl || null;
    const canonical = candidates.url ?? pageUrl;
    if (!request.ping.url || canonical === null || canonical === pageUrl || sameHref(canonical, pageUrl)) {
      return canonical;
    }
    return (await probe('page', canonical)) ? canonical : pageUrl;
  };

  const [url, image, logo, video, audio] = await Promise.all([
    pickUrl(),
    pickMedia('image'),
    pickMedia('logo'),
    pickMedia('video'),
    pickMedia('audio'),
  ]);
  // A deadline running out only nulls what was not verified; the caller's own abort is an answer.
  const reason: unknown = request.deadline.signal.reason;
  if (request.deadline.signal.aborted && isLinkpeekError(reason) && reason.code === 'EABORTED') throw reason;

  const data: LinkData = {
    title: candidates.title,
    description: candidates.description === null || config.maxDescriptionLength === null
      ? candidates.description
      : truncate(candidates.description, config.maxDescriptionLength),
    lang: candidates.lang,
    author: candidates.author,
    publisher: candidates.publisher,
    date: candidates.date,
    datePublished: candidates.datePublished ?? null,
    dateModified: candidates.dateModified ?? null,
    url,
    image,
    logo,
    video,
    audio,
  };
  // Only when the page states one (LinkData.price).
  if (candidates.price) data.price = candidates.price;
  return data;
}

/**
 * Verifies and describes media URLs found by custom `data` rules, each as `kind` (at most
 * `config.pingConcurrency` at once, each bounded by `config.pingTimeout` within the call's
 * deadline): a reachable URL with a Content-Type that fits its kind becomes a full {@link Media},
 * anything else `null`. A kind whose `request.ping[kind]` is `false` gives `{ url }` unchecked.
 * @throws LinkpeekError EABORTED when the caller aborts the call through its signal.
 */
export async function pingMedia(
  items: readonly {url: string; kind: MediaField}[],
  request: PingRequest,
  config: PingConfig,
): Promise<(Media | null)[]> {
  const limit = pLimit(config.pingConcurrency);
  const probes = new Map<string, Promise<ProbedResponse | null>>();
  const results = await Promise.all(
    items.map(async ({url, kind}) => {
      if (!request.ping[kind]) return {url};
      let pending = probes.get(url);
      if (!pending) {
        pending = limit(() => (request.deadline.signal.aborted ? null : probeMedia(url, request, config)));
        probes.set(url, pending);
      }
      const result = await pending;
      return result !== null && isExpectedMedia(kind, result) ? describeMedia(kind, url, result) : null;
    }),
  );
  const reason: unknown = request.deadline.signal.reason;
  if (request.deadline.signal.aborted && isLinkpeekError(reason) && reason.code === 'EABORTED') throw reason;
  return results;
}

/** One ranged GET; reachable when it ends in 200 or 206 and the first bytes can be read. */
async function probeMedia(url: string, request: PingRequest, config: PingConfig): Promise<ProbedResponse | null> {
  return withPingDeadline(request, config, async (deadline) => {
    const response = await send(url, 'GET', {range: `bytes=0-${probeBytes - 1}`}, request, deadline, config);
    if (response.statusCode !== 200 && response.statusCode !== 206) {
      response.body.destroy();
      return null;
    }
    const {bytes} = await readBody(response.body, probeBytes);
    return {statusCode: response.statusCode, headers: response.headers, bytes};
  });
}

/**
 * HEAD, then a GET (body discarded) when the server refuses HEAD (an error status, a reset) or
 * answers it without a Content-Type, which is how servers that fake HEAD tend to answer.
 */
async function probePage(url: string, request: PingRequest, config: PingConfig): Promise<ProbedResponse | null> {
  return withPingDeadline(request, config, async (deadline) => {
    try {
      const head = await send(url, 'HEAD', {}, request, deadline, config);
      head.body.destroy();
      if (isSuccess(head.statusCode) && mimeOf(head.headers) !== '') {
        return {statusCode: head.statusCode, headers: head.headers, bytes: new Uint8Array()};
      }
    } catch (error) {
      if (!isLinkpeekError(error) || !headRetryable.has(error.code)) throw error;
    }
    const get = await send(url, 'GET', {}, request, deadline, config);
    get.body.destroy();
    return isSuccess(get.statusCode) ? {statusCode: get.statusCode, headers: get.headers, bytes: new Uint8Array()} : null;
  });
}

/** Runs one ping under its own deadline (at most `pingTimeout`, within the call's); any failure means unreachable. */
async function withPingDeadline(
  request: PingRequest,
  config: PingConfig,
  run: (deadline: Deadline) => Promise<ProbedResponse | null>,
): Promise<ProbedResponse | null> {
  const deadline = narrowDeadline(request.deadline, config.pingTimeout);
  try {
    return await run(deadline);
  } catch {
    // Refused, unresolvable, forbidden, timed out, malformed: all mean "not reachable".
    return null;
  } finally {
    deadline.dispose();
  }
}

function send(
  url: string,
  method: 'GET' | 'HEAD',
  extra: Record<string, string>,
  request: PingRequest,
  deadline: Deadline,
  config: PingConfig,
) {
  // Literal IPs and bad URLs are refused here, before any socket; names are checked at connect time.
  const target = validateUrl(url, config.allowAddress);
  const headers = {...(sameOrigin(target, request.pageUrl) ? request.headers : {}), accept: '*/*', ...extra};
  return requestSafely(target, {method, headers, deadline}, config);
}

function isSuccess(statusCode: number): boolean {
  return statusCode >= 200 && statusCode < 300;
}

function sameOrigin(url: URL, pageUrl: string): boolean {
  try {
    return url.origin === new URL(pageUrl).origin;
  } catch {
    return false;
  }
}

function sameHref(a: string, b: string | null): boolean {
  try {
    return b !== null && new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}
