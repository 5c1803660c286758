import type {IncomingHttpHeaders} from 'node:http';

/** A language tag's ISO 639-1 code, lowercase (`en-GB` → `en`); `null` for anything else. */
export function toLang(tag: string | null | undefined): string | null {
  const match = /^\s*([a-z]{2})(?:[-_][a-z0-9]+)*\s*$/i.exec(tag ?? '');
  return match ? match[1]!.toLowerCase() : null;
}

/** The site a URL belongs to, as a publisher name: its host name without a leading `www.`. */
export function publisherOf(url: string): string | null {
  try {
    const {hostname} = new URL(url);
    return hostname.replace(/^www\./i, '') || null;
  } catch {
    return null;
  }
}

/** An HTTP date header (`Last-Modified`) as ISO 8601; `null` when absent or not a date. */
export function headerDate(headers: IncomingHttpHeaders, name: 'last-modified'): string | null {
  const value = headers[name];
  if (value === undefined) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The first language of a `Content-Language` header, as ISO 639-1. */
export function headerLang(headers: IncomingHttpHeaders): string | null {
  const value = headers['content-language'];
  return toLang((Array.isArray(value) ? value[0] : value)?.split(',')[0]);
}

/** Text collapsed to single spaces, without control characters; `null` when nothing is left. */
export function cleanText(value: string | null | undefined): string | null {
  const cleaned = (value ?? '').replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  return cleaned === '' ? null : cleaned;
}
