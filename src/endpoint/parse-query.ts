import {LinkpeekError} from '../errors.js';
import {closestName, pingKinds, type ExtractOptions, type PingKind} from '../options.js';
import {metaFields, type MetaField} from '../rules/meta.js';
import type {ScreenshotOptions} from '../browser/provider.js';
import type {CacheParams} from './cache-control.js';

/** What a query string asks for, before {@link normalizeOptions} validates the option values. */
export interface ParsedQuery {
  /** The `url` parameter, as given. */
  url: string;
  /** Per-call options built from the other parameters. */
  options: ExtractOptions;
  /** The `embed` path into `data` (e.g. `screenshot.url`), or `null` for the JSON envelope. */
  embed: string | null;
  /** `force=true`: skip the cache read, extract afresh (the fresh result is stored). */
  force: boolean;
  /** The `filter` paths (`['url', 'title', 'image.url']`), or `null` for the whole of `data`. */
  filter: string[] | null;
  /** `ttl`, `staleTtl` and `cacheKey` as given: resolved against the handler's config by `resolveCachePolicy`. */
  cache: CacheParams;
}

/** Request headers as Node gives them (`IncomingHttpHeaders`) or as a plain record. */
export type RequestHeaders = Record<string, string | string[] | undefined>;

/** The prefix of the request headers forwarded to the target without it (`x-api-header-cookie` → `cookie`). */
export const apiHeaderPrefix = 'x-api-header-';

type ValueKind = 'boolean' | 'number' | 'string';

// `screenshot.overlay` is an object of its own: `screenshot.overlay.browser`, `screenshot.overlay.background`.
const screenshotParams: Record<Exclude<keyof ScreenshotOptions, 'overlay' | 'animated'>, ValueKind> = {
  type: 'string',
  quality: 'number',
  fullPage: 'boolean',
  width: 'number',
  height: 'number',
  deviceScaleFactor: 'number',
  waitUntil: 'string',
  waitForSelector: 'string',
  waitForTimeout: 'number',
  element: 'string',
  // A CSS selector list each (`screenshot.hide=.cookie-banner,#ads`).
  hide: 'string',
  remove: 'string',
  click: 'string',
  scroll: 'string',
  codeScheme: 'string',
};
const overlayKeys = ['browser', 'background'];
// `screenshot.animated` is a boolean, or an object of its own: `screenshot.animated.duration`, `.fps`, `.type`.
const animatedParams = {duration: 'number', fps: 'number', type: 'string'} as const;

// Top-level waiting, emulation and page parameters: they apply to rendering, the screenshot and the PDF.
const waitParams: Record<
  'waitUntil' | 'waitForSelector' | 'waitForTimeout' | 'device' | 'colorScheme' | 'mediaType' | 'javascript' | 'animations' | 'adblock',
  ValueKind
> = {
  waitUntil: 'string',
  waitForSelector: 'string',
  waitForTimeout: 'number',
  device: 'string',
  colorScheme: 'string',
  mediaType: 'string',
  javascript: 'boolean',
  animations: 'boolean',
  adblock: 'boolean',
};
// `viewport.<key>`: the window, merged over the device's.
const viewportParams: Record<string, ValueKind> = {
  width: 'number',
  height: 'number',
  deviceScaleFactor: 'number',
  isMobile: 'boolean',
  hasTouch: 'boolean',
  isLandscape: 'boolean',
};
// `pdf.<key>`; `pdf.margin.<side>` too.
const pdfParams: Record<string, ValueKind> = {
  format: 'string',
  width: 'string',
  height: 'string',
  margin: 'string',
  scale: 'number',
  landscape: 'boolean',
  pageRanges: 'string',
};
const marginSides = ['top', 'right', 'bottom', 'left'];
// Code or URLs injected into browser pages: one value, or indexed (`styles.0`, `styles.1`) as the official client sends a list.
const injectionParams = ['styles', 'scripts', 'modules'] as const;

// Per-request cache control (cache-control.ts), kept as text until the handler resolves it.
const cacheParams = ['ttl', 'staleTtl', 'cacheKey'] as const;

// `insights.technologies`, `insights.lighthouse`: booleans; any of them turns `insights` on.
const insightKeys = ['technologies', 'lighthouse'];

const mediaFields = ['image', 'logo', 'video', 'audio'];
const mediaKeys = ['url', 'type', 'size', 'size_pretty', 'width', 'height', 'duration', 'duration_pretty'];
const screenshotKeys = ['url', 'width', 'height', 'type', 'size', 'size_pretty'];
const pdfKeys = ['url', 'type', 'size', 'size_pretty'];
// `data.screenshot.animated`, with `screenshot.animated`.
const animatedKeys = ['url', 'type', 'size', 'size_pretty', 'width', 'height', 'duration', 'duration_pretty', 'fps', 'codec', 'backend'];
// With `palette=true`: the colours of the image, the logo and the screenshot.
const paletteKeys = ['palette', 'background_color', 'color', 'alternative_color'];
const textFields = ['title', 'description', 'lang', 'author', 'publisher', 'date', 'datePublished', 'dateModified', 'url'];

/** Every path `embed` accepts: a field of `data`, or a field of one of its media or screenshot objects. */
export const embedPaths: readonly string[] = [
  ...textFields,
  ...mediaFields.flatMap((field) => [field, ...mediaKeys.map((key) => `${field}.${key}`)]),
  'screenshot',
  ...screenshotKeys.map((key) => `screenshot.${key}`),
  'screenshot.animated',
  ...animatedKeys.map((key) => `screenshot.animated.${key}`),
  'pdf',
  ...pdfKeys.map((key) => `pdf.${key}`),
  // A product page's price (absent elsewhere: `embed=price` there is an EINVALOPTION, as for any missing value).
  'price',
  'price.amount',
  'price.currency',
  ...['image', 'logo', 'screenshot'].flatMap((field) => paletteKeys.map((key) => `${field}.${key}`)),
];

const knownNames = [
  'url',
  'ping',
  ...pingKinds.map((kind) => `ping.${kind}`),
  'screenshot',
  ...Object.keys(screenshotParams).map((key) => `screenshot.${key}`),
  ...overlayKeys.map((key) => `screenshot.overlay.${key}`),
  'screenshot.animated',
  ...Object.keys(animatedParams).map((key) => `screenshot.animated.${key}`),
  'element',
  'headers.<name>',
  'prerender',
  'palette',
  'insights',
  ...insightKeys.map((key) => `insights.${key}`),
  'proxy',
  ...Object.keys(waitParams),
  ...Object.keys(viewportParams).map((key) => `viewport.${key}`),
  'pdf',
  ...Object.keys(pdfParams).map((key) => `pdf.${key}`),
  ...marginSides.map((side) => `pdf.margin.${side}`),
  ...injectionParams.flatMap((name) => [name, `${name}.<n>`]),
  'iframe',
  'iframe.maxWidth',
  'iframe.maxHeight',
  'meta',
  ...metaFields.map((field) => `meta.${field}`),
  'data.<name>.<selector|selectorAll|attr|type>',
  'timeout',
  'embed',
  'audio',
  'video',
  'force',
  'filter',
  ...cacheParams,
  'retry',
];

/**
 * Turns a query string into `{ url, options, embed }` (spec §4.1): booleans as `true`/`false` (a bare
 * `?screenshot` is `true`), dotted names for object options (`ping.audio=false`,
 * `screenshot.type=jpeg`, `headers.authorization=...`), camelCase or snake_case (`screenshot.full_page`,
 * `wait_until`), `prerender` as `true`, `false` or `auto`,
 * and any `screenshot.*` parameter (or `embed=screenshot.*`) turns screenshots on. Values are checked
 * for their type only; ranges and enums are left to `normalizeOptions`, the one validation path.
 * @throws LinkpeekError EINVALURL when `url` is missing; EINVALOPTION for an unknown, repeated or
 *   badly typed parameter, with `data` keyed by the parameter name.
 */
export function parseQuery(searchParams: URLSearchParams, requestHeaders: RequestHeaders = {}): ParsedQuery {
  const seen = new Set<string>();
  let url: string | undefined;
  let embed: string | null = null;
  let force = false;
  let filter: string[] | null = null;
  const cache: CacheParams = {};
  let ping: boolean | undefined;
  const pingByKind: Partial<Record<PingKind, boolean>> = {};
  let screenshot: boolean | undefined;
  const screenshotOptions: Record<string, unknown> = {};
  const headers: Record<string, string> = {};
  let iframe: boolean | undefined;
  const iframeSize: Record<string, number> = {};
  let insights: boolean | undefined;
  const insightsByKey: Record<string, boolean> = {};
  let meta: boolean | undefined;
  const metaByField: Partial<Record<MetaField, boolean>> = {};
  const viewport: Record<string, unknown> = {};
  let pdf: boolean | undefined;
  const pdfOptions: Record<string, unknown> = {};
  const injected: Partial<Record<(typeof injectionParams)[number], Map<number, string>>> = {};
  const dataParams: [string[], string][] = [];
  const options: ExtractOptions = {};
  let unknown: string | undefined;

  // Repeats are judged on the canonical name, so `ping.audio` and `ping.Audio` cannot both be given.
  const once = (canonical: string, name: string) => {
    if (seen.has(canonical)) throw invalidParam(name, 'is given more than once');
    seen.add(canonical);
  };
  for (const [name, value] of searchParams) {
    const dot = name.indexOf('.');
    const head = dot === -1 ? name : name.slice(0, dot);
    const rest = dot === -1 ? '' : name.slice(dot + 1);

    const wait = dot === -1 ? matchName(name, Object.keys(waitParams) as (keyof typeof waitParams)[]) : undefined;
    const cacheParam = dot === -1 ? matchName(name, cacheParams) : undefined;
    const retry = dot === -1 ? matchName(name, ['retry']) : undefined;
    if (dot === -1) once(wait ?? cacheParam ?? retry ?? name, name);
    if (name === 'url') url = value;
    else if (cacheParam) cache[cacheParam] = value;
    else if (retry) options.retry = toNumber(name, value);
    else if (name === 'prerender') {
      if (value !== 'auto' && value !== '' && value !== 'true' && value !== 'false') throw invalidParam(name, 'must be `true`, `false` or `auto`', value);
      options.prerender = value === 'auto' ? 'auto' : toBoolean(name, value);
    }
    // `proxy=false` leaves the config's proxy out; a URL is taken only with `allowCallerProxy`.
    else if (name === 'proxy') options.proxy = value === 'false' ? false : value;
    else if (wait) options[wait] = convert(name, value, waitParams[wait]) as never;
    else if (name === 'ping') ping = toBoolean(name, value);
    else if (name === 'palette') options.palette = toBoolean(name, value);
    else if (name === 'insights') insights = toBoolean(name, value);
    else if (name === 'screenshot') screenshot = toBoolean(name, value);
    else if (name === 'pdf') pdf = toBoolean(name, value);
    else if ((injectionParams as readonly string[]).includes(name) || ((injectionParams as readonly string[]).includes(head) && /^\d+$/.test(rest))) {
      const list = (injected[head as (typeof injectionParams)[number]] ??= new Map());
      const index = rest === '' ? 0 : Number(rest);
      if (rest !== '') once(`${head}.${index}`, name);
      if (list.has(index) || (rest === '' ? list.size > 0 : list.has(-1))) throw invalidParam(head, 'is given both alone and as a list');
      list.set(rest === '' ? -1 : index, value);
    } else if (head === 'viewport' && rest) {
      const key = matchName(rest, Object.keys(viewportParams));
      if (!key) throw unknownParam(name, false);
      once(`viewport.${key}`, name);
      viewport[key] = convert(name, value, viewportParams[key] as ValueKind);
    } else if (head === 'pdf' && /^margin\./i.test(rest)) {
      const side = matchName(rest.slice('margin.'.length), marginSides);
      if (!side) throw unknownParam(name, false);
      once(`pdf.margin.${side}`, name);
      if (typeof pdfOptions.margin === 'string') throw invalidParam('pdf.margin', 'is given both for all sides and per side');
      pdfOptions.margin = {...(pdfOptions.margin as object | undefined), [side]: value};
    } else if (head === 'pdf' && rest) {
      const key = matchName(rest, Object.keys(pdfParams));
      if (!key) throw unknownParam(name, false);
      once(`pdf.${key}`, name);
      if (key === 'margin' && typeof pdfOptions.margin === 'object') throw invalidParam('pdf.margin', 'is given both for all sides and per side');
      pdfOptions[key] = convert(name, value, pdfParams[key] as ValueKind);
    }
    else if (name === 'element') options.element = value;
    else if (name === 'timeout') options.timeout = toDuration(name, value);
    // linkpeek always returns `data.audio` and `data.video`: the flags of the official client are accepted as they are.
    else if (name === 'audio' || name === 'video') toBoolean(name, value);
    else if (name === 'force') force = toBoolean(name, value);
    else if (name === 'filter') filter = toFilterPaths(value);
    else if (name === 'embed') embed = toEmbedPath(value);
    else if (head === 'ping' && rest) {
      const kind = matchName(rest, pingKinds);
      if (!kind) throw unknownParam(name, false);
      once(`ping.${kind}`, name);
      pingByKind[kind] = toBoolean(name, value);
    } else if (head === 'screenshot' && /^overlay\./i.test(rest)) {
      const key = matchName(rest.slice('overlay.'.length), overlayKeys);
      if (!key) throw unknownParam(name, false);
      once(`screenshot.overlay.${key}`, name);
      screenshotOptions.overlay = {...(screenshotOptions.overlay as object | undefined), [key]: value};
    } else if (head === 'screenshot' && /^animated(\.|$)/i.test(rest)) {
      screenshotOptions.animated = animatedParam(name, rest.slice('animated'.length + 1), value, screenshotOptions.animated, once);
    } else if (head === 'screenshot' && rest) {
      const key = matchName(rest, Object.keys(screenshotParams)) as keyof typeof screenshotParams | undefined;
      if (!key) throw unknownParam(name, false);
      once(`screenshot.${key}`, name);
      screenshotOptions[key] = convert(name, value, screenshotParams[key]);
    } else if (name === 'iframe') iframe = toBoolean(name, value);
    else if (name === 'meta') meta = toBoolean(name, value);
    else if (head === 'iframe' && rest) {
      const key = matchName(rest, ['maxWidth', 'maxHeight']);
      if (!key) throw unknownParam(name, false);
      once(`iframe.${key}`, name);
      iframeSize[key] = toNumber(name, value);
    } else if (head === 'insights' && rest) {
      const key = matchName(rest, insightKeys);
      if (!key) throw unknownParam(name, false);
      once(`insights.${key}`, name);
      insightsByKey[key] = toBoolean(name, value);
    } else if (head === 'meta' && rest) {
      const field = matchName(rest, metaFields);
      if (!field) throw unknownParam(name, false);
      once(`meta.${field}`, name);
      metaByField[field] = toBoolean(name, value);
    } else if (head === 'data' && rest) {
      // Rule names are the caller's own (case kept); the path is rebuilt by unflattenRules.
      once(name, name);
      dataParams.push([rest.split('.'), value]);
    } else if (head === 'headers' && rest) {
      const header = toHeaderName(rest);
      once(`headers.${header}`, name);
      headers[header] = value;
    } else unknown ??= name;
  }
  if (unknown !== undefined) throw unknownParam(unknown, url?.includes('?') ?? false);
  // `x-api-header-<name>` request headers are `headers.<name>` kept out of the query string.
  for (const [raw, value] of Object.entries(requestHeaders)) {
    const lower = raw.toLowerCase();
    if (!lower.startsWith(apiHeaderPrefix) || value === undefined) continue;
    const rest = lower.slice(apiHeaderPrefix.length);
    if (rest === '') throw invalidParam(raw, 'must name a header after `x-api-header-`');
    const header = toHeaderName(rest);
    once(`headers.${header}`, `headers.${header}`);
    headers[header] = Array.isArray(value) ? value.join(', ') : value;
  }

  if (url === undefined || url.trim() === '') {
    throw new LinkpeekError('EINVALURL', 'The `url` parameter is required.', {data: {url: 'is required'}});
  }
  if (Object.keys(pingByKind).length > 0) {
    const base = ping ?? true;
    options.ping = Object.fromEntries(pingKinds.map((kind) => [kind, pingByKind[kind] ?? base]));
  } else if (ping !== undefined) options.ping = ping;

  const dotted = Object.keys(screenshotOptions).length > 0;
  if (screenshot === false && (dotted || embed?.startsWith('screenshot'))) {
    throw invalidParam('screenshot', 'is false, but other parameters ask for a screenshot');
  }
  if (dotted) options.screenshot = screenshotOptions as ScreenshotOptions;
  else if (screenshot !== undefined || embed?.startsWith('screenshot')) options.screenshot = screenshot ?? true;
  const pdfDotted = Object.keys(pdfOptions).length > 0;
  if (pdf === false && (pdfDotted || embed?.startsWith('pdf'))) throw invalidParam('pdf', 'is false, but other parameters ask for a PDF');
  if (pdfDotted) options.pdf = pdfOptions as ExtractOptions['pdf'];
  else if (pdf !== undefined || embed?.startsWith('pdf')) options.pdf = pdf ?? true;
  if (Object.keys(viewport).length > 0) options.viewport = viewport;
  for (const name of injectionParams) {
    const list = injected[name];
    if (!list) continue;
    if (list.has(-1)) options[name] = list.get(-1) as string;
    else {
      const indexes = [...list.keys()].sort((a, b) => a - b);
      if (indexes.some((index, position) => index !== position)) throw invalidParam(name, 'must be indexed from 0 without gaps (`styles.0`, `styles.1`)');
      options[name] = indexes.map((index) => list.get(index) as string);
    }
  }
  if (Object.keys(headers).length > 0) options.headers = headers;
  if (Object.keys(iframeSize).length > 0) {
    if (iframe === false) throw invalidParam('iframe', 'is false, but `iframe.*` parameters ask for it');
    options.iframe = iframeSize;
  } else if (iframe !== undefined) options.iframe = iframe;
  if (Object.keys(insightsByKey).length > 0) {
    if (insights === false) throw invalidParam('insights', 'is false, but `insights.*` parameters ask for it');
    options.insights = insightsByKey;
  } else if (insights !== undefined) options.insights = insights;
  if (Object.keys(metaByField).length > 0) {
    if (meta !== undefined) throw invalidParam('meta', 'cannot be given together with `meta.*` parameters');
    options.meta = metaByField;
  } else if (meta !== undefined) options.meta = meta;
  if (dataParams.length > 0) options.data = unflattenRules(dataParams) as ExtractOptions['data'];
  return {url, options, embed, force, filter, cache};
}

/**
 * Rebuilds nested `data` rules from dotted parameters (`data.price.selector=.price`,
 * `data.items.attr.title.selector=h2`): each segment is an object key, and an object whose keys are
 * all 0, 1, 2... becomes an array (`data.price.0.selector` is a fallback list, `data.price.attr.0`
 * a list of attributes). A path that is both a value and an object is an error.
 */
function unflattenRules(params: [string[], string][]): unknown {
  const root: Record<string, unknown> = {};
  for (const [path, value] of params) {
    let node = root;
    path.forEach((segment, index) => {
      const name = `data.${path.slice(0, index + 1).join('.')}`;
      if (segment === '' || segment === '__proto__' || segment === 'constructor' || segment === 'prototype') {
        throw invalidParam(name, 'is not a valid rule path');
      }
      const last = index === path.length - 1;
      const existing = Object.hasOwn(node, segment) ? node[segment] : undefined;
      if (last) {
        if (existing !== undefined) throw invalidParam(name, 'is given both as a value and as an object');
        node[segment] = value;
        return;
      }
      if (existing === undefined) node[segment] = {};
      else if (typeof existing !== 'object') throw invalidParam(name, 'is given both as a value and as an object');
      node = node[segment] as Record<string, unknown>;
    });
  }
  return toArrays(root);
}

function toArrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, toArrays(item)] as const);
  const keys = entries.map(([key]) => key);
  const isList = keys.length > 0 && keys.every((key, index) => key === String(index));
  return isList ? entries.map(([, item]) => item) : Object.fromEntries(entries);
}

/** `user_agent`, `userAgent` and `User-Agent` all name the `user-agent` header. */
function toHeaderName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replaceAll('_', '-')
    .toLowerCase();
}

/** Finds `name` among `known`, ignoring case, `_` and `-` (so `full_page` is `fullPage`). */
function matchName<T extends string>(name: string, known: readonly T[]): T | undefined {
  const squash = (text: string) => text.replace(/[-_]/g, '').toLowerCase();
  return known.find((candidate) => squash(candidate) === squash(name));
}

/**
 * `screenshot.animated` (a boolean) or one of its keys (`screenshot.animated.fps=24`) merged into
 * what was read so far: keys make it an object, which `screenshot.animated=false` contradicts.
 */
function animatedParam(name: string, key: string, value: string, current: unknown, once: (canonical: string, name: string) => void): unknown {
  if (key === '') {
    once('screenshot.animated', name);
    const on = toBoolean(name, value);
    if (typeof current === 'object' && !on) throw invalidParam(name, 'is false while `screenshot.animated.*` keys are given');
    return typeof current === 'object' ? current : on;
  }
  const known = matchName(key, Object.keys(animatedParams) as (keyof typeof animatedParams)[]);
  if (!known) throw unknownParam(name, false);
  once(`screenshot.animated.${known}`, name);
  if (current === false) throw invalidParam(name, 'is given while `screenshot.animated` is false');
  return {...(typeof current === 'object' ? current : {}), [known]: convert(name, value, animatedParams[known])};
}

function convert(name: string, value: string, kind: ValueKind): boolean | number | string {
  if (kind === 'boolean') return toBoolean(name, value);
  if (kind === 'number') return toNumber(name, value);
  return value;
}

function toBoolean(name: string, value: string): boolean {
  // A bare `?screenshot` (empty value) means true, as in HTML boolean attributes.
  if (value === '' || value === 'true') return true;
  if (value === 'false') return false;
  throw invalidParam(name, 'must be `true` or `false`', value);
}

function toNumber(name: string, value: string): number {
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw invalidParam(name, 'must be a number', value);
  return Number(value);
}

/** Milliseconds from `1500`, `500ms`, `1.5s`, `10secs`, `10second` or `10seconds`. */
function toDuration(name: string, value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|secs?|seconds?)?$/i.exec(value.trim());
  if (!match) throw invalidParam(name, 'must be a number of milliseconds or a duration such as `10s` or `500ms`', value);
  const amount = Number(match[1]);
  const unit = match[2]?.toLowerCase();
  return !unit || unit === 'ms' ? amount : Math.round(amount * 1000);
}

/** `url,title,image.url` → its dotted paths: each segment a field name, none empty or repeated. */
function toFilterPaths(value: string): string[] {
  const paths = value.split(',').map((path) => path.trim());
  for (const path of paths) {
    const segments = path.split('.');
    if (path === '' || segments.some((segment) => !/^[A-Za-z0-9_$-]+$/.test(segment) || forbiddenKeys.has(segment))) {
      throw invalidParam('filter', 'must be a comma-separated list of dotted field paths, such as `url,title,image.url`', value);
    }
  }
  return [...new Set(paths)];
}

const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

function toEmbedPath(value: string): string {
  if (embedPaths.includes(value)) return value;
  const closest = closestName(value, embedPaths);
  throw invalidParam('embed', `must be a field of \`data\`, such as \`screenshot.url\`${closest ? ` (did you mean \`${closest}\`?)` : ''}`, value);
}

function invalidParam(name: string, reason: string, received?: string): LinkpeekError {
  const shown = received === undefined ? '' : ` Received ${JSON.stringify(received.length > 60 ? `${received.slice(0, 57)}...` : received)}.`;
  return new LinkpeekError('EINVALOPTION', `Parameter \`${name}\` ${reason}.${shown}`, {data: {[name]: reason}});
}

function unknownParam(name: string, urlHasQuery: boolean): LinkpeekError {
  const closest = closestName(name, knownNames);
  const hint = closest ? ` Did you mean \`${closest}\`?` : '';
  // With a `?` in `url`, the likely cause is a target query string that was not percent-encoded (spec rule 7).
  const encodeHint = urlHasQuery ? ' If it belongs to the target URL, percent-encode the whole `url` value.' : '';
  return new LinkpeekError('EINVALOPTION', `Unknown parameter \`${name}\`.${hint}${encodeHint}`, {
    data: {[name]: 'is not a known parameter'},
  });
}

