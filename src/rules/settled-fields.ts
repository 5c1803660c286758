import type {MediaField} from '../data.js';
import {parseHtml} from '../parse/parse-html.js';
import type {Snapshot} from '../parse/snapshot.js';
import type {Page} from '../shared/page.js';
import {metaFields, type MetaField} from './meta.js';
import type {Rule, RuleTable} from './rule-kit.js';
import {queryCache} from './query.js';
import {pickFields, pickTableFields, rules} from './rules.js';
import {defaultSiteIndex} from './sites/index.js';
import {siteFor, siteIndex, type SiteIndex} from './sites/site-index.js';
import type {SiteRules} from './sites/site.js';
import {mayStatePrice} from './price-rules.js';

/**
 * What a snapshot read from the first part of a page holds, for the early stop (docs/fetching.md,
 * "Stopping early"): the `<head>` closed, and perhaps some of the body.
 *
 * Parts the rest of the page cannot change: `lang` (`<html lang>` comes before the head), and the
 * first `<title>` once one was seen. A `<base href>` still to come would move relative URLs only:
 * a relative URL value is not settled without one.
 */
function fixed(snapshot: Snapshot, part: PropertyKey): boolean {
  // `baseHref` only moves relative URLs (every rule run reads it for its context): checked on the value.
  if (part === 'lang' || part === 'baseHref') return true;
  return part === 'title' && snapshot.title !== null;
}

/**
 * Head tags: `<meta>` and `<link>` are kept in document order and a rule takes them in that order,
 * so a value one of them gave stays the first whatever the body adds after it. Anything else
 * (JSON-LD, microdata, `<time>`, headings, paragraphs, images, bylines…) may still come in the body,
 * and its rules choose among what they find (an article node over a page node), not the first.
 */
const headTags: ReadonlySet<PropertyKey> = new Set(['metas', 'links']);

const mediaFields: ReadonlySet<MetaField> = new Set<MediaField>(['image', 'logo', 'video', 'audio']);
// Fields whose value is a URL: a `<base href>` still to come in the body would move a relative one.
const urlFields: ReadonlySet<MetaField> = new Set<MetaField>(['url', 'image', 'logo', 'video', 'audio']);

/** A field's rules in the order {@link pickFields} tries them on a page of `site` (as runSiteRules merges them). */
function rulesOf(field: MetaField, table: RuleTable, site: SiteRules | null): Rule[] {
  const own = site?.rules ?? {};
  const first = field === 'date' ? [...(own.date ?? []), ...(own.datePublished ?? []), ...(own.dateModified ?? [])] : (own[field] ?? []);
  return [...first, ...table[field]];
}

const emptyTable = (): RuleTable => Object.fromEntries(Object.keys(rules).map((field) => [field, []])) as unknown as RuleTable;

/**
 * The fields of `fields` whose value the rest of the page could still change, judged on the snapshot
 * of its first part (`</head>` or `<body>` seen). A field is settled when the rule that gave its
 * value read only head tags and fixed parts, and every rule before it (which found nothing) read only
 * fixed parts: then no body content can give an earlier rule a value or change the winner's. The
 * parts each rule reads are recorded as it runs, so site rules and changed rule lists are judged as
 * they are. A media field checked by ping (`pinged`) is never settled: when its first candidate does
 * not load, the next one, perhaps from the body, wins.
 * Uses linkpeek's own rules (`table`, default {@link rules}; the site rules of `sites`).
 */
export function unsettledFields(
  snapshot: Snapshot,
  page: Pick<Page, 'url' | 'headers'>,
  fields: readonly MetaField[],
  pinged: (field: MediaField) => boolean,
  table: RuleTable = rules,
  sites: SiteIndex | null = defaultSiteIndex,
): MetaField[] {
  const settled = fieldSettled(snapshot, page, pinged, table, sites);
  return fields.filter((field) => !settled(field));
}

/** {@link unsettledFields} as one field's answer, for a caller that stops at the first open field. */
function fieldSettled(
  snapshot: Snapshot,
  page: Pick<Page, 'url' | 'headers'>,
  pinged: (field: MediaField) => boolean,
  table: RuleTable,
  sites: SiteIndex | null,
): (field: MetaField) => boolean {
  const site = sites === null ? null : siteFor(sites, page.url);
  // The site's refused values still apply, with its own rules taken out (they are tried one by one).
  const refusing = site ? siteIndex([{...site, rules: {}}]) : null;
  return (field) => !open(field);
  function open(field: MetaField): boolean {
    if (mediaFields.has(field) && pinged(field as MediaField)) return true;
    for (const rule of rulesOf(field, table, site)) {
      const read = new Set<PropertyKey>();
      const tracked = new Proxy(snapshot, {
        get(target, part, receiver) {
          // The rules' per-call cache is no part of the page.
          if (part !== queryCache) read.add(part);
          return Reflect.get(target, part, receiver);
        },
      });
      const one = emptyTable();
      one[field] = [rule];
      const found = pickTableFields(tracked, page, one, refusing, false)[field];
      const value = Array.isArray(found) ? found[0] : found;
      const parts = [...read];
      if (value === null || value === undefined) {
        // Nothing yet: settled only if the body cannot give this rule anything.
        if (parts.every((part) => fixed(snapshot, part))) continue;
        return true;
      }
      if (!parts.every((part) => fixed(snapshot, part) || headTags.has(part))) return true;
      // A relative URL with no `<base href>` yet: one in the body would move it.
      return urlFields.has(field) && snapshot.baseHref === null && !URL.canParse(value.trim());
    }
    // No rule can give a value: the body cannot either.
    return false;
  }
}

/**
 * Whether `data.price` cannot change with the rest of the body: the head says nothing of a product
 * (no `og:type` product, no price metas, no JSON-LD Product) and the page's site has no price rule
 * of its own (Amazon's buy box is in the body). A product page is read whole: its offers may be in
 * the body's JSON-LD or microdata, and another product there would make it a listing.
 */
function priceSettled(snapshot: Snapshot, page: Pick<Page, 'url'>, sites: SiteIndex | null): boolean {
  if (sites !== null && siteFor(sites, page.url)?.price !== undefined) return false;
  return !mayStatePrice(snapshot);
}

/** What {@link settledCheck} reads of a call. */
export interface SettledRequest {
  /** Custom data rules, when given (they force a full read). */
  data?: unknown;
  /** The iframe option, when on (it forces a full read). */
  iframe?: unknown;
  meta: Readonly<Record<MetaField, boolean>>;
  ping: Readonly<Record<MediaField, boolean>>;
}

/** The answer whose first part a {@link settledCheck} judges. */
export type SettledPage = Pick<Page, 'url' | 'statusCode' | 'headers' | 'redirects'>;

/** How the call's other readers of the page judge its first part. */
export interface SettledContext {
  /** Whether linkpeek's own `parseHtml` and `pickFields` read the page (see {@link isOwnStage}). */
  ownRules: boolean;
  /** The call's site rules (the config's `siteIndex`). */
  sites: SiteIndex | null;
  /** Whether the wall check of the page cannot change with the rest of its body (walls/wall-settled). */
  wallSettled: (page: SettledPage & {html: string}, snapshot: Snapshot) => boolean;
  /** `prerender: 'auto'` with a browser that can render: the body's shell signs would be read. */
  mayRender: boolean;
}

/**
 * The early stop of one call (docs/fetching.md, "Stopping early"): the check a fetch asks once the
 * page's `<head>` closed, `true` when the rest of the body cannot change the result, so it is not
 * read. `undefined` when the call always reads the whole body: custom `data` rules (they may select
 * anything in the body), `iframe` (read from the whole page), or replaced `parseHtml`/`pickFields`
 * stages (the check judges linkpeek's own rules).
 * Otherwise the check says `true` when every field asked for is settled ({@link unsettledFields}),
 * no wall row could read the body, and, when the page may be rendered, title, description and image
 * were found (the body's shell signs are then not read).
 */
export function settledCheck(request: SettledRequest, context: SettledContext): ((html: string, page: SettledPage) => boolean) | undefined {
  if (request.data || request.iframe || !context.ownRules) return undefined;
  const asked = metaFields.filter((field) => request.meta[field]);
  // A media field ping checks is never settled: the call reads the whole body without parsing its
  // head twice. (Other fields are judged on the head: a rule may read JSON-LD only when the head's
  // tags disagree, say.)
  if (asked.some((field) => mediaFields.has(field) && request.ping[field as MediaField])) return undefined;
  return (html, page) => {
    const snapshot = parseHtml(html);
    if (!context.wallSettled({...page, html}, snapshot)) return false;
    if (context.mayRender) {
      const found = pickFields(snapshot, page, rules, context.sites);
      if (!found.title || !found.description || found.image.length === 0) return false;
    }
    // The first open field ends the check.
    return asked.every(fieldSettled(snapshot, page, (field) => request.ping[field], rules, context.sites)) && priceSettled(snapshot, page, context.sites);
  };
}

/**
 * Whether `stage` is linkpeek's `own` function, or a wrapper that only times it (the endpoint's
 * timeStages marks its wrappers with `wraps`).
 */
export function isOwnStage(stage: unknown, own: unknown): boolean {
  return stage === own || (typeof stage === 'function' && (stage as {wraps?: unknown}).wraps === own);
}
