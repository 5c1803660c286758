import type {IncomingHttpHeaders} from 'node:http';
import {decodeHTML} from 'entities';
import type {LinkTag, MetaTag, Snapshot} from '../parse/snapshot.js';
import type {Redirect, WindowReader} from '../shared/page.js';

/** An answer to look at: a fetched page (any status whose body was read) or a rendered one. */
export interface WallInput {
  statusCode: number;
  /** Response headers, lowercase names (Node's `IncomingHttpHeaders`, or a browser's). */
  headers: IncomingHttpHeaders | Readonly<Record<string, string | string[] | undefined>>;
  /** The final URL, after redirects. */
  url: string;
  /** The redirect hops followed before it (their URLs, or `Page.redirects`). */
  redirects?: readonly (string | Redirect)[];
  html: string;
  /** The reader of `html`'s windows that came with a large body (`Page.windows`): the body is then read without flattening it. */
  windows?: WindowReader;
  /**
   * What parseHtml already read of `html`, when it ran: its title, metas and links are used instead
   * of reading them again from the markup.
   */
  snapshot?: Pick<Snapshot, 'title' | 'metas' | 'links'>;
}

/** The facts of one answer that markers read, each worked out at most once and only when asked. */
export interface PageFacts {
  input: WallInput;
  /** The final URL, or null when it does not parse. */
  url(): URL | null;
  /** The final URL's host name, lowercase, without a port; null when there is none. */
  host(): string | null;
  /** The `<title>`, whitespace-collapsed; null when there is none or it is empty. */
  title(): string | null;
  metas(): readonly MetaTag[];
  links(): readonly LinkTag[];
  /** The first {@link markupWindow} characters of the body (or a little more): what markup markers read. */
  markup(): string;
  header(name: string): string[];
}

export function pageFacts(input: WallInput): PageFacts {
  let url: URL | null | undefined;
  let host: string | null | undefined;
  let title: string | null | undefined;
  let metas: readonly MetaTag[] | undefined;
  let links: readonly LinkTag[] | undefined;
  let markup: string | undefined;
  const prefix = () => (markup ??= bodyPrefix(input));
  return {
    input,
    url: () => (url === undefined ? (url = parseUrl(input.url)) : url),
    host: () => (host === undefined ? (host = hostOf(input.url)) : host),
    title: () => (title === undefined ? (title = input.snapshot ? input.snapshot.title || null : readTitle(prefix())) : title),
    metas: () => (metas ??= input.snapshot ? input.snapshot.metas : readMetas(prefix())),
    links: () => (links ??= input.snapshot ? input.snapshot.links : readLinks(prefix())),
    markup: prefix,
    header: (name) => {
      const value = input.headers[name];
      if (value === undefined) return [];
      return Array.isArray(value) ? value : [value];
    },
  };
}

/**
 * How much of a body the markers read (characters). Walls are small pages, or carry their markers
 * in the head; reading no further bounds what a large page that passes a row's gate can cost.
 */
export const markupWindow = 256 * 1024;

// A body up to markupWindow long as is; a longer one cut, through its window reader when it has one
// (a large body is a rope of pieces: slicing it, or searching it, would first make it one string).
function bodyPrefix({html, windows}: WallInput): string {
  if (html.length <= markupWindow) return html;
  return windows?.(0, markupWindow) ?? html.slice(0, markupWindow);
}

function parseUrl(href: string): URL | null {
  try {
    return new URL(href);
  } catch {
    return null;
  }
}

/**
 * The host name of an absolute URL, read from the string: most rows name a host, and parsing the
 * whole URL for each answer costs more than every other cheap marker together. A URL whose
 * authority is not plain (user info, brackets of an IPv6 literal) is parsed.
 */
export function hostOf(href: string): string | null {
  const start = href.indexOf('://');
  if (start < 0) return parseUrl(href)?.hostname.toLowerCase() ?? null;
  let end = start + 3;
  let port = -1;
  while (end < href.length) {
    const c = href.charCodeAt(end);
    // '/', '?' and '#' end the authority; '@', '[', '\\' and '%' need the real parser.
    if (c === 47 || c === 63 || c === 35) break;
    if (c === 64 || c === 91 || c === 92 || c === 37) return parseUrl(href)?.hostname.toLowerCase() ?? null;
    if (c === 58 && port < 0) port = end;
    end++;
  }
  if (port >= 0) end = port;
  const host = href.slice(start + 3, end).toLowerCase();
  return host === '' ? null : host.endsWith('.') ? host.slice(0, -1) : host;
}

// A title longer than this is not a wall's: only this much after `<title>` is read.
const maxTitleLength = 1024;

/**
 * The first `<title>` of the markup, found with a plain string search (no regex over the body):
 * every answer is checked for walls, and the title is the cheap marker most rows start with.
 */
export function readTitle(html: string): string | null {
  let open = html.indexOf('<title');
  if (open < 0) open = html.indexOf('<TITLE');
  if (open < 0) return null;
  const close = html.indexOf('>', open + 6);
  if (close < 0) return null;
  const rest = html.slice(close + 1, close + 1 + maxTitleLength + 8);
  const end = rest.search(/<\/title/i);
  const raw = end < 0 ? rest.slice(0, maxTitleLength) : rest.slice(0, end);
  const text = (raw.includes('&') ? decodeHTML(raw) : raw).replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

// The attributes of one tag: name, then a double-quoted, single-quoted or bare value.
const attributePattern = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(attributePattern)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!found.has(name)) found.set(name, decodeHTML(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return found;
}

/** The `<meta>` tags of the markup, read only when a row's cheap markers matched and no snapshot was given. */
function readMetas(html: string): MetaTag[] {
  const metas: MetaTag[] = [];
  for (const match of html.matchAll(/<meta\s([^>]*)>/gi)) {
    const found = attributes(match[1] ?? '');
    const meta: MetaTag = {content: (found.get('content') ?? '').trim()};
    const name = found.get('name');
    const property = found.get('property');
    const httpEquiv = found.get('http-equiv');
    if (name !== undefined) meta.name = name;
    if (property !== undefined) meta.property = property;
    if (httpEquiv !== undefined) meta.httpEquiv = httpEquiv;
    metas.push(meta);
  }
  return metas;
}

/** The `<link>` tags of the markup with a `rel` and an `href`. */
function readLinks(html: string): LinkTag[] {
  const links: LinkTag[] = [];
  for (const match of html.matchAll(/<link\s([^>]*)>/gi)) {
    const found = attributes(match[1] ?? '');
    const rel = found.get('rel');
    const href = found.get('href');
    if (rel !== undefined && href !== undefined) links.push({rel: rel.toLowerCase().replace(/\s+/g, ' ').trim(), href});
  }
  return links;
}
