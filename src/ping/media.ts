import type {IncomingHttpHeaders} from 'node:http';
import {imageSize} from '../shared/lazy-image-size.js';
import prettyBytes from 'pretty-bytes';
import type {Media, MediaField} from '../data.js';
import {formatDuration, mediaDuration, sniffMediaType} from './media-duration.js';

/** What a ping learned about one URL: the response head and the first bytes of the body. */
export interface ProbedResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** The first bytes of the body (at most the probe's cap); empty for HEAD. */
  bytes: Uint8Array;
}

/** Format names of image, video and audio media types (the files stage names direct links to media by it too). */
export const mediaTypeByMime: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/apng': 'apng',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/pjpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'image/avif': 'avif',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/bmp': 'bmp',
  'image/tiff': 'tiff',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/ogg': 'ogv',
  'video/quicktime': 'mov',
  'video/x-matroska': 'mkv',
  'video/mp2t': 'ts',
  'video/3gpp': '3gp',
  'application/vnd.apple.mpegurl': 'm3u8',
  'application/x-mpegurl': 'm3u8',
  'application/dash+xml': 'mpd',
  'application/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/m4a': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/webm': 'webm',
  'audio/wav': 'wav',
  'audio/wave': 'wav',
  'audio/x-wav': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
};

const typeByExtension: Record<string, string> = {
  jpeg: 'jpg',
  jpe: 'jpg',
  tif: 'tiff',
  oga: 'ogg',
  ...Object.fromEntries(Object.values(mediaTypeByMime).map((type) => [type, type])),
};

// Servers that do not know what they serve say one of these; the bytes decide instead.
const genericMimes = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);
const streamingMimes = new Set(['application/vnd.apple.mpegurl', 'application/x-mpegurl', 'application/dash+xml']);

/** The media type of a Content-Type header, lowercase, without parameters (`''` when absent). */
export function mimeOf(headers: IncomingHttpHeaders): string {
  return (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Format name for a Content-Type, e.g. `jpg` for `image/jpeg`, `mp3` for `audio/mpeg`;
 * `null` for an unknown or generic type.
 */
export function typeFromMime(mime: string): string | null {
  return mediaTypeByMime[mime.split(';')[0]!.trim().toLowerCase()] ?? null;
}

/** Format name from the URL's file extension (`/a/b.JPEG?x` → `jpg`); `null` when unknown. */
export function typeFromUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const match = /\.([a-z0-9]{2,5})$/i.exec(path);
  return match ? (typeByExtension[match[1]!.toLowerCase()] ?? null) : null;
}

/**
 * The file size in bytes: the total of a `Content-Range` on a 206, else `Content-Length` on a 200;
 * `null` when the server does not say.
 */
export function sizeFromHeaders(statusCode: number, headers: IncomingHttpHeaders): number | null {
  if (statusCode === 206) {
    const total = /\/\s*(\d+)\s*$/.exec(headers['content-range'] ?? '')?.[1];
    return total === undefined ? null : safeInteger(total);
  }
  if (statusCode !== 200) return null;
  const length = headers['content-length'];
  return length !== undefined && /^\s*\d+\s*$/.test(length) ? safeInteger(length) : null;
}

function safeInteger(text: string): number | null {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** Human form of a byte count with pretty-bytes, e.g. `117 kB`; `null` for `null`. */
export function prettySize(size: number | null): string | null {
  return size === null ? null : prettyBytes(size);
}

/** Image dimensions read by image-size from the first bytes of a file; `null` when they can't be read. */
export function imageDimensions(bytes: Uint8Array): {width: number; height: number; type: string | null} | null {
  if (bytes.length === 0) return null;
  try {
    const size = imageSize(bytes);
    if (!(size.width > 0 && size.height > 0)) return null;
    // EXIF orientations 5-8 rotate the picture by 90°: report what a viewer shows.
    const rotated = size.orientation !== undefined && size.orientation >= 5;
    return {
      width: rotated ? size.height : size.width,
      height: rotated ? size.width : size.height,
      type: size.type === 'jpeg' ? 'jpg' : (size.type ?? null),
    };
  } catch {
    // Truncated, unsupported or not an image at all.
    return null;
  }
}

/**
 * Whether a response can be the file a media field promises. A wrong Content-Type (an `image`
 * answering `text/html`, a login page instead of a video) counts as unreachable. A generic type
 * (`application/octet-stream` or none) is accepted for video and audio, and for images only when
 * the bytes decode as an image.
 */
export function isExpectedMedia(kind: MediaField, probe: ProbedResponse): boolean {
  const mime = mimeOf(probe.headers);
  if (kind === 'image' || kind === 'logo') {
    if (mime.startsWith('image/')) return true;
    // SVG is often served as XML.
    if (genericMimes.has(mime) || mime === 'text/xml' || mime === 'application/xml') {
      return imageDimensions(probe.bytes) !== null;
    }
    return false;
  }
  if (genericMimes.has(mime) || streamingMimes.has(mime) || mime === 'application/ogg') return true;
  if (kind === 'video') return mime.startsWith('video/');
  // Audio tracks often come in a video container (mp4, webm, ogg).
  return mime.startsWith('audio/') || mime.startsWith('video/');
}

/**
 * Builds the `Media` object of a verified URL: `url` as found in the page, then what could be
 * measured: `type`, `size` and `size_pretty`, `width`/`height` (images) or `duration` and
 * `duration_pretty` (video, audio), read from the first bytes. A key that was not measured is left
 * out, not `null` (the hosted service's shape, and `@microlink/mql`'s `MediaInfo`): audio never has
 * `width`, an image never has `duration`.
 */
export function describeMedia(kind: MediaField, url: string, probe: ProbedResponse): Media {
  const isImage = kind === 'image' || kind === 'logo';
  const dimensions = isImage ? imageDimensions(probe.bytes) : null;
  const size = sizeFromHeaders(probe.statusCode, probe.headers);
  const sniffed = isImage ? (dimensions?.type ?? null) : sniffMediaType(probe.bytes);
  const duration = isImage ? null : mediaDuration(probe.bytes, size);
  const type = typeFromMime(mimeOf(probe.headers)) ?? sniffed ?? typeFromUrl(url);
  const media: Media = {url};
  if (type !== null) media.type = type;
  if (size !== null) {
    media.size = size;
    media.size_pretty = prettyBytes(size);
  }
  if (dimensions) {
    media.width = dimensions.width;
    media.height = dimensions.height;
  }
  if (duration !== null) {
    media.duration = duration;
    media.duration_pretty = formatDuration(duration);
  }
  return media;
}
