import type {Snapshot} from '../parse/snapshot.js';
import {absoluteHttpUrl} from './scripts.js';
import {setSize, sizePairs, type Size} from './size.js';

/** An oEmbed endpoint the page names in a discovery `<link>`. */
export interface DiscoveredEndpoint {
  /** Absolute http(s) URL, as the page gives it (it already carries `url=` and usually `format=`). */
  url: string;
  format: 'json' | 'xml';
}

// A Map, not an object literal: a `type="constructor"` must not find Object.prototype's.
const discoveryTypes: ReadonlyMap<string, DiscoveredEndpoint['format']> = new Map([
  ['application/json+oembed', 'json'],
  ['text/xml+oembed', 'xml'],
  // Not in the spec, but some sites write it.
  ['application/xml+oembed', 'xml'],
]);

/**
 * The page's oEmbed discovery link: the first `<link rel="alternate" type="application/json+oembed">`,
 * else the first `text/xml+oembed` one, with `href` resolved against the document base (`<base href>`,
 * else `pageUrl`). Links that do not resolve to http(s) are skipped. Pure; never throws.
 * @returns The endpoint, or `null` when the page names none.
 */
export function discoverEndpoint(snapshot: Snapshot, pageUrl: string): DiscoveredEndpoint | null {
  const base = (snapshot.baseHref !== null && absoluteHttpUrl(snapshot.baseHref, pageUrl)) || pageUrl;
  let xml: DiscoveredEndpoint | null = null;
  for (const link of snapshot.links) {
    if (!link.rel.split(' ').includes('alternate') || link.type === undefined) continue;
    const format = discoveryTypes.get(link.type.split(';')[0]?.trim().toLowerCase() ?? '');
    if (format === undefined) continue;
    const url = absoluteHttpUrl(link.href, base);
    if (url === null) continue;
    if (format === 'json') return {url, format};
    xml ??= {url, format};
  }
  return xml;
}

/**
 * The request URL for a discovered endpoint: its `href` with `maxwidth`/`maxheight` added. The
 * href's own query is kept byte for byte (it is the page's, with the page's `url=` encoding), unless
 * it already has a size, which is then replaced.
 * @example discoveryRequestUrl('https://p.test/o?url=x&format=json', {maxWidth: 350}) // 'https://p.test/o?url=x&format=json&maxwidth=350'
 */
export function discoveryRequestUrl(href: string, size: Size): string {
  const url = new URL(href);
  const pairs = sizePairs(size);
  if (pairs.length === 0) return url.href;
  if (pairs.some(([name]) => url.searchParams.has(name))) {
    setSize(url, size);
    return url.href;
  }
  const extra = pairs.map(([name, value]) => `${name}=${value}`).join('&');
  url.search = url.search === '' || url.search === '?' ? `?${extra}` : `${url.search}&${extra}`;
  return url.href;
}
