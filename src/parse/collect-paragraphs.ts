import {appendText, collapse, maxText, startText} from './collect-text.js';
import {decodeText} from './markup-ends.js';
import type {ParseState} from './state.js';
import {maxLeadParagraphs, maxParagraphs, minParagraphLength, type ParagraphText} from './snapshot.js';

/*
 * The paragraphs that may be a page's lead (issue 28 item 3: a description read from the body): the
 * first `<p>`s of at least 40 characters outside nav/header/footer/aside/form and outside
 * figure/figcaption/blockquote/dialog (a caption, a pull quote, a cookie dialog), each marked when it
 * sits in an `<article>` or `<main>`. The rules (src/rules/lead-paragraph.ts) decide which one is the
 * lead: text that reads like a cookie notice, a byline or breadcrumbs is not.
 */

/** Tags whose paragraphs are the page's content: the lead is looked for there first. */
export const contentTags = ['article', 'main'] as const;
/** Tags whose paragraphs are never the lead: a caption, a pull quote, a dialog (cookie banners use one). */
export const asideTextTags = ['figure', 'figcaption', 'blockquote', 'dialog'] as const;

/**
 * Starts reading a `<p>` just opened at the state's depth, when it may still be recorded. Not when a
 * `<meta>` already described the page: the lead is the description's last source, after every
 * metadata one, and reading each paragraph's text is most of what a small page costs to parse
 * (the rules then fall back to {@link Snapshot.paragraph}, the first one, which is read anyway).
 */
export function collectParagraph(state: ParseState): void {
  if (state.described || state.readingParagraph || state.captionDepth > 0) return;
  const list = state.snapshot.paragraphs;
  if (list !== undefined && (list.length >= maxParagraphs || list.filter((entry) => entry.lead).length >= maxLeadParagraphs)) return;
  const lead = state.contentDepth > 0;
  state.readingParagraph = true;
  startText(state.collectors, state.depth, (text) => {
    state.readingParagraph = false;
    if (text.length < minParagraphLength) return;
    const entry: ParagraphText = {text, lead};
    (state.snapshot.paragraphs ??= []).push(entry);
  });
}

/**
 * A `<br>` inside an element being read is a break between words: `<p><b>Heading</b><br>Text` reads
 * `Heading Text`, not `HeadingText`.
 */
export function breakLine(state: ParseState): void {
  if (state.collectors.length !== 0) appendText(state.collectors, ' ');
}

/*
 * A paragraph written without `<p>` (Readability reads such text as one): a block's own text node of at
 * least 40 characters ending a sentence, right after a block opens or closes, or a `<br>` (`<div>The text…<br><br>More…</div>`,
 * `<article><h1>…</h1>The text…`), never inside an inline element (`<a>`, `<span>`: a sentence's tail).
 * Read only on a page no `<meta>` describes, before its first `<p>` of 40 characters, outside the
 * chrome and captions, at most {@link maxLooseTexts}: a text node is looked at by its length first,
 * and only a long one is decoded.
 */

const sentenceEnd = /[.!?…。！？"'»”’)]$/u;

/** How many block texts are kept. */
const maxLooseTexts = 3;
/** Past this many characters read, a block's text takes no more pieces (it keeps {@link maxText}). */
const maxLooseNode = 4000;

/** Tags whose opening starts a block's text, and those whose closing ends a block (the text after it is its parent's own). */
export const looseOpenTags: ReadonlySet<string> = new Set(['div', 'article', 'section', 'main', 'body', 'center', 'br']);
export const looseCloseTags: ReadonlySet<string> = new Set(['div', 'br', 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'dl', 'table', 'blockquote', 'figure', 'section', 'header', 'pre']);

function readsLoose(state: ParseState): boolean {
  return !state.described && state.snapshot.paragraph === null && state.sectionDepth === 0 && state.captionDepth === 0
    && state.svgDepth === 0 && !state.rawText && !state.readingParagraph && !state.collecting.paragraph && looseCount(state) < maxLooseTexts;
}

function looseCount(state: ParseState): number {
  let count = 0;
  for (const entry of state.snapshot.paragraphs ?? []) if (entry.loose) count++;
  return count;
}

/** Whether `html[start, end)` is white space alone (the text between two tags, mostly). */
function blank(html: string, start: number, end: number): boolean {
  for (let at = start; at < end; at++) if (html.charCodeAt(at) > 32) return false;
  return true;
}

/**
 * Whether the text `text[start, end)` is read as a block's text: it starts one (white space alone starts
 * none: it is trimmed away) or goes on with one.
 */
function takesLoose(state: ParseState, text: string, start: number, end: number): boolean {
  // Most pages: a meta describes them, or their first `<p>` was read: nothing to do (tested first, it is the hot path).
  if (state.described || state.snapshot.paragraph !== null) return false;
  if (state.looseNode === '' && (!state.blockEdge || blank(text, start, end))) return false;
  return state.looseNode.length <= maxLooseNode && readsLoose(state);
}

/** A raw text node no collector wants (`html[start, end)`): decoded only when it is read. */
export function readRawLoose(state: ParseState, html: string, start: number, end: number): void {
  if (takesLoose(state, html, start, end)) state.looseNode += decodeText(html.slice(start, end));
}

/** A decoded piece of text (ontext), read as {@link readRawLoose} reads a raw one. */
export function readLoosePiece(state: ParseState, text: string): void {
  if (takesLoose(state, text, 0, text.length)) state.looseNode += text;
}

/** At a tag: the block's text read so far is done; kept when it is long enough. */
export function endLooseNode(state: ParseState): void {
  const text = collapse(state.looseNode);
  state.looseNode = '';
  // A sentence's end: a block's text that has none is a tagline or a label (`From Wikipedia, the free encyclopedia`).
  if (text.length < minParagraphLength || !sentenceEnd.test(text)) return;
  (state.snapshot.paragraphs ??= []).push({text: text.length > maxText ? text.slice(0, maxText) : text, lead: state.contentDepth > 0, loose: true});
}
