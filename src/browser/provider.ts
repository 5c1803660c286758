import type {ImageType} from '../data.js';
import type {PageGuard} from './page-guard.js';
import type {LighthouseReport} from '../shared/insights.js';

export type {LighthouseAudit, LighthouseReport} from '../shared/insights.js';
import type {Redirect} from '../data.js';

export type {ImageType};
export type {BlockableRequest, PageGuard, RequestBlocker, ResourceFetcher, ResourceRequest, ResourceResponse} from './page-guard.js';

/**
 * When navigation counts as finished. `'auto'` is `'load'`, then, when the page is rendered for
 * extraction, until its scripts wrote the metadata the rules read (see browser/content-wait.ts),
 * else until the network has been quiet for 500 ms; at most 3 s more, without an error.
 */
export type WaitUntil = 'auto' | 'load' | 'domcontentloaded' | 'networkidle0' | 'networkidle2';

/** The `prefers-color-scheme` a page is shown with. */
export type ColorScheme = 'light' | 'dark' | 'no-preference';

/** The CSS media type a page is shown with. */
export type MediaType = 'screen' | 'print';

/** A browser window: its size in CSS pixels, scale factor, and the mobile, touch and orientation flags. */
export interface Viewport {
  width: number;
  height: number;
  deviceScaleFactor: number;
  isMobile: boolean;
  hasTouch: boolean;
  isLandscape: boolean;
}

/**
 * How a browser page is prepared (the top-level `javascript`, `animations`, `adblock`, `styles`,
 * `scripts` and `modules`), for rendering, screenshots and PDFs alike.
 */
export interface PageSetup {
  /** Run the page's own scripts. `false`: the page as served, script execution off. */
  javascript: boolean;
  /** Let CSS animations and transitions run; `false` stops them (and emulates reduced motion) before a capture. */
  animations: boolean;
  /** Block the requests of ads and trackers (filter lists, see browser/adblock.ts). */
  adblock: boolean;
  /** CSS added to the page once it loaded: inline rules, or an http(s) URL of a stylesheet. */
  styles: string[];
  /** Classic scripts added to the page once it loaded: inline code, or an http(s) URL. */
  scripts: string[];
  /** ES modules added the same way (`<script type="module">`). */
  modules: string[];
}

/** A device to emulate: one of puppeteer's `KnownDevices`, as its descriptor. */
export interface DeviceDescriptor {
  /** The device's name in `KnownDevices`, e.g. `iPhone 15`. */
  name: string;
  userAgent: string;
  viewport: {width: number; height: number; deviceScaleFactor: number; isMobile: boolean; hasTouch: boolean; isLandscape: boolean};
}

/**
 * How a browser page is shown (the top-level `device`, `colorScheme` and `mediaType`), for
 * screenshots and rendering alike.
 */
export interface Emulation {
  /** The device emulated (user agent, mobile, touch; its viewport unless the screenshot sets one), or `null`. */
  device: DeviceDescriptor | null;
  /** `prefers-color-scheme` to emulate, or `null` for the browser's own (light). */
  colorScheme: ColorScheme | null;
  /** CSS media type. */
  mediaType: MediaType;
  /**
   * The window: the top-level `viewport` merged over the device's, or `null` when neither is
   * given (the screenshot's own size, else 1280x800). Absent: the device's.
   */
  viewport?: Viewport | null;
}

/**
 * The screenshot framed in a browser window and/or set on a background (`screenshot.overlay`).
 */
export interface OverlayOptions {
  /** Draw a browser window around the capture, in this theme. */
  browser?: 'light' | 'dark';
  /**
   * What lies behind the capture, with breathing room around it: a hex, `rgb()` or `rgba()` colour,
   * a named colour, a CSS gradient (`linear-gradient(...)`, `radial-gradient(...)`,
   * `conic-gradient(...)`), or an http(s) image URL (fetched under the address policy).
   */
  background?: string;
}

/** `screenshot.overlay` once validated: `null` for what was not asked. */
export interface ResolvedOverlay {
  browser: 'light' | 'dark' | null;
  /** A colour or gradient as given, or an http(s) URL (a provider fetches it through `fetchResource`). */
  background: string | null;
}

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
  /** Frame the capture in a browser window and/or set it on a background. @default undefined */
  overlay?: OverlayOptions;
  /** CSS selectors whose elements are made invisible (their space kept) before the capture. @default [] */
  hide?: string | string[];
  /** CSS selectors whose elements are removed before the capture. @default [] */
  remove?: string | string[];
  /** CSS selectors clicked, in order, before the capture (the first match of each). @default [] */
  click?: string | string[];
  /** CSS selector of the element scrolled into view before the capture. @default undefined */
  scroll?: string;
  /**
   * For a link to a JSON, XML or plain-text file: its text highlighted with this Prism theme
   * (`'atom-dark'`, `'dracula'`, `'okaidia'`…) is captured instead of the browser's plain view. @default undefined
   */
  codeScheme?: string;
  /**
   * Also record a short video of the page (`data.screenshot.animated`): `true`, or its duration
   * (ms, at most 10000), frame rate (at most 60) and container (`mp4` or `webm`). Needs `ffmpeg`
   * where the provider runs (`apt-get install ffmpeg`): without it, EMISSINGDEP. @default false
   */
  animated?: boolean | AnimatedOptions;
}

/** `screenshot.animated` as an object: what the recorded video is. */
export interface AnimatedOptions {
  /** Milliseconds recorded, 100-10000. @default 5000 */
  duration?: number;
  /** Frames per second, 1-60. @default 30 */
  fps?: number;
  /** Container and codec: `mp4` (H.264) or `webm` (VP8). @default 'mp4' */
  type?: 'mp4' | 'webm';
}

/** `screenshot.animated` once validated. */
export interface ResolvedAnimated {
  duration: number;
  fps: number;
  type: 'mp4' | 'webm';
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
  overlay: ResolvedOverlay | null;
  hide: string[];
  remove: string[];
  click: string[];
  scroll: string | null;
  codeScheme: string | null;
  /** The video to record as well, or `null`. */
  animated: ResolvedAnimated | null;
}

/** What a provider is asked to capture: the page, how to guard its requests, and the screenshot options. */
export interface CaptureRequest extends ResolvedScreenshotOptions, PageGuard {
  /** Milliseconds the whole capture may take. */
  timeout: number;
  /** Aborts the capture. */
  signal?: AbortSignal;
  /** Device, colour scheme and media type. Absent: none of them emulated. */
  emulation?: Emulation;
  /** Scripts on or off, animations, ad blocking, injected styles and scripts. Absent: the defaults. */
  setup?: PageSetup;
}

/** What a provider is asked to audit with Lighthouse: the page, and how to guard its requests. */
export interface AuditRequest extends PageGuard {
  /** Milliseconds the whole audit may take. */
  timeout: number;
  signal?: AbortSignal;
}

/** The image bytes a provider returns. */
export interface CaptureResult {
  bytes: Uint8Array;
  type: ImageType;
}

/**
 * How a provider loads a page before its work (a render, a print, a recording): the time limit,
 * the waits, the emulation and the page's setup. Shared by {@link RenderRequest}, {@link PrintRequest}
 * and {@link RecordRequest}.
 */
export interface NavigationRequest extends PageGuard {
  /** Milliseconds the whole work (navigation, waits and the work itself) may take. */
  timeout: number;
  /** Aborts the work. */
  signal?: AbortSignal;
  /** When the page counts as loaded. */
  waitUntil: WaitUntil;
  /** CSS selector to wait for before the work, or `null`. */
  waitForSelector: string | null;
  /** Extra milliseconds to wait before the work. */
  waitForTimeout: number;
  /** Device, colour scheme and media type. Absent: none of them emulated. */
  emulation?: Emulation;
  /** Scripts on or off, animations, ad blocking, injected styles and scripts. Absent: the defaults. */
  setup?: PageSetup;
}

/** What a provider is asked to render (`prerender`): load the page, let its scripts run, read the DOM. */
export interface RenderRequest extends NavigationRequest {
  /**
   * Also capture a screenshot of the same loaded page (one navigation serves both); its viewport
   * is used for the page. `null`: no screenshot.
   */
  screenshot: ResolvedScreenshotOptions | null;
  /**
   * Render an HTML document of any status (a 403 bot challenge whose script lets a browser through)
   * instead of ending at an error status, for wall detection. @default false
   */
  errorPages?: boolean;
}

/** The page as the browser sees it once its scripts ran. */
export interface RenderResult {
  /** `document.documentElement.outerHTML` after the waits ended. */
  html: string;
  /** The page's URL at that moment: after redirects and script navigations. */
  url: string;
  /** Status of the document's HTTP response. */
  statusCode: number;
  /** Headers of the document's HTTP response, lowercase names. */
  headers: Record<string, string | string[] | undefined>;
  /** The HTTP redirect hops followed to the document, in order. */
  redirects: Redirect[];
  /** The screenshot, when the request asked for one. */
  capture?: CaptureResult;
}

/** `pdf` options with every default filled in (see pdf/options.ts). */
export interface ResolvedPdfOptions {
  /** Paper format (`'A4'`, `'Letter'`...), or `null` when `width` and `height` give the size. */
  format: string | null;
  /** Paper width and height (CSS units, e.g. `'8.5in'`), or `null`. */
  width: string | null;
  height: string | null;
  /** Margins, each a CSS length. */
  margin: {top: string; right: string; bottom: string; left: string};
  /** Scale of the page's rendering, 0.1-2. */
  scale: number;
  landscape: boolean;
  /** Pages to print, e.g. `'1-3, 5'`; `''` for all. */
  pageRanges: string;
  /** Print background colours and images. */
  printBackground: boolean;
}

/** What a provider is asked to print (`pdf`): load the page, wait, print it to a PDF. */
export interface PrintRequest extends NavigationRequest {
  pdf: ResolvedPdfOptions;
  /** Most bytes the PDF may have: past it the print stops (EPDFTOOLARGE). */
  maxSize: number;
}

/** What a provider is asked to record (`screenshot.animated`): load the page, then film it for a while. */
export interface RecordRequest extends NavigationRequest {
  /** The window filmed: its CSS size and scale (the video is `width`x`height` times the scale, capped). */
  width: number;
  height: number;
  deviceScaleFactor: number;
  animated: ResolvedAnimated;
  /** Most bytes the video may have: the encoder stops there and the recording fails (ESCREENSHOT). */
  maxSize: number;
}

/** The video a provider returns. */
export interface RecordResult {
  bytes: Uint8Array;
  type: 'mp4' | 'webm';
  /** Pixels of the video frames. */
  width: number;
  height: number;
  /** Milliseconds of video encoded. */
  duration: number;
  fps: number;
  /** The codec the video is encoded with (`h264`, `vp8`). */
  codec: string;
}

/** The PDF bytes a provider returns. */
export interface PrintResult {
  bytes: Uint8Array;
}

/**
 * Anything that can turn a page into image bytes, and optionally render it for extraction. Ship
 * your own to replace Chromium.
 */
export interface ScreenshotProvider {
  capture(request: CaptureRequest): Promise<CaptureResult>;
  /**
   * Loads the page in a browser and returns its live DOM (`prerender`). Optional: a provider
   * without it cannot render, so `prerender: 'auto'` keeps the static result and `true` fails
   * with ENOBROWSER.
   */
  render?(request: RenderRequest): Promise<RenderResult>;
  /** Prints the page to a PDF (`pdf`). Optional: without it, `pdf` fails with ENOBROWSER. */
  print?(request: PrintRequest): Promise<PrintResult>;
  /**
   * Audits the page with Lighthouse (`insights.lighthouse`), every request guarded as for a
   * capture. Optional: without it, `insights.lighthouse` fails with ENOBROWSER.
   */
  audit?(request: AuditRequest): Promise<LighthouseReport>;
  /**
   * Records a short video of the page (`screenshot.animated`). Optional: without it,
   * `screenshot.animated` fails with ENOBROWSER.
   */
  record?(request: RecordRequest): Promise<RecordResult>;
  /** Releases the provider's resources (the browser). */
  close?(): Promise<void>;
}

/** Where screenshot images (and `pdf` documents, `screenshot.animated` videos) are kept; `save` returns the public URL of the exact bytes. */
export interface ScreenshotStore {
  save(image: {bytes: Uint8Array; type: ImageType | 'pdf' | 'mp4' | 'webm'; contentType: string}): Promise<string>;
}
