import {dereference, jsonldNodes, linksByRel, mainNodes, names, urls, type JsonldNode} from './query.js';
import {logoAltName, siteNames, siteOrganizations, titleSuffix, websiteTypes} from './publisher-sources.js';
import {meta, microdata, named, type Rule} from './rule-kit.js';

/*
 * The rules of the brand fields (publisher, logo), each list in priority order. rules.ts assembles
 * them into the rule table.
 */

/** `publisher.name` of the main nodes, then of any other node (a WebSite's publisher), as the service's `$jsonld('publisher.name')`. */
const jsonldPublisher = named('jsonld(publisher.name)', (snapshot) => {
  const main = mainNodes(snapshot);
  return [...main, ...snapshot.jsonld.filter((node) => !main.includes(node))].flatMap((node) => names(snapshot, node.publisher));
});
const jsonldLogo = named('jsonld(logo)', (snapshot) => [
  ...mainNodes(snapshot).flatMap((node) => {
    const publisher = dereference(snapshot, node.publisher);
    return publisher !== null && typeof publisher === 'object' && !Array.isArray(publisher)
      ? urls(snapshot, (publisher as JsonldNode).logo)
      : [];
  }),
  ...siteOrganizations(snapshot).flatMap((node) => urls(snapshot, node.logo)),
  ...jsonldNodes(snapshot, websiteTypes).flatMap((node) => {
    const publisher = dereference(snapshot, node.publisher);
    return publisher !== null && typeof publisher === 'object' && !Array.isArray(publisher)
      ? urls(snapshot, (publisher as JsonldNode).logo)
      : [];
  }),
]);
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
/**
 * Where the publisher is read, in priority order: the service's order (MICROLINK.md §1.3, JSON-LD
 * publisher first), with microdata, Dublin Core and the JSON-LD site names fitted in where the
 * page states its publisher explicitly, before the guesses from the logo and the title. There is
 * no domain fallback: the service has none for an HTML page, and a domain is no brand name.
 */
export const publisherRules: Rule[] = [
  jsonldPublisher,
  meta('og:site_name'),
  microdata('name', 'publisher'),
  microdata('publisher', null),
  meta('dc.publisher', 'dcterms.publisher'),
  meta('application-name', 'apple-mobile-web-app-title', 'og:app_name', 'al:ios:app_name', 'al:android:app_name'),
  meta('publisher'),
  named('jsonld(WebSite.name, Organization.name)', siteNames),
  meta('twitter:app:name:iphone', 'twitter:app:name:ipad', 'twitter:app:name:googleplay'),
  named('document(logo img alt)', logoAltName),
  named('document(title suffix)', (snapshot, context) => titleSuffix(snapshot.title, context.url)),
];

/** Where the logo is read, in priority order (every candidate is kept; ping picks the first that answers). */
export const logoRules: Rule[] = [
  jsonldLogo,
  microdata('url', 'publisher.logo'),
  microdata('logo', 'publisher'),
  microdata('url', 'logo'),
  microdata('logo', null),
  meta('og:logo'),
  icons,
  named('origin(/favicon.ico)', (_snapshot, context) => new URL('/favicon.ico', context.url).href),
];
