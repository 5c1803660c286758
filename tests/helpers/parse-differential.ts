// The parse stage's differential check, shared by tests/parse/fast-parse.test.ts (fixtures, the bench
// corpus, hand-written cases) and tests/parse/fast-parse.fuzz.test.ts (generated documents).
import {expect} from '@jest/globals';
import {parseHtml, parseHtmlChunks, parseHtmlReference} from '../../src/parse/parse-html.js';
import {pickFields, rules, type RuleTable} from '../../src/rules/rules.js';
import {documentBase, resolveUrls} from '../../src/rules/resolve-urls.js';

const pageUrl = 'https://www.example.com/a/page';
const headers = {'content-language': 'de'};

/**
 * The rule table with every rule given a copy of the snapshot: pickFields' per-call query cache is
 * keyed on the snapshot object, so these rules compute every lookup afresh, as before the cache.
 */
const uncachedRules = Object.fromEntries(
  Object.entries(rules).map(([field, list]) => [field, list.map((rule) => (snapshot: Parameters<typeof rule>[0], context: Parameters<typeof rule>[1]) => rule({...snapshot}, context))]),
) as RuleTable;

/**
 * The snapshot and the extraction result of one path, for one document. With `uncached`, also checks
 * that the cached rule lookups give what the uncached ones give (once per document, on the reference:
 * the fast paths are then compared with it).
 */
function extraction(parse: () => ReturnType<typeof parseHtml>, uncached = false): unknown {
  const snapshot = parse();
  const candidates = pickFields(snapshot, {url: pageUrl, headers});
  if (uncached) expect(candidates).toEqual(pickFields(snapshot, {url: pageUrl, headers}, uncachedRules));
  return {snapshot, candidates, resolved: resolveUrls(candidates, documentBase(snapshot.baseHref, pageUrl))};
}

/**
 * Asserts both paths agree on `html`, whole and in each of the given chunkings. Chunked input must
 * give what the joined document gives (parseHtmlChunks' contract). htmlparser2 itself, fed the same
 * chunks, reads some malformed input differently (an end tag left open at the very end of the input
 * takes its text from the last chunk), which is why the reference is always fed the whole document.
 *
 * `splits`: positions at which `html` is also cut in two and fed as two chunks. There only the
 * snapshots are compared, strictly (toStrictEqual: the same keys, `undefined` members and array holes
 * included, the same prototypes), because that already implies the same pickFields and resolveUrls
 * output: both are pure functions of the snapshot's own enumerable data and the page (URL, headers),
 * which are the same here. A snapshot is plain JSON-able data (src/parse/snapshot.ts) with no getter,
 * no symbol member and no lazily built part; the one hidden member, pickFields' query cache
 * (src/rules/query.ts), is a non-enumerable symbol that exists only while a pickFields call runs on
 * it, so nothing the parse makes can hide in it. The rules themselves are run on the whole parse and
 * on every chunking, which is where a rule-level difference between two equal snapshots would show.
 */
export function expectSame(html: string, chunkings: string[][] = [], splits: readonly number[] = []): void {
  // Fresh, never handed to pickFields: the strict comparisons below see exactly what the parse made.
  const referenceSnapshot = parseHtmlReference(html);
  for (const at of splits) expect(parseHtmlChunks([html.slice(0, at), html.slice(at)])).toStrictEqual(referenceSnapshot);
  const reference = extraction(() => parseHtmlReference(html), true);
  expect(extraction(() => parseHtml(html))).toEqual(reference);
  for (const chunks of chunkings) {
    // Every chunking covers the whole document: its reference is the one above.
    const joined = chunks.join('');
    expect(extraction(() => parseHtmlChunks(chunks))).toEqual(joined === html ? reference : extraction(() => parseHtmlReference(joined)));
  }
}
