// The pdf.js side of describe-pdf.ts, run in the PDF worker (pdf-worker.ts): what pdf.js parses and
// draws is decided by the file, so it never runs on the main thread (issue 32).
import type {FileReason, ScreenshotReason} from '../shared/file-info.js';
import type {TaskContext} from '../shared/worker-pool.js';
import {drawPage, loadCanvasFactory, maxPagePixels, type DrawablePage, type PageImage, type PageImageOptions, standardFontDirectory} from './draw-pdf-page.js';
import {cleanText, toLang} from './text-fields.js';

/** What the main thread sends: the bytes (or the length and first bytes of a file read by range) and how to draw. */
export interface PdfTask {
  source: {data: Uint8Array} | {length: number; initial: Uint8Array};
  pageImage: PageImageOptions | null;
}

/** The text fields and page count a PDF gives (see PdfDescription in describe-pdf.ts). */
export interface PdfFields {
  title: string | null;
  author: string | null;
  /** XMP `dc:description`, else Info `Subject`. */
  description: string | null;
  /** The first page's text, whitespace collapsed, its first 1000 characters (when `description` is null). */
  pageText: string | null;
  lang: string | null;
  datePublished: string | null;
  dateModified: string | null;
  pages: number | null;
}

/** The worker's answer: the fields and the drawn page, or why nothing could be read. */
export type PdfAnswer = {fields: PdfFields; image: PageImage | null; imageReason: ScreenshotReason | null} | {failure: FileReason};

/** A range the worker asks the main thread for; the answer is its bytes or why they cannot be had. */
export interface RangeRequest {
  begin: number;
  end: number;
}
export type RangeAnswer = {bytes: Uint8Array} | {reason: FileReason};

/**
 * The most pixels (width × height) of an image pdf.js decodes: 2 × 4096², about an A4 scan at
 * 580 dpi. A larger image is left out before any decoding (pdf.js `maxImageSize`), and the page is
 * then not returned as the screenshot (`too-large`): it would show the page without it.
 */
export const maxPdfImagePixels = 2 * 4096 * 4096;

const documentOptions = {
  // No font is turned into code (a page drawn for a screenshot draws its glyphs as paths), no system
  // font is looked for, no font or CMap is fetched, and pdf.js logs to a console the worker keeps.
  isEvalSupported: false,
  disableFontFace: true,
  useSystemFonts: false,
  useWorkerFetch: false,
  enableXfa: false,
  maxImageSize: maxPdfImagePixels,
  // The canvases pdf.js makes for itself (patterns, masks, downscaled images): as large as the page's.
  canvasMaxAreaInBytes: maxPagePixels * 4,
  verbosity: 1,
};

// Characters of the first page's text sent back (describe-pdf.ts keeps 300 of them, cut at a word).
const pageTextLength = 1000;
// pdf.js asks for ranges in chunks of this size, then joins neighbours into one request.
const rangeChunkSize = 64 * 1024;

/** pdf.js warnings of the task running, which the worker collects instead of printing them. */
export const warnings: string[] = [];

/**
 * Reads a PDF's metadata with pdf.js, sends it as progress (so that a drawing stopped later still
 * leaves the card), then draws the first page when asked.
 */
export async function readPdf(task: PdfTask, context: TaskContext): Promise<{value: PdfAnswer; transfer?: ArrayBuffer[]}> {
  warnings.length = 0;
  const {source, pageImage} = task;
  // Checked now: pdf.js takes the buffer over (it is detached once given to it).
  const cutShort = 'data' in source && !endsWithEof(source.data);
  const pdfjs = await loadPdfJs();
  // Drawing needs the canvas pdf.js creates its own canvases with (patterns, masks) too, and the
  // standard fonts a PDF names without embedding them.
  const Factory = pageImage ? await loadCanvasFactory() : null;
  const fonts = Factory ? standardFontDirectory() : null;
  const options = Factory ? {...documentOptions, CanvasFactory: Factory, ...(fonts ? {standardFontDataUrl: fonts} : {})} : documentOptions;
  let failure: FileReason | undefined;
  let loading: LoadingTask;
  if ('data' in source) {
    loading = pdfjs.getDocument({...options, data: source.data});
  } else {
    supportSetIteratorFind();
    const transport = new pdfjs.PDFDataRangeTransport(source.length, source.initial);
    transport.requestDataRange = (begin, end) => {
      (context.ask({begin, end} satisfies RangeRequest) as Promise<RangeAnswer>).then(
        (answer) => {
          if ('bytes' in answer) return transport.onDataRange(begin, answer.bytes);
          failure ??= answer.reason;
          void loading.destroy();
        },
        () => {
          failure ??= 'truncated';
          void loading.destroy();
        },
      );
    };
    loading = pdfjs.getDocument({...options, range: transport, length: source.length, rangeChunkSize, disableAutoFetch: true, disableStream: true});
  }
  try {
    let document: PdfDocument;
    let fields: PdfFields;
    try {
      document = await loading.promise;
      const {info, metadata} = await document.getMetadata();
      const xmp = (name: string) => metadata?.get(name) ?? null;
      const infoText = (name: string) => text(info[name]);
      const description = text(xmp('dc:description')) ?? infoText('Subject');
      const date = (xmpName: string, infoName: string) => isoDate(text(xmp(xmpName))) ?? isoDate(pdfjs.PDFDateString.toDateObject(infoText(infoName) ?? ''));
      fields = {
        title: text(xmp('dc:title')) ?? infoText('Title'),
        author: text(xmp('dc:creator')) ?? infoText('Author'),
        description,
        pageText: null,
        lang: toLang(infoText('Language')) ?? toLang(firstOf(xmp('dc:language'))),
        datePublished: date('xmp:createdate', 'CreationDate'),
        dateModified: date('xmp:modifydate', 'ModDate'),
        pages: document.numPages,
      };
      // The first page's text is parsed from its content, which the file sizes: the card so far goes first.
      if (description === null) {
        context.progress(fields);
        fields = {...fields, pageText: await firstPageText(document)};
      }
    } catch {
      if (failure !== undefined) return {value: {failure}};
      // pdf.js finds no trailer in a file cut short: one without its `%%EOF` marker was truncated.
      return {value: {failure: cutShort ? 'truncated' : 'unreadable'}};
    }
    if (!pageImage) return {value: {fields, image: null, imageReason: null}};
    if (!Factory) return {value: {fields, image: null, imageReason: 'unavailable'}};
    context.progress(fields);
    try {
      const image = await drawPage(await document.getPage(1), Factory, pageImage, new AbortController().signal);
      // A page drawn without an image pdf.js refused is not the page: no screenshot rather than a misleading one.
      if (warnings.some((warning) => warning.includes('Image exceeded maximum allowed size'))) return {value: {fields, image: null, imageReason: 'too-large'}};
      const bytes = image.bytes.slice();
      return {value: {fields, image: {bytes, type: image.type}, imageReason: null}, transfer: [bytes.buffer as ArrayBuffer]};
    } catch {
      // The metadata already read stands without the image.
      return {value: {fields, image: null, imageReason: failure ?? 'unreadable'}};
    }
  } finally {
    await loading.destroy().catch(() => undefined);
  }
}

async function firstPageText(document: PdfDocument): Promise<string | null> {
  try {
    const page = await document.getPage(1);
    const content = await page.getTextContent();
    const joined = content.items.map((item) => `${item.str ?? ''}${item.hasEOL ? '\n' : ''}`).join('');
    const collapsed = joined.replace(/\s+/g, ' ').trim();
    return collapsed === '' ? null : collapsed.slice(0, pageTextLength);
  } catch {
    // A page that does not parse leaves the description empty, not the whole card.
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

let loaded: Promise<PdfJs> | undefined;

/**
 * pdf.js, imported in the worker only (the 1.6 MB bundle costs about half a second to load): the
 * worker starts loading it as it starts, before its first task.
 */
export function loadPdfJs(): Promise<PdfJs> {
  loaded ??= import('unpdf')
    .then(async ({getResolvedPDFJS}) => (await getResolvedPDFJS()) as unknown as PdfJs)
    .catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
  return loaded;
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
