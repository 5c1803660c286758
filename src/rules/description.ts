import type {Snapshot} from '../parse/snapshot.js';
import {cleanText, foldEquals, foldText as fold, looksLikeUrl} from './normalize.js';
import {isSiteName} from './headline-title.js';
import {jsonldNodes, metaContentsOf, perCall, strings} from './query.js';
import {mentionsDomain, websiteTypes} from './publisher-sources.js';
import {jsonld, meta, microdata, named, type Rule, type RuleContext} from './rule-kit.js';
import {restoreDescription} from './quote-cut.js';

/*
 * The page's own description from its metadata (issue 28 item 3), when its sources disagree. The
 * hosted service's order stands (og:description, written for the card, first; then
 * twitter:description, JSON-LD, microdata, Dublin Core, `<meta name="description">`), with three
 * exceptions a reader would make: a description cut short (`…from...`) gives way to a whole one that
 * starts the same; the site's tagline (the JSON-LD `WebSite` description, the same on every page)
 * and a description that only repeats the title or the site's name come after every other one
 * (still before the lead paragraph: they are what the page says). Markup a CMS left in a
 * description (`<p>…</p>`) is dropped.
 * Each source stays its own rule, so a site's refused values (a slogan) let the next one answer, and
 * an og:description that the head does not question is read from the head alone (the early stop,
 * rules/settled-fields.ts, can then settle it there).
 */

const titleKeys = ['og:title', 'twitter:title', 'og:site_name'];
// Dublin Core written with a dot or, as RDFa writes it, a colon (`dc:description`; `dcterm:` is Readability's spelling).
const dublinCoreDescriptionKeys = ['dc.description', 'dcterms.description', 'dc:description', 'dcterms:description', 'dcterm:description', 'dcterms.abstract'];
// The share metas of Chinese portals (Sina Weibo's card: `weibo:article:description`), read after Dublin Core as Readability does.
const weiboDescriptionKeys = ['weibo:article:description', 'weibo:webpage:description'];
const ogKeys = ['og:description'];
const otherHeadKeys = ['twitter:description', 'description', ...dublinCoreDescriptionKeys, ...weiboDescriptionKeys];
// `…from...`, `…from…`, `…from […]`, `…from (...)`.
const cutShort = /\s*[[(]?(?:\.{3}|…)[\])]?$/;

/** A rule's values, cleaned, without empties; a rule that throws gives none. */
function valuesOf(rule: Rule, snapshot: Snapshot, context: RuleContext): string[] {
  let result: ReturnType<Rule>;
  try {
    result = rule(snapshot, context);
  } catch {
    return [];
  }
  const list = typeof result === 'string' ? [result] : Array.isArray(result) ? result : [];
  return list.map((value) => (typeof value === 'string' ? plainText(restoreDescription(value, snapshot)) : null)).filter((value): value is string => value !== null);
}

// A tag written into a description by a CMS (`<p>The crane…</p>`, entities decoded by the parser).
const markup = /<\/?[a-z][a-z\d-]*(?:\s[^<>]*)?\/?>/gi;

/** A description's text: the markup a CMS left in it dropped, whitespace condensed. */
function plainText(value: string): string | null {
  if (!value.includes('<')) return cleanText(value);
  const text = value.replace(markup, ' ');
  // A closing tag before a full stop left a space there: `<b>arrived</b>.`.
  return cleanText(text === value ? value : text.replace(/\s+([.,;:!?])/g, '$1'));
}

/** The page's titles and the site's name: og:title, twitter:title, og:site_name, `<title>`. */
function titlesOf(snapshot: Snapshot): string[] {
  return perCall(snapshot, titlesIn);
}
function titlesIn(snapshot: Snapshot): string[] {
  const titles = [...metaContentsOf(snapshot, titleKeys), ...(snapshot.title === null ? [] : [snapshot.title])];
  // A title's headline without the site's name after it (`Drucker • Etiketten • Service | SASS AG`):
  // a description that is only that repeats the title too.
  const headlines: string[] = [];
  for (const title of titles) {
    const cut = title.search(siteSegment);
    if (cut > 0) headlines.push(title.slice(0, cut));
  }
  return headlines.length === 0 ? titles : [...titles, ...headlines];
}
// Where a title's last segment (the site's name) starts: ` | Site`, ` - Site`, ` – Site`, ` — Site`.
const siteSegment = /\s(?:\||-|–|—)\s(?!.*\s(?:\||-|–|—)\s)/;

/** The site's taglines: the JSON-LD `WebSite` descriptions. */
function taglinesOf(snapshot: Snapshot): string[] {
  return perCall(snapshot, taglinesIn);
}
function taglinesIn(snapshot: Snapshot): string[] {
  return strings(jsonldNodes(snapshot, websiteTypes), 'description');
}

/** Whether `value` is the title again or the site's tagline: a description of last resort. */
function isDemoted(value: string, snapshot: Snapshot): boolean {
  return foldEquals(value, '') || foldEqualsAny(value, titlesOf(snapshot)) || foldEqualsAny(value, taglinesOf(snapshot));
}

/** Whether `value` folds to the same text as one of `others` (no closure made per value). */
function foldEqualsAny(value: string, others: readonly string[]): boolean {
  for (const other of others) if (foldEquals(value, other)) return true;
  return false;
}

// A byline in place of a description: `Par Didier Roy (Planète Asie, 21 juin 2018)`, `By Jane Doe | May 3`,
// `Von Anna Berg, 3. Mai`: the word, one to four capitalised words, then the end or a separator.
const byline = /^(?:by|par|von|por|door|di|af|av)\s+\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,3}\s*(?:$|[(|,•·—–]|\s-\s)/iu;
// A keywords list: `Frankreich,Deutschland,Coronakrise,Außenpolitik`, five items or more of at most three words, no sentence.
const listItem = /^\s*[^\s,.;!?]+(?:\s+[^\s,.;!?]+){0,2}\s*$/;

/**
 * Whether `value` is no description at all, though a description source holds it: a byline, the
 * site's name or a short slogan naming the site (`nachtkritik.de - das unabhängige Theaterportal`,
 * `++ lokalo.de Blaulicht ++`), a URL, a keywords list. Such a value comes after the lead paragraph.
 */
export function isNoDescription(value: string, snapshot: Snapshot, pageUrl: string): boolean {
  // Per pickFields call, each value once: the description rules see a source's values several times.
  const byUrl = perCall(snapshot, noDescriptionMemo);
  let judged = byUrl.get(pageUrl);
  if (judged === undefined) byUrl.set(pageUrl, (judged = new Map()));
  let answer = judged.get(value);
  if (answer === undefined) judged.set(value, (answer = isNoDescriptionOnce(value, snapshot, pageUrl)));
  return answer;
}
const noDescriptionMemo = (): Map<string, Map<string, boolean>> => new Map();

function isNoDescriptionOnce(value: string, snapshot: Snapshot, pageUrl: string): boolean {
  if (value.length < 160 && byline.test(value)) return true;
  if (looksLikeUrl(value)) return true;
  // At most 8 words (7 spaces), counted without splitting a long description.
  if (!hasMore(value, ' ', 7) && (isSiteName(value, snapshot, pageUrl) || mentionsDomain(value, pageUrl))) return true;
  if (hasMore(value, ',', 3) && !/[.!?]\s/.test(value)) {
    const items = value.split(',');
    if (items.every((item) => listItem.test(item))) return true;
  }
  return false;
}

/** Whether `text` holds `char` more than `count` times. */
function hasMore(text: string, char: string, count: number): boolean {
  let at = -1;
  for (let seen = 0; seen <= count; seen++) {
    at = text.indexOf(char, at + 1);
    if (at < 0) return false;
  }
  return true;
}

const gluedWords = /\p{Ll}\p{Lu}/u;

/**
 * A description that starts with the page's `<h1>` glued to its first sentence (`Vom Boden aus
 * gedachtAnn Cotten verwebt…`, a CMS joining the headline and the teaser): the teaser alone.
 */
function withoutGluedHeadline(value: string, snapshot: Snapshot): string {
  // Only a value with a glued word (`gedachtAnn`) reads the body's <h1>: the others stay settled at the head.
  if (!gluedWords.test(value)) return value;
  const h1 = snapshot.h1;
  if (h1 === null || h1.length < 8 || value.length <= h1.length + 20 || !value.startsWith(h1)) return value;
  return /^\p{Lu}/u.test(value.slice(h1.length)) ? value.slice(h1.length) : value;
}

/** The longest value of every source that starts with what `value` kept before its `...` (compared folded), else `value`. */
function wholeOf(value: string, snapshot: Snapshot, context: RuleContext): string {
  const start = fold(value.replace(cutShort, ''));
  let whole = value;
  for (const rule of plainSources) {
    for (const other of valuesOf(rule, snapshot, context)) {
      if (!cutShort.test(other) && other.length > whole.length && fold(other).startsWith(start)) whole = other;
    }
  }
  return whole;
}

const metaDescriptionKeys = ['description'];

/**
 * A value still cut short (no whole one starts the same) gives way to a shorter `<meta name="description">`
 * that differs from it: an excerpt cut from the body by the CMS (og:description) is longer than the
 * description written for search results, and a reader takes the one written (issue 33: on the real
 * pages, 7 of 7 labels where both differ and the longer og:description is cut).
 */
function shorterWritten(value: string, snapshot: Snapshot, context: RuleContext): string {
  if (!cutShort.test(value)) return value;
  for (const found of metaContentsOf(snapshot, metaDescriptionKeys)) {
    const other = plainText(found);
    if (other === null || other.length >= value.length || foldEquals(other, value)) continue;
    if (!isDemoted(other, snapshot) && !isNoDescription(other, snapshot, context.url)) return other;
  }
  return value;
}

/**
 * A description source with the exceptions above: a cut-short value replaced by the whole one, the
 * title repeated and the site's tagline left to {@link demotedDescription}.
 */
function judged(source: Rule): Rule {
  return named(source.name, (snapshot, context) => {
    const out: string[] = [];
    for (const found of valuesOf(source, snapshot, context)) {
      const value = withoutGluedHeadline(found, snapshot);
      if (isDemoted(value, snapshot) || isNoDescription(value, snapshot, context.url)) continue;
      out.push(cutShort.test(value) ? shorterWritten(wholeOf(value, snapshot, context), snapshot, context) : value);
    }
    return out;
  });
}

/**
 * og:description: when the head's other descriptions, if any, say the same, read from the head alone
 * (neither the title again nor cut short); else judged as the other sources are.
 */
const openGraphDescription = named('meta(og:description)', (snapshot, context) => {
  const list = metaContentsOf(snapshot, ogKeys).map((value) => plainText(restoreDescription(value, snapshot))).filter((value): value is string => value !== null);
  const first = list[0];
  if (first === undefined) return list;
  const agreed = !cutShort.test(first) && !foldEquals(first, '') && !titlesOf(snapshot).some((title) => foldEquals(first, title))
    && !isNoDescription(first, snapshot, context.url) && withoutGluedHeadline(first, snapshot) === first
    && metaContentsOf(snapshot, otherHeadKeys).every((value) => foldEquals(value, first));
  return agreed ? list : judgedOpenGraph(snapshot, context);
});

const plainSources: readonly Rule[] = [
  meta('og:description'),
  meta('twitter:description'),
  jsonld('description'),
  microdata('description', null),
  meta(...dublinCoreDescriptionKeys),
  meta(...weiboDescriptionKeys),
  meta('description'),
];
const judgedOpenGraph = judged(plainSources[0]!);

/** The title repeated or the site's tagline, from any source: what the page says when it says nothing else. */
const demotedDescription = named('description(title repeated, site tagline)', (snapshot, context) =>
  plainSources.flatMap((rule) => valuesOf(rule, snapshot, context)).filter((value) => isDemoted(value, snapshot) && !isNoDescription(value, snapshot, context.url)));

/** A byline, the site's name or slogan, a URL or a keywords list from any source: after the lead paragraph, the page's last word. */
export const noDescriptionLast = named('description(byline, site name, slogan, URL, keywords)', (snapshot, context) =>
  plainSources.flatMap((rule) => valuesOf(rule, snapshot, context)).filter((value) => isNoDescription(value, snapshot, context.url)));

/** The metadata description rules, in priority order (see above). */
export const metadataDescriptionRules: readonly Rule[] = [
  openGraphDescription,
  ...plainSources.slice(1).map(judged),
  demotedDescription,
];
