import type {Snapshot} from '../parse/parse-html.js';
import type {MicrodataValue} from '../parse/snapshot.js';
import {addNodeStrings, items, jsonldTypes, mainNodes, shortType, strings, httpEquivContents, type JsonldNode} from './query.js';
import {judgedTitle} from './headline-title.js';
import {ogTitleOrShownHeadline, titleOrShownHeadline, withShownHeadline} from './shown-headline.js';
import {organizationTypes} from './publisher-sources.js';
import {jsonld, meta, microdata, link, named, type Rule} from './rule-kit.js';
import {metadataDescriptionRules, noDescriptionLast} from './description.js';
import {leadParagraph} from './lead-paragraph.js';
import {bodyDate, bylineDate, confirmedHeadlineDate, firstBylineDate, headlineDate, paragraphDateline, pathDate} from './body-rules.js';
import {inPageOrder} from './dates/page-order.js';
import {labelledDate, publishedLabelDate} from './dates/labelled-date.js';
import {stateDate} from './dates/state-date.js';
import {dateNode} from './dates/date-node.js';
import {asShown} from './dates/shown-date.js';
import {topBarDatesLast} from './dates/top-bar-date.js';

export {authorRules} from './author-rules.js';

/*
 * The rules of the text fields (title, description, lang, author, dates, url), each list in priority
 * order (the author's in author-rules.ts, the description's sources in description.ts). rules.ts
 * assembles them into the rule table.
 */

const jsonldDatePublished = named('jsonld(datePublished)', (snapshot) => {
  const nodes = mainNodes(snapshot);
  const out: string[] = [];
  addNodeStrings(nodes, 'datePublished', out);
  addNodeStrings(nodes, 'dateCreated', out);
  addNodeStrings(nodes, 'uploadDate', out);
  return out;
});
const noDay = /^\s*(?:\p{L}+\.?,?\s+)?\d{4}(?:-\d{1,2})?\s*$/u;

/** Where a page says when it was last modified, in priority order (`dateModified`, and `date` first). */
export const modifiedDateRules: Rule[] = [
  jsonld('dateModified'),
  meta('article:modified_time', 'og:updated_time', 'og:article:modified_time', 'og:modified_time'),
  microdata('dateModified', null),
  meta('dcterms.modified', 'dc.date.modified', 'last-modified'),
].map(inPageOrder);

/** The rules that read a date the body shows (its text, a byline, a date element, a `<time>`): what a reader sees. */
const shownDateRules: readonly Rule[] = [
  // The cheapest first: the search ends at the first that shows the publication's day (shown-date.ts). The
  // labelled dates and the paragraphs' datelines add no page here (real pages: the same misses without them).
  named('document(time)', (snapshot) => snapshot.times),
  firstBylineDate, headlineDate, bodyDate, dateNode,
];

/** The metadata's sources of the first publication, in priority order. */
const metadataPublishedRules: readonly Rule[] = [
  meta('article:published_time', 'og:article:published_time', 'og:published_time', 'video:release_date', 'music:release_date'),
  jsonldDatePublished,
  microdata('datePublished', null),
  microdata('dateCreated', null),
  microdata('uploadDate', null),
  meta('dc.date.issued', 'dc.date.created', 'dcterms.issued', 'dcterms.created'),
  meta('pubdate', 'publishdate', 'publish-date', 'publish_date', 'citation_publication_date', 'parsely-pub-date', 'sailthru.date'),
  // The publication metas of platforms and CMSs many news sites run on (Cxense's, Shareaholic's, rNews, WebTrends'),
  // and the other spellings of the keys above (`dcterms:created`, `datePublished` as a meta's name).
  meta(
    'cxenseparse:recs:publishtime', 'cxenseparse:publishtime', 'shareaholic:article_published_time', 'og:release_date', 'article:published',
    'article.published', 'article_date_original', 'dcterms:issued', 'dcterms:created', 'dc:created', 'dc.date.publication', 'datepublished',
    'date_published', 'published-date', 'published_date', 'publication_date', 'publication-date', 'release_date', 'rnews:datepublished',
    'originalpublicationdate', 'dcsext.articlefirstpublished', 'vr:published_time', 'mediator_published_time', 'twt-published-at', 'rbpubdate',
    // More CMSs' and news sites' keys around the world (the list htmldate reads for a first publication): WordPress
    // plugins' `article:post_date`, Korean portals' `og:regdate`, the NYT's `pdate`/`ptime` (`20190624`,
    // `20190624120000`), `displaydate`, `search_date`, Adobe Analytics' `t_omni_pubdate`, Kompas's `content_PublishedDate`.
    'article:post_date', 'article:published_date', 'article:publicationdate', 'article.created', 'og:article:published', 'og:datepublished',
    'og:pubdate', 'og:publish_date', 'og:question:published_time', 'og:regdate', 'bt:pubdate', 'citation_date', 'content_create_date',
    'date_created', 'datecreated', 'dateposted', 'displaydate', 'doc_date', 'pdate', 'ptime', 'publish_time', 'publish-time', 'search_date',
    't_omni_pubdate', 'analyticsattributes.articledate', 'content_publisheddate', 'dc.created', 'field-date',
    // Not a bare `created`: a CMS record's creation (a page saved anew carries that day).
  ),
];

/** Where a page says when it was first published, in priority order (`datePublished`, and `date` after the modified ones). */
export const publishedDateRules: Rule[] = [
  ...[
    // The metadata's first publication, unless the body shows the last edit's day and never this one (shown-date.ts).
    ...metadataPublishedRules.map((rule) => asShown(rule, modifiedDateRules, shownDateRules)),
    // A date the body labels as published (`Veröffentlicht am 16.08.2019`), then the date of the first
    // byline that writes one: the story's, where a `<time>` may be a related story's or an edit's.
    publishedLabelDate,
    // The date under the headline when the URL, a `<time>`, a date element or a byline shows its day too.
    confirmedHeadlineDate,
    firstBylineDate,
    // A month or a year alone (`<time>November 2022</time>`, `datetime="2022-11"`) names no day: none is invented for it.
    // A top bar's `<time>Mittwoch, 8. Juli 2020</time>` after the page's own (top-bar-date.ts).
    named('document(time)', (snapshot) => topBarDatesLast(snapshot.times.filter((value) => !noDay.test(value))) as string[]),
  ].map(inPageOrder),
  // Last: dates written only in the body's text or in the URL (issue 12 point 8), in the page's order and language.
  bylineDate,
  bodyDate,
  // A bare `date` / `DC.date` names no event: CMSs (TYPO3, Drupal) fill it with the record's last save, so
  // a date the page shows by its byline or in a `.date` element wins over it; it still beats the URL and the text.
  inPageOrder(meta('dc.date', 'dcterms.date', 'dc:date', 'dcterms:date', 'date')),
  pathDate,
  headlineDate,
  paragraphDateline,
  // Then a date a label names anywhere in the body (`Datum: 03.11.2021`, `Pressemitteilung vom 20.01.2022`).
  labelledDate,
  // Last: an app's inline state (`"publishedAt"` in `__NEXT_DATA__`, Shopify's `"published_at"`), for a page that shows no date.
  inPageOrder(stateDate),
  // Then a date the body shows alone in a text node (`<span>14. Februar 2012</span>`), a comment's as likely as the page's.
  dateNode,
];

/** Article-like types (`NewsArticle`, `BlogPosting`, `SocialMediaPosting`…): what a list of teasers is made of. */
const isArticle = (node: JsonldNode): boolean => jsonldTypes(node).some((type) => type.endsWith('Article') || type.endsWith('Posting') || type === 'Report');

/** The `@id`s an `ItemList` lists (`itemListElement`, directly or as a `ListItem`'s `item`): teasers, not the page. */
function listedIds(snapshot: Snapshot): Set<string> {
  const ids = new Set<string>();
  for (const node of snapshot.jsonld) {
    if (!jsonldTypes(node).includes('ItemList')) continue;
    for (const element of items(node.itemListElement)) {
      for (const value of [element, (element as JsonldNode | null)?.item]) {
        const id = value !== null && typeof value === 'object' ? (value as JsonldNode)['@id'] : value;
        if (typeof id === 'string') ids.add(id);
      }
    }
  }
  return ids;
}

/**
 * JSON-LD `headline`, then `name`, of the main nodes, except on a list page (issue 12 point 6): an
 * article that an `ItemList` lists is a teaser, and when the page has several articles with different
 * headlines it is a list of them, whose first headline must not beat the page's own `<title>`.
 */
const jsonldTitle = named('jsonld(headline, name)', (snapshot) => {
  const listed = listedIds(snapshot);
  let nodes = mainNodes(snapshot).filter((node) => typeof node['@id'] !== 'string' || !listed.has(node['@id']));
  if (new Set(strings(nodes.filter(isArticle), 'headline')).size > 1) nodes = nodes.filter((node) => !isArticle(node));
  return [...strings(nodes, 'headline'), ...strings(nodes, 'name')];
});

// Items whose `name` is not the page's: the site's organization, a person, a place, the page's chrome.
const notPageTypes: ReadonlySet<string> = new Set([
  ...organizationTypes, 'WebSite', 'Person', 'Brand', 'Place', 'PostalAddress', 'ImageObject', 'SiteNavigationElement',
  'WPHeader', 'WPFooter', 'WPSideBar', 'BreadcrumbList', 'ListItem', 'Offer', 'AggregateRating', 'Rating',
]);
/** Whether a top-level microdata value may name the page: a `headline`, or the `name` of an item that is not the site's organization, a person… nor of no item at all. */
const namesPage = (entry: MicrodataValue): boolean => entry.prop === 'headline' || (entry.type !== null && !notPageTypes.has(shortType(entry.type)));

/**
 * Microdata `headline`/`name` of top-level items, unless several items have different headlines:
 * a list of teasers (`<article itemscope><h2 itemprop="headline">` repeated), not one article, whose
 * names are the teasers' or the site's, not the page's.
 */
function microdataTitle(prop: 'headline' | 'name'): Rule {
  return named(`microdata(top.${prop})`, (snapshot) => {
    const top = snapshot.microdata.filter((entry) => entry.scope === null);
    const headlines = new Set(top.filter((entry) => entry.prop === 'headline').map((entry) => entry.value));
    return headlines.size > 1 ? [] : top.filter((entry) => entry.prop === prop && namesPage(entry)).map((entry) => entry.value);
  });
}

/**
 * Where the title is read, in priority order; each source's values judged against the headline the
 * page shows (headline-title.ts: no site name or placeholder alone, no tagline segments).
 */
export const titleRules: Rule[] = [
  // og:title; the shown headline in its place when it words the same story anew (shown-headline.ts).
  ogTitleOrShownHeadline,
  // On a page without og:title, the first of these that answers takes its place (shown-headline.ts).
  ...[meta('twitter:title'), jsonldTitle, microdataTitle('headline'), microdataTitle('name'), meta('dc.title', 'dcterms.title', 'dc:title', 'dcterms:title', 'dcterm:title'), meta('weibo:article:title', 'weibo:webpage:title')].map(withShownHeadline),
  titleOrShownHeadline,
  named('document(h1)', (snapshot) => snapshot.h1),
].map(judgedTitle);

/**
 * Where the description is read, in priority order (issue 28 item 3): the page's metadata, og first
 * (description.ts: when its sources disagree), then the body's lead paragraph (lead-paragraph.ts).
 */
export const descriptionRules: Rule[] = [
  ...metadataDescriptionRules,
  leadParagraph,
  noDescriptionLast,
];

/** Where the language is read, in priority order. */
export const langRules: Rule[] = [
  meta('og:locale'),
  jsonld('inLanguage'),
  microdata('inLanguage', null),
  meta('dc.language', 'dcterms.language', 'dc:language', 'dcterms:language', 'language'),
  named('document(html lang)', (snapshot) => snapshot.lang),
  named('http-equiv(content-language)', (snapshot) => httpEquivContents(snapshot, 'content-language')),
  named('header(content-language)', (_snapshot, context) => context.headers['content-language']),
];


/** Where the canonical URL is read, in priority order. */
export const urlRules: Rule[] = [
  meta('og:url'),
  link('canonical'),
  named('page(url)', (_snapshot, context) => context.url),
];
