import {createRequire} from 'node:module';
import {dirname, join, sep} from 'node:path';
import type {ImageType} from '../data.js';

/**
 * How a PDF's first page is drawn for `screenshot` (docs/files.md): the screenshot options it
 * reads, which a call's resolved screenshot options fit as they are.
 */
export interface PageImageOptions {
  /** The box the page is fitted in, in CSS pixels (`fullPage`: the width only). */
  width: number;
  height: number;
  deviceScaleFactor: number;
  /** The whole page at `width`, however tall, rather than fitted in `width` × `height`. */
  fullPage: boolean;
  type: ImageType;
  /** JPEG and WebP quality, 0 to 100. */
  quality: number;
}

/** A drawn page: encoded image bytes, stored and described as a screenshot is. */
export interface PageImage {
  bytes: Uint8Array;
  type: ImageType;
}

/** The most pixels a page is drawn with (4096 × 4096): a larger box is drawn smaller, not refused. */
export const maxPagePixels = 4096 * 4096;

/** The canvas factory pdf.js draws with in Node: its constructor is passed to `getDocument`. */
export type CanvasFactoryClass = new () => CanvasFactory;

interface CanvasFactory {
  create(width: number, height: number): {canvas: NodeCanvas; context: unknown};
  destroy(drawing: {canvas: NodeCanvas; context: unknown}): void;
}
interface NodeCanvas {
  encode(format: ImageType, quality?: number): Promise<Uint8Array>;
}

/** The part of a pdf.js page used here, typed locally as describe-pdf.ts types the rest. */
export interface DrawablePage {
  getViewport(parameters: {scale: number}): {width: number; height: number};
  render(parameters: {canvas: unknown; canvasContext: unknown; viewport: unknown}): RenderTask;
}
interface RenderTask {
  promise: Promise<void>;
  cancel(): void;
  /** Called each time pdf.js pauses between slices of about 15 ms of drawing; drawing goes on when `next` is called. */
  onContinue?: (next: () => void) => void;
}

/**
 * Loads @napi-rs/canvas through unpdf (which also sets `DOMMatrix`, and `ImageData` and `Path2D`
 * when missing, from it, as pdf.js needs). `null` when it cannot load on this platform: the PDF then
 * has no image, the rest of its card stands.
 */
export async function loadCanvasFactory(): Promise<CanvasFactoryClass | null> {
  try {
    const {createIsomorphicCanvasFactory} = await import('unpdf');
    supportTransferToFixedLength();
    return (await createIsomorphicCanvasFactory(() => import('@napi-rs/canvas'))) as unknown as CanvasFactoryClass;
  } catch {
    return null;
  }
}

/**
 * pdfjs-dist's `standard_fonts/` directory (with its trailing separator, as pdf.js appends file
 * names to it): the 14 standard fonts (Helvetica, Times, Courier…) that a PDF may name without
 * embedding them. Without it that text is drawn with whatever system font the canvas finds (a slim
 * container has none). `null` when pdfjs-dist cannot be found.
 */
export function standardFontDirectory(): string | null {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + sep;
  } catch {
    return null;
  }
}

/**
 * Draws `page` on a white canvas fitted in the options' box (times `deviceScaleFactor`, at most
 * {@link maxPagePixels}) and encodes it as `type`. Rejects when pdf.js cannot draw the page, and at
 * once when `signal` aborts (or has), cancelling the drawing.
 */
export async function drawPage(page: DrawablePage, Factory: CanvasFactoryClass, options: PageImageOptions, signal: AbortSignal): Promise<PageImage> {
  signal.throwIfAborted();
  const size = page.getViewport({scale: 1});
  const scale = pageScale(size, options);
  if (!(scale > 0 && Number.isFinite(scale))) throw new Error('The page has no size.');
  const viewport = page.getViewport({scale});
  const factory = new Factory();
  const drawing = factory.create(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
  const task = page.render({canvas: drawing.canvas, canvasContext: drawing.context, viewport});
  // pdf.js goes from one slice of drawing to the next by microtask, which would hold the event loop
  // (and the deadline's timer) for the whole page: each pause yields to it.
  task.onContinue = (next) => void setImmediate(next);
  let drawn = false;
  try {
    await untilAborted(task.promise, signal);
    drawn = true;
    const bytes = await untilAborted(drawing.canvas.encode(options.type, options.type === 'png' ? undefined : options.quality), signal);
    return {bytes, type: options.type};
  } finally {
    if (!drawn) task.cancel();
    factory.destroy(drawing);
  }
}

/**
 * `promise`, or a rejection with `signal`'s reason as soon as it aborts (at once when it has): a
 * document destroyed by the deadline may leave pdf.js's own promises pending for ever.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    // Its own rejection ("Loading aborted", once the document is destroyed) is not anyone's to handle.
    promise.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, {once: true});
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The scale that fits a page of `size` points in the options' box, within {@link maxPagePixels}. */
export function pageScale(size: {width: number; height: number}, options: PageImageOptions): number {
  const ratio = options.deviceScaleFactor;
  const fit = options.fullPage ? (options.width * ratio) / size.width : Math.min((options.width * ratio) / size.width, (options.height * ratio) / size.height);
  const most = Math.sqrt(maxPagePixels / (size.width * size.height));
  return Math.min(fit, most);
}

/**
 * pdf.js 5 sizes the fonts it draws with `ArrayBuffer.prototype.transferToFixedLength` (ES2024,
 * Node 21): on Node 20 no text is drawn without it. Where missing, a copying version is defined
 * (the original buffer is left as it was, which pdf.js never reads again).
 */
function supportTransferToFixedLength(): void {
  const prototype = ArrayBuffer.prototype as {transferToFixedLength?: unknown};
  if (typeof prototype.transferToFixedLength === 'function') return;
  Object.defineProperty(prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value: function transferToFixedLength(this: ArrayBuffer, length = this.byteLength) {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });
}
