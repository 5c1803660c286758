import type {Media} from '../data.js';
import type {FileResponse} from '../fetch/file-response.js';
import {describeMedia, imageDimensions} from '../ping/media.js';
import type {FileReason} from '../shared/file-info.js';
import {readFailure, readProbe} from './read-probe.js';
import type {FileType} from './sniff-type.js';

/** A file described as one media object, and why it could not be measured when it could not. */
export interface DescribedMedia {
  media: Media;
  reason: FileReason | null;
}

/** An image described, with its whole body when that was asked for and could be read (else `null`). */
export interface DescribedImage extends DescribedMedia {
  bytes?: Uint8Array | null;
}

/**
 * Describes an image file as `data.image` from its first bytes (as ping describes an image it
 * verifies: type, size, width, height; SVG and ICO included), without a second request. Bytes that
 * do not decode as an image give the media object without dimensions and `unreadable`; a body cut
 * short is described from what came, with `timeout` or `truncated`. With `whole`, the body is then
 * read on from the same response up to `maxBodySize` and returned as `bytes` (for the palette: no
 * second download); `null` when it is larger, cut or out of time, which leaves the description as it was.
 */
export async function describeImage(file: FileResponse, type: FileType, whole = false): Promise<DescribedImage> {
  const {bytes, reason: cut} = await readProbe(file);
  const media = describeMedia('image', file.url, {statusCode: file.statusCode, headers: {...file.headers, 'content-type': type.mimeType}, bytes});
  // An SVG without width, height or viewBox has no size and is still an image.
  const readable = imageDimensions(bytes) !== null || (type.type === 'svg' && /<svg[\s>]/i.test(Buffer.from(bytes).toString('latin1')));
  const reason = cut ?? (readable ? null : 'unreadable');
  if (!whole) return {media, reason};
  return {media, reason, bytes: reason === null ? await readWhole(file) : null};
}

/** The whole body up to `maxBodySize`, or `null` when it is larger or could not be read to its end. */
async function readWhole(file: FileResponse): Promise<Uint8Array | null> {
  try {
    const {bytes, truncated} = await file.read();
    return truncated ? null : bytes;
  } catch (error) {
    if (readFailure(error) === null) throw error;
    return null;
  }
}
