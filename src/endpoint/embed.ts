import {LinkpeekError} from '../errors.js';
import type {LinkData} from '../data.js';

/** A framework-neutral response: what the handler sends, and what Koa and others copy onto theirs. */
export interface QueryResponse {
  status: number;
  headers: Record<string, string>;
  /** The body: JSON or text as a string, image bytes as a Buffer, empty for a redirect or HEAD. */
  body: string | Buffer;
}

/** Reads an image the handler itself stores, by its public URL; `undefined` when it is not one of ours. */
export type ReadStoredImage = (url: string) => Promise<{bytes: Buffer; contentType: string} | undefined>;

/**
 * Answers `embed=<path>` with the value itself rather than the envelope:
 * - a `data:` URI (the default screenshot store) → its decoded bytes with their content type;
 * - an http(s) URL → the bytes when `readStored` knows it (the handler's own screenshot directory),
 *   else a `302` redirect to it, so `<img src="...&embed=image.url">` works without linkpeek
 *   fetching anything twice;
 * - an object (`embed=image`) → that object as JSON;
 * - any other value → the value as `text/plain`.
 * @throws LinkpeekError EINVALOPTION (data keyed by `embed`) when the result has no value there.
 */
export async function embedValue(data: LinkData, path: string, readStored?: ReadStoredImage): Promise<QueryResponse> {
  let value: unknown = data;
  for (const key of path.split('.')) {
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  if (value === null || value === undefined) {
    throw new LinkpeekError('EINVALOPTION', `Parameter \`embed\`: this page has no \`${path}\`.`, {
      data: {embed: `has no value for this page`},
    });
  }
  if (typeof value === 'object') {
    return {status: 200, headers: {'content-type': 'application/json; charset=utf-8'}, body: JSON.stringify(value)};
  }
  const text = String(value);
  if (typeof value === 'string' && text.startsWith('data:')) {
    const decoded = decodeDataUri(text);
    if (decoded) return {status: 200, headers: {'content-type': decoded.contentType}, body: decoded.bytes};
  }
  if (typeof value === 'string' && /^https?:\/\//i.test(text)) {
    const stored = await readStored?.(text);
    if (stored) return {status: 200, headers: {'content-type': stored.contentType}, body: stored.bytes};
    return {status: 302, headers: {location: text, 'content-type': 'text/plain; charset=utf-8'}, body: ''};
  }
  return {status: 200, headers: {'content-type': 'text/plain; charset=utf-8'}, body: text};
}

/** Decodes `data:<type>[;base64],<payload>`; `undefined` when malformed. */
export function decodeDataUri(uri: string): {bytes: Buffer; contentType: string} | undefined {
  const match = /^data:([^,]*?)(;base64)?,(.*)$/s.exec(uri);
  if (!match) return undefined;
  const contentType = match[1] || 'text/plain;charset=US-ASCII';
  const payload = match[3] ?? '';
  const bytes = match[2] ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload), 'utf8');
  return {bytes, contentType};
}
