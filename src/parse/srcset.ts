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
 * Parses a `srcset` value the way the HTML standard does ("parse a srcset attribute"): URLs may contain
 * commas (`/c_fill,w_640/a.jpg 640w`), a candidate ends at a comma that follows its descriptors.
 * Candidates with an invalid descriptor are dropped.
 * @example parseSrcset('a.jpg 1x, b.jpg 2x') // [{url: 'a.jpg', density: 1}, {url: 'b.jpg', density: 2}]
 */
export function parseSrcset(value: string): SrcsetCandidate[] {
  const candidates: SrcsetCandidate[] = [];
  let position = 0;
  const length = value.length;
  while (position < length) {
    while (position < length && (isSpace(value.charCodeAt(position)) || value.charCodeAt(position) === comma)) position++;
    if (position >= length) break;
    const start = position;
    while (position < length && !isSpace(value.charCodeAt(position))) position++;
    let url = value.slice(start, position);
    const descriptors: string[] = [];
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      // Descriptors run to the next comma outside parentheses; whitespace outside them separates them.
      let tokenStart = -1;
      let inParens = false;
      let end = length;
      for (; position < length; position++) {
        const c = value.charCodeAt(position);
        if (inParens) {
          if (c === closeParen) inParens = false;
        } else if (c === comma) {
          end = position;
          position++;
          break;
        } else if (isSpace(c)) {
          if (tokenStart !== -1) descriptors.push(value.slice(tokenStart, position));
          tokenStart = -1;
        } else {
          if (tokenStart === -1) tokenStart = position;
          if (c === openParen) inParens = true;
        }
      }
      if (tokenStart !== -1) descriptors.push(value.slice(tokenStart, Math.min(end, position)));
    }
    if (url === '') continue;
    const candidate: SrcsetCandidate = {url};
    let valid = true;
    for (const descriptor of descriptors) {
      const unit = descriptor.charCodeAt(descriptor.length - 1) | 0x20;
      const number = Number(descriptor.slice(0, -1));
      if (unit === 119 && Number.isInteger(number) && number > 0 && candidate.width === undefined) candidate.width = number;
      else if (unit === 120 && Number.isFinite(number) && number > 0 && candidate.density === undefined) candidate.density = number;
      else if (unit === 104) continue; // `h`: a future-compat height descriptor, ignored by browsers too
      else valid = false;
    }
    if (!valid) continue;
    if (candidate.width === undefined && candidate.density === undefined) candidate.density = 1;
    candidates.push(candidate);
  }
  return candidates;
}

/**
 * The URLs of one or more `srcset`s (e.g. a `<picture>`'s sources and its `<img>`), pooled and
 * largest first: width descriptors by width, then density descriptors by density (a page normally
 * uses one kind only). Ties keep the order given.
 * @example srcsetUrls('s.jpg 320w, l.jpg 1280w, m.jpg 640w') // ['l.jpg', 'm.jpg', 's.jpg']
 */
export function srcsetUrls(...values: string[]): string[] {
  // Each srcset is parsed alone: joining them would let a malformed one swallow the next.
  const candidates = values.length === 1 ? parseSrcset(values[0]!) : values.flatMap((value) => parseSrcset(value));
  // Array.prototype.sort is stable, so ties keep the order given.
  return candidates.sort(largestFirst).map((candidate) => candidate.url);
}

/** Width descriptors before density descriptors, each kind largest first. */
function largestFirst(a: SrcsetCandidate, b: SrcsetCandidate): number {
  const kind = Number(b.width !== undefined) - Number(a.width !== undefined);
  return kind !== 0 ? kind : (b.width ?? b.density ?? 1) - (a.width ?? a.density ?? 1);
}
