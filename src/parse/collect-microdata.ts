import {startText} from './collect-text.js';
import type {ParseState} from './state.js';
import {microdataProps} from './snapshot.js';

const maxMicrodata = 200;
/** Nested items whose text-valued properties are recorded; URL and date values are recorded in any item. */
const textScopes: ReadonlySet<string> = new Set(['author', 'creator', 'publisher']);

/**
 * Properties whose value the rules read as text: on an `<a>` (`<a itemprop="headline" href="/story">`,
 * a linked byline) their value is the link's text, not its `href`.
 */
const textValuedProps: ReadonlySet<string> = new Set(['name', 'headline', 'description', 'author', 'creator', 'publisher']);

/** The elements whose microdata value is an attribute, not their text (microdata §5.4). */
export const microdataAttributeTags: readonly string[] = [
  'meta', 'a', 'area', 'link', 'img', 'audio', 'video', 'source', 'embed', 'iframe', 'track', 'object', 'time', 'data', 'meter',
];

/** Attributes whose value is a URL or a machine value rather than text (microdata §5.4). */
function microdataValue(name: string, attribs: Record<string, string>): string | undefined {
  switch (name) {
    case 'meta': return attribs.content;
    case 'a': case 'area': return attribs.href;
    // YouTube names a video's channel with `<link itemprop="name" content="…">` (no href): read its content.
    case 'link': return attribs.href ?? attribs.content;
    case 'img': case 'audio': case 'video': case 'source': case 'embed': case 'iframe': case 'track': return attribs.src;
    case 'object': return attribs.data;
    case 'time': return attribs.datetime;
    case 'data': case 'meter': return attribs.value;
    default: return undefined;
  }
}

/** An offer's properties: read in the page's offer (`offers`) too, and from a `content` attribute on any element (`<span itemprop="price" content="29.99">`). */
const offerProps: ReadonlySet<string> = new Set(['price', 'lowPrice', 'priceCurrency']);

/**
 * Records the values of an element's `itemprop`s that are in {@link microdataProps}; `content` is
 * the element's `content` attribute, read for an offer's properties.
 */
export function recordMicrodata(state: ParseState, name: string, attribs: Record<string, string>, itemprop: string, itemscope: boolean, content?: string): void {
  const microdata = state.snapshot.microdata;
  // An itemprop that opens its own item has the item as value: its properties are recorded with their scope.
  if (itemscope || microdata.length >= maxMicrodata) return;
  const scope = state.scopes.length > 0 ? state.scopes[state.scopes.length - 1]! : null;
  const props = microdataProps.has(itemprop) ? [itemprop] : itemprop.trim().split(/\s+/);
  for (const prop of props) {
    if (!microdataProps.has(prop)) continue;
    const entry = (value: string): void => {
      if (value !== '' && microdata.length < maxMicrodata) {
        microdata.push({prop, value, scope: scope?.path ?? null, type: scope?.type ?? null});
      }
    };
    const offer = offerProps.has(prop);
    const value = name === 'a' && textValuedProps.has(prop) ? undefined : offer && content !== undefined ? content : microdataValue(name, attribs);
    if (value !== undefined) entry(value.trim());
    // Collecting text is the costly part: only for the items the rules read (not e.g. every review).
    else if (name !== 'meta' && name !== 'link' && (scope === null || scope.path === null || textScopes.has(scope.path) || (offer && scope.path === 'offers'))) {
      startText(state.collectors, state.depth, entry);
    }
  }
}

/** Opens the item of an `itemscope` element; nested under an `itemprop`, its path gains that name. */
export function openItemScope(state: ParseState, itemprop: string | undefined, itemtype: string | undefined): void {
  const parent = state.scopes.length > 0 ? state.scopes[state.scopes.length - 1]!.path : null;
  const prop = itemprop === undefined ? null : itemprop.trim().split(/\s+/)[0] || null;
  const path = prop === null ? parent : parent === null ? prop : `${parent}.${prop}`;
  state.scopes.push({depth: state.depth, path, type: itemtype ?? null});
}

/** Closes the items opened deeper than the current depth. */
export function closeItemScopes(state: ParseState): void {
  const {scopes, depth} = state;
  if (scopes.length > 0 && scopes[scopes.length - 1]!.depth > depth) {
    state.scopes = scopes.filter((scope) => scope.depth <= depth);
  }
}
