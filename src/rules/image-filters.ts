import {audioExtensions, fileExtension, pathEnd} from '../parse/audio-links.js';
import {charCodeAt, lastIndexOf, slice, trim} from '../parse/chars.js';

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
  const end = pathEnd(url);
  const base = slice(url, lastIndexOf(url, '/', end - 1) + 1, end).toLowerCase();
  const dot = lastIndexOf(base, '.');
  return dot > 0 && base.length - dot <= 6 ? {name: slice(base, 0, dot), extension: slice(base, dot + 1)} : {name: base, extension: ''};
}

/** The lowercase file name of a URL without its extension, split into tokens: `/a/Icon-Menu_open.svg?x` → `['icon', 'menu', 'open']`. */
export function fileNameTokens(url: string): string[] {
  return fileName(url).name.split(/[^a-z0-9]+/).filter((token) => token !== '');
}

/*
 * The file-name tokens that mark a kind of URL, as bits: a name's tokens are read in one pass and
 * looked up in one map, instead of a regex test per kind.
 */
const placeholderBit = 1;
const gifPlaceholderBit = 2;
const uiBit = 4;
const logoBit = 8;
// Built once from the fixed word lists below (immutable after load), not from pages.
const tokenBitsOf = new Map<string, number>();
const markTokens = (tokens: readonly string[], bit: number): void => {
  for (const token of tokens) tokenBitsOf.set(token, (tokenBitsOf.get(token) ?? 0) | bit);
};

/** A file name that is a placeholder whatever its type (`placeholder.png`, `img-placeholder-grey.jpg`, `spacer.gif`, `lazyload.svg`). */
markTokens(['placeholder', 'spacer', 'lazyload', 'lazyloader'], placeholderBit);
/** Whole file names of placeholders (`blank.gif`, `1x1.png`, `pixel.png`, `transparent.png`), separators ignored. */
const placeholderNames: ReadonlySet<string> = new Set([
  'blank', 'empty', 'clear', 'transparent', 'trans', 'pixel', 'px', '1x1', 'dot', 'spacer', 'loading', 'loader', 'spinner',
]);
/** Tokens of a placeholder when the file is a GIF (`lazy.gif`, `pixel-transparent.gif`); `lazy.jpg` may be the real image. */
markTokens(['blank', 'transparent', 'trans', 'pixel', '1x1', 'clear', 'empty', 'lazy', 'loading', 'loader', 'spinner'], gifPlaceholderBit);
/** File-name tokens of interface glyphs: menus, icons, sprites, arrows, buttons. */
markTokens([
  'menu', 'icon', 'icons', 'ico', 'favicon', 'sprite', 'sprites', 'arrow', 'arrows', 'close', 'search', 'hamburger', 'burger',
  'chevron', 'caret', 'toggle', 'btn', 'button', 'spinner', 'loader',
], uiBit);
markTokens(['logo', 'logos', 'wordmark'], logoBit);

/** No marked token or placeholder name is longer: longer runs need no lookup. */
const longestMarked = Math.max(...[...tokenBitsOf.keys(), ...placeholderNames].map((token) => token.length));

const isTokenChar = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);

/**
 * The bits of a lowercase file name's tokens (its runs of `a-z0-9`), plus {@link placeholderBit}
 * when the name, separators left out, is one of {@link placeholderNames}.
 */
function tokenBits(name: string): number {
  let bits = 0;
  let letters = 0;
  let start = -1;
  const length = name.length;
  for (let index = 0; index <= length; index++) {
    if (index < length && isTokenChar(charCodeAt(name, index))) {
      if (start === -1) start = index;
      letters++;
    } else if (start !== -1) {
      if (index - start <= longestMarked) bits |= tokenBitsOf.get(slice(name, start, index)) ?? 0;
      start = -1;
    }
  }
  if (letters > 0 && letters <= longestMarked) {
    const joined = letters === name.length ? name : name.replace(/[^a-z0-9]+/g, '');
    if (placeholderNames.has(joined)) bits |= placeholderBit;
  }
  return bits;
}

/** A `data:` URI (any case). */
const isDataUri = (url: string): boolean => charCodeAt(url, 4) === 58 && slice(url, 0, 4).toLowerCase() === 'data';

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
  const trimmed = trim(url);
  if (isDataUri(trimmed)) return 'placeholder';
  const end = pathEnd(trimmed);
  const start = lastIndexOf(trimmed, '/', end - 1) + 1;
  const dot = lastIndexOf(trimmed, '.', end - 1);
  const hasExtension = dot > start && end - dot <= 6;
  const bits = hasExtension && !isAsciiRange(trimmed, dot + 1, end) ? nonAscii : asciiTokenBits(trimmed, start, hasExtension ? dot : end);
  // Lowercasing may change a non-ASCII name's length or make ASCII of it (`K`, the Kelvin sign): those take the sliced path.
  if (bits === nonAscii) {
    const {name, extension} = fileName(trimmed);
    return kindOf(extension, tokenBits(name));
  }
  return kindOf(hasExtension ? slice(trimmed, dot + 1, end).toLowerCase() : '', bits);
}

/** The kind of a file name by its lowercase extension and its {@link tokenBits}. */
function kindOf(extension: string, bits: number): ImageUrlKind {
  if (extension !== '') {
    if (videoExtensions.has(extension)) return 'video';
    if (audioExtensions.has(extension)) return 'audio';
  }
  if ((bits & placeholderBit) !== 0 || (extension === 'gif' && (bits & gifPlaceholderBit) !== 0)) return 'placeholder';
  if (extension === 'svg' || extension === 'ico' || (bits & uiBit) !== 0) return 'ui';
  return (bits & logoBit) !== 0 ? 'logo' : 'image';
}

function isAsciiRange(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) if (charCodeAt(text, index) > 127) return false;
  return true;
}

/**
 * For each lowercase first character, the lengths (as bits) of the marked tokens, and of the
 * placeholder names, starting with it: a run whose first character and length match none is looked
 * up nowhere (most runs of a file name are neither).
 */
const markedLengths = new Int32Array(128);
const placeholderLengths = new Int32Array(128);
for (const token of tokenBitsOf.keys()) markedLengths[token.charCodeAt(0)]! |= 1 << token.length;
for (const name of placeholderNames) placeholderLengths[name.charCodeAt(0)]! |= 1 << name.length;

/** What {@link asciiTokenBits} returns for a name with a non-ASCII character. */
const nonAscii = -1;

/**
 * {@link tokenBits} of the lowercase of `text` from `start` to `end`, read in place, or
 * {@link nonAscii}: only the runs whose first character and length may be marked are sliced.
 */
function asciiTokenBits(text: string, start: number, end: number): number {
  let bits = 0;
  let letters = 0;
  let first = 0;
  let run = -1;
  let runFirst = 0;
  let capital = false;
  for (let index = start; index <= end; index++) {
    const code = index < end ? charCodeAt(text, index) : 32;
    if (code > 127) return nonAscii;
    const lower = code >= 65 && code <= 90 ? code + 32 : code;
    if (isTokenChar(lower)) {
      if (run === -1) {
        run = index;
        runFirst = lower;
        capital = false;
      }
      if (letters === 0) first = lower;
      if (lower !== code) capital = true;
      letters++;
    } else if (run !== -1) {
      const length = index - run;
      if (length <= longestMarked && (markedLengths[runFirst]! & (1 << length)) !== 0) {
        const token = slice(text, run, index);
        bits |= tokenBitsOf.get(capital ? token.toLowerCase() : token) ?? 0;
      }
      run = -1;
    }
  }
  if (letters > 0 && letters <= longestMarked && (placeholderLengths[first]! & (1 << letters)) !== 0) {
    const name = slice(text, start, end).toLowerCase();
    const joined = letters === name.length ? name : name.replace(/[^a-z0-9]+/g, '');
    if (placeholderNames.has(joined)) bits |= placeholderBit;
  }
  return bits;
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
  return (tokenBits(fileName(trim(url)).name) & logoBit) !== 0;
}
