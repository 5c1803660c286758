import {collapse} from './collect-text.js';
import {decodeText} from './markup-ends.js';
import type {ParseState} from './state.js';

/*
 * Dates that a label names, wherever they sit in the body (issue 33 item 2): `<h5>Datum: </h5>03.11.2021`,
 * `<div>Pressemitteilung vom 20.01.2022</div>`, `Erschienen am: 01.11.2023` in a page's last lines,
 * `Publié le 13 juin 2019`, `Opublikowano: 10 listopada 2021`, `Дата публикации: 13.06.2019`; not an
 * edit's (`Zuletzt aktualisiert am`, `Last modified:`: on a listing or a manual that is no publication). A short
 * text node (at most {@link maxLabelNode} characters) that holds a label is kept with the text that
 * follows it (the date is often the next node), outside nav/footer/aside/form; the rules read the date
 * right after the label (dates/labelled-date.ts). Read in the one scan: the scanner asks
 * {@link mayLabel} of a short raw text node before decoding it, so most text is never sliced.
 */

/** How many labelled texts are kept. */
export const maxLabelledTexts = 4;
/** The longest text node (decoded) read for a label: a label sits in a short one, a paragraph is text. */
export const maxLabelNode = 120;
/** The longest raw text node the scanner offers: entities make the raw text longer than the decoded. */
export const maxRawLabelNode = 160;
/** How many characters are kept of a labelled text: the label, and the date after it. */
const maxLabelledText = 160;
/** How many tags may pass before the text after a label is closed. */
const maxTailTags = 6;

// Labels of a first publication, in the languages of month-names.ts.
const publishedWords = String.raw`veröffentlicht|veroeffentlicht|erschienen|publiziert|erstellt|eingestellt|verfasst|geschrieben|published|posted|publiée?|publicad[oa]|pubblicat[oa]|gepubliceerd|geplaatst|opublikowano|publikováno|zveřejněno|publicera[dt]|publiceret|publisert|julkaistu|yayınlanma(?:\s+tarihi)?|опубликовано|publicat|diterbitkan|dipublikasikan|objavljeno|објављено|публикувано|δημοσιεύθηκε|פורסם|تاريخ\s+النشر|ngày\s+đăng|paskelbta|publicēts|közzétéve|发布时间|發佈時間|发表于|发布日期|發布日期|发布于|發佈於|发表时间|發表時間|發表於|公開日|投稿日|掲載日|配信日|게시일|등록일|작성일|опубліковано|дата\s+публікації|avaldatud|megjelent|publikované|uverejnené|terbit|yayın\s+tarihi|เผยแพร่(?:เมื่อ|วันที่)?|วันที่เผยแพร่|تاریخ\s+انتشار|منتشر\s+شده|انتشار|نشر\s+في|نُشر|প্রকাশিত|প্রকাশ|شائع|(?:pressemitteilung|pressemeldung|pressemeldungen|meldung|artikel|beitrag|nachricht|press\s+release|communiqué)\s+(?:vom|from|du)|(?:publication|release)\s+date|date\s+de\s+publication|fecha\s+de\s+publicación|data\s+(?:di\s+)?pubblicazione|data\s+publikacji|дата\s+публикации`;
// A bare `Datum`, `Date`, `Fecha`: a label only with its colon (`Datum: 03.11.2021`).
export const genericWords = String.raw`datum|date|fecha|data|tarih|дата|päivämäärä`;
const after = String.raw`(?:\s+(?:am|on|le|el|em|il|op|den|dne|в))?\s*:?`;

/** A label: a publication's, or a bare `Datum:`. */
export const labelPattern = new RegExp(String.raw`(?<!\p{L})(?:(?:${publishedWords})${after}|(?:${genericWords})\s*:)(?!\p{L})`, 'iu');
/**
 * An author's label with its colon opening a node (`Autorin: Uta Staschewski, Projektleiterin`, `<td>Autor:</td><td>Ann Lee</td>`,
 * `<strong>Verfasser:</strong> Ann Lee` at the article's end, TYPO3 tt_news's `Von: Peter Müller`): kept as a labelled date's is,
 * the name read by the byline rules.
 */
export const authorLabelPattern = /^(?:autor(?:in|en|innen)?|verfasser(?:in)?|author|von)\s*:/i;

// Words one of which a text node must contain to be read (lowercase; ASCII letters compared in any case): a word
// inside another is enough (`publi` for `publikované` and `dipublikasikan`, `terbit` for `diterbitkan`).
const labelWords = [
  'veröffentlicht', 'veroeffentlicht', 'erschienen', 'publiziert', 'erstellt', 'eingestellt', 'verfasst', 'geschrieben', 'published', 'posted',
  'publi', 'pubbli', 'objavljeno', 'paskelbta', 'közzé', 'đăng', 'δημοσ', 'gepubliceerd', 'geplaatst', 'opublikowano', 'zveřejněno', 'julkaistu', 'yayın', 'terbit', 'avaldatud', 'megjelent', 'uverejnené',
  'meldung', 'mitteilung', 'artikel', 'beitrag', 'nachricht', 'release', 'communiqué', 'datum', 'date', 'fecha', 'data', 'tarih', 'päivämäärä',
  // An author's label ({@link authorLabelPattern}).
  'autor', 'author', 'verfasser', 'von:',
];
// Patterns over the raw text: irregexp scans a node far faster than a loop over its characters
// (the loop was 14 % of a parse). `i` without `u` also folds Latin-1 letters: a superset, as wanted.
// General punctuation (U+2000–U+206F: dashes, curly quotes) names no label, and is common in any text.
// The characters and the words are two patterns, tried one after the other: the same answer as their
// alternation (a test asks only whether some part matches), about a fifth faster per node.
const mayLabelCharacter = /[&\u0400-\u1fff\u2070-\uffff]/i;
const mayLabelWord = new RegExp(labelWords.join('|'), 'i');

/**
 * Whether `text[start, end)` may hold a label: one of the label words (letters in any case), an
 * `&` (whose entity may decode to anything), or a Cyrillic or East Asian character (their
 * labels are read by the pattern alone). A superset of what {@link labelPattern} finds in the decoded text.
 */
export function mayLabel(text: string, start: number, end: number): boolean {
  // A label opens its node (`Veröffentlicht am …`, `Datum: …`, `Autor | Publié le …`): only the node's
  // first characters after its white space are searched, so a long node costs no more than a short one.
  while (start < end && text.charCodeAt(start) <= 32) start++;
  // White space alone (most nodes between tags) holds no label: no slice, no regex.
  if (start === end) return false;
  const until = Math.min(end, start + labelReach);
  const head = start === 0 && until === text.length ? text : text.slice(start, until);
  return mayLabelCharacter.test(head) || mayLabelWord.test(head);
}
/** How far into a text node (after its leading white space) a label is looked for. */
export const labelReach = 64;

/** Whether the scanner should decode and give this raw text node for its labels (asked when no collector wants it). */
export function wantsLabelText(state: ParseState, html: string, start: number, end: number): boolean {
  return end - start <= maxRawLabelNode && readsLabels(state) && mayLabelRaw(state, html, start, end);
}

// An `&` whose entity may decode to a letter or a label's character: any but a bare `&` and the entities of
// white space and punctuation found on most pages (`&nbsp;`, `&amp;`, `&quot;`, `&#8217;`…), which decode to none.
const letterEntity = /&(?!(?:nbsp|amp|quot|lt|gt|copy|#160|#38|#038|#39|#039|#8211|#8212|#8216|#8217|#8220|#8221|#8222|#8230);|[^#A-Za-z])/;
// Every character of U+017F and above but general punctuation: those the pattern's `iu` may read as a
// label's letter (`ſ` is an `s` to it), a superset of {@link mayLabelCharacter}'s but for the `&`.
const wideLabelCharacter = /[\u017f-\u1fff\u2070-\uffff]/i;

/**
 * {@link mayLabel} of a raw text node, with one more look at a node that passes only for an `&`
 * (most of those passing): when its entities all decode to white space or punctuation, the decoded node
 * holds a label word or character only where the raw node does, anywhere in it, so alone it holds no
 * label. It is kept raw in `labelPending`: read (as {@link mayLabel} would have it read) only if more
 * text follows before a tag, so the labelled texts are the same.
 */
function mayLabelRaw(state: ParseState, html: string, from: number, end: number): boolean {
  let start = from;
  while (start < end && html.charCodeAt(start) <= 32) start++;
  if (start === end) return false;
  const until = Math.min(end, start + labelReach);
  const head = start === 0 && until === html.length ? html : html.slice(start, until);
  if (!mayLabelCharacter.test(head)) return mayLabelWord.test(head);
  if (head.indexOf('&') === -1) return true;
  const node = until === end ? head : html.slice(start, end);
  if (letterEntity.test(node) || wideLabelCharacter.test(node) || mayLabelWord.test(node)) return true;
  state.labelPending = html.slice(from, end);
  return false;
}

/** Whether a text node here may be read for a label, or is the text after one. */
function readsLabels(state: ParseState): boolean {
  const list = state.snapshot.labelledTexts;
  return state.chromeDepth === 0 && !state.rawText && state.svgDepth === 0 && (list === undefined || list.length < maxLabelledTexts);
}

/** A piece of text (a node may come in pieces around its entities): added to the node read for a label, or to the text after one. */
export function readLabelText(state: ParseState, text: string): void {
  // More text before a tag: the node let go is read first, as if it had been taken.
  if (state.labelPending !== null) {
    state.labelNode = decodeText(state.labelPending);
    state.labelPending = null;
  }
  const tail = state.labelTail;
  if (tail !== null) {
    if (tail.text.length < maxLabelledText) tail.text += text;
    return;
  }
  if (state.labelNode.length <= maxLabelNode && readsLabels(state)) state.labelNode += text;
}

/** At a tag: the text node read so far is done. A label in it starts the text after it; the text after a label ends after a few tags. */
export function endLabelNode(state: ParseState): void {
  const tail = state.labelTail;
  if (tail !== null) {
    tail.text += ' ';
    if (++tail.tags < maxTailTags && collapse(tail.text).length < maxLabelledText) return;
    state.labelTail = null;
    const text = collapse(tail.text);
    (state.snapshot.labelledTexts ??= []).push(text.length > maxLabelledText ? text.slice(0, maxLabelledText) : text);
    return;
  }
  const node = state.labelNode;
  state.labelNode = '';
  if (node.length > maxLabelNode || !mayLabel(node, 0, node.length) || !(labelPattern.test(node) || authorLabelPattern.test(node.trimStart()))) return;
  state.labelTail = {text: `${node} `, tags: 0};
}

/** At the end of the document: the text after a label is kept as it is. */
export function endLabels(state: ParseState): void {
  if (state.labelNode !== '' && state.labelTail === null) endLabelNode(state);
  const tail = state.labelTail;
  if (tail === null) return;
  state.labelTail = null;
  const text = collapse(tail.text);
  (state.snapshot.labelledTexts ??= []).push(text.length > maxLabelledText ? text.slice(0, maxLabelledText) : text);
}
