import {audioExtensions, fileExtension} from '../parse/audio-links.js';

/*
 * What is not a page's image, read from a candidate URL alone (issue 12 point 5): video and audio
 * files, lazy-load placeholders and spacers, and (for `<img>` elements of the body) UI glyphs such
 * as menu and search icons. The checks look at the file name's tokens (`icon-menu.svg` → `icon`,
 * `menu`), never at the host or the directories, so `/icons/harbour.jpg` stays an image.
 */

/** File extensions of video files and streaming manifests. */
export const videoExtensions: ReadonlySet<string> = new Set(['mp4', 'm4v', 'webm', 'mov', 'ogv', 'm3u8', 'mpd', 'avi', 'mkv']);

/** The lowercase file name of a URL without its extension, split into tokens: `/a/Icon-Menu_open.svg?x` → `['icon', 'menu', 'open']`. */
export function fileNameTokens(url: string): string[] {
  let end = url.length;
  for (const mark of ['?', '#']) {
    const index = url.indexOf(mark);
    if (index !== -1 && index < end) end = index;
  }
  const path = url.slice(url.lastIndexOf('/', end - 1) + 1, end).toLowerCase();
  const dot = path.lastIndexOf('.');
  return (dot > 0 ? path.slice(0, dot) : path).split(/[^a-z0-9]+/).filter((token) => token !== '');
}

/** A video or audio file (`clip.mp4`, `stream.m3u8`, `ep.mp3`): never an image. */
export function isVideoFile(url: string): boolean {
  return videoExtensions.has(fileExtension(url));
}

export function isAudioFile(url: string): boolean {
  return audioExtensions.has(fileExtension(url));
}

/** A file name that is a placeholder whatever its type (`placeholder.png`, `img-placeholder-grey.jpg`, `spacer.gif`, `lazyload.svg`). */
const placeholderTokens: ReadonlySet<string> = new Set(['placeholder', 'spacer', 'lazyload', 'lazyloader']);
/** Whole file names of placeholders (`blank.gif`, `1x1.png`, `pixel.png`, `transparent.png`). */
const placeholderNames: ReadonlySet<string> = new Set([
  'blank', 'empty', 'clear', 'transparent', 'trans', 'pixel', 'px', '1x1', 'dot', 'spacer', 'loading', 'loader', 'spinner',
]);
/** Tokens of a placeholder when the file is a GIF (`lazy.gif`, `pixel-transparent.gif`); `lazy.jpg` may be the real image. */
const gifPlaceholderTokens: ReadonlySet<string> = new Set(['blank', 'transparent', 'trans', 'pixel', '1x1', 'clear', 'empty', 'lazy', 'loading', 'loader', 'spinner']);

/**
 * A lazy-load placeholder, spacer or tracking pixel: a `data:` URI (the real image is in `data-src`,
 * read separately), or a file name that says so (see the sets above). A `1x1` crop of a photo
 * (`bridge-1x1.jpg`, an aspect ratio) is no placeholder.
 */
export function isPlaceholderImage(url: string): boolean {
  const trimmed = url.trim();
  if (trimmed.slice(0, 5).toLowerCase() === 'data:') return true;
  const tokens = fileNameTokens(trimmed);
  if (tokens.length === 0) return false;
  if (tokens.some((token) => placeholderTokens.has(token))) return true;
  if (placeholderNames.has(tokens.join(''))) return true;
  return fileExtension(trimmed) === 'gif' && tokens.some((token) => gifPlaceholderTokens.has(token));
}

/** File-name tokens of interface glyphs: menus, icons, sprites, arrows, buttons. */
const uiTokens: ReadonlySet<string> = new Set([
  'menu', 'icon', 'icons', 'ico', 'favicon', 'sprite', 'sprites', 'arrow', 'arrows', 'close', 'search', 'hamburger', 'burger',
  'chevron', 'caret', 'toggle', 'btn', 'button', 'spinner', 'loader',
]);

/**
 * An `<img>` of the body that is an interface glyph, not content: an SVG or ICO file (in a body
 * they are icons, logos and illustrations), or a file name with a UI token (`menu-open.png`,
 * `icon-search.png`, `sprite@2x.png`).
 */
export function isUiImage(url: string): boolean {
  const extension = fileExtension(url);
  if (extension === 'svg' || extension === 'ico') return true;
  return fileNameTokens(url).some((token) => uiTokens.has(token));
}

/** A body `<img>` whose file name calls it a logo or wordmark: kept, after the other body images. */
export function isLogoImage(url: string): boolean {
  return fileNameTokens(url).some((token) => token === 'logo' || token === 'logos' || token === 'wordmark');
}
