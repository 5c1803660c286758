import type {Snapshot} from '../parse/parse-html.js';
import {cleanText, looksLikeUrl} from './normalize.js';
import {addNodeStrings, items, jsonldTypes, mainNodes, names, strings, httpEquivContents, type JsonldNode} from './query.js';
import {jsonld, meta, microdata, link, named, type Rule} from './rule-kit.js';
import {authorLink, bodyAuthor, bodyByline, bodyDate, bylineDate, pathDate} from './body-rules.js';

/*
 * The rules of the text fields (title, description, lang, author, dates, url), each list in priority
 * order. rules.ts assembles them into the rule table.
 */

/** Several authors (an array of names or Person nodes) are all kept, joined with `, `; URL values are not names. */
function addAuthorNames(snapshot: Snapshot, value: unknown, out: string[]): void {
  const list: string[] = [];
  for (const name of names(snapshot, value)) {
    const clean = cleanText(name);
    if (clean !== null && !looksLikeUrl(clean) && !list.includes(clean)) list.push(clean);
  }
  if (list.length !== 0) out.push(list.join(', '));
}

const jsonldAuthor = named('jsonld(author.name)', (snapshot) => {
  const out: string[] = [];
  for (const node of mainNodes(snapshot)) {
    addAuthorNames(snapshot, node.author, out);
    addAuthorNames(snapshot, node.creator, out);
  }
  return out;
});

const jsonldDatePublished = named('jsonld(datePublished)', (snapshot) => {
  const nodes = mainNodes(snapshot);
  const out: string[] = [];
  addNodeStrings(nodes, 'datePublished', out);
  addNodeStrings(nodes, 'dateCreated', out);
  addNodeStrings(nodes, 'uploadDate', out);
  return out;
});
/** Where a page says when it was last modified, in priority order (`dateModified`, and `date` first). */
export const modifiedDateRules: Rule[] = [
  jsonld('dateModified'),
  meta('article:modified_time', 'og:updated_time', 'og:article:modified_time', 'og:modified_time'),
  microdata('dateModified', null),
  meta('dcterms.modified', 'dc.date.modified', 'last-modified'),
];

/** Where a page says when it was first published, in priority order (`datePublished`, and `date` after the modified ones). */
export const publishedDateRules: Rule[] = [
  meta('article:published_time', 'og:article:published_time', 'og:published_time', 'video:release_date', 'music:release_date'),
  jsonldDatePublished,
  microdata('datePublished', null),
  microdata('dateCreated', null),
  microdata('uploadDate', null),
  meta('dc.date', 'dc.date.issued', 'dc.date.created', 'dcterms.date', 'dcterms.issued', 'dcterms.created'),
  meta('date', 'pubdate', 'publishdate', 'publish-date', 'publish_date', 'citation_publication_date', 'parsely-pub-date', 'sailthru.date'),
  named('document(time)', (snapshot) => snapshot.times),
  // Last: dates written only in the body's text or in the URL (issue 12 point 8).
  bylineDate,
  bodyDate,
  pathDate,
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

/**
 * Microdata `headline`/`name` of top-level items, unless several items have different headlines:
 * a list of teasers (`<article itemscope><h2 itemprop="headline">` repeated), not one article, whose
 * names are the teasers' or the site's, not the page's.
 */
function microdataTitle(prop: 'headline' | 'name'): Rule {
  return named(`microdata(top.${prop})`, (snapshot) => {
    const top = snapshot.microdata.filter((entry) => entry.scope === null);
    const headlines = new Set(top.filter((entry) => entry.prop === 'headline').map((entry) => entry.value));
    return headlines.size > 1 ? [] : top.filter((entry) => entry.prop === prop).map((entry) => entry.value);
  });
}

/** Where the title is read, in priority order. */
export const titleRules: Rule[] = [
  meta('og:title'),
  meta('twitter:title'),
  jsonldTitle,
  microdataTitle('headline'),
  microdataTitle('name'),
  meta('dc.title', 'dcterms.title'),
  named('document(title)', (snapshot) => snapshot.title),
  named('document(h1)', (snapshot) => snapshot.h1),
];

/** Where the description is read, in priority order. */
export const descriptionRules: Rule[] = [
  meta('og:description'),
  meta('twitter:description'),
  jsonld('description'),
  microdata('description', null),
  meta('dc.description', 'dcterms.description', 'dcterms.abstract'),
  meta('description'),
  named('document(p)', (snapshot) => snapshot.paragraph),
];

/** Where the language is read, in priority order. */
export const langRules: Rule[] = [
  meta('og:locale'),
  jsonld('inLanguage'),
  microdata('inLanguage', null),
  meta('dc.language', 'dcterms.language', 'language'),
  named('document(html lang)', (snapshot) => snapshot.lang),
  named('http-equiv(content-language)', (snapshot) => httpEquivContents(snapshot, 'content-language')),
  named('header(content-language)', (_snapshot, context) => context.headers['content-language']),
];

/** Where the author is read, in priority order. */
export const authorRules: Rule[] = [
  meta('article:author', 'og:article:author', 'book:author'),
  jsonldAuthor,
  microdata('name', 'author'),
  microdata('author', null),
  microdata('name', 'creator'),
  microdata('creator', null),
  meta('dc.creator', 'dcterms.creator'),
  meta('author', 'parsely-author', 'sailthru.author'),
  authorLink,
  // After every metadata source: bylines that live only in the body (issue 12 point 2).
  bodyAuthor,
  bodyByline,
];

/** Where the canonical URL is read, in priority order. */
export const urlRules: Rule[] = [
  meta('og:url'),
  link('canonical'),
  named('page(url)', (_snapshot, context) => context.url),
];
