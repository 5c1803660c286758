// Real files for the files stage's tests: PDFs made with pdf-lib (Info dictionary and an XMP
// stream as Acrobat writes them), an ICO wrapping a PNG, a stored zip, an RSS and an Atom feed.
import {readFileSync} from 'node:fs';
import {crc32} from 'node:zlib';
import {PDFDocument, PDFName, StandardFonts} from 'pdf-lib';
import type {Deadline} from '../../src/deadline.js';
import {fetchTarget} from '../../src/fetch/fetch-page.js';
import type {FileResponse} from '../../src/fetch/file-response.js';
import type {Page} from '../../src/shared/page.js';
import {normalizeConfig} from '../../src/options.js';
import {loopbackConfig} from './policy.js';

/** The media fixtures of tests/fixtures/media (PNG 37×21, JPEG 64×48, GIF 7×5, WebP 50×30, SVG 120×45). */
export const sample = (extension: 'png' | 'jpg' | 'gif' | 'webp' | 'svg') =>
  readFileSync(new URL(`../fixtures/media/sample.${extension}`, import.meta.url));

export interface PdfOptions {
  title?: string;
  author?: string;
  subject?: string;
  /** The catalog's `/Lang`. */
  lang?: string;
  created?: Date;
  modified?: Date;
  /** An XMP packet as the catalog's `/Metadata` stream. */
  xmp?: string;
  /** Text lines drawn on the first page. */
  firstPage?: string[];
  pages?: number;
  /** An unreferenced-by-pages stream of this many bytes, to make the file large. */
  padding?: number;
}

/** A real PDF with an Info dictionary (and XMP when asked), written by pdf-lib. */
export async function makePdf(options: PdfOptions = {}): Promise<Buffer> {
  const document = await PDFDocument.create({updateMetadata: false});
  if (options.title !== undefined) document.setTitle(options.title);
  if (options.author !== undefined) document.setAuthor(options.author);
  if (options.subject !== undefined) document.setSubject(options.subject);
  if (options.lang !== undefined) document.setLanguage(options.lang);
  if (options.created) document.setCreationDate(options.created);
  if (options.modified) document.setModificationDate(options.modified);
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let number = 1; number <= (options.pages ?? 1); number++) {
    const page = document.addPage([400, 500]);
    const lines = number === 1 ? (options.firstPage ?? []) : [`Page ${number}`];
    lines.forEach((line, index) => page.drawText(line, {x: 30, y: 450 - 20 * index, size: 12, font}));
  }
  if (options.padding) {
    // Large data in the body of the file, before the trailer and the objects written after it.
    const padding = document.context.stream(Buffer.alloc(options.padding, 0x41), {});
    document.catalog.set(PDFName.of('Padding'), document.context.register(padding));
  }
  if (options.xmp !== undefined) {
    const stream = document.context.stream(Buffer.from(options.xmp, 'utf8'), {Type: 'Metadata', Subtype: 'XML'});
    document.catalog.set(PDFName.of('Metadata'), document.context.register(stream));
  }
  return Buffer.from(await document.save({useObjectStreams: false}));
}

/** An XMP packet with Dublin Core and XMP basic fields, as Acrobat and LibreOffice write them. */
export function xmpPacket(fields: {title?: string; creators?: string[]; description?: string; language?: string; created?: string; modified?: string}): string {
  const alt = (name: string, value: string | undefined) =>
    value === undefined ? '' : `<dc:${name}><rdf:Alt><rdf:li xml:lang="x-default">${value}</rdf:li></rdf:Alt></dc:${name}>`;
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
${alt('title', fields.title)}${alt('description', fields.description)}
${fields.creators ? `<dc:creator><rdf:Seq>${fields.creators.map((name) => `<rdf:li>${name}</rdf:li>`).join('')}</rdf:Seq></dc:creator>` : ''}
${fields.language ? `<dc:language><rdf:Bag><rdf:li>${fields.language}</rdf:li></rdf:Bag></dc:language>` : ''}
${fields.created ? `<xmp:CreateDate>${fields.created}</xmp:CreateDate>` : ''}${fields.modified ? `<xmp:ModifyDate>${fields.modified}</xmp:ModifyDate>` : ''}
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;
}

/** An ICO file holding one PNG image (Vista-style), as favicons are made today. */
export function ico(png: Buffer, width: number, height: number): Buffer {
  const header = Buffer.from([0, 0, 1, 0, 1, 0]);
  const entry = Buffer.alloc(16);
  entry[0] = width >= 256 ? 0 : width;
  entry[1] = height >= 256 ? 0 : height;
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(header.length + entry.length, 12);
  return Buffer.concat([header, entry, png]);
}

/** A zip archive holding one file, stored without compression (what `zip -0` writes). */
export function zip(name: string, content: Buffer): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const centralOffset = local.length + nameBytes.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, nameBytes, content, central, nameBytes, end]);
}

/** An RSS 2.0 podcast-style feed with a channel image and three items (the newest in the middle). */
export const rssFeed = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>Harbour Notes</title>
    <link>https://harbour.example/</link>
    <description><![CDATA[<p>Weekly notes from the <b>old port</b> &amp; its lamps.</p>]]></description>
    <language>en-gb</language>
    <managingEditor>editor@harbour.example (Mara Ellis)</managingEditor>
    <lastBuildDate>Mon, 02 Mar 2026 08:00:00 GMT</lastBuildDate>
    <image><url>/img/channel.png</url><title>Harbour Notes</title><link>https://harbour.example/</link></image>
    <item><title>One</title><pubDate>Sun, 01 Feb 2026 10:00:00 GMT</pubDate></item>
    <item><title>Three</title><pubDate>Tue, 03 Mar 2026 09:30:00 +0100</pubDate></item>
    <item><title>Two</title><pubDate>Sun, 15 Feb 2026 10:00:00 GMT</pubDate></item>
  </channel>
</rss>`;

/** An Atom feed with a logo, an author and two entries. */
export const atomFeed = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr-FR">
  <title type="html">Quai &lt;em&gt;Nord&lt;/em&gt;</title>
  <subtitle>Les nouvelles du quai</subtitle>
  <link rel="self" href="https://quai.example/atom.xml"/>
  <updated>2026-01-05T00:00:00Z</updated>
  <author><name>Jeanne Port</name><email>jeanne@quai.example</email></author>
  <logo>https://quai.example/logo.png</logo>
  <icon>https://quai.example/icon.png</icon>
  <entry><title>A</title><updated>2026-01-04T12:00:00Z</updated><published>2026-01-04T10:00:00Z</published></entry>
  <entry><title>B</title><updated>2026-01-06T12:00:00Z</updated></entry>
</feed>`;

/** The config the files tests fetch with: loopback allowed, test names resolved. */
export const filesConfig = normalizeConfig(loopbackConfig);

/** fetchTarget on `url` within `deadline` (the caller disposes of it once done with the answer). */
export function fetchWithin(url: string, deadline: Deadline, config = filesConfig): Promise<Page | FileResponse> {
  return fetchTarget(new URL(url), {headers: {}, deadline}, config);
}

export interface ServeOptions {
  /** Extra response headers (Content-Disposition, Last-Modified…). */
  headers?: Record<string, string>;
  /** Advertise `Accept-Ranges: bytes` and answer `Range` with a 206 (default false). */
  ranges?: boolean;
  /** Write the body in chunks of this size with `pauseMs` between them: a slow server. */
  chunkSize?: number;
  pauseMs?: number;
  /** Declare the whole length but close the connection after this many bytes. */
  cutAfter?: number;
  /** Counts what was written, per request: `sent` gets one entry per GET (its byte count, updated as it goes). */
  sent?: number[];
  /** Every `Range` header received, in order. */
  rangesAsked?: string[];
}

/** A route serving `bytes` as `contentType` (`null`: no Content-Type at all). */
export function serve(bytes: Buffer, contentType: string | null, options: ServeOptions = {}): import('./server.js').Route {
  return async (request, response) => {
    const headers: Record<string, string | number> = {...(contentType === null ? {} : {'content-type': contentType}), ...options.headers};
    if (options.ranges) headers['accept-ranges'] = 'bytes';
    let body = bytes;
    let status = 200;
    const range = request.headers.range;
    if (range !== undefined) options.rangesAsked?.push(range);
    const match = options.ranges ? /^bytes=(\d+)-(\d*)$/.exec(range ?? '') : null;
    if (match) {
      const start = Number(match[1]);
      const end = Math.min(match[2] ? Number(match[2]) : bytes.length - 1, bytes.length - 1);
      body = bytes.subarray(start, end + 1);
      status = 206;
      headers['content-range'] = `bytes ${start}-${end}/${bytes.length}`;
    }
    headers['content-length'] = body.length;
    response.writeHead(status, headers);
    if (request.method === 'HEAD') return void response.end();
    const index = options.sent ? options.sent.push(0) - 1 : -1;
    const count = (n: number) => {
      if (options.sent) options.sent[index]! += n;
    };
    const limit = options.cutAfter ?? body.length;
    const chunkSize = options.chunkSize ?? body.length;
    for (let offset = 0; offset < limit; offset += chunkSize) {
      if (response.destroyed || request.socket.destroyed) return;
      const chunk = body.subarray(offset, Math.min(offset + chunkSize, limit));
      count(chunk.length);
      response.write(chunk);
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
      // Checked after the pause: 'drain' may already have fired during it.
      if (response.writableNeedDrain && !response.destroyed) {
        await new Promise<void>((resolve) => {
          const done = () => {
            response.off('drain', done).off('close', done);
            resolve();
          };
          response.on('drain', done).on('close', done);
        });
      }
    }
    if (options.cutAfter !== undefined) response.destroy();
    else response.end();
  };
}
