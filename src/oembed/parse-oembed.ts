import {Parser} from 'htmlparser2';
import type {Iframe} from '../data.js';
import {absoluteHttpUrl, listScripts} from './scripts.js';

export type {Iframe};

/** Fields an oEmbed answer offers for the ones the page left empty. */
export interface OEmbedFields {
  /** `title`. */
  title?: string;
  /** `author_name`. */
  author?: string;
  /** `provider_name`. */
  publisher?: string;
  /** `thumbnail_url`, absolute http(s) (resolved against the answer's URL). */
  image?: string;
}

/** What an oEmbed answer gives: the embed (or `null`) and fields. */
export interface IframeResult {
  /** `null` when no provider answered with a valid embed (or the answer is a `link`, which has none). */
  iframe: Iframe | null;
  /** Fields from the answer, for the page's empty fields; `{}` when there is no valid answer. */
  fields: OEmbedFields;
}

/** No embed, no fields: what any failure gives. */
export const noIframe = (): IframeResult => ({iframe: null, fields: {}});

const types: ReadonlySet<string> = new Set(['photo', 'video', 'link', 'rich']);

/**
 * Decodes an oEmbed answer body, JSON or XML: XML when the Content-Type says so (`text/xml`,
 * `application/xml`, `…+xml`) or the body starts with `<`, else JSON. The body is read as UTF-8
 * (the oEmbed spec's encoding), a leading BOM dropped.
 * @returns The answer's members (XML: the text of each child of `<oembed>`, names lowercased), or
 *   `null` for junk, a JSON value that is not an object, or XML whose root is not `<oembed>`.
 */
export function decodeOEmbed(bytes: Uint8Array, contentType = ''): Record<string, unknown> | null {
  const text = Buffer.from(bytes).toString('utf8').replace(/^\ufeff/, '').trim();
  const mime = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const isXml = mime.endsWith('/xml') || mime.endsWith('+xml') || text.startsWith('<');
  if (isXml) return decodeXml(text);
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

// <oembed><type>video</type><html>&lt;iframe…</html>…</oembed>: entities and CDATA decoded by
// htmlparser2; markup nested in a member (a provider that forgot to escape it) is kept as its text.
function decodeXml(text: string): Record<string, unknown> | null {
  const members: Record<string, string> = {};
  let depth = 0;
  let rootIsOEmbed = false;
  let member: string | null = null;
  const parser = new Parser(
    {
      onopentag(name) {
        depth++;
        if (depth === 1) rootIsOEmbed = name.toLowerCase() === 'oembed';
        else if (depth === 2 && rootIsOEmbed) {
          member = name.toLowerCase();
          members[member] = '';
        }
      },
      ontext(data) {
        if (member !== null && depth >= 2) members[member] += data;
      },
      onclosetag() {
        if (depth === 2) member = null;
        depth--;
      },
    },
    {xmlMode: true},
  );
  parser.end(text);
  return rootIsOEmbed ? members : null;
}

/**
 * Validates decoded oEmbed members into an {@link IframeResult}:
 * - `type` must be `photo`, `video`, `link` or `rich`, else nothing is taken;
 * - `video` and `rich` need `html` as a non-empty string, else nothing is taken;
 * - `photo` needs an http(s) `url`; its `html` is the provider's when given, else an `<img>`;
 * - `link` is valid but has no embed: `iframe` is `null`, the fields are kept;
 * - fields: `title`, `author_name` → `author`, `provider_name` → `publisher` (non-empty strings,
 *   trimmed), `thumbnail_url` → `image` (resolved against `answerUrl`, http(s) only).
 * Script `src`s resolve against `answerUrl`, the final URL of the oEmbed answer. Pure; never throws.
 */
export function readOEmbed(members: Record<string, unknown>, answerUrl: string): IframeResult {
  const type = text(members.type)?.toLowerCase();
  if (type === undefined || !types.has(type)) return noIframe();
  let html: string | undefined;
  if (type === 'video' || type === 'rich') {
    if (typeof members.html !== 'string' || members.html.trim() === '') return noIframe();
    html = members.html;
  } else if (type === 'photo') {
    const src = typeof members.url === 'string' ? absoluteHttpUrl(members.url, answerUrl) : null;
    if (src === null) return noIframe();
    html = typeof members.html === 'string' && members.html.trim() !== '' ? members.html : photoHtml(src, members);
  }
  return {
    iframe: html === undefined ? null : {html, scripts: listScripts(html, answerUrl)},
    fields: fieldsOf(members, answerUrl),
  };
}

function fieldsOf(members: Record<string, unknown>, answerUrl: string): OEmbedFields {
  const fields: OEmbedFields = {};
  const title = text(members.title);
  const author = text(members.author_name);
  const publisher = text(members.provider_name);
  const image = typeof members.thumbnail_url === 'string' ? absoluteHttpUrl(members.thumbnail_url, answerUrl) : null;
  if (title !== undefined) fields.title = title;
  if (author !== undefined) fields.author = author;
  if (publisher !== undefined) fields.publisher = publisher;
  if (image !== null) fields.image = image;
  return fields;
}

function photoHtml(src: string, members: Record<string, unknown>): string {
  const attributes = [`src="${escapeAttribute(src)}"`];
  const alt = text(members.title);
  if (alt !== undefined) attributes.push(`alt="${escapeAttribute(alt)}"`);
  for (const name of ['width', 'height'] as const) {
    const size = dimension(members[name]);
    if (size !== undefined) attributes.push(`${name}="${size}"`);
  }
  return `<img ${attributes.join(' ')}>`;
}

// A positive whole number of pixels, from JSON (300, "300") or XML ("300"); anything else is left out.
function dimension(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
