import prettyBytes from 'pretty-bytes';
import type {Screenshot} from '../data.js';
import {type Deadline, createDeadline} from '../deadline.js';
import {LinkpeekError} from '../errors.js';
import {computePalette} from '../palette/compute-palette.js';
import {readImageInfo} from '../ping/image-info.js';
import type {ScreenshotConfig} from './options.js';
import type {CaptureResult, Emulation, PageSetup, ResolvedScreenshotOptions} from '../browser/provider.js';
import {pageBlocker} from '../browser/adblock.js';
import {createPageGuard} from '../browser/resource-fetcher.js';
import {useProvider} from '../browser/use-provider.js';
import {createDataUriStore} from './store.js';
import {takeAnimated} from './take-animated.js';

/** What {@link takeScreenshot} needs from the `extract()` call. */
export interface ScreenshotRequest {
  screenshot: ResolvedScreenshotOptions;
  /** Caller headers for the target (spec rule 9); sent to the page's own origin only. */
  headers: Record<string, string>;
  deadline: Deadline;
  /** Device, colour scheme and media type of the page (the top-level options). Absent: none emulated. */
  emulation?: Emulation;
  /** The image, when the page was already captured (by the navigation that rendered it): only stored and described. */
  captured?: CaptureResult;
  /** Add the image's colours (the `palette` option), read from the captured bytes while they are stored. */
  palette?: boolean;
  /** Scripts, animations, ad blocking, injected styles and scripts. Absent: the defaults. */
  setup?: PageSetup;
}

const defaultStore = createDataUriStore();

/**
 * Captures `pageUrl` with `config.screenshotProvider` and stores the image with
 * `config.screenshotStore` (default: a `data:` URI). Every request the browser makes goes through
 * the extractor's address policy. Without a provider in the config, a one-off Chromium is launched
 * and closed again: correct but slow, so apps should share one `createChromiumProvider()`.
 * `width`, `height`, `type` (the file extension: `png`, `jpg`, `webp`) and `size` are read from the
 * image bytes. With `request.captured`, the
 * bytes are only stored. With `request.palette`, the colours are read from the same bytes (never
 * fetched again); an image they cannot be read from simply has none.
 * With `screenshot.animated`, a short video of the page is recorded as well (`animated`).
 * @throws LinkpeekError ENOBROWSER, ENOELEMENT, ETIMEOUT, EFORBIDDENURL, ESCREENSHOT, EABORTED,
 *   EMISSINGDEP (`screenshot.animated` without ffmpeg)
 */
export async function takeScreenshot(pageUrl: string, request: ScreenshotRequest, config: ScreenshotConfig): Promise<Screenshot> {
  // The video is filmed by a navigation of its own, alongside the still (`screenshot.animated`),
  // under a deadline of its own that a failed still ends at once.
  const {animated} = request.screenshot;
  const stop = new AbortController();
  const filming = animated ? createDeadline(Math.max(1, request.deadline.remaining()), AbortSignal.any([request.deadline.signal, stop.signal])) : null;
  const recording = animated && filming ? takeAnimated(pageUrl, animated, {...request, deadline: filming}, config).finally(() => filming.dispose()) : null;
  recording?.catch(() => {});
  let bytes: CaptureResult;
  try {
    bytes = request.captured ?? (await capture(pageUrl, request, config));
  } catch (error) {
    // Nothing of the call outlives it: the recording's page and ffmpeg are gone before the error is.
    stop.abort();
    await recording?.catch(() => {});
    throw error;
  }
  const info = readImageInfo(bytes.bytes);
  const store = config.screenshotStore ?? defaultStore;
  const stored = store.save({bytes: bytes.bytes, type: info.type, contentType: info.contentType}).catch((error: unknown) => {
    throw new LinkpeekError('ESCREENSHOT', 'The screenshot could not be stored.', {cause: error, url: pageUrl});
  });
  const colours = request.palette ? computePalette(bytes.bytes, {signal: request.deadline.signal}) : null;
  const [url, palette, video] = await Promise.all([stored, colours, recording]);
  return {url, width: info.width, height: info.height, type: info.extension, size: info.size, size_pretty: prettyBytes(info.size), ...palette, ...(video ? {animated: video} : {})};
}

async function capture(pageUrl: string, request: ScreenshotRequest, config: ScreenshotConfig): Promise<CaptureResult> {
  const {deadline} = request;
  const blocker = await pageBlocker(request.setup?.adblock ?? true, config.adblockFilters);
  return useProvider(config, deadline, pageUrl, {code: 'ESCREENSHOT', message: 'The screenshot provider failed.'}, (provider) =>
    provider.capture({
      ...request.screenshot,
      ...createPageGuard(pageUrl, request.headers, deadline, config),
      ...(blocker ? {blocker} : {}),
      ...(request.emulation ? {emulation: request.emulation} : {}),
      ...(request.setup ? {setup: request.setup} : {}),
      timeout: Math.max(1, deadline.remaining()),
      signal: deadline.signal,
    }),
  );
}
