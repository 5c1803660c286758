import {decodeText} from './markup-ends.js';
import {otherYearSource} from './digits.js';
import type {ParseState} from './state.js';

/*
 * Dates shown alone (issue 33 item 2): a text node that is a date and nothing else, the way a page
 * without metadata shows its day (`<span>14. Februar 2012</span>` in a box's header, `<p><em>01.11.2023
 * 11:35</em></p>` above the title, `<span class="blue">01.02.2022</span>`, `<div>Apr 7, 2009</div>`,
 * `Benni<br>10. September 2017` under a letter). The first {@link maxDateNodes} outside
 * nav/footer/aside/form are kept (`Snapshot.dateNodes`); the rules read the date and check it fills
 * the node (rules/dates/date-node.ts). Cheap: a node is looked at only when it is short and opens
 * with a digit, or with a word and a digit (`Apr 7, 2009`), tested in place with a sticky regex; only
 * such a node is decoded. A node may come in pieces (the tokenizer's, around entities): they are
 * joined until the next tag.
 */

/** How many date nodes are kept. */
export const maxDateNodes = 3;
/** The longest node read, white space around it included (decoded), and the longest date alone (trimmed). */
const maxSpacedNode = 160;
const maxNode = 40;
/** The longest raw node offered: entities make it longer than the decoded one. */
const maxRawNode = 4 * maxSpacedNode;

// What opens a node that may be a date: white space, then a digit, or a word of 3 to 10 letters and a digit (`Apr 7`, `Juli 30,`).
// A digit of any script counts (`١٣ يونيو ٢٠١٩`, `১৩ জুন ২০১৯`).
const mayOpenDate = /\s*(?:\p{Nd}|\p{L}{3,10}\.?,?\s{1,3}\p{Nd})/uy;
// The same, looser, over the raw node (an entity may decode to a space, a letter or a digit): a digit, a letter or an
// `&` first, and a digit or an `&` before the node ends. Whatever the decoded node passes, the raw one does.
const mayOpenRawDate = /\s*[\p{Nd}&\p{L}][^<]*?[\p{Nd}&]/uy;
// A year (1900–2099) or a short numeric date (`28.01.22`), or a year of another calendar or script (`٢٠١٩`, `2562`, `令和元年`: digits.ts):
// without one, no day is written.
const hasYear = new RegExp(`(?:^|\\D)(?:19|20)\\d\\d(?!\\d)|\\d[./]\\d\\d?[./]\\d\\d(?!\\d)|${otherYearSource}`);

/** Whether a date node is read here: outside chrome, SVG and raw text, while room is left. */
function readsDateNodes(state: ParseState): boolean {
  const list = state.snapshot.dateNodes;
  return state.chromeDepth === 0 && state.svgDepth === 0 && !state.rawText && state.snapshot.paragraph === null && (list === undefined || list.length < maxDateNodes);
}

/** A raw text node no collector wants (`html[start, end)`): decoded and read only when it may open with a date. */
export function readRawDateNode(state: ParseState, html: string, start: number, end: number): void {
  if (end - start > maxRawNode || !readsDateNodes(state)) return;
  // The first piece of a node decides (a later one goes on what it started).
  if (state.dateNode === '') {
    mayOpenRawDate.lastIndex = start;
    if (!mayOpenRawDate.test(html) || mayOpenRawDate.lastIndex > end) return;
  }
  if (state.dateNode.length <= maxSpacedNode) state.dateNode += decodeText(html.slice(start, end));
}

/** A decoded piece of text (ontext), as the label's node reads it. */
export function readDateNodePiece(state: ParseState, text: string): void {
  if (state.dateNode.length > maxSpacedNode || !readsDateNodes(state)) return;
  state.dateNode += text;
}

/** At a tag: the node read so far is done; kept when it is a short text with a year that may open with a date. */
export function endDateNode(state: ParseState): void {
  const node = state.dateNode;
  state.dateNode = '';
  if (node.length > maxSpacedNode) return;
  const text = node.trim();
  if (text.length < 6 || text.length > maxNode || !hasYear.test(text)) return;
  mayOpenDate.lastIndex = 0;
  if (!mayOpenDate.test(text)) return;
  (state.snapshot.dateNodes ??= []).push(text);
}
