import type {IncomingHttpHeaders} from 'node:http';
import {getDomain} from 'tldts';
import type {Candidates, MediaField, TextField} from '../data.js';
import type {Page} from '../fetch/fetch-page.js';
import type {ImageTag, PictureSource, Snapshot} from '../parse/parse-html.js';
import {absoluteUrl, documentBase} from './resolve-urls.js';
import {authorName, cleanText, isoDate, languageCode, looksLikeUrl} from './normalize.js';
import {
  audioTypes, contentTypes, dereference, httpEquivContents, jsonldNodes, linksByRel, mainNodes, metaContents,
  microdataValues, microdataValuesOfType, names, openGraphMedia, strings, urls, videoTypes, withQueryCache, type JsonldNode,
} from './query.js';
import {srcsetUrls} from '../parse/srcset.js';

/** What a rule may read besides the snapshot. */
export interface RuleContext {
  /** The page's final URL, after redirects. */
  url: string;
  /** The page's response headers (`content-language` is read). */
  headers: IncomingHttpHeaders;
  /** The base for relative URLs: `<base href>` resolved against `url`, else `url`. */
  baseUrl: string;
}

/**
 * One extraction rule: reads the snapshot and returns a value, several values in priority order, or
 * nothing. Rules return raw values; {@link pickFields} cleans and validates them.
 */
export type Rule = (snapshot: Snapshot, context: RuleContext) => string | string[] | null | undefined;

/** For each field, its rules in priority order. */
export type RuleTable = Record<TextField | MediaField, Rule[]>;

/** Gives a rule a readable name (shown by `rules.title.map((rule) => rule.name)`). */
function named(name: string, rule: Rule): Rule {
  Object.defineProperty(rule, 'name', {value: name});
  return rule;
}

/** A rule returning the contents of the `<meta>` tags with these `property`/`name` keys. */
export function meta(...keys: string[]): Rule {
  return named(`meta(${keys.join(', ')})`, (snapshot) => metaContents(snapshot, ...keys));
}

/** A rule returning the microdata values of `prop` (optionally only inside an item that is `scope`). */
export function microdata(prop: string, scope?: string | null): Rule {
  const label = scope === undefined ? prop : `${scope ?? 'top'}.${prop}`;
  return named(`microdata(${label})`, (snapshot) => microdataValues(snapshot, prop, scope));
}

/** A rule returning a string property of the page's main JSON-LD nodes (content types, then page types). */
function jsonld(...keys: string[]): Rule {
  return named(`jsonld(${keys.join(', ')})`, (snapshot) => {
    const nodes = mainNodes(snapshot);
    return keys.flatMap((key) => strings(nodes, key));
  });
}

/** A rule returning the `href` of `<link>` tags with one of these `rel` tokens. */
export function link(...rels: string[]): Rule {
  return named(`link(${rels.join(', ')})`, (snapshot) => linksByRel(snapshot, ...rels).map((tag) => tag.href));
}

const organizationTypes: ReadonlySet<string> = new Set(['Organization', 'NewsMediaOrganization', 'Corporation', 'LocalBusiness', 'OnlineStore', 'Store']);
const websiteTypes: ReadonlySet<string> = new Set(['WebSite']);

/** Several authors (an array of names or Person nodes) are all kept, joined with `, `; URL values are not names. */
function authorNames(snapshot: Snapshot, value: unknown): string[] {
  const list = [...new Set(names(snapshot, value).map((name) => cleanText(name)).filter((name): name is string => name !== null && !looksLikeUrl(name)))];
  return list.length === 0 ? [] : [list.join(', ')];
}

const jsonldAuthor = named('jsonld(author.name)', (snapshot) =>
  mainNodes(snapshot).flatMap((node) => [...authorNames(snapshot, node.author), ...authorNames(snapshot, node.creator)]));

const jsonldPublisher = named('jsonld(publisher.name)', (snapshot) => [
  ...mainNodes(snapshot).flatMap((node) => names(snapshot, node.publisher)),
  ...strings(jsonldNodes(snapshot, websiteTypes), 'name'),
  ...strings(jsonldNodes(snapshot, organizationTypes), 'name'),
]);

const jsonldDatePublished = named('jsonld(datePublished)', (snapshot) => {
  const nodes = mainNodes(snapshot);
  return [...strings(nodes, 'datePublished'), ...strings(nodes, 'dateCreated'), ...strings(nodes, 'uploadDate')];
});

const jsonldImage = named('jsonld(image)', (snapshot) =>
  mainNodes(snapshot).flatMap((node) => [...urls(snapshot, node.image), ...urls(snapshot, node.thumbnailUrl)]));

const jsonldLogo = named('jsonld(logo)', (snapshot) => [
  ...mainNodes(snapshot).flatMap((node) => {
    const publisher = dereference(snapshot, node.publisher);
    return publisher !== null && typeof publisher === 'object' && !Array.isArray(publisher)
      ? urls(snapshot, (publisher as JsonldNode).logo)
      : [];
  }),
  ...jsonldNodes(snapshot, organizationTypes).flatMap((node) => urls(snapshot, node.logo)),
  ...jsonldNodes(snapshot, websiteTypes).flatMap((node) => {
    const publisher = dereference(snapshot, node.publisher);
    return publisher !== null && typeof publisher === 'object' && !Array.isArray(publisher)
      ? urls(snapshot, (publisher as JsonldNode).logo)
      : [];
  }),
]);

/**
 * Media URLs from JSON-LD: `contentUrl` (and `associatedMedia.contentUrl`) of the top-level nodes of
 * `types`, then the `video`/`audio` property of content nodes (an Article's embedded VideoObject).
 * `embedUrl` is never taken: it is an HTML player, not a media file.
 */
function jsonldMedia(types: ReadonlySet<string>, property: 'video' | 'audio'): Rule {
  return named(`jsonld(${property}.contentUrl)`, (snapshot) => [
    ...jsonldNodes(snapshot, types).flatMap((node) => [
      ...urls(snapshot, node.contentUrl, []),
      ...urls(snapshot, node.associatedMedia, ['contentUrl']),
    ]),
    ...jsonldNodes(snapshot, contentTypes).flatMap((node) => urls(snapshot, node[property], ['contentUrl'])),
  ]);
}

/** Declared pixel size of an `<img>` attribute (`"640"`, `"640px"`), or `undefined`. */
function declaredSize(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number.parseFloat(value);
  return Number.isFinite(number) && /^\s*\d/.test(value) ? number : undefined;
}

/** Images declared smaller than this (width or height) are icons, spacers or tracking pixels. */
export const minImageSize = 64;

/** A `<picture>` source that is an image: no `type`, or `image/*` (Safari also plays a `video/mp4` source there). */
const isImageSource = (source: PictureSource): boolean => source.type === undefined || source.type.trim().toLowerCase().startsWith('image/');

function imageUrls(image: ImageTag): string[] {
  const out: string[] = [];
  const srcsets = (image.sources ?? []).filter(isImageSource).map((source) => source.srcset);
  if (image.srcset !== undefined) srcsets.push(image.srcset);
  out.push(...srcsetUrls(...srcsets));
  // A data: placeholder in `src` with the real image in `data-src` is the usual lazy-loading pattern.
  if (image.src !== undefined && !image.src.trim().startsWith('data:')) out.push(image.src);
  if (image.dataSrc !== undefined) out.push(image.dataSrc);
  return out;
}

const documentImages = named('document(img)', (snapshot) =>
  snapshot.images
    .filter((image) => {
      const width = declaredSize(image.width);
      const height = declaredSize(image.height);
      return !((width !== undefined && width < minImageSize) || (height !== undefined && height < minImageSize));
    })
    .flatMap(imageUrls));

const acceptVideoType = (type: string): boolean => type.startsWith('video/') || type.includes('mpegurl') || type === 'application/dash+xml';
const acceptAudioType = (type: string): boolean => type.startsWith('audio/');

function documentMedia(kind: 'videos' | 'audios'): Rule {
  return named(`document(${kind === 'videos' ? 'video' : 'audio'})`, (snapshot) =>
    snapshot[kind].flatMap((element) => [
      ...(element.src === undefined ? [] : [element.src]),
      ...element.sources.map((source) => source.src),
    ]));
}

/** The largest declared side of a `sizes` attribute (`"32x32 192x192"` → 192, `any` → Infinity). */
function iconSize(sizes: string | undefined): number {
  if (sizes === undefined) return 0;
  let largest = 0;
  for (const token of sizes.toLowerCase().split(/\s+/)) {
    if (token === 'any') return Number.POSITIVE_INFINITY;
    const [width, height] = token.split('x').map(Number);
    if (width !== undefined && height !== undefined && Number.isFinite(width) && Number.isFinite(height)) {
      largest = Math.max(largest, Math.min(width, height));
    }
  }
  return largest;
}

const icons = named('link(apple-touch-icon, icon) by size', (snapshot) => {
  const touch = ['apple-touch-icon', 'apple-touch-icon-precomposed'];
  return linksByRel(snapshot, 'icon', ...touch)
    .map((tag, index) => ({tag, index, size: iconSize(tag.sizes), touch: tag.rel.split(' ').some((token) => touch.includes(token))}))
    // Biggest first; with equal (or undeclared) sizes the apple-touch-icon, made for home screens, wins.
    .sort((a, b) => b.size - a.size || Number(b.touch) - Number(a.touch) || a.index - b.index)
    .map(({tag}) => tag.href);
});

/** Where a page says when it was last modified, in priority order (`dateModified`, and `date` first). */
const modifiedDateRules: Rule[] = [
  jsonld('dateModified'),
  meta('article:modified_time', 'og:updated_time', 'og:article:modified_time', 'og:modified_time'),
  microdata('dateModified', null),
  meta('dcterms.modified', 'dc.date.modified', 'last-modified'),
];

/** Where a page says when it was first published, in priority order (`datePublished`, and `date` after the modified ones). */
const publishedDateRules: Rule[] = [
  meta('article:published_time', 'og:article:published_time', 'og:published_time', 'video:release_date', 'music:release_date'),
  jsonldDatePublished,
  microdata('datePublished', null),
  microdata('dateCreated', null),
  microdata('uploadDate', null),
  meta('dc.date', 'dc.date.issued', 'dc.date.created', 'dcterms.date', 'dcterms.issued', 'dcterms.created'),
  meta('date', 'pubdate', 'publishdate', 'publish-date', 'publish_date', 'citation_publication_date', 'parsely-pub-date', 'sailthru.date'),
  named('document(time)', (snapshot) => snapshot.times),
];

/**
 * The extraction rules, field by field, in priority order. Read it, reorder it or extend it, and pass
 * the result to {@link pickFields}:
 * @example
 * import {rules, pickFields} from 'linkpeek';
 * const mine = {...rules, title: [(snapshot) => snapshot.h1, ...rules.title]};
 * pickFields(snapshot, page, mine);
 */
export const rules: RuleTable = {
  title: [
    meta('og:title'),
    meta('twitter:title'),
    jsonld('headline', 'name'),
    microdata('headline', null),
    microdata('name', null),
    meta('dc.title', 'dcterms.title'),
    named('document(title)', (snapshot) => snapshot.title),
    named('document(h1)', (snapshot) => snapshot.h1),
  ],
  description: [
    meta('og:description'),
    meta('twitter:description'),
    jsonld('description'),
    microdata('description', null),
    meta('dc.description', 'dcterms.description', 'dcterms.abstract'),
    meta('description'),
    named('document(p)', (snapshot) => snapshot.paragraph),
  ],
  lang: [
    meta('og:locale'),
    jsonld('inLanguage'),
    microdata('inLanguage', null),
    meta('dc.language', 'dcterms.language', 'language'),
    named('document(html lang)', (snapshot) => snapshot.lang),
    named('http-equiv(content-language)', (snapshot) => httpEquivContents(snapshot, 'content-language')),
    named('header(content-language)', (_snapshot, context) => context.headers['content-language']),
  ],
  author: [
    meta('article:author', 'og:article:author', 'book:author'),
    jsonldAuthor,
    microdata('name', 'author'),
    microdata('author', null),
    microdata('name', 'creator'),
    microdata('creator', null),
    meta('dc.creator', 'dcterms.creator'),
    meta('author', 'parsely-author', 'sailthru.author'),
    named('document(a rel=author)', (snapshot) => snapshot.authorLink),
  ],
  publisher: [
    meta('og:site_name'),
    jsonldPublisher,
    microdata('name', 'publisher'),
    microdata('publisher', null),
    meta('dc.publisher', 'dcterms.publisher'),
    meta('application-name', 'apple-mobile-web-app-title'),
    meta('publisher'),
    named('domain(url)', (_snapshot, context) => getDomain(context.url)),
  ],
  date: [
    ...modifiedDateRules,
    ...publishedDateRules,
  ],
  datePublished: publishedDateRules,
  dateModified: modifiedDateRules,
  url: [
    meta('og:url'),
    link('canonical'),
    named('page(url)', (_snapshot, context) => context.url),
  ],
  image: [
    named('meta(og:image)', (snapshot) => openGraphMedia(snapshot, 'image', (type) => type.startsWith('image/'))),
    meta('twitter:image', 'twitter:image:src'),
    jsonldImage,
    microdata('image', null),
    microdata('url', 'image'),
    microdata('contentUrl', 'image'),
    microdata('thumbnailUrl', null),
    link('image_src'),
    documentImages,
    named('document(video poster)', (snapshot) => snapshot.videos.flatMap((video) => (video.poster === undefined ? [] : [video.poster]))),
  ],
  logo: [
    jsonldLogo,
    microdata('url', 'publisher.logo'),
    microdata('logo', 'publisher'),
    microdata('url', 'logo'),
    microdata('logo', null),
    meta('og:logo'),
    icons,
    named('origin(/favicon.ico)', (_snapshot, context) => new URL('/favicon.ico', context.url).href),
  ],
  video: [
    named('meta(og:video)', (snapshot) => openGraphMedia(snapshot, 'video', acceptVideoType)),
    meta('twitter:player:stream'),
    jsonldMedia(videoTypes, 'video'),
    named('microdata(VideoObject.contentUrl)', (snapshot) => microdataValuesOfType(snapshot, 'contentUrl', videoTypes)),
    documentMedia('videos'),
  ],
  audio: [
    named('meta(og:audio)', (snapshot) => openGraphMedia(snapshot, 'audio', acceptAudioType)),
    jsonldMedia(audioTypes, 'audio'),
    named('microdata(AudioObject.contentUrl)', (snapshot) => microdataValuesOfType(snapshot, 'contentUrl', audioTypes)),
    documentMedia('audios'),
  ],
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

function values(result: string | string[] | null | undefined): string[] {
  if (result === null || result === undefined) return [];
  return (Array.isArray(result) ? result : [result]).filter((value) => typeof value === 'string');
}

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
  const run = (rule: Rule): string[] => {
    try {
      return values(rule(snapshot, context));
    } catch {
      return [];
    }
  };
  const candidates = {} as Candidates;
  for (const field of textFields) {
    candidates[field] = null;
    search: for (const rule of table[field]) {
      for (const value of run(rule)) {
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
        const trimmed = value.trim();
        if (trimmed !== '') seen.add(trimmed);
      }
    }
    candidates[field] = [...seen];
  }
  return candidates;
}
