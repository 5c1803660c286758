// ICO files (favicon.ico, the logo of many sites) are not a format libvips reads. An ICO is a
// directory of images, each a PNG or a BMP without its file header; the largest one is used.

/** The largest image of an ICO: PNG bytes for sharp as they are, or decoded RGBA. `null` when unreadable. */
export type IconImage = {kind: 'png'; bytes: Uint8Array} | {kind: 'rgba'; data: Uint8ClampedArray; width: number; height: number};

/** An icon larger than this (width × height in its BMP header) is refused: icons are at most 256×256. */
const maxIconPixels = 1024 * 1024;

/** True for the ICO (type 1) and CUR (type 2) signature. */
export function isIcon(bytes: Uint8Array): boolean {
  return bytes.length >= 6 && bytes[0] === 0 && bytes[1] === 0 && (bytes[2] === 1 || bytes[2] === 2) && bytes[3] === 0;
}

/**
 * Reads the largest image of an ICO. Its BMP images are decoded by decode-ico (every bit depth, the
 * AND mask as transparency), one image only, after its header's size was checked: decode-ico would
 * decode every image of the file, each at the size its own header claims.
 */
export async function readIcon(bytes: Uint8Array): Promise<IconImage | null> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint16(4, true);
  if (count === 0 || bytes.length < 6 + 16 * count) return null;
  let best: {offset: number; size: number; area: number; entry: number} | null = null;
  for (let index = 0; index < count; index++) {
    const entry = 6 + 16 * index;
    // 0 stands for 256 in the directory.
    const area = (view.getUint8(entry) || 256) * (view.getUint8(entry + 1) || 256);
    const size = view.getUint32(entry + 8, true);
    const offset = view.getUint32(entry + 12, true);
    if (size === 0 || offset + size > bytes.length) continue;
    if (!best || area > best.area) best = {offset, size, area, entry};
  }
  if (!best) return null;
  const image = bytes.subarray(best.offset, best.offset + best.size);
  if (image.length >= 8 && image[0] === 0x89 && image[1] === 0x50 && image[2] === 0x4e && image[3] === 0x47) return {kind: 'png', bytes: image};
  // A BMP image: BITMAPINFOHEADER, its height counting the AND mask too.
  if (image.length < 40) return null;
  const header = new DataView(image.buffer, image.byteOffset, image.byteLength);
  const width = Math.abs(header.getInt32(4, true));
  const height = Math.abs(header.getInt32(8, true)) / 2;
  if (width * height > maxIconPixels) return null;
  // A file of that one image, so that decode-ico reads nothing else.
  const single = new Uint8Array(6 + 16 + image.length);
  single.set(bytes.subarray(0, 4));
  single.set([1, 0], 4);
  single.set(bytes.subarray(best.entry, best.entry + 8), 6);
  new DataView(single.buffer).setUint32(6 + 8, image.length, true);
  new DataView(single.buffer).setUint32(6 + 12, 22, true);
  single.set(image, 22);
  const {default: decodeIco} = await import('decode-ico');
  const [decoded] = decodeIco(single);
  if (!decoded) return null;
  if (decoded.type === 'png') return {kind: 'png', bytes: decoded.data};
  return {kind: 'rgba', data: decoded.data, width: decoded.width, height: decoded.height};
}
