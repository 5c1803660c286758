import type {FetchConfig} from '../fetch/options.js';
import {assertObject, boundedNumber, invalidOption, positiveInteger, rejectUnknownKeys} from '../option-checks.js';
import {resolveDevice} from './devices.js';
import type {ColorScheme, Emulation, MediaType, PageSetup, ScreenshotProvider, Viewport, WaitUntil} from './provider.js';

/** The browser options of the trusted config (part of `ExtractorConfig`). */
export interface BrowserConfigInput {
  /** Screenshot provider; without one, `screenshot: true` uses a one-off Chromium per call. */
  screenshotProvider?: ScreenshotProvider;
  /** Maximum bytes one browser page may download, all its resources together. @default 26214400 (25 MiB) */
  maxPageBytes?: number;
  /**
   * Extra filter lists for `adblock` (Adblock Plus / uBlock Origin syntax, e.g. EasyList's text read
   * from disk), matched along with the list linkpeek ships: one list's text, or several. At most
   * 10 MB in all. @default none (the bundled list only)
   */
  adblockFilters?: string | string[];
}

/** What the guarded browser reads from the config (the transport's part too, for its requests), defaults filled in. */
export interface BrowserConfig extends FetchConfig {
  screenshotProvider: ScreenshotProvider | null;
  maxPageBytes: number;
  /** The config's extra `adblockFilters`, joined into one list text, or `null` for none. */
  adblockFilters: string | null;
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
  /**
   * The browser window, merged over the `device`'s (as the hosted service does): `width`, `height`
   * (1-8192 CSS px), `deviceScaleFactor` (0.1-4), `isMobile`, `hasTouch`, `isLandscape`.
   * `screenshot.width`, `height` and `deviceScaleFactor` still override it for the capture.
   */
  viewport?: Partial<Viewport>;
  /**
   * Run the page's scripts in the browser. `false`: the page as served (script execution off), for
   * rendering, screenshots and PDFs; `prerender: 'auto'` then never renders. @default true
   */
  javascript?: boolean;
  /** Let CSS animations and transitions run; `false` stops them before a capture. @default false */
  animations?: boolean;
  /** Block ads and trackers in browser pages (filter lists; blocked requests are counted). @default true */
  adblock?: boolean;
  /** CSS added to browser pages once loaded: inline rules or http(s) stylesheet URLs. */
  styles?: string | string[];
  /** Scripts run in browser pages once loaded (never in Node): inline code or http(s) URLs. */
  scripts?: string | string[];
  /** ES modules run the same way (`<script type="module">`). */
  modules?: string | string[];
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

/** Defaults of the top-level emulation options (`device`, `colorScheme`, `mediaType`, `viewport`). */
export const defaultEmulation: Emulation = {device: null, colorScheme: null, mediaType: 'screen', viewport: null};

/** Defaults of the top-level page options (`javascript`, `animations`, `adblock`, `styles`, `scripts`, `modules`). */
export const defaultPageSetup: PageSetup = {javascript: true, animations: false, adblock: true, styles: [], scripts: [], modules: []};

/** The window of a browser page when neither `device` nor `viewport` says otherwise. */
export const defaultViewport: Viewport = {width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false};
const viewportKeys = Object.keys(defaultViewport);
// Most entries in one of `styles`, `scripts`, `modules`, and the most characters of one.
const maxInjections = 20;
const maxInjectionLength = 100_000;

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
    adblockFilters: filterLists(config.adblockFilters),
  };
}

// A list is parsed once per process and kept (browser/adblock.ts): EasyList is about 2 MB.
const maxFilterText = 10 * 1024 * 1024;

/** `adblockFilters`: one list text or several, joined; `null` for none. @throws LinkpeekError EINVALOPTION */
function filterLists(value: unknown): string | null {
  if (value === undefined) return null;
  const lists = Array.isArray(value) ? value : [value];
  lists.forEach((list, index) => {
    if (typeof list !== 'string') throw invalidOption(Array.isArray(value) ? `adblockFilters.${index}` : 'adblockFilters', 'must be the text of a filter list', list);
  });
  const text = (lists as string[]).join('\n');
  if (text.length > maxFilterText) throw invalidOption('adblockFilters', `must be at most ${maxFilterText} characters in all`);
  return text.trim() === '' ? null : text;
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
  const resolved = device === undefined ? defaultEmulation.device : resolveDevice(device);
  return {
    device: resolved,
    colorScheme: colorScheme ?? defaultEmulation.colorScheme,
    mediaType: mediaType ?? defaultEmulation.mediaType,
    viewport: options.viewport === undefined ? (resolved?.viewport ?? null) : normalizeViewport(options.viewport, resolved?.viewport ?? defaultViewport),
  };
}

/** `viewport` merged over `base` (the device's window, else the default one). @throws LinkpeekError EINVALOPTION */
function normalizeViewport(viewport: unknown, base: Viewport): Viewport {
  assertObject(viewport, 'viewport');
  rejectUnknownKeys(viewport, viewportKeys, 'viewport.');
  const given = viewport as Partial<Record<keyof Viewport, unknown>>;
  const flag = (key: 'isMobile' | 'hasTouch' | 'isLandscape'): boolean => {
    const value = given[key];
    if (value === undefined) return base[key];
    if (typeof value !== 'boolean') throw invalidOption(`viewport.${key}`, 'must be true or false', value);
    return value;
  };
  return {
    width: boundedNumber(given.width, 'viewport.width', 1, 8192, base.width),
    height: boundedNumber(given.height, 'viewport.height', 1, 8192, base.height),
    deviceScaleFactor: boundedNumber(given.deviceScaleFactor, 'viewport.deviceScaleFactor', 0.1, 4, base.deviceScaleFactor),
    isMobile: flag('isMobile'),
    hasTouch: flag('hasTouch'),
    isLandscape: flag('isLandscape'),
  };
}

/**
 * Validates a call's page options (`javascript`, `animations`, `adblock`, `styles`, `scripts`,
 * `modules`) and fills their defaults.
 * @throws LinkpeekError EINVALOPTION
 */
export function normalizePageSetup(options: BrowserCallOptions): PageSetup {
  const flag = (name: 'javascript' | 'animations' | 'adblock'): boolean => {
    const value = options[name];
    if (value === undefined) return defaultPageSetup[name];
    if (typeof value !== 'boolean') throw invalidOption(name, 'must be true or false', value);
    return value;
  };
  const setup: PageSetup = {
    javascript: flag('javascript'),
    animations: flag('animations'),
    adblock: flag('adblock'),
    styles: injections(options.styles, 'styles'),
    scripts: injections(options.scripts, 'scripts'),
    modules: injections(options.modules, 'modules'),
  };
  if (!setup.javascript && setup.scripts.length + setup.modules.length > 0) {
    throw invalidOption(setup.scripts.length > 0 ? 'scripts' : 'modules', 'cannot run with `javascript: false`');
  }
  return setup;
}

/** A list of inline code or http(s) URLs for `styles`, `scripts` or `modules`. */
function injections(value: unknown, name: string): string[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.length > maxInjections) throw invalidOption(name, `takes at most ${maxInjections} entries`, value);
  return list.map((item, index) => {
    const itemName = Array.isArray(value) ? `${name}.${index}` : name;
    if (typeof item !== 'string' || item.trim() === '' || item.length > maxInjectionLength) {
      throw invalidOption(itemName, `must be non-empty code or an http(s) URL of at most ${maxInjectionLength} characters`, item);
    }
    return item;
  });
}
