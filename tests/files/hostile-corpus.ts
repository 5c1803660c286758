// Hostile files, generated here rather than checked in (issue 32): each one is small on the wire and
// costly for a decoder that trusts it. PDFs are written object by object (pdf-lib where it can say
// what is needed); image headers are written by hand, their pixel data deflated with zlib.
import {crc32, deflateSync} from 'node:zlib';
import {PDFDocument} from 'pdf-lib';

/** A PDF assembled from numbered object bodies, with a correct xref table (unless `xref` replaces it). */
export function rawPdf(objects: Array<string | Buffer>, options: {xref?: (offsets: number[], start: number) => string; root?: number} = {}): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'), Buffer.from('\nendobj\n')]);
    parts.push(part);
    length += part.length;
  });
  const table =
    options.xref?.(offsets, length) ??
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}` +
      `trailer\n<< /Size ${objects.length + 1} /Root ${options.root ?? 1} 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(table, 'latin1'));
  return Buffer.concat(parts);
}

/** A stream object body: its dictionary entries and its bytes, with `/Length` set. */
export function stream(dictionary: string, data: Buffer | string): Buffer {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'latin1');
  return Buffer.concat([Buffer.from(`<< ${dictionary} /Length ${bytes.length} >>\nstream\n`, 'latin1'), bytes, Buffer.from('\nendstream', 'latin1')]);
}

const page = (contents: number, resources = '<< >>') => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources ${resources} /Contents ${contents} 0 R >>`;

/**
 * The PDF of issue 32: 1-2 KB, one page painting one image declared `side` × `side` (16000: 256 M
 * pixels, 768 MB of RGB once decoded) whose deflated data is a few hundred bytes of zeros.
 */
export function hugeImagePdf(side = 16_000): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    page(4, '<< /XObject << /Im1 5 0 R >> >>'),
    stream('', 'q 612 0 0 792 0 0 cm /Im1 Do Q'),
    stream(`/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`, deflateSync(Buffer.alloc(64 * 1024))),
  ]);
}

/** Arrays nested `depth` deep in the page's resources, and a page tree `treeDepth` levels deep. */
export function deepNestingPdf(depth = 100_000, treeDepth = 3_000): Buffer {
  // Object 1 catalog, 2 the root of the tree, 3 .. 3 + treeDepth - 1 the chain of Pages, then the page and its content.
  const objects: Array<string | Buffer> = ['<< /Type /Catalog /Pages 2 0 R >>'];
  const pageNumber = 2 + treeDepth;
  for (let level = 0; level < treeDepth; level++) {
    const number = 2 + level;
    const kid = level === treeDepth - 1 ? pageNumber : number + 1;
    objects.push(`<< /Type /Pages /Kids [${kid} 0 R] /Count 1${level === 0 ? '' : ` /Parent ${number - 1} 0 R`} >>`);
  }
  objects.push(`<< /Type /Page /Parent ${pageNumber - 1} 0 R /MediaBox [0 0 612 792] /Resources << /Deep ${'['.repeat(depth)}${']'.repeat(depth)} >> /Contents ${pageNumber + 1} 0 R >>`);
  objects.push(stream('', 'BT ET'));
  return rawPdf(objects);
}

/** A PDF of `pages` pages (pdf-lib), each with a line of text. */
export async function manyPagesPdf(pages = 5_000): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.setTitle('Many pages');
  for (let number = 0; number < pages; number++) document.addPage([200, 200]);
  return Buffer.from(await document.save({useObjectStreams: true}));
}

/**
 * Objects that point at themselves: a page tree whose Pages node lists itself among its kids, a
 * form XObject that paints itself, an indirect object that is a reference to itself.
 */
export function selfReferencePdf(): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R /Loop 6 0 R >>',
    '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 /Parent 2 0 R >>',
    page(4, '<< /XObject << /Fm1 5 0 R >> >>'),
    stream('', 'q /Fm1 Do Q'),
    stream('/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /Fm1 5 0 R >> >>', '0 0 1 rg 0 0 10 10 re f /Fm1 Do'),
    '6 0 R',
  ]);
}

/** A PDF whose xref table points at the wrong bytes and whose `startxref` points past the end. */
export function brokenXrefPdf(): Buffer {
  return rawPdf(
    ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', page(4), stream('', '0 0 1 rg 50 50 200 200 re f')],
    {xref: (offsets, start) => `xref\n0 5\n${offsets.map((offset) => `${String(offset * 7 + 3).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size 99 /Root 1 0 R >>\nstartxref\n${start * 5}\n%%EOF\n`},
  );
}

/** A page drawing text in an embedded TrueType font whose program is random bytes. */
export function brokenFontPdf(): Buffer {
  const garbage = Buffer.alloc(40_000);
  for (let index = 0; index < garbage.length; index++) garbage[index] = (index * 2654435761) >>> 24;
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    page(4, '<< /Font << /F1 5 0 R >> >>'),
    stream('', 'BT /F1 24 Tf 50 700 Td (Harbour) Tj ET'),
    '<< /Type /Font /Subtype /TrueType /BaseFont /Broken /FirstChar 32 /LastChar 126 /Widths [] /FontDescriptor 6 0 R >>',
    '<< /Type /FontDescriptor /FontName /Broken /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 7 0 R >>',
    stream(`/Length1 ${garbage.length}`, garbage),
  ]);
}

// Images ----------------------------------------------------------------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG declared `width` × `height` (RGBA, 8 bits) whose IDAT is `rawBytes` zeros deflated: a
 * decompression bomb when the declared size is large (64 MB of pixels deflate to 64 KB).
 */
export function pngBomb(width: number, height: number, rawBytes = 64 * 1024 * 1024): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(rawBytes), {level: 9})),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF whose logical screen and single image claim `width` × `height`, with a few bytes of LZW data. */
export function gifBomb(width = 65_535, height = 65_535): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen.set([0x80, 0, 0], 4); // a global colour table of 2 colours
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  // Minimum code size 2, then sub-blocks of clear codes and zeros, then the trailer.
  const data = Buffer.concat([Buffer.from([2]), ...Array.from({length: 200}, () => Buffer.from([255, ...Buffer.alloc(255, 0x44)])), Buffer.from([0, 0x3b])]);
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), screen, Buffer.from([0, 0, 0, 255, 255, 255]), descriptor.subarray(0, 10), data]);
}

/** A baseline JPEG whose SOF0 claims `width` × `height` (3 components), with no usable scan. */
export function jpegBomb(width = 65_500, height = 65_500): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]);
  const quant = Buffer.from([0xff, 0xdb, 0, 67, 0, ...Buffer.alloc(64, 1)]);
  const scan = Buffer.from([0xff, 0xda, 0, 12, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), quant, sof, scan, Buffer.alloc(4096, 0), Buffer.from([0xff, 0xd9])]);
}

/** A WebP (VP8X + VP8L) whose canvas claims `width` × `height` (16384 × 16384 at most). */
export function webpBomb(width = 16_384, height = 16_384): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const lossless = Buffer.alloc(5 + 64);
  lossless[0] = 0x2f;
  lossless.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14) | (1 << 28), 1);
  const chunk = (type: string, data: Buffer) => {
    const size = Buffer.alloc(4);
    size.writeUInt32LE(data.length);
    return Buffer.concat([Buffer.from(type, 'latin1'), size, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), chunk('VP8X', vp8x), chunk('VP8L', lossless)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, body]);
}

/** An ICO whose one BMP image claims `side` × `side` in its own header (the directory says 16 × 16). */
export function icoBomb(side = 30_000): Buffer {
  const bmp = Buffer.alloc(40 + 1024);
  bmp.writeUInt32LE(40, 0);
  bmp.writeInt32LE(side, 4);
  bmp.writeInt32LE(side * 2, 8);
  bmp.writeUInt16LE(1, 12);
  bmp.writeUInt16LE(32, 14);
  const directory = Buffer.alloc(6 + 16);
  directory.set([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]);
  directory.writeUInt32LE(bmp.length, 14);
  directory.writeUInt32LE(22, 18);
  return Buffer.concat([directory, bmp]);
}

/** The billion laughs: ten levels of ten entities each, 10^9 `lol`s once expanded, in an SVG's text. */
export function svgEntityBomb(): Buffer {
  const entities = ['<!ENTITY lol0 "lol">', ...Array.from({length: 9}, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level};`.repeat(10)}">`)];
  return Buffer.from(`<?xml version="1.0"?>\n<!DOCTYPE svg [\n${entities.join('\n')}\n]>\n<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#2A9D8F"/><text y="50">&lol9;</text></svg>`);
}

/** An SVG referring outside itself: an image on `origin`, a local file, an external entity, a stylesheet. */
export function svgExternalReferences(origin: string): Buffer {
  return Buffer.from(`<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
<?xml-stylesheet href="${origin}/svg-tracker/style.css"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100">
  <style>@import url("${origin}/svg-tracker/import.css");</style>
  <rect width="200" height="100" fill="#264653"/>
  <image href="${origin}/svg-tracker/image.png" width="200" height="100"/>
  <image xlink:href="file:///etc/hostname" width="10" height="10"/>
  <use href="${origin}/svg-tracker/sprite.svg#a"/>
  <text y="50">&secret;</text>
</svg>`);
}

/** An SVG declaring a `side` × `side` canvas: 10^10 pixels to rasterise for side 100000. */
export function svgHugeCanvas(side = 100_000): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><rect width="${side}" height="${side}" fill="#E76F51"/></svg>`);
}
