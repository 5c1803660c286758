import {createRequire} from 'node:module';
import {setSize, type Size} from './size.js';

/** One endpoint of an {@link OEmbedProvider}, as in oembed-providers' `providers.json`. */
export interface OEmbedEndpoint {
  /** The endpoint URL; `{format}` in it is replaced by `json` (or `xml` when only XML is offered). */
  url: string;
  /** URL patterns this endpoint serves; `*` matches any run of characters (see {@link matchesScheme}). */
  schemes?: string[];
  /** Formats the endpoint answers (`json`, `xml`); absent means both. */
  formats?: string[];
  /** Whether the provider's pages also carry a discovery `<link>`. Informative only. */
  discovery?: boolean;
}

/**
 * An oEmbed provider in the shape of the public registry (iamcal/oembed, npm `oembed-providers`):
 * an entry of `providers.json` can be passed as is.
 */
export interface OEmbedProvider {
  provider_name: string;
  /** The provider's home page. */
  provider_url: string;
  endpoints: OEmbedEndpoint[];
}

/** The registry endpoint found for a page URL. */
export interface RegistryMatch {
  provider: OEmbedProvider;
  endpoint: OEmbedEndpoint;
  /** The endpoint URL to query, `{format}` filled in, before the `url`/`format`/`maxwidth` parameters. */
  url: string;
  /** The format to ask for: `json` unless the endpoint only offers XML. */
  format: 'json' | 'xml';
}

let bundled: readonly OEmbedProvider[] | undefined;

/**
 * The public oEmbed provider registry bundled with linkpeek (npm `oembed-providers`), read from
 * disk on first use and kept: nothing is loaded unless an `iframe` is asked for.
 * @throws Error when the package's `providers.json` is missing or unreadable (a broken install).
 */
export function bundledProviders(): readonly OEmbedProvider[] {
  bundled ??= Object.freeze(createRequire(import.meta.url)('oembed-providers') as OEmbedProvider[]);
  return bundled;
}

/** A scheme split once into a host glob and a path glob (path includes the query). */
interface CompiledScheme {
  host: string;
  path: string;
  provider: OEmbedProvider;
  endpoint: OEmbedEndpoint;
}

// Compiled once per provider list: the bundled one, or a caller's, for as long as it lives.
const compiledLists = new WeakMap<readonly OEmbedProvider[], CompiledScheme[]>();

function compile(providers: readonly OEmbedProvider[]): CompiledScheme[] {
  let compiled = compiledLists.get(providers);
  if (compiled) return compiled;
  compiled = [];
  for (const provider of providers) {
    // A caller's list is trusted config, but a malformed entry is skipped, not a crash per call.
    for (const endpoint of Array.isArray(provider?.endpoints) ? provider.endpoints : []) {
      if (typeof endpoint?.url !== 'string' || !Array.isArray(endpoint.schemes)) continue;
      for (const scheme of endpoint.schemes) {
        const split = splitScheme(scheme);
        if (split) compiled.push({...split, provider, endpoint});
      }
    }
  }
  compiledLists.set(providers, compiled);
  return compiled;
}

// `https://*.youtube.com/watch*` → host `*.youtube.com`, path `/watch*`. Non-web schemes
// (`spotify:*`) can never match a page URL and are skipped.
function splitScheme(scheme: unknown): {host: string; path: string} | null {
  if (typeof scheme !== 'string') return null;
  const match = /^https?:\/\/([^/]+)(.*)$/i.exec(scheme.trim());
  if (!match) return null;
  return {host: (match[1] ?? '').toLowerCase(), path: match[2] || '/'};
}

/**
 * Whether `url` fits one registry scheme. The match is on host and path-with-query only:
 * - `http:` and `https:` are equivalent, and the port is ignored (registry schemes name none);
 * - `*` matches any run of characters (none included); in the host it stays within the host;
 * - a leading `*.` in the host also matches the bare domain (`*.youtube.com` fits `youtube.com`);
 * - the host compares case-insensitively, the path as is; the fragment is ignored.
 * @example matchesScheme('https://*.youtube.com/watch*', new URL('http://youtube.com/watch?v=a')) // true
 */
export function matchesScheme(scheme: string, url: URL): boolean {
  const split = splitScheme(scheme);
  return split !== null && fits(split, url);
}

function fits(scheme: {host: string; path: string}, url: URL): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname;
  const hostFits =
    globMatch(scheme.host, host) || (scheme.host.startsWith('*.') && globMatch(scheme.host.slice(2), host));
  return hostFits && globMatch(scheme.path, url.pathname + url.search);
}

/**
 * Finds the registry endpoint for `pageUrl`: the first provider in `providers` order with a scheme
 * that fits (see {@link matchesScheme}). Put your own entries first to take precedence over the
 * bundled ones. Endpoints whose URL is not a well-formed http(s) URL are skipped.
 * @returns The match, or `null` when no scheme fits or `pageUrl` is not an http(s) URL.
 */
export function findEndpoint(pageUrl: string, providers: readonly OEmbedProvider[] = bundledProviders()): RegistryMatch | null {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  for (const scheme of compile(providers)) {
    if (!fits(scheme, url)) continue;
    const format = offersJson(scheme.endpoint) ? 'json' : 'xml';
    const endpointUrl = scheme.endpoint.url.replaceAll('{format}', format);
    if (!isHttpUrl(endpointUrl)) continue;
    return {provider: scheme.provider, endpoint: scheme.endpoint, url: endpointUrl, format};
  }
  return null;
}

/**
 * The request URL for a registry endpoint: `url`, `format` (unless the endpoint URL had a
 * `{format}` placeholder), `maxwidth` and `maxheight` set on its query.
 * @example registryRequestUrl(findEndpoint('https://youtu.be/x')!, 'https://youtu.be/x', {maxWidth: 350})
 * // 'https://www.youtube.com/oembed?url=https%3A%2F%2Fyoutu.be%2Fx&format=json&maxwidth=350'
 */
export function registryRequestUrl(match: RegistryMatch, pageUrl: string, size: Size): string {
  const url = new URL(match.url);
  url.searchParams.set('url', pageUrl);
  if (!match.endpoint.url.includes('{format}')) url.searchParams.set('format', match.format);
  setSize(url, size);
  return url.href;
}

function isHttpUrl(href: string): boolean {
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function offersJson(endpoint: OEmbedEndpoint): boolean {
  const formats = endpoint.formats;
  return !Array.isArray(formats) || formats.length === 0 || formats.some((format) => String(format).toLowerCase() === 'json');
}

/**
 * Wildcard match of the whole `text` against `pattern` (`*` = any run of characters), in
 * O(pattern × text) at worst: no regular expression, so no pattern can backtrack exponentially.
 */
function globMatch(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = t;
    } else if (p < pattern.length && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (star !== -1) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}
