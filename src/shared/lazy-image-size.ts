import {createRequire} from 'node:module';

type ImageSize = typeof import('image-size').imageSize;

let loaded: ImageSize | undefined;

/**
 * image-size's `imageSize`, loaded on the first image read (ping, a file, a screenshot), not by
 * `import('linkpeek')`: its 49 module files cost about 40 ms of CPU. Its CommonJS build is required,
 * so the callers stay synchronous. A cache of the loaded function: no data of a call outlives it.
 * @throws Error (from image-size) when the bytes are no image it knows
 */
export function imageSize(bytes: Uint8Array): ReturnType<ImageSize> {
  loaded ??= (createRequire(import.meta.url)('image-size') as typeof import('image-size')).imageSize;
  return loaded(bytes);
}
