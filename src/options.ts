// The public options, composed from the stages' own (each stage folder's options.ts holds the types,
// defaults and validation of its options, next to the code that reads them): ExtractOptions and
// ExtractorConfig for the caller, ResolvedOptions and ResolvedConfig once normalised. No stage
// imports this file; the pipeline (extract.ts), the endpoint and the CLI do.
import {type BrowserCallOptions, type BrowserConfig, type BrowserConfigInput, defaultBrowserConfig, normalizeBrowserConfig} from './browser/options.js';
import {normalizeEmulation, normalizePageSetup, normalizeWait, type ResolvedWait} from './browser/options.js';
import type {Emulation, PageSetup, ResolvedPdfOptions, ResolvedScreenshotOptions} from './browser/provider.js';
import {defaultPdfConfig, normalizePdf, normalizePdfConfig, type PdfCallOptions, type PdfConfigInput} from './screenshot/pdf-options.js';
import {defaultFetchConfig, type FetchCallOptions, type FetchConfig, type FetchConfigInput, normalizeFetchConfig, normalizeHeaders} from './fetch/options.js';
import {normalizeIframe, normalizeOEmbedConfig, type OEmbedCallOptions, type OEmbedConfig, type OEmbedConfigInput, type ResolvedIframe} from './oembed/options.js';
import {assertObject, invalidOption, milliseconds, positiveInteger, rejectUnknownKeys} from './option-checks.js';
import {defaultPingConfig, normalizePing, normalizePingConfig, type PingCallOptions, type PingConfig, type PingConfigInput, type PingKind} from './ping/options.js';
import {defaultRenderConfig, normalizePrerender, normalizeRenderConfig, type RenderCallOptions, type RenderConfig, type RenderConfigInput} from './render/options.js';
import {normalizeRulesConfig, normalizeRulesOptions, type ResolvedRulesOptions, type RulesCallOptions, type RulesConfig, type RulesConfigInput} from './rules/options.js';
import {normalizePalette, type PaletteCallOptions} from './palette/options.js';
import {normalizeInsights, type InsightsCallOptions, type ResolvedInsights} from './insights/options.js';
import {normalizeScreenshot, normalizeScreenshotConfig, type ScreenshotCallOptions, type ScreenshotConfig, type ScreenshotConfigInput} from './screenshot/options.js';
import {type AddressConfig, type AddressConfigInput, normalizeAddressConfig} from './url/options.js';
import {normalizeProfileConfig, type ProfileConfig, type ProfileConfigInput} from './fetch/profile-options.js';
import {normalizeRetry} from './fetch/retry.js';
import {normalizeCallProxy, normalizeProxyConfig, type ProxyCallOptions, type ProxyConfig, type ProxyConfigInput} from './fetch/proxy-options.js';
import type {ResolvedProxy} from './fetch/proxy.js';
import {normalizeWallsConfig, type WallsConfig, type WallsConfigInput} from './walls/options.js';
import {loadCssSelect} from './shared/lazy-css-select.js';

export type {AddressPolicy} from './url/options.js';
export type {PingKind, PingOptions} from './ping/options.js';
export type {IframeOptions} from './oembed/options.js';
export type {ResolvedWait} from './browser/options.js';
export {pingKinds} from './ping/options.js';
export {maxRedirects, refusedHeaders} from './fetch/options.js';
export {defaultEmulation, defaultWait} from './browser/options.js';
export {defaultScreenshotOptions} from './screenshot/options.js';

/** Per-call options: the spec's parameters, safe to take from an untrusted HTTP caller. */
export interface ExtractOptions
  extends PingCallOptions,
    ScreenshotCallOptions,
    FetchCallOptions,
    RenderCallOptions,
    BrowserCallOptions,
    OEmbedCallOptions,
    PaletteCallOptions,
    InsightsCallOptions,
    RulesCallOptions,
    ProxyCallOptions,
    PdfCallOptions {
  /** Total milliseconds for this call, capped at the config's `maxTimeout`. @default config.timeout */
  timeout?: number;
  /** Aborts the call; rejects with `EABORTED`. */
  signal?: AbortSignal;
}

/** Trusted configuration, set once by the embedding app. Never built from request input. */
export interface ExtractorConfig
  extends AddressConfigInput,
    FetchConfigInput,
    PingConfigInput,
    BrowserConfigInput,
    ScreenshotConfigInput,
    RenderConfigInput,
    OEmbedConfigInput,
    ProfileConfigInput,
    ProxyConfigInput,
    WallsConfigInput,
    RulesConfigInput,
    PdfConfigInput {
  /** Default total milliseconds per `extract()` call (fetch, ping and screenshot). @default 10000 */
  timeout?: number;
  /** Ceiling for a per-call `timeout`. @default 30000 */
  maxTimeout?: number;
}

/** The call's own part of the config: its time budget. */
export interface CallConfig {
  timeout: number;
  maxTimeout: number;
}

/**
 * Config with every default filled in: every stage's slice together. A stage's functions take only
 * their slice (`FetchConfig`, `PingConfig`, …); this is what the pipeline hands them all.
 */
export type ResolvedConfig = CallConfig &
  AddressConfig &
  FetchConfig &
  PingConfig &
  BrowserConfig &
  ScreenshotConfig &
  RenderConfig &
  OEmbedConfig &
  ProfileConfig &
  ProxyConfig &
  WallsConfig &
  RulesConfig & {maxPdfSize: number};

/** Per-call options with every default filled in. */
export interface ResolvedOptions extends ResolvedRulesOptions {
  ping: Record<PingKind, boolean>;
  screenshot: ResolvedScreenshotOptions | null;
  prerender: boolean | 'auto';
  wait: ResolvedWait;
  /** Device, colour scheme, media type and window of browser pages (rendering, screenshot, PDF). */
  emulation: Emulation;
  /** Scripts, animations, ad blocking and injected styles and scripts of browser pages. */
  page: PageSetup;
  /** `null` when `pdf` is off. */
  pdf: ResolvedPdfOptions | null;
  /** `null` when `iframe` is off. */
  iframe: ResolvedIframe;
  headers: Record<string, string>;
  /** Add the colours of `image`, `logo` and `screenshot` (docs/palette.md). */
  palette: boolean;
  /** `data.insights`: what is asked (docs/insights.md); `null` when `insights` is off. */
  insights: ResolvedInsights | null;
  /** The call's proxy (the config's unless the call named one or said `false`); `null` for none. */
  proxy: ResolvedProxy | null;
  /** More tries of the page after a retryable target failure (fetch/retry.ts). */
  retry: number;
  timeout: number;
  signal: AbortSignal | undefined;
}

/** Defaults of {@link ExtractorConfig}, the values the README's config table states. */
export const defaultConfig = {
  userAgent: defaultFetchConfig.userAgent,
  timeout: 10_000,
  maxTimeout: 30_000,
  maxBodySize: defaultFetchConfig.maxBodySize,
  bodyLimit: defaultFetchConfig.bodyLimit,
  pingConcurrency: defaultPingConfig.pingConcurrency,
  pingTimeout: defaultPingConfig.pingTimeout,
  prerenderHosts: defaultRenderConfig.prerenderHosts,
  maxPageBytes: defaultBrowserConfig.maxPageBytes,
  maxPdfSize: defaultPdfConfig.maxPdfSize,
} as const;

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
  'viewport',
  'javascript',
  'animations',
  'adblock',
  'styles',
  'scripts',
  'modules',
  'pdf',
  'iframe',
  'meta',
  'data',
  'palette',
  'insights',
  'proxy',
  'retry',
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
  'requestGate',
  'pingConcurrency',
  'pingTimeout',
  'maxDescriptionLength',
  'screenshotProvider',
  'screenshotStore',
  'prerenderHosts',
  'maxPageBytes',
  'adblockFilters',
  'maxPdfSize',
  'oembedProviders',
  'requestProfiles',
  'proxy',
  'allowCallerProxy',
  'walls',
  'sites',
];

/** Validates trusted config once and fills defaults, each stage its own options. @throws LinkpeekError EINVALOPTION */
export function normalizeConfig(config: ExtractorConfig = {}): ResolvedConfig {
  assertObject(config, 'config');
  rejectUnknownKeys(config, configKeys, 'config.');
  const address = normalizeAddressConfig(config);
  const fetch = normalizeFetchConfig(config);
  const browser = normalizeBrowserConfig(config);
  const screenshot = normalizeScreenshotConfig(config);
  return {
    ...address,
    ...fetch,
    timeout: milliseconds(config.timeout, 'timeout', defaultConfig.timeout),
    maxTimeout: milliseconds(config.maxTimeout, 'maxTimeout', defaultConfig.maxTimeout),
    ...normalizePingConfig(config),
    ...browser,
    ...screenshot,
    ...normalizePdfConfig(config),
    ...normalizeRenderConfig(config),
    ...normalizeOEmbedConfig(config),
    ...normalizeProfileConfig(config),
    ...normalizeProxyConfig(config),
    ...normalizeWallsConfig(config),
    ...normalizeRulesConfig(config),
  };
}

/**
 * Loads what {@link normalizeOptions} needs for these options and the core does not load: css-select
 * when they may hold CSS selectors (`data` rules, a `screenshot` object's `hide`, `remove`, `click`,
 * `scroll`). extract() and the endpoint await it first; a caller of `normalizeOptions` alone need
 * not (shared/lazy-css-select.ts requires it then).
 */
export async function loadOptionParsers(options: ExtractOptions | undefined): Promise<void> {
  const {data, screenshot} = (typeof options === 'object' && options !== null ? options : {}) as ExtractOptions;
  if (data !== undefined || (typeof screenshot === 'object' && screenshot !== null)) await loadCssSelect();
}

/** Validates per-call options (possibly from an HTTP caller) and fills defaults. @throws LinkpeekError EINVALOPTION */
export function normalizeOptions(options: ExtractOptions = {}, config: ResolvedConfig): ResolvedOptions {
  assertObject(options, 'options');
  rejectUnknownKeys(options, extractOptionKeys, '');
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
    throw invalidOption('signal', 'must be an AbortSignal', options.signal);
  }
  const timeout = positiveInteger(options.timeout, 'timeout', config.timeout);
  const prerender = normalizePrerender(options.prerender);
  const wait = normalizeWait(options);
  const emulation = normalizeEmulation(options);
  const ping = normalizePing(options.ping);
  const screenshot = normalizeScreenshot(options, emulation, config.allowAddress);
  const page = normalizePageSetup(options);
  const pdf = normalizePdf(options.pdf);
  const iframe = normalizeIframe(options.iframe);
  const {meta, data} = normalizeRulesOptions(options);
  return {
    ping,
    screenshot,
    prerender,
    wait,
    emulation,
    page,
    pdf,
    iframe,
    meta,
    data,
    headers: normalizeHeaders(options.headers),
    palette: normalizePalette(options.palette),
    insights: normalizeInsights(options.insights),
    proxy: normalizeCallProxy(options.proxy, config),
    retry: normalizeRetry(options.retry),
    timeout: Math.min(timeout, config.maxTimeout),
    signal: options.signal,
  };
}

export {closestName, invalidOption} from './option-checks.js';
