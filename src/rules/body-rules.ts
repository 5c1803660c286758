import {getDomain} from 'tldts';
import type {BylineText, Snapshot} from '../parse/snapshot.js';
import {authorName, foldText as fold, looksLikeDate, textDates} from './normalize.js';
import {datelineDate} from './dates/dateline.js';
import {farHeadlineText} from './dates/far-headline.js';
import {pageOrder} from './dates/page-order.js';
import {topBarDatesLast} from './dates/top-bar-date.js';
import {jsonldNodes, mainNodes, metaContentsOf, names, oncePerCall, perCall, strings, linksWithRel} from './query.js';
import {websiteTypes} from './publisher-sources.js';
import {named, type Rule} from './rule-kit.js';
import {pathnameOf, resolvedPathname} from './resolve-urls.js';

/*
 * The last-resort rules that read the page body rather than its metadata (issue 12 points 2 and 8):
 * bylines (elements whose class or id names an author or a byline, links to author pages) and dates
 * written only as text or in the URL. text-rules.ts puts them after every metadata source.
 */

/** Elements between two author entries that still make them one byline (`By <a>Ann</a> and <a>Bo</a>`). */
const maxBylineGap = 3;
/** A byline names at most this many people; a longer row of author links is a list (the site's columnists). */
const maxBylineNames = 6;
/** A name longer than this (or of more words) is a sentence, a bio or a list, not a byline. */
const maxNameLength = 80;
const maxNameWords = 8;

const siteWords: ReadonlySet<string> = new Set(['website', 'webpage']);
/** Link texts of the site's interface that sit on author/profile links, and a byline's lone "and". */
const interfaceText = /^(?:and|with|(?:(?:my|view|edit|your)\s+)?(?:profile|account|settings|authors?|log\s*(?:in|out)|sign\s*(?:in|up|out)|register|subscribe|follow|more|contact|about(?:\s+(?:the\s+)?author)?))$/i;
const standaloneNumber = /(?:^|\s)[\d.,:]*\d[\d.,:]*(?:\s|$)/;

const siteNameKeys = ['og:site_name', 'application-name', 'apple-mobile-web-app-title', 'publisher'];

/**
 * The names the page's head gives its site (folded): `og:site_name`, app names, `<meta name=publisher>`,
 * the domain. Read from metas only, so a rule that checks them can still be settled from the head.
 */
export function headSiteNames(snapshot: Snapshot, url: string): Set<string> {
  const domain = oncePerCall(snapshot, getDomain, url);
  const list = [...metaContentsOf(snapshot, siteNameKeys), ...(domain === null ? [] : [domain, domain.split('.')[0]!])];
  return new Set(list.map(fold).filter((name) => name !== ''));
}

/** The names a page gives its site (folded): `og:site_name`, app names, JSON-LD publisher/WebSite, the domain. */
export function siteNames(snapshot: Snapshot, url: string): Set<string> {
  const domain = oncePerCall(snapshot, getDomain, url);
  const list = [
    ...metaContentsOf(snapshot, siteNameKeys),
    ...mainNodes(snapshot).flatMap((node) => names(snapshot, node.publisher)),
    ...strings(jsonldNodes(snapshot, websiteTypes), 'name'),
    ...(domain === null ? [] : [domain, domain.split('.')[0]!]),
  ];
  return new Set(list.map(fold).filter((name) => name !== ''));
}

/** Cuts a trailing date off a byline: `Jane Smith on March 3, 2016`, `Jane Smith, 12 Jan 2016` → `Jane Smith`. */
function withoutTrailingDate(text: string): string {
  const cut = /\s+on\s+|\s*,\s*|\s+-\s+|\s+(?=(?:updated|published|posted)\b)/gi;
  for (const match of text.matchAll(cut)) {
    const rest = text.slice(match.index + match[0].length);
    if (looksLikeDate(rest)) return text.slice(0, match.index);
  }
  return text;
}

/**
 * The author's name in the text of a byline element, or `null`: the first part between separators
 * (`By Jane Smith | 12 Jan 2016 | 4 min read`, `·`, `•`, `»`, ` – `, ` — `) that is a name, what follows a " by " (`Published
 * March 3 by Jane`), a trailing date cut off. Not a name: a URL, an e-mail address, a date, the
 * site's own name, a value with a number of its own (`6 min read`), interface text (`My profile`, `Log in`), a lone "and", more than {@link maxNameLength} characters or {@link maxNameWords} words.
 */
export function bylineName(text: string, sites: ReadonlySet<string>): string | null {
  for (const part of text.split(/\s+[|•·—–»]\s+|\s*[|•·»]\s*/)) {
    const by = /(?:^|\s)by\s+(\S.*)$/i.exec(part);
    const name = authorName(withoutTrailingDate(by === null ? part : by[1]!));
    // A number of its own makes it no name (`6 min read`, `Posts: 412`); a username's digits do (`kestrel_79`).
    if (name === null || standaloneNumber.test(name) || name.length > maxNameLength || name.split(' ').length > maxNameWords) continue;
    const folded = fold(name);
    if (folded === '' || sites.has(folded) || siteWords.has(folded) || interfaceText.test(name) || isPhrase(name)) continue;
    return name;
  }
  return null;
}

// A lowercase word before a capitalised one that is no name's particle (`von`, `de`, `van der`…).
const lowercaseLead = /^(\p{Ll}+)\s+\p{Lu}/u;
const particles: ReadonlySet<string> = new Set(['von', 'van', 'vom', 'zu', 'de', 'der', 'den', 'da', 'di', 'du', 'del', 'della', 'des', 'la', 'le', 'al', 'el', 'bin', 'ibn', 'ten', 'ter', 'dos', 'das']);

/**
 * Words of running text, not a name: an author link inside a paragraph (`der <a href="…/autoren/…">patriarchalen
 * Weiblichkeit</a>`) opens with a lowercase word that is no particle.
 */
function isPhrase(name: string): boolean {
  const lead = lowercaseLead.exec(name);
  return lead !== null && !particles.has(lead[1]!);
}

/**
 * The names of the page's first byline among `entries`: containers (an entry holding another one) are
 * dropped for what they hold, and the first name is joined by the names that sit right after it
 * (at most {@link maxBylineGap} elements between), so `By <a>Ann</a> and <a>Bo</a>` gives `Ann, Bo`
 * while the author of the next teaser in a list does not join.
 */
function firstByline(entries: readonly BylineText[], sites: ReadonlySet<string>): string[] {
  const inner = entries.filter((entry) => !entries.some((other) => other !== entry && entry.start < other.start && other.end <= entry.end));
  const found: string[] = [];
  let last: BylineText | null = null;
  for (const entry of inner) {
    if (last !== null && entry.start - last.end > maxBylineGap) break;
    const name = bylineName(entry.text, sites);
    if (name === null) continue;
    // A one-word label after a full name (`<span class="author">Ann Lee</span> | <span class="author-group">Community</span>`)
    // is the author's group, not a second writer.
    if (found.length !== 0 && !name.includes(' ') && !/[\d_]/.test(name) && found.every((known) => known.includes(' '))) continue;
    if (!found.includes(name)) found.push(name);
    last = entry;
  }
  // More names in a row than a byline holds: a list of columnists or of related stories' authors, no byline.
  return found.length === 0 || found.length > maxBylineNames ? [] : [found.join(', ')];
}

/** The text of the first `<a rel="author">`, unless it is the site's own name (a theme's `<a class="site-title" rel="author">`). */
export const authorLink: Rule = named('document(a rel=author)', (snapshot, context) => {
  const text = snapshot.authorLink;
  if (text === null) return null;
  const sites = siteNames(snapshot, context.url);
  if (sites.has(fold(authorName(text) ?? text))) return null;
  // `By <a rel=author>Ann</a> and <a rel=author>Bo</a>`: the byline the link opens gives every name.
  const entries = snapshot.bylines?.filter((entry) => entry.kind === 'author') ?? [];
  const start = entries.findIndex((entry) => entry.text === text);
  const byline = start === -1 ? [] : firstByline(entries.slice(start), sites);
  return byline.length === 0 ? text : byline[0]!;
});

const twitterCreatorKeys = ['twitter:creator'];
const twitterSiteKeys = ['twitter:site'];

/**
 * `twitter:creator`, the writer's handle (the hosted service reads it last): not when it is the
 * site's own (the same as `twitter:site`, or spelling one of the site's names: `@WildCoastJournal`).
 */
export const twitterCreator: Rule = named('meta(twitter:creator)', (snapshot, context) => {
  const handles = metaContentsOf(snapshot, twitterCreatorKeys);
  // The site's names are gathered only for a page that names a creator (most do not).
  if (handles.length === 0) return handles;
  const sites = siteNames(snapshot, context.url);
  const site = metaContentsOf(snapshot, twitterSiteKeys).map(fold);
  return handles.filter((handle) => {
    const folded = fold(handle);
    return folded !== '' && !site.includes(folded) && ![...sites].some((name) => name.includes(folded) || folded.includes(name));
  });
});

/** Elements whose class or id names an author (`.author`, `.c-byline__author`, WordPress `.author.vcard`) and links to `/author/…` pages. */
export const bodyAuthor: Rule = named('document(.author, a[href*=/author/])', (snapshot, context) => {
  const entries = snapshot.bylines?.filter((entry) => entry.kind === 'author') ?? [];
  if (entries.length === 0) return null;
  const sites = siteNames(snapshot, context.url);
  const shown = shownByline(snapshot, entries, sites);
  return firstByline(shown === -1 ? entries : entries.slice(shown), sites);
});

/** The text under the headline, folded. */
const foldedAfterHeadline = (snapshot: Snapshot): string => fold(snapshot.afterHeadline ?? '');

/**
 * The index of the first author element whose name the text under the headline shows, when the first
 * author element's is not shown there (a card's or the site's `JF` before the article's `Boris T. Kaiser`),
 * else -1.
 */
function shownByline(snapshot: Snapshot, entries: readonly BylineText[], sites: ReadonlySet<string>): number {
  if (snapshot.afterHeadline === undefined || entries.length < 2) return -1;
  // Folded once per pickFields call: the author rules read the author elements several times.
  const text = perCall(snapshot, foldedAfterHeadline);
  // A full name (two words or more): a short one (`JF`, `Ann`) may sit inside another word.
  const shows = (entry: BylineText): boolean => {
    const name = bylineName(entry.text, sites);
    return name !== null && name.includes(' ') && text.includes(fold(name));
  };
  if (shows(entries[0]!)) return -1;
  return entries.findIndex(shows);
}

/** The text of elements whose class or id names a byline (`.byline`): its first part that is a name. */
export const bodyByline: Rule = named('document(.byline)', (snapshot, context) => {
  const entries = snapshot.bylines?.filter((entry) => entry.kind === 'byline') ?? [];
  if (entries.length === 0) return null;
  const sites = siteNames(snapshot, context.url);
  return entries.map((entry) => bylineName(entry.text, sites)).filter((name): name is string => name !== null);
});

/**
 * The publication dates of page texts, read in the page's order and language ({@link textDates}):
 * every text's published or unlabelled dates first, in order, then those labelled as an update.
 */
export function pageTextDates(snapshot: Snapshot, texts: readonly string[], url?: string): string[] {
  const order = pageOrder(snapshot, url);
  const first: string[] = [];
  const last: string[] = [];
  for (const text of texts) {
    for (const date of textDates(text, order)) (date.modified ? last : first).push(date.iso);
  }
  return last.length === 0 ? first : [...first, ...last];
}

/** Dates written in elements whose class or id names a date (`.date`, `.publish_on`, `.timestamp`, `.dateline`). */
// A top bar's `Mittwoch, 8. Juli 2020` (the day the page was read) after the page's own (top-bar-date.ts).
export const bodyDate: Rule = named('document(.date, .timestamp, .published…)', (snapshot, context) => pageTextDates(snapshot, topBarDatesLast(snapshot.dateTexts ?? []), context.url));

/**
 * Dates written in a byline's text (`By Ann Lee | 12 Jan, 2016, 05.04 PM IST`), or in an author
 * element's (a forum's `<p class="author">by kestrel_79 » Sat Mar 12, 2016 2:05 pm</p>`).
 */
export const bylineDate: Rule = named('document(.byline) date', (snapshot, context) =>
  pageTextDates(snapshot, (snapshot.bylines ?? []).map((entry) => entry.text), context.url));

/**
 * The publication date of the page's first byline that writes one (`von Ann · 31. Oktober 2023`), not an
 * update's: it comes before `<time>` elements, which a theme also puts in related-story cards and
 * widgets with no mark but their place (a byline's date is the story's own).
 */
export const firstBylineDate: Rule = named('document(first .byline) date', (snapshot, context) => {
  const order = pageOrder(snapshot, context.url);
  for (const entry of snapshot.bylines ?? []) {
    const dates = textDates(entry.text, order);
    if (dates.length === 0) continue;
    return dates[0]!.modified ? null : dates[0]!.iso;
  }
  return null;
});

/** A date written right after the headline (`<h1>…</h1><p>10.11.2021</p>`, `<p class="subtitle">Agency • 02.02.2022</p>`). */
export const headlineDate: Rule = named('document(h1 + text) date', (snapshot, context) => {
  const text = headlineText(snapshot, context.url);
  return text === null ? null : pageTextDates(snapshot, [text], context.url);
});

/** The text after the headline where its date is read: its start, or read past the headline's wrapper, only a date that opens it (far-headline.ts). */
function headlineText(snapshot: Snapshot, url: string): string | null {
  const text = snapshot.afterHeadline;
  if (text === undefined) return null;
  return snapshot.afterHeadlineFar === true ? farHeadlineText(text, pageOrder(snapshot, url)) : text.slice(0, maxHeadlineReach);
}

/**
 * The date under the headline ({@link headlineDate}) when another of the body's sources shows its day too: a
 * `<time>`, a date element, a byline (its value, whose time of day is its own), or the URL's path. On a page
 * without metadata the first byline's date and the `<time>`s are as often a related story's card, a comment's
 * or a mega menu's (`<time>November 8, 2023</time>` above the story) as the story's; the date the headline
 * shows, marked as a date or seen again, is the story's. Not an update's (`Aktualisiert am …`).
 */
export const confirmedHeadlineDate: Rule = named('document(h1 + text, shown again) date', (snapshot, context) => {
  const text = headlineText(snapshot, context.url);
  if (text === null) return null;
  const order = pageOrder(snapshot, context.url);
  const first = textDates(text, order)[0];
  if (first === undefined || first.modified) return null;
  const day = first.iso.slice(0, 10);
  for (const texts of [snapshot.times, snapshot.dateTexts, snapshot.bylines?.map((entry) => entry.text)]) {
    const shown = texts === undefined || texts.length === 0 ? undefined : pageTextDates(snapshot, texts, context.url).find((other) => other.startsWith(day));
    if (shown !== undefined) return shown;
  }
  if (pathDate(snapshot, context)!.includes(day)) return first.iso;
  // Date elements of three days or more are a list of stories (teasers, a ticker): the headline's date is the story's.
  return snapshot.dateTexts !== undefined && new Set(pageTextDates(snapshot, snapshot.dateTexts, context.url).map((other) => other.slice(0, 10))).size >= 3 ? first.iso : null;
});

/** The date a paragraph starts with, of the page's first paragraphs (`29.11.2022 – …`, `BERLIN, 3. März 2021 – …`, `(dpa) 03.03.2021`). */
export const paragraphDateline: Rule = named('document(p) dateline', (snapshot, context) => {
  const texts = snapshot.datelines;
  if (texts === undefined) return null;
  const order = pageOrder(snapshot, context.url);
  for (const text of texts) {
    const date = datelineDate(text, order);
    if (date !== null) return date;
  }
  return null;
});

/** How far after the headline its date may start: further on is the article's text, whose dates are events'. */
const maxHeadlineReach = 100;

// `/2016/05/16/`, `/2016/5/16-slug`, `/2016-05-16/`: a year from 1900 to 2099, a month, a day, then the end of a segment.
const urlDatePattern = /\/((?:19|20)\d{2})([/-])(0?[1-9]|1[0-2])\2(0?[1-9]|[12]\d|3[01])(?=[/\-_.?#]|$)/;

/** The `YYYY-MM-DD` of a date in a URL's path (`/2016/05/16/story`), or `null`. */
export function urlDate(url: string): string | null {
  let path: string;
  try {
    path = pathnameOf(url);
  } catch {
    return null;
  }
  return pathDateOf(path);
}

// `/20220127-slug`, `/detail/20200102/`: a compact year, month and day opening a segment that goes on (a last
// segment of 8 digits, `/p/20160516`, is as likely an id); `/meldungen/29-10-2021`: day, month, year.
const compactUrlDate = /\/((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?=[/\-_])/;
// In a segment's name: a Chinese government or news CMS's `/201906/t20190624_123.html`, and a slug's `article_20190624_123.html`,
// `slug-20190624.html` (behind `-` or `_`, and before `-`, `_`, `.` or the end: an id of 8 digits stands alone).
const namedUrlDate = /(?:\/t|[-_])((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?=[-_.]|$)/;
const dayFirstUrlDate = /\/(0?[1-9]|[12]\d|3[01])([-_.])(0?[1-9]|1[0-2])\2((?:19|20)\d{2})(?=[/\-_.?#]|$)/;
// Chinese news sites' folders: Xinhua's `/2012-06/04/content_…` and `/201206/04/`, People's Daily's `/2019/0613/c1002-…`.
const monthFolderUrlDate = /\/((?:19|20)\d{2})-?(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\//;
const dayFolderUrlDate = /\/((?:19|20)\d{2})\/(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\//;

/** The year, month and day of a date in a URL path: `/2016/05/16/`, else `/20220127-…`, else `t20190624_…`/`slug-20190624.html`, else `/29-10-2021`, else `/2012-06/04/`, `/2019/0613/`. */
function pathDayParts(path: string): [string, string, string] | null {
  const match = urlDatePattern.exec(path);
  if (match !== null) return [match[1]!, match[3]!, match[4]!];
  const compact = compactUrlDate.exec(path);
  if (compact !== null) return [compact[1]!, compact[2]!, compact[3]!];
  const named = namedUrlDate.exec(path);
  if (named !== null) return [named[1]!, named[2]!, named[3]!];
  const dayFirst = dayFirstUrlDate.exec(path);
  if (dayFirst !== null) return [dayFirst[4]!, dayFirst[3]!, dayFirst[1]!];
  const folder = monthFolderUrlDate.exec(path) ?? dayFolderUrlDate.exec(path);
  return folder === null ? null : [folder[1]!, folder[2]!, folder[3]!];
}

/** The `YYYY-MM-DD` of a date in a URL path, or `null`. */
function pathDateOf(path: string): string | null {
  const parts = pathDayParts(path);
  if (parts === null) return null;
  const [year, month, day] = parts;
  const date = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  // 2016-02-30 is no day: Date rolls it over to March, so it must round-trip.
  return new Date(`${date}T12:00:00Z`).toISOString().startsWith(date) ? date : null;
}

const canonicalRels = ['canonical'];
const ogUrlKeys = ['og:url'];

/** A date in the path of the page URL, then of its canonical URL (`/2016/05/16/`). */
export const pathDate: Rule = named('url(/yyyy/mm/dd/)', (snapshot, context) => {
  const dates: string[] = [];
  addPathDate(context.url, context.baseUrl, dates);
  for (const url of metaContentsOf(snapshot, ogUrlKeys)) addPathDate(url, context.baseUrl, dates);
  for (const tag of linksWithRel(snapshot, canonicalRels)) addPathDate(tag.href, context.baseUrl, dates);
  return dates;
});

/** Appends the date in the path of `url` resolved against `base`, if any (a URL that does not resolve has none). */
function addPathDate(url: string, base: string, dates: string[]): void {
  let path: string;
  try {
    path = resolvedPathname(url, base);
  } catch {
    return;
  }
  const date = pathDateOf(path);
  if (date !== null) dates.push(date);
}
