import type {Snapshot} from '../../parse/snapshot.js';
import {metaContentsOf, oncePerCall} from '../query.js';
import {dateOrder, hostOrder, type DateOrder} from './date-order.js';
import {readDate} from './read-date.js';
import {named, type Rule} from '../rule-kit.js';

const localeKeys = ['og:locale', 'content-language', 'language', 'dc.language'];

/**
 * The order of the page's numeric dates, from `<html lang>`, else its locale metas ({@link dateOrder}),
 * else its host's country domain (`.fr`, `.com.br`: {@link hostOrder}); month first when none says. A bare
 * `en` names no country: on a country's domain (`.co.uk`, `.in`, `.com.au`, `.ng`) the domain's order wins, as
 * English pages of the countries that write the day first carry it as often as American ones.
 */
export function pageOrder(snapshot: Snapshot, url?: string): DateOrder {
  const lang = snapshot.lang ?? metaContentsOf(snapshot, localeKeys)[0];
  if (lang !== undefined && lang !== null && lang.trim() !== '') {
    const order = dateOrder(lang);
    return order === 'mdy' && bareEnglish.test(lang) ? (siteOrder(snapshot, url) ?? order) : order;
  }
  return siteOrder(snapshot, url) ?? 'mdy';
}

/** {@link hostOrder}, read once per pickFields call (the date rules ask for the page's order many times). */
function siteOrder(snapshot: Snapshot, url: string | undefined): DateOrder | null {
  return url === undefined ? null : oncePerCall(snapshot, hostOrder, url);
}

// `en` without a region.
const bareEnglish = /^\s*en\s*$/i;

// A value that starts with a numeric day and month in some order (`06.10.2023`, `01-11-2023`, `02/10/2020 14:00`),
// or has words before one (a `<time>`'s text: `Actualizado el 08/05/2022 02:14 a.m.`, `Stand: 11.01.2021`).
const numericDayMonth = /^\s*\d{1,2}[./-]\s?\d{1,2}[./-]|^\s*\p{L}[^\d]{0,40}(?<!\d)\d{1,2}[./-]\s?\d{1,2}[./-]\s?\d{2,4}(?!\d)/u;

/**
 * `rule` with its numeric day-month values read in the page's order (`<time datetime="01-11-2023">`
 * on a French page is 1 November), as ISO 8601; its other values as they are, for isoDate.
 */
export function inPageOrder(rule: Rule): Rule {
  return named(rule.name, (snapshot, context) => {
    const result = rule(snapshot, context);
    const values = typeof result === 'string' ? [result] : Array.isArray(result) ? result : null;
    if (values === null || !values.some((value) => numericDayMonth.test(value))) return result;
    const order = pageOrder(snapshot, context.url);
    return values.map((value) => (numericDayMonth.test(value) ? (readDate(value, order) ?? value) : value));
  });
}
