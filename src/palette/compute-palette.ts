import type {ImagePalette} from '../data.js';
import {isLinkpeekError, missingDependency} from '../errors.js';
import {loadOptional} from '../shared/load-optional.js';
import {contrastRatio, toHex} from './contrast.js';
import {isIcon, readIcon} from './read-icon.js';
import {mergeSimilar} from './similar-colours.js';

/** Images with more pixels than this (width × height from the header) get no palette: never decoded. */
export const maxPalettePixels = 40_000_000;
/** The image is shrunk to fit in a square of this side before its colours are counted. */
export const paletteSampleSide = 64;
/** At most this many colours in `palette`. */
export const paletteSize = 6;
/** A colour covering less than this share of the image's opaque pixels is not listed. */
export const minColourShare = 0.02;
/**
 * The WCAG contrast ratio `color` and `alternative_color` reach against `background_color`: 4.5:1,
 * AA for body text. Black or white always reaches it (one of them is at least 4.58:1 on any colour).
 */
export const minContrast = 4.5;

/** Limits of one {@link computePalette} call. */
export interface PaletteLimits {
  /** Ends the work: the call resolves `null` at once. */
  signal?: AbortSignal | undefined;
  /** @default maxPalettePixels */
  maxPixels?: number | undefined;
}

/**
 * The colours of an image: `palette` (up to 6 hex colours, most area first, transparent pixels not
 * counted, none under 2% of the image), `background_color` (the first), and `color` / `alternative_color` (the two most
 * contrasting readable colours, see {@link pickColours}). `null`, never an error, for bytes that are
 * not a decodable image, an image over `maxPixels` (checked from its header, before any decoding), a
 * fully transparent one, or when `signal` ends first. Decodes with sharp (libvips), loaded on first
 * use (`null` too if sharp cannot load on this platform): PNG, JPEG, WebP, GIF and AVIF (first
 * frame), SVG, TIFF; ICO through read-icon.ts.
 * @throws LinkpeekError EMISSINGDEP when `sharp` or `extract-colors` (optional packages) is not installed
 */
export async function computePalette(bytes: Uint8Array, limits: PaletteLimits = {}): Promise<ImagePalette | null> {
  const {signal} = limits;
  if (signal?.aborted) return null;
  let stop = (): void => undefined;
  const stopped = new Promise<null>((resolve) => {
    const onAbort = () => resolve(null);
    signal?.addEventListener('abort', onAbort, {once: true});
    stop = () => signal?.removeEventListener('abort', onAbort);
  });
  try {
    // libvips goes on in its own threads after an abort, bounded by the pixel limit; the result is dropped.
    // A missing package is the one failure that is not the image's: it is said, not hidden as `null`.
    const found = colours(bytes, limits.maxPixels ?? maxPalettePixels).catch((error: unknown) => {
      if (isLinkpeekError(error) && error.code === 'EMISSINGDEP') throw error;
      return null;
    });
    return await Promise.race([found, stopped]);
  } finally {
    stop();
  }
}

const missing = (name: string, cause: unknown) => missingDependency(name, 'The `palette` option', cause);

async function colours(bytes: Uint8Array, maxPixels: number): Promise<ImagePalette | null> {
  const [{default: sharp}, {extractColorsFromImageData}] = await Promise.all([
    loadOptional('sharp', () => import('sharp'), missing),
    loadOptional('extract-colors', () => import('extract-colors'), missing),
  ]);
  // An ICO is read here (libvips has no ICO loader): its largest image, as PNG bytes or decoded RGBA.
  const icon = isIcon(bytes) ? await readIcon(bytes) : undefined;
  if (icon === null) return null;
  // failOn 'warning' (the default, kept explicit): a truncated or corrupt file is refused, not half-read.
  // limitInputPixels refuses a decompression bomb from its header too, in case metadata() was fooled.
  const image =
    icon?.kind === 'rgba'
      ? sharp(Buffer.from(icon.data.buffer, icon.data.byteOffset, icon.data.byteLength), {raw: {width: icon.width, height: icon.height, channels: 4}})
      : sharp(icon?.bytes ?? bytes, {limitInputPixels: maxPixels, failOn: 'warning'});
  const {width, height} = await image.metadata();
  if (!width || !height || width * height > maxPixels) return null;
  const {data, info} = await image
    .resize(paletteSampleSide, paletteSampleSide, {fit: 'inside', withoutEnlargement: true})
    .ensureAlpha()
    .raw()
    .toBuffer({resolveWithObject: true});
  const pixels = {data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height};
  // Every pixel of the sample counts, but those under alpha 251 (the library's default). The library
  // merges colours closer than `distance` in RGB (sum of the channel differences / 765): its default,
  // 0.22, and its hue/saturation/lightness grouping fold clearly different colours together (#2A9D8F
  // with #264653, #FFB703 with #FB8500), so it only splits finely here (0.05: 38 levels) and
  // mergeSimilar() merges by what the eye sees. Finer than 0.05 costs time (its merge is quadratic in
  // the colours it keeps: 4× slower at 0.04 on a grainy photograph) for no better palette.
  // Each colour it returns is the most frequent exact colour of its group.
  const found = extractColorsFromImageData(pixels, {pixels: info.width * info.height, distance: 0.05, hueDistance: 0, saturationDistance: 0, lightnessDistance: 0});
  const merged = mergeSimilar(found.map((colour) => ({rgb: [colour.red, colour.green, colour.blue] as const, count: colour.area})));
  const counted = merged.reduce((sum, colour) => sum + colour.count, 0);
  const palette = merged
    // A colour under 2% of the (opaque) image is mostly an edge: where two areas blend, in the shrunk
    // sample or in the original's antialiasing. It exists nowhere as a colour of its own: left out.
    .filter((colour, index) => index === 0 || colour.count >= minColourShare * counted)
    .slice(0, paletteSize)
    .map((colour) => toHex(colour.rgb));
  return palette.length === 0 ? null : {palette, ...pickColours(palette)};
}

/**
 * The card colours of a palette (most area first): `background_color` is the first colour; `color`
 * the other palette colour with the highest contrast against it if that reaches {@link minContrast},
 * else black or white (whichever contrasts more); `alternative_color` the next readable one in the
 * same order (palette colours first, then black and white), or `color` again when there is none.
 */
export function pickColours(palette: readonly string[]): Pick<ImagePalette, 'background_color' | 'color' | 'alternative_color'> {
  const background = palette[0] ?? '#FFFFFF';
  const readable = (candidates: readonly string[]) =>
    candidates
      .map((hex) => ({hex, ratio: contrastRatio(background, hex)}))
      .filter(({ratio}) => ratio >= minContrast)
      .sort((a, b) => b.ratio - a.ratio)
      .map(({hex}) => hex);
  const fromPalette = readable(palette.slice(1));
  const ranked = [...fromPalette, ...readable(['#000000', '#FFFFFF']).filter((hex) => !fromPalette.includes(hex))];
  // Black or white always reaches 4.5:1, so `ranked` is never empty.
  const color = ranked[0]!;
  return {background_color: background, color, alternative_color: ranked[1] ?? color};
}
