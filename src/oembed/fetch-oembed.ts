import {narrowDeadline, type Deadline} from '../deadline.js';
import {headersAfterRedirects, requestSafely} from '../fetch/http-client.js';
import {readBody} from '../fetch/read-body.js';
import type {OEmbedConfig} from './options.js';
import {validateUrl} from '../url/validate-url.js';
import {decodeOEmbed, readOEmbed, type IframeResult} from './parse-oembed.js';

/**
 * The most bytes of an oEmbed answer read (after decompression). An answer that goes on past it is
 * dropped (`null`) and its connection closed: real answers are a few KiB, even with inline markup.
 */
export const maxOEmbedBytes = 1024 * 1024;

/** One oEmbed request of {@link fetchOEmbed}. */
export interface OEmbedRequest {
  /** The page the embed is for: caller headers go to the endpoint only when it has this origin. */
  pageUrl: string;
  /** Caller headers (validated, lowercase names). */
  headers: Record<string, string>;
  /** The call's time budget; the request also gets at most `config.pingTimeout` of it. */
  deadline: Deadline;
}

const accept = 'application/json, text/xml;q=0.9, application/xml;q=0.9, */*;q=0.1';

/**
 * Asks one oEmbed endpoint (the full request URL, parameters included) through `requestSafely`:
 * the address policy on every hop, redirects re-validated (at most `config.maxRedirects`), at most
 * `config.pingTimeout` within the call's deadline, at most {@link maxOEmbedBytes} read. Caller
 * headers go along only when the endpoint has the page's origin; elsewhere only `user-agent` and
 * `accept-language` do (the rule `requestSafely` applies to redirects).
 * @returns The validated answer (see `readOEmbed`), or `null` when the endpoint is refused,
 *   unreachable, slow past its own cap, answers a non-2xx status, too many bytes, or junk.
 * @throws The call deadline's reason (LinkpeekError ETIMEOUT or EABORTED) when the whole call's
 *   deadline ended or the caller aborted: that is the call failing, not the provider.
 */
export async function fetchOEmbed(endpoint: string, request: OEmbedRequest, config: OEmbedConfig): Promise<IframeResult | null> {
  const answer = await fetchOEmbedMembers(endpoint, request, config);
  return answer === null ? null : readOEmbed(answer.members, answer.url);
}

/** An oEmbed answer as decoded, before validation: its members and the URL that answered (after redirects). */
export interface OEmbedAnswer {
  members: Record<string, unknown>;
  url: string;
}

/**
 * {@link fetchOEmbed}'s request, with the answer's members as decoded (JSON or XML), not validated
 * as an embed: what a site's rules read (their `oembed(...)` rules pick the members they trust).
 * @returns `null` on the same failures as {@link fetchOEmbed}. @throws as {@link fetchOEmbed}.
 */
export async function fetchOEmbedMembers(endpoint: string, request: OEmbedRequest, config: OEmbedConfig): Promise<OEmbedAnswer | null> {
  const deadline = narrowDeadline(request.deadline, config.pingTimeout);
  try {
    // Literal IPs and non-http(s) URLs are refused here, before any socket; names at connect time.
    const target = validateUrl(endpoint, config.allowAddress);
    const headers = {...headersAfterRedirects(request.headers, [request.pageUrl, target.href]), accept};
    const response = await requestSafely(target, {method: 'GET', headers, deadline}, config);
    if (response.statusCode < 200 || response.statusCode >= 300) {
      response.body.destroy();
      return null;
    }
    const {bytes, truncated} = await readBody(response.body, maxOEmbedBytes);
    if (truncated) return null;
    const members = decodeOEmbed(bytes, String(response.headers['content-type'] ?? ''));
    return members === null ? null : {members, url: response.url};
  } catch (error) {
    if (request.deadline.signal.aborted) throw request.deadline.signal.reason;
    // Refused, unresolvable, forbidden, too many redirects, its own cap: the provider failed.
    return null;
  } finally {
    deadline.dispose();
  }
}
