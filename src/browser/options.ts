import type {FetchConfig} from '../fetch/options.js';
import {boundedNumber, invalidOption, positiveInteger} from '../option-checks.js';
import {resolveDevice} from './devices.js';
import type {ColorScheme, Emulation, MediaType, ScreenshotProvider, WaitUntil} from './provider.js';

/** The browser options of the trusted config (part of `ExtractorConfig`). */
export interface BrowserConfigInput {
  /** Screenshot provider; without one, `screenshot: true` uses a one-off Chromium per call. */
  screenshotProvider?: ScreenshotProvider;
  /** Maximum bytes one browser page may download, all its resources together. @default 26214400 (25 MiB) */
  maxPageBytes?: number;
}

/** What the guarded browser reads from the config (the transport's part too, for its requests), defaults filled in. */
export interface BrowserConfig extends FetchConfig {
  screenshotProvider: ScreenshotProvider | null;
  maxPageBytes: number;
}

/** The browser options of a call (part of `ExtractOptions`): how a page is waited for and shown. */
export interface BrowserCallOptions {
  /**
   * When a browser page counts as loaded, for rendering and screenshots. `'auto'`: `'load'`, then,
   * when rendering, until the page's scripts have written what the rules read (a title and a
   * description or body text, and an image if one comes) and the DOM is still for a moment, or else
   * until the network is quiet for 500 ms; at most 3 s more.
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
}

/** How long a browser page is waited for (the top-level `waitUntil`, `waitForSelector`, `waitForTimeout`). */
export interface ResolvedWait {
  waitUntil: WaitUntil;
  waitForSelector: string | null;
  waitForTimeout: number;
}

/** Defaults of {@link BrowserConfigInput}. */
export const defaultBrowserConfig = {maxPageBytes: 25 * 1024 * 1024} as const;

/** Defaults of the top-level waiting options (`waitUntil`, `waitForSelector`, `waitForTimeout`). */
export const defaultWait: ResolvedWait = {waitUntil: 'auto', waitForSelector: null, waitForTimeout: 0};

/** Defaults of the top-level emulation options (`device`, `colorScheme`, `mediaType`). */
export const defaultEmulation: Emulation = {device: null, colorScheme: null, mediaType: 'screen'};

/** The values `waitUntil` (and `screenshot.waitUntil`) take. */
export const waitUntilValues = ['auto', 'load', 'domcontentloaded', 'networkidle0', 'networkidle2'];
const colorSchemes = ['light', 'dark', 'no-preference'];
const mediaTypes = ['screen', 'print'];

/** Validates the browser options of the config and fills their defaults. @throws LinkpeekError EINVALOPTION */
export function normalizeBrowserConfig(config: BrowserConfigInput): Omit<BrowserConfig, keyof FetchConfig> {
  // A provider without its method would only fail later, mid-request.
  if (config.screenshotProvider !== undefined && typeof config.screenshotProvider?.capture !== 'function') {
    throw invalidOption('screenshotProvider.capture', 'must be a function');
  }
  return {
    screenshotProvider: config.screenshotProvider ?? null,
    maxPageBytes: positiveInteger(config.maxPageBytes, 'maxPageBytes', defaultBrowserConfig.maxPageBytes),
  };
}

/** Validates a call's waiting options and fills their defaults. @throws LinkpeekError EINVALOPTION */
export function normalizeWait(options: BrowserCallOptions): ResolvedWait {
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

/** Validates a call's emulation options (`device`, `colorScheme`, `mediaType`). @throws LinkpeekError EINVALOPTION */
export function normalizeEmulation(options: BrowserCallOptions): Emulation {
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
