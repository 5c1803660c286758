import type {IncomingHttpHeaders} from 'node:http';
import type {Readable} from 'node:stream';
import {htmlMimeTypes, looksLikeHtml, parseContentType} from './content-type.js';
import type {Redirect} from './data.js';
import type {Deadline} from './deadline.js';
import {decodeBody} from './decode-body.js';
import {LinkpeekError} from './errors.js';
import {requestSafely} from './http-client.js';
import type {ResolvedConfig} from './options.js';

/** A fetched, decoded HTML page. */
export interface Page {
  /** The URL asked for. */
  requestedUrl: string;
  /** The final URL after redirects. */
  url: string;
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** Media type without parameters, e.g. `text/html`. */
  contentType: string;
  /** The charset the body was decoded with, e.g. `utf-8`, `shift_jis`. */
  charset: string;
  html: string;
  /** True when the body was cut at `maxBodySize`. */
  truncated: boolean;
  redirects: Redirect[];
}

/** Per-call input of {@link fetchPage}. */
export interface FetchRequest {
  /** Caller headers sent to the target (validated by `normalizeOptions`); credentials stay on its origin. */
  headers: Record<string, string>;
  /** The call's time budget; the body must be read before it ends. */
  deadline: Deadline;
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
export async function fetchPage(url: URL, request: FetchRequest, config: ResolvedConfig): Promise<Page> {
  const response = await requestSafely(url, {method: 'GET', headers: request.headers, deadline: request.deadline}, config);
  const {body} = response;
  const finalUrl = new URL(response.url);
  try {
    if (response.statusCode >= 400) {
      throw new LinkpeekError('EHTTP', `The target \`${finalUrl.host}\` answered with HTTP ${response.statusCode}.`, {
        url: finalUrl,
        statusCode: response.statusCode,
      });
    }
    const contentType = parseContentType(response.headers['content-type']);
    if (contentType.mimeType !== '' && !htmlMimeTypes.has(contentType.mimeType)) throw notHtml(finalUrl, contentType.mimeType);
    const {bytes, truncated} = await readBody(body, config, finalUrl, contentType.mimeType === '');
    const {text, charset} = decodeBody(bytes, contentType.charset);
    return {
      requestedUrl: url.href,
      url: response.url,
      statusCode: response.statusCode,
      headers: response.headers,
      contentType: contentType.mimeType || 'text/html',
      charset,
      html: text,
      truncated,
      redirects: response.redirects,
    };
  } finally {
    // Whatever happened, the connection is not left open with an unread body.
    body.destroy();
  }
}

/**
 * Reads at most `maxBodySize` decompressed bytes; past it, stops (truncate) or throws ETOOLARGE.
 * Never holds more than the cap, so a gzip bomb or an endless page costs at most `maxBodySize`.
 */
async function readBody(
  body: Readable,
  config: ResolvedConfig,
  url: URL,
  sniff: boolean,
): Promise<{bytes: Buffer; truncated: boolean}> {
  const limit = config.maxBodySize;
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  let sniffed = !sniff;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    const room = limit - size;
    if (chunk.length > room) {
      if (config.bodyLimit === 'error') {
        throw new LinkpeekError('ETOOLARGE', `The page at \`${url.host}\` is larger than ${limit} bytes.`, {url});
      }
      chunks.push(chunk.subarray(0, room));
      size += room;
      truncated = true;
      break;
    }
    chunks.push(chunk);
    size += chunk.length;
    if (!sniffed && size >= sniffLength) {
      if (!looksLikeHtml(Buffer.concat(chunks, size))) throw notHtml(url, 'an unknown type');
      sniffed = true;
    }
  }
  const bytes = Buffer.concat(chunks, size);
  if (!sniffed && !looksLikeHtml(bytes)) throw notHtml(url, 'an unknown type');
  return {bytes, truncated};
}

function notHtml(url: URL, type: string): LinkpeekError {
  const shown = type.includes('/') ? `\`${type}\`` : type;
  return new LinkpeekError('ENOTHTML', `The target \`${url.host}\` answered with ${shown}, not an HTML page.`, {url});
}
