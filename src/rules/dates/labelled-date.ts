import {labelPattern} from '../../parse/collect-labelled-dates.js';
import type {Snapshot} from '../../parse/snapshot.js';
import {named, type Rule} from '../rule-kit.js';
import {pageOrder} from './page-order.js';
import {findDates} from './read-date.js';

/*
 * The date a label names anywhere in the body (issue 33 item 2; collect-labelled-dates.ts keeps the
 * texts): `Datum: 03.11.2021`, `Pressemitteilung vom 20.01.2022`, `Erschienen am: 01.11.2023`,
 * `Publié le 13 juin 2019`, `Opublikowano: 10 listopada 2021`. The date must follow its label closely
 * (a weekday or `by Ann Lee on` may stand between). An edit's label (`Aktualisiert am`) names no
 * publication and is not read.
 */

/** How far after its label a date may start. */
const maxGap = 30;

// Every label of a text, in order.
const labels = new RegExp(labelPattern.source, 'giu');

/** The dates right after the labels of `texts`, in order. */
export function labelledDates(texts: readonly string[], order: 'dmy' | 'mdy'): string[] {
  const found: string[] = [];
  for (const text of texts) {
    for (const label of text.matchAll(labels)) {
      const from = label.index + label[0].length;
      const date = findDates(text.slice(from, from + maxGap + 40), order, 1)[0];
      if (date !== undefined && date.index <= maxGap) found.push(date.iso);
    }
  }
  return found;
}

/** Dates named by a label in the body's short texts (`<h5>Datum:</h5> 03.11.2021`). */
export const labelledDate: Rule = named('document(label) date', (snapshot: Snapshot) =>
  (snapshot.labelledTexts === undefined ? null : labelledDates(snapshot.labelledTexts, pageOrder(snapshot))));
