import type {ImagePalette, LinkData, Media} from '../data.js';
import type {FetchConfig} from '../fetch/options.js';
import {computePalette} from './compute-palette.js';
import {fetchImageBytes, type ImageBytesRequest} from './fetch-image-bytes.js';

/** What {@link addPalettes} needs from the `extract()` call. */
export interface PaletteRequest extends ImageBytesRequest {
  /**
   * Bytes already read, by URL (a direct link to an image: the file itself, read by the files
   * stage): used instead of a download; `null` for a file that could not be read whole, which is
   * not downloaded again either.
   */
  known?: ReadonlyMap<string, Uint8Array | null>;
}

/** The media fields that get a palette from their URL (the screenshot gets its own from its bytes). */
const paletteFields = ['image', 'logo'] as const;

/**
 * `data` with the palette fields added to `image` and `logo` (docs/palette.md): both fetched and
 * read at once (one download when they share a URL; none for a URL in `request.known`), within the call's deadline. A media object
 * whose file cannot be fetched or decoded is returned as it was; nothing here throws.
 */
export async function addPalettes<T extends Pick<LinkData, 'image' | 'logo'>>(data: T, request: PaletteRequest, config: FetchConfig): Promise<T> {
  const byUrl = new Map<string, Promise<ImagePalette | null>>();
  const bytesOf = (url: string) => (request.known?.has(url) ? Promise.resolve(request.known.get(url) ?? null) : fetchImageBytes(url, request, config));
  const paletteOf = (url: string) => {
    let found = byUrl.get(url);
    if (!found) {
      found = bytesOf(url).then((bytes) => (bytes ? computePalette(bytes, {signal: request.deadline.signal}) : null));
      byUrl.set(url, found);
    }
    return found;
  };
  const described = await Promise.all(
    paletteFields.map(async (field): Promise<[string, Media | null]> => {
      const media = data[field];
      const palette = media ? await paletteOf(media.url) : null;
      return [field, media && palette ? {...media, ...palette} : media];
    }),
  );
  return {...data, ...Object.fromEntries(described)};
}
