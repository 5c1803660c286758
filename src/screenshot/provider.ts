/** Image formats a screenshot can be taken in. */
export type ImageType = 'png' | 'jpeg' | 'webp';

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

/** What a provider is asked to capture. */
export interface CaptureRequest extends ResolvedScreenshotOptions {
  /** The page to capture (the final URL after redirects). */
  url: string;
  /** Extra request headers for the target (spec rule 9). */
  headers: Record<string, string>;
  /** Milliseconds the whole capture may take. */
  timeout: number;
  /** Aborts the capture. */
  signal?: AbortSignal;
  /**
   * Resolves when the URL may be loaded, rejects with EFORBIDDENURL otherwise. Providers call it
   * for every request the page makes, so the browser cannot become an SSRF hole.
   */
  checkUrl: (url: string) => Promise<void>;
  /**
   * Fetches one resource for the browser through linkpeek's SSRF-safe transport (addresses checked
   * at connect time, redirects re-validated). Providers that can fulfil requests themselves
   * (Chromium's request interception) use it so the browser never resolves or connects on its own,
   * which closes the DNS-rebinding gap left by check-then-continue. Optional for compatibility;
   * `takeScreenshot` always sets it.
   */
  fetchResource?: ResourceFetcher;
}

/** A request the browser wants to make, as handed to a {@link ResourceFetcher}. */
export interface ResourceRequest {
  /** HTTP method, e.g. `GET`. */
  method: string;
  /** Request headers, lowercase names. */
  headers: Record<string, string>;
  /** Request body, for methods that carry one. */
  body?: Uint8Array;
}

/** The answer to a {@link ResourceRequest}, after redirects were followed and re-validated. */
export interface ResourceResponse {
  /** The final URL, after redirects. */
  url: string;
  statusCode: number;
  /** Response headers, lowercase names. */
  headers: Record<string, string | string[] | undefined>;
  /** The decoded body. */
  body: Uint8Array;
}

/**
 * Fetches `url` under the extractor's address policy.
 * @throws LinkpeekError EFORBIDDENURL, EFETCH, ETIMEOUT, ETOOLARGE
 */
export type ResourceFetcher = (url: string, request: ResourceRequest) => Promise<ResourceResponse>;

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
