import type {Media} from '../data.js';
import type {FileResponse} from '../fetch/file-response.js';
import {describeMedia, imageDimensions} from '../ping/media.js';
import type {FileReason} from '../shared/file-info.js';
import {readProbe} from './read-probe.js';
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
 * short is described from what came, with `timeout` or `truncated`. With `whole`, the body is read
 * on from the same response up to `maxBodySize` and returned as `bytes` (for the palette: no second
 * download); `null` when it is larger, or cut.
 */
export async function describeImage(file: FileResponse, type: FileType, whole = false): Promise<DescribedImage> {
  const {bytes, reason: cut, truncated} = await readProbe(file, whole ? file.maxBodySize : undefined);
  const media = describeMedia('image', file.url, {statusCode: file.statusCode, headers: {...file.headers, 'content-type': type.mimeType}, bytes});
  // An SVG without width, height or viewBox has no size and is still an image.
  const readable = imageDimensions(bytes) !== null || (type.type === 'svg' && /<svg[\s>]/i.test(Buffer.from(bytes).toString('latin1')));
  const reason = cut ?? (readable ? null : 'unreadable');
  return {media, reason, ...(whole ? {bytes: reason === null && !truncated ? bytes : null} : {})};
}
