/** One image candidate of a `srcset` attribute. */
export interface SrcsetCandidate {
  url: string;
  /** Width descriptor (`640w`). */
  width?: number;
  /** Pixel density descriptor (`2x`); `1` when the candidate has no descriptor. */
  density?: number;
}

const isSpace = (char: string): boolean => char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\f';

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
    while (position < length && (isSpace(value[position]!) || value[position] === ',')) position++;
    if (position >= length) break;
    const start = position;
    while (position < length && !isSpace(value[position]!)) position++;
    let url = value.slice(start, position);
    const descriptors: string[] = [];
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      // Descriptors run to the next comma outside parentheses.
      let descriptor = '';
      let inParens = false;
      for (; position < length; position++) {
        const char = value[position]!;
        if (inParens) {
          if (char === ')') inParens = false;
          descriptor += char;
        } else if (char === ',') {
          position++;
          break;
        } else if (isSpace(char)) {
          if (descriptor !== '') descriptors.push(descriptor);
          descriptor = '';
        } else {
          if (char === '(') inParens = true;
          descriptor += char;
        }
      }
      if (descriptor !== '') descriptors.push(descriptor);
    }
    if (url === '') continue;
    const candidate: SrcsetCandidate = {url};
    let valid = true;
    for (const descriptor of descriptors) {
      const unit = descriptor.slice(-1).toLowerCase();
      const number = Number(descriptor.slice(0, -1));
      if (unit === 'w' && Number.isInteger(number) && number > 0 && candidate.width === undefined) candidate.width = number;
      else if (unit === 'x' && Number.isFinite(number) && number > 0 && candidate.density === undefined) candidate.density = number;
      else if (unit === 'h') continue; // a future-compat height descriptor, ignored by browsers too
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
  const score = (candidate: SrcsetCandidate): [number, number] =>
    candidate.width !== undefined ? [1, candidate.width] : [0, candidate.density ?? 1];
  // Each srcset is parsed alone: joining them would let a malformed one swallow the next.
  return values.flatMap((value) => parseSrcset(value))
    .map((candidate, index) => ({candidate, index, score: score(candidate)}))
    .sort((a, b) => b.score[0] - a.score[0] || b.score[1] - a.score[1] || a.index - b.index)
    .map(({candidate}) => candidate.url);
}
