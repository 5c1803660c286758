import type {Page} from 'puppeteer-core';
import {isPuppeteerTimeout} from './puppeteer.js';
import {type ContentWatch, installContentProbe, probeKey, type WatchEnd, type WatchLimits} from './content-probe.js';
import {mountSelector, shellTextLength} from './shell-signs.js';

/**
 * Why a content wait ended: the page wrote a title, description and image (`'complete'`), or a
 * title and a description only, and its DOM then stayed still (`'described'`); its network was
 * quiet before either (`'quiet-network'`: a page that never writes them, or already had them); or
 * the ceiling came first (`'ceiling'`: the page is read as it is then).
 */
export type ContentWaitEnd = 'complete' | 'described' | 'quiet-network' | 'ceiling';

/** The bounds of {@link waitForContent}, in milliseconds. */
export interface ContentWaitLimits {
  /** The wait ends after this long whatever happened. */
  ceiling: number;
  /** The fallback for a page whose content never shows: a network quiet this long. */
  quietNetwork: number;
}

// Once complete, the DOM must be still for a few frames (a framework writing its head in the
// next animation frame, say), at most this long; a page only described waits longer, since its
// image may be one step behind. Both end early on nothing: the ceiling and quiet network stay.
const settle = {quietComplete: 50, capComplete: 300, quietDescribed: 300, capDescribed: 1_000};
// A script navigation destroys the document being watched; the watch starts again on the next
// one, this many times at most (a page navigating in a loop falls back to the network wait).
const watchAttempts = 5;

/**
 * Installs the in-page probe in every document `page` loads from now on: it must be called before
 * the navigation, for the probe to see the `<head>` as the server sent it.
 */
export async function prepareContentWait(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(installContentProbe, probeKey, {mountSelector: mountSelector(), textLength: shellTextLength});
}

/**
 * Waits, after `load`, until the page's scripts wrote what the extraction rules read (see
 * content-probe.ts for what counts), then a short settle; or until the network has been quiet for
 * `limits.quietNetwork` ms; or `limits.ceiling`, whichever comes first. Needs
 * {@link prepareContentWait} before the navigation (without it only the network decides). Never
 * throws for a page that does not settle: it says how the wait ended.
 */
export async function waitForContent(page: Page, limits: ContentWaitLimits): Promise<ContentWaitEnd> {
  const deadline = Date.now() + limits.ceiling;
  const stop = new AbortController();
  const network = page
    .waitForNetworkIdle({idleTime: limits.quietNetwork, concurrency: 0, timeout: limits.ceiling, signal: stop.signal})
    .then(
      (): ContentWaitEnd => 'quiet-network',
      (error: unknown): ContentWaitEnd => {
        if (isPuppeteerTimeout(error) || stop.signal.aborted) return 'ceiling';
        throw error;
      },
    );
  const content = watchDocuments(page, deadline, stop.signal);
  try {
    return await Promise.race([network, content]);
  } finally {
    stop.abort();
  }
}

/** The in-page watch, started again on the new document when a script navigates; `'ceiling'` when none can run. */
async function watchDocuments(page: Page, deadline: number, signal: AbortSignal): Promise<ContentWaitEnd> {
  for (let attempt = 1; attempt <= watchAttempts && !signal.aborted; attempt++) {
    const limits: WatchLimits = {timeout: Math.max(1, deadline - Date.now()), ...settle};
    let end: WatchEnd | 'no-probe';
    try {
      end = await page.evaluate(
        (key: string, watchLimits: WatchLimits) => {
          const probe = (window as unknown as Record<symbol, ContentWatch | undefined>)[Symbol.for(key)];
          return probe ? probe.watch(watchLimits) : 'no-probe';
        },
        probeKey,
        limits,
      );
    } catch (error) {
      if (error instanceof Error && /context was destroyed|navigat|Cannot find context/i.test(error.message)) {
        // A script navigated: watch the next document once it has loaded, as the first one was.
        const left = deadline - Date.now();
        if (left <= 0) break;
        await page.waitForFunction(() => document.readyState === 'complete', {timeout: left, signal}).catch(() => {});
        continue;
      }
      // A page that cannot be watched (closed, crashed) is left to the network wait and its ceiling.
      break;
    }
    if (end === 'complete' || end === 'described') return end;
    // 'timeout': the ceiling; 'no-probe': a document the probe could not enter (an error page).
    break;
  }
  return untilDeadline(deadline, signal);
}

function untilDeadline(deadline: number, signal: AbortSignal): Promise<ContentWaitEnd> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve('ceiling');
    const timer = setTimeout(() => resolve('ceiling'), Math.max(0, deadline - Date.now()));
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve('ceiling');
      },
      {once: true},
    );
  });
}
