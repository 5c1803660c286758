import type {Candidates, MediaField, Price, TextField} from '../data.js';
import type {Page} from '../shared/page.js';
import type {Snapshot} from '../parse/parse-html.js';
import {absoluteUrl, documentBase} from './resolve-urls.js';
import {authorName, cleanDescription, cleanText, isoDate, languageCode} from './normalize.js';
import {withQueryCache} from './query.js';
import {UniqueStrings} from './unique-strings.js';
import type {Rule, RuleContext, RuleTable} from './rule-kit.js';
import {authorRules, descriptionRules, langRules, modifiedDateRules, publishedDateRules, titleRules, urlRules} from './text-rules.js';
import {logoRules, publisherRules} from './brand-rules.js';
import {audioRules, imageRules, videoRules} from './media-rules.js';
import {trim} from '../parse/chars.js';
import {defaultSiteIndex} from './sites/index.js';
import {siteFor, type SiteIndex} from './sites/site-index.js';
import type {SiteRules} from './sites/site.js';
import {pagePrice, type PriceRule} from './price-rules.js';

export {link, meta, microdata, type Rule, type RuleContext, type RuleTable} from './rule-kit.js';
export {minImageSize} from './media-rules.js';
export {defaultSites, defaultSiteIndex, withSites} from './sites/index.js';
export {siteIndex, siteFor, type SiteIndex} from './sites/site-index.js';
export type {PageKind, SiteRules} from './sites/site.js';

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

/**
 * A date value as ISO 8601, or `null` for a placeholder a CMS or database writes for no date: the Unix
 * epoch (a timestamp of 0, `1970-01-01T00:00:00Z` in any zone), SQL Server's `1900-01-01`, the OLE and
 * spreadsheet epochs `1899-12-30` and `1899-12-31`. The next source then answers.
 */
function pageDate(value: string): string | null {
  const iso = isoDate(value);
  if (iso === null) return null;
  if (iso === epoch || placeholderDays.has(iso.slice(0, 10))) return null;
  return iso;
}
const epoch = '1970-01-01T00:00:00.000Z';
const placeholderDays: ReadonlySet<string> = new Set(['1970-01-01', '1900-01-01', '1899-12-30', '1899-12-31']);

/** Cleans and checks one text value for a field; `null` lets the next value or rule try. */
const acceptText: Record<TextField, (value: string, context: RuleContext) => string | null> = {
  title: cleanText,
  // Whole, as the hosted service returns it, without a dateline's place; config `maxDescriptionLength` cuts it (in pingUrls).
  description: cleanDescription,
  lang: languageCode,
  // "By Will Smale" is Will Smale; a profile URL (article:author often holds one) or an e-mail is no name.
  author: authorName,
  publisher: cleanText,
  date: pageDate,
  datePublished: pageDate,
  dateModified: pageDate,
  url: (value, context) => (absoluteUrl(value, context.baseUrl) === null ? null : trim(value)),
};

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
 * On a page of one of `sites` (by its host), that site's rules run before the table's (docs/sites.md);
 * `null` runs the table alone.
 * @default table {@link rules}
 * @default sites {@link defaultSiteIndex}
 */
export function pickFields(snapshot: Snapshot, page: Pick<Page, 'url' | 'headers' | 'oembed'>, table: RuleTable = rules, sites: SiteIndex | null = defaultSiteIndex): Candidates {
  return pickTableFields(snapshot, page, table, sites, true);
}

/**
 * {@link pickFields}, with `data.price` read or not (`price`): the early stop judges the table's
 * fields one rule at a time, and the price on its own (settled-fields.ts).
 */
export function pickTableFields(snapshot: Snapshot, page: Pick<Page, 'url' | 'headers' | 'oembed'>, table: RuleTable, sites: SiteIndex | null, price: boolean): Candidates {
  // One lookup of the page's host: a page of no listed site runs the table as it is.
  const site = sites === null ? null : siteFor(sites, page.url);
  // The meta lookups and JSON-LD type filters many rules share are computed once per call.
  const prices = !price ? null : site?.price === undefined ? pagePrices : [site.price, pagePrice];
  return withQueryCache(snapshot, () => (site === null ? runRules(snapshot, page, table, prices) : runSiteRules(snapshot, page, table, site, prices)));
}

const pagePrices: readonly PriceRule[] = [pagePrice];

/**
 * The table with a site's rules before the general ones, field by field, and its refused values
 * refused from every rule. `date` reads the site's date rules (its posting date first), then the table's.
 */
function runSiteRules(snapshot: Snapshot, page: Pick<Page, 'url' | 'headers' | 'oembed'>, table: RuleTable, site: SiteRules, prices: readonly PriceRule[] | null): Candidates {
  const own = site.rules;
  const merged = {} as RuleTable;
  for (const field of Object.keys(table) as (keyof RuleTable)[]) {
    const first = field === 'date' ? [...(own.date ?? []), ...(own.datePublished ?? []), ...(own.dateModified ?? [])] : (own[field] ?? []);
    merged[field] = first.length === 0 ? table[field] : [...first, ...table[field]];
  }
  return runRules(snapshot, page, merged, prices, site.refuse);
}

/** The table's fields, and the price of the first of `prices` that gives one (`null`: none read). */
function runRules(snapshot: Snapshot, page: Pick<Page, 'url' | 'headers' | 'oembed'>, table: RuleTable, prices: readonly PriceRule[] | null, refuse?: SiteRules['refuse']): Candidates {
  const context: RuleContext = {url: page.url, headers: page.headers, baseUrl: documentBase(snapshot.baseHref, page.url), ...(page.oembed ? {oembed: page.oembed} : {})};
  const text = (field: TextField): string | null => {
    const refused = refuse?.[field];
    const accept = acceptText[field];
    return firstAccepted(table[field], refused === undefined ? accept : (value, at) => (refused(value) ? null : accept(value, at)), snapshot, context);
  };
  const media = (field: MediaField): string[] => {
    const values = allValues(table[field], snapshot, context);
    const refused = refuse?.[field];
    return refused === undefined ? values : values.filter((value) => !refused(value));
  };
  const title = text('title');
  const description = text('description');
  const lang = text('lang');
  const author = text('author');
  const publisher = text('publisher');
  const dateModified = text('dateModified');
  const datePublished = text('datePublished');
  // `date` reads the modified-date rules, then the published-date ones: when the table lists exactly
  // those (the default table does), its answer is theirs, and they need not run twice.
  const date = isConcatenation(table.date, table.dateModified, table.datePublished) ? (dateModified ?? datePublished) : text('date');
  const found: Candidates = {
    title, description, lang, author, publisher, date, datePublished, dateModified, url: text('url'),
    image: media('image'), logo: media('logo'), video: media('video'), audio: media('audio'),
  };
  // The key only when the page states a price: `data.price` is absent on every other page.
  const price = prices === null ? null : readPagePrice(snapshot, context, prices);
  if (price !== null) found.price = price;
  return found;
}

/** The site's price rule, else the page's product metas, JSON-LD and microdata; a rule that throws gives nothing. */
function readPagePrice(snapshot: Snapshot, context: RuleContext, prices: readonly PriceRule[]): Price | null {
  for (const rule of prices) {
    try {
      const price = rule(snapshot, context);
      if (price !== null) return price;
    } catch {
      // As a throwing field rule: skipped.
    }
  }
  return null;
}

/** What a rule returned; a rule that throws returns nothing. */
function run(rule: Rule, snapshot: Snapshot, context: RuleContext): ReturnType<Rule> {
  try {
    return rule(snapshot, context);
  } catch {
    return null;
  }
}

/** The first value of the rules, in order, that `accept` takes (cleaned as it returns it), else `null`. Later rules do not run. */
function firstAccepted(list: readonly Rule[], accept: (value: string, context: RuleContext) => string | null, snapshot: Snapshot, context: RuleContext): string | null {
  for (const rule of list) {
    const result = run(rule, snapshot, context);
    // A single string is the usual answer: read without wrapping it in a list.
    if (typeof result === 'string') {
      const accepted = accept(result, context);
      if (accepted !== null) return accepted;
      continue;
    }
    for (const value of valuesOf(result)) {
      if (typeof value !== 'string') continue;
      const accepted = accept(value, context);
      if (accepted !== null) return accepted;
    }
  }
  return null;
}

/** Every value of the rules, in rule order, trimmed, without empties and duplicates. */
function allValues(list: readonly Rule[], snapshot: Snapshot, context: RuleContext): string[] {
  const seen = new UniqueStrings();
  for (const rule of list) {
    const result = run(rule, snapshot, context);
    if (typeof result === 'string') addTrimmed(seen, result);
    else for (const value of valuesOf(result)) if (typeof value === 'string') addTrimmed(seen, value);
  }
  return seen.values;
}

function addTrimmed(seen: UniqueStrings, value: string): void {
  const trimmed = trim(value);
  if (trimmed !== '') seen.add(trimmed);
}

/** Whether `whole` is `first` followed by `second`, rule for rule. */
function isConcatenation(whole: readonly Rule[], first: readonly Rule[], second: readonly Rule[]): boolean {
  if (whole.length !== first.length + second.length) return false;
  for (let index = 0; index < first.length; index++) if (whole[index] !== first[index]) return false;
  for (let index = 0; index < second.length; index++) if (whole[first.length + index] !== second[index]) return false;
  return true;
}
