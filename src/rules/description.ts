import type {Snapshot} from '../parse/snapshot.js';
import {cleanText, foldEquals, foldText as fold} from './normalize.js';
import {jsonldNodes, metaContentsOf, perCall, strings} from './query.js';
import {websiteTypes} from './publisher-sources.js';
import {jsonld, meta, microdata, named, type Rule, type RuleContext} from './rule-kit.js';

/*
 * The page's own description from its metadata (issue 28 item 3), when its sources disagree. The
 * hosted service's order stands (og:description, written for the card, first; then
 * twitter:description, JSON-LD, microdata, Dublin Core, `<meta name="description">`), with three
 * exceptions a reader would make: a description cut short (`…from...`) gives way to a whole one that
 * starts the same; the site's tagline (the JSON-LD `WebSite` description, the same on every page)
 * and a description that only repeats the title or the site's name come after every other one
 * (still before the lead paragraph: they are what the page says). Markup a CMS left in a
 * description (`<p>…</p>`) is dropped.
 * Each source stays its own rule, so a site's refused values (a slogan) let the next one answer, and
 * an og:description that the head does not question is read from the head alone (the early stop,
 * rules/settled-fields.ts, can then settle it there).
 */

const titleKeys = ['og:title', 'twitter:title', 'og:site_name'];
const ogKeys = ['og:description'];
const otherHeadKeys = ['twitter:description', 'description', 'dc.description', 'dcterms.description', 'dcterms.abstract'];
// `…from...`, `…from…`, `…from […]`.
const cutShort = /\s*\[?(?:\.{3}|…)\]?$/;

/** A rule's values, cleaned, without empties; a rule that throws gives none. */
function valuesOf(rule: Rule, snapshot: Snapshot, context: RuleContext): string[] {
  let result: ReturnType<Rule>;
  try {
    result = rule(snapshot, context);
  } catch {
    return [];
  }
  const list = typeof result === 'string' ? [result] : Array.isArray(result) ? result : [];
  return list.map((value) => (typeof value === 'string' ? plainText(value) : null)).filter((value): value is string => value !== null);
}

// A tag written into a description by a CMS (`<p>The crane…</p>`, entities decoded by the parser).
const markup = /<\/?[a-z][a-z\d-]*(?:\s[^<>]*)?\/?>/gi;

/** A description's text: the markup a CMS left in it dropped, whitespace condensed. */
function plainText(value: string): string | null {
  if (!value.includes('<')) return cleanText(value);
  const text = value.replace(markup, ' ');
  // A closing tag before a full stop left a space there: `<b>arrived</b>.`.
  return cleanText(text === value ? value : text.replace(/\s+([.,;:!?])/g, '$1'));
}

/** The page's titles and the site's name: og:title, twitter:title, og:site_name, `<title>`. */
function titlesOf(snapshot: Snapshot): string[] {
  return perCall(snapshot, titlesIn);
}
function titlesIn(snapshot: Snapshot): string[] {
  return [...metaContentsOf(snapshot, titleKeys), ...(snapshot.title === null ? [] : [snapshot.title])];
}

/** The site's taglines: the JSON-LD `WebSite` descriptions. */
function taglinesOf(snapshot: Snapshot): string[] {
  return perCall(snapshot, taglinesIn);
}
function taglinesIn(snapshot: Snapshot): string[] {
  return strings(jsonldNodes(snapshot, websiteTypes), 'description');
}

/** Whether `value` is the title again or the site's tagline: a description of last resort. */
function isDemoted(value: string, snapshot: Snapshot): boolean {
  const same = (other: string) => foldEquals(value, other);
  return foldEquals(value, '') || titlesOf(snapshot).some(same) || taglinesOf(snapshot).some(same);
}

/** The longest value of every source that starts with what `value` kept before its `...` (compared folded), else `value`. */
function wholeOf(value: string, snapshot: Snapshot, context: RuleContext): string {
  const start = fold(value.replace(cutShort, ''));
  let whole = value;
  for (const rule of plainSources) {
    for (const other of valuesOf(rule, snapshot, context)) {
      if (!cutShort.test(other) && other.length > whole.length && fold(other).startsWith(start)) whole = other;
    }
  }
  return whole;
}

/**
 * A description source with the exceptions above: a cut-short value replaced by the whole one, the
 * title repeated and the site's tagline left to {@link demotedDescription}.
 */
function judged(source: Rule): Rule {
  return named(source.name, (snapshot, context) => {
    const out: string[] = [];
    for (const value of valuesOf(source, snapshot, context)) {
      if (isDemoted(value, snapshot)) continue;
      out.push(cutShort.test(value) ? wholeOf(value, snapshot, context) : value);
    }
    return out;
  });
}

/**
 * og:description: when the head's other descriptions, if any, say the same, read from the head alone
 * (neither the title again nor cut short); else judged as the other sources are.
 */
const openGraphDescription = named('meta(og:description)', (snapshot, context) => {
  const list = metaContentsOf(snapshot, ogKeys).map(plainText).filter((value): value is string => value !== null);
  const first = list[0];
  if (first === undefined) return list;
  const agreed = !cutShort.test(first) && !foldEquals(first, '') && !titlesOf(snapshot).some((title) => foldEquals(first, title))
    && metaContentsOf(snapshot, otherHeadKeys).every((value) => foldEquals(value, first));
  return agreed ? list : judgedOpenGraph(snapshot, context);
});

const plainSources: readonly Rule[] = [
  meta('og:description'),
  meta('twitter:description'),
  jsonld('description'),
  microdata('description', null),
  meta('dc.description', 'dcterms.description', 'dcterms.abstract'),
  meta('description'),
];
const judgedOpenGraph = judged(plainSources[0]!);

/** The title repeated or the site's tagline, from any source: what the page says when it says nothing else. */
const demotedDescription = named('description(title repeated, site tagline)', (snapshot, context) =>
  plainSources.flatMap((rule) => valuesOf(rule, snapshot, context)).filter((value) => isDemoted(value, snapshot)));

/** The metadata description rules, in priority order (see above). */
export const metadataDescriptionRules: readonly Rule[] = [
  openGraphDescription,
  ...plainSources.slice(1).map(judged),
  demotedDescription,
];
