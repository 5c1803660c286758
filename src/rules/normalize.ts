import {collapse} from '../parse/collect-text.js';
import {bylineParts, personNames, withoutTrailingRole} from './byline.js';
import {isCredit, isLabelValue, isLegalEntity, withoutCopyright, withoutLabel, withoutTrailingInterface} from './byline-labels.js';
import type {DateOrder} from './dates/date-order.js';
import {labelledDates, type LabelledDate} from './dates/date-labels.js';
import {readFreeDate} from './dates/free-date.js';
import {readDate} from './dates/read-date.js';
import {anyDigit, asciiDigits} from '../parse/digits.js';
import {repairText} from './repair-text.js';

/**
 * Collapses runs of whitespace to one space and trims; `null` when nothing is left. Entities left
 * encoded (twice-encoded meta values, JSON-LD strings) are decoded and UTF-8 read as Latin-1 is
 * repaired (repair-text.ts).
 */
export function cleanText(value: string): string | null {
  const text = collapse(repairText(value));
  return text === '' ? null : text;
}

// A news agency's dateline opening a description: `WASHINGTON — The Senate…`, `NEW YORK - Shares…` (the place
// in capitals, then an em dash or a hyphen between spaces), which the hosted service drops (metascraper's
// description helper). Not behind an en dash: `MIGRATION – Probleme…` is a German kicker, part of the teaser.
const placeDateline = /^\p{Lu}[\p{Lu} .]*\p{Lu}\s+[-—]\s+(?=\S)/u;

/** A description, cleaned, without a place's dateline opening it (`WASHINGTON — `). */
export function cleanDescription(value: string): string | null {
  const text = cleanText(value);
  if (text === null) return null;
  // Text follows the dash (the expression's lookahead): what is left is never empty.
  const dateline = placeDateline.exec(text);
  return dateline === null ? text : text.slice(dateline[0].length);
}

// A byline's lead-in, not part of the name: "By Will Smale", "Written by: Ann Lee", "posted by Bo",
// and an author link's "View all posts by Bo" / "More from Bo".
const bylinePrefix = /^(?:(?:(?:written|posted|reported|words|story|text)\s+)?by(?:\s*:\s*|\s+|$)|(?:(?:view|see)\s+)?(?:all\s+)?(?:posts|articles|stories)\s+by\s+|more\s+(?:from|by)\s+)/i;
const emailAddress = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * The card's author for a value of any author source, as a byline gives it (issue 28 item 3): whitespace
 * condensed, a leading "By" / "Written by" / "Posted by" dropped, the first part of a byline that names
 * someone (`By Jane Doe | May 3, 2024` → `Jane Doe`, `Rosa Quint • 5 min read` → `Rosa Quint`),
 * without a job title (`Jane Doe, Senior Editor`) or a handle (`Mara Ellis (@maraellis)`), several
 * people joined with `, ` (`By Jane Doe and John Roe` → `Jane Doe, John Roe`). `null` for what names no
 * one: nothing left, a URL (a profile link), an e-mail address, a date (`12 Jan 2016`, `3 hours ago`),
 * a placeholder (`Staff`, `admin`).
 */
export function authorName(value: string): string | null {
  // A job title after the name, with no comma (`Christoph Hein Chefredakteur`) or glued to it (`Ingo ArztRedakteur`), is cut first.
  const text = withoutTrailingRole(withoutLabel(cleanText(value)?.replace(bylinePrefix, '').trim() ?? ''));
  // Its first part runs words together: menu text (an outlet after a comma may, `Ann Lee, PhillyVoice Staff`).
  if (text === '' || (menuText.test(text.split(',', 1)[0]!) && !text.startsWith('@'))) return null;
  for (const part of bylineParts(text)) {
    // A company's name (`wegewerk GmbH`, `Bund der Energieverbraucher e.V.`) is the site's maker or publisher, not a writer.
    // A picture's credit (`Foto: Ingo Schneider`) and a copyright holder (`© Ann Lee`) are no writers either.
    const named = isLegalEntity(part) || isCredit(part) ? null : withoutCopyright(part);
    if (named === null) continue;
    const names = personNames(withoutTrailingDate(withoutTrailingInterface(withoutLabel(named.replace(bylinePrefix, '')))), isNoName);
    if (names.length !== 0) return names.join(', ');
  }
  return null;
}

/** A byline part that is no name: a URL, an e-mail address, a date, a reading time (`5 min read`), a label (`Posted`, `Unbenannt`). */
const isNoName = (text: string): boolean => looksLikeUrl(text) || emailAddress.test(text) || looksLikeDate(text) || readingTime.test(text) || isLabelValue(text)
  || initials.test(text);

/** One initial alone (`S.`): a commenter's sign, no one's name (two, `R. R.`, sign a post). */
const initials = /^\p{Lu}\.?$/u;
/**
 * Menu items whose text runs together (`News & StoriesSendungen A-ZVideo`, `HolzpelletsUmwelt, Klima`),
 * or a site's name written as one word (`SeglerBlog`): a word of three lowercase letters or more glued
 * to a capital. Names glue at most two (`McKay`, `MacKenzie`, `DeVito`); a handle (`@AnnLeeWrites`)
 * is read as one.
 */
const menuText = /\p{Ll}{3}\p{Lu}/u;

// `Bo2man am 29.12.2010`, `Ann Lee le 3 mai 2019`, `Ann Lee on 12.03.2016`: a date after the name, in any language;
// `Ulrike 18.10.2019 16:06 Uhr`: a numeric day needs no word before it.
const trailingDate = /\s+(?:(?:am|on|le|el|il|op|den|du|del|em|at|vom)\s+(?=\d{1,2}\.?\s*(?:\p{L}+\.?\s+)?\d{2,4}\b|\d{4}-\d{2})|(?=\d{1,2}\.\d{1,2}\.(?:\d{2}|\d{4})(?!\d)))/iu;
// `Sonia Mevißen Erstellt am 01.01.23`, `Anna Berg Veröffentlicht 3. Mai 2023`, `Inès Moreau Publié le 3 mai`: the label of the
// date after the name, and the date. Capitalised, as a theme writes it after a name (`Zuletzt geändert am:` is one label).
const trailingPublished = /\s+(?:Erstellt|Veröffentlicht|Aktualisiert|Geändert|Publiziert|Gepostet|Published|Posted|Updated|Publié|Publiée|Publicado|Actualizado|Pubblicato|Aggiornato|Gepubliceerd|Bijgewerkt|Publicerad|Publiceret|Publisert)(?![\p{L}\d])(?=\s*$|.*\d)/u;

/** The name without the date a byline writes after it (`Bo2man am 29.12.2010, 13:36 Uhr` → `Bo2man`), and the date's label (`Erstellt am …`). */
function withoutTrailingDate(text: string): string {
  const label = trailingPublished.exec(text);
  const named = label === null || label.index === 0 ? text : text.slice(0, label.index);
  const match = trailingDate.exec(named);
  return match === null || match.index === 0 ? named : named.slice(0, match.index);
}
const readingTime = /^\d+\s*(?:-|\s)?(?:min(?:ute)?s?|m)\.?(?:\s+read(?:ing)?)?$/i;

const months = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const datePatterns: readonly RegExp[] = [
  /\b\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\b/,
  new RegExp(`\\b(?:${months})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b|\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${months})\\b`, 'i'),
  /\b\d+\s+(?:sec(?:ond)?|min(?:ute)?|h(?:ou)?r|day|week|month|year)s?\s+ago\b/i,
  /\b\d{1,2}[:.]\d{2}\s*(?:[ap]\.?m\b|\b)/i,
  /^(?:\d{4}|today|yesterday)$/i,
];

/** True when `value` reads as a date or time (`12 Jan, 2016`, `2016-05-03`, `3 hours ago`, `05:04 PM`), not as a name. */
export function looksLikeDate(value: string): boolean {
  return /\d|^(?:today|yesterday)$/i.test(value) && datePatterns.some((pattern) => pattern.test(value));
}

const languageNames = new Intl.DisplayNames(['en'], {type: 'language', fallback: 'none'});

/**
 * The lowercase ISO 639-1 code of a language tag: `en_US` → `en`, `pt-BR` → `pt`, `en, fr` → `en`,
 * deprecated `iw` → `he`. Three-letter codes, `und`, `x-default` and unknown codes give `null`.
 */
export function languageCode(value: string): string | null {
  const primary = plainPrimary(value) ?? value.split(',')[0]!.trim().split(/[-_]/)[0]!.toLowerCase();
  if (!/^[a-z]{2}$/.test(primary)) return null;
  // At most 26 × 26 two-letter codes: each is looked up in Intl once.
  let code = languageCodes.get(primary);
  if (code === undefined) {
    // Intl canonicalises the deprecated codes (iw → he, in → id, ji → yi).
    code = languageNames.of(primary) === undefined ? null : (Intl.getCanonicalLocales(primary)[0] ?? null);
    languageCodes.set(primary, code);
  }
  return code;
}

// A cache of a pure function of the tag (lang → code): no data of a call outlives it.
const languageCodes = new Map<string, string | null>();

const isAsciiLetter = (code: number): boolean => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/**
 * The lowercase primary subtag of the usual tags (`en`, `en-US`, `pt_BR`, `en,fr`: two ASCII
 * letters first, then the end, `-`, `_` or `,`), read without splitting; `undefined` for any other.
 */
function plainPrimary(value: string): string | undefined {
  if (!isAsciiLetter(value.charCodeAt(0)) || !isAsciiLetter(value.charCodeAt(1))) return undefined;
  const next = value.charCodeAt(2);
  if (value.length > 2 && next !== 45 && next !== 95 && next !== 44) return undefined;
  return value.slice(0, 2).toLowerCase();
}

const hasZone = /(?:\b(?:z|gmt|utc)\b|\dz$|[+-]\d{2}:?\d{2}(?:\s*\(.*\))?$)/i;
/** A time of day in a date string: `10:00`, `05.04 PM`, `3 pm`, `T10`. */
const hasTime = /(?:\d{1,2}[:.]\d{2}(?![.\d]*\d{4})|\d\s*[ap]\.?m\b\.?|\dT\d)/i;

/** Noon UTC of the UTC day of `date`, so a date without a time stays on its day in nearly every zone. */
function noon(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 12));
}

/** The most characters of body text {@link textDate} reads. */
export const maxDateText = 200;

/**
 * The publication date in a piece of page text (day, month and year written), as ISO 8601, read in
 * the page's `order` and in any language of dates/month-names.ts (dates/read-date.ts): `Published 12 Jan,
 * 2016, 05.04 PM IST` → `2016-01-12T11:34:00.000Z`, `Veröffentlicht am 06.10.2023` → 6 October; without a
 * time of day, noon UTC. A date labelled as published wins, one labelled as an update (`Aktualisiert`,
 * `Stand:`) comes last (dates/date-labels.ts). Reads at most {@link maxDateText} characters; `null` when there is no such date.
 */
export function textDate(text: string, order: DateOrder = 'mdy'): string | null {
  return textDates(text, order)[0]?.iso ?? null;
}

/** The dates of a piece of page text as {@link textDate} reads them, the publication's first, an update's last. */
export function textDates(text: string, order: DateOrder = 'mdy'): LabelledDate[] {
  const head = text.length > maxDateText ? text.slice(0, maxDateText) : text;
  return anyDigit.test(head) ? labelledDates(head, order) : [];
}

/**
 * An ISO 8601 date-time (`toISOString()`) for a date string, or `null` when it is not a date.
 * A value without a time zone is read as UTC (never as the server's local time), and a value must
 * contain a four-digit year: `new Date('1')` would otherwise be read as 2001. A date without a time
 * of day is noon UTC (`2016-05-04` → `2016-05-04T12:00:00.000Z`). Text that `Date` cannot read
 * (`Tue Jan 28 15:49:07 CET 2020`, `03-Jan-2016`) goes through dates/free-date.ts.
 * @example isoDate('2026-11-03T10:00:00+01:00') // '2026-11-03T09:00:00.000Z'
 */
export function isoDate(value: string): string | null {
  const text = asciiDigits(value.trim());
  // The usual form, `2026-11-03T10:00:00+01:00` or `…Z`, names its zone and its time: Date reads it as it is.
  // A year of the Persian solar calendar (1300–1410: `1398-04-03`) is read as its Gregorian day (dates/read-date.ts), never as 1398.
  if (/^1(?:3\d\d|40\d|410)\D/.test(text)) return readDate(text, 'mdy');
  if (isoDateTime.test(text)) return isoString(new Date(text));
  // Without four digits, only a Japanese or Taiwanese era's year (`令和元年6月24日`) or a Thai one of two (`24 มิ.ย. 62`) is one.
  if (!/\d{4}/.test(text)) return /[年\u0e00-\u0e7f]/.test(text) ? readDate(text, 'dmy') : null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return isoString(new Date(`${text}T12:00:00Z`));
  // A compact day (`20190613`, `20190613T140000Z`, `20190613140000` as the NYT's `ptime` writes it); other digits alone
  // (an epoch number, an id) are no date.
  if (/^\d{8}(?:T?\d{6}Z?)?$/.test(text)) return compactDate(text.length > 8 && text[8] !== 'T' ? `${text.slice(0, 8)}T${text.slice(8)}` : text);
  // An ISO-shaped value is repaired, not dropped (`2020-09-25T16:02:50CDT`, `2020-12-05T23:15:0Z`,
  // `2021-11-05T10:00:00+0100`); one that is no day (`2026-13-45`) is invalid, not free text.
  if (/^\d{4}-\d{1,2}-\d{1,2}(?:$|[T\s])/i.test(text)) return readDate(text, 'mdy');
  // A day written in words or numbers (`Tue, 03 Nov 2026 10:00:00 GMT`, `10.12.2022, 07:00:03`, `November 3, 2026`).
  const written = readDate(text, 'mdy');
  if (written !== null) return written;
  let zoned = text;
  if (!hasZone.test(text)) {
    zoned = /^\d{4}-\d{2}-\d{2}[t ]\d/i.test(text) ? `${text.replace(' ', 'T')}Z` : `${text} UTC`;
  }
  const date = new Date(zoned);
  if (Number.isNaN(date.getTime())) return readFreeDate(text);
  return isoString(hasTime.test(text) ? date : noon(date));
}

/** `20190613` (noon UTC) or `20190613T140000Z` (UTC) as ISO 8601, when it is a day; else `null`. */
function compactDate(text: string): string | null {
  const [year, month, day] = [text.slice(0, 4), text.slice(4, 6), text.slice(6, 8)];
  const time = text.length > 8 ? `${text.slice(9, 11)}:${text.slice(11, 13)}:${text.slice(13, 15)}` : '12:00:00';
  const iso = isoString(new Date(`${year}-${month}-${day}T${time}Z`));
  // `20190231` rolls over to March: only a real day is taken.
  return iso !== null && iso.startsWith(`${year}-${month}-${day}`) ? iso : null;
}

/** A date-time with seconds (and fractions) or without, and a `Z` or `±hh:mm` zone: what {@link isoDate} reads without its checks. */
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** `date.toISOString()` for a valid date of a four-digit year, else `null`. */
function isoString(date: Date): string | null {
  if (Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= 1000 && year <= 9999 ? date.toISOString() : null;
}

/** True when `value` looks like a URL or a bare domain path rather than a person's name. */
export function looksLikeUrl(value: string): boolean {
  return /^(?:[a-z][a-z\d+.-]*:\/\/|\/\/|www\.)/i.test(value) || /^[^\s]+\.[a-z]{2,}\/\S*$/i.test(value);
}

/**
 * `text` lowercased with everything but letters and digits removed (`Quay-side News!` →
 * `quaysidenews`): how names and descriptions are compared. Every page compares a few of them, so
 * ASCII text is folded in one pass of slices (about 20% faster than the Unicode regex, which other
 * text takes).
 */
export function foldText(text: string): string {
  let out = '';
  let start = -1;
  for (let index = 0; index < text.length; index++) {
    const c = text.charCodeAt(index);
    if (c >= 128) return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
    // a-z and 0-9 are kept as they are, in runs.
    if (c >= 97 ? c <= 122 : c >= 48 && c <= 57) {
      if (start < 0) start = index;
      continue;
    }
    if (start >= 0) {
      out += text.slice(start, index);
      start = -1;
    }
    if (c >= 65 && c <= 90) out += String.fromCharCode(c + 32);
  }
  return start >= 0 ? out + text.slice(start) : out;
}

/** Whether `c` (a UTF-16 code) is an ASCII letter or digit. */
function isAsciiWordChar(c: number): boolean {
  return c >= 97 ? c <= 122 : c >= 65 ? c <= 90 : c >= 48 && c <= 57;
}

/**
 * Whether `a` and `b` fold to the same text ({@link foldText}), without making either: compared
 * letter by letter, so two different texts (the common case) part after a few characters. Text with
 * a non-ASCII character is folded whole.
 */
export function foldEquals(a: string, b: string): boolean {
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < a.length && !isAsciiWordChar(a.charCodeAt(i))) {
      if (a.charCodeAt(i) >= 128) return foldText(a) === foldText(b);
      i++;
    }
    while (j < b.length && !isAsciiWordChar(b.charCodeAt(j))) {
      if (b.charCodeAt(j) >= 128) return foldText(a) === foldText(b);
      j++;
    }
    if (i === a.length || j === b.length) return i === a.length && j === b.length;
    // ASCII letters and digits: equal when equal lowercased (| 32 lowercases a letter, keeps a digit).
    if ((a.charCodeAt(i) | 32) !== (b.charCodeAt(j) | 32)) return false;
    i++;
    j++;
  }
}
