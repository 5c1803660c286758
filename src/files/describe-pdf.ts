import type {IncomingHttpHeaders} from 'node:http';
import type {FileResponse} from '../fetch/file-response.js';
import {truncate} from '../ping/ping.js';
import {sizeFromHeaders} from '../ping/media.js';
import type {FileReason, ScreenshotReason} from '../shared/file-info.js';
import {missingDependency} from '../errors.js';
import {assertInstalled} from '../shared/load-optional.js';
import {WorkerStoppedError} from '../shared/worker-pool.js';
import type {PageImage, PageImageOptions} from './draw-pdf-page.js';
import {pdfPool} from './pdf-pool.js';
import type {PdfAnswer, PdfFields, PdfTask, RangeAnswer, RangeRequest} from './read-pdf.js';

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
  /** Why `image` is `null` when it was asked for (`null` otherwise). */
  imageReason: ScreenshotReason | null;
  /** Why nothing above could be read (every field is then `null`). */
  reason: FileReason | null;
}

/**
 * Reads a PDF's metadata with pdf.js (through unpdf, loaded on first use). The file is read whole
 * when it fits `maxBodySize`. A larger one is read by range requests when the server accepts them
 * (`Accept-Ranges: bytes` and a `Content-Length`): pdf.js reads the trailer at the end, then only
 * the objects it needs, at most `maxBodySize` bytes in all. Otherwise, and when the bytes do not
 * parse, every field is `null` with the reason. pdf.js runs in a worker thread (pdf-pool.ts), never
 * on the main thread: when `signal` aborts the worker is ended, and this rejects with its reason.
 * With `pageImage`, the first page is also drawn (draw-pdf-page.ts) from the same document: a page
 * that cannot be drawn, is past the limits, or the deadline ending while it is, leaves `image` null
 * with `imageReason` and the rest as read.
 * @throws LinkpeekError EMISSINGDEP when `unpdf` (or, with `pageImage`, `@napi-rs/canvas` or `pdfjs-dist`) is not installed
 */
export async function describePdf(file: FileResponse, signal: AbortSignal, pageImage: PageImageOptions | null = null): Promise<PdfDescription> {
  // Checked here: in the worker a missing package would only read as an `unreadable` PDF.
  assertInstalled('unpdf', (name, cause) => missingDependency(name, 'Reading a PDF', cause));
  if (pageImage) {
    const missing = (name: string, cause: unknown) => missingDependency(name, 'Drawing a PDF\'s first page (`screenshot`)', cause);
    assertInstalled('@napi-rs/canvas', missing);
    assertInstalled('pdfjs-dist', missing);
  }
  const size = sizeFromHeaders(200, file.headers);
  let source: Source;
  if (file.complete) source = {data: file.head};
  else if (size !== null && size > file.maxBodySize && acceptsRanges(file.headers)) {
    // The first response is not needed past its head: the rest comes by range.
    file.close();
    source = {length: size, initial: file.head};
  } else {
    const {bytes, truncated} = await file.read();
    if (truncated) return nothing('too-large', pageImage);
    source = {data: bytes};
  }
  if ('data' in source && source.data.length === 0) return nothing('empty', pageImage);
  return await readInWorker(source, file, signal, pageImage);
}

type Source = {data: Uint8Array} | {length: number; initial: Uint8Array};

function nothing(reason: FileReason, pageImage: PageImageOptions | null): PdfDescription {
  return {title: null, author: null, description: null, lang: null, datePublished: null, dateModified: null, pages: null, image: null, imageReason: pageImage ? reason : null, reason};
}

function described(fields: PdfFields, image: PageImage | null, imageReason: ScreenshotReason | null): PdfDescription {
  const {pageText, ...rest} = fields;
  return {...rest, description: fields.description ?? (pageText === null ? null : truncate(pageText, descriptionLength)), image, imageReason, reason: null};
}

// Characters of the first page's text kept as a description.
const descriptionLength = 300;

async function readInWorker(source: Source, file: FileResponse, signal: AbortSignal, pageImage: PageImageOptions | null): Promise<PdfDescription> {
  // The worker gets its own copy of the bytes (moved, not copied again): pdf.js may take it over.
  const task: PdfTask = {source: 'data' in source ? {data: new Uint8Array(source.data)} : {length: source.length, initial: new Uint8Array(source.initial)}, pageImage};
  const moved = 'data' in task.source ? task.source.data.buffer : task.source.initial.buffer;
  let budget = file.maxBodySize - ('initial' in source ? source.initial.length : 0);
  // The metadata, sent before the page is drawn: a drawing stopped still leaves the card.
  let fields: PdfFields | null = null;
  const readRange = async (payload: unknown): Promise<RangeAnswer> => {
    const {begin, end} = payload as RangeRequest;
    budget -= end - begin;
    if (budget < 0) return {reason: 'too-large'};
    try {
      const bytes = await file.readRange(begin, end - 1);
      return bytes === null || bytes.length !== end - begin ? {reason: 'too-large'} : {bytes};
    } catch {
      return {reason: signal.aborted ? 'timeout' : 'truncated'};
    }
  };
  try {
    const answer = await pdfPool().run<PdfAnswer>(task, signal, {onRequest: readRange, onProgress: (payload) => (fields = payload as PdfFields)}, [moved as ArrayBuffer]);
    if ('failure' in answer) return nothing(answer.failure, pageImage);
    return described(answer.fields, answer.image, answer.imageReason);
  } catch (error) {
    // Stopped after the metadata (reading the first page or drawing it): the deadline ended, or the
    // page took the worker past its memory limit.
    if (fields !== null) return described(fields, null, pageImage ? (signal.aborted ? 'timeout' : 'too-large') : null);
    if (signal.aborted) throw signal.reason;
    return nothing(error instanceof WorkerStoppedError ? 'too-large' : 'unreadable', pageImage);
  }
}

function acceptsRanges(headers: IncomingHttpHeaders): boolean {
  const encoding = (headers['content-encoding'] ?? 'identity').toLowerCase();
  return /\bbytes\b/i.test(String(headers['accept-ranges'] ?? '')) && encoding === 'identity';
}

