import {readFileSync} from 'node:fs';
import type {IncomingHttpHeaders} from 'node:http';
import type {Candidates} from '../src/data.js';
import {isWebManifestUrl} from '../src/shared/web-manifest-url.js';
import {parseHtml} from '../src/parse/parse-html.js';
import {documentBase, resolveUrls} from '../src/rules/resolve-urls.js';
import {pickFields} from '../src/rules/rules.js';

/*
 * The scoring behind `npm run accuracy` (bench/accuracy.ts): the fixture pages' expected values
 * (tests/fixtures/pages/expected.json) against what parse → rules → resolve give, per field, exact
 * and lenient. tests/rules/fixtures.test.ts reads the same file through this module.
 */

/** The 8 fields the issue-12 scores are taken on (logo aside: it depends on the network). */
export const coreFields = ['title', 'description', 'lang', 'author', 'publisher', 'date', 'image', 'url'] as const;
/** Every field scored: the core ones, then the two date meanings and the other media. */
export const scoredFields = [...coreFields, 'datePublished', 'dateModified', 'logo', 'video', 'audio'] as const;
export type ScoredField = (typeof scoredFields)[number];

/** One value per field, as `extract()` with ping off gives it (a media field: its URL). */
export type FieldValues = Partial<Record<ScoredField, string | null>>;

export interface ExpectedPage {
  /** The page URL the fixture is read at (the final URL after redirects). */
  url: string;
  headers?: IncomingHttpHeaders;
  expected: FieldValues;
  /** Fields linkpeek gets wrong today, with why. */
  misses?: Partial<Record<ScoredField, string>>;
  /** What the page exercises (tests/fixtures/articles). */
  shape?: string;
}

export interface ExpectedFile {
  pages: Record<string, ExpectedPage>;
}

export const pagesDirectory = new URL('../tests/fixtures/pages/', import.meta.url);
/** The article pages of issue 28 item 3 (bylines and descriptions), with their own expected.json. */
export const articlesDirectory = new URL('../tests/fixtures/articles/', import.meta.url);

export function loadExpected(directory: URL = pagesDirectory): ExpectedFile {
  return JSON.parse(readFileSync(new URL('expected.json', directory), 'utf8')) as ExpectedFile;
}

/** A fixture page through parseHtml → pickFields → resolveUrls, each media field reduced to what ping off returns: its first candidate. */
export function extractPage(name: string, url: string, headers: IncomingHttpHeaders = {}, directory: URL = pagesDirectory): FieldValues {
  const snapshot = parseHtml(readFileSync(new URL(name, directory), 'utf8'));
  const candidates: Candidates = resolveUrls(pickFields(snapshot, {url, headers}), documentBase(snapshot.baseHref, url));
  const values: FieldValues = {};
  for (const field of scoredFields) {
    const value = candidates[field];
    // With ping off a web app manifest is never the logo (ping reads its icons when on).
    const first = Array.isArray(value) ? value.find((url) => field !== 'logo' || !isWebManifestUrl(url)) : value;
    values[field] = first ?? null;
  }
  return values;
}

const dateFields: ReadonlySet<string> = new Set(['date', 'datePublished', 'dateModified']);

/** Text folded for the lenient score: typographic quotes made straight, whitespace collapsed, lowercase. */
export function fold(text: string): string {
  return text
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/[“”„‟″«»]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The UTC calendar day of an ISO date, or `null`. */
const utcDay = (value: string): string | null => {
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
};

/**
 * Whether `actual` counts as `expected` for `field`: exactly equal, or (lenient) equal once folded
 * ({@link fold}), dates on the same UTC day. `null` matches only `null`.
 */
export function matches(field: string, expected: string | null, actual: string | null, lenient: boolean): boolean {
  if (expected === null || actual === null) return expected === actual;
  if (expected === actual) return true;
  if (!lenient) return false;
  if (fold(expected) === fold(actual)) return true;
  if (!dateFields.has(field)) return false;
  const day = utcDay(expected);
  return day !== null && day === utcDay(actual);
}

export interface FieldScore {
  field: string;
  /** Pages that have an expected value (possibly `null`) for the field. */
  pages: number;
  exact: number;
  lenient: number;
}

export interface Miss {
  page: string;
  field: string;
  expected: string | null;
  actual: string | null;
}

export interface Score {
  fields: FieldScore[];
  /** The sum over {@link coreFields}. */
  core: FieldScore;
  /** Lenient misses, page by page. */
  misses: Miss[];
}

/** Scores pages of expected and actual values, field by field. */
export function scorePages(pages: {name: string; expected: FieldValues; actual: FieldValues}[], fields: readonly string[] = scoredFields): Score {
  const misses: Miss[] = [];
  const scores = fields.map((field): FieldScore => {
    const score: FieldScore = {field, pages: 0, exact: 0, lenient: 0};
    for (const page of pages) {
      if (!(field in page.expected)) continue;
      const expected = page.expected[field as ScoredField] ?? null;
      const actual = page.actual[field as ScoredField] ?? null;
      score.pages++;
      if (matches(field, expected, actual, false)) score.exact++;
      if (matches(field, expected, actual, true)) score.lenient++;
      else misses.push({page: page.name, field, expected, actual});
    }
    return score;
  });
  const core = scores.filter((score) => (coreFields as readonly string[]).includes(score.field)).reduce(
    (sum, score) => ({field: 'core', pages: sum.pages + score.pages, exact: sum.exact + score.exact, lenient: sum.lenient + score.lenient}),
    {field: 'core', pages: 0, exact: 0, lenient: 0},
  );
  return {fields: scores, core, misses};
}

/** `87.5 % (7/8)`; `–` for no pages. */
export const percent = (hits: number, pages: number): string => (pages === 0 ? '–' : `${((hits / pages) * 100).toFixed(1)} % (${hits}/${pages})`);

/** The report as a Markdown table, then the lenient misses. */
export function formatScore(score: Score, pageCount: number, corpus = 'tests/fixtures/pages'): string {
  const row = (label: string, entry: FieldScore): string => `| ${label} | ${entry.pages} | ${percent(entry.exact, entry.pages)} | ${percent(entry.lenient, entry.pages)} |`;
  const lines = [
    `linkpeek accuracy on ${pageCount} fixture pages (${corpus}/expected.json), parse → rules → resolve, ping off`,
    '',
    '| field | pages | exact | lenient |',
    '|---|---|---|---|',
    ...score.fields.filter((entry) => (coreFields as readonly string[]).includes(entry.field)).map((entry) => row(entry.field, entry)),
    row(`**total (${coreFields.length} core fields)**`, score.core),
    ...score.fields.filter((entry) => !(coreFields as readonly string[]).includes(entry.field)).map((entry) => row(entry.field, entry)),
  ];
  if (score.misses.length > 0) {
    lines.push('', 'Misses (lenient):');
    for (const miss of score.misses) lines.push(`- ${miss.page} ${miss.field}: expected ${JSON.stringify(miss.expected)}, got ${JSON.stringify(miss.actual)}`);
  }
  return lines.join('\n');
}
