import type {Snapshot} from '../parse/snapshot.js';
import {collapse} from '../parse/collect-text.js';
import {mainNodes, metaContentsOf, perCall, strings} from './query.js';

/*
 * A meta value an unescaped quote cut short (issue 33 item 2): `<meta property="og:title" content="Why
 * the "best" bread is slow">` is read, by every HTML parser as by browsers, as `Why the ` (the quote
 * closes the attribute; `best"`, `bread`… are attributes of their own). The page writes the whole text
 * elsewhere, where quotes need no escaping: the JSON-LD headline, `<title>`, `<h1>`, a paragraph. A
 * value that such a text starts with, the text going on with a quote right where the value stops, is
 * that text cut short: the whole text is read instead. Cheap: a few `startsWith` per value.
 */

/** The whole text `value` is a quote-cut start of, among `others` (collapsed: {@link wholeTitles} gives them so), else `value`. */
export function restoreQuoteCut(value: string, others: readonly string[]): string {
  const start = collapse(value);
  if (start === '') return value;
  for (const other of others) {
    if (other.length <= start.length || !other.startsWith(start)) continue;
    // `Why the ` + `"best"…` (the space before the quote stays in the value and is trimmed); `Don` + `'t panic`.
    let at = start.length;
    if (other.charCodeAt(at) === 32) at++;
    const quote = other.charCodeAt(at);
    if (quote === 34 || quote === 39) return other;
  }
  return value;
}

/** The page's title texts that quotes cannot cut, collapsed once per call: JSON-LD headlines and names, `<title>`, `<h1>`, and the other title metas. */
export function wholeTitles(snapshot: Snapshot): readonly string[] {
  return perCall(snapshot, findWholeTitles);
}
function findWholeTitles(snapshot: Snapshot): string[] {
  const nodes = mainNodes(snapshot);
  const out = [...strings(nodes, 'headline'), ...strings(nodes, 'name')];
  if (snapshot.title !== null) out.push(snapshot.title);
  if (snapshot.h1 !== null) out.push(snapshot.h1);
  out.push(...metaContentsOf(snapshot, titleMetas));
  return out.map(collapse);
}
const titleMetas = ['og:title', 'twitter:title'];

/**
 * A description meta's value restored as above, looked at only when its meta's content ended in white space
 * (`content="The "slow" method"` leaves `The `): a description read from the head alone stays settled there
 * (the early stop, docs/fetching.md), and the body is read only for a value that may be cut.
 */
export function restoreDescription(value: string, snapshot: Snapshot): string {
  return spacedContents(snapshot).has(value) ? restoreQuoteCut(value, wholeDescriptions(snapshot)) : value;
}

/** The contents of the metas whose value ended in white space (trimmed, as the rules get them), once per call. */
function spacedContents(snapshot: Snapshot): ReadonlySet<string> {
  return perCall(snapshot, findSpacedContents);
}
function findSpacedContents(snapshot: Snapshot): Set<string> {
  const out = new Set<string>();
  for (const meta of snapshot.metas) if (meta.spacedEnd === true) out.add(meta.content);
  return out;
}

/** The page's description texts, collapsed once per call: JSON-LD descriptions, the description metas, the first paragraphs. */
function wholeDescriptions(snapshot: Snapshot): readonly string[] {
  return perCall(snapshot, findWholeDescriptions);
}
function findWholeDescriptions(snapshot: Snapshot): string[] {
  const out = [...strings(mainNodes(snapshot), 'description'), ...metaContentsOf(snapshot, descriptionMetas)];
  for (const paragraph of snapshot.paragraphs ?? []) out.push(paragraph.text);
  if (snapshot.paragraph !== null) out.push(snapshot.paragraph);
  return out.map(collapse);
}
const descriptionMetas = ['og:description', 'twitter:description', 'description'];
