import {lookup as dnsLookup} from 'node:dns';
import type {LookupFunction} from 'node:net';
import {isPublicAddress} from './url/address.js';
import {type MetaField, type MetaOptions, normalizeMeta} from './rules/meta.js';
import {type DataRules, normalizeDataRules, type ResolvedDataRules} from './rules/data-rules.js';
import {compileSelector} from './rules/data-selector.js';
import type {OEmbedProvider} from './oembed/registry.js';
import {
  assertObject,
  boundedNumber,
  invalidOption,
  milliseconds,
  optionalFunction,
  positiveInteger,
  rejectUnknownKeys,
} from './option-checks.js';
import {resolveDevice} from './browser/devices.js';
import {normalizeOverlay} from './browser/overlay-background.js';
import type {
  ColorScheme,
  Emulation,
  MediaType,
  ResolvedScreenshotOptions,
  ScreenshotOptions,
  ScreenshotProvider,
  ScreenshotStore,
  WaitUntil,
} from './browser/provider.js';

/** The kinds of URL in `data` that ping verifies. */
export type PingKind = 'url' | 'image' | 'logo' | 'video' | 'audio';

/** Per-kind ping switches: `false` turns verification off for that kind only (spec `ping.audio=false`). */
export type PingOptions = Partial<Record<PingKind, boolean>>;

/** Per-call options: the spec's parameters, safe to take from an untrusted HTTP caller. */
export interface ExtractOptions {
  /**
   * Verify that URLs in `data` are reachable; unreachable media become `null`.
   * `false` turns it off, `{ audio: false }` turns off one kind.
   * @default true
   */
  ping?: boolean | PingOptions;
  /** Add `data.screenshot`; an object sets screenshot options. @default false */
  screenshot?: boolean | ScreenshotOptions;
  /** CSS selector of the element to capture; implies nothing unless `screenshot` is on. */
  element?: string;
  /** Request headers sent to the target, e.g. credentials (spec rule 9). Hop-by-hop and `Host` are refused. */
  headers?: Record<string, string>;
  /**
   * Read the page a browser sees, after its scripts ran. `false`: the HTML the server sends, never a
   * browser. `true`: always render (ENOBROWSER without a browser). `'auto'`: fetch statically and
   * render only when the result looks client-rendered or the host is in `prerenderHosts`, and only
   * when the config's `screenshotProvider` can render.
   * @default 'auto'
   */
  prerender?: boolean | 'auto';
  /**
   * When a browser page counts as loaded, for rendering and screenshots. `'auto'`: `'load'`, plus up
   * to 3 s of waiting for a quiet network when rendering.
   * @default 'auto'
   */
  waitUntil?: WaitUntil;
  /** CSS selector to wait for before the page is read or captured; never appearing ends in ETIMEOUT. */
  waitForSelector?: string;
  /** Extra milliseconds to wait before the page is read or captured, 0-30000. @default 0 */
  waitForTimeout?: number;
  /**
   * Emulate a device from puppeteer's `KnownDevices` (case-insensitive, e.g. `'iPhone 15'`): its
   * viewport, scale factor, mobile and touch flags and user agent, for rendering and the screenshot.
   * `screenshot.width`, `height` and `deviceScaleFactor` still override its viewport.
   */
  device?: string;
  /** `prefers-color-scheme` the browser page is shown with. @default the browser's own (light) */
  colorScheme?: ColorScheme;
  /** CSS media type the browser page is shown with. @default 'screen' */
  mediaType?: MediaType;
  /**
   * Add `data.iframe`: the provider's embeddable player or widget, through oEmbed (discovered on
   * the page, else from the bundled provider registry). An object forwards `maxWidth`/`maxHeight`.
   * @default false
   */
  iframe?: boolean | IframeOptions;
  /**
   * The default fields to compute: `false` skips them all (only `data` rules, `iframe` and
   * `screenshot` are computed), `{ logo: false }` skips one, `{ title: true, image: true }` keeps only
   * those. A skipped field is `null`.
   * @default true
   */
  meta?: MetaOptions;
  /**
   * Custom extraction rules: each named rule (CSS `selector` or `selectorAll`, `attr`, `type`,
   * nested rules in `attr`, or a list of fallbacks) adds `data.<name>`. A name of a default field
   * replaces that field.
   * @example { price: { selector: '.price', type: 'number' } }
   */
  data?: DataRules;
  /** Total milliseconds for this call, capped at the config's `maxTimeout`. @default config.timeout */
  timeout?: number;
  /** Aborts the call; rejects with `EABORTED`. */
  signal?: AbortSignal;
}

/** The `iframe` object form: the size the provider is asked to fit its markup into. */
export interface IframeOptions {
  /** Maximum width in pixels, forwarded to the provider as `maxwidth`. */
  maxWidth?: number;
  /** Maximum height in pixels, forwarded to the provider as `maxheight`. */
  maxHeight?: number;
}

/** How long a browser page is waited for (the top-level `waitUntil`, `waitForSelector`, `waitForTimeout`). */
export interface ResolvedWait {
  waitUntil: WaitUntil;
  waitForSelector: string | null;
  waitForTimeout: number;
}

/** Decides whether the socket may connect to an address. Must return `true` only for allowed IPs. */
export type AddressPolicy = (address: string, family: 4 | 6) => boolean;

/** Trusted configuration, set once by the embedding app. Never built from request input. */
export interface ExtractorConfig {
  /**
   * Address policy checked at connect time for the page, every redirect hop, every ping and every
   * browser request. Production code never sets it; tests and intranet deployments use it to reach
   * loopback or private hosts.
   * @default isPublicAddress
   * @example { allowAddress: (ip) => ip === '127.0.0.1' }
   */
  allowAddress?: AddressPolicy;
  /** DNS lookup used for every connection (same signature as `dns.lookup`). @default dns.lookup */
  dnsLookup?: LookupFunction;
  /** User-Agent sent to targets. @default 'Mozilla/5.0 (compatible; linkpeek/0.1; +https://github.com/linkpeek/linkpeek)' */
  userAgent?: string;
  /** Default total milliseconds per `extract()` call (fetch, ping and screenshot). @default 10000 */
  timeout?: number;
  /** Ceiling for a per-call `timeout`. @default 30000 */
  maxTimeout?: number;
  /** Maximum decompressed body bytes read from a page. @default 5242880 (5 MiB) */
  maxBodySize?: number;
  /** Past `maxBodySize`: `'truncate'` extracts from what was read, `'error'` throws ETOOLARGE. @default 'truncate' */
  bodyLimit?: 'truncate' | 'error';
  /** Maximum concurrent pings per `extract()` call. @default 16 */
  pingConcurrency?: number;
  /** Cut `data.description` to at most this many characters (on a word boundary, ending with `…`). @default none: whole */
  maxDescriptionLength?: number;
  /** Milliseconds one ping may take (also bounded by the call's deadline). @default 5000 */
  pingTimeout?: number;
  /** Screenshot provider; without one, `screenshot: true` uses a one-off Chromium per call. */
  screenshotProvider?: ScreenshotProvider;
  /** Where screenshot images go. @default a `data:` URI store */
  screenshotStore?: ScreenshotStore;
  /**
   * Hosts known to need rendering: under `prerender: 'auto'` they are always rendered. An entry
   * matches that host and its subdomains (`example.com` matches `app.example.com`).
   * @default []
   */
  prerenderHosts?: string[];
  /** Maximum bytes one browser page may download, all its resources together. @default 26214400 (25 MiB) */
  maxPageBytes?: number;
  /**
   * oEmbed providers for `iframe` when the page has no discovery link, first match wins. To add
   * your own, pass `[...mine, ...bundledProviders()]`.
   * @default the bundled registry (oembed-providers)
   */
  oembedProviders?: readonly OEmbedProvider[];
}

/** Config with every default filled in. */
export interface ResolvedConfig {
  allowAddress: AddressPolicy;
  dnsLookup: LookupFunction;
  userAgent: string;
  timeout: number;
  maxTimeout: number;
  maxBodySize: number;
  bodyLimit: 'truncate' | 'error';
  maxRedirects: number;
  pingConcurrency: number;
  pingTimeout: number;
  /** `null`: descriptions are returned whole. */
  maxDescriptionLength: number | null;
  screenshotProvider: ScreenshotProvider | null;
  screenshotStore: ScreenshotStore | null;
  /** Lowercase host names, without a leading dot. */
  prerenderHosts: string[];
  maxPageBytes: number;
  /** `null`: the bundled registry, loaded on first use. */
  oembedProviders: readonly OEmbedProvider[] | null;
}

/** Per-call options with every default filled in. */
export interface ResolvedOptions {
  ping: Record<PingKind, boolean>;
  screenshot: ResolvedScreenshotOptions | null;
  prerender: boolean | 'auto';
  wait: ResolvedWait;
  /** Device, colour scheme and media type of browser pages (rendering and screenshot). */
  emulation: Emulation;
  /** `null` when `iframe` is off. */
  iframe: {maxWidth: number | null; maxHeight: number | null} | null;
  meta: Record<MetaField, boolean>;
  /** `null` when no rule was given. */
  data: ResolvedDataRules | null;
  headers: Record<string, string>;
  timeout: number;
  signal: AbortSignal | undefined;
}

/** Redirect hops followed before EMAXREDIRECTS (spec §8). */
export const maxRedirects = 10;

/** Defaults of {@link ExtractorConfig}, the values the README's config table states. */
export const defaultConfig = {
  userAgent: 'Mozilla/5.0 (compatible; linkpeek/0.1; +https://github.com/linkpeek/linkpeek)',
  timeout: 10_000,
  maxTimeout: 30_000,
  maxBodySize: 5 * 1024 * 1024,
  bodyLimit: 'truncate',
  pingConcurrency: 16,
  pingTimeout: 5_000,
  prerenderHosts: [],
  maxPageBytes: 25 * 1024 * 1024,
} as const;

/** Defaults of the top-level waiting options (`waitUntil`, `waitForSelector`, `waitForTimeout`). */
export const defaultWait: ResolvedWait = {waitUntil: 'auto', waitForSelector: null, waitForTimeout: 0};

/** Defaults of every screenshot option, applied by `screenshot: true`. */
export const defaultScreenshotOptions: ResolvedScreenshotOptions = {
  type: 'png',
  quality: 80,
  fullPage: false,
  width: 1280,
  height: 800,
  deviceScaleFactor: 1,
  waitUntil: 'load',
  waitForSelector: null,
  waitForTimeout: 0,
  element: null,
  overlay: null,
  hide: [],
  remove: [],
  click: [],
  scroll: null,
};

/** Defaults of the top-level emulation options (`device`, `colorScheme`, `mediaType`). */
export const defaultEmulation: Emulation = {device: null, colorScheme: null, mediaType: 'screen'};

/** Every kind of URL ping can verify, as the keys of the `ping` object. */
export const pingKinds: readonly PingKind[] = ['url', 'image', 'logo', 'video', 'audio'];

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

/** The keys `normalizeOptions` accepts; any other key is `EINVALOPTION`. */
export const extractOptionKeys: readonly string[] = [
  'ping',
  'screenshot',
  'element',
  'headers',
  'prerender',
  'waitUntil',
  'waitForSelector',
  'waitForTimeout',
  'device',
  'colorScheme',
  'mediaType',
  'iframe',
  'meta',
  'data',
  'timeout',
  'signal',
];
/** The keys `normalizeConfig` accepts (`createExtractor` also takes `stages`); any other key is `EINVALOPTION`. */
export const configKeys: readonly string[] = [
  'allowAddress',
  'dnsLookup',
  'userAgent',
  'timeout',
  'maxTimeout',
  'maxBodySize',
  'bodyLimit',
  'pingConcurrency',
  'pingTimeout',
  'maxDescriptionLength',
  'screenshotProvider',
  'screenshotStore',
  'prerenderHosts',
  'maxPageBytes',
  'oembedProviders',
];
const screenshotKeys = Object.keys(defaultScreenshotOptions);
// `jpg` is accepted as the file-extension name of `jpeg`, the format name providers get.
const imageTypes = ['png', 'jpeg', 'webp', 'jpg'];
const colorSchemes = ['light', 'dark', 'no-preference'];
const mediaTypes = ['screen', 'print'];
// Most selectors in one of `screenshot.hide`, `remove` or `click`, and longest selector.
const maxSelectors = 50;
const maxSelectorLength = 500;
const waitUntilValues = ['auto', 'load', 'domcontentloaded', 'networkidle0', 'networkidle2'];

/** Validates trusted config once and fills defaults. @throws LinkpeekError EINVALOPTION */
export function normalizeConfig(config: ExtractorConfig = {}): ResolvedConfig {
  assertObject(config, 'config');
  rejectUnknownKeys(config, configKeys, 'config.');
  optionalFunction(config.allowAddress, 'allowAddress');
  optionalFunction(config.dnsLookup, 'dnsLookup');
  if (config.userAgent !== undefined && typeof config.userAgent !== 'string') {
    throw invalidOption('userAgent', 'must be a string', config.userAgent);
  }
  if (config.bodyLimit !== undefined && config.bodyLimit !== 'truncate' && config.bodyLimit !== 'error') {
    throw invalidOption('bodyLimit', "must be 'truncate' or 'error'", config.bodyLimit);
  }
  // A provider or store without its method would only fail later, mid-request.
  if (config.screenshotProvider !== undefined && typeof config.screenshotProvider?.capture !== 'function') {
    throw invalidOption('screenshotProvider.capture', 'must be a function');
  }
  if (config.screenshotStore !== undefined && typeof config.screenshotStore?.save !== 'function') {
    throw invalidOption('screenshotStore.save', 'must be a function');
  }
  return {
    allowAddress: config.allowAddress ?? isPublicAddress,
    dnsLookup: config.dnsLookup ?? (dnsLookup as LookupFunction),
    userAgent: config.userAgent ?? defaultConfig.userAgent,
    timeout: milliseconds(config.timeout, 'timeout', defaultConfig.timeout),
    maxTimeout: milliseconds(config.maxTimeout, 'maxTimeout', defaultConfig.maxTimeout),
    maxBodySize: positiveInteger(config.maxBodySize, 'maxBodySize', defaultConfig.maxBodySize),
    bodyLimit: config.bodyLimit ?? defaultConfig.bodyLimit,
    maxRedirects,
    pingConcurrency: positiveInteger(config.pingConcurrency, 'pingConcurrency', defaultConfig.pingConcurrency),
    pingTimeout: milliseconds(config.pingTimeout, 'pingTimeout', defaultConfig.pingTimeout),
    maxDescriptionLength: config.maxDescriptionLength === undefined ? null : positiveInteger(config.maxDescriptionLength, 'maxDescriptionLength', 1),
    screenshotProvider: config.screenshotProvider ?? null,
    screenshotStore: config.screenshotStore ?? null,
    prerenderHosts: normalizeHosts(config.prerenderHosts),
    maxPageBytes: positiveInteger(config.maxPageBytes, 'maxPageBytes', defaultConfig.maxPageBytes),
    oembedProviders: normalizeProviders(config.oembedProviders),
  };
}

/** Validates per-call options (possibly from an HTTP caller) and fills defaults. @throws LinkpeekError EINVALOPTION */
export function normalizeOptions(options: ExtractOptions = {}, config: ResolvedConfig): ResolvedOptions {
  assertObject(options, 'options');
  rejectUnknownKeys(options, extractOptionKeys, '');
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
    throw invalidOption('signal', 'must be an AbortSignal', options.signal);
  }
  const timeout = positiveInteger(options.timeout, 'timeout', config.timeout);
  if (options.prerender !== undefined && options.prerender !== true && options.prerender !== false && options.prerender !== 'auto') {
    throw invalidOption('prerender', "must be true, false or 'auto'", options.prerender);
  }
  const wait = normalizeWait(options);
  const emulation = normalizeEmulation(options);
  return {
    ping: normalizePing(options.ping),
    screenshot: normalizeScreenshot(options.screenshot, options.element, options, emulation, config),
    prerender: options.prerender ?? 'auto',
    wait,
    emulation,
    iframe: normalizeIframe(options.iframe),
    meta: normalizeMeta(options.meta),
    data: options.data === undefined ? null : normalizeDataRules(options.data),
    headers: normalizeHeaders(options.headers),
    timeout: Math.min(timeout, config.maxTimeout),
    signal: options.signal,
  };
}

function normalizePing(ping: ExtractOptions['ping']): Record<PingKind, boolean> {
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

function normalizeWait(options: ExtractOptions): ResolvedWait {
  const {waitUntil, waitForSelector, waitForTimeout} = options;
  if (waitUntil !== undefined && !waitUntilValues.includes(waitUntil)) {
    throw invalidOption('waitUntil', `must be one of ${waitUntilValues.map((v) => `'${v}'`).join(', ')}`, waitUntil);
  }
  if (waitForSelector !== undefined && (typeof waitForSelector !== 'string' || waitForSelector.trim() === '')) {
    throw invalidOption('waitForSelector', 'must be a non-empty CSS selector', waitForSelector);
  }
  return {
    waitUntil: waitUntil ?? defaultWait.waitUntil,
    waitForSelector: waitForSelector ?? defaultWait.waitForSelector,
    waitForTimeout: boundedNumber(waitForTimeout, 'waitForTimeout', 0, 30_000, defaultWait.waitForTimeout),
  };
}

function normalizeEmulation(options: ExtractOptions): Emulation {
  const {device, colorScheme, mediaType} = options;
  const oneOf = (name: string, value: unknown, allowed: string[]) => {
    if (value !== undefined && !allowed.includes(value as string)) {
      throw invalidOption(name, `must be one of ${allowed.map((v) => `'${v}'`).join(', ')}`, value);
    }
  };
  oneOf('colorScheme', colorScheme, colorSchemes);
  oneOf('mediaType', mediaType, mediaTypes);
  return {
    device: device === undefined ? defaultEmulation.device : resolveDevice(device),
    colorScheme: colorScheme ?? defaultEmulation.colorScheme,
    mediaType: mediaType ?? defaultEmulation.mediaType,
  };
}

/**
 * A CSS selector list, or an array of them, for `screenshot.hide`, `remove` and `click`. Syntax is
 * checked here (css-select's parser); the browser checks again, and has the last word on
 * pseudo-classes css-select does not know.
 */
function selectorList(value: unknown, name: string): string[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.length > maxSelectors) throw invalidOption(name, `takes at most ${maxSelectors} selectors`, value);
  return list.map((item, index) => cssSelector(item, Array.isArray(value) ? `${name}.${index}` : name));
}

function cssSelector(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > maxSelectorLength) {
    throw invalidOption(name, `must be a non-empty CSS selector of at most ${maxSelectorLength} characters`, value);
  }
  try {
    compileSelector(value, false);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // What css-select lacks (pseudo-elements, some pseudo-classes) may still be valid CSS.
    if (!/pseudo/i.test(reason)) throw invalidOption(name, `is not a valid CSS selector (${reason})`, value);
  }
  return value;
}

function normalizeIframe(iframe: ExtractOptions['iframe']): ResolvedOptions['iframe'] {
  if (iframe === undefined || iframe === false) return null;
  if (iframe === true) return {maxWidth: null, maxHeight: null};
  assertObject(iframe, 'iframe');
  rejectUnknownKeys(iframe, ['maxWidth', 'maxHeight'], 'iframe.');
  const size = (key: 'maxWidth' | 'maxHeight') =>
    iframe[key] === undefined ? null : boundedNumber(iframe[key], `iframe.${key}`, 1, 8192, 1);
  return {maxWidth: size('maxWidth'), maxHeight: size('maxHeight')};
}

function normalizeProviders(providers: ExtractorConfig['oembedProviders']): readonly OEmbedProvider[] | null {
  if (providers === undefined) return null;
  if (!Array.isArray(providers) || providers.some((provider) => typeof provider !== 'object' || provider === null || !Array.isArray(provider.endpoints))) {
    throw invalidOption('oembedProviders', 'must be an array of providers, each with `endpoints`');
  }
  return providers;
}

function normalizeHosts(hosts: ExtractorConfig['prerenderHosts']): string[] {
  if (hosts === undefined) return [];
  if (!Array.isArray(hosts) || hosts.some((host) => typeof host !== 'string' || host.trim() === '')) {
    throw invalidOption('prerenderHosts', 'must be an array of host names', hosts);
  }
  return hosts.map((host) => host.trim().toLowerCase().replace(/^\*?\./, ''));
}

function normalizeScreenshot(
  screenshot: ExtractOptions['screenshot'],
  element: string | undefined,
  top: ExtractOptions,
  emulation: Emulation,
  config: ResolvedConfig,
): ResolvedScreenshotOptions | null {
  if (element !== undefined && (typeof element !== 'string' || element.trim() === '')) {
    throw invalidOption('element', 'must be a non-empty CSS selector', element);
  }
  if (screenshot === undefined || screenshot === false) return null;
  // The top-level waits, given once, apply to the screenshot unless `screenshot.*` says otherwise.
  // An emulated device gives the viewport, unless `screenshot.*` sets one.
  const device = emulation.device?.viewport;
  const defaults: ResolvedScreenshotOptions = {
    ...defaultScreenshotOptions,
    ...(device ? {width: device.width, height: device.height, deviceScaleFactor: device.deviceScaleFactor} : {}),
    ...(top.waitUntil === undefined ? {} : {waitUntil: top.waitUntil}),
    ...(top.waitForSelector === undefined ? {} : {waitForSelector: top.waitForSelector}),
    ...(top.waitForTimeout === undefined ? {} : {waitForTimeout: top.waitForTimeout}),
  };
  if (screenshot === true) return {...defaults, element: element ?? null};
  assertObject(screenshot, 'screenshot');
  rejectUnknownKeys(screenshot, screenshotKeys, 'screenshot.');
  const pick = <T>(key: keyof ScreenshotOptions, allowed: readonly unknown[]): T => {
    const value = screenshot[key];
    if (value === undefined) return defaults[key] as T;
    if (!allowed.includes(value)) {
      throw invalidOption(`screenshot.${key}`, `must be one of ${allowed.map((v) => `'${v}'`).join(', ')}`, value);
    }
    return value as T;
  };
  const selector = (key: 'element' | 'waitForSelector'): string | null => {
    const value = screenshot[key];
    if (value === undefined) return defaults[key];
    if (typeof value !== 'string' || value.trim() === '') {
      throw invalidOption(`screenshot.${key}`, 'must be a non-empty CSS selector', value);
    }
    return value;
  };
  const type = pick<ResolvedScreenshotOptions['type'] | 'jpg'>('type', imageTypes);
  return {
    type: type === 'jpg' ? 'jpeg' : type,
    quality: boundedNumber(screenshot.quality, 'screenshot.quality', 0, 100, defaultScreenshotOptions.quality),
    fullPage: pick('fullPage', [true, false]),
    width: boundedNumber(screenshot.width, 'screenshot.width', 1, 8192, defaults.width),
    height: boundedNumber(screenshot.height, 'screenshot.height', 1, 8192, defaults.height),
    deviceScaleFactor: boundedNumber(screenshot.deviceScaleFactor, 'screenshot.deviceScaleFactor', 0.1, 4, defaults.deviceScaleFactor),
    waitUntil: pick('waitUntil', waitUntilValues),
    waitForSelector: selector('waitForSelector'),
    waitForTimeout: boundedNumber(screenshot.waitForTimeout, 'screenshot.waitForTimeout', 0, 30_000, defaults.waitForTimeout),
    element: element ?? selector('element'),
    overlay: normalizeOverlay(screenshot.overlay, config.allowAddress),
    hide: selectorList(screenshot.hide, 'screenshot.hide'),
    remove: selectorList(screenshot.remove, 'screenshot.remove'),
    click: selectorList(screenshot.click, 'screenshot.click'),
    scroll: screenshot.scroll === undefined ? null : cssSelector(screenshot.scroll, 'screenshot.scroll'),
  };
}

function normalizeHeaders(headers: ExtractOptions['headers']): Record<string, string> {
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

export {closestName, invalidOption} from './option-checks.js';
