import {isIP} from 'node:net';
import type {HTTPRequest, Page} from 'puppeteer-core';
import {unbracket} from '../url/address-guard.js';
import {LinkpeekError, isLinkpeekError} from '../errors.js';
import {refusedHeaders} from '../fetch/options.js';
import type {PageGuard, ResourceResponse} from './page-guard.js';

/** What the guard tells its page about the main frame's own document requests. */
export interface DocumentEvents {
  /** Why the document could not be fetched (refused, unreachable, too large...). */
  onDocumentError(error: unknown): void;
  /** The document's response as Node fetched it (after redirects), for `requestedUrl`. */
  onDocumentResponse?(requestedUrl: string, response: ResourceResponse): void;
}

/** Responses Node fetched at the end of a redirect chain, by final URL, until Chromium asks for them. */
type Redirected = Map<string, ResourceResponse>;

const passThroughSchemes = new Set(['data:', 'blob:', 'about:']);
// Hop-by-hop or encoding headers that describe Node's connection, not the body handed to Chromium.
const droppedResponseHeaders = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

/**
 * Turns on request interception for `page` so that the browser cannot become an SSRF hole:
 * `data:`, `blob:` and `about:` load as usual, other non-http(s) schemes are blocked, and http(s)
 * requests are checked with `guard.checkUrl` and fulfilled by Node through
 * `guard.fetchResource`. Requests that fail are aborted; when the failed one is the page's own
 * document, `events.onDocumentError` receives why, so the capture can report that instead of
 * Chromium's net::ERR_*.
 */
export async function interceptRequests(page: Page, guard: PageGuard, events: DocumentEvents): Promise<void> {
  await page.setRequestInterception(true);
  const pageOrigin = new URL(guard.url).origin;
  const redirected: Redirected = new Map();
  page.on('request', (intercepted) => {
    void routeRequest(intercepted, guard, pageOrigin, page, events, redirected);
  });
}

async function routeRequest(
  intercepted: HTTPRequest,
  guard: PageGuard,
  pageOrigin: string,
  page: Page,
  events: DocumentEvents,
  redirected: Redirected,
): Promise<void> {
  const isDocument = intercepted.isNavigationRequest() && intercepted.frame() === page.mainFrame();
  try {
    const url = new URL(intercepted.url());
    if (passThroughSchemes.has(url.protocol)) return await intercepted.continue();
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new LinkpeekError('EFORBIDDENURL', `The page requested \`${url.protocol}\` which is not allowed.`);
    }
    if (!isDocument && guard.blocker) {
      const asked = {url: url.href, sourceUrl: intercepted.frame()?.url() || guard.url, type: resourceType(intercepted, page)};
      if (guard.blocker.blocks(asked)) {
        guard.blocker.onBlocked?.(asked);
        return await intercepted.abort('blockedbyclient');
      }
    }
    await guard.checkUrl(url.href);
    if (!guard.fetchResource) {
      // Without a Node-side fetcher Chromium would resolve the name again by itself (DNS
      // rebinding), so only IP literals, already checked, may go through.
      if (isIP(unbracket(url.hostname)) === 0) {
        throw new LinkpeekError('EFORBIDDENURL', 'Host names need `fetchResource` to be loaded safely.');
      }
      return await intercepted.continue();
    }
    const method = intercepted.method();
    // The answer Node already fetched when it followed redirects to this URL: used once, so the
    // final address is not fetched a second time.
    const followed = method === 'GET' ? redirected.get(stripHash(url.href)) : undefined;
    redirected.delete(stripHash(url.href));
    const response =
      followed ??
      (await guard.fetchResource(url.href, {
        method,
        headers: requestHeaders(intercepted, url, pageOrigin, guard.headers),
        ...(intercepted.hasPostData() ? {body: Buffer.from((await intercepted.fetchPostData()) ?? '')} : {}),
      }));
    if (isDocument) events.onDocumentResponse?.(url.href, response);
    if (stripHash(response.url) !== stripHash(url.href)) {
      // Redirects were followed (and re-validated) in Node; tell Chromium where it ended up so
      // relative URLs resolve against the final address. Its next request, for that address, is
      // answered with what Node already has.
      if (method === 'GET') redirected.set(stripHash(response.url), {...response, redirects: []});
      return await intercepted.respond({status: 302, headers: {location: response.url}, contentType: 'text/plain', body: ''});
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined && !droppedResponseHeaders.has(name)) headers[name] = value;
    }
    const contentType = response.headers['content-type'];
    await intercepted.respond({
      status: response.statusCode,
      headers,
      contentType: typeof contentType === 'string' ? contentType : '',
      body: response.body,
    });
  } catch (error) {
    if (isDocument) events.onDocumentError(error);
    if (!intercepted.isInterceptResolutionHandled()) {
      await intercepted.abort(isLinkpeekError(error) && error.code === 'EFORBIDDENURL' ? 'blockedbyclient' : 'failed').catch(() => {});
    }
  }
}

/** The request's type as filter lists name it: a sub-frame's document is `sub_frame`, `fetch` is `xhr`. */
function resourceType(intercepted: HTTPRequest, page: Page): string {
  const type = intercepted.resourceType();
  if (type === 'document') return intercepted.frame() === page.mainFrame() ? 'main_frame' : 'sub_frame';
  if (type === 'fetch') return 'xhr';
  return type;
}

function requestHeaders(
  intercepted: HTTPRequest,
  url: URL,
  pageOrigin: string,
  callerHeaders: Record<string, string>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(intercepted.headers())) {
    const lower = name.toLowerCase();
    if (!refusedHeaders.has(lower) && !lower.startsWith('proxy-')) headers[lower] = value;
  }
  // The caller's headers (spec rule 9: credentials for the target) go to the target's origin only,
  // never to third-party subresources.
  if (url.origin === pageOrigin) Object.assign(headers, callerHeaders);
  return headers;
}

function stripHash(href: string): string {
  const index = href.indexOf('#');
  return index === -1 ? href : href.slice(0, index);
}
