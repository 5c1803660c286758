import {bylineTagSet, bylineTags} from './collect-bylines.js';
import {attributeTags} from './tag-handlers.js';

/*
 * Which attributes the collector of parse-html.ts reads, by tag: scan-html.ts slices, decodes and
 * emits those only, and steps over the others. Reading one more is harmless; reading one less would
 * change the snapshot, which tests/parse/fast-parse.test.ts (against htmlparser2, which emits every
 * attribute) would catch.
 */

/** The attributes the collector reads on every element: microdata (`content`: an offer's value, `<span itemprop="price" content="29.99">`). */
const microdataAttributes = ['itemprop', 'itemscope', 'itemtype', 'content'];

/**
 * The attributes the collector reads, by tag (tag-handlers.ts, collect-microdata.ts,
 * collect-bylines.ts, logo-alt.ts): the others are skipped. Tags not listed are read for microdata
 * only. `image` is read as `img` outside SVG.
 */
const readAttributes = new Map<string, readonly string[]>([
  ['html', ['lang', 'xml:lang']],
  ['base', ['href']],
  ['meta', ['content', 'name', 'property', 'http-equiv']],
  // `content`: the microdata value of a `<link itemprop>` without href (YouTube's channel name).
  ['link', ['href', 'rel', 'sizes', 'type', 'hreflang', 'content']],
  // `id`: a site's state script (site-marks.ts); `h1`'s: Amazon's `#title`.
  ['script', ['type', 'id']],
  ['h1', ['id']],
  ['a', ['rel', 'href', 'type']],
  ['area', ['href']],
  ['time', ['datetime']],
  ['img', ['src', 'srcset', 'data-src', 'data-lazy-src', 'width', 'height', 'alt', 'class', 'id', 'data-old-hires', 'data-a-hires', 'data-a-dynamic-image']],
  ['image', ['src', 'srcset', 'data-src', 'data-lazy-src', 'width', 'height', 'alt', 'class', 'id', 'data-old-hires', 'data-a-hires', 'data-a-dynamic-image']],
  ['video', ['src', 'poster']],
  ['audio', ['src', 'poster']],
  ['source', ['src', 'srcset', 'type']],
  ['embed', ['src']],
  ['iframe', ['src']],
  ['track', ['src']],
  ['object', ['data']],
  ['data', ['value']],
  ['meter', ['value']],
]);

// collect-bylines.ts reads `class` and `id` on the tags bylines and dates are written in, and a `title`
// that starts with a digit (`<abbr class="published" title="2019-06-13T10:20:00+02:00">`): the scanner
// passes on only such a title (or one starting with an entity), see {@link mayBeDateTitle}.
for (const tag of bylineTags) readAttributes.set(tag, [...(readAttributes.get(tag) ?? []), 'class', 'id', 'title']);

/** Whether an attribute value whose first character is `code` may be a date's `title`: a digit, or an `&` (an entity may decode to one). */
export const mayBeDateTitle = (code: number): boolean => (code >= 48 && code <= 57) || code === 38;

/** Which attribute names of one tag are read: the names, and a bit per lowercase first letter for a quick no. */
export interface ReadSet {
  names: ReadonlySet<string>;
  firstLetters: number;
  /**
   * Whether its `class` and `id` are read only as byline hints (collect-bylines.ts reads nothing else
   * there, and only the first of each): the scanner passes on only a first value that may be one
   * (`mayHint`), which leaves the collector's result unchanged.
   */
  hinted: boolean;
  /**
   * The names by first letter and length, at `(letter - 97) << 5 | min(length, 31)`: where the
   * scanner looks a name up, by two numbers it has at hand.
   */
  slots: (readonly string[] | undefined)[];
}

function readSet(names: readonly string[], hinted = false): ReadSet {
  let firstLetters = 0;
  const slots: string[][] = [];
  for (const name of new Set(names)) {
    firstLetters |= 1 << (name.charCodeAt(0) - 97);
    (slots[((name.charCodeAt(0) - 97) << 5) | Math.min(name.length, 31)] ??= []).push(name);
  }
  // A dense array of 26 × 32 slots: the scanner indexes it directly.
  return {names: new Set(names), firstLetters, hinted, slots: Array.from({length: 26 * 32}, (_, index) => slots[index])};
}

const microdataOnly = readSet(microdataAttributes);
const readSets = new Map<string, ReadSet>();
for (const [tag, names] of readAttributes) readSets.set(tag, readSet([...names, ...microdataAttributes], bylineTagSet.has(tag)));

/**
 * The attributes read on a tag, by its name as written (any case), or `null` for all of them: a tag
 * whose attributes tag-handlers.ts reads but the table above does not list, or a name that is not
 * plain ASCII (its lowercase form may not be the one the tree sees).
 */
export function attributesRead(rawName: string): ReadSet | null {
  const name = rawName.toLowerCase();
  const set = readSets.get(name);
  if (set !== undefined) return set;
  return /^[a-z][a-z0-9-]*$/.test(name) && !attributeTags.has(name) ? microdataOnly : null;
}
