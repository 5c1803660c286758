import type {Snapshot} from '../parse/parse-html.js';
import {authorName} from './normalize.js';
import {addNodeStrings, dereference, items, jsonldTypes, mainNodes, metaContentsOf, shortType, strings, httpEquivContents, type JsonldNode} from './query.js';
import {jsonld, meta, microdata, link, named, type Rule} from './rule-kit.js';
import {metadataDescriptionRules} from './description.js';
import {leadParagraph} from './lead-paragraph.js';
import {authorLink, bodyAuthor, bodyByline, bodyDate, bylineDate, foldName, headSiteNames, pathDate, twitterCreator} from './body-rules.js';

/*
 * The rules of the text fields (title, description, lang, author, dates, url), each list in priority
 * order. rules.ts assembles them into the rule table.
 */

/** Schema.org types of an author that is not a person: an agency, a newspaper, a brand. */
const organizationTypes: ReadonlySet<string> = new Set(['Organization', 'Corporation', 'NGO', 'LocalBusiness', 'Brand', 'WebSite', 'Consortium', 'Project']);
const isOrganizationType = (type: string): boolean => organizationTypes.has(type) || type.endsWith('Organization');

/**
 * The author names of a JSON-LD `author`/`creator` value (a string, a node, an `@id` reference, or an
 * array of them), the people's or the organizations' (`organizations`): a string or an untyped node
 * counts as a person. A Person without `name` gives `givenName familyName`.
 */
function authorNodeNames(snapshot: Snapshot, value: unknown, organizations: boolean, out: string[]): void {
  for (const item of items(value)) {
    const resolved = dereference(snapshot, item);
    if (typeof resolved === 'string') {
      if (!organizations) out.push(resolved);
      continue;
    }
    if (resolved === null || typeof resolved !== 'object' || Array.isArray(resolved)) continue;
    const node = resolved as JsonldNode;
    if (jsonldTypes(node).some(isOrganizationType) !== organizations) continue;
    const name = typeof node.name === 'string' ? node.name
      : [node.givenName, node.familyName].filter((part) => typeof part === 'string').join(' ');
    if (name !== '') out.push(name);
  }
}

/** Several authors are all kept, joined with `, `; what is no name (a URL, a date, `Staff`) is left out. */
function joinNames(list: readonly string[]): string[] {
  const names: string[] = [];
  for (const value of list) {
    const name = authorName(value);
    if (name !== null && !names.includes(name)) names.push(name);
  }
  return names.length === 0 ? [] : [names.join(', ')];
}

/** The people a main node names as `author` (then `creator`): one value per node, its names joined. */
function jsonldAuthorNames(snapshot: Snapshot, organizations: boolean): string[] {
  const out: string[] = [];
  for (const node of mainNodes(snapshot)) {
    for (const key of ['author', 'creator']) {
      const list: string[] = [];
      authorNodeNames(snapshot, node[key], organizations, list);
      out.push(...joinNames(list));
    }
  }
  return out;
}

const jsonldAuthor = named('jsonld(author.name)', (snapshot) => jsonldAuthorNames(snapshot, false));

/**
 * An author that is an organization (a JSON-LD `Organization`/`NewsMediaOrganization` author, a
 * microdata author item typed so): the card's author when no source names a person, as the hosted
 * service would give it (issue 28 item 3).
 */
const organizationAuthor = named('jsonld(author Organization), microdata(author Organization)', (snapshot) => [
  ...jsonldAuthorNames(snapshot, true),
  ...joinNames(snapshot.microdata.filter((entry) => entry.prop === 'name' && entry.scope === 'author' && isOrganizationItem(entry.type)).map((entry) => entry.value)),
]);

const isOrganizationItem = (type: string | null): boolean => type !== null && isOrganizationType(shortType(type));

/**
 * Microdata authors, every one of the top-level item (`By <span itemprop=author itemscope>…</span> and
 * <span itemprop=author itemscope>…</span>`): the `name` of each author item that is not an
 * organization, joined with `, `.
 */
const microdataAuthor = named('microdata(author.name)', (snapshot) =>
  joinNames(snapshot.microdata.filter((entry) => entry.prop === 'name' && entry.scope === 'author' && !isOrganizationItem(entry.type)).map((entry) => entry.value)));

/** `microdata(author)` / `microdata(creator)` of the top-level item, every one joined. */
function microdataJoined(prop: string): Rule {
  return named(`microdata(top.${prop})`, (snapshot) =>
    joinNames(snapshot.microdata.filter((entry) => entry.prop === prop && entry.scope === null).map((entry) => entry.value)));
}

/**
 * The contents of the author `<meta>` tags with these keys, several tags of one key joined with `, `
 * (`<meta property="article:author" content="Ann Lee">` twice for two authors); the tags that hold a
 * URL (a profile link) are left out, and so are those that name the site itself (a CMS's
 * `<meta name="author" content="The Harbour Wire">`): the organization, read after every person
 * source ({@link siteNamedAuthor}).
 */
function metaAuthors(...keys: string[]): Rule {
  const wanted = keys.map((key) => key.toLowerCase());
  return named(`meta(${keys.join(', ')})`, (snapshot, context) => {
    const sites = headSiteNames(snapshot, context.url);
    const out: string[] = [];
    for (const key of wanted) out.push(...joinNames(metaContentsOf(snapshot, [key]).filter((value) => !sites.has(foldName(authorName(value) ?? value)))));
    return out;
  });
}

const authorMetaKeys = ['article:author', 'og:article:author', 'book:author', 'dc.creator', 'dcterms.creator', 'author', 'parsely-author', 'sailthru.author'];

/** An author meta that names the site itself: the card's author when nothing names a person (as an Organization author is). */
const siteNamedAuthor = named('meta(author) naming the site', (snapshot, context) => {
  const sites = headSiteNames(snapshot, context.url);
  return metaContentsOf(snapshot, authorMetaKeys).filter((value) => sites.has(foldName(authorName(value) ?? value)));
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

/**
 * Where the description is read, in priority order (issue 28 item 3): the page's metadata, og first
 * (description.ts: when its sources disagree), then the body's lead paragraph (lead-paragraph.ts).
 */
export const descriptionRules: Rule[] = [
  ...metadataDescriptionRules,
  leadParagraph,
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
  metaAuthors('article:author', 'og:article:author', 'book:author'),
  jsonldAuthor,
  microdataAuthor,
  microdataJoined('author'),
  microdata('name', 'creator'),
  microdataJoined('creator'),
  metaAuthors('dc.creator', 'dcterms.creator'),
  metaAuthors('author', 'parsely-author', 'sailthru.author'),
  authorLink,
  // After every metadata source: bylines that live only in the body (issue 12 point 2).
  bodyAuthor,
  bodyByline,
  // Last (issue 28 item 3): a handle, then an organization, when nothing names a person.
  twitterCreator,
  organizationAuthor,
  siteNamedAuthor,
];

/** Where the canonical URL is read, in priority order. */
export const urlRules: Rule[] = [
  meta('og:url'),
  link('canonical'),
  named('page(url)', (_snapshot, context) => context.url),
];
