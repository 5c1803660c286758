import {audioExtensions, fileExtension} from '../parse/audio-links.js';

/*
 * What is not a page's image, read from a candidate URL alone (issue 12 point 5): video and audio
 * files, lazy-load placeholders and spacers, and (for `<img>` elements of the body) UI glyphs such
 * as menu and search icons. The checks look at the file name's tokens (`icon-menu.svg` → `icon`,
 * `menu`), never at the host or the directories, so `/icons/harbour.jpg` stays an image. Each URL
 * is read once ({@link classifyImageUrl}): the body's images are many, and extraction is benchmarked.
 */

/** File extensions of video files and streaming manifests. */
export const videoExtensions: ReadonlySet<string> = new Set(['mp4', 'm4v', 'webm', 'mov', 'ogv', 'm3u8', 'mpd', 'avi', 'mkv']);

/** What a candidate image URL is, by its file name. */
export type ImageUrlKind = 'video' | 'audio' | 'placeholder' | 'ui' | 'logo' | 'image';

/** The lowercase file name of a URL without its extension, and the extension (`/a/Icon-Menu.SVG?x` → `icon-menu`, `svg`). */
function fileName(url: string): {name: string; extension: string} {
  let end = url.length;
  const query = url.indexOf('?');
  if (query !== -1) end = query;
  const hash = url.indexOf('#');
  if (hash !== -1 && hash < end) end = hash;
  const base = url.slice(url.lastIndexOf('/', end - 1) + 1, end).toLowerCase();
  const dot = base.lastIndexOf('.');
  return dot > 0 && base.length - dot <= 6 ? {name: base.slice(0, dot), extension: base.slice(dot + 1)} : {name: base, extension: ''};
}

/** The lowercase file name of a URL without its extension, split into tokens: `/a/Icon-Menu_open.svg?x` → `['icon', 'menu', 'open']`. */
export function fileNameTokens(url: string): string[] {
  return fileName(url).name.split(/[^a-z0-9]+/).filter((token) => token !== '');
}

/** A token of the file name, between non-alphanumerics: one regex test per URL instead of an array of tokens. */
const tokenPattern = (tokens: readonly string[]): RegExp => new RegExp(`(?:^|[^a-z0-9])(?:${tokens.join('|')})(?:[^a-z0-9]|$)`);

/** A file name that is a placeholder whatever its type (`placeholder.png`, `img-placeholder-grey.jpg`, `spacer.gif`, `lazyload.svg`). */
const placeholderTokens = tokenPattern(['placeholder', 'spacer', 'lazyload', 'lazyloader']);
/** Whole file names of placeholders (`blank.gif`, `1x1.png`, `pixel.png`, `transparent.png`), separators ignored. */
const placeholderNames: ReadonlySet<string> = new Set([
  'blank', 'empty', 'clear', 'transparent', 'trans', 'pixel', 'px', '1x1', 'dot', 'spacer', 'loading', 'loader', 'spinner',
]);
/** Tokens of a placeholder when the file is a GIF (`lazy.gif`, `pixel-transparent.gif`); `lazy.jpg` may be the real image. */
const gifPlaceholderTokens = tokenPattern(['blank', 'transparent', 'trans', 'pixel', '1x1', 'clear', 'empty', 'lazy', 'loading', 'loader', 'spinner']);
/** File-name tokens of interface glyphs: menus, icons, sprites, arrows, buttons. */
const uiTokens = tokenPattern([
  'menu', 'icon', 'icons', 'ico', 'favicon', 'sprite', 'sprites', 'arrow', 'arrows', 'close', 'search', 'hamburger', 'burger',
  'chevron', 'caret', 'toggle', 'btn', 'button', 'spinner', 'loader',
]);
const logoTokens = tokenPattern(['logo', 'logos', 'wordmark']);

/**
 * What a candidate image URL is, by its file name alone:
 * - `video`/`audio`: a media file by extension (`clip.mp4`, `stream.m3u8`, `ep.mp3`), never an image;
 * - `placeholder`: a lazy-load placeholder, spacer or tracking pixel: a `data:` URI (the real image
 *   is in `data-src`, read separately), a name with `placeholder`/`spacer`/`lazyload`, a whole name
 *   such as `blank`, `1x1`, `pixel`, or a GIF named `lazy`, `blank`, `pixel`… (`bridge-1x1.jpg`, a
 *   square crop, and `lazy.jpg` are images);
 * - `ui`: an interface glyph if found in the body: an SVG or ICO file, or a name with a UI token
 *   (`menu-open.png`, `icon-search.png`, `sprite@2x.png`);
 * - `logo`: a name with `logo`/`wordmark` (kept in the body, after the other images);
 * - `image` otherwise.
 */
export function classifyImageUrl(url: string): ImageUrlKind {
  const trimmed = url.trim();
  if (trimmed.slice(0, 5).toLowerCase() === 'data:') return 'placeholder';
  const {name, extension} = fileName(trimmed);
  if (videoExtensions.has(extension)) return 'video';
  if (audioExtensions.has(extension)) return 'audio';
  if (name !== '') {
    if (placeholderTokens.test(name) || placeholderNames.has(name.replace(/[^a-z0-9]+/g, ''))) return 'placeholder';
    if (extension === 'gif' && gifPlaceholderTokens.test(name)) return 'placeholder';
  }
  if (extension === 'svg' || extension === 'ico' || uiTokens.test(name)) return 'ui';
  return logoTokens.test(name) ? 'logo' : 'image';
}

/** A video or audio file (`clip.mp4`, `stream.m3u8`, `ep.mp3`): never an image. */
export function isVideoFile(url: string): boolean {
  return videoExtensions.has(fileExtension(url));
}

export function isAudioFile(url: string): boolean {
  return audioExtensions.has(fileExtension(url));
}

/** A lazy-load placeholder, spacer or tracking pixel (see {@link classifyImageUrl}). */
export function isPlaceholderImage(url: string): boolean {
  return classifyImageUrl(url) === 'placeholder';
}

/** An `<img>` of the body that is an interface glyph, not content (see {@link classifyImageUrl}). */
export function isUiImage(url: string): boolean {
  const kind = classifyImageUrl(url);
  return kind === 'ui';
}

/** A body `<img>` whose file name calls it a logo or wordmark: kept, after the other body images. */
export function isLogoImage(url: string): boolean {
  return logoTokens.test(fileName(url.trim()).name);
}
