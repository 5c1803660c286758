import type {Deadline} from '../deadline.js';
import type {OEmbedConfig} from './options.js';
import type {Snapshot} from '../parse/snapshot.js';
import {discoverEndpoint, discoveryRequestUrl} from './discover.js';
import {fetchOEmbed} from './fetch-oembed.js';
import {noIframe, type IframeResult} from './parse-oembed.js';
import {bundledProviders, findEndpoint, registryRequestUrl, type OEmbedProvider} from './registry.js';

export type {Iframe, IframeResult, OEmbedFields} from './parse-oembed.js';
export type {IframeScript} from './scripts.js';
export type {OEmbedEndpoint, OEmbedProvider} from './registry.js';
export {bundledProviders} from './registry.js';
export {maxOEmbedBytes} from './fetch-oembed.js';

/** What {@link fetchIframe} needs from the `extract()` call. */
export interface IframeRequest {
  /** Forwarded as `maxwidth` (a positive number of pixels; anything else is left out). */
  maxWidth?: number;
  /** Forwarded as `maxheight`. */
  maxHeight?: number;
  /** Caller headers: all of them to an endpoint on the page's origin, else only `user-agent` and `accept-language`. */
  headers: Record<string, string>;
  /** The call's time budget; each oEmbed request also gets at most `config.pingTimeout` of it. */
  deadline: Deadline;
}

/**
 * The page's embed through oEmbed (issue 11, the `iframe` option):
 * 1. the endpoint the page names in `<link rel="alternate" type="application/json+oembed">` (else
 *    `text/xml+oembed`), `maxwidth`/`maxheight` added;
 * 2. then, when the page names none or its endpoint gave no valid answer, the registry endpoint whose
 *    scheme fits `pageUrl` (`providers`, the bundled public registry by default), asked with
 *    `url=<pageUrl>&format=json&maxwidth=&maxheight=`.
 * At most two requests, one at a time, each through `fetchOEmbed` (SSRF-safe transport, its own
 * `config.pingTimeout` cap within the call's deadline, {@link maxOEmbedBytes} body cap). The first
 * valid answer wins; a `link` answer gives fields but no embed.
 *
 * @param pageUrl The final page URL (after redirects): matched against the registry and sent as `url=`.
 * @param snapshot The page's snapshot, for its discovery `<link>` and `<base href>`.
 * @param providers The oEmbed registry; pass `[...mine, ...bundledProviders()]` to add providers ahead of the bundled ones.
 * @returns `{iframe, fields}`; `{iframe: null, fields: {}}` when no provider gave a valid answer. A
 *   provider failing (refused address, 404, junk, too big, too slow) never fails the call.
 * @throws The call deadline's reason (LinkpeekError ETIMEOUT or EABORTED) when the whole call's
 *   deadline ends or the caller aborts; Error when `providers` is left to its default and the
 *   bundled registry cannot be read (a broken install).
 */
export async function fetchIframe(
  pageUrl: string,
  snapshot: Snapshot,
  request: IframeRequest,
  config: OEmbedConfig,
  providers: readonly OEmbedProvider[] = bundledProviders(),
): Promise<IframeResult> {
  if (request.deadline.signal.aborted) throw request.deadline.signal.reason;
  const endpoints = new Set<string>();
  const discovered = discoverEndpoint(snapshot, pageUrl);
  if (discovered) endpoints.add(discoveryRequestUrl(discovered.url, request));
  const match = findEndpoint(pageUrl, providers);
  if (match) endpoints.add(registryRequestUrl(match, pageUrl, request));
  for (const endpoint of endpoints) {
    const result = await fetchOEmbed(endpoint, {pageUrl, headers: request.headers, deadline: request.deadline}, config);
    if (result !== null) return result;
  }
  return noIframe();
}
