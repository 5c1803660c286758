import {Parser} from 'htmlparser2';

/** A `<meta>` tag: whichever of its key attributes are present, and its trimmed `content`. */
export interface MetaTag {
  name?: string;
  property?: string;
  itemprop?: string;
  httpEquiv?: string;
  content: string;
}

/** A `<link>` tag with an `href`; `rel` is lowercased and whitespace-collapsed. */
export interface LinkTag {
  rel: string;
  href: string;
  sizes?: string;
  type?: string;
  hreflang?: string;
}

/**
 * One microdata property value (`itemprop`), for the few properties the rules use.
 * `scope` is the path of `itemprop`s of the enclosing items, outermost first: `author` for the
 * `name` inside `<div itemprop="author" itemscope>` of a top-level item, `review.author` for a
 * reviewer's name, `null` for a property of a top-level item (or of no item at all).
 */
export interface MicrodataValue {
  prop: string;
  value: string;
  scope: string | null;
  /** The `itemtype` of the enclosing item, raw (e.g. `https://schema.org/Person`). */
  type: string | null;
}

/** An `<img>`: its raw attributes. */
export interface ImageTag {
  src?: string;
  srcset?: string;
  /** `data-src` / `data-lazy-src`, the usual lazy-loading attribute. */
  dataSrc?: string;
  width?: string;
  height?: string;
  alt?: string;
}

/** A `<video>` or `<audio>` element with its child `<source>` elements. */
export interface MediaTag {
  src?: string;
  poster?: string;
  sources: {src: string; type?: string}[];
}

/** What one htmlparser2 pass collects from a document. Plain, JSON-able data. */
export interface Snapshot {
  /** The first `<base href>` value, raw. */
  baseHref: string | null;
  /** The first non-empty `<title>` outside `<svg>`, whitespace-collapsed. */
  title: string | null;
  /** `<html lang>` (or `xml:lang`), raw. */
  lang: string | null;
  /** Every `<meta>` with a `content` and a key attribute, in document order (capped). */
  metas: MetaTag[];
  /** `<link>` tags with an `href`, except stylesheets and resource hints, in document order (capped). */
  links: LinkTag[];
  /** JSON-LD objects, arrays and `@graph` flattened, in document order. */
  jsonld: Record<string, unknown>[];
  /**
   * Microdata values for the properties in {@link microdataProps}, in document order (capped).
   * Text values (read from element text) are kept for top-level items and their `author`, `creator`
   * and `publisher` items only; attribute values (`content`, `href`, `src`, `datetime`…) for any item.
   */
  microdata: MicrodataValue[];
  /** `<time datetime>` values, in document order (capped). */
  times: string[];
  /** The first non-empty `<h1>` text. */
  h1: string | null;
  /** The first `<p>` outside nav/header/footer/aside/form with at least {@link minParagraphLength} characters. */
  paragraph: string | null;
  /** The text of the first `<a rel="author">`. */
  authorLink: string | null;
  /** The first {@link maxImages} `<img>` elements. */
  images: ImageTag[];
  /** The first `<video>` elements. */
  videos: MediaTag[];
  /** The first `<audio>` elements. */
  audios: MediaTag[];
}

/** The microdata properties recorded in {@link Snapshot.microdata}. */
export const microdataProps: ReadonlySet<string> = new Set([
  'name', 'headline', 'description', 'author', 'creator', 'datePublished', 'dateCreated', 'dateModified',
  'uploadDate', 'image', 'logo', 'contentUrl', 'thumbnailUrl', 'publisher', 'url', 'inLanguage',
]);

/** How many `<img>` elements are recorded. */
export const maxImages = 10;
/** The shortest `<p>` text taken as the description fallback. */
export const minParagraphLength = 40;

const maxMedia = 5;
/** Nested items whose text-valued properties are recorded; URL and date values are recorded in any item. */
const textScopes: ReadonlySet<string> = new Set(['author', 'creator', 'publisher']);
const maxMetas = 400;
const maxLinks = 200;
const maxMicrodata = 200;
const maxTimes = 10;
const maxJsonld = 200;
// Long enough for any title or heading, and for a description (the rules cut it to 300 characters);
// short enough that collapsing it stays cheap and a pathological page cannot make us buffer megabytes.
const maxText = 1000;

const skippedRels: ReadonlySet<string> = new Set([
  'stylesheet', 'preload', 'modulepreload', 'prefetch', 'preconnect', 'dns-prefetch', 'prerender',
]);
const sectioning: ReadonlySet<string> = new Set(['nav', 'header', 'footer', 'aside', 'form']);

/** The tags whose attributes are read (others only for itemprop/itemscope/itemtype). */
const attributeTags: ReadonlySet<string> = new Set([
  'html', 'base', 'meta', 'link', 'script', 'a', 'time', 'img', 'video', 'audio', 'source',
  // Elements whose microdata value is an attribute (microdataValue).
  'area', 'embed', 'iframe', 'track', 'object', 'data', 'meter',
]);
const noAttributes: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** A text being collected for an element until it closes at `depth`. */
interface Collector {
  depth: number;
  text: string;
  /** True once the element had more than {@link maxText} characters. */
  cut: boolean;
  done: (text: string) => void;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Ends a text cut at {@link maxText} on a word boundary (its last, possibly partial, word dropped) with `…`. */
function markCut(text: string): string {
  const space = text.lastIndexOf(' ');
  return `${space > 0 ? text.slice(0, space) : text}…`;
}

/** Attributes whose value is a URL or a machine value rather than text (microdata §5.4). */
function microdataValue(name: string, attribs: Record<string, string>): string | undefined {
  switch (name) {
    case 'meta': return attribs.content;
    case 'a': case 'area': case 'link': return attribs.href;
    case 'img': case 'audio': case 'video': case 'source': case 'embed': case 'iframe': case 'track': return attribs.src;
    case 'object': return attribs.data;
    case 'time': return attribs.datetime;
    case 'data': case 'meter': return attribs.value;
    default: return undefined;
  }
}

function flattenJsonld(value: unknown, out: Record<string, unknown>[]): void {
  if (out.length >= maxJsonld) return;
  if (Array.isArray(value)) {
    for (const item of value) flattenJsonld(item, out);
  } else if (value !== null && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    const graph = node['@graph'];
    if (graph !== undefined) {
      // A `@graph` wrapper is only a container; a node with its own `@type` is kept as well.
      if (node['@type'] !== undefined) out.push(node);
      flattenJsonld(graph, out);
    } else {
      out.push(node);
    }
  }
}

function parseJsonld(text: string, out: Record<string, unknown>[]): void {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      // Raw newlines and tabs inside strings are invalid JSON but common in hand-written JSON-LD.
      // eslint-disable-next-line no-control-regex
      value = JSON.parse(text.replace(/[\u0000-\u001f]+/g, ' '));
    } catch {
      return;
    }
  }
  flattenJsonld(value, out);
}

/** Builds the handler state and the htmlparser2 callbacks that fill a {@link Snapshot}. */
function createCollector(): {snapshot: Snapshot; parser: Parser} {
  const snapshot: Snapshot = {
    baseHref: null, title: null, lang: null, metas: [], links: [], jsonld: [], microdata: [], times: [],
    h1: null, paragraph: null, authorLink: null, images: [], videos: [], audios: [],
  };
  let depth = 0;
  let seenHtml = false;
  let svgDepth = 0;
  let rawText = false; // inside a <script>/<style> whose text we do not want
  let sectionDepth = 0;
  let collectors: Collector[] = [];
  let scopes: {depth: number; path: string | null; type: string | null}[] = [];
  let media: MediaTag | null = null;
  let mediaDepth = 0;
  let collectingParagraph = false;
  let collectingH1 = false;
  let collectingTitle = false;
  let json: string | null = null; // the text of the JSON-LD script being read

  const collect = (done: (text: string) => void): void => {
    collectors.push({depth, text: '', cut: false, done});
  };

  const onMicrodata = (name: string, attribs: Record<string, string>, itemprop: string, itemscope: boolean): void => {
    // An itemprop that opens its own item has the item as value: its properties are recorded with their scope.
    if (itemscope || snapshot.microdata.length >= maxMicrodata) return;
    const scope = scopes.length > 0 ? scopes[scopes.length - 1]! : null;
    const props = microdataProps.has(itemprop) ? [itemprop] : itemprop.trim().split(/\s+/);
    for (const prop of props) {
      if (!microdataProps.has(prop)) continue;
      const entry = (value: string): void => {
        if (value !== '' && snapshot.microdata.length < maxMicrodata) {
          snapshot.microdata.push({prop, value, scope: scope?.path ?? null, type: scope?.type ?? null});
        }
      };
      const value = microdataValue(name, attribs);
      if (value !== undefined) entry(value.trim());
      // Collecting text is the costly part: only for the items the rules read (not e.g. every review).
      else if (name !== 'meta' && name !== 'link' && (scope === null || scope.path === null || textScopes.has(scope.path))) collect(entry);
    }
  };

  const openTag = (
    name: string,
    attribs: Record<string, string>,
    itemprop: string | undefined,
    itemscope: boolean,
    itemtype: string | undefined,
  ): void => {
    switch (name) {
      case 'html':
        if (!seenHtml) {
          seenHtml = true;
          const lang = attribs.lang ?? attribs['xml:lang'];
          if (lang !== undefined && lang.trim() !== '') snapshot.lang = lang.trim();
        }
        break;
      case 'base':
        if (snapshot.baseHref === null && attribs.href !== undefined) snapshot.baseHref = attribs.href.trim();
        break;
      case 'meta': {
        const content = attribs.content;
        if (content === undefined || snapshot.metas.length >= maxMetas) break;
        const meta: MetaTag = {content: content.trim()};
        if (attribs.name !== undefined) meta.name = attribs.name;
        if (attribs.property !== undefined) meta.property = attribs.property;
        if (attribs.itemprop !== undefined) meta.itemprop = attribs.itemprop;
        if (attribs['http-equiv'] !== undefined) meta.httpEquiv = attribs['http-equiv'];
        if (meta.name !== undefined || meta.property !== undefined || meta.itemprop !== undefined || meta.httpEquiv !== undefined) {
          snapshot.metas.push(meta);
        }
        break;
      }
      case 'link': {
        const href = attribs.href;
        const rel = attribs.rel;
        if (href === undefined || rel === undefined || snapshot.links.length >= maxLinks) break;
        const relation = rel.trim().toLowerCase();
        if (skippedRels.has(relation)) break;
        const link: LinkTag = {rel: relation.includes(' ') || relation.includes('\t') || relation.includes('\n') ? collapse(relation) : relation, href: href.trim()};
        if (attribs.sizes !== undefined) link.sizes = attribs.sizes;
        if (attribs.type !== undefined) link.type = attribs.type;
        if (attribs.hreflang !== undefined) link.hreflang = attribs.hreflang;
        snapshot.links.push(link);
        break;
      }
      case 'title':
        if (snapshot.title === null && svgDepth === 0 && !collectingTitle) {
          collectingTitle = true;
          collect((text) => {
            collectingTitle = false;
            if (text !== '' && snapshot.title === null) snapshot.title = text;
          });
        }
        break;
      case 'script': {
        const type = attribs.type;
        if (type !== undefined && type.trim().toLowerCase() === 'application/ld+json') {
          json = '';
        } else {
          rawText = true;
        }
        break;
      }
      case 'style': case 'noscript': case 'template':
        rawText = true;
        break;
      case 'svg':
        svgDepth++;
        break;
      case 'nav': case 'header': case 'footer': case 'aside': case 'form':
        sectionDepth++;
        break;
      case 'h1':
        if (snapshot.h1 === null && !collectingH1) {
          collectingH1 = true;
          collect((text) => {
            collectingH1 = false;
            if (text !== '' && snapshot.h1 === null) snapshot.h1 = text;
          });
        }
        break;
      case 'p':
        if (snapshot.paragraph === null && sectionDepth === 0 && !collectingParagraph) {
          collectingParagraph = true;
          collect((text) => {
            collectingParagraph = false;
            if (text.length >= minParagraphLength && snapshot.paragraph === null) snapshot.paragraph = text;
          });
        }
        break;
      case 'a':
        if (snapshot.authorLink === null && attribs.rel !== undefined && /(^|\s)author(\s|$)/i.test(attribs.rel)) {
          collect((text) => {
            if (text !== '' && snapshot.authorLink === null) snapshot.authorLink = text;
          });
        }
        break;
      case 'time':
        if (attribs.datetime !== undefined && snapshot.times.length < maxTimes) snapshot.times.push(attribs.datetime.trim());
        break;
      case 'img':
        if (snapshot.images.length < maxImages && svgDepth === 0) {
          const image: ImageTag = {};
          if (attribs.src !== undefined) image.src = attribs.src;
          if (attribs.srcset !== undefined) image.srcset = attribs.srcset;
          const lazy = attribs['data-src'] ?? attribs['data-lazy-src'];
          if (lazy !== undefined) image.dataSrc = lazy;
          if (attribs.width !== undefined) image.width = attribs.width;
          if (attribs.height !== undefined) image.height = attribs.height;
          if (attribs.alt !== undefined) image.alt = attribs.alt;
          snapshot.images.push(image);
        }
        break;
      case 'video': case 'audio': {
        const list = name === 'video' ? snapshot.videos : snapshot.audios;
        if (media === null && list.length < maxMedia) {
          media = {sources: []};
          if (attribs.src !== undefined) media.src = attribs.src;
          if (attribs.poster !== undefined) media.poster = attribs.poster;
          mediaDepth = depth;
          list.push(media);
        }
        break;
      }
      case 'source':
        if (media !== null && attribs.src !== undefined) {
          const source: {src: string; type?: string} = {src: attribs.src};
          if (attribs.type !== undefined) source.type = attribs.type;
          media.sources.push(source);
        }
        break;
    }
    if (itemprop !== undefined) onMicrodata(name, attribs, itemprop, itemscope);
    if (itemscope) {
      const parent = scopes.length > 0 ? scopes[scopes.length - 1]!.path : null;
      const prop = itemprop === undefined ? null : itemprop.trim().split(/\s+/)[0] || null;
      const path = prop === null ? parent : parent === null ? prop : `${parent}.${prop}`;
      scopes.push({depth, path, type: itemtype ?? null});
    }
  };

  // Attributes are read through onattribute into an object made only for the tags we read: asking
  // htmlparser2 for onopentag would build an attribute object for every tag of the page.
  let tag: string | null = null;
  let attribs: Record<string, string> | null = null;
  // Any element can carry microdata: these three are read from every tag, into plain variables.
  let itemprop: string | undefined;
  let itemscope = false;
  let itemtype: string | undefined;
  const flush = (): void => {
    if (tag === null) return;
    const name = tag;
    tag = null;
    openTag(name, attribs ?? noAttributes, itemprop, itemscope, itemtype);
  };

  const parser = new Parser(
    {
      onopentagname(name) {
        flush();
        depth++;
        tag = name;
        attribs = attributeTags.has(name) ? {} : null;
        itemprop = undefined;
        itemscope = false;
        itemtype = undefined;
      },
      onattribute(name, value) {
        if (tag === null) return;
        if (attribs !== null && attribs[name] === undefined) attribs[name] = value;
        // 105 is `i`: a cheap first test, since most attribute names are class, id, href…
        if (name.charCodeAt(0) === 105) {
          if (name === 'itemprop') itemprop ??= value;
          else if (name === 'itemscope') itemscope = true;
          else if (name === 'itemtype') itemtype ??= value;
        }
      },
      ontext(text) {
        flush();
        if (json !== null) {
          json += text;
          return;
        }
        if (collectors.length === 0 || rawText) return;
        for (const collector of collectors) {
          if (collector.text.length >= maxText) {
            if (text !== '') collector.cut = true;
          } else {
            collector.text += text;
            if (collector.text.length > maxText) {
              collector.text = collector.text.slice(0, maxText);
              collector.cut = true;
            }
          }
        }
      },
      onend() {
        flush();
      },
      onclosetag(name) {
        flush();
        depth--;
        switch (name) {
          case 'script':
            if (json !== null) {
              parseJsonld(json, snapshot.jsonld);
              json = null;
            }
            rawText = false;
            break;
          case 'style': case 'noscript': case 'template':
            rawText = false;
            break;
          case 'svg':
            if (svgDepth > 0) svgDepth--;
            break;
          case 'nav': case 'header': case 'footer': case 'aside': case 'form':
            if (sectionDepth > 0) sectionDepth--;
            break;
        }
        if (media !== null && depth < mediaDepth) media = null;
        if (collectors.length > 0 && collectors[collectors.length - 1]!.depth > depth) {
          const open: Collector[] = [];
          for (const collector of collectors) {
            if (collector.depth > depth) {
              collector.done(collector.cut ? markCut(collapse(collector.text)) : collapse(collector.text));
            } else {
              open.push(collector);
            }
          }
          collectors = open;
        }
        if (scopes.length > 0 && scopes[scopes.length - 1]!.depth > depth) {
          scopes = scopes.filter((scope) => scope.depth <= depth);
        }
      },
    },
    {decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true},
  );
  return {snapshot, parser};
}

/**
 * Parses an HTML document in one htmlparser2 pass (no DOM tree) and records only what the field
 * rules read: metas, links, title, `<html lang>`, `<base href>`, JSON-LD, microdata, `<time>`, the
 * first `<h1>` and `<p>`, the first images and the first `<video>`/`<audio>` elements.
 * Never throws on malformed HTML: htmlparser2 recovers the way browsers mostly do.
 * @example parseHtml('<title>Hi</title>').title // 'Hi'
 */
export function parseHtml(html: string): Snapshot {
  const {snapshot, parser} = createCollector();
  parser.end(html);
  return snapshot;
}

/**
 * Same as {@link parseHtml} for a document that arrives in pieces (e.g. a decoded response stream);
 * the result equals `parseHtml(chunks.join(''))`.
 */
export function parseHtmlChunks(chunks: Iterable<string>): Snapshot {
  const {snapshot, parser} = createCollector();
  for (const chunk of chunks) parser.write(chunk);
  parser.end();
  return snapshot;
}
