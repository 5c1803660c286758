import {type ContentType, htmlMimeTypes, looksLikeHtml, parseContentType} from './content-type.js';
import type {Deadline} from '../deadline.js';
import {decodeBody} from './decode-body.js';
import {LinkpeekError} from '../errors.js';
import {requestSafely} from './http-client.js';
import type {FetchConfig} from './options.js';
import {readBody} from './read-body.js';
import type {ResolvedProxy} from './proxy.js';
import type {RequestProfile} from './request-profiles.js';
import type {Page} from '../shared/page.js';
import {splitCredentials} from '../url/credentials.js';

// The page type lives in shared/ (parse and rules read it without fetch/); kept importable from here.
export type {Page};

/** Per-call input of {@link fetchPage}. */
export interface FetchRequest {
  /** Caller headers sent to the target (validated by `normalizeOptions`); credentials stay on its origin. */
  headers: Record<string, string>;
  /** The call's time budget; the body must be read before it ends. */
  deadline: Deadline;
  /** A request profile for the hops to its hosts (see `profileFor`); `headers` win over it. */
  profile?: RequestProfile | undefined;
  /** The proxy for the hosts it covers (see `proxyForRung`); `null` or absent: no proxy. */
  proxy?: ResolvedProxy | null | undefined;
}

// Enough leading bytes to recognise an HTML document sent without a Content-Type.
const sniffLength = 512;

/**
 * Fetches `url` through the SSRF-safe transport and returns the decoded HTML page: redirects
 * followed (at most 10, each hop re-checked), the body read up to `config.maxBodySize`
 * decompressed bytes, and decoded by BOM, Content-Type charset, `<meta>` prescan, else UTF-8.
 * @throws LinkpeekError EINVALURL, EFORBIDDENURL, EMAXREDIRECTS, ETIMEOUT, EABORTED, EFETCH;
 *   EHTTP (status ≥ 400, with `statusCode`); ENOTHTML (not an HTML document);
 *   ETOOLARGE (body over `maxBodySize` when `bodyLimit` is `'error'`).
 */
export async function fetchPage(url: URL, request: FetchRequest, config: FetchConfig): Promise<Page> {
  const {headers, deadline, profile, proxy} = request;
  const response = await requestSafely(url, {method: 'GET', headers, deadline, profile, proxy}, config);
  const {body} = response;
  const finalUrl = new URL(response.url);
  try {
    const contentType = checkDocument(finalUrl, response.statusCode, response.headers['content-type']);
    const {bytes, truncated} = await readBody(body, config.maxBodySize);
    if (truncated && config.bodyLimit === 'error') {
      throw new LinkpeekError('ETOOLARGE', `The page at \`${finalUrl.host}\` is larger than ${config.maxBodySize} bytes.`, {
        url: finalUrl,
      });
    }
    // No Content-Type: WHATWG MIME sniffing on the first bytes decides.
    if (contentType.mimeType === '' && !looksLikeHtml(bytes.subarray(0, sniffLength))) throw notHtml(finalUrl, 'an unknown type');
    const {text, charset, windows} = decodeBody(bytes, contentType.charset);
    return {
      requestedUrl: splitCredentials(url).url.href,
      url: response.url,
      statusCode: response.statusCode,
      headers: response.headers,
      contentType: contentType.mimeType || 'text/html',
      charset,
      html: text,
      // A large body's windows travel with it, for parseHtml.
      ...(windows ? {windows} : {}),
      truncated,
      redirects: response.redirects,
    };
  } finally {
    // Whatever happened, the connection is not left open with an unread body.
    body.destroy();
  }
}

/**
 * Checks a page's answer before its body is used: an HTTP error status is EHTTP (with
 * `statusCode`), a declared type other than HTML is ENOTHTML. Returns the parsed Content-Type
 * (`mimeType` empty when none was sent: the caller sniffs). Shared by the static fetch and the
 * rendered page.
 */
export function checkDocument(url: URL, statusCode: number, contentTypeHeader: string | string[] | undefined): ContentType {
  if (statusCode >= 400) {
    throw new LinkpeekError('EHTTP', `The target \`${url.host}\` answered with HTTP ${statusCode}.`, {url, statusCode});
  }
  const contentType = parseContentType(Array.isArray(contentTypeHeader) ? contentTypeHeader[0] : contentTypeHeader);
  if (contentType.mimeType !== '' && !htmlMimeTypes.has(contentType.mimeType)) throw notHtml(url, contentType.mimeType);
  return contentType;
}

function notHtml(url: URL, type: string): LinkpeekError {
  const shown = type.includes('/') ? `\`${type}\`` : type;
  return new LinkpeekError('ENOTHTML', `The target \`${url.host}\` answered with ${shown}, not an HTML page.`, {url});
}
