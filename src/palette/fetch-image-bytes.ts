import type {IncomingHttpHeaders} from 'node:http';
import type {Deadline} from '../deadline.js';
import {requestSafely} from '../fetch/http-client.js';
import type {FetchConfig} from '../fetch/options.js';
import {readBody} from '../fetch/read-body.js';
import {validateUrl} from '../url/validate-url.js';

/** What {@link fetchImageBytes} needs from the `extract()` call. */
export interface ImageBytesRequest {
  /** Caller headers (credentials): sent only to an image of the same origin as `pageUrl`, as ping does. */
  headers: Record<string, string>;
  /** The final page URL. */
  pageUrl: string;
  /** The call's time budget: the download ends with it. */
  deadline: Deadline;
}

// Bodies that are surely not images are not read at all; a missing or generic type is, and the
// decoder decides.
const genericTypes = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/binary']);

/**
 * The whole file at `url`, through the guarded transport (every hop checked against the address
 * policy) and under `config.maxBodySize`. `null`, never an error, when the URL is refused or
 * unreachable, the answer is not 2xx, its Content-Type is neither an image nor generic, it is empty
 * or larger than the cap (by Content-Length, or once the cap is read), or the deadline ends.
 */
export async function fetchImageBytes(url: string, request: ImageBytesRequest, config: FetchConfig): Promise<Buffer | null> {
  try {
    const target = validateUrl(url, config.allowAddress);
    const headers = {...(sameOrigin(target, request.pageUrl) ? request.headers : {}), accept: 'image/*,*/*;q=0.5'};
    const response = await requestSafely(target, {method: 'GET', headers, deadline: request.deadline}, config);
    if (response.statusCode < 200 || response.statusCode >= 300 || !imageLike(response.headers) || declaredTooLarge(response.headers, config)) {
      response.body.destroy();
      return null;
    }
    const {bytes, truncated} = await readBody(response.body, config.maxBodySize);
    return truncated || bytes.length === 0 ? null : bytes;
  } catch {
    // Refused, unresolvable, timed out, reset: no palette, the call goes on.
    return null;
  }
}

function imageLike(headers: IncomingHttpHeaders): boolean {
  const mime = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return mime.startsWith('image/') || genericTypes.has(mime);
}

function declaredTooLarge(headers: IncomingHttpHeaders, config: FetchConfig): boolean {
  const length = Number(headers['content-length']);
  // Content-Length counts the encoded body; a compressed image over the cap would be too once decoded.
  return Number.isFinite(length) && length > config.maxBodySize;
}

function sameOrigin(url: URL, pageUrl: string): boolean {
  try {
    return url.origin === new URL(pageUrl).origin;
  } catch {
    return false;
  }
}
