import {blockEnds} from './collect-dates.js';
import {collapse} from './collect-text.js';
import type {ParseState} from './state.js';

/*
 * Author lines wherever they sit in the body (issue 33 item 2): a line that opens with an author's
 * label, as organisations, press offices and magazines close an article (`<p><strong>Autorin: Uta
 * Lee, Projektleiterin in Tunis.</strong></p>`, `<p><em>Autor: <a href="…">Ann Lee</a></em></p>`,
 * `<p>Autoren Ann Lee und Bo Berg</p>`, `Text: Ann Lee`, `Written by Ann Lee`). A text node that
 * opens with such a label, outside nav/footer/aside/form and captions, starts a line read to its
 * block's end (a few tags at most); the first {@link maxAuthorLines} are kept (`Snapshot.authorLines`),
 * and the rules read the name after the label (rules/author-line.ts). Read in the one scan: a raw
 * text node no collector wants is decoded only when a label opens it (a sticky test in place), or
 * an `&` sits near its start (an entity may spell the label).
 */

// The nouns that name a text's writer (`Autor`, `Autorin`, `Autoren`, `Author`, `Verfasser`, `Auteur`, `Автор`):
// a byline's lead-in with or without a colon (rules/byline-labels.ts reads them as one).
export const authorNouns = String.raw`(?:gast)?auth?ors?|(?:gast)?autor(?:in|en|innen|\/in|\*in|:in|_in)?|auteur(?:e|s|es)?|autrice|autore|autori|verfasser(?:in)?|автор(?:ы)?`;
// The words that name the text's writer with a colon only (`Text:`, `Text und Fotos:`, `Words:`): as a word alone, text.
export const writerColonWords = String.raw`text(?:\s+(?:und|&)\s+(?:interview|fotos?|bilder))?|texto|texte|testo|tekst|teksti|words|forfatter|författare|kirjoittaja`;
// The lead-ins that say who wrote it (`Written by`, `Geschrieben von`), not who posted or saved it (a CMS's `Posted by admin`).
const writtenBy = String.raw`(?:written|words|story|text)\s+by|(?:geschrieben|verfasst)\s+(?:von|durch)|escrito\s+por|(?:écrit|rédigé)\s+par|scritto\s+da|testo\s+di|geschreven\s+door|skrivet\s+av|skrevet\s+a[fv]`;

/**
 * An author's label at the position it is tried at (sticky), with the spaces after it. `i` without `u`,
 * as for the raw node: the test of the decoded node is the raw one's where no entity sits.
 */
const authorLabel = new RegExp(String.raw`(?:${authorNouns}|${writtenBy})(?:\s{0,4}:\s*|\s+|(?=<|$))|(?:${writerColonWords})\s{0,4}:\s*`, 'iy');

/** How many author lines are kept. */
export const maxAuthorLines = 3;
/** The longest text node (decoded) read for a label: a label opens a short one, a paragraph's text is no byline. */
export const maxAuthorNode = 120;
/** The longest raw text node offered: entities make the raw text longer than the decoded. */
const maxRawAuthorNode = 4 * maxAuthorNode;
/** How far into a raw node an `&` lets it be decoded: past the longest label, the label is the raw node's. */
const entityReach = 40;
/** How many characters of a line are kept. */
const maxAuthorLine = 120;
/** How many tags may pass before a line is closed: `Autor: <a><strong>Ann Lee</strong></a></em></p>`. */
const maxLineTags = 6;

/** Whether a text node here may be read for an author's label. */
function readsAuthorLines(state: ParseState): boolean {
  const list = state.snapshot.authorLines;
  return state.chromeDepth === 0 && state.captionDepth === 0 && state.svgDepth === 0 && !state.rawText && (list === undefined || list.length < maxAuthorLines);
}

/**
 * Whether the label at `at` opens with a capital (`Autor:`, `AUTOR/IN`, `Written by`): a label a reader
 * sees is written so, while a lowercase one is a card's hidden word (`<span class="sr-only">author</span>`)
 * or a comment's header (`geschrieben von ann am …`).
 */
function capital(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return (code >= 65 && code <= 90) || (code >= 192 && code <= 222) || (code >= 1040 && code <= 1071);
}

/** Where `text`'s first character that is no white space (a space, a control, a no-break space) sits from `start`. */
function firstWord(text: string, start: number, end: number): number {
  let at = start;
  for (let code = text.charCodeAt(at); at < end && (code <= 32 || code === 160); code = text.charCodeAt(++at));
  return at;
}

/**
 * Whether the scanner should decode and give this raw text node no collector wants: the text of a line
 * being read, or a short node that an author's label (or an `&`) opens.
 */
export function wantsAuthorText(state: ParseState, html: string, start: number, end: number): boolean {
  if (state.authorLine !== null || state.authorNode !== '') return true;
  if (end - start > maxRawAuthorNode || !readsAuthorLines(state)) return false;
  const at = firstWord(html, start, end);
  if (at === end) return false;
  authorLabel.lastIndex = at;
  if (capital(html, at) && authorLabel.test(html) && authorLabel.lastIndex <= end) return true;
  const amp = html.indexOf('&', at);
  return amp !== -1 && amp < end && amp < at + entityReach;
}

/** A piece of text (a node may come in pieces around its entities): added to the line being read, or to the node read for a label. */
export function readAuthorText(state: ParseState, text: string): void {
  const line = state.authorLine;
  if (line !== null) {
    if (line.text.length < maxAuthorLine) line.text += text;
    return;
  }
  if (state.authorNode.length <= maxAuthorNode && readsAuthorLines(state)) state.authorNode += text;
}

/**
 * At a tag (`name`, opening or closing): a node read so far that an author's label opens starts a line;
 * a line ends at a block's edge once it holds more than its label (`<strong>Autor:</strong></p><p>Ann
 * Lee</p>` reads on), else after a few tags.
 */
export function authorTag(state: ParseState, name: string): void {
  const node = state.authorNode;
  if (node !== '') {
    state.authorNode = '';
    if (node.length > maxAuthorNode) return;
    const at = firstWord(node, 0, node.length);
    authorLabel.lastIndex = at;
    if (at === node.length || !capital(node, at) || !authorLabel.test(node)) return;
    state.authorLine = {text: node.slice(at), label: authorLabel.lastIndex - at, tags: 0};
  }
  const line = state.authorLine!;
  // A tag parts words as a reader sees them (`<dt>Autor</dt><dd>Ann Lee</dd>`).
  if (line.text.length < maxAuthorLine) line.text += ' ';
  if (++line.tags >= maxLineTags || ((blockEnds.has(name) || name === 'br') && firstWord(line.text, line.label, line.text.length) < line.text.length)) endAuthorLine(state);
}

/** The line read so far is kept, its white space collapsed. */
function endAuthorLine(state: ParseState): void {
  const line = state.authorLine!;
  state.authorLine = null;
  // A label alone (a menu's `Autoren`, `Autor:` and an empty box) names no one: it takes no slot.
  if (firstWord(line.text, line.label, line.text.length) === line.text.length) return;
  const text = collapse(line.text);
  (state.snapshot.authorLines ??= []).push(text.length > maxAuthorLine ? text.slice(0, maxAuthorLine) : text);
}

/** At the end of the document: the node read last is tested, and a line being read is kept. */
export function endAuthorLines(state: ParseState): void {
  if (state.authorNode !== '') authorTag(state, '');
  if (state.authorLine !== null) endAuthorLine(state);
}
