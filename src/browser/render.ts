import type {Browser, Page} from 'puppeteer-core';
import {LinkpeekError, isLinkpeekError} from '../errors.js';
import {captureFailed, shoot, viewportOf} from './capture.js';
import {changePage} from './before-capture.js';
import {withOverlay} from './overlay.js';
import {checkDocument} from '../fetch/fetch-page.js';
import {type Fallback, failedAs, inGuardedPage, type LoadedDocument} from './guarded-page.js';
import type {RenderRequest, RenderResult} from './provider.js';

// The viewport of a page rendered only for its DOM: the screenshot default, so layout-dependent
// scripts see an ordinary desktop window.
const defaultViewport = {width: 1280, height: 800, deviceScaleFactor: 1};
// Reading the DOM while a script navigates fails once ("Execution context was destroyed"); the
// read is tried again on the new document.
const readAttempts = 3;
// How long a failed read waits for the navigation that destroyed its document to load. Bounded:
// that navigation may have loaded already (an error page committed as the read started), and
// waiting for another would last until the call's timeout.
const navigationSettle = 1_000;

/**
 * Renders `request.url` in a fresh incognito context of `browser` (proxy: the black hole): the
 * page loads with every request guarded, its scripts run, the waits end, and its live DOM is read.
 * With `request.screenshot`, the same loaded page is captured too: one navigation serves both.
 * @throws LinkpeekError ETIMEOUT (or the signal's own reason), EFORBIDDENURL (the page, or a
 * navigation its scripts started, is forbidden), ERENDER; with a screenshot also ENOELEMENT,
 * ESCREENSHOT, EINVALOPTION and EFORBIDDENURL (see `captureInContext`)
 */
export function renderInContext(browser: Browser, proxyServer: string, request: RenderRequest): Promise<RenderResult> {
  return withOverlay(
    browser,
    proxyServer,
    request,
    request.screenshot,
    (shot, timeout) => renderOnce(browser, proxyServer, {...request, timeout, screenshot: shot}),
    async (result, compose) => (result.capture ? {...result, capture: await compose(result.capture)} : result),
    renderFailed(request),
    'render',
  );
}

function renderOnce(browser: Browser, proxyServer: string, request: RenderRequest): Promise<RenderResult> {
  const shot = request.screenshot;
  const device = request.emulation?.viewport ?? request.emulation?.device?.viewport;
  const load = {
    ...request,
    // Without a screenshot, the emulated device's window, else an ordinary desktop one.
    viewport: viewportOf(shot ?? device ?? defaultViewport, request.emulation),
    // The screenshot's own waits, when it has other ones, come on top of the page's.
    waitForSelector: request.waitForSelector ?? shot?.waitForSelector ?? null,
    waitForTimeout: Math.max(request.waitForTimeout, shot?.waitForTimeout ?? 0),
    // A page whose scripts are off will not change: there is nothing to wait for.
    settle: request.setup?.javascript !== false,
    still: shot !== null,
    // Only an HTML document is read: an error status or another type (a PDF Chromium would turn
    // into a download) ends the render as it ends a static fetch.
    checkDocument: (loaded: LoadedDocument) => {
      // For wall detection, an error status is read like any page (only its type is checked).
      checkDocument(new URL(loaded.url), request.errorPages ? 200 : loaded.statusCode, loaded.headers['content-type']);
    },
  };
  return inGuardedPage(
    browser,
    proxyServer,
    load,
    async ({page, document, documentError}) => {
      if (shot?.waitForSelector && shot.waitForSelector !== load.waitForSelector) {
        await page.waitForSelector(shot.waitForSelector, {timeout: Math.max(1, request.timeout)});
      }
      const html = await readDom(page);
      // A navigation the page's scripts started (`location = ...`) that was refused, or that
      // failed onto Chromium's error page: that page is not the target, so nothing is read from it.
      const refused = documentError();
      if (isLinkpeekError(refused) && (refused.code === 'EFORBIDDENURL' || page.url().startsWith('chrome-error:'))) throw refused;
      const loaded = document();
      if (!loaded) throw new LinkpeekError('ERENDER', 'The browser loaded no document for the page.', {url: request.url});
      // The page's changes for the capture come after its DOM was read: they never alter the data.
      const capture = shot ? await changePage(page, shot).then(() => shoot(page, shot)).catch(captureError(request.url)) : undefined;
      return {
        html,
        url: page.url(),
        statusCode: loaded.statusCode,
        headers: loaded.headers,
        redirects: loaded.redirects,
        ...(capture ? {capture} : {}),
      };
    },
    renderFailed(request),
    'render',
  );
}

function captureError(url: string) {
  const failed = captureFailed(url);
  return (error: unknown): never => {
    throw isLinkpeekError(error) ? error : failed(error, false);
  };
}

function renderFailed(request: RenderRequest): Fallback {
  return failedAs('ERENDER', request.url, {load: 'The page could not be loaded in the browser', task: 'The page could not be rendered.'});
}

async function readDom(page: Page): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.evaluate(() => document.documentElement.outerHTML);
    } catch (error) {
      if (attempt >= readAttempts || !(error instanceof Error) || !/context was destroyed|navigat/i.test(error.message)) throw error;
      await page.waitForNavigation({waitUntil: 'load', timeout: navigationSettle}).catch(() => {});
    }
  }
}
