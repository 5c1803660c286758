import prettyBytes from 'pretty-bytes';
import type {AnimatedScreenshot} from '../data.js';
import {LinkpeekError} from '../errors.js';
import {formatDuration} from '../ping/media-duration.js';
import type {ScreenshotConfig} from './options.js';
import type {ResolvedAnimated, ResolvedScreenshotOptions} from '../browser/provider.js';
import {guardedNavigation, type PageNavigationRequest} from './page-navigation.js';
import {useProvider} from '../browser/use-provider.js';
import {createDataUriStore} from './store.js';

// Most bytes a video may have: 10 s of a busy 1920-px page at the encoder's settings stays well under it.
export const maxAnimatedSize = 25 * 1024 * 1024;

/** What {@link takeAnimated} needs from the call: the screenshot's own (a `ScreenshotRequest` is one). */
export interface AnimatedRequest extends PageNavigationRequest {
  /** The window, scale and waits of the screenshot. */
  screenshot: ResolvedScreenshotOptions;
}

const defaultStore = createDataUriStore();
const contentTypes = {mp4: 'video/mp4', webm: 'video/webm'} as const;

/**
 * Records `pageUrl` for `screenshot.animated` with the provider's `record` (its own navigation,
 * waits as for the screenshot, animations running) and stores the video with
 * `config.screenshotStore`, as a screenshot is. Shaped as the hosted service's
 * `data.screenshot.animated` (`duration` in ms).
 * @throws LinkpeekError EMISSINGDEP (no ffmpeg), ENOBROWSER (no browser, or a provider that cannot
 *   record), ETIMEOUT, EFORBIDDENURL, ESCREENSHOT, EABORTED
 */
export async function takeAnimated(pageUrl: string, animated: ResolvedAnimated, request: AnimatedRequest, config: ScreenshotConfig): Promise<AnimatedScreenshot> {
  const {deadline, screenshot} = request;
  const navigation = await guardedNavigation(pageUrl, request, config);
  const video = await useProvider(config, deadline, pageUrl, {code: 'ESCREENSHOT', message: 'The browser could not record the page.'}, (provider) => {
    if (!provider.record) throw new LinkpeekError('ENOBROWSER', 'The screenshot provider cannot record pages (it has no `record`).');
    return provider.record({
      ...navigation(),
      waitUntil: screenshot.waitUntil,
      waitForSelector: screenshot.waitForSelector,
      waitForTimeout: screenshot.waitForTimeout,
      width: screenshot.width,
      height: screenshot.height,
      deviceScaleFactor: screenshot.deviceScaleFactor,
      animated,
      maxSize: maxAnimatedSize,
    });
  });
  const bytes = Buffer.from(video.bytes.buffer, video.bytes.byteOffset, video.bytes.byteLength);
  const store = config.screenshotStore ?? defaultStore;
  const url = await store.save({bytes, type: video.type, contentType: contentTypes[video.type]}).catch((error: unknown) => {
    throw new LinkpeekError('ESCREENSHOT', 'The recording could not be stored.', {cause: error, url: pageUrl});
  });
  return {
    url,
    type: video.type,
    size: bytes.byteLength,
    size_pretty: prettyBytes(bytes.byteLength),
    width: video.width,
    height: video.height,
    duration: video.duration,
    duration_pretty: formatDuration(video.duration / 1000),
    fps: video.fps,
    codec: video.codec,
    backend: 'ffmpeg',
  };
}
