import {decodeHTML} from 'entities';

/*
 * How a value is matched on ../shared/corpora/real-pages, as its README says, the same way for every
 * extractor: text decoded, NFC, curly quotes and `…` folded, whitespace collapsed, case-folded; a
 * title may carry one short segment (the site's name) behind a separator; authors are compared name
 * by name; a date is right when it starts with the labelled day or its instant falls on that day in
 * some time zone (UTC-12 to UTC+14).
 */

/** A labelled field of one page, as the manifest gives it. */
export interface Gold {
  title?: {headline: string; eq: string};
  description?: {eq: string};
  author?: {authors?: string[]; eq: string | null};
  date?: {day?: string; eq?: null};
  publisher?: {eq: string};
}

/** The fields scored, in the table's order. */
export const realPageFields = ['title', 'description', 'author', 'date', 'publisher'] as const;
export type RealPageField = (typeof realPageFields)[number];

/** Text folded for comparison (the corpus README's rules; `–` and `-` stay apart). */
export function foldLabel(text: string): string {
  return decodeHTML(text)
    .normalize('NFC')
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/[“”„‟″]/g, '"')
    .replace(/…/g, '...')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const separators = /^[|\-–—·:»]/;

/** The headline alone, or with one segment of at most 6 words before or after it behind a separator. */
export function titleMatches(expected: string, actual: string): boolean {
  const want = foldLabel(expected);
  const got = foldLabel(actual);
  if (want === got) return true;
  const rest = got.startsWith(want) ? got.slice(want.length).trim() : got.endsWith(want) ? reverse(got.slice(0, got.length - want.length).trim()) : null;
  if (rest === null || !separators.test(rest)) return false;
  const segment = rest.slice(1).trim();
  return segment.length > 0 && segment.split(' ').length <= 6;
}

/** The part before the headline, read from its end: the separator must sit next to the headline. */
const reverse = (before: string): string => {
  const last = before.at(-1) ?? '';
  return last + before.slice(0, -1);
};

const nameSplit = /\s*(?:;|,|&|\||\band\b|\bund\b|\bet\b)\s*/i;
const leadingBy = /^(?:by|von|par|por)\s+/i;

/** The names in an author value, folded. */
export function authorNames(value: string): string[] {
  return foldLabel(value)
    .split(nameSplit)
    .map((name) => name.replace(leadingBy, '').trim())
    .filter((name) => name.length > 0);
}

/** Every returned name is a labelled one, and at least one is returned. */
export function authorMatches(expected: string[], actual: string): boolean {
  const want = new Set(expected.flatMap(authorNames));
  const got = authorNames(actual);
  return got.length > 0 && got.every((name) => want.has(name));
}

const hour = 3_600_000;

/** The value starts with the day, or its instant falls on the day in a zone from UTC-12 to UTC+14. */
export function dateMatches(day: string, actual: string): boolean {
  if (actual.startsWith(day)) return true;
  const time = Date.parse(actual);
  const start = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time) || Number.isNaN(start)) return false;
  return time >= start - 14 * hour && time < start + 24 * hour + 12 * hour;
}

/** The expected value of a field as text for the misses file (`null`: none on the page). */
export function expectedText(gold: Gold, field: RealPageField): string | null | undefined {
  switch (field) {
    case 'title':
      return gold.title?.headline;
    case 'author':
      return gold.author === undefined ? undefined : gold.author.eq;
    case 'date':
      return gold.date === undefined ? undefined : (gold.date.day ?? null);
    default:
      return gold[field]?.eq;
  }
}

/** Whether `actual` is right for the labelled field; `undefined` when the page has no label for it. */
export function fieldMatches(gold: Gold, field: RealPageField, actual: string | null): boolean | undefined {
  const expected = expectedText(gold, field);
  if (expected === undefined) return undefined;
  if (expected === null || actual === null) return expected === actual;
  switch (field) {
    case 'title':
      return titleMatches(expected, actual);
    case 'author':
      return authorMatches(gold.author?.authors ?? [expected], actual);
    case 'date':
      return dateMatches(expected, actual);
    default:
      return foldLabel(expected) === foldLabel(actual);
  }
}
