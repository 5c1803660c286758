import {bang, doubleQuote, eq, gt, isAsciiAlpha, isEndOfTagSection, isWhitespace, question, singleQuote, slash} from './html-chars.js';
import {decodeAttribute, decodeRcdata, decodeText, declarationEnd, isSpecialPrefix, specialEnd} from './markup-ends.js';
import {mayHint} from './collect-bylines.js';
import {mayBeMarkedId} from './site-marks.js';
import {attributesRead, mayBeDateTitle, type ReadSet} from './read-attributes.js';
import {nameInfo, none, specialTags, svg, svgTagNameAdjustments, type NameInfo, type TagSlot} from './tree-rules.js';

/*
 * A one-pass HTML scanner that gives parse-html.ts's collector the events an htmlparser2 12 Parser
 * gives it (HTML mode, lowercase names, entities decoded): the same open and close tags in the same
 * order, implied closes included, the same attributes and the same text. It exists for speed: where
 * htmlparser2 walks every character through a state machine and every tag through its callbacks, this
 * jumps between `<` with `indexOf`, skips `<script>`/`<style>` bodies and comments by searching for
 * their end, reads a tag's attributes in one tight loop, and slices, decodes and emits only the text
 * and attributes the collector uses. What it does not emit (unread attributes, unwanted text) is
 * invisible to the collector.
 * The tree rules (tree-rules.ts: which tag closes which, void elements, foreign SVG/MathML content, a
 * second `<form>`) and the tokenizer's edge cases (markup-ends.ts and below: bogus comments, `<!-->`,
 * CDATA, a tag cut off by the end of the input) are htmlparser2's, ported state by state; tests/parse/fast-parse.test.ts holds the two to
 * the same snapshot over every fixture page, the bench corpus and generated adversarial HTML.
 */

export type {TagSlot} from './tree-rules.js';

/** What the scanner calls, in document order (the subset of htmlparser2's handler the collector uses). */
export interface ScanHandler {
  onopentagname(name: string, slot?: TagSlot): void;
  /** An attribute of the tag last opened, when {@link attributesRead} says the collector reads it. */
  onattribute(name: string, value: string): void;
  ontext(text: string): void;
  onclosetag(name: string, slot?: TagSlot | boolean): void;
  onend(): void;
  /** Whether text at this point would be used: asked before each text node, which is decoded and emitted only if so. */
  wantsText(): boolean;
  /**
   * The body of a `<script>`, `<style>`… (`html[start, end)`), in pieces when it spans windows, whether or
   * not {@link wantsText} wanted it: searched for an app state's date (state-dates.ts).
   */
  rawBody?(html: string, start: number, end: number): void;
  /** Asked when {@link wantsText} says no: whether the raw text node `html[start, end)` is wanted all the same (a date's label). */
  wantsLabel?(html: string, start: number, end: number): boolean;
  /**
   * Whether the tag just opened may have its class and id read as hints (ReadSet.hinted); when not
   * (inside nav or footer, or with no room left for what they would add), the scanner skips them.
   */
  readsHints(): boolean;
  /**
   * Whether the tag just opened sits in a site's marked box, whose first classes are read whatever
   * they say (site-marks.ts: Amazon's price box); a hinted tag's first id is passed on when it may be
   * a marked one ({@link mayBeMarkedId}).
   */
  readsMarkClass?(): boolean;
}

/** A raw tag name as written, lowercased, with what is looked up for it. */
interface TagInfo {
  /** The name as written (the key it was found under). */
  raw: string;
  lower: string;
  /** {@link nameInfo} of `lower` as an HTML (not foreign) tag name: `image` is read as `img`. */
  html: NameInfo;
  /** The attributes the collector reads on it (`null`: all). */
  read: ReadSet | null;
  /** Whether its content is raw text (`true`: with entities decoded), outside SVG/MathML. */
  special: boolean | undefined;
  /** {@link nameInfo} of the name as SVG content reads it (`clippath` → `clipPath`), once asked. */
  svg: NameInfo | undefined;
}

/**
 * Tag infos by their name as written, behind a direct-mapped cache indexed by a hash of the name (a
 * page uses a few dozen names): a lookup is an array read and a comparison of a few characters.
 * A cache of immutable infos about names, the same for every page: no data of a call outlives it.
 */
const tagsByRaw = new Map<string, TagInfo>();
const recentTags: (TagInfo | undefined)[] = Array.from({length: 1024}, () => undefined);

function makeTagInfo(raw: string): TagInfo {
  const lower = raw.toLowerCase();
  const read = attributesRead(lower);
  return {raw, lower, html: nameInfo(lower === 'image' ? 'img' : lower), read, special: specialTags.get(lower), svg: undefined};
}

/** Whether `html[start, end)` spells `raw` exactly. */
function spells(html: string, start: number, end: number, raw: string): boolean {
  if (raw.length !== end - start) return false;
  for (let index = 0; index < raw.length; index++) {
    if (html.charCodeAt(start + index) !== raw.charCodeAt(index)) return false;
  }
  return true;
}

/**
 * Names of at most 4 ASCII characters (most tags: `a`, `p`, `li`, `div`, `span`…) by their characters
 * packed 7 bits each, which identify them: a slot holds the packed name it was filled for, so a
 * lookup compares one number instead of the characters.
 */
const shortCodes = new Int32Array(1024);
const shortTags: (TagInfo | undefined)[] = Array.from({length: 1024}, () => undefined);

/** The tag info of a name of at most 4 ASCII characters, packed as `code` (see {@link shortCodes}). */
function shortTagAt(html: string, start: number, end: number, code: number): TagInfo {
  const slot = (code ^ (code >>> 10) ^ (code >>> 20)) & 1023;
  if (shortCodes[slot] === code) return shortTags[slot]!;
  const tag = tagNamed(html.slice(start, end));
  shortCodes[slot] = code;
  shortTags[slot] = tag;
  return tag;
}

/** The tag info of the raw name at `html[start, end)`, whose hash is `hash`. */
function tagAt(html: string, start: number, end: number, hash: number): TagInfo {
  const slot = hash & 1023;
  const recent = recentTags[slot];
  if (recent !== undefined && spells(html, start, end, recent.raw)) return recent;
  const tag = tagNamed(html.slice(start, end));
  recentTags[slot] = tag;
  return tag;
}

/** The tag info of a raw name, made once (up to a bound: names come from the page). */
function tagNamed(raw: string): TagInfo {
  let tag = tagsByRaw.get(raw);
  if (tag === undefined) {
    tag = makeTagInfo(raw);
    if (tagsByRaw.size < 2000) tagsByRaw.set(raw, tag);
  }
  return tag;
}

/** The tag info {@link scanTagName} found last (a variable, not an object per tag): set and read within one scan. */
let scannedTag: TagInfo;

/**
 * Scans a tag name from `start` (its first character, a letter) to whitespace, `/` or `>`; returns
 * its end, with its info in {@link scannedTag}, or -1 at the end of the input.
 */
function scanTagName(html: string, start: number): number {
  const n = html.length;
  let hash = 0;
  let code = 0;
  let ascii = true;
  let j = start;
  for (; j < n; j++) {
    const c = html.charCodeAt(j);
    if (c === gt || c === slash || (c <= 32 && isWhitespace(c))) break;
    hash = (Math.imul(hash, 31) + c) | 0;
    code = (code << 7) | c;
    if (c > 127) ascii = false;
  }
  if (j >= n) return -1;
  scannedTag = ascii && j - start <= 4 ? shortTagAt(html, start, j, code) : tagAt(html, start, j, hash);
  return j;
}

/**
 * The lowercase name in `read` that the ASCII attribute name at `html[start, end)` spells, case
 * aside, or undefined: found by its first letter and length (ReadSet.slots), with no slice, no
 * lowercasing and no hashing.
 */
function readName(html: string, start: number, end: number, read: ReadSet): string | undefined {
  const length = end - start;
  const list = read.slots[(((html.charCodeAt(start) | 0x20) - 97) << 5) | (length > 31 ? 31 : length)];
  if (list === undefined) return undefined;
  search: for (const name of list) {
    if (name.length !== length) continue;
    for (let index = 1; index < length; index++) {
      let c = html.charCodeAt(start + index);
      if (c >= 65 && c <= 90) c += 32;
      if (c !== name.charCodeAt(index)) continue search;
    }
    return name;
  }
  return undefined;
}

/**
 * How far before its window's end a construct may start (with more input to come): one that starts
 * later waits for the window to move on. A tag longer than this that reaches the window's end is a
 * {@link WindowOverrun}.
 */
export const windowMargin = 16 * 1024;

/**
 * Thrown by a windowed {@link scanHtml} when a tag runs past its window: its events are already out,
 * so the caller parses the whole text again, as one string (rare: a tag of over {@link windowMargin}
 * characters).
 */
export class WindowOverrun extends Error {}

/**
 * Scans `html` and calls `handler` as an htmlparser2 12 Parser (HTML mode, `decodeEntities`,
 * `lowerCaseTags`, `lowerCaseAttributeNames`) would call it for `parser.end(html)`, minus the
 * attributes and text the handler does not read (see {@link ScanHandler}).
 *
 * With `more`, `html` is the start of the document and `more(from, end)` gives the text from `from`
 * to past `end` (absolute positions; `undefined` when `end` is the document's end): the scanner reads
 * a window of the document at a time (what it has not finished with, and what follows), so a large
 * document is never one string. The events are the same as for the whole text, or it throws
 * {@link WindowOverrun}. `margin`: see {@link windowMargin} (tests make it small).
 */
export function scanHtml(html: string, handler: ScanHandler, more?: (from: number, end: number) => string | undefined, margin = windowMargin): void {
  let n = html.length;
  /** Whether `html` runs to the end of the document. */
  let final = more === undefined;
  /** The position of `html` in the document. */
  let base = 0;
  /**
   * Moves the window on, dropping what comes before `keepFrom`; returns how far the positions moved
   * (0 at the end of the document, which makes the window final).
   */
  const extend = (keepFrom: number): number => {
    const next = more!(base + keepFrom, base + n);
    if (next === undefined) {
      final = true;
      return 0;
    }
    html = next;
    base += keepFrom;
    n = html.length;
    return keepFrom;
  };
  /** At the end of the window inside a tag: the end of the input if it is the document's, else an overrun. */
  const cut = (): void => {
    if (!final) throw new WindowOverrun('a tag runs past the window');
  };
  /** The {@link NameInfo} of each open element, innermost last. */
  const infos: NameInfo[] = [];
  /** The position of the innermost open element named `name`, or -1. */
  const openIndex = (name: string): number => {
    for (let position = infos.length - 1; position >= 0; position--) if (infos[position]!.name === name) return position;
    return -1;
  };
  /** The foreign-content contexts, innermost last; the first entry is the document's. */
  const foreign: number[] = [none];
  let textStart = 0;

  const text = (start: number, end: number): void => {
    if (end > start && (handler.wantsText() || handler.wantsLabel?.(html, start, end) === true)) handler.ontext(decodeText(html.slice(start, end)));
  };
  const rawText = (start: number, end: number): void => {
    if (end > start && handler.wantsText()) handler.ontext(html.slice(start, end));
  };

  /** Parser.readTagName: the name the tree sees (SVG's camelCase names, `image` read as `img` in HTML). */
  const readTagName = (tag: TagInfo): NameInfo => {
    if (foreign.length === 1) return tag.html;
    const lower = tag.lower;
    const context = foreign[foreign.length - 1]!;
    if (context === svg) return (tag.svg ??= nameInfo(svgTagNameAdjustments.get(lower) ?? lower));
    const adjusted = svgTagNameAdjustments.get(lower);
    if (adjusted !== undefined && openIndex(adjusted) !== -1) return nameInfo(adjusted);
    return context === none ? tag.html : nameInfo(lower);
  };

  const popElement = (): void => {
    const info = infos.pop()!;
    if (info.context !== -1) foreign.pop();
    handler.onclosetag(info.name, info);
  };

  /** Parser.emitOpenTag: returns the tag now open, or null for a `<form>` inside a form (ignored). */
  const openTag = (info: NameInfo): NameInfo | null => {
    const name = info.name;
    if (name === 'form' && openIndex('form') !== -1) return null;
    const implied = info.implies;
    if (implied !== 0) {
      while (infos.length > 0 && (infos[infos.length - 1]!.bit & implied) !== 0) popElement();
    }
    if (!info.isVoid) {
      infos.push(info);
      if (info.context !== -1) foreign.push(info.context);
    }
    handler.onopentagname(name, info);
    return info;
  };

  /** Parser.onclosetag. */
  const closeTag = (info: NameInfo): void => {
    const name = info.name;
    if (!info.isVoid) {
      const position = openIndex(name);
      if (position !== -1) {
        for (let count = infos.length - 1 - position; count > 0; count--) popElement();
        popElement();
      } else if (name === 'p') {
        openTag(info);
        if (infos.length > 0 && infos[infos.length - 1]!.name === 'p') popElement();
      }
    } else if (name === 'br') {
      handler.onopentagname('br');
      handler.onclosetag('br');
    }
  };

  /**
   * Tokenizer's state after an end tag's name, which ends at `nameEnd`: the index after its `>`, or
   * -1 when none follows, after emitting what htmlparser2 emits then (the input's last character).
   */
  const afterEndTag = (nameEnd: number): number => {
    let close = html.charCodeAt(nameEnd) === gt ? nameEnd : html.indexOf('>', nameEnd + 1);
    // The end tag is out: in a window, only its `>` is still to be found.
    while (close === -1 && !final) {
      nameEnd -= extend(nameEnd);
      close = html.indexOf('>', nameEnd);
    }
    if (close !== -1) return close + 1;
    rawText(n - 1, n);
    return -1;
  };

  let index = 0;
  /**
   * In a window, a construct at `open` that ends past it (its text before is out): it is read again
   * from its `<` once the window reaches further (or, at the end of the document, as the end of the
   * input).
   */
  const retry = (open: number): void => {
    index = textStart = open - extend(open);
  };
  scan: for (;;) {
    const open = html.indexOf('<', index);
    if (!final && (open === -1 || open + margin >= n)) {
      // Near the window's end: read on first, keeping the text not emitted yet.
      const shift = extend(textStart);
      index -= shift;
      textStart -= shift;
      continue;
    }
    if (open === -1 || open + 1 >= n) break;
    const c = html.charCodeAt(open + 1);

    if (isAsciiAlpha(c)) {
      // An opening tag: its name runs to whitespace, `/` or `>`.
      const j = scanTagName(html, open + 1);
      const scanned = scannedTag;
      text(textStart, open);
      // Until the tag is complete, the input may end inside it: then nothing after the `<` is text.
      textStart = n;
      if (j === -1 && !final) {
        retry(open);
        continue;
      }
      if (j === -1) {
        // Cut off inside its name: dropped, unless it may still be a raw-text element's name.
        if (foreign[foreign.length - 1] === none && isSpecialPrefix(html, open + 1)) rawText(open + 1, n);
        break;
      }
      const special = foreign[foreign.length - 1] === none ? scanned.special : undefined;
      const tag = openTag(readTagName(scanned));
      // An ignored <form>'s attributes are all reported: htmlparser2 does, and its handler gives them
      // to the element opened last when no event came between (its `src`, `href`, `datetime`…).
      const read = tag === null ? null : scanned.read;

      // Its attributes (Tokenizer: before/in/after attribute name, before/in attribute value, self-closing).
      let k = j;
      let selfClosing = false;
      // A hinted tag's first class and id (see ReadSet.hinted): the later ones are never read.
      let classSeen = false;
      let idSeen = false;
      for (;;) {
        // Whitespace before the next attribute (past the end, charCodeAt gives NaN, which is none).
        let d = html.charCodeAt(k);
        while (isWhitespace(d)) d = html.charCodeAt(++k);
        if (k >= n) {
          cut();
          break scan;
        }
        if (d === gt) break;
        if (d === slash) {
          k++;
          while (k < n && isWhitespace(html.charCodeAt(k))) k++;
          if (k >= n) {
            cut();
            // Tokenizer.handleTrailingData in the self-closing state: htmlparser2 emits the input's last character.
            rawText(n - 1, n);
            break scan;
          }
          if (html.charCodeAt(k) === gt) {
            selfClosing = true;
            break;
          }
          // Not `/>`: the `/` is dropped and this character starts an attribute name (or is another `/`).
          continue;
        }
        // A name: its first character whatever it is, then up to `=`, whitespace, `/` or `>`.
        const nameStart = k;
        // The lowercase name when the collector reads it, else undefined.
        let wanted: string | undefined;
        // For a hinted tag's first class or id: its value is reported only if it may be a hint.
        let hinted: boolean | null = null;
        let hintsRead = false;
        let marksRead = false;
        const first = d | 0x20;
        k++;
        if (read !== null && !(first >= 97 && first <= 122 && (read.firstLetters & (1 << (first - 97))) !== 0)) {
          // Not a name the collector reads (most are not, by their first letter): just find its end.
          while (k < n) {
            d = html.charCodeAt(k);
            if (d === eq || d === gt || d === slash || (d <= 32 && isWhitespace(d))) break;
            k++;
          }
          if (k >= n) {
            cut();
            break scan;
          }
        } else {
          let ascii = d <= 127;
          while (k < n) {
            d = html.charCodeAt(k);
            if (d === eq || d === gt || d === slash || (d <= 32 && isWhitespace(d))) break;
            if (d > 127) ascii = false;
            k++;
          }
          if (k >= n) {
            cut();
            break scan;
          }
          if (read === null) {
            wanted = html.slice(nameStart, k).toLowerCase();
          } else if (ascii) {
            wanted = readName(html, nameStart, k, read);
          } else {
            const lower = html.slice(nameStart, k).toLowerCase();
            if (read.names.has(lower)) wanted = lower;
          }
          if (read !== null && read.hinted) {
            if (wanted === 'class') {
              hinted = !classSeen;
              classSeen = true;
            } else if (wanted === 'id') {
              hinted = !idSeen;
              idSeen = true;
            } else {
              hinted = null;
            }
            // A class or id after the first names nothing the collector reads; the first, while it reads
            // no hints, only a site's marked id or a class in a marked box (site-marks.ts).
            if (hinted === false) wanted = undefined;
            else if (hinted === true) {
              hintsRead = handler.readsHints();
              marksRead = wanted === 'class' && handler.readsMarkClass?.() === true;
              if (!hintsRead && !marksRead && wanted !== 'id') wanted = undefined;
            }
          }
        }
        d = html.charCodeAt(k);
        while (isWhitespace(d)) d = html.charCodeAt(++k);
        if (k >= n) {
          cut();
          break scan;
        }
        if (d !== eq) {
          // No value; `/`, `>` or the next name follows.
          if (wanted !== undefined && hinted !== true) handler.onattribute(wanted, '');
          continue;
        }
        k++;
        d = html.charCodeAt(k);
        while (isWhitespace(d)) d = html.charCodeAt(++k);
        if (k >= n) {
          cut();
          break scan;
        }
        let valueStart: number;
        let valueEnd: number;
        if (d === doubleQuote || d === singleQuote) {
          valueStart = k + 1;
          valueEnd = html.indexOf(d === doubleQuote ? '"' : "'", valueStart);
          if (valueEnd === -1) {
            cut();
            break scan;
          }
          k = valueEnd + 1;
        } else {
          // Unquoted: up to whitespace or `>` (a `/` belongs to the value).
          valueStart = k;
          while (k < n) {
            d = html.charCodeAt(k);
            if (d === gt || isWhitespace(d)) break;
            k++;
          }
          if (k >= n) {
            cut();
            break scan;
          }
          valueEnd = k;
        }
        // A `title` is read only for a date in it: most are words, never sliced.
        if (wanted !== undefined && (hinted !== true || marksRead || (hintsRead && mayHint(html, valueStart, valueEnd)) || (wanted === 'id' && mayBeMarkedId(html, valueStart, valueEnd)))
          && (wanted !== 'title' || mayBeDateTitle(html.charCodeAt(valueStart)))) {
          handler.onattribute(wanted, decodeAttribute(html.slice(valueStart, valueEnd)));
        }
      }

      // The tag ends at k (`>`). Parser.onopentagend / onselfclosingtag.
      if (tag !== null) {
        if (selfClosing && foreign[foreign.length - 1] !== none) {
          if (tag.isVoid) handler.onclosetag(tag.name, tag);
          else if (infos.length > 0 && infos[infos.length - 1]!.name === tag.name) popElement();
        } else if (tag.isVoid) {
          handler.onclosetag(tag.name, tag);
        }
      }
      index = textStart = k + 1;

      if (special !== undefined) {
        // Tokenizer.enterTagBody: raw text up to the matching end tag.
        const lower = scanned.lower;
        if (lower === 'plaintext') {
          // The rest of the document is its text.
          while (!final) textStart -= extend(textStart);
          rawText(textStart, n);
          textStart = n;
          break;
        }
        let literalAmps: number[] | null = special ? [] : null;
        let found = specialEnd(html, textStart, lower, literalAmps);
        // In a window, the end tag may be in a later piece. A raw-text body the handler does not want
        // (most scripts and styles) is not kept meanwhile: only its last characters, which may start
        // the end tag.
        let dropped = false;
        while (found === null && !final) {
          if (!special && !dropped && !handler.wantsText()) dropped = true;
          const resumeAt = Math.max(textStart, n - lower.length - 2);
          if (dropped) {
            handler.rawBody?.(html, textStart, resumeAt);
            textStart = resumeAt;
          }
          const shift = extend(textStart);
          textStart -= shift;
          // An entity-decoding body is searched again whole: its literal `&`s are positions in it.
          if (special) literalAmps = [];
          found = specialEnd(html, special ? textStart : resumeAt - shift, lower, literalAmps);
        }
        if (found === null) {
          if (special) {
            if (n > textStart && handler.wantsText()) handler.ontext(decodeRcdata(html, textStart, n, literalAmps!));
          } else {
            if (!dropped) rawText(textStart, n);
            handler.rawBody?.(html, textStart, n);
          }
          textStart = n;
          break;
        }
        if (special) {
          if (found.start > textStart && handler.wantsText()) handler.ontext(decodeRcdata(html, textStart, found.start, literalAmps!));
        } else {
          if (!dropped) rawText(textStart, found.start);
          handler.rawBody?.(html, textStart, found.start);
        }
        scanTagName(html, found.start + 2);
        closeTag(readTagName(scannedTag));
        const next = afterEndTag(found.end);
        if (next === -1) {
          textStart = n;
          break;
        }
        index = textStart = next;
      }
      continue;
    }

    if (c === slash) {
      const d = open + 2 < n ? html.charCodeAt(open + 2) : -1;
      if (d === -1 && !final) {
        // Nothing emitted yet: the text before is kept too.
        const shift = extend(textStart);
        index = open - shift;
        textStart -= shift;
        continue;
      }
      if (d === -1) break; // `</` at the very end is text
      text(textStart, open);
      if (isAsciiAlpha(d)) {
        let j: number;
        const top = infos.length > 0 ? infos[infos.length - 1]!.name : '';
        const topEnd = open + 2 + top.length;
        if (foreign.length === 1 && top !== '' && topEnd < n && spells(html, open + 2, topEnd, top) && isEndOfTagSection(html.charCodeAt(topEnd))) {
          // The usual case, `</div>` closing the innermost element, spelled as it is on the stack (outside
          // SVG/MathML, where the tree sees the name as written): what closeTag would do, without the lookups.
          j = topEnd;
          popElement();
        } else {
          j = scanTagName(html, open + 2);
          if (j === -1 && !final) {
            retry(open);
            continue;
          }
          if (j === -1) {
            textStart = n;
            break;
          }
          closeTag(readTagName(scannedTag));
        }
        const next = afterEndTag(j);
        if (next === -1) {
          textStart = n;
          break;
        }
        index = textStart = next;
        continue;
      }
      if (d === gt) {
        index = textStart = open + 3;
        continue;
      }
      // `</ x>`, `</1>`: a bogus comment up to `>`.
      const close = html.indexOf('>', open + 3);
      if (close === -1 && !final) {
        retry(open);
        continue;
      }
      if (close === -1) {
        textStart = n;
        break;
      }
      index = textStart = close + 1;
      continue;
    }

    if (c === bang) {
      text(textStart, open);
      const close = declarationEnd(html, open, foreign[foreign.length - 1] !== none ? (value) => rawText(value[0], value[1]) : null);
      if (close === -1 && !final) {
        retry(open);
        continue;
      }
      if (close === -1) {
        textStart = n;
        break;
      }
      index = textStart = close + 1;
      continue;
    }

    if (c === question) {
      text(textStart, open);
      const close = html.indexOf('>', open + 2);
      if (close === -1 && !final) {
        retry(open);
        continue;
      }
      if (close === -1) {
        textStart = n;
        break;
      }
      index = textStart = close + 1;
      continue;
    }

    // A `<` that starts nothing is text.
    index = open + 1;
  }
  text(textStart, n);
  for (let position = infos.length - 1; position >= 0; position--) handler.onclosetag(infos[position]!.name, infos[position]);
  handler.onend();
}
