import type {Browser, ElementHandle, Page} from 'puppeteer-core';
import {LinkpeekError} from '../errors.js';
import {invalidOption} from '../option-checks.js';
import type {ResolvedScreenshotOptions} from './provider.js';
import {type Fallback, failedAs, inGuardedPage} from './guarded-page.js';
import type {CaptureRequest, CaptureResult, Emulation} from './provider.js';
import {changePage} from './before-capture.js';
import {withOverlay} from './overlay.js';

/**
 * Captures `request.url` in a fresh incognito context of `browser` whose proxy is `proxyServer`
 * (the black hole), within `request.timeout` and `request.signal`. The context is closed before
 * this returns, whatever happened.
 * @throws LinkpeekError ETIMEOUT (or the signal's own reason), EFORBIDDENURL (the page itself is
 * forbidden, or the overlay's background is), ENOELEMENT, EINVALOPTION (`element`, `hide`,
 * `remove`, `click` or `scroll` is not a selector; an overlay background the browser cannot draw),
 * ESCREENSHOT
 */
export function captureInContext(browser: Browser, proxyServer: string, request: CaptureRequest): Promise<CaptureResult> {
  const load = {
    ...request,
    viewport: viewportOf(request, request.emulation),
    settle: false,
    still: true,
  };
  const failed = captureFailed(request.url);
  return withOverlay(
    browser,
    proxyServer,
    request,
    request,
    (shot, timeout) =>
      inGuardedPage(
        browser,
        proxyServer,
        {...load, timeout},
        async ({page}) => {
          await changePage(page, request);
          return shoot(page, shot ?? request);
        },
        failed,
        'capture',
      ),
    (capture, compose) => compose(capture),
    failed,
    'capture',
  );
}

/** The page's window for a screenshot: its size, plus the emulated device's mobile, touch and orientation. */
export function viewportOf(shot: Pick<ResolvedScreenshotOptions, 'width' | 'height' | 'deviceScaleFactor'>, emulation: Emulation | undefined) {
  const device = emulation?.viewport ?? emulation?.device?.viewport;
  return {
    width: shot.width,
    height: shot.height,
    deviceScaleFactor: shot.deviceScaleFactor,
    ...(device ? {isMobile: device.isMobile, hasTouch: device.hasTouch, isLandscape: device.isLandscape} : {}),
  };
}

/** The screenshot error for a failure that is neither a timeout nor a refused page. */
export function captureFailed(url: string): Fallback {
  return failedAs('ESCREENSHOT', url, {load: 'The page could not be loaded for the screenshot', task: 'The page could not be captured.'});
}

/**
 * Takes the screenshot of a loaded page: the viewport, the full page, or the one element that
 * `options.element` selects.
 * @throws LinkpeekError ENOELEMENT, EINVALOPTION
 */
export async function shoot(page: Page, options: ResolvedScreenshotOptions): Promise<CaptureResult> {
  const format = {type: options.type, ...(options.type === 'png' ? {} : {quality: options.quality})} as const;
  if (!options.element) return {bytes: await page.screenshot({...format, fullPage: options.fullPage}), type: options.type};
  // The page's own querySelector, not puppeteer's `page.$`: that one also takes its own syntax
  // (`>>>`, `::-p-text(...)`, `::-p-xpath(...)`), so a selector that is not CSS would match
  // something else, or nothing (ENOELEMENT), instead of being refused.
  const valid = await page.evaluate((selector) => {
    try {
      document.createDocumentFragment().querySelector(selector);
      return true;
    } catch {
      return false;
    }
  }, options.element);
  if (!valid) throw invalidOption('element', 'must be a valid CSS selector', options.element);
  const found = await page.evaluateHandle((selector) => document.querySelector(selector), options.element);
  const element = found.asElement() as ElementHandle<Element> | null;
  if (!element) await found.dispose();
  // Never pass a full-page image off as the element: no box, no screenshot.
  const box = await element?.boundingBox();
  if (!element || !box || box.width < 1 || box.height < 1) {
    throw new LinkpeekError('ENOELEMENT', `No visible element matches \`${options.element}\` on the page.`);
  }
  return {bytes: await element.screenshot(format), type: options.type};
}
