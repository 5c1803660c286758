import {isOtherSpace} from '../../parse/collect-text.js';
import {asciiDigits} from '../../parse/digits.js';
import {isThaiMonth, latinMonthPattern, mayOpenMonth, monthNumber, solarMonth, worldMonthPattern, worldScripts} from './month-names.js';
import type {DateOrder} from './date-order.js';

/*
 * Reads a date written as text in the page's own order and language (issue 33 item 2): `06.10.2023`
 * on a German page is 6 October, `1. November 2023`, `jeudi 13 juin 2019`, `jueves 2 de abril de 2020`,
 * `April 19, 2019`, `13 июня 2019`, `2019. június 13.`, `2019 m. birželio 13 d.`, `13 tháng 6 năm 2019`, `2019年6月13日`,
 * `2019. 6. 13.`, `2021-11-02 14:31`, with the time
 * of day and zone that follow it when there are; in the digits of any script (parse/digits.ts), and in the
 * calendars pages of the world count years in: Thailand's Buddhist era (`24 มิถุนายน 2562`, `24 มิ.ย. 62`),
 * the Persian solar calendar (`۳ تیر ۱۳۹۸`, `۱۳۹۸/۰۴/۰۳`), Japan's and Taiwan's eras (`令和元年6月24日`, `民國108年6月24日`),
 * each read as its Gregorian day.
 */

/** A date found in a text: where it starts, and its instant as ISO 8601 (noon UTC when no time of day is written). */
export interface FoundDate {
  index: number;
  iso: string;
}

/** The expressions that read a date at a position, each sticky (`y`). */
interface DateShapes {
  // Year first (`2021-11-02`, `2021/11/02`, `2021.11.02`, and Korean `2021. 11. 2.`).
  yearFirst: RegExp;
  // Day and month in either order (`02.11.2021`, `2.11.21`, `27. 1. 2022`, `02/11/2021`, `01-11-2023`).
  numeric: RegExp;
  // `1. November 2023`, `13 juin 2019`, `13e juin 2019`, `2 de abril de 2020`, `2 d'abril de 2020`, `1er mars 2020`, `07 Dezember, 2022`, `21. Jan. 2015`, `13 июня 2019`,
  // `24-Jun-2019`, and a year cut to two digits behind an apostrophe (`14 Feb ’20`, a blog theme's short date).
  dayMonth: RegExp;
  // Year, month's name, day, as Hungarian and Lithuanian write it: `2019. június 13.`, `2021. márc. 5.`, `2019 m. birželio 13 d.`.
  yearMonth: RegExp;
  // Year, day, month's name, as Latvian writes it: `2019. gada 13. jūnijs`.
  yearDayMonth: RegExp;
  // Vietnamese: `13 tháng 6 năm 2019`, `ngày 13 tháng 06, 2019`.
  vietnamese: RegExp;
  // Chinese, Japanese and Korean: `2019年6月13日`, `2019 年 6 月 13 日`, `2019년 6월 13일`.
  yearMonthDayMarks: RegExp;
  // `April 19, 2019`, `Sat Mar 12, 2016`, `Jan. 3rd 2020`, and a theme's date badge whose day and year spans
  // touch (`<span class="month">Apr</span> <span class="day">04</span><span class="year">2013</span>`: `Apr 042013`).
  // No look behind for a letter: {@link findDates} tries it only where a run of letters starts, or where a capital
  // follows a small letter (a name's and a date's spans read without a space: `Shana Nys DambrotNovember 6, 2023`).
  monthDay: RegExp;
  // The two shapes with a month's name in the scripts from Armenian on (month-names.ts: {@link worldMonthPattern}),
  // compiled on the first text that writes one.
  world?: WorldShapes;
  flags: string;
}

/** `dayMonth` and `monthDay` for the month names of the scripts from Armenian on. */
interface WorldShapes {
  // `24 জুন 2019`, `24 حزيران 2019`, the Levant's and Egypt's names side by side (`24 حزيران/يونيو 2019`,
  // `24 يونيو (حزيران) 2019`), Khmer's `24 ខែមិថុនា ឆ្នាំ2019`, Thai's era named (`24 มิถุนายน พ.ศ. 2562`) or its year
  // in two digits (`24 มิ.ย. 62`, read for a Thai month only), `۳ تیر ۱۳۹۸`.
  dayMonth: RegExp;
  // `יוני 24, 2019`.
  monthDay: RegExp;
}

// A time run into the year before it (`24 Juni 201910:30`, `24.06.201910:30`: a date's and a time's `<span>`s
// without a space between their texts): the year ends there. A year followed by `:` is none (`Juni 201910:30` is no 20 June 1910).
const gluedTime = String.raw`(?=\d{1,2}:\d{2}(?!\d))`;

/**
 * The shapes with `flags`. The month names' alternation is long (about 900 names): compiled with the
 * `i` flag, V8 takes about 4 ms per expression, and it compiles it again after a garbage collection
 * has dropped the code, so in a server that was a compilation per page. Without `i` it is about 8x
 * cheaper: the text is read lowercased instead ({@link findDates}); the `iu` shapes are kept for the
 * rare text whose lowercasing changes its length (`İ`), and compiled only for it.
 */
function dateShapes(flags: string): DateShapes {
  return {
    yearFirst: new RegExp('(?<!\\d)(\\d{4})(?:([-/])(\\d{1,2})\\2|\\.\\s?(\\d{1,2})\\.\\s?)(\\d{1,2})(?!\\d)', flags),
    numeric: new RegExp(`(?<![\\d.])(\\d{1,2})(?:(\\.)\\s?|([/-]))(\\d{1,2})(?:\\2\\s?|\\3)(\\d{4}|\\d{2})(?:(?![\\d.]?\\d)|(?<=\\d{4})${gluedTime})`, flags),
    dayMonth: new RegExp(`(?<!\\d)(\\d{1,2})(?:st|nd|rd|th|er|ème|eme|e|º|ª|°)?\\.?\\s*-?(?:de\\s+|d['’]\\s*|of\\s+)?(${latinMonthPattern})\\.?,?\\s*-?(?:de\\s+|del\\s+)?(\\d{4}|['’]\\d{2})(?:(?!\\d)|${gluedTime})`, flags),
    yearMonth: new RegExp(`(\\d{4})(?:\\.|\\s*m\\.)\\s*(${latinMonthPattern})\\.?\\s+(\\d{1,2})(?!\\d)\\.?`, flags),
    yearDayMonth: new RegExp(`(\\d{4})\\.\\s*gada\\s+(\\d{1,2})\\.\\s*(${latinMonthPattern})(?!\\p{L})`, flags),
    vietnamese: new RegExp('(\\d{1,2})\\s+th\\u00e1ng\\s+(\\d{1,2})(?:\\s+n\\u0103m\\s+|\\s*,\\s*)(\\d{4})(?!\\d)', flags),
    yearMonthDayMarks: new RegExp('(\\d{4})\\s*[年년]\\s*(\\d{1,2})\\s*[月월]\\s*(\\d{1,2})\\s*[日일]', flags),
    monthDay: new RegExp(`(${latinMonthPattern})\\.?\\s+(?:(\\d{1,2})(?:st|nd|rd|th)?,?\\s+|(\\d{2}))(\\d{4})(?:(?![\\d:])|${gluedTime})`, flags),
    flags,
  };
}

/** The shapes of {@link WorldShapes} with `flags`. */
const worldShapes = (flags: string): WorldShapes => ({
  dayMonth: new RegExp(`(?<!\\d)(\\d{1,2})\\s*(?:ខែ)?(${worldMonthPattern})(?:\\s*[/(]\\s*\\p{L}+(?:\\s+ال\\p{L}+)?\\s*\\)?)?\\.?,?\\s*(?:ឆ្នាំ|[พค]\\.\\s?ศ\\.\\s*)?(\\d{4}|\\d{2})(?!\\d)`, flags),
  monthDay: new RegExp(`(?<!\\p{L})(${worldMonthPattern})\\.?\\s+(\\d{1,2}),?\\s+()(\\d{4})(?!\\d)`, flags),
});

/** The shapes read on lowercased text (see {@link dateShapes}). */
const lowerShapes = dateShapes('uy');
let foldingShapes: DateShapes | undefined;
/** The shapes that fold case themselves, for a text whose lowercasing changes its length. */
const caseFoldingShapes = (): DateShapes => (foldingShapes ??= dateShapes('iuy'));

// What may start a date: a digit, or a letter (a month's name).
const dateStart = /\d|\p{L}/gu;
// A time of day right after the date (after the year's `г.` or `r.` of Russian and Polish, a weekday in brackets: `(木)`): `, 14:31 Uhr`, ` um 23:03`,
// ` at 2:05 pm`, ` - 16:40`, `T10:00:00+01:00`, ` 05.04 PM IST`, ` klo 10.30`, ` godz. 10:30`, `. u 10:30` (the year's dot of Croatian, Serbian and Korean), ` ora 10:30`, ` @ 10:30`, ` 10時30分`, ` 下午3:30`, ` 오후 3:30`, ` 10:30 WIB`, ` (GMT+7)`, ` МСК`.
const timeAfter = /^(?:\s*[гr]\.|\.)?(?:\s*[(（][^)）]{1,3}[)）])?(?:(?:\s*[,|·•–—-])?(?:\s*(?:um|at|à|a las|alle|ore|ora|om|às|kl\.?|klo|godz\.?|saat|pukul|lúc|u|o|@|в))?\s*|T)(上午|下午|午前|午後|오전|오후)?\s*(\d{1,2})(?:[:.h]|\s*[時시]\s*)(\d{2})(?!\.\d)(?::(\d{1,2}))?(?:\.\d+)?\s*[分분]?\s*([ap]\.?\s?m\b\.?)?\s*(?:uhr\b|h\b|uur\b)?\s*\(?(z\b|(?:gmt|utc)[+-]\d{1,2}(?::?\d{2})?\b|[+-]\d{2}(?::?\d{2})?\b|[a-z]{2,5}\b|мск(?![а-я]))?/i;

/** Hours from UTC of the time zone names pages write after a time. */
const zoneOffsets: ReadonlyMap<string, number> = new Map([
  ['z', 0], ['utc', 0], ['gmt', 0], ['ut', 0], ['wet', 0], ['bst', 1], ['cet', 1], ['mez', 1], ['cest', 2], ['mesz', 2], ['eet', 2], ['eest', 3],
  ['msk', 3], ['мск', 3], ['ist', 5.5], ['pkt', 5], ['wib', 7], ['ict', 7], ['wita', 8], ['wit', 9], ['pht', 8], ['sgt', 8], ['hkt', 8], ['jst', 9], ['kst', 9], ['aest', 10], ['aedt', 11], ['nzst', 12], ['nzdt', 13],
  ['est', -5], ['edt', -4], ['cst', -6], ['cdt', -5], ['mst', -7], ['mdt', -6], ['pst', -8], ['pdt', -7], ['akst', -9], ['akdt', -8], ['hst', -10],
]);

const minYear = 1900;
const maxYear = 2100;

/** Whether y-m-d is a day of the calendar, of a plausible year. */
function isDay(year: number, month: number, day: number): boolean {
  if (year < minYear || year > maxYear || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A two-digit year (`28.01.22`) as a year of 1970–2069. */
const fullYear = (text: string): number => (text.length === 2 ? (Number(text) < 70 ? 2000 : 1900) + Number(text) : Number(text));

/** Whether `\s` matches the character at `index`. */
const isSpaceAt = (text: string, index: number): boolean => {
  const code = text.charCodeAt(index);
  return code === 32 || isOtherSpace(code);
};
/** Where the white space that starts at `index` ends. */
function afterSpace(text: string, index: number): number {
  while (index < text.length && isSpaceAt(text, index)) index++;
  return index;
}
/** Whether a day's ordinal (`1er`, `3rd`, `13e`, `2º`) or a month's name may start at `index`. */
const ordinalOrName = (text: string, index: number): boolean => index < text.length && (isLetterAt(text, index) || '\u00ba\u00aa\u00b0'.includes(text[index]!));

/**
 * Where the word after a day of one or two digits that ends at `end` starts when a month's name may be there,
 * as `dayMonth` reads it: its ordinal, or a dot, a hyphen or white space then a word (`$69.73` cannot;
 * `13 juin`, `1. November`, `24-Jun` may); -1 when none may.
 */
function monthNameAfterDay(text: string, end: number): number {
  if (ordinalOrName(text, end)) return end;
  const after = text.charCodeAt(end);
  // `13. Juni`, `24-Jun-2019`.
  if (after === 46 || after === 45) end++;
  const word = afterSpace(text, end);
  return isLetterAt(text, word) ? word : -1;
}

/** Whether a year of four digits that ends at `end` may have a month's name after it, as `yearMonth` and `yearDayMonth` read it (`2019. június`, `2019 m. birželio`, `2019. gada`). */
function mayNameMonthAfterYear(text: string, end: number): boolean {
  if (text.charCodeAt(end) === 46) return isLetterAt(text, afterSpace(text, end + 1));
  const at = afterSpace(text, end);
  return (text.charCodeAt(at) | 32) === 109 && text.charCodeAt(at + 1) === 46;
}

/**
 * The year, month and day of a date that starts at `index` of `text`, and where it ends; `null` when none
 * starts there. Each shape is tried only where its run of digits (four for a year first, one or two for a
 * day) and the character after it allow it: most digits of a page start no date, and the shapes with the
 * month names are the costly ones.
 */
function dateAt(text: string, index: number, order: DateOrder, shapes: DateShapes): [number, number, number, number] | null {
  const c = text.charCodeAt(index);
  if (c >= 48 && c <= 57) {
    let end = index + 1;
    while (end < text.length && isDigitAt(text, end)) end++;
    const digits = end - index;
    if (digits === 4) {
      shapes.yearFirst.lastIndex = index;
      let match = shapes.yearFirst.exec(text);
      if (match !== null) return ofYear(Number(match[1]), Number(match[3] ?? match[4]), Number(match[5]), shapes.yearFirst.lastIndex);
      if (mayNameMonthAfterYear(text, end)) {
        shapes.yearMonth.lastIndex = index;
        match = shapes.yearMonth.exec(text);
        if (match !== null) return [Number(match[1]), monthNumber(match[2]!)!, Number(match[3]), shapes.yearMonth.lastIndex];
        shapes.yearDayMonth.lastIndex = index;
        match = shapes.yearDayMonth.exec(text);
        if (match !== null) return [Number(match[1]), monthNumber(match[3]!)!, Number(match[2]), shapes.yearDayMonth.lastIndex];
      }
      shapes.yearMonthDayMarks.lastIndex = index;
      match = shapes.yearMonthDayMarks.exec(text);
      return match === null ? null : [Number(match[1]), Number(match[2]), Number(match[3]), shapes.yearMonthDayMarks.lastIndex];
    }
    if (digits > 2) return null;
    shapes.numeric.lastIndex = index;
    let match = shapes.numeric.exec(text);
    if (match !== null) {
      // A two-digit year only with dots (`28.01.22`): `1/2/22` is as likely a fraction or a score.
      if (match[5]!.length === 2 && match[2] === undefined) return null;
      const first = Number(match[1]);
      const second = Number(match[4]);
      // The languages that write the year first write `19.06.24` for 24 June 2019 (and `24.06.2019` as others do).
      if (order === 'ymd' && match[5]!.length === 2) return [fullYear(match[1]!.padStart(2, '0')), second, Number(match[5]), shapes.numeric.lastIndex];
      // Dots are day first in every language that writes them; a number over 12 is the day whatever the order.
      const dayFirst = match[2] !== undefined || first > 12 || (order !== 'mdy' && second <= 12);
      return [fullYear(match[5]!), dayFirst ? second : first, dayFirst ? first : second, shapes.numeric.lastIndex];
    }
    const name = monthNameAfterDay(text, end);
    if (name !== -1) {
      const dayMonth = text.charCodeAt(name) < worldScripts ? shapes.dayMonth : (shapes.world ??= worldShapes(shapes.flags)).dayMonth;
      dayMonth.lastIndex = index;
      match = dayMonth.exec(text);
      if (match !== null) {
        const month = match[2]!;
        const written = match[3]!;
        // `’20` is 2020; a year in two digits without the apostrophe only after a Thai month: the Buddhist era's (`62` is 2562, 2019).
        const year = written.length === 3 ? fullYear(written.slice(1)) : written.length === 2 ? (isThaiMonth(month) ? 2500 + Number(written) : 0) : Number(written);
        const solar = solarMonth(month);
        if (solar !== undefined) return ofSolarYear(year, solar, Number(match[1]), dayMonth.lastIndex);
        if (year !== 0) return [year, monthNumber(month)!, Number(match[1]), dayMonth.lastIndex];
      }
    }
    shapes.vietnamese.lastIndex = index;
    match = shapes.vietnamese.exec(text);
    return match === null ? null : [Number(match[3]), Number(match[2]), Number(match[1]), shapes.vietnamese.lastIndex];
  }
  // Most words open no month's name: a look at their first letters spares the names' expression.
  // (On lowercased text only: the case-folding shapes read the text as written.)
  if (shapes === lowerShapes && !mayOpenMonth(text, index)) return null;
  const monthDay = c < worldScripts ? shapes.monthDay : (shapes.world ??= worldShapes(shapes.flags)).monthDay;
  monthDay.lastIndex = index;
  const match = monthDay.exec(text);
  if (match === null) return null;
  const month = monthNumber(match[1]!);
  // A day run into its year (`June 242019`, two spans' texts) is read for a year of the web, not `Juni 201910` as 20 June 1910.
  if (match[3] !== undefined && match[3] !== '' && Number(match[4]) < 1990) return null;
  return month === undefined ? null : [Number(match[4]), month, Number(match[2] || match[3]), monthDay.lastIndex];
}

/** The first and last years of the Persian solar calendar read (1921–2031): a year-first date of them is no Gregorian one of a page. */
const minSolarYear = 1300;
const maxSolarYear = 1410;

/**
 * The Gregorian day of a day of the Persian solar calendar (`1398/4/3` → 2019-06-24), or `null` when it is no
 * day of it: the arithmetic of its 33-year cycles, as Iran's calendar tables and ICU compute it for these years.
 */
function solarDay(year: number, month: number, day: number): [number, number, number] | null {
  if (month < 1 || month > 12 || day < 1 || day > (month <= 6 ? 31 : 30)) return null;
  const shifted = year + 1595;
  let days = -355_668 + 365 * shifted + Math.floor(shifted / 33) * 8 + Math.floor(((shifted % 33) + 3) / 4) + day + (month < 7 ? (month - 1) * 31 : (month - 7) * 30 + 186);
  let gregorian = 400 * Math.floor(days / 146_097);
  days %= 146_097;
  if (days > 36_524) {
    gregorian += 100 * Math.floor(--days / 36_524);
    days %= 36_524;
    if (days >= 365) days++;
  }
  gregorian += 4 * Math.floor(days / 1461);
  days %= 1461;
  if (days > 365) {
    gregorian += Math.floor((days - 1) / 365);
    days = (days - 1) % 365;
  }
  const date = new Date(Date.UTC(gregorian, 0, days + 1));
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

/** A day of a solar month (`۳ تیر ۱۳۹۸`) as a date that ends at `end`, when its year is one of the calendar's read. */
function ofSolarYear(year: number, month: number, day: number, end: number): [number, number, number, number] | null {
  const date = year >= minSolarYear && year <= maxSolarYear ? solarDay(year, month, day) : null;
  return date === null ? null : [...date, end];
}

/** A year-first date that ends at `end`: of the Persian solar calendar when its year is (`1398/04/03`), else as written. */
const ofYear = (year: number, month: number, day: number, end: number): [number, number, number, number] | null =>
  year >= minSolarYear && year <= maxSolarYear ? ofSolarYear(year, month, day, end) : [year, month, day, end];

// The first year of Japan's eras and of Taiwan's Republic, less one (`令和元年` is 2019, `平成31年` 2019, `民國108年` 2019).
const eraYears: ReadonlyMap<string, number> = new Map([['令和', 2018], ['平成', 1988], ['昭和', 1925], ['民國', 1911], ['民国', 1911]]);
const eraYear = /(令和|平成|昭和|民[國国])\s*(元|\d{1,3})\s*年/g;

/** `text` with a Japanese or Taiwanese era's year written as the Gregorian one (`令和元年6月24日` → `2019年6月24日`; a date's index may move by a character or two). */
function gregorianEras(text: string): string {
  if (!text.includes('年')) return text;
  eraYear.lastIndex = 0;
  return text.replace(eraYear, (_, era: string, year: string) => `${eraYears.get(era)! + (year === '元' ? 1 : Number(year))}年`);
}

// Thailand's Buddhist era counts from 543 BC: a year past the Gregorian ones read is of it (`2562` is 2019).
const buddhistEra = 543;

/** The instant of a day and the time written after it (`rest`), as ISO 8601: noon UTC without a time, UTC without a zone. */
function instant(year: number, month: number, day: number, rest: string): string {
  const time = timeAfter.exec(rest);
  let hour = time === null ? 12 : Number(time[2]);
  const minute = time === null ? 0 : Number(time[3]);
  const second = time?.[4] === undefined ? 0 : Number(time[4]);
  const meridiem = time?.[5]?.toLowerCase() ?? time?.[1];
  // `pm`, and the afternoon of Chinese, Japanese and Korean (`下午`, `午後`, `오후`) written before the hour.
  if (meridiem !== undefined) hour = (hour % 12) + (/^(?:p|下午|午後|오후)/.test(meridiem) ? 12 : 0);
  if (time === null || hour > 23 || minute > 59 || second > 59) return new Date(Date.UTC(year, month - 1, day, 12)).toISOString();
  let offset = 0;
  // `GMT+0200` (a script's Date string) is the offset; `+02` is whole hours.
  const zone = time[6]?.toLowerCase().replace(/^(?:gmt|utc)(?=[+-])/, '');
  if (zone !== undefined) {
    if (zone.startsWith('+') || zone.startsWith('-')) {
      // `+02`, `+0530`, `+05:30`, and after `GMT` a bare hour (`GMT+7`).
      const digits = zone.slice(1).replace(':', '');
      const hours = digits.length <= 2 ? digits : digits.slice(0, -2);
      const minutes = digits.length <= 2 ? '0' : digits.slice(-2);
      offset = (zone.startsWith('-') ? -1 : 1) * (Number(hours) + Number(minutes) / 60);
    } else {
      offset = zoneOffsets.get(zone) ?? 0;
    }
  }
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - offset * 3_600_000).toISOString();
}

/**
 * The dates written in `text`, in order (at most `limit`): day, month and year all written, numeric ones
 * read in `order` (but `06.10.2023` is always day first, and `13/10/2023` can only be), month names in
 * the languages of month-names.ts, each with the time of day and zone after it if any.
 */
export function findDates(written: string, order: DateOrder, limit = 4): FoundDate[] {
  const text = gregorianEras(asciiDigits(written));
  const lower = text.toLowerCase();
  const lowered = lower.length === text.length;
  const shapes = lowered ? lowerShapes : caseFoldingShapes();
  const read = lowered ? lower : text;
  const found: FoundDate[] = [];
  // A date that starts with a month's name has its four-digit year after it: past the last four
  // digits of the text, a word is not tried against every month name of every language.
  const lastYear = lastFourDigits(text);
  dateStart.lastIndex = 0;
  let start: RegExpExecArray | null;
  while (found.length < limit && (start = dateStart.exec(text)) !== null) {
    const index = start.index;
    const code = text.charCodeAt(index);
    const date = lastYear <= index && !(code >= 48 && code <= 57) ? null : dateAt(read, index, order, shapes);
    if (date !== null && date[0] > maxYear) date[0] -= buddhistEra;
    if (date === null || !isDay(date[0], date[1], date[2])) {
      // Skip the rest of this run of digits or letters: a date starts at the beginning of one.
      const isDigit = code >= 48 && code <= 57;
      let next = index + 1;
      // Past the last year no word can start a date: on to the next digit.
      if (!isDigit && lastYear <= index) while (next < text.length && !isDigitAt(text, next)) next++;
      else if (isDigit) while (next < text.length && isDigitAt(text, next)) next++;
      // A run of letters ends where a capital follows a small letter too: two spans' texts read without a space (`DambrotNovember`).
      else while (next < text.length && isLetterAt(text, next) && !isCapitalAfterSmall(text, next)) next++;
      dateStart.lastIndex = next;
      continue;
    }
    found.push({index, iso: instant(date[0], date[1], date[2], text.slice(date[3], date[3] + 40))});
    dateStart.lastIndex = date[3];
  }
  return found;
}

const isDigitAt = (text: string, index: number): boolean => {
  const code = text.charCodeAt(index);
  return code >= 48 && code <= 57;
};
/** Whether an ASCII capital follows an ASCII small letter at `index` (`tN` in `DambrotNovember`). */
const isCapitalAfterSmall = (text: string, index: number): boolean => {
  const code = text.charCodeAt(index);
  if (code < 65 || code > 90) return false;
  const before = text.charCodeAt(index - 1);
  return before >= 97 && before <= 122;
};
const letter = /\p{L}/u;
// ASCII, the usual case, without the regex: its letters are A-Z and a-z.
const isLetterAt = (text: string, index: number): boolean => {
  const code = text.charCodeAt(index);
  if (code < 128) return (code | 32) >= 97 && (code | 32) <= 122;
  return letter.test(text[index]!);
};

/** Where the last run of four digits in `text` starts, or -1. */
function lastFourDigits(text: string): number {
  let run = 0;
  for (let index = text.length - 1; index >= 0; index--) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      if (++run === 4) return index;
    } else {
      run = 0;
    }
  }
  return -1;
}

/** The first date written in `text` ({@link findDates}), as ISO 8601, or `null`. */
export function readDate(text: string, order: DateOrder): string | null {
  return findDates(text, order, 1)[0]?.iso ?? null;
}
