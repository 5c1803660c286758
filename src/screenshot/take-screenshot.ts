import prettyBytes from 'pretty-bytes';
import type {Screenshot} from '../data.js';
import {createDeadline} from '../deadline.js';
import {LinkpeekError} from '../errors.js';
import {computePalette} from '../palette/compute-palette.js';
import {readImageInfo} from '../ping/image-info.js';
import type {ScreenshotConfig} from './options.js';
import type {CaptureResult, ResolvedScreenshotOptions} from '../browser/provider.js';
import {useProvider} from '../browser/use-provider.js';
import {guardedNavigation, type PageNavigationRequest} from './page-navigation.js';
import {createDataUriStore} from './store.js';
import {takeAnimated} from './take-animated.js';

/** What {@link takeScreenshot} needs from the `extract()` call. */
export interface ScreenshotRequest extends PageNavigationRequest {
  screenshot: ResolvedScreenshotOptions;
  /** The image, when the page was already captured (by the navigation that rendered it): only stored and described. */
  captured?: CaptureResult;
  /** Add the image's colours (the `palette` option), read from the captured bytes while they are stored. */
  palette?: boolean;
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
  const navigation = await guardedNavigation(pageUrl, request, config);
  return useProvider(config, deadline, pageUrl, {code: 'ESCREENSHOT', message: 'The screenshot provider failed.'}, (provider) =>
    provider.capture({...request.screenshot, ...navigation()}),
  );
}
