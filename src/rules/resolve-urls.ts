import type {Candidates, MediaField} from '../data.js';
import {charCodeAt, indexOf, slice, startsWith, trim} from '../parse/chars.js';
import {UniqueStrings} from './unique-strings.js';

const mediaFields: readonly MediaField[] = ['image', 'logo', 'video', 'audio'];

/*
 * Most URLs in a page are already in the form the WHATWG parser would print: lowercase http(s)
 * scheme and host name, no port, no credentials, no dot segments, nothing to percent-encode. For
 * those, and for a simple absolute path or relative path against such a base, the parser's answer is
 * known without running it (`new URL` costs about a microsecond, and a page has dozens of media
 * candidates). Anything else takes the parser. tests/rules/resolve-urls.test.ts checks the shortcut
 * against `new URL` on generated and WPT URLs.
 */
// A host name the parser leaves as it is: lowercase LDH labels, no `xn--`/`--` (IDNA checks them; no
// `--` at all rules out `xn--` too), and a last label that is not a number (the parser would read
// the host as an IPv4 address): `0x` and hex digits, or decimal digits. Read in place, label by label.

/** The last host {@link isSimpleHost} accepted: a page's URLs mostly share a few hosts (a memo of a pure check). */
let lastSimpleHost = '';

/** Whether the host of `url` from `start` to `end` is simple (see above); the last simple host is compared in place. */
function isSimpleHost(url: string, start: number, end: number): boolean {
  if (end - start === lastSimpleHost.length && end > start && startsWith(url, lastSimpleHost, start)) return true;
  if (!isSimpleHostText(url, start, end)) return false;
  lastSimpleHost = slice(url, start, end);
  return true;
}

function isSimpleHostText(url: string, start: number, end: number): boolean {
  let labelStart = start;
  for (let index = start; index < end; index++) {
    if (charCodeAt(url, index) !== 46) continue; // `.`
    if (!isLdhLabel(url, labelStart, index)) return false;
    labelStart = index + 1;
  }
  return isLdhLabel(url, labelStart, end) && !isNumericLabel(url, labelStart, end);
}

const isLowerAlphanumeric = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 48 && code <= 57);

/** A label of lowercase letters, digits and single hyphens, not starting with a hyphen. */
function isLdhLabel(url: string, start: number, end: number): boolean {
  if (start === end || !isLowerAlphanumeric(charCodeAt(url, start))) return false;
  for (let index = start + 1; index < end; index++) {
    const code = charCodeAt(url, index);
    if (code === 45) {
      if (charCodeAt(url, index + 1) === 45 && index + 1 < end) return false; // `--`
    } else if (!isLowerAlphanumeric(code)) {
      return false;
    }
  }
  return true;
}

/** A label the parser reads as a number: decimal digits, or `0x` and hex digits (none too). */
function isNumericLabel(url: string, start: number, end: number): boolean {
  let index = start;
  if (end - start >= 2 && charCodeAt(url, start) === 48 && charCodeAt(url, start + 1) === 120) {
    for (index = start + 2; index < end; index++) {
      const code = charCodeAt(url, index);
      if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102))) return false;
    }
    return true;
  }
  for (; index < end; index++) {
    const code = charCodeAt(url, index);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

// A path segment the parser prints unchanged: characters outside its percent-encode set (no `\\`),
// and not `.`, `..` or a `%2e` (the parser resolves those). A query may also hold `?`, `/` and any
// `%`, but no `'` (encoded in the query of http(s) URLs). Each path is read in one pass, a character
// class table in place of a regex (a page has dozens of URLs; tests/rules/resolve-urls.test.ts checks
// the forms against `new URL`).
const pathBit = 1;
const relativeBit = 2;
const queryBit = 4;
const charClasses = new Uint8Array(128);
const markChars = (chars: string, bits: number): void => {
  for (const char of chars) charClasses[char.charCodeAt(0)]! |= bits;
};
const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
markChars(`${alphanumeric}-._~!$&()*+,;=@`, pathBit | relativeBit | queryBit);
markChars("'", pathBit | relativeBit);
// A `:` in a relative path's first segment would make it a scheme: the relative form has none.
markChars(':', pathBit | queryBit);
markChars('%/?', queryBit);

const slashCode = 47;
const dotCode = 46;
const questionCode = 63;
const percentCode = 37;

/** Whether a `.` or `..` segment starts at `at` (followed by `/`, `?` or the end). */
function isDotSegment(url: string, at: number): boolean {
  if (charCodeAt(url, at) !== dotCode) return false;
  const next = charCodeAt(url, at + 1) === dotCode ? at + 2 : at + 1;
  if (next >= url.length) return true;
  const code = charCodeAt(url, next);
  return code === slashCode || code === questionCode;
}

/** Whether `url` from `from` on is only segments of `allowed` characters (see above), a query after the first `?`. */
function isSimpleFrom(url: string, from: number, allowed: number): boolean {
  const length = url.length;
  for (let index = from; index < length; index++) {
    const code = charCodeAt(url, index);
    // Most characters are plain ones of the class (`/`, `?` and `%` are not): one table read, before the special ones.
    if (code < 128 && (charClasses[code]! & allowed) !== 0) continue;
    if (code === slashCode) {
      if (isDotSegment(url, index + 1)) return false;
    } else if (code === questionCode) {
      return isSimpleQuery(url, index + 1);
    } else if (code === percentCode) {
      if (charCodeAt(url, index + 1) === 50 && (charCodeAt(url, index + 2) | 0x20) === 101) return false; // `%2e`
    } else {
      return false;
    }
  }
  return true;
}

function isSimpleQuery(url: string, from: number): boolean {
  const length = url.length;
  for (let index = from; index < length; index++) {
    const code = charCodeAt(url, index);
    if (code >= 128 || (charClasses[code]! & queryBit) === 0) return false;
  }
  return true;
}

/** An absolute path (from its `/` at `from`), and its query, that the parser prints unchanged. */
function isSimplePath(url: string, from = 0): boolean {
  return charCodeAt(url, from) === slashCode && isSimpleFrom(url, from, pathBit);
}

/** A relative path (not empty, no `:`), and its query, that the parser appends to the base's directory unchanged. */
function isSimpleRelative(url: string): boolean {
  if (url.length === 0 || isDotSegment(url, 0)) return false;
  const first = charCodeAt(url, 0);
  // The first segment is not empty: no leading `/` or `?`.
  return first !== slashCode && first !== questionCode && isSimpleFrom(url, 0, relativeBit);
}

/** `http://` or `https://` length for a URL starting with either, else 0. */
function schemeLength(url: string): number {
  if (startsWith(url, 'https://')) return 8;
  if (startsWith(url, 'http://')) return 7;
  return 0;
}

/** Splits `url` at its first `?` into the part before it and the query (null when there is none). */
function splitQuery(url: string): [string, string | null] {
  const mark = indexOf(url, '?');
  return mark === -1 ? [url, null] : [slice(url, 0, mark), slice(url, mark + 1)];
}

/** Where the origin of an absolute URL the parser would print unchanged ends (its path's `/`), else -1. */
function simpleOriginEnd(url: string): number {
  const scheme = schemeLength(url);
  if (scheme === 0) return -1;
  const slash = indexOf(url, '/', scheme);
  if (slash === -1 || !isSimpleHost(url, scheme, slash) || !isSimplePath(url, slash)) return -1;
  return slash;
}

/** The last URL {@link simpleOrigin} read, and its answer (a memo of a pure function): the rules ask again and again for the page's base. */
let lastOriginOf: string | null = null;
let lastOrigin: string | null = null;

/** The origin (`https://host`) of an absolute URL the parser would print unchanged, else null. */
function simpleOrigin(url: string): string | null {
  if (url === lastOriginOf) return lastOrigin;
  const end = simpleOriginEnd(url);
  lastOrigin = end === -1 ? null : slice(url, 0, end);
  lastOriginOf = url;
  return lastOrigin;
}

/** `new URL(value, base).href` when it is known without parsing (see above), else undefined. */
function resolveSimply(value: string, base: string, baseOrigin: string | null = simpleOrigin(base)): string | undefined {
  // The parser also checks the base when the value is absolute (an invalid base throws), so both are checked.
  const origin = baseOrigin;
  if (origin === null) return undefined;
  if (schemeLength(value) !== 0) return simpleOriginEnd(value) === -1 ? undefined : value;
  // `#` is in none of the simple forms; `:` only in an absolute path or a query (a relative `a:b` may be a scheme).
  const first = charCodeAt(value, 0);
  if (first === slashCode) return charCodeAt(value, 1) === slashCode || !isSimplePath(value) ? undefined : origin + value;
  if (indexOf(value, ':') !== -1) return undefined;
  if (!isSimpleRelative(value)) return undefined;
  const basePath = splitQuery(base)[0];
  return basePath.slice(0, basePath.lastIndexOf('/') + 1) + value;
}

/** `new URL(value, base).href` (throwing as it throws), without parsing when the answer is known (see above). */
export function resolveHref(value: string, base: string): string {
  return resolveSimply(value, base) ?? new URL(value, base).href;
}

/** `new URL(url).pathname`, without parsing when `url` is already in the parser's form (throws as it throws). */
export function pathnameOf(url: string): string {
  const origin = simpleOrigin(url);
  if (origin === null) return new URL(url).pathname;
  return splitQuery(url.slice(origin.length))[0];
}

/**
 * `pathnameOf(resolveHref(value, base))` (throwing as they throw), the path of a simple absolute URL
 * or absolute path read in place, without building the URL and reading it again.
 */
export function resolvedPathname(value: string, base: string): string {
  if (simpleOrigin(base) !== null) {
    if (schemeLength(value) !== 0) {
      const end = simpleOriginEnd(value);
      if (end !== -1) return pathBeforeQuery(value, end);
    } else if (charCodeAt(value, 0) === slashCode && charCodeAt(value, 1) !== slashCode && isSimplePath(value)) {
      return pathBeforeQuery(value, 0);
    }
  }
  return pathnameOf(resolveHref(value, base));
}

/** `url` from `start` to its first `?` after it (or its end). */
function pathBeforeQuery(url: string, start: number): string {
  const mark = indexOf(url, '?', start);
  return slice(url, start, mark === -1 ? url.length : mark);
}

/**
 * Makes `value` an absolute http(s) URL against `baseUrl`, or returns `null`: empty values, bare
 * fragments (`#`, `#top`: they point back at the page itself), unparsable values and every other
 * scheme (`javascript:`, `data:`, `mailto:`, `blob:`…) are dropped. A protocol-relative
 * `//cdn.example/x.png` takes the base's scheme, so an https page yields https URLs (spec §4.1 rule 8).
 * @example absoluteUrl('../a.png', 'https://example.com/b/c/') // 'https://example.com/b/a.png'
 */
export function absoluteUrl(value: string, baseUrl: string): string | null {
  return resolveAbsolute(value, baseUrl, simpleOrigin(baseUrl));
}

/** {@link absoluteUrl} with the base's {@link simpleOrigin} computed once by the caller. */
function resolveAbsolute(value: string, baseUrl: string, baseOrigin: string | null): string | null {
  const trimmed = trim(value);
  if (trimmed === '' || charCodeAt(trimmed, 0) === 35) return null; // `#`
  const simple = resolveSimply(trimmed, baseUrl, baseOrigin);
  if (simple !== undefined) return simple;
  let url: URL;
  try {
    url = new URL(trimmed, baseUrl);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

/**
 * The base for relative URLs: `<base href>` resolved against the page URL when that yields an http(s)
 * URL, else the page URL.
 * @example documentBase('/static/', 'https://example.com/a/b') // 'https://example.com/static/'
 */
export function documentBase(baseHref: string | null, pageUrl: string): string {
  if (baseHref === null) return pageUrl;
  return absoluteUrl(baseHref, pageUrl) ?? pageUrl;
}

/**
 * Resolves `url` and every media candidate against `baseUrl` (see {@link absoluteUrl}), drops the
 * ones that are not http(s), and removes duplicates that appear after resolution, keeping the first
 * (best) position. Text fields are returned unchanged. Pure: the input is not modified.
 * @example resolveUrls({...candidates, image: ['/a.png', 'https://x.test/a.png']}, 'https://x.test/')
 * // image: ['https://x.test/a.png']
 */
export function resolveUrls(candidates: Candidates, baseUrl: string): Candidates {
  const baseOrigin = simpleOrigin(baseUrl);
  const resolved: Candidates = {
    ...candidates,
    url: candidates.url === null ? null : resolveAbsolute(candidates.url, baseUrl, baseOrigin),
  };
  for (const field of mediaFields) resolved[field] = resolveList(candidates[field], baseUrl, baseOrigin);
  return resolved;
}

/** The URLs of a media field resolved, the first of each kept (most pages give a field no or one candidate: no set for those). */
function resolveList(list: readonly string[], baseUrl: string, baseOrigin: string | null): string[] {
  if (list.length <= 1) {
    const url = list.length === 0 ? null : resolveAbsolute(list[0]!, baseUrl, baseOrigin);
    return url === null ? [] : [url];
  }
  const seen = new UniqueStrings();
  for (const candidate of list) {
    const url = resolveAbsolute(candidate, baseUrl, baseOrigin);
    if (url !== null) seen.add(url);
  }
  return seen.values;
}
