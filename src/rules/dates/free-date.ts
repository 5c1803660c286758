import {monthPattern} from './month-names.js';
import {readDate} from './read-date.js';

/*
 * The last resort of isoDate (rules/normalize.ts) for a value that neither read-date.ts nor `Date`
 * reads: the shapes where the day, month and year are written but not in the order read-date.ts
 * looks for. Each is rewritten into one it reads, so the time of day, meridiem and zone are read
 * the one way: `Tue Jan 28 15:49:07 CET 2020` (what `date` prints: the time between the day and the
 * year) → `Jan 28, 2020 15:49:07 CET`; `03-Jan-2016` and `28/Sep/2016` → `03 Jan 2016`;
 * `Jan-28-2016` → `Jan 28, 2016`; `2016 May 3` → `May 3, 2016`; `the 3rd of May, 2016`. A month and
 * a year alone (`September 2016, 05.04 PM`) is the month's first day, as `Date` reads `May 2016`.
 * (It replaced chrono-node, a parser of English prose that cost about 65 ms of CPU to import, and
 * which in the real pages read only the first shape.)
 */

const month = `(${monthPattern})\\.?`;
const day = '(\\d{1,2})(?:st|nd|rd|th)?';
const year = '(\\d{4})(?!\\d)';
// A time of day as read-date.ts reads it after a date, with its zone: `15:49:07 CET`, `2:30 p.m. PDT`, `05.04 PM`;
// or an hour and its meridiem alone (`2pm`), which is given its minutes.
const time = '(\\d{1,2}[:.]\\d{2}(?::\\d{2})?(?:\\s*[ap]\\.?\\s?m\\b\\.?)?|\\d{1,2}\\s*[ap]\\.?\\s?m\\b\\.?)(\\s+(?:[a-z]{2,5}\\b|[+-]\\d{2}:?\\d{2}))?';
/** The time of a shape whose time moves after the year, as read-date.ts reads it: `2pm` → `2:00 pm`. */
const timeOf = (hour: string, zone = ''): string => hour.replace(/^(\d{1,2})\s*(?=[ap])/i, '$1:00 ') + zone;

/** Each shape, and the order read-date.ts reads its parts in. */
const shapes: readonly [RegExp, (match: RegExpExecArray) => string][] = [
  // `Jan 28 15:49:07 CET 2020`, `Sept. 3rd 2:30 p.m. ET 2016`.
  [new RegExp(`(?<!\\p{L})${month}\\s+${day},?\\s+${time}\\s+${year}`, 'iu'), (m) => `${m[1]} ${m[2]}, ${m[5]} ${timeOf(m[3]!, m[4])}`],
  // `28 Jan 14:30 PDT 2016`.
  [new RegExp(`(?<!\\d)${day}\\s+${month},?\\s+${time}\\s+${year}`, 'iu'), (m) => `${m[2]} ${m[1]}, ${m[5]} ${timeOf(m[3]!, m[4])}`],
  // `03-Jan-2016`, `3rd/Sept./2016`.
  [new RegExp(`(?<!\\d)${day}([-/])${month}\\2${year}`, 'iu'), (m) => `${m[1]} ${m[3]} ${m[4]}`],
  // `Jan-28-2016`, `Sept.-3rd-2016`.
  [new RegExp(`(?<!\\p{L})${month}([-/])${day}\\2${year}`, 'iu'), (m) => `${m[1]} ${m[3]}, ${m[4]}`],
  // `2016 May 3`, `2016 Sept. 3rd`.
  [new RegExp(`(?<!\\d)${year}\\s+${month}\\s+${day}(?!\\d)`, 'iu'), (m) => `${m[2]} ${m[3]}, ${m[1]}`],
  // `the 3rd of May, 2016`.
  [new RegExp(`(?<!\\d)${day}\\s+of\\s+${month},?\\s+${year}`, 'iu'), (m) => `${m[1]} ${m[2]} ${m[3]}`],
  // `September 2016`, `May, 2016`: the first of the month.
  [new RegExp(`(?<!\\p{L})${month},?\\s+${year}`, 'iu'), (m) => `1 ${m[1]} ${m[2]}`],
];

/**
 * The date (day, month and four-digit year written) in a value that read-date.ts does not read as it
 * stands, as ISO 8601 (noon UTC without a time, UTC without a zone); `null` when there is none.
 */
export function readFreeDate(value: string): string | null {
  // A zone in brackets (`05.04 PM (PST)`) is read as one written bare.
  const text = value.replace(/\((\p{L}{2,5})\)/gu, '$1');
  for (const [pattern, reorder] of shapes) {
    const match = pattern.exec(text);
    if (match === null) continue;
    const date = readDate(reorder(match) + text.slice(match.index + match[0].length), 'mdy');
    if (date !== null) return date;
  }
  return null;
}
