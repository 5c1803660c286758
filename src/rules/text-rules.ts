import type {Snapshot} from '../parse/parse-html.js';
import {cleanText, looksLikeUrl} from './normalize.js';
import {mainNodes, names, strings, httpEquivContents} from './query.js';
import {jsonld, meta, microdata, link, named, type Rule} from './rule-kit.js';

/*
 * The rules of the text fields (title, description, lang, author, dates, url), each list in priority
 * order. rules.ts assembles them into the rule table.
 */

/** Several authors (an array of names or Person nodes) are all kept, joined with `, `; URL values are not names. */
function authorNames(snapshot: Snapshot, value: unknown): string[] {
  const list = [...new Set(names(snapshot, value).map((name) => cleanText(name)).filter((name): name is string => name !== null && !looksLikeUrl(name)))];
  return list.length === 0 ? [] : [list.join(', ')];
}

const jsonldAuthor = named('jsonld(author.name)', (snapshot) =>
  mainNodes(snapshot).flatMap((node) => [...authorNames(snapshot, node.author), ...authorNames(snapshot, node.creator)]));

const jsonldDatePublished = named('jsonld(datePublished)', (snapshot) => {
  const nodes = mainNodes(snapshot);
  return [...strings(nodes, 'datePublished'), ...strings(nodes, 'dateCreated'), ...strings(nodes, 'uploadDate')];
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
];

/** Where the title is read, in priority order. */
export const titleRules: Rule[] = [
  meta('og:title'),
  meta('twitter:title'),
  jsonld('headline', 'name'),
  microdata('headline', null),
  microdata('name', null),
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
  named('document(a rel=author)', (snapshot) => snapshot.authorLink),
];

/** Where the canonical URL is read, in priority order. */
export const urlRules: Rule[] = [
  meta('og:url'),
  link('canonical'),
  named('page(url)', (_snapshot, context) => context.url),
];
