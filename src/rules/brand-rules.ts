import {isWebManifestUrl} from '../shared/web-manifest-url.js';
import {fileExtension, pathEnd} from '../parse/audio-links.js';
import type {LinkTag, Snapshot} from '../parse/parse-html.js';
import {addUrls, dereference, hasRel, items, jsonldNodes, linksWithRel, mainNodes, names, perCall, urlKeys, type JsonldNode} from './query.js';
import {logoAltName, siteNames, siteOrganizations, titlePrefix, titleSuffix, websiteTypes} from './publisher-sources.js';
import {meta, microdata, named, type Rule} from './rule-kit.js';
import {platformNamesLast} from './platform-names.js';
import {resolveHref} from './resolve-urls.js';
import {charCodeAt, trim} from '../parse/chars.js';

/*
 * The rules of the brand fields (publisher, logo), each list in priority order. rules.ts assembles
 * them into the rule table.
 */

/** `publisher.name` of the main nodes, then of any other node (a WebSite's publisher), as the service's `$jsonld('publisher.name')`. */
const jsonldPublisher = named('jsonld(publisher.name)', (snapshot) => {
  const main = mainNodes(snapshot);
  return [...main, ...snapshot.jsonld.filter((node) => !main.includes(node))].flatMap((node) => names(snapshot, node.publisher));
});
/** A declared pixel size: `600`, `"600"`, `"600px"`, a QuantitativeValue `{"value": 600}`. */
function pixels(value: unknown): number | null {
  const raw = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonldNode).value : value;
  const number = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number.parseFloat(raw) : Number.NaN;
  return Number.isFinite(number) && number > 0 ? number : null;
}

interface LogoValue { url: string; square: boolean }

/** The logo URLs of a JSON-LD value, each with whether it may be square (not declared otherwise), appended to `out`. */
function addLogoValues(snapshot: Snapshot, value: unknown, out: LogoValue[]): void {
  for (const item of items(value)) {
    const resolved = dereference(snapshot, item);
    let square = true;
    if (resolved !== null && typeof resolved === 'object' && !Array.isArray(resolved)) {
      const node = resolved as JsonldNode;
      const width = pixels(node.width);
      const height = pixels(node.height);
      square = width === null || height === null || width === height;
    }
    const found: string[] = [];
    addUrls(snapshot, resolved, urlKeys, found);
    for (const url of found) out.push({url, square});
  }
}

function addPublisherLogos(snapshot: Snapshot, node: JsonldNode, out: LogoValue[]): void {
  const publisher = dereference(snapshot, node.publisher);
  if (publisher !== null && typeof publisher === 'object' && !Array.isArray(publisher)) addLogoValues(snapshot, (publisher as JsonldNode).logo, out);
}

/**
 * Publisher logos of the main nodes, the site's Organization logos, then a WebSite's publisher logo.
 * Computed once per pickFields call: the square and the wide logo rules both read them.
 */
function jsonldLogos(snapshot: Snapshot): readonly LogoValue[] {
  return perCall(snapshot, collectJsonldLogos);
}

function collectJsonldLogos(snapshot: Snapshot): LogoValue[] {
  const out: LogoValue[] = [];
  if (snapshot.jsonld.length === 0) return out;
  for (const node of mainNodes(snapshot)) addPublisherLogos(snapshot, node, out);
  for (const node of siteOrganizations(snapshot)) addLogoValues(snapshot, node.logo, out);
  for (const node of jsonldNodes(snapshot, websiteTypes)) addPublisherLogos(snapshot, node, out);
  return out;
}

/** The URLs of the JSON-LD logos that may be square (`square`), or of those declared otherwise. */
function jsonldLogoUrls(snapshot: Snapshot, square: boolean): string[] {
  const out: string[] = [];
  for (const logo of jsonldLogos(snapshot)) if (logo.square === square) out.push(logo.url);
  return out;
}

/** The JSON-LD logos not declared non-square (the service takes a JSON-LD logo only when width = height). */
const jsonldLogo = named('jsonld(logo)', (snapshot) => jsonldLogoUrls(snapshot, true));
/** A wordmark declared wider than tall (`600×60`, Google's AMP publisher logo): a last resort. */
const wideJsonldLogo = named('jsonld(logo) not square', (snapshot) => jsonldLogoUrls(snapshot, false));

/**
 * The largest square side an icon declares (`"32x32 192x192"` → 192, `"310x150"` → 0), Infinity for
 * an SVG (by `type` or extension), and whether a size is declared (`sizes="any"` on a bitmap is not).
 */
const bitmapExtensions: ReadonlySet<string> = new Set(['ico', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);

/** `svg` anywhere in a `type`, any case (as its lowercase holding `svg`: no other character lowercases to those letters). */
const svgType = /svg/i;

/** Whether a URL's path ends in `.svg`, any case (`fileExtension(url) === 'svg'`, read in place). */
function hasSvgExtension(url: string): boolean {
  const end = pathEnd(url);
  return charCodeAt(url, end - 4) === 46 && (charCodeAt(url, end - 3) | 0x20) === 115 && (charCodeAt(url, end - 2) | 0x20) === 118 && (charCodeAt(url, end - 1) | 0x20) === 103;
}

function iconSize(tag: LinkTag): {size: number; declared: boolean} {
  // An SVG scales to any size; `sizes="any"` on an .ico or a PNG (a trick to steer Chrome to the SVG) does not.
  const scalable = (tag.type !== undefined && svgType.test(tag.type)) || hasSvgExtension(tag.href);
  if (scalable) return {size: Number.POSITIVE_INFINITY, declared: true};
  const sizes = tag.sizes;
  if (sizes === undefined || trim(sizes) === '') return {size: 0, declared: false};
  // `180x180`, `16x16 32x32`: read in place; anything else (`any`, tabs, `32x32x2`…) is split as tokens.
  const plain = plainSquareSize(sizes);
  if (plain !== undefined) return {size: plain, declared: true};
  let largest = 0;
  for (const token of sizes.toLowerCase().split(/\s+/)) {
    if (token === 'any') continue;
    const [width, height] = token.split('x').map(Number);
    if (width !== undefined && height !== undefined && Number.isFinite(width) && width === height) largest = Math.max(largest, width);
  }
  if (largest === 0 && /(^|\s)any(\s|$)/i.test(sizes)) {
    return bitmapExtensions.has(fileExtension(tag.href)) ? {size: 0, declared: false} : {size: Number.POSITIVE_INFINITY, declared: true};
  }
  return {size: largest, declared: true};
}

/** At most this many digits are read in place (beyond, a double may round differently from Number). */
const maxPlainDigits = 15;

/**
 * The largest square side of a `sizes` made only of `<digits>x<digits>` tokens (`X` too) between
 * spaces (0 when none is square), as the token split below reads it; `undefined` for any other form.
 */
function plainSquareSize(sizes: string): number | undefined {
  let largest = 0;
  let index = 0;
  const length = sizes.length;
  while (index < length) {
    if (charCodeAt(sizes, index) === 32) {
      index++;
      continue;
    }
    const widthStart = index;
    let width = 0;
    for (let code = charCodeAt(sizes, index); code >= 48 && code <= 57; code = charCodeAt(sizes, ++index)) width = width * 10 + code - 48;
    if (index === widthStart || index - widthStart > maxPlainDigits || (charCodeAt(sizes, index) | 0x20) !== 120) return undefined; // `x`
    const heightStart = ++index;
    let height = 0;
    for (let code = charCodeAt(sizes, index); code >= 48 && code <= 57; code = charCodeAt(sizes, ++index)) height = height * 10 + code - 48;
    if (index === heightStart || index - heightStart > maxPlainDigits || (index < length && charCodeAt(sizes, index) !== 32)) return undefined;
    if (width === height && width > largest) largest = width;
  }
  return largest;
}

/** Icons declared at least this large (px) rank before the web app manifest's icons. */
export const largeIconSize = 120;

const touchRels = ['apple-touch-icon', 'apple-touch-icon-precomposed'];
const iconRels = ['icon', ...touchRels];
const manifestRels = ['manifest'];

interface RankedIcon { href: string; size: number; declared: boolean; touch: boolean }

/** The hrefs of the icons that pass `keep`, in their rank order. */
function hrefsOf(ranked: readonly RankedIcon[], keep: (icon: RankedIcon) => boolean, out: string[]): void {
  for (const icon of ranked) if (keep(icon)) out.push(icon.href);
}

/**
 * The page's icons ranked as a brand mark: declared square sizes of at least {@link largeIconSize}
 * (and `any`, an SVG) biggest first, the apple-touch-icon first on ties; then an apple-touch-icon
 * without sizes (180 px by Apple's convention); then the web app manifest (ping reads its icons
 * there); then the smaller or non-square declared icons, biggest first; then icons without sizes.
 */
const icons = named('link(apple-touch-icon, icon, manifest) ranked', (snapshot) => {
  const ranked: RankedIcon[] = [];
  for (const tag of linksWithRel(snapshot, iconRels)) {
    const {size, declared} = iconSize(tag);
    ranked.push({href: tag.href, size, declared, touch: hasRel(tag, touchRels)});
  }
  // A stable sort: equal icons keep their document order.
  if (ranked.length > 1) ranked.sort((a, b) => b.size - a.size || Number(b.touch) - Number(a.touch));
  const out: string[] = [];
  hrefsOf(ranked, (icon) => icon.size >= largeIconSize, out);
  hrefsOf(ranked, (icon) => !icon.declared && icon.touch, out);
  const manifest = linksWithRel(snapshot, manifestRels).find((tag) => isWebManifestUrl(tag.href));
  if (manifest !== undefined) out.push(manifest.href);
  hrefsOf(ranked, (icon) => icon.declared && icon.size < largeIconSize, out);
  hrefsOf(ranked, (icon) => !icon.declared && !icon.touch, out);
  return out;
});
/**
 * Where the publisher is read, in priority order: the service's order (MICROLINK.md §1.3, JSON-LD
 * publisher first), with microdata, Dublin Core and the JSON-LD site names fitted in where the
 * page states its publisher explicitly, before the guesses from the logo and the title. There is
 * no domain fallback: the service has none for an HTML page, and a domain is no brand name. A
 * platform's name (`Blogger`, `WordPress.com`) comes after every other source (platform-names.ts).
 */
export const publisherRules: Rule[] = platformNamesLast([
  jsonldPublisher,
  meta('og:site_name'),
  microdata('name', 'publisher'),
  microdata('publisher', null),
  meta('dc.publisher', 'dcterms.publisher', 'dc:publisher', 'dcterms:publisher'),
  meta('application-name', 'apple-mobile-web-app-title', 'og:app_name', 'al:ios:app_name', 'al:android:app_name'),
  meta('publisher'),
  named('jsonld(WebSite.name, Organization.name)', siteNames),
  meta('twitter:app:name:iphone', 'twitter:app:name:ipad', 'twitter:app:name:googleplay'),
  named('document(logo img alt)', logoAltName),
  named('document(title suffix)', (snapshot, context) => titleSuffix(snapshot.title, context.url)),
  named('document(title prefix)', (snapshot, context) => titlePrefix(snapshot.title, context.url)),
]);

/**
 * Where the logo is read, in priority order (every candidate is kept; ping picks the first that
 * answers): the page's declared logos in the service's order (og:logo, microdata, JSON-LD), then its
 * icons ranked as a brand mark (see `icons`, the web app manifest's among them), `/favicon.ico`, and
 * last a JSON-LD logo declared wider than tall.
 */
export const logoRules: Rule[] = [
  meta('og:logo'),
  microdata('url', 'publisher.logo'),
  microdata('logo', 'publisher'),
  microdata('url', 'logo'),
  microdata('logo', null),
  jsonldLogo,
  icons,
  named('origin(/favicon.ico)', (_snapshot, context) => resolveHref('/favicon.ico', context.url)),
  wideJsonldLogo,
];
