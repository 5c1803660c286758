import {getDomain} from 'tldts';
import {dereference, jsonldNodes, linksByRel, mainNodes, names, strings, urls, type JsonldNode} from './query.js';
import {meta, microdata, named, type Rule} from './rule-kit.js';

/*
 * The rules of the brand fields (publisher, logo), each list in priority order. rules.ts assembles
 * them into the rule table.
 */

const organizationTypes: ReadonlySet<string> = new Set(['Organization', 'NewsMediaOrganization', 'Corporation', 'LocalBusiness', 'OnlineStore', 'Store']);
const websiteTypes: ReadonlySet<string> = new Set(['WebSite']);
const jsonldPublisher = named('jsonld(publisher.name)', (snapshot) => [
  ...mainNodes(snapshot).flatMap((node) => names(snapshot, node.publisher)),
  ...strings(jsonldNodes(snapshot, websiteTypes), 'name'),
  ...strings(jsonldNodes(snapshot, organizationTypes), 'name'),
]);
const jsonldLogo = named('jsonld(logo)', (snapshot) => [
  ...mainNodes(snapshot).flatMap((node) => {
    const publisher = dereference(snapshot, node.publisher);
    return publisher !== null && typeof publisher === 'object' && !Array.isArray(publisher)
      ? urls(snapshot, (publisher as JsonldNode).logo)
      : [];
  }),
  ...jsonldNodes(snapshot, organizationTypes).flatMap((node) => urls(snapshot, node.logo)),
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
/** Where the publisher is read, in priority order. */
export const publisherRules: Rule[] = [
  meta('og:site_name'),
  jsonldPublisher,
  microdata('name', 'publisher'),
  microdata('publisher', null),
  meta('dc.publisher', 'dcterms.publisher'),
  meta('application-name', 'apple-mobile-web-app-title'),
  meta('publisher'),
  named('domain(url)', (_snapshot, context) => getDomain(context.url)),
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
