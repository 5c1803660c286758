import {getDomainWithoutSuffix} from 'tldts';
import type {Snapshot} from '../parse/parse-html.js';
import {contentTypes, dereference, items, jsonldNodes, jsonldTypes, pageTypes, perCall, type JsonldNode} from './query.js';

/*
 * Publisher sources beyond the page's explicit metadata (issue 12 point 3): the site's JSON-LD
 * WebSite/Organization names (not the organization a page is about), the header logo's `alt`, and
 * the brand after the `<title>`'s last separator.
 */

export const organizationTypes: ReadonlySet<string> = new Set(['Organization', 'NewsMediaOrganization', 'Corporation', 'LocalBusiness', 'OnlineStore', 'Store']);
export const websiteTypes: ReadonlySet<string> = new Set(['WebSite']);

const isNode = (value: unknown): value is JsonldNode => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The names of the page's `WebSite` nodes, then of its `Organization` nodes, leaving out an
 * organization the page is *about*: the `mainEntity`/`about` of a page or content node (a
 * ProfilePage or AboutPage of a company, an article about one), unless a node names it as its
 * `publisher` too (a site's home page is often "about" the organization that publishes it).
 */
export function siteNames(snapshot: Snapshot): string[] {
  const names = (nodes: readonly JsonldNode[]): string[] => nodes.flatMap((node) => items(node.name).filter((name): name is string => typeof name === 'string'));
  return [...names(jsonldNodes(snapshot, websiteTypes)), ...names(siteOrganizations(snapshot))];
}

/**
 * The page's JSON-LD `Organization` nodes (and subtypes), without the one the page is about (see
 * {@link siteNames}): its name is no publisher and its logo no logo of the site.
 */
export function siteOrganizations(snapshot: Snapshot): readonly JsonldNode[] {
  return perCall(snapshot, findSiteOrganizations);
}

function findSiteOrganizations(snapshot: Snapshot): readonly JsonldNode[] {
  const organizations = jsonldNodes(snapshot, organizationTypes);
  if (organizations.length === 0) return organizations;
  const subjects = new Set<unknown>();
  const publishers = new Set<unknown>();
  const addRefs = (target: Set<unknown>, value: unknown): void => {
    for (const item of items(value)) {
      const resolved = dereference(snapshot, item);
      if (!isNode(resolved)) continue;
      target.add(resolved);
      if (typeof resolved['@id'] === 'string') target.add(resolved['@id']);
      if (typeof resolved.name === 'string') target.add(`name:${resolved.name}`);
    }
  };
  for (const node of snapshot.jsonld) {
    addRefs(publishers, node.publisher);
    if (jsonldTypes(node).some((type) => pageTypes.has(type) || contentTypes.has(type))) {
      addRefs(subjects, node.mainEntity);
      addRefs(subjects, node.about);
    }
  }
  const keys = (node: JsonldNode): unknown[] => [node, node['@id'], typeof node.name === 'string' ? `name:${node.name}` : undefined];
  const isSubject = (node: JsonldNode): boolean => keys(node).some((key) => key !== undefined && subjects.has(key))
    && !keys(node).some((key) => key !== undefined && publishers.has(key));
  return organizations.filter((node) => !isSubject(node));
}

/** The header logo's `alt` (see `recordLogoAlt`), without a "logo" word: `Acme logo` → `Acme`. */
export function logoAltName(snapshot: Snapshot): string | null {
  if (snapshot.logoAlt === undefined) return null;
  const name = snapshot.logoAlt
    .replace(/^(?:the\s+)?logo\s+(?:of|for|de|du|der|von|di)\s+/i, '')
    .replace(/^logo\s*[:\-–|]\s*/i, '')
    .replace(/\s*[-–|:]?\s*\blogo(?:\s+(?:image|img|icon))?$/i, '')
    .replace(/'s$/i, '')
    .trim();
  return name === '' || /^(?:home|homepage|logo|go to homepage|back to home)$/i.test(name) ? null : name;
}

/** ` | `, ` – `, ` — `, ` - `, ` :: `, ` : `, ` · `, ` • `, ` » ` with spaces around: a site name follows (or precedes). */
const separator = /\s+(?:\||–|—|-|::|:|·|•|»)\s+/;
/** Lowercase words a brand may contain (`Signal of the Times`, `Jornal da Orla`). */
const connectors: ReadonlySet<string> = new Set([
  'of', 'the', 'and', 'for', 'on', 'in', 'at', 'a', 'an', 'to', 'by', '&', '+', 'de', 'da', 'do', 'das', 'dos', 'del', 'la', 'le', 'les',
  'el', 'los', 'las', 'du', 'des', 'der', 'die', 'das', 'den', 'von', 'van', 'di', 'y', 'e', 'et', 'und',
]);
const questionWords = /^(?:what|why|how|who|when|where|which|watch|see|read|here|is|are|do|does)\b/i;
const sequence = /^(?:page|part|chapter|episode|ep\.?|season|vol\.?|volume|no\.?|step)\s*\d/i;

/** A word written like a name: capitalised, or with a capital or digit inside (`eBay`, `iFixit`, `9to5Mac`). */
const namelike = (word: string): boolean => !/^\p{Ll}/u.test(word) || /[\p{Lu}\d]/u.test(word);

const letters = (text: string): string => text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]/g, '');

/**
 * The site name after the last separator of a `<title>` (`Lighthouse - Wikipedia` → `Wikipedia`,
 * `Ep. 12 | Signal & Noise` → `Signal & Noise`), or `null` when what follows does not look like a
 * brand but like the rest of a headline: more than 5 words or 40 characters, a question or a
 * sentence (`?`, `!`), `Page 2`, lowercase words other than connectors (unless it spells the
 * page's domain: `npm` on npmjs.com), or no shorter than what precedes it.
 */
export function titleSuffix(title: string | null, pageUrl: string): string | null {
  if (title === null) return null;
  const parts = title.split(separator);
  if (parts.length < 2) return null;
  const suffix = parts[parts.length - 1]!.trim();
  const rest = parts.slice(0, -1).join(' ').trim();
  if (suffix === '' || rest === '') return null;
  if (spellsDomain(suffix, pageUrl)) return suffix;
  const words = suffix.split(/\s+/);
  if (words.length > 5 || suffix.length > 40 || suffix.length >= rest.length) return null;
  if (/[?!]$/.test(suffix) || questionWords.test(suffix) || sequence.test(suffix) || /^\d+$/.test(suffix)) return null;
  if (!namelike(words[0]!)) return null;
  return words.every((word) => namelike(word) || connectors.has(word.toLowerCase())) ? suffix : null;
}

/**
 * Whether `name` starts by spelling the page's domain label and is short, as a site's name is
 * (`Coastal Gardeners Forum` on coastalgardeners.example, `Time 4 talks` on time4talks.com): at most
 * 5 words and 40 characters.
 */
export function namesDomain(name: string, pageUrl: string): boolean {
  if (name.length > 40) return false;
  // The domain's letters first: a page whose domain label is short (or none) splits no name.
  const site = domainLetters(pageUrl);
  return site !== null && site.length >= 4 && spaceRuns(name) <= 4 && lettersStartWith(name, site);
}

/** Whether a UTF-16 code is one of the characters `\s` matches. */
export function isSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** The runs of white space in `text` (`text.split(/\s+/).length - 1`, without the array). */
function spaceRuns(text: string): number {
  let runs = 0;
  let inSpace = false;
  for (let index = 0; index < text.length; index++) {
    const space = isSpace(text.charCodeAt(index));
    if (space && !inSpace) runs++;
    inSpace = space;
  }
  return runs;
}

/**
 * `letters(text).startsWith(start)` (`start` made of a-z and 0-9), read letter by letter for ASCII
 * text; text with another character is normalised whole, as {@link letters} does.
 */
function lettersStartWith(text: string, start: string): boolean {
  let matched = 0;
  for (let index = 0; index < text.length && matched < start.length; index++) {
    const c = text.charCodeAt(index);
    if (c >= 128) return letters(text).startsWith(start);
    const lower = c >= 65 && c <= 90 ? c + 32 : c;
    if ((lower >= 97 && lower <= 122) || (lower >= 48 && lower <= 57)) {
      if (lower !== start.charCodeAt(matched)) return false;
      matched++;
    }
  }
  return matched === start.length;
}

/** Whether `text` spells the page's domain label somewhere (`++ ledger.example Blaulicht ++`), a label of at least 5 letters. */
export function mentionsDomain(text: string, pageUrl: string): boolean {
  const site = domainLetters(pageUrl);
  return site !== null && site.length >= 5 && letters(text).includes(site);
}

/** The letters and digits of a URL's domain label (`npmjs.com` → `npmjs`), or `null` without one. */
function domainLetters(pageUrl: string): string | null {
  const label = getDomainWithoutSuffix(pageUrl);
  return label === null ? null : letters(label);
}

/** Whether `name` spells the page's domain label (`Coastal Gardeners Forum` on coastalgardeners.example, `npm` on npmjs.com). */
function spellsDomain(name: string, pageUrl: string): boolean {
  const site = domainLetters(pageUrl);
  if (site === null) return false;
  const compact = letters(name);
  return site.length >= 3 && compact.length >= 3 && (compact.includes(site) || site.startsWith(compact) || (compact.length >= 4 && site.includes(compact)));
}

/**
 * The site name *before* the first separator of a `<title>` (`Coastal Gardeners Forum • View topic -
 * Best hedging plants?`, the phpBB and many forum layouts), only when it spells the page's domain
 * label: a prefix is usually the headline, so nothing weaker is taken.
 */
export function titlePrefix(title: string | null, pageUrl: string): string | null {
  if (title === null) return null;
  const parts = title.split(separator);
  if (parts.length < 2) return null;
  const prefix = parts[0]!.trim();
  return prefix.length <= 40 && prefix.split(/\s+/).length <= 5 && spellsDomain(prefix, pageUrl) ? prefix : null;
}
