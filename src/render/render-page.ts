import type {CaptureResult, Emulation, PageSetup, ResolvedScreenshotOptions} from '../browser/provider.js';
import {pageBlocker} from '../browser/adblock.js';
import {createPageGuard} from '../browser/resource-fetcher.js';
import type {ResolvedProxy} from '../fetch/proxy.js';
import type {RequestProfile} from '../fetch/request-profiles.js';
import {useProvider} from '../browser/use-provider.js';
import type {Deadline} from '../deadline.js';
import {LinkpeekError} from '../errors.js';
import {checkDocument} from '../fetch/fetch-page.js';
import type {Page} from '../shared/page.js';
import type {ResolvedWait} from '../browser/options.js';
import type {RenderConfig} from './options.js';

/** Per-call input of {@link renderPage}. */
export interface RenderPageRequest {
  /** Caller headers for the target (spec rule 9); the browser sends them to the page's own origin only. */
  headers: Record<string, string>;
  deadline: Deadline;
  wait: ResolvedWait;
  /** Device, colour scheme and media type of the page (the top-level options). Absent: none emulated. */
  emulation?: Emulation;
  /** Capture the same loaded page too, or `null`. */
  screenshot: ResolvedScreenshotOptions | null;
  /**
   * A request profile for the page (see `profileFor`): its user agent and Accept-Language become the
   * page's, its cookies and headers go to its hosts only. Absent: none.
   */
  profile?: RequestProfile | undefined;
  /** The proxy the page's requests go through, for the hosts it covers (see `proxyForRung`). */
  proxy?: ResolvedProxy | null | undefined;
  /** Read an HTML document of any status, for wall detection (see `RenderRequest.errorPages`). */
  errorPages?: boolean;
  /** Scripts, animations, ad blocking, injected styles and scripts. Absent: the defaults. */
  setup?: PageSetup;
}

/** A page read from the browser: the same shape as a fetched one, plus the screenshot if asked. */
export interface RenderedPage extends Page {
  capture?: CaptureResult;
}

/**
 * Loads `url` in the browser of `config.screenshotProvider` (its `render`), lets the page's scripts
 * run, and returns the live DOM as a {@link Page}: the final URL, the document's status, headers
 * and redirect hops. Every request the page makes goes through the address policy. Without a
 * provider in the config, a one-off Chromium is launched and closed again.
 * @throws LinkpeekError ENOBROWSER (no browser, or a provider that cannot render), ETIMEOUT,
 *   EFORBIDDENURL, EHTTP, ENOTHTML, ERENDER, EABORTED
 */
export async function renderPage(url: URL, request: RenderPageRequest, config: RenderConfig): Promise<RenderedPage> {
  const {deadline} = request;
  const blocker = await pageBlocker(request.setup?.adblock ?? true, config.adblockFilters);
  const result = await useProvider(config, deadline, url, {code: 'ERENDER', message: 'The browser could not render the page.'}, (provider) => {
    if (!provider.render) throw new LinkpeekError('ENOBROWSER', 'The screenshot provider cannot render pages (it has no `render`).');
    return provider.render({
      ...createPageGuard(url.href, request.headers, deadline, config, {profile: request.profile, proxy: request.proxy}),
      ...(blocker ? {blocker} : {}),
      ...(request.setup ? {setup: request.setup} : {}),
      ...request.wait,
      ...(request.emulation ? {emulation: request.emulation} : {}),
      ...(request.errorPages ? {errorPages: true} : {}),
      screenshot: request.screenshot,
      timeout: Math.max(1, deadline.remaining()),
      signal: deadline.signal,
    });
  });
  // With `errorPages`, the status is the caller's to judge (a wall, else EHTTP); the type is checked here.
  const contentType = checkDocument(new URL(result.url), request.errorPages ? 200 : result.statusCode, result.headers['content-type']);
  return {
    requestedUrl: url.href,
    url: result.url,
    statusCode: result.statusCode,
    headers: result.headers,
    contentType: contentType.mimeType || 'text/html',
    // The DOM is read as a string: there are no bytes left to decode.
    charset: 'utf-8',
    html: result.html,
    truncated: false,
    redirects: result.redirects,
    ...(result.capture ? {capture: result.capture} : {}),
  };
}
