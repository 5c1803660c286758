import type {AnyNode, Element} from 'domhandler';
import {normalizeOverlay} from '../browser/overlay-background.js';
import type {BrowserCallOptions, BrowserConfig} from '../browser/options.js';
import {waitUntilValues} from '../browser/options.js';
import type {Emulation, ResolvedAnimated, ResolvedScreenshotOptions, ScreenshotOptions, ScreenshotStore} from '../browser/provider.js';
import {assertObject, boundedNumber, invalidOption, rejectUnknownKeys} from '../option-checks.js';
import {cssSelect} from '../shared/lazy-css-select.js';
import type {AddressPolicy} from '../url/options.js';

/** The screenshot options of the trusted config (part of `ExtractorConfig`). */
export interface ScreenshotConfigInput {
  /** Where screenshot images go. @default a `data:` URI store */
  screenshotStore?: ScreenshotStore;
}

/** What takeScreenshot reads from the config (the browser's part too), defaults filled in. */
export interface ScreenshotConfig extends BrowserConfig {
  screenshotStore: ScreenshotStore | null;
}

/** The screenshot options of a call (part of `ExtractOptions`). */
export interface ScreenshotCallOptions {
  /** Add `data.screenshot`; an object sets screenshot options. @default false */
  screenshot?: boolean | ScreenshotOptions;
  /** CSS selector of the element to capture; implies nothing unless `screenshot` is on. */
  element?: string;
}

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
  codeScheme: null,
  animated: null,
};

/** What `screenshot.animated: true` records: the hosted service's defaults. */
export const defaultAnimated: ResolvedAnimated = {duration: 5_000, fps: 30, type: 'mp4'};
const animatedKeys = Object.keys(defaultAnimated);

const screenshotKeys = Object.keys(defaultScreenshotOptions);
// `jpg` is accepted as the file-extension name of `jpeg`, the format name providers get.
const imageTypes = ['png', 'jpeg', 'webp', 'jpg'];
// Most selectors in one of `screenshot.hide`, `remove` or `click`, and longest selector.
const maxSelectors = 50;
const maxSelectorLength = 500;

/** Validates the screenshot options of the config. @throws LinkpeekError EINVALOPTION */
export function normalizeScreenshotConfig(config: ScreenshotConfigInput): Omit<ScreenshotConfig, keyof BrowserConfig> {
  // A store without its method would only fail later, mid-request.
  if (config.screenshotStore !== undefined && typeof config.screenshotStore?.save !== 'function') {
    throw invalidOption('screenshotStore.save', 'must be a function');
  }
  return {screenshotStore: config.screenshotStore ?? null};
}

/**
 * Validates a call's `screenshot` and `element` and fills the defaults: the top-level waits, given
 * once, apply to the screenshot unless `screenshot.*` says otherwise, and an emulated device gives
 * the viewport unless `screenshot.*` sets one. `null` when no screenshot is asked for.
 * @throws LinkpeekError EINVALOPTION
 */
export function normalizeScreenshot(
  options: ScreenshotCallOptions & BrowserCallOptions,
  emulation: Emulation,
  allowAddress: AddressPolicy,
): ResolvedScreenshotOptions | null {
  const {screenshot, element} = options;
  if (element !== undefined && (typeof element !== 'string' || element.trim() === '')) {
    throw invalidOption('element', 'must be a non-empty CSS selector', element);
  }
  if (screenshot === undefined || screenshot === false) return null;
  const device = emulation.viewport ?? emulation.device?.viewport;
  const defaults: ResolvedScreenshotOptions = {
    ...defaultScreenshotOptions,
    ...(device ? {width: device.width, height: device.height, deviceScaleFactor: device.deviceScaleFactor} : {}),
    ...(options.waitUntil === undefined ? {} : {waitUntil: options.waitUntil}),
    ...(options.waitForSelector === undefined ? {} : {waitForSelector: options.waitForSelector}),
    ...(options.waitForTimeout === undefined ? {} : {waitForTimeout: options.waitForTimeout}),
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
    overlay: normalizeOverlay(screenshot.overlay, allowAddress),
    hide: selectorList(screenshot.hide, 'screenshot.hide'),
    remove: selectorList(screenshot.remove, 'screenshot.remove'),
    click: selectorList(screenshot.click, 'screenshot.click'),
    scroll: screenshot.scroll === undefined ? null : cssSelector(screenshot.scroll, 'screenshot.scroll'),
    codeScheme: codeScheme(screenshot.codeScheme),
    animated: animated(screenshot.animated),
  };
}

/** `screenshot.animated`: `true` for the defaults, or an object of duration, fps and type. */
function animated(value: unknown): ResolvedAnimated | null {
  if (value === undefined || value === false) return null;
  if (value === true) return defaultAnimated;
  assertObject(value, 'screenshot.animated');
  rejectUnknownKeys(value, animatedKeys, 'screenshot.animated.');
  const {type} = value as {type?: unknown};
  if (type !== undefined && type !== 'mp4' && type !== 'webm') throw invalidOption('screenshot.animated.type', "must be one of 'mp4', 'webm'", type);
  const integer = (key: 'duration' | 'fps', min: number, max: number) => {
    const number = boundedNumber((value as Record<string, unknown>)[key], `screenshot.animated.${key}`, min, max, defaultAnimated[key]);
    return Math.round(number);
  };
  return {duration: integer('duration', 100, 10_000), fps: integer('fps', 1, 60), type: type ?? defaultAnimated.type};
}

/** A Prism theme id (`atom-dark`); whether the theme exists is known once the themes are loaded. */
function codeScheme(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^[a-z0-9][a-z0-9.-]{0,63}$/.test(value)) {
    throw invalidOption('screenshot.codeScheme', 'must be a Prism theme id such as `atom-dark` (a CSS URL is not taken)', value);
  }
  return value;
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
    // The compile the `data` rules use for an unscoped selector (rules/data-selector.ts), for its errors only.
    cssSelect().compile<AnyNode, Element>(value, {});
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // What css-select lacks (pseudo-elements, some pseudo-classes) may still be valid CSS.
    if (!/pseudo/i.test(reason)) throw invalidOption(name, `is not a valid CSS selector (${reason})`, value);
  }
  return value;
}
