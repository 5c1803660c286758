import {LinkpeekError} from '../errors.js';
import type {ResolvedPdfOptions} from '../browser/provider.js';
import {assertObject, boundedNumber, invalidOption, positiveInteger, rejectUnknownKeys} from '../option-checks.js';

/** Per-call `pdf` options (the object form), as the hosted service takes them. */
export interface PdfOptions {
  /** Paper format: `A0`-`A6`, `Letter`, `Legal`, `Tabloid`, `Ledger` (case-insensitive). @default 'A4' */
  format?: string;
  /** Paper width, a CSS length (`'8.5in'`, `'210mm'`, `'800px'`) or CSS pixels; with `height`, replaces `format`. */
  width?: string | number;
  /** Paper height, as `width`. */
  height?: string | number;
  /** Margins: one CSS length for all four sides, or `{top, right, bottom, left}`. @default '0.35cm' */
  margin?: string | number | {top?: string | number; right?: string | number; bottom?: string | number; left?: string | number};
  /** Scale of the page's rendering, 0.1-2. @default 1 */
  scale?: number;
  /** Landscape paper. @default false */
  landscape?: boolean;
  /** Pages to print, e.g. `'1-3, 5'`. Malformed, or beyond the last page: EPAGERANGE. @default all */
  pageRanges?: string;
}

/** The `pdf` option of a call (part of `ExtractOptions`). */
export interface PdfCallOptions {
  /** Add `data.pdf`: the page printed by the browser; an object sets PDF options. @default false */
  pdf?: boolean | PdfOptions;
}

/** The PDF options of the trusted config (part of `ExtractorConfig`). */
export interface PdfConfigInput {
  /** Most bytes a printed PDF may have; past it the print stops with EPDFTOOLARGE. @default 20971520 (20 MiB) */
  maxPdfSize?: number;
}

/** Defaults of {@link PdfConfigInput}. */
export const defaultPdfConfig = {maxPdfSize: 20 * 1024 * 1024} as const;

/** Defaults of every `pdf` option, applied by `pdf: true`. */
export const defaultPdfOptions: ResolvedPdfOptions = {
  format: 'A4',
  width: null,
  height: null,
  margin: {top: '0.35cm', right: '0.35cm', bottom: '0.35cm', left: '0.35cm'},
  scale: 1,
  landscape: false,
  pageRanges: '',
  printBackground: true,
};

const pdfKeys = ['format', 'width', 'height', 'margin', 'scale', 'landscape', 'pageRanges'];
const marginKeys = ['top', 'right', 'bottom', 'left'] as const;
// Puppeteer's paper formats, by lower-case name.
const formats = ['letter', 'legal', 'tabloid', 'ledger', 'a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
const length = /^\d+(\.\d+)?(px|in|cm|mm)?$/;
const ranges = /^\s*\d+\s*(-\s*\d*\s*)?(,\s*\d+\s*(-\s*\d*\s*)?)*$/;

/** Validates the config's `maxPdfSize`. @throws LinkpeekError EINVALOPTION */
export function normalizePdfConfig(config: PdfConfigInput): {maxPdfSize: number} {
  return {maxPdfSize: positiveInteger(config.maxPdfSize, 'maxPdfSize', defaultPdfConfig.maxPdfSize)};
}

/**
 * Validates a call's `pdf` and fills the defaults; `null` when no PDF is asked for.
 * @throws LinkpeekError EINVALOPTION; EPAGERANGE for a malformed `pageRanges`
 */
export function normalizePdf(pdf: PdfCallOptions['pdf']): ResolvedPdfOptions | null {
  if (pdf === undefined || pdf === false) return null;
  if (pdf === true) return {...defaultPdfOptions, margin: {...defaultPdfOptions.margin}};
  assertObject(pdf, 'pdf');
  rejectUnknownKeys(pdf, pdfKeys, 'pdf.');
  const {format, width, height, margin, scale, landscape, pageRanges} = pdf;
  if (format !== undefined && (typeof format !== 'string' || !formats.includes(format.toLowerCase()))) {
    throw invalidOption('pdf.format', `must be one of ${formats.map((name) => `'${name.length === 2 ? name.toUpperCase() : name[0]?.toUpperCase() + name.slice(1)}'`).join(', ')}`, format);
  }
  if (landscape !== undefined && typeof landscape !== 'boolean') throw invalidOption('pdf.landscape', 'must be true or false', landscape);
  const sized = width !== undefined || height !== undefined;
  if (sized && (width === undefined || height === undefined)) throw invalidOption(width === undefined ? 'pdf.width' : 'pdf.height', 'must be given with the other one');
  if (pageRanges !== undefined) checkPageRanges(pageRanges);
  return {
    format: sized ? null : format === undefined ? defaultPdfOptions.format : canonicalFormat(format),
    width: width === undefined ? null : cssLength(width, 'pdf.width'),
    height: height === undefined ? null : cssLength(height, 'pdf.height'),
    margin: margins(margin),
    scale: boundedNumber(scale, 'pdf.scale', 0.1, 2, defaultPdfOptions.scale),
    landscape: landscape ?? defaultPdfOptions.landscape,
    pageRanges: pageRanges === undefined ? '' : pageRanges.replace(/\s+/g, ''),
    printBackground: defaultPdfOptions.printBackground,
  };
}

function canonicalFormat(format: string): string {
  const lower = format.toLowerCase();
  return lower.length === 2 ? lower.toUpperCase() : `${lower[0]?.toUpperCase()}${lower.slice(1)}`;
}

function cssLength(value: unknown, name: string): string {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return `${value}px`;
  if (typeof value === 'string' && length.test(value.trim())) return /\d$/.test(value.trim()) ? `${value.trim()}px` : value.trim();
  throw invalidOption(name, 'must be a CSS length in px, in, cm or mm (e.g. `1cm`)', value);
}

function margins(margin: PdfOptions['margin']): ResolvedPdfOptions['margin'] {
  if (margin === undefined) return {...defaultPdfOptions.margin};
  if (typeof margin === 'string' || typeof margin === 'number') {
    const side = cssLength(margin, 'pdf.margin');
    return {top: side, right: side, bottom: side, left: side};
  }
  assertObject(margin, 'pdf.margin');
  rejectUnknownKeys(margin, marginKeys, 'pdf.margin.');
  const sides = margin as Record<(typeof marginKeys)[number], string | number | undefined>;
  const side = (key: (typeof marginKeys)[number]) => (sides[key] === undefined ? '0px' : cssLength(sides[key], `pdf.margin.${key}`));
  return {top: side('top'), right: side('right'), bottom: side('bottom'), left: side('left')};
}

/** A page range list as Chromium's printer takes it: `1-3, 5, 8-`, pages from 1, each range ascending. */
function checkPageRanges(value: unknown): void {
  const refuse = (reason: string) =>
    new LinkpeekError('EPAGERANGE', `Option \`pdf.pageRanges\` ${reason}. Received ${JSON.stringify(String(value).slice(0, 60))}.`, {
      data: {'pdf.pageRanges': reason},
    });
  if (typeof value !== 'string' || !ranges.test(value)) throw refuse('must be page numbers and ranges such as `1-3, 5`');
  for (const part of value.replace(/\s+/g, '').split(',')) {
    const [from, to] = part.split('-').map((bound) => (bound === '' ? undefined : Number(bound)));
    if (from === 0 || to === 0) throw refuse('counts pages from 1');
    if (from !== undefined && to !== undefined && to < from) throw refuse(`has a range that ends before it starts (\`${part}\`)`);
  }
}
