import {srcsetUrls} from '../parse/srcset.js';
import type {DataAttr, DataRuleType} from './data-rules.js';
import {isoDate} from './normalize.js';
import {absoluteUrl} from './resolve-urls.js';

/** A media value of a `data` rule (`image`, `audio`, `video`): the URL ping verifies and describes. */
export interface DataMedia {
  url: string;
}

/** A value of one rule, before nesting: what {@link convertValue} returns. */
export type DataScalar = string | number | boolean | DataMedia;

/**
 * Turns `raw`, read from `attr` of an element, into a value of `type`, or `null` when it is not
 * one. URLs resolve against `baseUrl`; see {@link DataRuleType} for each type.
 * @example convertValue('1.299,00 €', 'number', 'text', base) // 1299
 */
export function convertValue(raw: string, type: DataRuleType, attr: DataAttr, baseUrl: string): DataScalar | null {
  switch (type) {
    case 'string': {
      // HTML keeps its whitespace (<pre>, inline scripts); text and attributes read as a person would.
      const text = attr === 'html' || attr === 'outerHTML' ? raw.trim() : collapse(raw);
      return text === '' ? null : text;
    }
    case 'number':
      return parseNumber(raw);
    case 'boolean':
      return parseBoolean(raw, attr);
    case 'date':
      return parseDate(raw);
    case 'email':
      return parseEmail(raw);
    case 'url':
      return parseUrl(raw, attr, baseUrl);
    default: {
      const url = parseUrl(raw, attr, baseUrl);
      return url === null ? null : {url};
    }
  }
}

/** Collapses runs of whitespace to one space and trims. */
export function collapse(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

// A number with its digits grouped by threes (`1,299.00`, `1.299,00`, `1 299`, `1'299`), or plain (`19.99`).
const numberPattern = /\d{1,3}([,.'\u00a0\u202f ])\d{3}(?:\1\d{3})*(?:[.,]\d+)?(?!\d)|\d+(?:[.,]\d+)?/u;

/**
 * The first number in `value`, or `null`. Currency signs, words and spaces around it are ignored; a
 * `-` or `−` before it (or before its currency sign) makes it negative. Separators: with both `,` and
 * `.`, the last one is the decimal point (`1,299.00`, `1.299,00`); a repeated one groups thousands
 * (`1.299.000`); a single `,` before exactly three digits groups thousands (`1,299` → 1299), any other
 * single `,` is a decimal comma (`19,99`); a single `.` is always a decimal point (`1.299` → 1.299, as
 * machine-written values such as `content="1299.00"` are); spaces and `'` between groups of three
 * digits group thousands (`1 299,00 €` → 1299).
 */
export function parseNumber(value: string): number | null {
  const match = numberPattern.exec(value);
  if (match === null) return null;
  let digits = match[0].replace(/['\u00a0\u202f ]/gu, '');
  const commas = digits.split(',').length - 1;
  const dots = digits.split('.').length - 1;
  if (commas > 0 && dots > 0) {
    const decimal = digits.lastIndexOf(',') > digits.lastIndexOf('.') ? ',' : '.';
    digits = digits.replaceAll(decimal === ',' ? '.' : ',', '').replace(decimal, '.');
  } else if (commas > 1 || dots > 1) {
    digits = digits.replace(/[,.]/g, '');
  } else if (commas === 1) {
    digits = /,\d{3}$/.test(digits) ? digits.replace(',', '') : digits.replace(',', '.');
  }
  const before = value.slice(0, match.index).replace(/[\s\p{Sc}]+$/u, '');
  const number = Number(digits) * (/[-−]$/u.test(before) ? -1 : 1);
  return Number.isFinite(number) ? number : null;
}

const trueWords = new Set(['true', 'yes', 'on', '1']);
const falseWords = new Set(['false', 'no', 'off', '0']);

/**
 * `true`/`yes`/`on`/`1` → true, `false`/`no`/`off`/`0` → false (any case), else `null`. Read from an
 * attribute, a present attribute that is empty or repeats its name (`<input disabled>`,
 * `disabled="disabled"`) is `true`, as HTML's boolean attributes are.
 */
export function parseBoolean(value: string, attr: DataAttr): boolean | null {
  const word = value.trim().toLowerCase();
  if (trueWords.has(word)) return true;
  if (falseWords.has(word)) return false;
  const isAttribute = attr !== 'text' && attr !== 'html' && attr !== 'outerHTML';
  return isAttribute && (word === '' || word === attr) ? true : null;
}

const months = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const monthWord = new RegExp(`\\b(?:${months})\\b`, 'i');
// Dates inside longer text: ISO (`2016-05-04`, with a time), `4 May 2016`, `May 4th, 2016`, `May 2016`.
const embeddedDates = [
  /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/i,
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\.?\\s+(?:of\\s+)?(?:${months})\\.?,?\\s+\\d{4}\\b`, 'i'),
  new RegExp(`\\b(?:${months})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b`, 'i'),
  new RegExp(`\\b(?:${months})\\.?\\s+\\d{4}\\b`, 'i'),
];

/**
 * An ISO 8601 date-time in UTC (`toISOString()`), or `null`. Read, in order: epoch seconds (10
 * digits) or milliseconds (13 digits); the whole value when it holds a month name or a numeric date
 * (`2016-05-04`, `05/04/2016` month first, `2016`), with a value without a time zone read as UTC;
 * else the first ISO or month-name date inside the text (`Published on 4 May 2016 by …`). A date
 * without a time of day is noon UTC that day, so it shows the same calendar day in every time zone:
 * `2016-05-04` → `2016-05-04T12:00:00.000Z`. Years outside 1000-9999 give `null`.
 */
export function parseDate(value: string): string | null {
  const text = collapse(value);
  if (/^\d{10}$|^\d{13}$/.test(text)) {
    const date = new Date(Number(text) * (text.length === 10 ? 1000 : 1));
    return date.toISOString();
  }
  const looksLikeDate = monthWord.test(text) || /^\d{4}$|\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.]\d{1,2}[/.]\d{4}/.test(text);
  const whole = looksLikeDate ? isoDate(text) : null;
  if (whole !== null) return atNoonWithoutTime(whole, text);
  for (const pattern of embeddedDates) {
    const found = pattern.exec(text)?.[0];
    if (found === undefined) continue;
    const cleaned = found.replace(/(\d)(?:st|nd|rd|th)\b/i, '$1').replace(/\bof\s+/i, '').replace(/(\d)\.(\s)/, '$1$2');
    const date = isoDate(cleaned);
    if (date !== null) return atNoonWithoutTime(date, cleaned);
  }
  return null;
}

function atNoonWithoutTime(iso: string, text: string): string {
  if (/\d:\d{2}/.test(text)) return iso;
  return `${iso.slice(0, 10)}T12:00:00.000Z`;
}

// Local part and domain labels without spaces, quotes, brackets or the other separators of a list.
const emailPattern = /[^\s@"'(),:;<>[\]\\]+@(?:[\p{L}\p{N}-]+\.)+[\p{L}\p{N}-]{2,}/u;

/**
 * The first e-mail address in `value` (a `mailto:` link's first address, its `?subject=…` dropped,
 * percent-decoded), or `null`. The domain needs a dot and a top-level label of two or more characters.
 * @example parseEmail('mailto:jane@example.com?subject=Hi') // 'jane@example.com'
 */
export function parseEmail(value: string): string | null {
  let text = value.trim();
  if (/^mailto:/i.test(text)) {
    text = text.slice('mailto:'.length).split('?')[0]!.split(',')[0]!;
    try {
      text = decodeURIComponent(text);
    } catch {
      return null;
    }
  }
  const found = emailPattern.exec(text)?.[0];
  return found === undefined || found.length > 254 ? null : found;
}

/**
 * An absolute http(s) URL, or `null`. An attribute value resolves against `baseUrl` (a `srcset`,
 * `data-srcset`… gives its largest candidate); text is taken only when it is an absolute http(s) URL
 * on its own, since text such as "Read more" would otherwise resolve to a page path.
 */
export function parseUrl(value: string, attr: DataAttr, baseUrl: string): string | null {
  if (attr === 'text' || attr === 'html' || attr === 'outerHTML') {
    const text = value.trim();
    return /^https?:\/\/\S+$/i.test(text) ? absoluteUrl(text, baseUrl) : null;
  }
  if (attr === 'srcset' || attr.endsWith('-srcset')) {
    const largest = srcsetUrls(value)[0];
    return largest === undefined ? null : absoluteUrl(largest, baseUrl);
  }
  return absoluteUrl(value, baseUrl);
}
