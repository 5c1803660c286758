import {Tokenizer} from 'htmlparser2';
import {bylineTags} from './collect-bylines.js';
import {attributeTags} from './tag-handlers.js';

/*
 * A drop-in htmlparser2 Tokenizer that gives the Parser the same events, only faster: where the stock
 * tokenizer walks the text one character at a time looking for one of a few characters, this one
 * jumps there with `indexOf`. Every jump lands exactly where the character-by-character walk would
 * have stopped, and the stock state functions then run from there, so the tokenizing (where a
 * `<script>` ends, what a comment swallows, how an attribute is split) is htmlparser2's own. Three
 * things differ, none visible to the collector of parse-html.ts:
 * - text may arrive in fewer, longer pieces (the collector concatenates them);
 * - text the collector would ignore (see {@link FastTokenizer.wantsText}) is not emitted at all;
 * - the attributes the collector does not read on a tag are skipped without events (it reads
 *   `itemprop`/`itemscope`/`itemtype` on every tag, and a few more on the tags of tag-handlers.ts
 *   and collect-bylines.ts).
 * If the installed htmlparser2 ever disagrees on parse-html.ts's load-time sample, the stock tokenizer
 * is used instead.
 * tests/parse/fast-parse.test.ts runs both tokenizers over every fixture and generated HTML.
 */

/** The private members of htmlparser2's Tokenizer this class uses (htmlparser2 12). */
interface TokenizerInternals {
  buffer: string;
  offset: number;
  index: number;
  sectionStart: number;
  state: number;
  sequenceIndex: number;
  currentSequence: Uint8Array;
  stateText(c: number): void;
  stateInTagName(c: number): void;
  stateInClosingTagName(c: number): void;
  stateInAttributeName(c: number): void;
  stateBeforeAttributeName(c: number): void;
  stateInAttributeValueDoubleQuotes(c: number): void;
  stateInAttributeValueSingleQuotes(c: number): void;
  fastForwardTo(c: number): boolean;
}

type TokenizerClass = new (options: {decodeEntities?: boolean}, cbs: unknown) => TokenizerInternals;

const Base = Tokenizer as unknown as TokenizerClass;
const base = Base.prototype;

const lt = 60; // <
const amp = 38; // &
const gt = 62; // >
const slash = 47; // /
const eq = 61; // =
const doubleQuote = 34;
const singleQuote = 39;

const isWhitespace = (c: number): boolean => c === 32 || c === 10 || c === 9 || c === 12 || c === 13;

/** The attributes the collector reads on every element: microdata. */
const microdataAttributes = ['itemprop', 'itemscope', 'itemtype'];

/**
 * The attributes the collector reads, by tag (tag-handlers.ts and collect-microdata.ts): the others
 * are skipped. Tags not listed are read for microdata only. `image` is read as `img` outside SVG.
 */
const readAttributes = new Map<string, readonly string[]>([
  ['html', ['lang', 'xml:lang']],
  ['base', ['href']],
  ['meta', ['content', 'name', 'property', 'http-equiv']],
  ['link', ['href', 'rel', 'sizes', 'type', 'hreflang']],
  ['script', ['type']],
  ['a', ['rel', 'href', 'type']],
  ['area', ['href']],
  ['time', ['datetime']],
  ['img', ['src', 'srcset', 'data-src', 'data-lazy-src', 'width', 'height', 'alt', 'class', 'id']],
  ['image', ['src', 'srcset', 'data-src', 'data-lazy-src', 'width', 'height', 'alt', 'class', 'id']],
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

// collect-bylines.ts reads `class` and `id` on the tags bylines and dates are written in.
for (const tag of bylineTags) readAttributes.set(tag, [...(readAttributes.get(tag) ?? []), 'class', 'id']);

/** Which attribute names of one tag are read: the names, and a bit per lowercase first letter for a quick no. */
export interface ReadSet {
  names: ReadonlySet<string>;
  firstLetters: number;
}

function readSet(names: readonly string[]): ReadSet {
  let firstLetters = 0;
  for (const name of names) firstLetters |= 1 << (name.charCodeAt(0) - 97);
  return {names: new Set(names), firstLetters};
}

const microdataOnly = readSet(microdataAttributes);
/** Tag names (raw, as written) → the attributes read, `null` for "all" (names that are not plain ASCII); filled as met. */
const readSets = new Map<string, ReadSet | null>();
for (const attribute of [...readAttributes.keys()]) readSets.set(attribute, readSet([...readAttributes.get(attribute)!, ...microdataAttributes]));

function attributesRead(raw: string): ReadSet | null {
  let set = readSets.get(raw);
  if (set === undefined) {
    const name = raw.toLowerCase();
    set = readSets.get(name);
    // A tag whose attributes tag-handlers.ts reads but the table above does not list is read in full.
    if (set === undefined) set = /^[a-z][a-z0-9-]*$/.test(name) && !attributeTags.has(name) ? microdataOnly : null;
    if (readSets.size < 1000) readSets.set(raw, set);
  }
  return set;
}

/**
 * The same, keyed by a number packed from the raw name's characters (7 bits each, names of at most 7
 * ASCII characters: the first is a letter, so lengths do not collide), so that most tags need no slice.
 */
const readSetsByCode = new Map<number, ReadSet | null>();

export function attributesReadAt(buffer: string, start: number, end: number): ReadSet | null {
  if (end - start > 7) return attributesRead(buffer.slice(start, end));
  let key = 0;
  for (let index = start; index < end; index++) {
    const c = buffer.charCodeAt(index);
    if (c > 127) return attributesRead(buffer.slice(start, end));
    key = key * 128 + c;
  }
  let set = readSetsByCode.get(key);
  if (set === undefined) {
    set = attributesRead(buffer.slice(start, end));
    if (readSetsByCode.size < 1000) readSetsByCode.set(key, set);
  }
  return set;
}

export class FastTokenizer extends Base {
  /** The attributes of the tag being read that are not skipped (see {@link skipAttributes}); `null`: none skipped. */
  private reading: ReadSet | null = null;
  /** Cached position of the next `&` in the buffer (relative to it), `-1` when none, per buffer. */
  private ampBuffer: string | null = null;
  private ampAt = -1;

  /** The next `&` at or after `from` in the current buffer (amortised: each `&` is searched once). */
  private nextAmp(from: number): number {
    if (this.ampBuffer !== this.buffer || (this.ampAt !== -1 && this.ampAt < from)) {
      this.ampBuffer = this.buffer;
      this.ampAt = this.buffer.indexOf('&', from);
    }
    return this.ampAt;
  }

  /** Same as the stock one (the next `c` after the current index, else the end of the buffer), with indexOf. */
  override fastForwardTo(c: number): boolean {
    const found = this.buffer.indexOf(String.fromCharCode(c), this.index + 1 - this.offset);
    if (found >= 0) {
      this.index = found + this.offset;
      return true;
    }
    this.index = this.buffer.length + this.offset - 1;
    return false;
  }

  /**
   * Whether the collector would do anything with text at this point (set by parse-html.ts). When it
   * would not, text is neither emitted nor entity-decoded: an entity never contains a `<`, so the text
   * still ends where the stock tokenizer ends it.
   */
  wantsText: () => boolean = () => true;

  /** Text: only `<` and `&` do anything, so jump to the first of them (to `<` when the text is not wanted). */
  override stateText(c: number): void {
    if (c !== lt) {
      const wanted = this.wantsText();
      if (c !== amp || !wanted) {
        const from = this.index + 1 - this.offset;
        let next = this.buffer.indexOf('<', from);
        if (wanted) {
          const ampersand = this.nextAmp(from);
          if (ampersand !== -1 && (next === -1 || ampersand < next)) next = ampersand;
        }
        if (next === -1) {
          // cleanup() emits the text so far; the collector ignores it when it is not wanted.
          this.index = this.buffer.length + this.offset - 1;
          return;
        }
        this.index = next + this.offset;
        c = this.buffer.charCodeAt(next);
      }
    }
    // Dropping unwanted text: the stock state emits only what lies between sectionStart and the `<`.
    if (c === lt && this.sectionStart < this.index && !this.wantsText()) this.sectionStart = this.index;
    base.stateText.call(this, c);
  }

  /** Quoted attribute values: only the quote and `&` do anything. */
  override stateInAttributeValueDoubleQuotes(c: number): void {
    if (c !== doubleQuote && c !== amp) c = this.jumpInValue('"');
    base.stateInAttributeValueDoubleQuotes.call(this, c);
  }

  override stateInAttributeValueSingleQuotes(c: number): void {
    if (c !== singleQuote && c !== amp) c = this.jumpInValue("'");
    base.stateInAttributeValueSingleQuotes.call(this, c);
  }

  /** Moves to the next `quote` or `&` (or the last character of the buffer) and returns that character. */
  private jumpInValue(quote: string): number {
    const from = this.index + 1 - this.offset;
    let next = this.buffer.indexOf(quote, from);
    const ampersand = this.nextAmp(from);
    if (ampersand !== -1 && (next === -1 || ampersand < next)) next = ampersand;
    if (next === -1) {
      // Nothing to do in this buffer: stop on its last character, which is neither (cleanup() keeps the data).
      next = this.buffer.length - 1;
    }
    this.index = next + this.offset;
    return this.buffer.charCodeAt(next);
  }

  /**
   * Moves to the first character at or after the current one that is whitespace, `/`, `>` (or `=`
   * when `equals`), else to the buffer's last character; returns it. Tag and attribute names end there.
   */
  private jumpToNameEnd(c: number, equals: boolean): number {
    if (isWhitespace(c) || c === slash || c === gt || (equals && c === eq)) return c;
    const buffer = this.buffer;
    const length = buffer.length;
    let j = this.index - this.offset + 1;
    for (; j < length; j++) {
      c = buffer.charCodeAt(j);
      if (c === gt || c === slash || isWhitespace(c) || (equals && c === eq)) break;
    }
    if (j === length) {
      // The name goes on in the next chunk: stop on the last character, which does nothing here.
      j = length - 1;
      c = buffer.charCodeAt(j);
    }
    this.index = j + this.offset;
    return c;
  }

  override stateInClosingTagName(c: number): void {
    base.stateInClosingTagName.call(this, this.jumpToNameEnd(c, false));
  }

  override stateInAttributeName(c: number): void {
    base.stateInAttributeName.call(this, this.jumpToNameEnd(c, true));
  }

  override stateInTagName(c: number): void {
    c = this.jumpToNameEnd(c, false);
    if (isWhitespace(c) || c === slash || c === gt) {
      const start = this.sectionStart - this.offset;
      // A name split across two chunks is read in full (rare).
      this.reading = start >= 0 ? attributesReadAt(this.buffer, start, this.index - this.offset) : null;
    }
    base.stateInTagName.call(this, c);
  }

  override stateBeforeAttributeName(c: number): void {
    // Set for the whole tag: after each attribute read, the stock states come back here.
    if (this.reading !== null) {
      if (c !== gt && c !== slash) this.skipAttributes(this.reading);
      c = this.buffer.charCodeAt(this.index - this.offset);
    }
    base.stateBeforeAttributeName.call(this, c);
  }

  /**
   * Walks the attributes of the current tag the way the stock states would, without events, and stops
   * where they would be back in the before-attribute-name state on the tag's `/` or `>`. Stops earlier
   * at an attribute in `read`, on its first character: the stock states read it, then come back here.
   * Moves nothing when the tag does not end in this buffer (the stock states read the rest).
   */
  private skipAttributes(read: ReadSet): void {
    const buffer = this.buffer;
    const length = buffer.length;
    let j = this.index - this.offset;
    for (;;) {
      // Before an attribute name.
      while (j < length && isWhitespace(buffer.charCodeAt(j))) j++;
      if (j >= length) return;
      let c = buffer.charCodeAt(j);
      if (c === gt || c === slash) break;
      // The name: its first character is taken whatever it is, then up to `=`, whitespace, `/` or `>`.
      const nameStart = j;
      j++;
      while (j < length) {
        c = buffer.charCodeAt(j);
        if (c === eq || c === slash || c === gt || isWhitespace(c)) break;
        j++;
      }
      if (j >= length) return;
      const first = buffer.charCodeAt(nameStart) | 0x20;
      if (first >= 97 && first <= 122 && (read.firstLetters & (1 << (first - 97))) !== 0 && read.names.has(buffer.slice(nameStart, j).toLowerCase())) {
        j = nameStart;
        break;
      }
      // After the name.
      while (j < length && isWhitespace(buffer.charCodeAt(j))) j++;
      if (j >= length) return;
      c = buffer.charCodeAt(j);
      if (c !== eq) continue; // no value: `/`, `>` or the next name
      j++;
      while (j < length && isWhitespace(buffer.charCodeAt(j))) j++;
      if (j >= length) return;
      c = buffer.charCodeAt(j);
      if (c === doubleQuote || c === singleQuote) {
        const close = buffer.indexOf(c === doubleQuote ? '"' : "'", j + 1);
        if (close === -1) return;
        j = close + 1;
      } else {
        // Unquoted: up to whitespace or `>` (a `/` belongs to the value).
        while (j < length) {
          c = buffer.charCodeAt(j);
          if (c === gt || isWhitespace(c)) break;
          j++;
        }
        if (j >= length) return;
      }
    }
    this.index = j + this.offset;
  }
}
