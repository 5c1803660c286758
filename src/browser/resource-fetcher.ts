import type {Deadline} from '../deadline.js';
import {LinkpeekError} from '../errors.js';
import {requestSafely} from '../fetch/http-client.js';
import {readBody} from '../fetch/read-body.js';
import type {ResolvedProxy} from '../fetch/proxy.js';
import type {RequestProfile} from '../fetch/request-profiles.js';
import type {BrowserConfig} from './options.js';
import {resolveAllowedAddresses} from '../url/address-guard.js';
import type {PageGuard, ResourceFetcher} from './page-guard.js';

/**
 * The guard of one browser page for `pageUrl`: every URL the page requests is checked against the
 * extractor's address policy, and fetched in Node by {@link createResourceFetcher}. The caller's
 * `headers` are sent to the page's own origin only; `route` sends its profile to its hosts and its
 * requests through its proxy, as for the static fetch.
 */
export function createPageGuard(pageUrl: string, headers: Record<string, string>, deadline: Deadline, config: BrowserConfig, route: PageRoute = {}): PageGuard {
  return {
    url: pageUrl,
    headers,
    checkUrl: async (url) => {
      await resolveAllowedAddresses(new URL(url).hostname, config);
    },
    fetchResource: createResourceFetcher(deadline, config, route),
    ...(route.profile ? {profile: route.profile} : {}),
  };
}

/** How a page's requests go out: a request profile and a proxy, as `fetchPage` takes them. */
export interface PageRoute {
  /** Its cookies and headers go to its hosts only (see `requestSafely`). */
  profile?: RequestProfile | undefined;
  /** The requests to the hosts it covers go through it, each target checked first. */
  proxy?: ResolvedProxy | null | undefined;
}

/**
 * Fetches the browser's requests in Node through `requestSafely`, so the address that was checked
 * is the one connected to. Only GET and HEAD are forwarded: a page needs nothing else to be read or
 * captured, and its scripts must not be able to POST to the target's neighbours. Each body is
 * capped at `config.maxBodySize`, and all of them together at `config.maxPageBytes`: one fetcher
 * serves one page. `route`'s profile and proxy apply to every request, as for the static fetch.
 */
export function createResourceFetcher(deadline: Deadline, config: BrowserConfig, route: PageRoute = {}): ResourceFetcher {
  let pageBytes = 0;
  return async (url, {method, headers}) => {
    if (method !== 'GET' && method !== 'HEAD') {
      throw new LinkpeekError('EFETCH', `The browser's \`${method}\` request was not forwarded.`);
    }
    const left = config.maxPageBytes - pageBytes;
    if (left <= 0) throw new LinkpeekError('ETOOLARGE', `The page's resources exceeded ${config.maxPageBytes} bytes together.`);
    const response = await requestSafely(new URL(url), {method, headers, deadline, profile: route.profile, proxy: route.proxy}, config);
    const limit = Math.min(config.maxBodySize, left);
    const {bytes, truncated} = await readBody(response.body, limit);
    pageBytes += bytes.byteLength;
    if (truncated) {
      const what = limit < config.maxBodySize ? `The page's resources exceeded ${config.maxPageBytes} bytes together` : `A resource of the page exceeded ${config.maxBodySize} bytes`;
      throw new LinkpeekError('ETOOLARGE', `${what}.`);
    }
    return {url: response.url, statusCode: response.statusCode, headers: response.headers, body: bytes, redirects: response.redirects};
  };
}
