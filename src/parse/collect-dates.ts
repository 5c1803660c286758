import {collapse, startText, type TextCollector} from './collect-text.js';
import {otherYearSource} from './digits.js';
import type {ParseState} from './state.js';

/*
 * The text right after the page's headline (issue 33 item 2): where most pages that show their date
 * only as text write it (`<h1>…</h1><p><em>10.11.2021</em></p>`, a subtitle `Handball Schweiz • 02.02.2022`,
 * `<div class="release">dpa am 25.01.2022</div>`). The rules read a date in it (body-rules.ts).
 */

/** How many characters after the headline are kept. */
export const maxHeadlineText = 200;
/** How many `<h1>`s may read the text after them, each while the ones before it had no date there. */
export const maxHeadlines = 3;
/** How far into the text after a headline a year must be for it to be kept. */
const maxHeadlineDigit = 100;
// A year of a date (1900–2099, or the two digits that end `28.01.22`), or one of another calendar or script (`٢٠١٩`, `2562`, `۱۳۹۸`, `令和元年`: digits.ts).
const hasYear = new RegExp(`(?:19|20)\\d\\d|\\d[./]\\d\\d(?!\\d)|${otherYearSource}`);

/**
 * Called as an `<h1>` closes (`state.depth` is its parent's): the first one outside nav/footer/aside/form
 * (a hidden "Navigation" heading is not the headline), or a later one (at most {@link maxHeadlines}) while the text after the ones before had no year near its start, starts reading the text
 * that follows it up to the end of its parent's parent (a title wrapper's sibling holds the byline
 * as often as the h1's own), kept in `snapshot.afterHeadline`. An empty text leaves the field absent,
 * so a later `<h1>` may read its own.
 */
export function readAfterHeadline(state: ParseState): void {
  const {snapshot} = state;
  if (state.svgDepth > 0 || state.chromeDepth > 0) return;
  // The text after a chrome `<h1>` still being read (its parent's parent is the whole page) that shows no year
  // by now gives way to this one's.
  const pending = state.headlineText;
  if (snapshot.afterHeadline === '' && pending !== null) {
    const read = collapse(pending.text);
    if (read.length < maxHeadlineDigit || hasYear.test(read.slice(0, maxHeadlineDigit))) return;
    const at = state.collectors.indexOf(pending);
    if (at !== -1) state.collectors.splice(at, 1);
    delete snapshot.afterHeadline;
  }
  if (snapshot.afterHeadline !== undefined || state.svgDepth > 0 || state.chromeDepth > 0 || state.headlinesRead >= maxHeadlines) return;
  snapshot.afterHeadline = '';
  if (state.headlinesRead++ === 0) {
    // The datelines are the paragraphs after the first headline (those before it are the site's teasers and banners),
    // and a topline right before it (`<p class="subline">21. Jan 2022</p><h1>…</h1>`).
    const before = snapshot.datelines;
    delete snapshot.datelines;
    if (before !== undefined && before.length > 0 && state.elements - state.datelineAt <= maxToplineGap) snapshot.datelines = [before[before.length - 1]!];
  }
  state.headlineClimbs = 0;
  const depth = Math.max(1, state.depth - 1);
  const collector = afterHeadlineCollector(state, depth);
  // The collectors stay in nesting order (finishText reads the last as the deepest): the h1's own are still open here.
  const {collectors} = state;
  let index = collectors.length;
  while (index > 0 && collectors[index - 1]!.depth > depth) index--;
  collectors.splice(index, 0, collector);
  state.headlineText = collector;
}

/** How many more ancestors may read on when the ones before held no text after the headline. */
const maxHeadlineClimbs = 5;

/** The reader of the text after the headline, to the end of the element at `depth`. */
function afterHeadlineCollector(state: ParseState, depth: number): TextCollector {
  const {snapshot} = state;
  const collector: TextCollector = {depth, text: '', cut: false, done: (whole) => {
    state.headlineText = null;
    // Nothing after the headline in its wrapper (a component page nests the `<h1>` deep: `<div><div><h1>…</h1></div></div>`
    // and its date in the next block): the text that follows is read on, to the end of the next ancestor (resumeAfterHeadline).
    if (whole === '' && state.headlineClimbs < maxHeadlineClimbs && depth > 1) {
      state.headlineClimbs++;
      state.headlineResume = true;
      return;
    }
    const text = collector.breaks === undefined ? whole : blockLines(collector);
    // A text without a year near its start holds no date (a chrome `<h1>Navigation</h1>` and its menu): a later `<h1>` reads its own.
    if (!hasYear.test(text.slice(0, maxHeadlineDigit))) {
      delete snapshot.afterHeadline;
      // Its first two blocks are kept for a byline all the same (`<h1>…</h1><div>By Jane Doe</div>`): the rules read a name there.
      if (text !== '') (snapshot.undatedAfterHeadlines ??= []).push(leadBlocks(text));
      return;
    }
    snapshot.afterHeadline = text.length > maxHeadlineText ? text.slice(0, maxHeadlineText) : text;
    if (state.headlineClimbs > 0) snapshot.afterHeadlineFar = true;
  }, breaks: undefined};
  return collector;
}

/** Elements that end a block: their text and the next one's are not one run of words (`By JANE DOE</div><p>Lorem`). */
const blockEnds: ReadonlySet<string> = new Set([
  'p', 'div', 'li', 'dd', 'dt', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'header', 'article', 'address', 'blockquote',
  'figure', 'figcaption', 'td', 'th', 'tr', 'ul', 'ol', 'table',
]);

/** How far into the raw text after a headline block ends are marked: past it, the kept 200 characters are long read. */
const maxBreakAt = 4 * maxHeadlineText;

/**
 * Called as an element closes while the text after the headline is read (`state.headlineText`): a
 * block's end is marked, to be a line break in that text, as a reader sees it (the byline `By JANE DOE`
 * of one `<div>` and the first paragraph's `Lorem` are two lines, not `DOELorem`).
 */
export function endHeadlineBlock(state: ParseState, name: string): void {
  const collector = state.headlineText!;
  const at = collector.text.length;
  if (at === 0 || at > maxBreakAt || collector.breaks?.at(-1) === at || !blockEnds.has(name)) return;
  (collector.breaks ??= []).push(at);
}

/** A collected text's blocks ({@link endHeadlineBlock}), each collapsed, the empty ones left out, one a line. */
function blockLines(collector: TextCollector): string {
  const raw = collector.cut ? collector.text.slice(0, collector.text.lastIndexOf(' ')) : collector.text;
  const lines: string[] = [];
  let start = 0;
  for (const end of [...collector.breaks!, raw.length]) {
    if (end <= start) continue;
    const line = collapse(raw.slice(start, end));
    if (line !== '') lines.push(line);
    start = end;
  }
  return lines.join('\n');
}

/** The first two lines of a text after a headline (where a byline sits, a block of its own), each at most {@link maxDatelineText} characters. */
function leadBlocks(text: string): string {
  return text.split('\n', 2).map((line) => (line.length > maxDatelineText ? line.slice(0, maxDatelineText) : line)).join('\n');
}

/** After the reads that closed: the text after the headline, none yet, is read on to the end of the element now open. */
export function resumeAfterHeadline(state: ParseState): void {
  state.headlineResume = false;
  if (state.snapshot.afterHeadline !== '') return;
  const collector = afterHeadlineCollector(state, Math.max(1, state.depth));
  state.collectors.push(collector);
  state.headlineText = collector;
}

/** How many elements may open between a paragraph and the `<h1>` after it for it to be the headline's topline. */
const maxToplineGap = 8;

/** How many of the page's first non-empty paragraphs are kept for a dateline, and how many of their characters. */
export const maxDatelines = 3;
export const maxDatelineText = 80;

/**
 * Called as a `<p>` opens outside nav/header/footer/aside/form and captions: the start of the page's
 * first {@link maxDatelines} non-empty paragraphs, kept in `snapshot.datelines`, where press releases
 * and news write their date (`BERLIN, 3. März 2021 – …`, `(dpa) 03.03.2021 …`, `29.11.2022 – Text`).
 */
export function readDateline(state: ParseState): void {
  const {snapshot} = state;
  const list = (snapshot.datelines ??= []);
  if (list.length >= maxDatelines + 1 || state.svgDepth > 0 || state.chromeDepth > 0) return;
  // The slot is taken now so the texts stay in document order; an empty paragraph leaves no entry.
  const index = list.push('') - 1;
  state.datelineAt = state.elements;
  startText(state.collectors, state.depth, (text) => {
    if (text !== '') list[index] = text.length > maxDatelineText ? text.slice(0, maxDatelineText) : text;
    else if (list.splice(index, 1).length > 0 && list.length === 0) delete snapshot.datelines;
  });
}
/** How many minor headings are kept for a byline. */
export const maxHeadingLines = 3;

/**
 * Called as an `<h4>`–`<h6>` opens outside nav/header/footer/aside/form and captions: the start of the
 * page's first {@link maxHeadingLines} non-empty ones, kept in `snapshot.headingLines` (a byline's place
 * on many sites: `<h5><em>Von Leonora Holling</em></h5>`). Kept apart from the datelines, whose few
 * slots are the paragraphs' (a heading there would push out a paragraph's date).
 */
export function readHeadingLine(state: ParseState): void {
  const {snapshot} = state;
  const list = (snapshot.headingLines ??= []);
  if (list.length >= maxHeadingLines || state.svgDepth > 0 || state.chromeDepth > 0) return;
  const index = list.push('') - 1;
  startText(state.collectors, state.depth, (text) => {
    if (text !== '') list[index] = text.length > maxDatelineText ? text.slice(0, maxDatelineText) : text;
    else if (list.splice(index, 1).length > 0 && list.length === 0) delete snapshot.headingLines;
  });
}
