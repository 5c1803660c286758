// Types only, imported by the screenshot provider interface and the interception code alike, so
// neither has to import the other.
import type {Redirect} from '../data.js';
import type {RequestProfile} from '../fetch/request-profiles.js';

/** The page a guarded browser page loads, and how every request it makes is checked and fetched. */
export interface PageGuard {
  /** The page to load (the final URL after redirects). */
  url: string;
  /** Extra request headers for the target (spec rule 9); sent to the page's own origin only. */
  headers: Record<string, string>;
  /**
   * Resolves when the URL may be loaded, rejects with EFORBIDDENURL otherwise. Providers call it
   * for every request the page makes, so the browser cannot become an SSRF hole.
   */
  checkUrl: (url: string) => Promise<void>;
  /**
   * Fetches one resource for the browser through linkpeek's SSRF-safe transport (addresses checked
   * at connect time, redirects re-validated). Providers that can fulfil requests themselves
   * (Chromium's request interception) use it so the browser never resolves or connects on its own,
   * which closes the DNS-rebinding gap left by check-then-continue. Optional for compatibility;
   * `takeScreenshot` always sets it.
   */
  fetchResource?: ResourceFetcher;
  /**
   * The request profile the page is loaded with, when its host is one of the profile's: the page
   * takes its user agent and Accept-Language (for every request of the page, as a browser with
   * those settings would send them) and has its cookies in its cookie jar for the profile's hosts
   * (scripts see them). `fetchResource` sends its cookies and other headers to its hosts only.
   */
  profile?: RequestProfile;
  /**
   * Says whether a subresource request is an ad or a tracker to block (`adblock`); the page's own
   * document is never asked about. Absent: nothing is blocked.
   */
  blocker?: RequestBlocker;
}

/** A subresource request as a filter list judges it. */
export interface BlockableRequest {
  url: string;
  /** The URL of the page (frame) that makes the request. */
  sourceUrl: string;
  /** The resource type as Chromium names it (`script`, `image`, `stylesheet`, `xhr`, `sub_frame`...). */
  type: string;
}

/** Blocks ads and trackers: `blocks` is asked once per request; `onBlocked` hears each one blocked. */
export interface RequestBlocker {
  blocks(request: BlockableRequest): boolean;
  onBlocked?(request: BlockableRequest): void;
}

/** A request the browser wants to make, as handed to a {@link ResourceFetcher}. */
export interface ResourceRequest {
  /** HTTP method, e.g. `GET`. */
  method: string;
  /** Request headers, lowercase names. */
  headers: Record<string, string>;
  /** Request body, for methods that carry one. */
  body?: Uint8Array;
}

/** The answer to a {@link ResourceRequest}, after redirects were followed and re-validated. */
export interface ResourceResponse {
  /** The final URL, after redirects. */
  url: string;
  statusCode: number;
  /** Response headers, lowercase names. */
  headers: Record<string, string | string[] | undefined>;
  /** The decoded body. */
  body: Uint8Array;
  /** The redirect hops followed in Node to reach `url`, when the fetcher knows them. */
  redirects?: Redirect[];
}

/**
 * Fetches `url` under the extractor's address policy.
 * @throws LinkpeekError EFORBIDDENURL, EFETCH, ETIMEOUT, ETOOLARGE
 */
export type ResourceFetcher = (url: string, request: ResourceRequest) => Promise<ResourceResponse>;
