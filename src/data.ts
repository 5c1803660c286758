import type {FileInfo} from './shared/file-info.js';
import type {Insights} from './shared/insights.js';
import type {Redirect} from './shared/page.js';

/**
 * A media file found on the page: image, logo, video or audio. Only `url` is always there; every
 * other key is present only when it was measured (never `null`): with `ping` off a media object is
 * `{url}`, audio has no `width`/`height`, an image no `duration`. With `palette` on, an image or
 * logo whose file decodes also carries the {@link ImagePalette} fields.
 */
export interface Media extends Partial<ImagePalette> {
  /** Absolute http(s) URL of the file. */
  url: string;
  /** Format name from the Content-Type, the file's bytes or its extension, e.g. `png`, `jpg`, `mp4`, `mp3`. */
  type?: string;
  /** Size in bytes, when the server says (Content-Length or Content-Range). */
  size?: number;
  /** Human form of `size`, e.g. `117 kB`; present with `size`. */
  size_pretty?: string;
  /** Width in pixels (images and logos whose header decodes). */
  width?: number;
  /** Height in pixels; present with `width`. */
  height?: number;
  /** Duration in seconds (video/audio), when the first bytes carry it. */
  duration?: number;
  /** Human form of `duration`, e.g. `1m 6s`; present with `duration`. */
  duration_pretty?: string;
}

/**
 * The colours of an image, added to `image`, `logo` and `screenshot` with the `palette` option
 * (docs/palette.md). Hex colours are `#RRGGBB`, uppercase.
 */
export interface ImagePalette {
  /** Up to 6 colours, the one covering most of the image first (transparent pixels not counted). */
  palette: string[];
  /** The first colour of `palette`: the image's dominant colour. */
  background_color: string;
  /** The colour with the highest WCAG contrast against `background_color`, at least 4.5:1 (a palette colour when one reaches it, else black or white). */
  color: string;
  /** The next readable colour after `color` (at least 4.5:1 against `background_color`), or `color` when there is none. */
  alternative_color: string;
}

/** Image formats a screenshot can be taken in (and that `readImageInfo` recognises). */
export type ImageType = 'png' | 'jpeg' | 'webp';

/** The screenshot added to `data` when `screenshot` is enabled (spec §2.2); with `palette`, its colours too. */
export interface Screenshot extends Partial<ImagePalette> {
  /** Address of the generated image. */
  url: string;
  /** Image width in pixels, read from the image bytes. */
  width: number;
  /** Image height in pixels, read from the image bytes. */
  height: number;
  /** Image format as its file extension: `png`, `jpg` or `webp` (the convention of `data.image.type`). */
  type: string;
  /** Size of the image file in bytes. */
  size: number;
  /** Human form of `size`, e.g. `34.2 kB`. */
  size_pretty: string;
  /** The page's video, when `screenshot.animated` is on. */
  animated?: AnimatedScreenshot;
}

/**
 * The video of `screenshot.animated`, shaped as the hosted service's (`duration` in milliseconds
 * here, as there).
 */
export interface AnimatedScreenshot {
  /** Address of the stored video (the screenshot store's). */
  url: string;
  /** `mp4` or `webm`. */
  type: 'mp4' | 'webm';
  /** Size of the video file in bytes. */
  size: number;
  /** Human form of `size`, e.g. `812 kB`. */
  size_pretty: string;
  /** Frame width in pixels. */
  width: number;
  /** Frame height in pixels. */
  height: number;
  /** Milliseconds of video. */
  duration: number;
  /** Human form of `duration`, one unit: `5s`. */
  duration_pretty: string;
  /** Frames per second. */
  fps: number;
  /** `h264` (mp4) or `vp8` (webm). */
  codec: string;
  /** What recorded it: `ffmpeg` (Chromium's screencast frames encoded by ffmpeg). */
  backend: string;
}

/** The PDF added to `data` when `pdf` is enabled: the page printed by the browser. */
export interface Pdf {
  /** Address of the stored PDF (the screenshot store's). */
  url: string;
  /** Always `pdf`. */
  type: 'pdf';
  /** Size of the PDF file in bytes. */
  size: number;
  /** Human form of `size`, e.g. `48.1 kB`. */
  size_pretty: string;
}

/** The media fields of {@link LinkData}. */
export type MediaField = 'image' | 'logo' | 'video' | 'audio';

/** The text fields of {@link LinkData}. */
export type TextField = 'title' | 'description' | 'lang' | 'author' | 'publisher' | 'date' | 'datePublished' | 'dateModified' | 'url';

/** Extracted link data. Every field is always present; `null` means nothing was found. */
export interface LinkData {
  title: string | null;
  description: string | null;
  /** Lowercase ISO 639-1 code, e.g. `en`. */
  lang: string | null;
  author: string | null;
  publisher: string | null;
  /** ISO 8601 date-time: when the page was last modified, else when it was published. */
  date: string | null;
  /** ISO 8601 date-time the page was first published. */
  datePublished: string | null;
  /** ISO 8601 date-time the page was last modified. */
  dateModified: string | null;
  /** Canonical URL, else the final URL after redirects. */
  url: string | null;
  image: Media | null;
  logo: Media | null;
  video: Media | null;
  audio: Media | null;
  /**
   * The price of the product the page is about, as the page states it (its product meta tags, its
   * JSON-LD Product's offer, its microdata offer, or a site's own rule such as Amazon's buy box).
   * Present only when the page states one: absent on every other page (never `null`), and on a
   * listing's many prices (docs/extraction.md, "Price").
   */
  price?: Price;
  /**
   * Present only when `screenshot` is enabled; `null` for a file the browser would download rather
   * than show (a PDF, an archive: docs/files.md).
   */
  screenshot?: Screenshot | null;
  /** Present only when `pdf` is enabled, for a page (a file target gets none). */
  pdf?: Pdf;
  /** Present only when `iframe` is enabled: the provider's embeddable markup, or `null` when there is none. */
  iframe?: Iframe | null;
  /** Present only when `insights` is enabled: the technologies the page uses, its Lighthouse report (docs/insights.md). */
  insights?: Insights;
}

/** The price of a product: {@link LinkData.price}. */
export interface Price {
  /** The amount, as a number (`1.299,00 €` gives `1299`); never negative. */
  amount: number;
  /**
   * Its ISO 4217 code, uppercase (`USD`, `EUR`), when the page names one (a currency field, a code or
   * a symbol only one currency writes) or the store's domain implies it (`$` on amazon.ca is `CAD`); else `null`.
   */
  currency: string | null;
}

/** A provider's embeddable player or widget, from its oEmbed answer (`iframe`). */
export interface Iframe {
  /**
   * The provider's `html` exactly as sent (inline scripts included), or for a `photo` answer
   * without one, an `<img>` built from its `url`, `width`, `height` and `title`. Untrusted markup:
   * show it in a sandboxed iframe, or only from providers you trust.
   */
  html: string;
  /** Every external `<script src>` of `html`, in document order, without duplicates. */
  scripts: IframeScript[];
}

/**
 * A `<script src>` that an oEmbed `html` depends on (the X/Twitter `widgets.js`, Instagram's
 * `embed.js`…), so a client that injects `html` with `innerHTML` (where scripts do not run) can
 * load them itself. `src` is absolute; every other attribute is kept as the provider wrote it:
 * `async`, `defer` and `nomodule` as `true` when present, the rest as strings.
 */
export interface IframeScript {
  src: string;
  async?: boolean;
  defer?: boolean;
  charset?: string;
  type?: string;
  [attribute: string]: string | boolean | undefined;
}

// Defined with the page it belongs to (shared/page.ts); a public result type, so re-exported here.
export type {Redirect};

/** What `extract()` resolves with. */
export interface ExtractResult {
  status: 'success';
  /** The default fields, plus one field per custom `data` rule (a rule named like a default field replaces it). */
  data: LinkData & {[rule: string]: unknown};
  /** The target's HTTP status. */
  statusCode: number;
  /** The redirect hops followed to reach the page, in order. */
  redirects: Redirect[];
  /**
   * The target's response headers (of the final response): lowercase names, repeated values joined
   * with `, `. `set-cookie` is left out: cookies were issued to linkpeek, and results are cached and
   * shared between callers.
   */
  headers: Record<string, string>;
  /** Whether the page was read from a browser after its scripts ran (`prerender`), not from the server's HTML. */
  prerendered: boolean;
  /** How a wall in front of the page was got past (docs/walls.md); absent when the page came without one. */
  recovery?: Recovery;
  /** What a target that answered with a file (not an HTML page) was read as, and why its card is minimal if it is (docs/files.md). */
  file?: FileInfo;
  /**
   * Present when the page's body was cut and the data comes from what was read: `'maxBodySize'`
   * (the cap, `bodyLimit: 'truncate'`), `'timeout'` (the body was still arriving near the
   * deadline, after the `<head>` with what the fields need had come) or `'settled'` (the fields
   * asked for were settled by the `<head>`, so the rest was not read; docs/fetching.md).
   */
  truncated?: 'maxBodySize' | 'timeout' | 'settled';
}

/** A recovery rung: the provider's oEmbed, a request profile, the browser, the proxy. */
export type RecoveryRung = 'oembed' | 'profile' | 'browser' | 'proxy';

/** How the recovery ladder got past a wall. */
export interface Recovery {
  /** The wall met first: its kind (`consent`, `challenge`, `captcha`, `login`, `unsupported-browser`, `paywall`, `rate-limit`), the signature that named it, its vendor. */
  wall: {kind: string; signature: string; vendor?: string};
  /** The rung whose answer is the result. */
  rung: RecoveryRung;
  /** Every rung tried, in order, with its outcome and milliseconds (also in the endpoint's `Server-Timing`). */
  rungs: {rung: RecoveryRung; outcome: 'passed' | 'wall' | 'nothing' | 'failed'; ms: number}[];
}

/**
 * Field values as the rules found them, before ping picks one URL per media field: text fields, and
 * for each media field the candidate URLs in priority order (best first).
 */
export interface Candidates {
  title: string | null;
  description: string | null;
  lang: string | null;
  author: string | null;
  publisher: string | null;
  date: string | null;
  /** Absent means `null`, so a custom `pickFields` stage written before these two fields still type-checks. */
  datePublished?: string | null;
  dateModified?: string | null;
  url: string | null;
  image: string[];
  logo: string[];
  video: string[];
  audio: string[];
  /** The product's price, when the page states one (absent or `null`: none). */
  price?: Price | null;
}
