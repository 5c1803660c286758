import type {IncomingHttpHeaders} from 'node:http';
import type {FileResponse} from '../fetch/file-response.js';
import {truncate} from '../ping/ping.js';
import {sizeFromHeaders} from '../ping/media.js';
import type {FileReason} from '../shared/file-info.js';
import {type CanvasFactoryClass, type DrawablePage, drawPage, loadCanvasFactory, type PageImage, type PageImageOptions, standardFontDirectory, untilAborted} from './draw-pdf-page.js';
import {cleanText, toLang} from './text-fields.js';

/** What a PDF says about itself, from its Info dictionary, its XMP metadata and its first page. */
export interface PdfDescription {
  /** XMP `dc:title`, else Info `Title`. */
  title: string | null;
  /** XMP `dc:creator` (all of them), else Info `Author`. */
  author: string | null;
  /** XMP `dc:description`, else Info `Subject`, else the start of the first page's text. */
  description: string | null;
  /** ISO 639-1 code from the catalog's `Lang`, else XMP `dc:language`. */
  lang: string | null;
  /** ISO 8601: XMP `xmp:CreateDate`, else Info `CreationDate`. */
  datePublished: string | null;
  /** ISO 8601: XMP `xmp:ModifyDate`, else Info `ModDate`. */
  dateModified: string | null;
  pages: number | null;
  /** The first page drawn, when asked for and it could be drawn. */
  image: PageImage | null;
  /** Why nothing above could be read (every field is then `null`). */
  reason: FileReason | null;
}

// Characters of the first page's text kept as a description.
const descriptionLength = 300;
// pdf.js asks for ranges in chunks of this size, then joins neighbours into one request.
const rangeChunkSize = 64 * 1024;

/**
 * Reads a PDF's metadata with pdf.js (through unpdf, loaded on first use). The file is read whole
 * when it fits `maxBodySize`. A larger one is read by range requests when the server accepts them
 * (`Accept-Ranges: bytes` and a `Content-Length`): pdf.js reads the trailer at the end, then only
 * the objects it needs, at most `maxBodySize` bytes in all. Otherwise, and when the bytes do not
 * parse, every field is `null` with the reason. Stops when `signal` aborts (rejecting with its reason).
 * With `pageImage`, the first page is also drawn (draw-pdf-page.ts) from the same document: a page
 * that cannot be drawn, or the deadline ending while it is, leaves `image` null and the rest as read.
 */
export async function describePdf(file: FileResponse, signal: AbortSignal, pageImage: PageImageOptions | null = null): Promise<PdfDescription> {
  const size = sizeFromHeaders(200, file.headers);
  let source: Source;
  if (file.complete) source = {data: file.head};
  else if (size !== null && size > file.maxBodySize && acceptsRanges(file.headers)) {
    // The first response is not needed past its head: the rest comes by range.
    file.close();
    source = {length: size, initial: file.head};
  } else {
    const {bytes, truncated} = await file.read();
    if (truncated) return nothing('too-large');
    source = {data: bytes};
  }
  if ('data' in source && source.data.length === 0) return nothing('empty');
  return await readPdf(source, file, signal, pageImage);
}

type Source = {data: Uint8Array} | {length: number; initial: Uint8Array};

function nothing(reason: FileReason): PdfDescription {
  return {title: null, author: null, description: null, lang: null, datePublished: null, dateModified: null, pages: null, image: null, reason};
}

async function readPdf(source: Source, file: FileResponse, signal: AbortSignal, pageImage: PageImageOptions | null): Promise<PdfDescription> {
  const pdfjs = await loadPdfJs();
  // Drawing needs the canvas pdf.js creates its own canvases with (patterns, masks) too, and the
  // standard fonts a PDF names without embedding them.
  const Factory = pageImage ? await loadCanvasFactory() : null;
  const fonts = Factory ? standardFontDirectory() : null;
  const options = Factory ? {...documentOptions, CanvasFactory: Factory, ...(fonts ? {standardFontDataUrl: fonts} : {})} : documentOptions;
  let failure: FileReason | undefined;
  let task: LoadingTask;
  if ('data' in source) {
    // pdf.js may take the buffer over: it gets a copy.
    task = pdfjs.getDocument({...options, data: new Uint8Array(source.data)});
  } else {
    supportSetIteratorFind();
    const transport = new pdfjs.PDFDataRangeTransport(source.length, new Uint8Array(source.initial));
    let budget = file.maxBodySize - source.initial.length;
    transport.requestDataRange = (begin, end) => {
      budget -= end - begin;
      const fail = (reason: FileReason) => {
        failure ??= reason;
        void task.destroy();
      };
      if (budget < 0) return fail('too-large');
      file.readRange(begin, end - 1).then(
        (bytes) => (bytes === null || bytes.length !== end - begin ? fail('too-large') : transport.onDataRange(begin, new Uint8Array(bytes))),
        () => fail(signal.aborted ? 'timeout' : 'truncated'),
      );
    };
    task = pdfjs.getDocument({...options, range: transport, length: source.length, rangeChunkSize, disableAutoFetch: true, disableStream: true});
  }
  const onAbort = () => void task.destroy();
  signal.addEventListener('abort', onAbort, {once: true});
  try {
    // Every wait on pdf.js races the deadline: a document it destroyed may leave them pending.
    const document = await untilAborted(task.promise, signal);
    const {info, metadata} = await untilAborted(document.getMetadata(), signal);
    const xmp = (name: string) => metadata?.get(name) ?? null;
    const infoText = (name: string) => text(info[name]);
    const date = (xmpName: string, infoName: string) => isoDate(text(xmp(xmpName))) ?? isoDate(pdfjs.PDFDateString.toDateObject(infoText(infoName) ?? ''));
    return {
      title: text(xmp('dc:title')) ?? infoText('Title'),
      author: text(xmp('dc:creator')) ?? infoText('Author'),
      description: text(xmp('dc:description')) ?? infoText('Subject') ?? (await firstPageText(document, signal)),
      lang: toLang(infoText('Language')) ?? toLang(firstOf(xmp('dc:language'))),
      datePublished: date('xmp:createdate', 'CreationDate'),
      dateModified: date('xmp:modifydate', 'ModDate'),
      pages: document.numPages,
      image: pageImage && Factory ? await drawFirstPage(document, Factory, pageImage, signal) : null,
      reason: null,
    };
  } catch {
    if (signal.aborted) throw signal.reason;
    if (failure !== undefined) return nothing(failure);
    // pdf.js finds no trailer in a file cut short: one without its `%%EOF` marker was truncated.
    if ('data' in source && !endsWithEof(source.data)) return nothing('truncated');
    return nothing('unreadable');
  } finally {
    signal.removeEventListener('abort', onAbort);
    await task.destroy().catch(() => undefined);
  }
}

const documentOptions = {
  // No font is turned into code (a page drawn for a screenshot draws its glyphs as paths), no system
  // font is looked for, and pdf.js logs nothing.
  isEvalSupported: false,
  disableFontFace: true,
  useSystemFonts: false,
  verbosity: 0,
};

async function firstPageText(document: PdfDocument, signal: AbortSignal): Promise<string | null> {
  try {
    const page = await untilAborted(document.getPage(1), signal);
    const content = await untilAborted(page.getTextContent(), signal);
    const joined = content.items.map((item) => `${item.str ?? ''}${item.hasEOL ? '\n' : ''}`).join('');
    const collapsed = joined.replace(/\s+/g, ' ').trim();
    return collapsed === '' ? null : truncate(collapsed, descriptionLength);
  } catch {
    // A page that does not parse leaves the description empty, not the whole card.
    return null;
  }
}

async function drawFirstPage(document: PdfDocument, Factory: CanvasFactoryClass, options: PageImageOptions, signal: AbortSignal): Promise<PageImage | null> {
  try {
    return await drawPage(await untilAborted(document.getPage(1), signal), Factory, options, signal);
  } catch {
    // The metadata already read stands without the image.
    return null;
  }
}

// XMP gives a list for dc:creator and dc:language: creators are joined, as a byline would.
function text(value: unknown): string | null {
  if (Array.isArray(value)) return value.map(text).filter((part) => part !== null).join(', ') || null;
  return typeof value === 'string' ? cleanText(value) : null;
}

function firstOf(value: unknown): string | null {
  return text(Array.isArray(value) ? value[0] : value);
}

function isoDate(value: string | Date | null): string | null {
  if (value === null) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function acceptsRanges(headers: IncomingHttpHeaders): boolean {
  const encoding = (headers['content-encoding'] ?? 'identity').toLowerCase();
  return /\bbytes\b/i.test(String(headers['accept-ranges'] ?? '')) && encoding === 'identity';
}

function endsWithEof(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).includes('%%EOF');
}

// The part of pdf.js used here, typed locally (unpdf's own types pull in an optional canvas package).
interface PdfJs {
  getDocument(parameters: Record<string, unknown>): LoadingTask;
  PDFDataRangeTransport: new (length: number, initialData: Uint8Array | null) => RangeTransport;
  PDFDateString: {toDateObject(input: string): Date | null};
}
interface LoadingTask {
  promise: Promise<PdfDocument>;
  destroy(): Promise<void>;
}
interface PdfDocument {
  numPages: number;
  getMetadata(): Promise<{info: Record<string, unknown>; metadata: {get(name: string): unknown} | null}>;
  getPage(number: number): Promise<DrawablePage & {getTextContent(): Promise<{items: Array<{str?: string; hasEOL?: boolean}>}>}>;
}
interface RangeTransport {
  requestDataRange(begin: number, end: number): void;
  onDataRange(begin: number, chunk: Uint8Array): void;
}

// Imported on first use: the 1.6 MB pdf.js bundle costs about half a second to load, which no
// extraction of a page should pay (the module system keeps it loaded afterwards).
async function loadPdfJs(): Promise<PdfJs> {
  const {getResolvedPDFJS} = await import('unpdf');
  return (await getResolvedPDFJS()) as unknown as PdfJs;
}

/**
 * pdf.js 5 finds the reader of a range with `Iterator.prototype.find` (ES2025, Node 22). On Node 20
 * Set iterators lack it: the same method is defined there, on Set iterators only, when missing.
 */
function supportSetIteratorFind(): void {
  const prototype = Object.getPrototypeOf(new Set<unknown>().keys()) as {find?: unknown};
  if (typeof prototype.find === 'function') return;
  Object.defineProperty(prototype, 'find', {
    configurable: true,
    writable: true,
    value: function find(this: Iterator<unknown>, predicate: (value: unknown, index: number) => unknown) {
      let index = 0;
      for (let step = this.next(); !step.done; step = this.next()) if (predicate(step.value, index++)) return step.value;
      return undefined;
    },
  });
}
