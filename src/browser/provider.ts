import type {ImageType} from '../data.js';
import type {PageGuard} from './page-guard.js';

export type {ImageType};
export type {PageGuard, ResourceFetcher, ResourceRequest, ResourceResponse} from './page-guard.js';

/** When navigation counts as finished before the capture. */
export type WaitUntil = 'load' | 'domcontentloaded' | 'networkidle0' | 'networkidle2';

/** Per-call screenshot options (the `screenshot` object form). */
export interface ScreenshotOptions {
  /** Image format. @default 'png' */
  type?: ImageType;
  /** JPEG/WebP quality, 0-100. Ignored for PNG. @default 80 */
  quality?: number;
  /** Capture the whole scrollable page instead of the viewport. @default false */
  fullPage?: boolean;
  /** Viewport width in CSS pixels. @default 1280 */
  width?: number;
  /** Viewport height in CSS pixels. @default 800 */
  height?: number;
  /** Device pixel ratio: the image is this many times the CSS size. @default 1 */
  deviceScaleFactor?: number;
  /** Navigation event to wait for. @default 'load' */
  waitUntil?: WaitUntil;
  /** CSS selector to wait for before capturing. @default undefined */
  waitForSelector?: string;
  /** Extra milliseconds to wait before capturing. @default 0 */
  waitForTimeout?: number;
  /** CSS selector of the element to capture (same as the top-level `element`). @default undefined */
  element?: string;
}

/** Screenshot options with every default filled in. */
export interface ResolvedScreenshotOptions {
  type: ImageType;
  quality: number;
  fullPage: boolean;
  width: number;
  height: number;
  deviceScaleFactor: number;
  waitUntil: WaitUntil;
  waitForSelector: string | null;
  waitForTimeout: number;
  element: string | null;
}

/** What a provider is asked to capture: the page, how to guard its requests, and the screenshot options. */
export interface CaptureRequest extends ResolvedScreenshotOptions, PageGuard {
  /** Milliseconds the whole capture may take. */
  timeout: number;
  /** Aborts the capture. */
  signal?: AbortSignal;
}

/** The image bytes a provider returns. */
export interface CaptureResult {
  bytes: Uint8Array;
  type: ImageType;
}

/** Anything that can turn a page into image bytes. Ship your own to replace Chromium. */
export interface ScreenshotProvider {
  capture(request: CaptureRequest): Promise<CaptureResult>;
  /** Releases the provider's resources (the browser). */
  close?(): Promise<void>;
}

/** Where screenshot images are kept; `save` returns the public URL of the exact bytes. */
export interface ScreenshotStore {
  save(image: {bytes: Uint8Array; type: ImageType; contentType: string}): Promise<string>;
}
