import type {ChildNode, Element} from 'domhandler';
import {getElementsByTagName, textContent} from 'domutils';
import {parseDocument} from 'htmlparser2';
import {decodeBody} from '../fetch/decode-body.js';
import type {FileResponse} from '../fetch/file-response.js';
import type {FileReason} from '../shared/file-info.js';
import {cleanText, toLang} from './text-fields.js';

/** What an RSS or Atom feed says about itself. */
export interface FeedDescription {
  /** `rss` (RSS 0.9x, 1.0 and 2.0) or `atom`; `null` when the document is no feed. */
  type: 'rss' | 'atom' | null;
  title: string | null;
  /** RSS `description`, Atom `subtitle`, as text. */
  description: string | null;
  /** Atom `author/name`, `itunes:author`, `dc:creator`, or the name in RSS `managingEditor`. */
  author: string | null;
  /** RSS `language` / `dc:language`, Atom `xml:lang`, as ISO 639-1. */
  lang: string | null;
  /** The latest item's date (ISO 8601), else the feed's own (`lastBuildDate`, `pubDate`, `updated`). */
  date: string | null;
  /** Absolute URL of the feed's image: RSS `image/url`, `itunes:image`, Atom `logo`, then `icon`. */
  image: string | null;
  reason: FileReason | null;
}

/**
 * Reads an RSS or Atom feed (up to `maxBodySize`; a longer one is read from what fits) with
 * htmlparser2 in XML mode, decoded by BOM, the Content-Type charset or the XML declaration's
 * `encoding`. A document that is no feed gives `unreadable`.
 */
export async function describeFeed(file: FileResponse): Promise<FeedDescription> {
  const {bytes} = await file.read();
  if (bytes.length === 0) return none('empty');
  const {text} = decodeBody(bytes, file.charset ?? xmlEncoding(bytes));
  const document = parseDocument(text, {xmlMode: true});
  const root = document.children.find((node): node is Element => node.type === 'tag');
  const rootName = localName(root?.name ?? '');
  if (!root || !['rss', 'rdf', 'feed'].includes(rootName)) return none('unreadable');
  return rootName === 'feed' ? atom(root, file.url) : rss(root, file.url);
}

function none(reason: FileReason): FeedDescription {
  return {type: null, title: null, description: null, author: null, lang: null, date: null, image: null, reason};
}

function rss(root: Element, base: string): FeedDescription {
  const channel = child(root.children, 'channel');
  const fields = channel?.children ?? [];
  // RSS 1.0 keeps its image and items beside the channel, RSS 2.0 inside it.
  const image = child(fields, 'image') ?? child(root.children, 'image');
  const items = getElementsByTagName('item', root.children, true);
  const itemDates = items.map((item) => childText(item.children, 'pubDate') ?? childText(item.children, 'dc:date'));
  return {
    type: 'rss',
    title: childText(fields, 'title'),
    description: asText(childText(fields, 'description')),
    author: childText(fields, 'itunes:author') ?? childText(fields, 'dc:creator') ?? emailName(childText(fields, 'managingEditor')),
    lang: toLang(childText(fields, 'language') ?? childText(fields, 'dc:language')),
    date: latest(itemDates) ?? latest([childText(fields, 'lastBuildDate'), childText(fields, 'pubDate'), childText(fields, 'dc:date')]),
    image: absolute(image ? childText(image.children, 'url') : null, base) ?? absolute(child(fields, 'itunes:image')?.attribs['href'], base),
    reason: null,
  };
}

function atom(root: Element, base: string): FeedDescription {
  const fields = root.children;
  const author = child(fields, 'author');
  const entries = getElementsByTagName('entry', fields, false);
  const entryDates = entries.map((entry) => childText(entry.children, 'updated') ?? childText(entry.children, 'published'));
  return {
    type: 'atom',
    title: asText(childText(fields, 'title')),
    description: asText(childText(fields, 'subtitle')),
    author: (author ? childText(author.children, 'name') : null) ?? childText(fields, 'itunes:author'),
    lang: toLang(root.attribs['xml:lang']),
    date: latest(entryDates) ?? latest([childText(fields, 'updated')]),
    image: absolute(childText(fields, 'logo'), base) ?? absolute(childText(fields, 'icon'), base),
    reason: null,
  };
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1).toLowerCase();
}

function child(nodes: ChildNode[], name: string): Element | undefined {
  return nodes.find((node): node is Element => node.type === 'tag' && node.name.toLowerCase() === name.toLowerCase());
}

function childText(nodes: ChildNode[], name: string): string | null {
  const found = child(nodes, name);
  return found ? cleanText(textContent(found)) : null;
}

// Descriptions and Atom `type="html"` text often carry markup: only its text is kept.
function asText(value: string | null): string | null {
  if (value === null || !value.includes('<')) return value;
  return cleanText(textContent(parseDocument(value)));
}

// `editor@example.com (Jane Doe)` → `Jane Doe`; a bare address is no author name.
function emailName(value: string | null): string | null {
  if (value === null) return null;
  const named = /\(([^)]+)\)/.exec(value)?.[1];
  if (named) return cleanText(named);
  return value.includes('@') ? null : value;
}

function latest(dates: (string | null)[]): string | null {
  let best: number | null = null;
  for (const value of dates) {
    const time = value === null ? NaN : new Date(value).getTime();
    if (!Number.isNaN(time) && (best === null || time > best)) best = time;
  }
  return best === null ? null : new Date(best).toISOString();
}

function absolute(value: string | null | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

// `<?xml version="1.0" encoding="ISO-8859-1"?>`: the charset of a feed sent without one.
function xmlEncoding(bytes: Uint8Array): string | null {
  const prolog = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  return /^(?:\uFEFF|\u00EF\u00BB\u00BF)?\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/.exec(prolog)?.[1] ?? null;
}
