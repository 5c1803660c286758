import {isIP} from 'node:net';
import type {Browser, BrowserContext, CookieData, Page} from 'puppeteer-core';
import {isPuppeteerTimeout} from './puppeteer.js';
import {unbracket} from '../url/address-guard.js';
import type {Redirect} from '../data.js';
import {hostMatches} from '../fetch/request-profiles.js';
import {LinkpeekError, isLinkpeekError} from '../errors.js';
import {prepareContentWait, waitForContent} from './content-wait.js';
import {interceptRequests} from './intercept-requests.js';
import type {PageGuard, ResourceResponse} from './page-guard.js';
import {injectIntoPage, injects, within} from './inject.js';
import type {Emulation, PageSetup, WaitUntil} from './provider.js';

/** How to open, load and wait for one guarded page. */
export interface PageLoad extends PageGuard {
  /** Milliseconds everything may take, the caller's work included. */
  timeout: number;
  signal?: AbortSignal;
  /** The window; `isMobile`, `hasTouch` and `isLandscape` come from the emulated device. */
  viewport: {width: number; height: number; deviceScaleFactor: number; isMobile?: boolean; hasTouch?: boolean; isLandscape?: boolean};
  /** Device user agent, colour scheme and media type to emulate. */
  emulation?: Emulation;
  waitUntil: WaitUntil;
  waitForSelector: string | null;
  waitForTimeout: number;
  /**
   * Under `waitUntil: 'auto'`, also wait (capped) for the content the extraction rules read, or a
   * quiet network (see `waitForContent`): rendering for extraction.
   */
  settle: boolean;
  /** Wait for web fonts, and freeze animations unless `setup.animations`: the page is about to be captured. */
  still: boolean;
  /** Scripts on or off, animations, injected styles and scripts. Absent: the defaults. */
  setup?: PageSetup;
  /**
   * Checks each main-frame document response before Chromium gets it; what it throws aborts that
   * navigation and is reported (a rendered page must be an HTML document, say).
   */
  checkDocument?: (document: LoadedDocument) => void;
}

/** The main frame's document response, as Node fetched it. */
export interface LoadedDocument {
  url: string;
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  /** The HTTP redirect hops of the navigation that loaded it. */
  redirects: Redirect[];
}

/**
 * Makes the error for a failure that is neither a timeout nor a refused document: `documentFailed`
 * when the page's own document could not be fetched (`cause` says why).
 */
export type Fallback = (cause: unknown, documentFailed: boolean) => LinkpeekError;

/**
 * The {@link Fallback} of a browser task: `code` with the reason the document failed to load
 * (`The page could not be loaded for the PDF: …`), or the task's own failure (`The page could not be printed to a PDF.`).
 */
export function failedAs(code: 'ESCREENSHOT' | 'ERENDER', url: string, messages: {load: string; task: string}): Fallback {
  return (cause, documentFailed) =>
    new LinkpeekError(code, documentFailed && cause instanceof Error ? `${messages.load}: ${cause.message}` : messages.task, {cause, url});
}

/** What a task is given once the page is loaded and the waits ended. */
export interface LoadedPage {
  page: Page;
  /** The last main-frame document response, if any arrived. */
  document(): LoadedDocument | undefined;
  /** Why a main-frame document (the page, or a navigation its scripts started) could not be fetched, if one could not. */
  documentError(): unknown;
}

const disableAnimations = `
  *, *::before, *::after {
    animation-duration: 0s !important; animation-delay: 0s !important;
    transition-duration: 0s !important; transition-delay: 0s !important;
    caret-color: transparent !important; scroll-behavior: auto !important;
  }`;

// Cap on waiting for web fonts after load: a font that never arrives must not eat the budget.
const fontsTimeout = 3_000;
// 'auto' settling: the content the rules read, else a network quiet this long; the wait ends after
// the cap anyway, so a page that polls forever is still read (at its state after the cap).
const quietTime = 500;
const settleCap = 3_000;

/**
 * Loads `load.url` in a fresh incognito context of `browser` whose proxy is `proxyServer` (the
 * black hole), with every request guarded (see `interceptRequests`), waits as `load` says, and
 * runs `task` on the loaded page, all within `load.timeout` and `load.signal`. The context is
 * closed before this returns, whatever happened. `action` names the work in error messages
 * (`capture`, `render`); `fallback` makes the error for a failure that is neither a timeout nor a
 * refused or unreachable document.
 */
export async function inGuardedPage<T>(
  browser: Browser,
  proxyServer: string,
  load: PageLoad,
  task: (loaded: LoadedPage) => Promise<T>,
  fallback: Fallback,
  action: string,
): Promise<T> {
  const signal = AbortSignal.any([AbortSignal.timeout(load.timeout), ...(load.signal ? [load.signal] : [])]);
  const context = await browser.createBrowserContext({proxyServer, proxyBypassList: ['<-loopback>']}).catch((error: unknown) => {
    throw fallback(error, false);
  });
  let documentError: unknown;
  try {
    const work = context.newPage().then(async (page) => {
      const loaded = await loadPage(page, load, (error) => {
        documentError ??= error;
      });
      return task({...loaded, documentError: () => documentError});
    });
    // Closing the context in `finally` ends whatever the page was still doing.
    work.catch(() => {});
    return await raceAbort(work, signal);
  } catch (error) {
    throw toPageError(error, load, signal, documentError, fallback, action);
  } finally {
    // Not awaited: the result does not wait for the renderer to be torn down (~15 ms), but the
    // close is tracked, and the browser is only closed once it settled (`contextsClosed`).
    closeInBackground(browser, context);
  }
}

// Contexts of each browser whose close is still running (bookkeeping of the browser's own lifetime).
const closing = new WeakMap<Browser, Set<Promise<void>>>();

/** Closes `context` without waiting; errors are swallowed (a browser that died took it along). */
function closeInBackground(browser: Browser, context: BrowserContext): void {
  const pending = closing.get(browser) ?? new Set<Promise<void>>();
  closing.set(browser, pending);
  const closed: Promise<void> = context
    .close()
    .catch(() => {})
    .finally(() => pending.delete(closed));
  pending.add(closed);
}

/** Resolves once every context {@link inGuardedPage} closed in the background on `browser` is closed. */
export async function contextsClosed(browser: Browser): Promise<void> {
  const pending = closing.get(browser);
  while (pending && pending.size > 0) await Promise.all(pending);
}

async function loadPage(page: Page, load: PageLoad, onDocumentError: (error: unknown) => void): Promise<Omit<LoadedPage, 'documentError'>> {
  const deadline = Date.now() + load.timeout;
  const remaining = () => Math.max(1, deadline - Date.now());
  page.setDefaultTimeout(load.timeout);
  const tracker = trackDocument(load.checkDocument);
  const settle = load.waitUntil === 'auto' && load.settle;
  const javascript = load.setup?.javascript !== false;
  // Animations are stopped for a capture unless the caller wants them running.
  const freeze = load.still && load.setup?.animations !== true;
  // Independent DevTools calls, sent together: one round trip instead of six. Interception is on
  // before the navigation starts, whichever of them ends last.
  await Promise.all([
    page.setBypassServiceWorker(true),
    ...(settle ? [prepareContentWait(page)] : []),
    page.setViewport(load.viewport),
    emulate(page, load, freeze),
    ...(javascript ? [] : [page.setJavaScriptEnabled(false)]),
    // The page's Content-Security-Policy must not refuse the styles and scripts linkpeek adds.
    ...(freeze || injects(load.setup) ? [page.setBypassCSP(true)] : []),
    ...(freeze
      ? [
          page.evaluateOnNewDocument((css: string) => {
            const add = () => {
              const style = document.createElement('style');
              style.textContent = css;
              document.documentElement.append(style);
            };
            if (document.documentElement) add();
            else document.addEventListener('DOMContentLoaded', add, {once: true});
          }, disableAnimations),
        ]
      : []),
    interceptRequests(page, load, {onDocumentError, onDocumentResponse: tracker.record}),
  ]);

  const waitUntil = load.waitUntil === 'auto' ? 'load' : load.waitUntil;
  await page.goto(load.url, {waitUntil, timeout: remaining()});
  if (settle) await waitForContent(page, {ceiling: Math.min(settleCap, remaining()), quietNetwork: quietTime});
  if (load.still) {
    // Capped in Node: a page whose scripts are off runs no timer of its own.
    const cap = Math.min(fontsTimeout, remaining());
    await within(page.evaluate(() => document.fonts.ready.then(() => true)).catch(() => {}), cap);
  }
  // With scripts off, the new-document script that stops animations did not run: the same CSS goes in now.
  if (freeze && !javascript) await injectIntoPage(page, {styles: [disableAnimations], scripts: [], modules: []}, false);
  // Injected before the waits: `waitForSelector` and `waitForTimeout` also wait for what the caller's
  // styles, scripts and modules do (a module's awaits settle after it was added).
  if (load.setup) await injectIntoPage(page, load.setup, javascript);
  if (load.waitForSelector) {
    const selector = load.waitForSelector;
    await page.waitForSelector(selector, {timeout: remaining()}).catch((error: unknown) => {
      if (error instanceof Error && /not a valid selector/i.test(error.message)) {
        throw new LinkpeekError('EINVALOPTION', 'Option `waitForSelector` is not a valid CSS selector.', {cause: error});
      }
      if (!isPuppeteerTimeout(error)) throw error;
      throw new LinkpeekError('ETIMEOUT', `The selector \`${selector}\` did not appear within ${load.timeout} ms.`, {
        cause: error,
        url: load.url,
      });
    });
  }
  if (load.waitForTimeout > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(load.waitForTimeout, remaining())));
  return {page, document: tracker.current};
}

/**
 * The device's user agent (Chromium sends it with every request, and the guard forwards it to
 * the target), the media features (`prefers-color-scheme`; `prefers-reduced-motion: reduce` for a
 * still page) and the media type. A request profile for the page's host wins over the device for
 * the user agent, sets Accept-Language, and puts its cookies in the context's jar for its hosts.
 */
async function emulate(page: Page, load: PageLoad, freeze: boolean): Promise<void> {
  const {device, colorScheme, mediaType} = load.emulation ?? {device: null, colorScheme: null, mediaType: 'screen'};
  const profile = load.profile && hostMatches(new URL(load.url).hostname, load.profile.hosts) ? load.profile : undefined;
  const userAgent = profile?.userAgent ?? device?.userAgent;
  const cookies = profile ? profileCookies(profile) : [];
  const features = [
    ...(freeze ? [{name: 'prefers-reduced-motion', value: 'reduce'}] : []),
    ...(colorScheme ? [{name: 'prefers-color-scheme', value: colorScheme}] : []),
  ];
  await Promise.all([
    userAgent ? page.setUserAgent({userAgent}) : undefined,
    profile?.acceptLanguage ? page.setExtraHTTPHeaders({'accept-language': profile.acceptLanguage}) : undefined,
    cookies.length > 0 ? page.browserContext().setCookie(...cookies) : undefined,
    features.length > 0 ? page.emulateMediaFeatures(features) : undefined,
    mediaType !== 'screen' ? page.emulateMediaType(mediaType) : undefined,
  ]);
}

// A domain cookie per host of the profile (IP literals cannot hold one), so scripts on those hosts
// see the cookies the requests carry.
function profileCookies(profile: NonNullable<PageLoad['profile']>): CookieData[] {
  const hosts = profile.hosts.filter((host) => isIP(unbracket(host)) === 0);
  return Object.entries(profile.cookies ?? {}).flatMap(([name, value]) => hosts.map((host) => ({name, value, domain: `.${host}`, path: '/'})));
}

/**
 * Follows the main frame's document responses. Node follows HTTP redirects itself and answers
 * Chromium with one synthetic redirect to the final URL, which Chromium then requests again: the
 * hops of both requests belong to the same navigation.
 */
function trackDocument(check?: (document: LoadedDocument) => void) {
  let hops: Redirect[] = [];
  let chained = false;
  let last: LoadedDocument | undefined;
  return {
    record(requestedUrl: string, response: ResourceResponse) {
      if (!chained) hops = [];
      hops.push(...(response.redirects ?? []));
      chained = stripHash(response.url) !== stripHash(requestedUrl);
      last = {url: response.url, statusCode: response.statusCode, headers: response.headers, redirects: [...hops]};
      // A synthetic redirect is not the document yet: its target is checked when it is fetched.
      if (!chained) check?.(last);
    },
    current: () => last,
  };
}

function stripHash(href: string): string {
  const index = href.indexOf('#');
  return index === -1 ? href : href.slice(0, index);
}

/** `work`, or the signal's reason if it aborts first. */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
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

// Why a page's own document failed that is worth reporting as it is, not as a failed capture or render.
const passedThrough: ReadonlySet<string> = new Set(['EFORBIDDENURL', 'ETIMEOUT', 'EHTTP', 'ENOTHTML']);

/**
 * Turns whatever ended the work on a page into the one LinkpeekError to report. `signal` is the
 * page's own time limit (combined with the caller's); `documentError` is why the page's own
 * document could not be fetched, if it could not.
 */
export function toPageError(
  error: unknown,
  load: Pick<PageLoad, 'url' | 'timeout' | 'signal'>,
  signal: AbortSignal,
  documentError: unknown,
  fallback: Fallback,
  action: string,
): LinkpeekError {
  // The caller's own deadline (ETIMEOUT) or abort (EABORTED) wins.
  if (load.signal?.aborted && isLinkpeekError(load.signal.reason)) return load.signal.reason;
  if (signal.aborted || isPuppeteerTimeout(error)) {
    return new LinkpeekError('ETIMEOUT', `The page took longer than ${load.timeout} ms to ${action}.`, {cause: error, url: load.url});
  }
  if (isLinkpeekError(error)) return error;
  // The page itself was refused or unreachable: report why, not Chromium's net::ERR_BLOCKED_BY_CLIENT.
  if (isLinkpeekError(documentError)) {
    if (passedThrough.has(documentError.code)) return documentError;
    return fallback(documentError, true);
  }
  return fallback(error, false);
}
