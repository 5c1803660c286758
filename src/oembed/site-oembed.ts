import type {Deadline} from '../deadline.js';
import {fetchOEmbedMembers} from './fetch-oembed.js';
import type {OEmbedConfig} from './options.js';
import {bundledProviders, findEndpoint, registryRequestUrl, type OEmbedProvider} from './registry.js';
import type {Size} from './size.js';

/** What {@link fetchSiteOEmbed} needs from the `extract()` call. */
export interface SiteOEmbedRequest extends Size {
  /**
   * The full request URL, when the site names its own endpoint (its `oembed.endpoint`); absent: the
   * provider table's endpoint for the page (the config's `oembedProviders`, else the bundled registry).
   */
  endpoint?: string;
  /** Caller headers: all of them to an endpoint on the page's origin, else only `user-agent` and `accept-language`. */
  headers: Record<string, string>;
  /** The call's time budget; the request also gets at most `config.pingTimeout` of it. */
  deadline: Deadline;
}

/** A site's oEmbed answer: what its rules read as `page.oembed`. */
export interface SiteOEmbedAnswer {
  /** The request URL asked. */
  endpoint: string;
  /** The URL that answered, after redirects (relative URLs in the answer resolve against it). */
  url: string;
  /** The answer's members as decoded (JSON object, or the children of XML's `<oembed>`), not validated as an embed. */
  members: Record<string, unknown>;
}

/**
 * A site's oEmbed answer for `pageUrl`, as a source for its rules (docs/sites.md, "oEmbed as a rule
 * source"): one request through `fetchOEmbedMembers` (the SSRF-safe transport, the address policy
 * on every hop, no cookie jar, `config.pingTimeout` within the call's deadline, a 1 MiB body cap).
 * `extract()` runs it alongside the page fetch for a site whose page is often a wall or poor, after
 * it for the others (only when the page left a field the answer can give empty).
 * @param providers The provider table the endpoint is found in when the site names none.
 * @returns The answer, or `null` when there is no endpoint for the page or the provider failed
 *   (refused address, non-2xx status, junk, too big, too slow): that never fails the call.
 * @throws The call deadline's reason (LinkpeekError ETIMEOUT or EABORTED) when the whole call's
 *   deadline ends or the caller aborts.
 */
export async function fetchSiteOEmbed(
  pageUrl: string,
  request: SiteOEmbedRequest,
  config: OEmbedConfig,
  providers: readonly OEmbedProvider[] = bundledProviders(),
): Promise<SiteOEmbedAnswer | null> {
  if (request.deadline.signal.aborted) throw request.deadline.signal.reason;
  const size: Size = {...(request.maxWidth === undefined ? {} : {maxWidth: request.maxWidth}), ...(request.maxHeight === undefined ? {} : {maxHeight: request.maxHeight})};
  const match = request.endpoint === undefined ? findEndpoint(pageUrl, providers) : null;
  const endpoint = request.endpoint ?? (match ? registryRequestUrl(match, pageUrl, size) : null);
  if (endpoint === null) return null;
  const answer = await fetchOEmbedMembers(endpoint, {pageUrl, headers: request.headers, deadline: request.deadline}, config);
  return answer === null ? null : {endpoint, url: answer.url, members: answer.members};
}
