// Srcsets are page slices of several string kinds: their characters are read through chars.ts.
import {charCodeAt, endsWith, slice} from './chars.js';

/** One image candidate of a `srcset` attribute. */
export interface SrcsetCandidate {
  url: string;
  /** Width descriptor (`640w`). */
  width?: number;
  /** Pixel density descriptor (`2x`); `1` when the candidate has no descriptor. */
  density?: number;
}

const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 12;
const comma = 44;
const openParen = 40;
const closeParen = 41;

/**
 * The candidates of a srcset as {@link scanSrcset} leaves them, in parallel arrays reused from call
 * to call (no object per candidate): their URLs, widths and densities. Scratch space: each call
 * overwrites what it reads, nothing of one call reaches the next.
 */
const scannedUrls: string[] = [];
const scannedWidths: (number | undefined)[] = [];
const scannedDensities: (number | undefined)[] = [];
/** Whether a candidate with both descriptors gave its density first (parseSrcset keeps their order). */
const scannedDensityFirst: boolean[] = [];

/**
 * Parses a `srcset` value the way the HTML standard does ("parse a srcset attribute"): URLs may contain
 * commas (`/c_fill,w_640/a.jpg 640w`), a candidate ends at a comma that follows its descriptors.
 * Candidates with an invalid descriptor are dropped.
 * @example parseSrcset('a.jpg 1x, b.jpg 2x') // [{url: 'a.jpg', density: 1}, {url: 'b.jpg', density: 2}]
 */
export function parseSrcset(value: string): SrcsetCandidate[] {
  const count = scanSrcset(value, 0);
  const candidates: SrcsetCandidate[] = [];
  for (let index = 0; index < count; index++) {
    const candidate: SrcsetCandidate = {url: scannedUrls[index]!};
    const width = scannedWidths[index];
    const density = scannedDensities[index];
    if (scannedDensityFirst[index] === true) candidate.density = density;
    if (width !== undefined) candidate.width = width;
    if (density !== undefined) candidate.density = density;
    candidates.push(candidate);
  }
  forgetUrls(count);
  return candidates;
}

/** The descriptors of the candidate {@link scanSrcset} reads: its first width, its first density, whether all are valid, and which came first. */
const descriptors = {width: undefined as number | undefined, density: undefined as number | undefined, valid: true, densityFirst: false};

/** Reads the descriptor of `value` from `start` to `end` into {@link descriptors}, in order: the first width, the first density, or an invalid one decides. */
function readDescriptor(value: string, start: number, end: number): void {
  const unit = charCodeAt(value, end - 1) | 0x20;
  const number = Number(slice(value, start, end - 1));
  if (unit === 119 && Number.isInteger(number) && number > 0 && descriptors.width === undefined) descriptors.width = number;
  else if (unit === 120 && Number.isFinite(number) && number > 0 && descriptors.density === undefined) {
    descriptors.density = number;
    descriptors.densityFirst = descriptors.width === undefined;
  }
  else if (unit !== 104) descriptors.valid = false; // `h`: a future-compat height descriptor, ignored by browsers too
}

/**
 * Parses `value` into the scanned buffers from index `from` on (see {@link parseSrcset}); returns
 * the count of candidates in them.
 */
function scanSrcset(value: string, from: number): number {
  let count = from;
  let position = 0;
  const length = value.length;
  while (position < length) {
    while (position < length && (isSpace(charCodeAt(value, position)) || charCodeAt(value, position) === comma)) position++;
    if (position >= length) break;
    const start = position;
    while (position < length && !isSpace(charCodeAt(value, position))) position++;
    let url = slice(value, start, position);
    descriptors.width = undefined;
    descriptors.density = undefined;
    descriptors.valid = true;
    descriptors.densityFirst = false;
    if (endsWith(url, ',')) {
      url = url.replace(/,+$/, '');
    } else {
      // Descriptors run to the next comma outside parentheses; whitespace outside them separates them.
      let tokenStart = -1;
      let inParens = false;
      let end = length;
      for (; position < length; position++) {
        const c = charCodeAt(value, position);
        if (inParens) {
          if (c === closeParen) inParens = false;
        } else if (c === comma) {
          end = position;
          position++;
          break;
        } else if (isSpace(c)) {
          if (tokenStart !== -1) readDescriptor(value, tokenStart, position);
          tokenStart = -1;
        } else {
          if (tokenStart === -1) tokenStart = position;
          if (c === openParen) inParens = true;
        }
      }
      if (tokenStart !== -1) readDescriptor(value, tokenStart, Math.min(end, position));
    }
    if (url === '' || !descriptors.valid) continue;
    const {width} = descriptors;
    scannedUrls[count] = url;
    scannedWidths[count] = width;
    scannedDensities[count] = width === undefined && descriptors.density === undefined ? 1 : descriptors.density;
    scannedDensityFirst[count] = descriptors.densityFirst;
    count++;
  }
  return count;
}

/**
 * The URLs of one or more `srcset`s (e.g. a `<picture>`'s sources and its `<img>`), pooled and
 * largest first: width descriptors by width, then density descriptors by density (a page normally
 * uses one kind only). Ties keep the order given.
 * @example srcsetUrls('s.jpg 320w, l.jpg 1280w, m.jpg 640w') // ['l.jpg', 'm.jpg', 's.jpg']
 */
export function srcsetUrls(...values: string[]): string[] {
  const urls: string[] = [];
  addSrcsetUrls(values, urls);
  return urls;
}

/** {@link srcsetUrls} of a list of srcsets, appended to `out`. */
export function addSrcsetUrls(values: readonly string[], out: string[]): void {
  // Each srcset is parsed alone: joining them would let a malformed one swallow the next.
  let count = 0;
  for (const value of values) count = scanSrcset(value, count);
  if (count === 1) out.push(scannedUrls[0]!);
  else if (count > 1) {
    const order = largestFirstOrder(count);
    for (let index = 0; index < count; index++) out.push(scannedUrls[order[index]!]!);
  }
  forgetUrls(count);
}

/** Drops the first `count` scanned URLs (slices of a page: the buffer must not keep the page alive). */
function forgetUrls(count: number): void {
  for (let index = 0; index < count; index++) scannedUrls[index] = '';
}

/**
 * The indices of the scanned candidates, width descriptors before density descriptors, each kind
 * largest first, ties in the order given (an insertion sort: a srcset has a handful of candidates).
 */
function largestFirstOrder(count: number): number[] {
  const order: number[] = new Array<number>(count);
  for (let index = 0; index < count; index++) {
    let at = index;
    while (at > 0 && comesBefore(index, order[at - 1]!)) {
      order[at] = order[at - 1]!;
      at--;
    }
    order[at] = index;
  }
  return order;
}

/** Whether scanned candidate `a` sorts strictly before `b` (see {@link largestFirstOrder}). */
function comesBefore(a: number, b: number): boolean {
  const widthA = scannedWidths[a];
  const widthB = scannedWidths[b];
  if ((widthA !== undefined) !== (widthB !== undefined)) return widthA !== undefined;
  return (widthA ?? scannedDensities[a] ?? 1) > (widthB ?? scannedDensities[b] ?? 1);
}
