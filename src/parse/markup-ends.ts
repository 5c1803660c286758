import {decodeHTML, decodeHTMLAttribute} from 'entities';
import {amp, bang, dash, gt, isEndOfTagSection, lt, openBracket, slash} from './html-chars.js';
import {specialTags} from './tree-rules.js';
import {indexOf} from './chars.js';

/*
 * Where the markup the scanner does not read ends, found as htmlparser2's Tokenizer finds it: comments
 * (`<!-->`, `--!>`), declarations, CDATA, and the content of raw-text elements (`<script>`,
 * `<title>`…), whose end tag is searched for rather than tokenized.
 */

/** Text with its entities decoded as htmlparser2 decodes them; as is when it has no `&`. */
export const decodeText = (text: string): string => (indexOf(text, '&') === -1 ? text : decodeHTML(text));
/** An attribute value with its entities decoded (attribute rules: `&amp=` stays). */
export const decodeAttribute = (value: string): string => (indexOf(value, '&') === -1 ? value : decodeHTMLAttribute(value));

/** `--!>`: what ends a comment (besides `-->`). */
const commentEndSequence = [dash, dash, bang, gt];

/** Where a comment that starts at `from` (after `<!--`) ends: the index of its `>`, or -1 (Tokenizer.stateInCommentLike). */
export function commentEnd(html: string, from: number): number {
  const n = html.length;
  let matched = 0;
  for (let index = from; index < n; index++) {
    const c = html.charCodeAt(index);
    if (matched <= 1 && index === from + matched && c === gt) return index; // `<!-->` and `<!--->`
    if (matched === 2 && c === gt) return index;
    if (matched === 3 && c !== gt) {
      matched = c === dash ? 1 : 0;
    } else if (c === commentEndSequence[matched]) {
      if (++matched === 4) return index;
    } else if (matched === 0) {
      const next = html.indexOf('-', index + 1);
      if (next === -1) return -1;
      index = next;
      matched = 1;
    } else if (c !== commentEndSequence[matched - 1]) {
      matched = 0;
    }
  }
  return -1;
}

const specialNames = [...specialTags.keys()];

/**
 * Whether an opening tag name cut off by the end of the input, `html[start, n)`, is still a prefix of
 * a raw-text element's name: htmlparser2 then emits it as text (Tokenizer: special start sequence).
 */
export function isSpecialPrefix(html: string, start: number): boolean {
  const length = html.length - start;
  return specialNames.some((name) => {
    if (length > name.length) return false;
    for (let offset = 0; offset < length; offset++) {
      if ((html.charCodeAt(start + offset) | 0x20) !== name.charCodeAt(offset)) return false;
    }
    return true;
  });
}

/**
 * The end of a raw-text element's content (Tokenizer.stateInSpecialTag): the index where `</name`
 * starts, with `end` set to the index of the character after it (whitespace, `/` or `>`), or -1
 * when the element runs to the end of the input. Characters compare as the tokenizer compares them
 * (`c | 0x20`). `literalAmps` collects, for an entity-decoding element, the `&`s the tokenizer takes
 * literally (those right after a partial `</name`).
 */
export function specialEnd(html: string, from: number, name: string, literalAmps: number[] | null): {start: number; end: number} | null {
  const n = html.length;
  const sequenceLength = name.length + 2;
  let matched = 0;
  for (let index = from; index < n; index++) {
    const c = html.charCodeAt(index);
    if (matched === sequenceLength) {
      if (isEndOfTagSection(c)) return {start: index - sequenceLength, end: index};
      matched = 0;
    }
    if ((c | 0x20) === (matched === 0 ? lt : matched === 1 ? slash : name.charCodeAt(matched - 2))) {
      matched++;
    } else if (matched === 0) {
      if (literalAmps === null) {
        const next = html.indexOf('<', index + 1);
        if (next === -1) return null;
        index = next;
        matched = 1;
      }
    } else {
      if (c === amp && literalAmps !== null) literalAmps.push(index);
      matched = Number(c === lt);
    }
  }
  return null;
}

/** An entity-decoding element's text: decoded, except the `&`s at `literalAmps` (absolute indices). */
export function decodeRcdata(html: string, start: number, end: number, literalAmps: readonly number[]): string {
  let text = '';
  let from = start;
  for (const position of literalAmps) {
    if (position < start || position >= end) continue;
    text += `${decodeText(html.slice(from, position))}&`;
    from = position + 1;
  }
  return text + decodeText(html.slice(from, end));
}

/**
 * Where the markup declaration at `open` (`<!…`) ends: the index of its `>`, or -1 when it runs to
 * the end of the input (Tokenizer: before declaration, CDATA and doctype sequences, comments, bogus
 * comments). `cdata` gets the content range of a complete `<![CDATA[…]]>` (text in SVG/MathML).
 */
export function declarationEnd(html: string, open: number, cdata: ((range: [number, number]) => void) | null): number {
  const n = html.length;
  const at = open + 2;
  if (at >= n) return -1;
  const c = html.charCodeAt(at);
  if (c === openBracket) {
    const sequence = 'CDATA[';
    for (let matched = 0; matched < sequence.length; matched++) {
      const position = at + 1 + matched;
      if (position >= n) return -1;
      if (html.charCodeAt(position) !== sequence.charCodeAt(matched)) return html.indexOf('>', position);
    }
    const start = at + 1 + sequence.length;
    const end = html.indexOf(']]>', start);
    if (end === -1) return -1;
    cdata?.([start, end]);
    return end + 2;
  }
  if ((c | 0x20) === 100) {
    // `<!doctype …>`, else a bogus comment.
    const sequence = 'doctype';
    for (let matched = 1, position = at + 1; position < n; position++) {
      const d = html.charCodeAt(position);
      if (matched === sequence.length) return html.indexOf('>', position);
      if ((d | 0x20) === sequence.charCodeAt(matched)) matched++;
      else if (d === gt) return position;
      else return html.indexOf('>', position + 1);
    }
    return -1;
  }
  if (c === gt) return at;
  if (c === dash) {
    if (at + 1 >= n) return -1;
    const d = html.charCodeAt(at + 1);
    if (d === dash) return commentEnd(html, at + 2);
    if (d === gt) return at + 1;
    return html.indexOf('>', at + 2);
  }
  return html.indexOf('>', at + 1);
}
