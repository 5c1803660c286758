import type {Snapshot} from '../../parse/parse-html.js';
import {isoDate} from '../normalize.js';
import {named, stringValues, type Rule, type RuleContext} from '../rule-kit.js';
import {labelledDates} from './date-labels.js';
import {pageOrder} from './page-order.js';

/*
 * The date a reader sees (issue 33 item 2): a page whose metadata names a first publication it never
 * shows, while its byline or date element shows the last edit's day (`<span class="date">12.01.2022</span>`
 * under the headline, `Stand: 07.11.2023`), is dated as it reads: by the day it shows. A page that shows
 * its first publication, or no date at all, or calls the day it shows an update (`Updated May 4, 2016`),
 * keeps the metadata's.
 */

/** The day a date value names, as the page wrote it (`2021-03-16T17:16:00+01:00` → `2021-03-16`), or `null`. */
function dayOf(value: string): string | null {
  const written = /^\s*(\d{4}-\d\d-\d\d)/.exec(value);
  if (written !== null) return written[1]!;
  return isoDate(value)?.slice(0, 10) ?? null;
}

/** The days of the values a rule gives (a rule that throws gives none). */
function addDays(rule: Rule, snapshot: Snapshot, context: RuleContext, out: Set<string>): void {
  for (const value of stringValues(rule, snapshot, context)) {
    const day = dayOf(value);
    if (day !== null) out.add(day);
  }
}

/** The first value of the first rule that gives one naming a day. */
function firstValue(rules: readonly Rule[], snapshot: Snapshot, context: RuleContext): string | null {
  for (const rule of rules) {
    const value = stringValues(rule, snapshot, context)[0];
    if (value !== undefined && dayOf(value) !== null) return value;
  }
  return null;
}

/**
 * `rule` (a metadata source of the first publication), its value replaced by the last modification's
 * (the first of `modified` that names one) when the page's body (`shown`: the rules that read dates in
 * its text) shows that day and not the publication's.
 */
export function asShown(rule: Rule, modified: readonly Rule[], shown: readonly Rule[]): Rule {
  return named(rule.name, (snapshot, context) => {
    const result = rule(snapshot, context);
    const published = typeof result === 'string' ? result : Array.isArray(result) && typeof result[0] === 'string' ? result[0] : null;
    const publishedDay = published === null ? null : dayOf(published);
    if (publishedDay === null) return result;
    const edit = firstValue(modified, snapshot, context);
    const editDay = edit === null ? null : dayOf(edit);
    if (editDay === null || editDay === publishedDay) return result;
    // Most pages that name both show the publication: the search ends as soon as a source shows it.
    const days = new Set<string>();
    for (const source of shown) {
      addDays(source, snapshot, context, days);
      if (days.has(publishedDay)) return result;
    }
    return days.has(editDay) && !labelsUpdate(snapshot, context, editDay) ? edit : result;
  });
}

/** Whether the body's date texts (bylines, date elements, the text by the headline) label `day` as an update (`Updated`, `Aktualisiert am`). */
function labelsUpdate(snapshot: Snapshot, context: RuleContext, day: string): boolean {
  const texts = [
    ...(snapshot.bylines ?? []).map((entry) => entry.text), ...(snapshot.dateTexts ?? []), ...(snapshot.datelines ?? []),
    ...(snapshot.afterHeadline === undefined ? [] : [snapshot.afterHeadline]),
  ];
  const order = pageOrder(snapshot, context.url);
  return texts.some((text) => labelledDates(text, order).some((date) => date.modified && date.iso.slice(0, 10) === day && !asOf.test(text.slice(Math.max(0, date.index - 12), date.index))));
}

/** `Stand:` (as of), how German news sites write the one date they show: the page's date to a reader, not an update's. */
const asOf = /\bstand\W*$/i;
