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

/** An ICO file of these images (PNG bytes, or BMP images as {@link bmpIcon} makes them), in order. */
export function ico(images: Array<{width: number; height: number; data: Buffer}>): Buffer {
  const header = Buffer.from([0, 0, 1, 0, images.length & 255, images.length >> 8]);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({width, height, data}) => {
    const entry = Buffer.alloc(16);
    entry[0] = width >= 256 ? 0 : width;
    entry[1] = height >= 256 ? 0 : height;
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({data}) => data)]);
}

/**
 * A BMP image as an ICO holds it (no file header; the height doubled for the AND mask): 32-bit BGRA,
 * or 24-bit BGR whose AND mask makes `transparentColumns` (from the left) transparent.
 * `pixel(x, y)` gives each pixel's hex colour, y from the top.
 */
export function bmpIcon(width: number, height: number, pixel: (x: number, y: number) => string, depth: 24 | 32 = 32, transparentColumns = 0, claimed = {width, height}): Buffer {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(claimed.width, 4);
  header.writeInt32LE(claimed.height * 2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(depth, 14);
  const stride = Math.ceil((width * depth) / 8 / 4) * 4;
  const pixels = Buffer.alloc(stride * height);
  const maskStride = Math.ceil(width / 8 / 4) * 4;
  const mask = Buffer.alloc(maskStride * height);
  for (let row = 0; row < height; row++) {
    const y = height - 1 - row;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = parseHex(pixel(x, y));
      const at = row * stride + (x * depth) / 8;
      pixels.set(depth === 32 ? [b, g, r, 255] : [b, g, r], at);
      if (x < transparentColumns) mask[row * maskStride + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return Buffer.concat([header, pixels, depth === 24 ? mask : Buffer.alloc(0)]);
}
