import {appendText, startText} from './collect-text.js';
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
