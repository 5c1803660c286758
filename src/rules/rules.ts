import type {Candidates, MediaField, TextField} from '../data.js';
import type {Page} from '../fetch/fetch-page.js';
import type {Snapshot} from '../parse/parse-html.js';
import {absoluteUrl, documentBase} from './resolve-urls.js';
import {authorName, cleanText, isoDate, languageCode} from './normalize.js';
import {withQueryCache} from './query.js';
import type {Rule, RuleContext, RuleTable} from './rule-kit.js';
import {authorRules, descriptionRules, langRules, modifiedDateRules, publishedDateRules, titleRules, urlRules} from './text-rules.js';
import {logoRules, publisherRules} from './brand-rules.js';
import {audioRules, imageRules, videoRules} from './media-rules.js';

export {link, meta, microdata, type Rule, type RuleContext, type RuleTable} from './rule-kit.js';
export {minImageSize} from './media-rules.js';

/**
 * The extraction rules, field by field, in priority order. Read it, reorder it or extend it, and pass
 * the result to {@link pickFields}:
 * @example
 * import {rules, pickFields} from 'linkpeek';
 * const mine = {...rules, title: [(snapshot) => snapshot.h1, ...rules.title]};
 * pickFields(snapshot, page, mine);
 */
export const rules: RuleTable = {
  title: titleRules,
  description: descriptionRules,
  lang: langRules,
  author: authorRules,
  publisher: publisherRules,
  date: [...modifiedDateRules, ...publishedDateRules],
  datePublished: publishedDateRules,
  dateModified: modifiedDateRules,
  url: urlRules,
  image: imageRules,
  logo: logoRules,
  video: videoRules,
  audio: audioRules,
};

/** Cleans and checks one text value for a field; `null` lets the next value or rule try. */
const acceptText: Record<TextField, (value: string, context: RuleContext) => string | null> = {
  title: cleanText,
  // Whole, as the hosted service returns it; config `maxDescriptionLength` cuts it (in pingUrls).
  description: cleanText,
  lang: languageCode,
  // "By Will Smale" is Will Smale; a profile URL (article:author often holds one) or an e-mail is no name.
  author: authorName,
  publisher: cleanText,
  date: isoDate,
  datePublished: isoDate,
  dateModified: isoDate,
  url: (value, context) => (absoluteUrl(value, context.baseUrl) === null ? null : value.trim()),
};

const textFields: readonly TextField[] = ['title', 'description', 'lang', 'author', 'publisher', 'date', 'datePublished', 'dateModified', 'url'];
const mediaFields: readonly MediaField[] = ['image', 'logo', 'video', 'audio'];

/** What a rule returned, as its string values (a single value, or the strings of an array), without copying. */
function valuesOf(result: string | string[] | null | undefined): readonly unknown[] {
  if (typeof result === 'string') return [result];
  return Array.isArray(result) ? result : noValues;
}

const noValues: readonly unknown[] = [];

/**
 * Runs the rule table on a snapshot. Text fields take the first value that survives cleaning (see
 * the README for each field's checks), else `null`; media fields get every rule's values concatenated
 * in rule order, trimmed and deduplicated (still relative: {@link resolveUrls} makes them absolute).
 * A rule that throws is skipped, so a user-supplied rule cannot break extraction.
 * @default table {@link rules}
 */
export function pickFields(snapshot: Snapshot, page: Pick<Page, 'url' | 'headers'>, table: RuleTable = rules): Candidates {
  // The meta lookups and JSON-LD type filters many rules share are computed once per call.
  return withQueryCache(snapshot, () => runRules(snapshot, page, table));
}

function runRules(snapshot: Snapshot, page: Pick<Page, 'url' | 'headers'>, table: RuleTable): Candidates {
  const context: RuleContext = {url: page.url, headers: page.headers, baseUrl: documentBase(snapshot.baseHref, page.url)};
  const run = (rule: Rule): readonly unknown[] => {
    try {
      return valuesOf(rule(snapshot, context));
    } catch {
      return noValues;
    }
  };
  const candidates = {} as Candidates;
  for (const field of textFields) {
    candidates[field] = null;
    search: for (const rule of table[field]) {
      for (const value of run(rule)) {
        if (typeof value !== 'string') continue;
        const accepted = acceptText[field](value, context);
        if (accepted !== null) {
          candidates[field] = accepted;
          break search;
        }
      }
    }
  }
  for (const field of mediaFields) {
    const seen = new Set<string>();
    for (const rule of table[field]) {
      for (const value of run(rule)) {
        if (typeof value !== 'string') continue;
        const trimmed = value.trim();
        if (trimmed !== '') seen.add(trimmed);
      }
    }
    candidates[field] = [...seen];
  }
  return candidates;
}
