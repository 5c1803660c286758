import {genericWords, labelPattern} from '../../parse/collect-labelled-dates.js';
import type {Snapshot} from '../../parse/snapshot.js';
import {named, type Rule} from '../rule-kit.js';
import type {DateOrder} from './date-order.js';
import {pageOrder} from './page-order.js';
import {findDates} from './read-date.js';
import {isoDate} from '../normalize.js';

/*
 * The date a label names anywhere in the body (issue 33 item 2; collect-labelled-dates.ts keeps the
 * texts): `Datum: 03.11.2021`, `Pressemitteilung vom 20.01.2022`, `Erschienen am: 01.11.2023`,
 * `Publié le 13 juin 2019`, `Opublikowano: 10 listopada 2021`. The date must follow its label closely
 * (a weekday or `by Ann Lee on` may stand between). An edit's label (`Aktualisiert am`) names no
 * publication and is not read.
 */

/** How far after its label a date may start. */
const maxGap = 30;

// Every label of a text, in order, read in the lowercased text: the pattern's ~80 labels in many scripts
// compile ~8x faster without `i`, and V8 compiles an expression used only on some pages again after a
// garbage collection has dropped its code. The `i` one is for a text whose lowercasing changes its length.
const labels = new RegExp(labelPattern.source, 'gu');
let foldingLabels: RegExp | undefined;

// A bare `Datum:`, `Date:`: an event's date as often as the page's.
const bareLabel = new RegExp(String.raw`^(?:${genericWords})\s*:$`, 'iu');

/** The dates right after the labels of `texts`, in order (only a publication's labels with `named`, no bare `Datum:`). */
export function labelledDates(texts: readonly string[], order: DateOrder, named = false): string[] {
  const found: string[] = [];
  for (const text of texts) {
    const lower = text.toLowerCase();
    const lowered = lower.length === text.length;
    for (const label of (lowered ? lower : text).matchAll(lowered ? labels : (foldingLabels ??= new RegExp(labelPattern.source, 'giu')))) {
      if (named && bareLabel.test(label[0])) continue;
      const from = label.index + label[0].length;
      const date = findDates(text.slice(from, from + maxGap + 40), order, 1)[0];
      if (date !== undefined && date.index <= maxGap) found.push(date.iso);
    }
  }
  return found;
}

/**
 * The date a publication's label names in the body (`Veröffentlicht am 16.08.2019`, `Erschienen am: 13.10.2021`,
 * `Published on`): said in words, it comes right after the metadata, before a byline's date and `<time>`s
 * (a theme's `<time>` may be an edit's or a related story's; a byline's date may be the last save).
 */
export const publishedLabelDate: Rule = named('document(published label) date', (snapshot: Snapshot, context) => {
  if (snapshot.labelledTexts === undefined) return null;
  const dates = labelledDates(snapshot.labelledTexts, pageOrder(snapshot, context.url), true);
  // A `<time>` of the same day (`Posted on <time datetime="2016-05-16T08:12:40+01:00">May 16, 2016</time>`) gives its time of day.
  return dates.map((date) => {
    const day = date.slice(0, 10);
    for (const time of snapshot.times) {
      const instant = time.startsWith(day) ? isoDate(time) : null;
      if (instant !== null && instant.startsWith(day)) return instant;
    }
    return date;
  });
});

/** Dates named by a label in the body's short texts (`<h5>Datum:</h5> 03.11.2021`). */
export const labelledDate: Rule = named('document(label) date', (snapshot: Snapshot, context) =>
  (snapshot.labelledTexts === undefined ? null : labelledDates(snapshot.labelledTexts, pageOrder(snapshot, context.url))));
