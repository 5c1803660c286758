import {collapse, startText} from './collect-text.js';
import {microdataAttributeTags} from './collect-microdata.js';
import {recordAudioLink} from './audio-links.js';
import {isRelAuthor} from './collect-bylines.js';
import {asideTextTags, breakLine, collectParagraph, contentTags} from './collect-paragraphs.js';
import {recordLogoAlt} from './logo-alt.js';
import {readAfterHeadline, readDateline, readHeadingLine} from './collect-dates.js';
import {parseJsonld} from './jsonld.js';
import {closeInlineScript, closeStateScript, markedTags, opensInlineScript, opensStateScript, recordMarkedTag} from './site-marks.js';
import {endStateScript, opensAppScript} from './state-dates.js';
import type {FirstTextField, ParseState} from './state.js';
import {
  maxImages, maxPictureSources, minParagraphLength, type ImageTag, type LinkTag, type MediaTag, type MetaTag, type PictureSource,
} from './snapshot.js';

/** Reads an opening tag into the parse state; `attribs` is empty unless the tag is in {@link attributeTags}. */
export type OpenHandler = (state: ParseState, attribs: Record<string, string>) => void;
/** Updates the parse state when a tag closes (the state's `depth` is already the parent's). */
export type CloseHandler = (state: ParseState) => void;

const maxMedia = 5;
const maxMetas = 400;
const maxLinks = 200;
const maxTimes = 10;

const skippedRels: ReadonlySet<string> = new Set([
  'stylesheet', 'preload', 'modulepreload', 'prefetch', 'preconnect', 'dns-prefetch', 'prerender',
]);
const sections = ['nav', 'header', 'footer', 'aside', 'form'] as const;
/** The minor headings (`h4`–`h6`): a byline's place as often as a title's. */
const minorHeadings = ['h4', 'h5', 'h6'] as const;
const rawTextTags = ['style', 'noscript', 'template'] as const;

/** Reads the text of the first element that gives `field` a value at least `minLength` long. */
function collectFirst(state: ParseState, field: FirstTextField, minLength: number): void {
  if (state.snapshot[field] !== null || state.collecting[field]) return;
  state.collecting[field] = true;
  startText(state.collectors, state.depth, (text) => {
    state.collecting[field] = false;
    if (text.length >= minLength && state.snapshot[field] === null) state.snapshot[field] = text;
  });
}

function openHtml(state: ParseState, attribs: Record<string, string>): void {
  if (state.seenHtml) return;
  state.seenHtml = true;
  const lang = attribs.lang ?? attribs['xml:lang'];
  if (lang !== undefined && lang.trim() !== '') state.snapshot.lang = lang.trim();
}

/** The meta keys of a page's description (lowercase): once one is seen, the lead paragraph is not needed. */
const descriptionKeys: ReadonlySet<string> = new Set(['description', 'og:description', 'twitter:description', 'dc.description', 'dcterms.description', 'dc:description', 'dcterms:description', 'dcterm:description', 'weibo:article:description', 'weibo:webpage:description']);

function openMeta(state: ParseState, attribs: Record<string, string>): void {
  const {snapshot} = state;
  const content = attribs.content;
  if (content === undefined || snapshot.metas.length >= maxMetas) return;
  if (!state.described && content.trim() !== '') {
    const key = attribs.property ?? attribs.name;
    if (key !== undefined && descriptionKeys.has(key.toLowerCase())) state.described = true;
  }
  const meta: MetaTag = {content: content.trim()};
  if (meta.content !== '' && content.length > meta.content.length && content.charCodeAt(content.length - 1) <= 32) meta.spacedEnd = true;
  if (attribs.name !== undefined) meta.name = spaced(attribs.name) ? attribs.name.replace(colonSpace, ':') : attribs.name;
  if (attribs.itemprop !== undefined) meta.itemprop = attribs.itemprop;
  if (attribs['http-equiv'] !== undefined) meta.httpEquiv = attribs['http-equiv'];
  const property = attribs.property;
  const keys = property !== undefined && spaced(property) ? property.trim().split(/\s+/) : undefined;
  if (keys !== undefined && keys.length > 1) {
    // RDFa's `property` is a list of keys (`og:title twitter:title`): one meta per key, as if written apart.
    // (A key padded with spaces, `article:published_time `, stays as written: unread, as before.)
    meta.property = keys[0]!;
    snapshot.metas.push(meta);
    for (const key of keys.slice(1)) if (snapshot.metas.length < maxMetas) snapshot.metas.push({...meta, property: key});
    return;
  }
  if (property !== undefined) meta.property = property;
  if (meta.name !== undefined || meta.property !== undefined || meta.itemprop !== undefined || meta.httpEquiv !== undefined) {
    snapshot.metas.push(meta);
  }
}

/** Whether a meta's key holds white space (rare: a plain `indexOf` pass before any split). */
const spaced = (key: string): boolean => key.includes(' ') || key.includes('\t') || key.includes('\n');
// `weibo: article:title`, as Chinese portals write it: the key is `weibo:article:title`.
const colonSpace = /:\s+(?=\S)/g;

function openLink({snapshot}: ParseState, attribs: Record<string, string>): void {
  const {href, rel} = attribs;
  if (href === undefined || rel === undefined || snapshot.links.length >= maxLinks) return;
  const relation = rel.trim().toLowerCase();
  if (skippedRels.has(relation)) return;
  const spaced = relation.includes(' ') || relation.includes('\t') || relation.includes('\n');
  const link: LinkTag = {rel: spaced ? collapse(relation) : relation, href: href.trim()};
  if (attribs.sizes !== undefined) link.sizes = attribs.sizes;
  if (attribs.type !== undefined) link.type = attribs.type;
  if (attribs.hreflang !== undefined) link.hreflang = attribs.hreflang;
  snapshot.links.push(link);
}

function openScript(state: ParseState, attribs: Record<string, string>): void {
  const type = attribs.type;
  if ((type !== undefined && type.trim().toLowerCase() === 'application/ld+json') || opensStateScript(state, attribs)) {
    state.json = '';
  } else {
    state.rawText = true;
    if (attribs.src === undefined) opensInlineScript(state);
    // An inline script is searched for an app state's publication date as its text comes (state-dates.ts).
    opensAppScript(state, attribs);
  }
}

/** The first `<a rel="author">` outside nav/footer/aside/form (a menu's "Our writers" is the site's, not the page's). */
function openAnchor(state: ParseState, attribs: Record<string, string>): void {
  const {snapshot} = state;
  if (snapshot.authorLink !== null || state.chromeDepth > 0 || !isRelAuthor(attribs.rel)) return;
  startText(state.collectors, state.depth, (text) => {
    if (text !== '' && snapshot.authorLink === null) snapshot.authorLink = text;
  });
}

const commentClass = /comment/i;

/** A `<time>` gives its `datetime`, else its text (`May 3, 2016, 2:58 p.m.`, read by the date check). */
function openTime(state: ParseState, attribs: Record<string, string>): void {
  const {snapshot} = state;
  // A `<time itemprop="dateModified">` is the last edit, which microdata reads as such: no publication time.
  if (snapshot.times.length >= maxTimes || attribs.itemprop === 'dateModified') return;
  // A comment's time (`<time class="c-comment-card__timestamp">`, `.comment-date`) is a reader's post, not the page's.
  if (attribs.class !== undefined && commentClass.test(attribs.class)) return;
  if (attribs.datetime !== undefined) {
    snapshot.times.push(attribs.datetime.trim());
    return;
  }
  // The slot is taken now so the times stay in document order; an empty text leaves no entry.
  const index = snapshot.times.push('') - 1;
  startText(state.collectors, state.depth, (text) => {
    snapshot.times[index] = text;
    if (text === '') snapshot.times.splice(index, 1);
  });
}

function openImage(state: ParseState, attribs: Record<string, string>): void {
  const {snapshot, picture} = state;
  // A <picture>'s sources belong to its first <img>; sources after it are ignored, as browsers do.
  state.picture = null;
  if (snapshot.images.length >= maxImages || state.svgDepth > 0) return;
  const image: ImageTag = {};
  if (attribs.src !== undefined) image.src = attribs.src;
  if (attribs.srcset !== undefined) image.srcset = attribs.srcset;
  const lazy = attribs['data-src'] ?? attribs['data-lazy-src'];
  if (lazy !== undefined) image.dataSrc = lazy;
  if (attribs.width !== undefined) image.width = attribs.width;
  if (attribs.height !== undefined) image.height = attribs.height;
  if (attribs.alt !== undefined) image.alt = attribs.alt;
  if (picture !== null && picture.length > 0) image.sources = picture;
  snapshot.images.push(image);
}

function openMedia(kind: 'videos' | 'audios'): OpenHandler {
  return (state, attribs) => {
    const list = state.snapshot[kind];
    if (state.media !== null || list.length >= maxMedia) return;
    const media: MediaTag = {sources: []};
    if (attribs.src !== undefined) media.src = attribs.src;
    if (attribs.poster !== undefined) media.poster = attribs.poster;
    state.media = media;
    state.mediaDepth = state.depth;
    list.push(media);
  };
}

function openSource({media, picture}: ParseState, attribs: Record<string, string>): void {
  if (media !== null) {
    if (attribs.src === undefined) return;
    const source: {src: string; type?: string} = {src: attribs.src};
    if (attribs.type !== undefined) source.type = attribs.type;
    media.sources.push(source);
  } else if (picture !== null && attribs.srcset !== undefined && picture.length < maxPictureSources) {
    const source: PictureSource = {srcset: attribs.srcset};
    if (attribs.type !== undefined) source.type = attribs.type;
    picture.push(source);
  }
}

/** What each opening tag records, keyed by lowercase tag name; tags not listed record nothing. */
export const openHandlers: ReadonlyMap<string, OpenHandler> = new Map<string, OpenHandler>([
  ['html', openHtml],
  ['base', ({snapshot}, attribs) => {
    if (snapshot.baseHref === null && attribs.href !== undefined) snapshot.baseHref = attribs.href.trim();
  }],
  ['meta', openMeta],
  ['link', openLink],
  ['title', (state) => {
    if (state.svgDepth === 0) collectFirst(state, 'title', 1);
  }],
  ['script', openScript],
  ...rawTextTags.map((name): [string, OpenHandler] => [name, (state) => { state.rawText = true; }]),
  ['svg', (state) => { state.svgDepth++; }],
  ...sections.map((name): [string, OpenHandler] => [name, (state) => { state.sectionDepth++; }]),
  ['h1', (state) => collectFirst(state, 'h1', 1)],
  ['br', breakLine],
  ['p', (state) => {
    if (state.sectionDepth !== 0 || state.captionDepth !== 0) return;
    collectFirst(state, 'paragraph', minParagraphLength);
    collectParagraph(state);
    readDateline(state);
  }],
  // A minor heading holds a byline as often as a paragraph does (`<h5><em>Von Ann Lee</em></h5>`).
  ...minorHeadings.map((name): [string, OpenHandler] => [name, (state) => {
    if (state.sectionDepth === 0 && state.captionDepth === 0) readHeadingLine(state);
  }]),
  ...contentTags.map((name): [string, OpenHandler] => [name, (state) => { state.contentDepth++; }]),
  ...asideTextTags.map((name): [string, OpenHandler] => [name, (state) => { state.captionDepth++; }]),
  ['a', (state, attribs) => {
    recordAudioLink(state.snapshot, attribs);
    openAnchor(state, attribs);
  }],
  ['time', openTime],
  ['img', (state, attribs) => {
    recordLogoAlt(state, attribs);
    openImage(state, attribs);
  }],
  ['video', openMedia('videos')],
  ['audio', openMedia('audios')],
  ['source', openSource],
  ['picture', (state) => { state.picture = []; }],
  ...markedTags.map((name): [string, OpenHandler] => [name, recordMarkedTag(name)]),
]);

/** What each closing tag undoes, keyed by lowercase tag name. */
export const closeHandlers: ReadonlyMap<string, CloseHandler> = new Map<string, CloseHandler>([
  ['script', (state) => {
    if (state.json !== null) {
      if (state.markScript !== undefined) closeStateScript(state, state.json);
      else parseJsonld(state.json, state.snapshot.jsonld);
      state.json = null;
    }
    if (state.appScript) endStateScript(state);
    if (state.inlineHead !== undefined || state.inlineState !== undefined) closeInlineScript(state);
    state.rawText = false;
  }],
  ...rawTextTags.map((name): [string, CloseHandler] => [name, (state) => { state.rawText = false; }]),
  ['svg', (state) => { if (state.svgDepth > 0) state.svgDepth--; }],
  ...sections.map((name): [string, CloseHandler] => [name, (state) => { if (state.sectionDepth > 0) state.sectionDepth--; }]),
  ...contentTags.map((name): [string, CloseHandler] => [name, (state) => { if (state.contentDepth > 0) state.contentDepth--; }]),
  ...asideTextTags.map((name): [string, CloseHandler] => [name, (state) => { if (state.captionDepth > 0) state.captionDepth--; }]),
  ['picture', (state) => { state.picture = null; }],
  ['h1', readAfterHeadline],
]);

/**
 * The tags whose attributes are read: the ones the handlers read, and those whose microdata value
 * is an attribute. Other tags are read only for itemprop/itemscope/itemtype.
 */
export const attributeTags: ReadonlySet<string> = new Set([
  'html', 'base', 'meta', 'link', 'script', 'a', 'time', 'img', 'video', 'audio', 'source', ...microdataAttributeTags, ...markedTags,
]);
