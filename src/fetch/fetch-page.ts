import type {IncomingHttpHeaders} from 'node:http';
import {type ContentType, htmlMimeTypes, looksLikeHtml, parseContentType} from './content-type.js';
import type {Deadline} from '../deadline.js';
import {decodeBody} from './decode-body.js';
import {LinkpeekError} from '../errors.js';
import {requestSafely} from './http-client.js';
import type {FetchConfig} from './options.js';
import {
  bufferedBodyReader,
  type BodyReader,
  createBodyReader,
  fileHeadSize,
  type FileResponse,
  genericMimeTypes,
  hasBinaryBytes,
  openFileResponse,
} from './file-response.js';
import {type BodyPrefix, type EarlyStop, readBody} from './read-body.js';
import type {ResolvedProxy} from './proxy.js';
import type {RequestProfile} from './request-profiles.js';
import type {Page} from '../shared/page.js';
import {splitCredentials} from '../url/credentials.js';

// The page type lives in shared/ (parse and rules read it without fetch/); kept importable from here.
export type {FileResponse, Page};

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
  /**
   * Read an HTML answer of any status as a page (a 403 challenge, a 429, LinkedIn's 999), for wall
   * detection: the caller then decides, and answers EHTTP itself (see {@link checkStatus}) when the
   * page is no wall. A file with an error status is still EHTTP.
   */
  errorPages?: boolean;
  /**
   * Whether the HTML read so far is enough for the call (e.g. its `<head>` with the fields asked
   * for arrived). Given, an HTML body still arriving near the deadline is cut there when it is
   * enough: the page comes back with `cut: 'timeout'` instead of the call ending in ETIMEOUT.
   */
  enough?: (html: string) => boolean;
  /**
   * Whether the HTML read so far settles the call, whatever the rest of the body holds (see
   * docs/fetching.md, "Stopping early"). Given, it is asked once, when `</head>` or `<body>` first
   * appears in the body: `true` closes the connection there and the page comes back with
   * `cut: 'settled'`; `false` reads the body to its end as usual.
   */
  settled?: (html: string, answer: SettledAnswer) => boolean;
}

/** The answer a {@link FetchRequest.settled} check judges along with its HTML. */
export interface SettledAnswer {
  url: string;
  statusCode: number;
  headers: IncomingHttpHeaders;
  redirects: Page['redirects'];
}

// The end of the head (any ASCII-compatible charset): `</head` or `<body`, then white space or `>`.
const headEnd = /<\/head[\s>]|<body[\s>]/i;
// The end of the previous chunk searched again with the next, for a tag split between two chunks.
const headEndOverlap = 6;

/**
 * The {@link EarlyStop} of one HTML body: the deadline cut (`enough`, from `at`) and the settled
 * check, asked once the head end shows, with the HTML up to it. Each chunk is searched once.
 */
function earlyStopOf(request: FetchRequest, at: number, charset: string | null, answer: SettledAnswer): EarlyStop | undefined {
  const {enough, settled} = request;
  if (!enough && !settled) return undefined;
  const decoded = (bytes: Buffer) => decodeBody(bytes, charset).text;
  let tail = '';
  return {
    ...(enough ? {at, enough: (bytes: Buffer) => enough(decoded(bytes))} : {}),
    ...(settled
      ? {
          settled: (latest: Buffer, all: () => Buffer) => {
            const searched = tail + latest.toString('latin1');
            tail = searched.slice(-headEndOverlap);
            if (!headEnd.test(searched)) return undefined;
            // Only the head is judged: what follows it is what the check says cannot matter.
            const html = decoded(all());
            const end = headEnd.exec(html);
            return settled(end ? html.slice(0, end.index + end[0].length) : html, answer);
          },
        }
      : {}),
  };
}

/**
 * The time kept for what follows the body (parsing, ping) when a body still arriving may be cut:
 * a quarter of what was left when the fetch started, at most 1.5 s.
 */
export function bodyReserve(remaining: number): number {
  return Math.min(1500, Math.floor(remaining / 4));
}

// Enough leading bytes to recognise an HTML document sent without a Content-Type.
const sniffLength = 512;

/**
 * Fetches `url` through the SSRF-safe transport: redirects followed (at most 10, each hop
 * re-checked), then
 * - an HTML page (declared `text/html` or `application/xhtml+xml`, or sent without a usable type
 *   and looking like HTML by WHATWG sniffing) is read up to `config.maxBodySize` decompressed
 *   bytes and decoded by BOM, Content-Type charset, `<meta>` prescan, else UTF-8: a {@link Page};
 * - anything else (an image, a PDF, a feed, JSON, a zip, and "HTML" whose bytes are plainly
 *   binary) is a {@link FileResponse}: its head and first {@link fileHeadSize} bytes, the rest of
 *   the body left unread for the files stage to read as far as it needs (never past `maxBodySize`).
 * Close a FileResponse (`close()`) when done with it.
 * @throws LinkpeekError EINVALURL, EFORBIDDENURL, EMAXREDIRECTS, ETIMEOUT, EABORTED, EFETCH;
 *   EHTTP (status ≥ 400, with `statusCode`); ETOOLARGE (an HTML body over `maxBodySize` when
 *   `bodyLimit` is `'error'`).
 */
export async function fetchTarget(url: URL, request: FetchRequest, config: FetchConfig): Promise<Page | FileResponse> {
  const {headers, deadline, profile, proxy} = request;
  const reserve = bodyReserve(deadline.remaining());
  const response = await requestSafely(url, {method: 'GET', headers, deadline, profile, proxy}, config);
  const {body} = response;
  const finalUrl = new URL(response.url);
  let handedOver = false;
  try {
    if (!request.errorPages) checkStatus(finalUrl, response.statusCode);
    const contentType = parseContentType(headerValue(response.headers['content-type']));
    const source = {
      requestedUrl: splitCredentials(url).url.href,
      url: response.url,
      statusCode: response.statusCode,
      headers: response.headers,
      redirects: response.redirects,
      contentType: contentType.mimeType,
      charset: contentType.charset,
    };
    const toFile = async (reader: BodyReader): Promise<Page | FileResponse> => {
      // An error answer that is not HTML (a 429's plain text, an empty 403) is, for wall
      // detection, an empty page: its status and headers speak. Otherwise it is EHTTP.
      if (response.statusCode >= 400 && request.errorPages) {
        return {kind: 'html', ...source, contentType: source.contentType || 'text/plain', charset: 'utf-8', html: '', truncated: false};
      }
      checkStatus(finalUrl, response.statusCode);
      const file = await openFileResponse({...source, reader}, request, config);
      handedOver = true;
      return file;
    };
    let prefix: BodyPrefix;
    const early = earlyStopOf(request, deadline.expiresAt - reserve, contentType.charset, source);
    if (htmlMimeTypes.has(contentType.mimeType)) {
      prefix = await readBody(body, config.maxBodySize, early);
      // "HTML" whose bytes are a known binary format (a misconfigured server's image or archive) is a file.
      if (await isBinaryFile(prefix.bytes)) return await toFile(bufferedBodyReader(prefix));
    } else {
      const reader = createBodyReader(body);
      // No usable type: WHATWG MIME sniffing on the first bytes decides whether it is HTML.
      // The sniff may be cut by the deadline too (a short head that stalls sends fewer than 512 bytes).
      const sniffEarly = early?.enough ? {at: early.at, enough: early.enough} : undefined;
      if (!genericMimeTypes.has(contentType.mimeType) || !looksLikeHtml((await reader.read(sniffLength, sniffEarly)).bytes)) return await toFile(reader);
      // Sniffed HTML stops early as declared HTML does.
      prefix = await reader.read(config.maxBodySize, early);
    }
    const {bytes, truncated, stoppedEarly} = prefix;
    if (truncated && config.bodyLimit === 'error') {
      throw new LinkpeekError('ETOOLARGE', `The page at \`${finalUrl.host}\` is larger than ${config.maxBodySize} bytes.`, {
        url: finalUrl,
      });
    }
    const {text, charset, windows} = decodeBody(bytes, contentType.charset);
    return {
      kind: 'html',
      ...source,
      contentType: htmlMimeTypes.has(contentType.mimeType) ? contentType.mimeType : 'text/html',
      charset,
      html: text,
      // A large body's windows travel with it, for parseHtml.
      ...(windows ? {windows} : {}),
      truncated: truncated || stoppedEarly !== undefined,
      ...(stoppedEarly ? {cut: stoppedEarly} : truncated ? {cut: 'maxBodySize' as const} : {}),
    };
  } finally {
    // Whatever happened, the connection is not left open with an unread body (a file's goes with it).
    if (!handedOver) body.destroy();
  }
}

/**
 * {@link fetchTarget} for an HTML page only: the same page, and ENOTHTML (the connection closed)
 * when the target answers with anything else.
 * @throws LinkpeekError as fetchTarget; ENOTHTML (not an HTML document).
 */
export async function fetchPage(url: URL, request: FetchRequest, config: FetchConfig): Promise<Page> {
  return asPage(await fetchTarget(url, request, config));
}

/**
 * The page of a {@link fetchTarget} answer; a file is closed and ENOTHTML, for a caller that can
 * only use HTML (a wall's recovery rung).
 * @throws LinkpeekError ENOTHTML
 */
export function asPage(fetched: Page | FileResponse): Page {
  if (fetched.kind !== 'file') return fetched;
  fetched.close();
  throw notHtml(new URL(fetched.url), fetched.contentType || 'an unknown type');
}

/**
 * Checks a page's answer before its body is used: an HTTP error status is EHTTP (with
 * `statusCode`), a declared type other than HTML is ENOTHTML. Returns the parsed Content-Type
 * (`mimeType` empty when none was sent: the caller sniffs). Shared by the static fetch and the
 * rendered page.
 */
export function checkDocument(url: URL, statusCode: number, contentTypeHeader: string | string[] | undefined): ContentType {
  checkStatus(url, statusCode);
  const contentType = parseContentType(headerValue(contentTypeHeader));
  if (contentType.mimeType !== '' && !htmlMimeTypes.has(contentType.mimeType)) throw notHtml(url, contentType.mimeType);
  return contentType;
}

/** EHTTP (with `statusCode`) for an HTTP error status (≥ 400). */
export function checkStatus(url: URL, statusCode: number): void {
  if (statusCode >= 400) {
    throw new LinkpeekError('EHTTP', `The target \`${url.host}\` answered with HTTP ${statusCode}.`, {url, statusCode});
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

// An HTML document starts with markup once a BOM and white space are skipped: only a body that
// does not, and holds binary bytes, is asked of file-type's signatures.
async function isBinaryFile(bytes: Uint8Array): Promise<boolean> {
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (start < bytes.length && [0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(bytes[start]!)) start++;
  if (start === bytes.length || bytes[start] === 0x3c || !hasBinaryBytes(bytes)) return false;
  // Loaded here only: no HTML page pays for importing file-type.
  const {fileTypeFromBuffer} = await import('file-type');
  return (await fileTypeFromBuffer(bytes.subarray(0, fileHeadSize)).catch(() => undefined)) !== undefined;
}

function notHtml(url: URL, type: string): LinkpeekError {
  const shown = type.includes('/') ? `\`${type}\`` : type;
  return new LinkpeekError('ENOTHTML', `The target \`${url.host}\` answered with ${shown}, not an HTML page.`, {url});
}
