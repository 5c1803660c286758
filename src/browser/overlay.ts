import type {Browser, Page} from 'puppeteer-core';
import {imageSize} from '../shared/lazy-image-size.js';
import {LinkpeekError, isLinkpeekError} from '../errors.js';
import {invalidOption} from '../option-checks.js';
import type {PageGuard} from './page-guard.js';
import {type BackgroundKind, classifyBackground} from './overlay-background.js';
import {overlayMarkup, overlaySize} from './overlay-page.js';
import type {CaptureResult, ImageType, ResolvedOverlay, ResolvedScreenshotOptions} from './provider.js';
import {type Fallback, raceAbort, toPageError} from './guarded-page.js';

const option = 'screenshot.overlay.background';
// Formats a background image may have, by image-size's name.
const backgroundTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
};

/** An open framing page, ready to draw a capture in. */
export interface OverlayFrame {
  /** Draws `capture` (PNG bytes taken at `deviceScaleFactor`) in the frame and captures that as `format`. */
  compose(capture: Uint8Array, deviceScaleFactor: number, format: {type: ImageType; quality: number}): Promise<CaptureResult>;
  close(): Promise<void>;
}

/**
 * Opens the framing page of `overlay` in a fresh context of `browser` (behind the black-hole proxy,
 * every request that is not `data:` aborted) and readies its background before anything is
 * captured: an image URL is checked with `guard.checkUrl` and fetched through
 * `guard.fetchResource`, then inlined as a `data:` URI; a colour or gradient is checked by the
 * browser's CSS parser.
 * @throws LinkpeekError EFORBIDDENURL, EINVALOPTION naming `screenshot.overlay.background`, what
 * the fetch throws (ETIMEOUT, EFETCH, ETOOLARGE), ESCREENSHOT
 */
export async function openOverlay(browser: Browser, proxyServer: string, overlay: ResolvedOverlay, guard: PageGuard): Promise<OverlayFrame> {
  // The kind was checked by normalizeOptions; a direct provider call is checked here too (the
  // address policy then applies through `checkUrl`).
  const kind: BackgroundKind | null = overlay.background === null ? null : classifyBackground(overlay.background, () => true);
  const background =
    overlay.background === null || kind === null
      ? null
      : {kind, value: kind === 'image' ? await fetchBackground(overlay.background, guard) : overlay.background};
  const context = await browser.createBrowserContext({proxyServer, proxyBypassList: []});
  try {
    const page = await context.newPage();
    await blockRequests(page);
    if (background && kind !== 'image') {
      const property = kind === 'color' ? 'background-color' : 'background-image';
      const supported = await page.evaluate((name, value) => CSS.supports(name, value), property, background.value);
      if (!supported) throw invalidOption(option, `is not a ${kind === 'color' ? 'colour' : 'gradient'} the browser can draw`, background.value);
    }
    return {
      async compose(capture, deviceScaleFactor, format) {
        const info = imageSize(capture);
        const layout = {
          capture: `data:image/png;base64,${Buffer.from(capture).toString('base64')}`,
          width: (info.width ?? 1) / deviceScaleFactor,
          height: (info.height ?? 1) / deviceScaleFactor,
          browser: overlay.browser,
          background,
        };
        const size = overlaySize(layout);
        await page.setViewport({width: size.width, height: size.height, deviceScaleFactor});
        await page.setContent(overlayMarkup(layout), {waitUntil: 'load'});
        await page.evaluate(() => Promise.all(Array.from(document.images, (image) => image.decode().catch(() => {}))));
        const bytes = await page.screenshot({
          type: format.type,
          ...(format.type === 'png' ? {} : {quality: format.quality}),
          omitBackground: background === null,
        });
        return {bytes, type: format.type};
      },
      close: () => context.close().catch(() => {}),
    };
  } catch (error) {
    await context.close().catch(() => {});
    throw error;
  }
}

/** Aborts every request of the framing page that is not `data:` (it should make none). */
async function blockRequests(page: Page): Promise<void> {
  await page.setJavaScriptEnabled(false);
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const work = request.url().startsWith('data:') ? request.continue() : request.abort('blockedbyclient');
    work.catch(() => {});
  });
}

/** The background image as a `data:` URI, fetched under the address policy. */
async function fetchBackground(url: string, guard: PageGuard): Promise<string> {
  try {
    await guard.checkUrl(url);
  } catch (error) {
    if (isLinkpeekError(error) && error.code === 'EFORBIDDENURL') {
      throw new LinkpeekError('EFORBIDDENURL', `Option \`${option}\` points to an address that is not allowed.`, {
        cause: error,
        data: {[option]: 'points to a forbidden address'},
      });
    }
    throw error;
  }
  if (!guard.fetchResource) throw new LinkpeekError('ESCREENSHOT', `Option \`${option}\` needs \`fetchResource\` to load an image.`);
  const response = await guard.fetchResource(url, {method: 'GET', headers: {accept: 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8'}}).catch(
    (error: unknown) => {
      if (isLinkpeekError(error) && error.code === 'EFORBIDDENURL') {
        throw new LinkpeekError('EFORBIDDENURL', `Option \`${option}\` leads to an address that is not allowed.`, {
          cause: error,
          data: {[option]: 'points to a forbidden address'},
        });
      }
      throw error;
    },
  );
  if (response.statusCode < 200 || response.statusCode > 299) {
    throw new LinkpeekError('ESCREENSHOT', `The overlay background answered HTTP ${response.statusCode}.`, {url});
  }
  let detected: string | undefined;
  try {
    detected = imageSize(response.body).type;
  } catch {
    detected = undefined;
  }
  const contentType = detected === undefined ? undefined : backgroundTypes[detected];
  if (!contentType) throw invalidOption(option, 'must lead to a PNG, JPEG, WebP, GIF, AVIF, BMP or SVG image', url);
  return `data:${contentType};base64,${Buffer.from(response.body).toString('base64')}`;
}

/**
 * Runs `work` with the screenshot options `shot`. With `shot.overlay`, the framing page is opened
 * and its background readied first (a refused background fails before any capture), `work` then
 * captures as PNG (no lossy step before the final encoding), and `frame` hands the capture in its
 * result to `compose`, which returns the framed image in the requested type. Everything stays
 * within `request.timeout` and `request.signal`.
 */
export async function withOverlay<T>(
  browser: Browser,
  proxyServer: string,
  request: PageGuard & {timeout: number; signal?: AbortSignal},
  shot: ResolvedScreenshotOptions | null,
  work: (shot: ResolvedScreenshotOptions | null, timeout: number) => Promise<T>,
  frame: (result: T, compose: (capture: CaptureResult) => Promise<CaptureResult>) => Promise<T>,
  fallback: Fallback,
  action: string,
): Promise<T> {
  const overlay = shot?.overlay;
  if (!shot || !overlay) return work(shot, request.timeout);
  const deadline = Date.now() + request.timeout;
  const signal = AbortSignal.any([AbortSignal.timeout(request.timeout), ...(request.signal ? [request.signal] : [])]);
  let opened: OverlayFrame | undefined;
  const opening = openOverlay(browser, proxyServer, overlay, request);
  // A frame that opens after the deadline is closed all the same.
  opening.then((frameOpened) => {
    if (signal.aborted) void frameOpened.close();
  }, () => {});
  try {
    opened = await raceAbort(opening, signal);
    const ready = opened;
    const result = await work({...shot, type: 'png'}, Math.max(1, deadline - Date.now()));
    return await raceAbort(
      frame(result, (capture) => ready.compose(capture.bytes, shot.deviceScaleFactor, shot)),
      signal,
    );
  } catch (error) {
    throw toPageError(error, request, signal, undefined, fallback, action);
  } finally {
    await opened?.close();
  }
}
