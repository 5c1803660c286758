import {type Browser, type Page, TimeoutError} from 'puppeteer-core';
import {LinkpeekError, isLinkpeekError} from '../errors.js';
import {interceptRequests} from './intercept-requests.js';
import type {CaptureRequest, CaptureResult} from './provider.js';

const disableAnimations = `
  *, *::before, *::after {
    animation-duration: 0s !important; animation-delay: 0s !important;
    transition-duration: 0s !important; transition-delay: 0s !important;
    caret-color: transparent !important; scroll-behavior: auto !important;
  }`;

// Cap on waiting for web fonts after load: a font that never arrives must not eat the budget.
const fontsTimeout = 3_000;

/**
 * Captures `request.url` in a fresh incognito context of `browser` whose proxy is `proxyServer`
 * (the black hole), within `request.timeout` and `request.signal`. The context is closed before
 * this returns, whatever happened.
 * @throws LinkpeekError ETIMEOUT (or the signal's own reason), EFORBIDDENURL (the page itself is
 * forbidden), ENOELEMENT, EINVALOPTION (`element` is not a selector), ESCREENSHOT
 */
export async function captureInContext(browser: Browser, proxyServer: string, request: CaptureRequest): Promise<CaptureResult> {
  const signal = AbortSignal.any([AbortSignal.timeout(request.timeout), ...(request.signal ? [request.signal] : [])]);
  const context = await browser.createBrowserContext({proxyServer, proxyBypassList: ['<-loopback>']}).catch((error: unknown) => {
    throw new LinkpeekError('ESCREENSHOT', 'The browser could not open a new context.', {cause: error});
  });
  let documentError: unknown;
  try {
    const work = context.newPage().then((page) =>
      capturePage(page, request, (error) => {
        documentError ??= error;
      }),
    );
    // Closing the context in `finally` ends whatever the page was still doing.
    work.catch(() => {});
    return await raceAbort(work, signal);
  } catch (error) {
    throw toCaptureError(error, request, signal, documentError);
  } finally {
    await context.close().catch(() => {});
  }
}

async function capturePage(page: Page, request: CaptureRequest, onDocumentError: (error: unknown) => void): Promise<CaptureResult> {
  const deadline = Date.now() + request.timeout;
  const remaining = () => Math.max(1, deadline - Date.now());
  page.setDefaultTimeout(request.timeout);
  await page.setBypassServiceWorker(true);
  await page.setBypassCSP(true);
  await page.setViewport({width: request.width, height: request.height, deviceScaleFactor: request.deviceScaleFactor});
  await page.emulateMediaFeatures([{name: 'prefers-reduced-motion', value: 'reduce'}]);
  await page.evaluateOnNewDocument((css: string) => {
    const add = () => {
      const style = document.createElement('style');
      style.textContent = css;
      document.documentElement.append(style);
    };
    if (document.documentElement) add();
    else document.addEventListener('DOMContentLoaded', add, {once: true});
  }, disableAnimations);
  await interceptRequests(page, request, onDocumentError);

  await page.goto(request.url, {waitUntil: request.waitUntil, timeout: remaining()});
  await page
    .evaluate((cap: number) => Promise.race([document.fonts.ready, new Promise((resolve) => setTimeout(resolve, cap))]), Math.min(fontsTimeout, remaining()))
    .catch(() => {});
  if (request.waitForSelector) await page.waitForSelector(request.waitForSelector, {timeout: remaining()});
  if (request.waitForTimeout > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(request.waitForTimeout, remaining())));

  const format = {type: request.type, ...(request.type === 'png' ? {} : {quality: request.quality})} as const;
  if (!request.element) return {bytes: await page.screenshot({...format, fullPage: request.fullPage}), type: request.type};
  const element = await page.$(request.element).catch((error: unknown) => {
    throw new LinkpeekError('EINVALOPTION', `Option \`element\` is not a valid CSS selector.`, {cause: error});
  });
  // Never pass a full-page image off as the element: no box, no screenshot.
  const box = await element?.boundingBox();
  if (!element || !box || box.width < 1 || box.height < 1) {
    throw new LinkpeekError('ENOELEMENT', `No visible element matches \`${request.element}\` on the page.`);
  }
  return {bytes: await element.screenshot(format), type: request.type};
}

function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, {once: true});
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Turns whatever ended a capture into the one LinkpeekError to report. `signal` is the capture's
 * own time limit (combined with the caller's); `documentError` is why the page's own document
 * could not be fetched, if it could not.
 */
export function toCaptureError(error: unknown, request: CaptureRequest, signal: AbortSignal, documentError?: unknown): LinkpeekError {
  // The caller's own deadline (ETIMEOUT) or abort (EABORTED) wins.
  if (request.signal?.aborted && isLinkpeekError(request.signal.reason)) return request.signal.reason;
  if (signal.aborted || error instanceof TimeoutError) {
    return new LinkpeekError('ETIMEOUT', `The page took longer than ${request.timeout} ms to capture.`, {
      cause: error,
      url: request.url,
    });
  }
  if (isLinkpeekError(error)) return error;
  // The page itself was refused or unreachable: report why, not Chromium's net::ERR_BLOCKED_BY_CLIENT.
  if (isLinkpeekError(documentError)) {
    if (documentError.code === 'EFORBIDDENURL' || documentError.code === 'ETIMEOUT') return documentError;
    return new LinkpeekError('ESCREENSHOT', `The page could not be loaded for the screenshot: ${documentError.message}`, {
      cause: documentError,
      url: request.url,
    });
  }
  return new LinkpeekError('ESCREENSHOT', 'The page could not be captured.', {cause: error, url: request.url});
}
