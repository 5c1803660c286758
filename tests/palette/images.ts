// Real image files made with sharp for the palette tests: bands of known colours and areas.
import sharp from 'sharp';
import {parseHex} from '../../src/palette/contrast.js';

export type Format = 'png' | 'jpeg' | 'webp' | 'gif' | 'avif';

/**
 * An image of vertical bands, left to right, each `[hex, share of the width]` (a hex of `transparent`
 * leaves the band fully transparent), encoded as `format`.
 */
export async function bands(parts: Array<[string, number]>, format: Format = 'png', size = {width: 400, height: 300}): Promise<Buffer> {
  const {width, height} = size;
  const raw = Buffer.alloc(width * height * 4);
  let start = 0;
  for (const [hex, share] of parts) {
    const end = Math.round(start + share * width);
    const [red, green, blue] = hex === 'transparent' ? [0, 0, 0] : parseHex(hex);
    const alpha = hex === 'transparent' ? 0 : 255;
    for (let y = 0; y < height; y++) {
      for (let x = start; x < end; x++) raw.set([red, green, blue, alpha], (y * width + x) * 4);
    }
    start = end;
  }
  const image = sharp(raw, {raw: {width, height, channels: 4}});
  // Lossless where the format allows, so the colours come back exactly.
  if (format === 'webp') return image.webp({lossless: true}).toBuffer();
  if (format === 'avif') return image.avif({lossless: true}).toBuffer();
  if (format === 'jpeg') return image.flatten().jpeg({quality: 95, chromaSubsampling: '4:4:4'}).toBuffer();
  if (format === 'gif') return image.gif().toBuffer();
  return image.png().toBuffer();
}

/** A horizontal gradient from `from` to `to`. */
export async function gradient(from: string, to: string, width = 300, height = 100): Promise<Buffer> {
  const [a, b] = [parseHex(from), parseHex(to)];
  const raw = Buffer.alloc(width * height * 3);
  for (let x = 0; x < width; x++) {
    const t = x / (width - 1);
    const pixel = [0, 1, 2].map((k) => Math.round(a[k]! + (b[k]! - a[k]!) * t));
    for (let y = 0; y < height; y++) raw.set(pixel, (y * width + x) * 3);
  }
  return sharp(raw, {raw: {width, height, channels: 3}}).png().toBuffer();
}

/** Deterministic noise (a linear congruential generator from `seed`), `width` × `height`, as JPEG or PNG. */
export async function noise(width: number, height: number, format: 'jpeg' | 'png', seed = 1): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let state = seed >>> 0;
  for (let i = 0; i < raw.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    raw[i] = state >>> 24;
  }
  const image = sharp(raw, {raw: {width, height, channels: 3}});
  return format === 'jpeg' ? image.jpeg({quality: 80}).toBuffer() : image.png({compressionLevel: 6}).toBuffer();
}

/** A PNG of one colour and `width` × `height` pixels: tiny on disk however large it is (a decompression bomb when large). */
export function solid(hex: string, width: number, height: number): Promise<Buffer> {
  const [r, g, b] = parseHex(hex);
  return sharp({create: {width, height, channels: 3, background: {r, g, b}}, limitInputPixels: false}).png({compressionLevel: 9}).toBuffer();
}
