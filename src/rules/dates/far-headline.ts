import {findDates} from './read-date.js';
import type {DateOrder} from './date-order.js';

/*
 * The text after a headline read past its wrapper (parse/collect-dates.ts: a component page nests its
 * `<h1>` deep, and its category and date follow in the next block: `Familie 17/02/2022 Ihre Tochter…`).
 * It may be the article's first sentence as well, whose dates are events' (`Am Montag, 3. März 2021
 * wurde…`): its date counts only when it opens the text (at most {@link maxFarStart} characters in,
 * after a category, a reading time or a byline) and no sentence starts before it.
 */

/** How far into the text read past the wrapper its date may start. */
const maxFarStart = 40;

// A sentence that opens with when something happens (`Am Montag, …`, `Seit Freitag …`, `On Monday, …`).
const sentenceStart = /^(?:am|im|um|ab|an|bis|seit|vom|zum|zur|nach|vor|bei|on|since|until|from|last|next|depuis|desde|dal|dès|hasta|sinds|op)\s/i;

/** The start of `text` up to the end of its first date when that date may be the page's, else `''`. */
export function farHeadlineText(text: string, order: DateOrder): string {
  const date = findDates(text.slice(0, maxFarStart + 40), order, 1)[0];
  if (date === undefined || date.index > maxFarStart || sentenceStart.test(text.slice(0, date.index).trimStart())) return '';
  return text.slice(0, maxFarStart + 40);
}
