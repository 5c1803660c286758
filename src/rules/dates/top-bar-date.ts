import {findDates} from './read-date.js';

/*
 * The day's date a site's top bar shows (`Mittwoch, 8. Juli 2020`, `Miércoles, 04 de Mayo de 2022`,
 * `Wednesday, November 8, 2023`): a weekday, then a date, and nothing else (no time of day). Written in
 * an element named `.date` or a `<time>` above the headline, it is the day the page was read, not the
 * story's: a page's own date element or `<time>` with another day comes first. (dates/date-node.ts does
 * not read a date after a weekday for the same reason.)
 */

// A weekday (a word of letters, an abbreviation's dot, a comma), then white space.
const weekdayStart = /^\s*\p{L}{2,12}\.?,?\s+/u;
// A time of day (`18:50`): a story's date shows one, a top bar's does not.
const timeOfDay = /\d:\d\d/;
/** The longest text read as a top bar's date. */
const maxLength = 40;

/** What a short text that opens with a weekday and holds one date right after it is: a top bar's day, or a post's timestamp. */
function weekdayDate(text: string): 'day' | 'timestamp' | null {
  if (text.length > maxLength) return null;
  const start = weekdayStart.exec(text);
  if (start === null) return null;
  const dates = findDates(text, 'dmy', 2);
  if (dates.length !== 1 || dates[0]!.index !== start[0].length) return null;
  return timeOfDay.test(text) ? 'timestamp' : 'day';
}

/** Whether `text` is a weekday and a date alone, as a top bar shows the day's date. */
export const isTopBarDate = (text: string): boolean => weekdayDate(text) === 'day';

/**
 * Whether `text` is a weekday, a date, then a time of day (`Monday 28 September 2020 19:27`, `Freitag, 04.02.2022, 09:55 Uhr`):
 * a post's timestamp, which a top bar's date is not.
 */
export const isWeekdayTimestamp = (text: string): boolean => weekdayDate(text) === 'timestamp';

/** `texts` with the top bars' dates ({@link isTopBarDate}) moved last, when another text is left before them. */
export function topBarDatesLast(texts: readonly string[]): readonly string[] {
  if (texts.length < 2) return texts;
  const others = texts.filter((text) => !isTopBarDate(text));
  return others.length === texts.length || others.length === 0 ? texts : [...others, ...texts.filter(isTopBarDate)];
}
