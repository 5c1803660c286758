import {imageSize} from '../shared/lazy-image-size.js';
import type {ImageType} from '../data.js';
import {LinkpeekError} from '../errors.js';

/** What the image bytes themselves say: the file's format, pixel size and byte size. */
export interface ImageInfo {
  /** The format name providers and stores use: `png`, `jpeg` or `webp`. */
  type: ImageType;
  /** The format as a file extension, the name `data` uses (as `data.image.type` does): `png`, `jpg` or `webp`. */
  extension: 'png' | 'jpg' | 'webp';
  /** MIME type for `type`, e.g. `image/png`. */
  contentType: string;
  width: number;
  height: number;
  /** Byte length of the file. */
  size: number;
}

/** MIME type per screenshot format. */
export const contentTypeByImageType: Record<ImageType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** File extension per screenshot format. */
export const extensionByImageType: Record<ImageType, 'png' | 'jpg' | 'webp'> = {png: 'png', jpeg: 'jpg', webp: 'webp'};

// image-size names JPEG `jpg`.
const imageTypeByDetected: Record<string, ImageType> = {png: 'png', jpg: 'jpeg', webp: 'webp'};

/**
 * Reads format and dimensions from the image header (image-size), never from what was requested,
 * so the reported figures always describe the file.
 * @throws LinkpeekError ESCREENSHOT when the bytes are not a PNG, JPEG or WebP image.
 */
export function readImageInfo(bytes: Uint8Array): ImageInfo {
  let detected: {width?: number; height?: number; type?: string};
  try {
    detected = imageSize(bytes);
  } catch (error) {
    throw new LinkpeekError('ESCREENSHOT', 'The screenshot provider returned bytes that are not an image.', {cause: error});
  }
  const type = detected.type === undefined ? undefined : imageTypeByDetected[detected.type];
  if (!type || !detected.width || !detected.height) {
    throw new LinkpeekError(
      'ESCREENSHOT',
      `The screenshot provider returned an unsupported image (${detected.type ?? 'unknown format'}).`,
    );
  }
  return {type, extension: extensionByImageType[type], contentType: contentTypeByImageType[type], width: detected.width, height: detected.height, size: bytes.byteLength};
}
