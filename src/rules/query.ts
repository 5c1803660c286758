import type {LinkTag, Snapshot} from '../parse/parse-html.js';
import {charCodeAt, indexOf, lastIndexOf, slice, toLowerCase, trim} from '../parse/chars.js';

/** A JSON-LD node as parsed. */
export type JsonldNode = Record<string, unknown>;

/**
 * What one {@link pickFields} call computes once and every rule reuses: the `<meta>` contents by
 * lowercase key and the JSON-LD nodes by type set. It rides on the call's snapshot (a hidden
 * property, see {@link withQueryCache}) and only while the call runs, so a rule called on its own
 * (or on a snapshot changed in between) computes afresh, and no module holds a call's data.
 */
interface QueryCache {
  /** The non-empty metas by lowercase `property`/`name` (see {@link MetaIndex}). */
  metas?: MetaIndex;
  // The maps below are made when first needed: a page without JSON-LD needs none of the first two.
  nodes?: Map<ReadonlySet<string>, JsonldNode[]>;
  main?: JsonldNode[];
  /** The short `@type`s of the JSON-LD nodes read so far. */
  types?: Map<JsonldNode, readonly string[]>;
  /** What {@link perCall} computed, by the function that computed it. */
  derived?: Map<(snapshot: Snapshot) => unknown, unknown>;
  /** What {@link oncePerCall} computed, by function and argument. */
  byArgument?: Map<(argument: string) => unknown, Map<string, unknown>>;
}

/**
 * The snapshot's property holding its call's cache: not enumerable, so no copy, JSON or comparison
 * sees it; a reader that records what the rules read of a snapshot (settled-fields.ts) leaves it out.
 */
export const queryCache: unique symbol = Symbol('linkpeek.queryCache');

type CarryingSnapshot = Snapshot & {[queryCache]?: QueryCache | undefined};

/** The cache of the pickFields call running on `snapshot`, or `null` outside one. */
function cacheOf(snapshot: Snapshot): QueryCache | null {
  return (snapshot as CarryingSnapshot)[queryCache] ?? null;
}

/**
 * Runs `run` with a fresh per-call query cache carried by `snapshot` (see {@link QueryCache}); a
 * snapshot that cannot carry one (frozen) is read without.
 */
export function withQueryCache<T>(snapshot: Snapshot, run: () => T): T {
  const carrier = snapshot as CarryingSnapshot;
  if (!Object.isExtensible(carrier)) return run();
  const previous = carrier[queryCache];
  // Defined once per snapshot, then only its value changes: never deleted, so the object keeps its shape.
  if (Object.hasOwn(carrier, queryCache)) carrier[queryCache] = {};
  else Object.defineProperty(carrier, queryCache, {value: {}, writable: true, configurable: true, enumerable: false});
  try {
    return run();
  } finally {
    carrier[queryCache] = previous;
  }
}

/**
 * `compute(argument)`, computed once per pickFields call on `snapshot` for a pure function several
 * rules call with the same argument (an author value); afresh outside one.
 */
export function oncePerCall<T>(snapshot: Snapshot | undefined, compute: (argument: string) => T, argument: string): T {
  const cache = snapshot === undefined ? null : cacheOf(snapshot);
  if (cache === null) return compute(argument);
  const byArgument = (cache.byArgument ??= new Map());
  let results = byArgument.get(compute) as Map<string, T> | undefined;
  if (results === undefined) byArgument.set(compute, (results = new Map()));
  if (results.has(argument)) return results.get(argument)!;
  const value = compute(argument);
  results.set(argument, value);
  return value;
}

/**
 * `compute(snapshot)`, computed once per pickFields call for the rules that share it (afresh outside
 * one). The value is shared: read-only.
 */
export function perCall<T>(snapshot: Snapshot, compute: (snapshot: Snapshot) => T): T {
  const cache = cacheOf(snapshot);
  if (cache === null) return compute(snapshot);
  const derived = (cache.derived ??= new Map());
  if (derived.has(compute)) return derived.get(compute) as T;
  const value = compute(snapshot);
  derived.set(compute, value);
  return value;
}

/**
 * The lowercase `property`/`name` keys of the non-empty metas, each entry with its meta's position,
 * chained by key length: a lookup compares the few keys of its length (no hash of each page's
 * keys, no list per key).
 */
interface MetaIndex {
  keys: string[];
  /**
   * Per entry, three numbers: its key's {@link fingerprint} (compared before the key: a page's keys
   * are slices, slow to compare), its meta's position, and the next entry of its key length in
   * document order (-1 for none).
   */
  entries: number[];
  /** The first entry of each key length, or -1; the longest keys share the last. */
  heads: number[];
}

const lengthBuckets = 64;

function metaIndex(snapshot: Snapshot, cached: QueryCache): MetaIndex {
  if (cached.metas !== undefined) return cached.metas;
  const index: MetaIndex = {keys: [], entries: [], heads: new Array<number>(lengthBuckets).fill(-1)};
  const metas = snapshot.metas;
  // Read from the last meta back, each entry put first in its chain: the chains run in document order.
  for (let position = metas.length - 1; position >= 0; position--) {
    const meta = metas[position]!;
    if (meta.content === '') continue;
    const property = meta.property === undefined ? undefined : toLowerCase(meta.property);
    if (property !== undefined) addEntry(index, property, position);
    // A meta whose `property` and `name` are the same key is one meta.
    if (meta.name !== undefined) {
      const name = toLowerCase(meta.name);
      if (name !== property) addEntry(index, name, position);
    }
  }
  cached.metas = index;
  return index;
}

function addEntry(index: MetaIndex, key: string, position: number): void {
  const bucket = Math.min(key.length, lengthBuckets - 1);
  index.entries.push(fingerprint(key), position, index.heads[bucket]!);
  index.heads[bucket] = index.keys.length;
  index.keys.push(key);
}

/** The positions of the metas with `key`, in document order, or undefined when none has it. */
function keyPositions(index: MetaIndex, key: string): number[] | undefined {
  const print = fingerprint(key);
  const {entries, keys} = index;
  let found: number[] | undefined;
  for (let entry = index.heads[Math.min(key.length, lengthBuckets - 1)]!; entry !== -1; entry = entries[entry * 3 + 2]!) {
    if (entries[entry * 3] !== print || keys[entry] !== key) continue;
    // `[position]` is sized to fit; `[]` and a push would reserve 17 slots, per lookup.
    if (found === undefined) found = [entries[entry * 3 + 1]!];
    else found.push(entries[entry * 3 + 1]!);
  }
  return found;
}

/** Two characters of a key, from its middle and its end: keys of one length mostly differ there (`og:title`, `og:image`). */
function fingerprint(key: string): number {
  return (charCodeAt(key, key.length >> 1) << 16) | charCodeAt(key, key.length - 1);
}

/**
 * The positions in `snapshot.metas` of the non-empty metas with one of the `wanted` keys, in document
 * order, from the per-call index; `undefined` outside a pickFields call.
 */
function metaPositions(snapshot: Snapshot, wanted: readonly string[]): readonly number[] | undefined {
  const cache = cacheOf(snapshot);
  if (cache === null) return undefined;
  const index = metaIndex(snapshot, cache);
  let only: number[] | undefined;
  let lists: number[][] | undefined;
  for (const key of wanted) {
    const list = keyPositions(index, key);
    if (list === undefined) continue;
    if (only === undefined) only = list;
    else (lists ??= [only]).push(list);
  }
  if (only === undefined) return noPositions;
  return lists === undefined ? only : mergePositions(lists);
}

/** Marks of {@link mergePositions}, by position: all zero between calls. */
let marked = new Uint8Array(64);

/** The positions of several lists, each once, in ascending order (marked, then read off in order: the lists are short). */
function mergePositions(lists: readonly (readonly number[])[]): number[] {
  let low = Number.POSITIVE_INFINITY;
  let high = -1;
  for (const list of lists) {
    const last = list[list.length - 1]!;
    if (last >= marked.length) marked = new Uint8Array(Math.max(last + 1, marked.length * 2));
    for (const position of list) marked[position] = 1;
    // Each list is ascending: its first and last positions bound it.
    if (list[0]! < low) low = list[0]!;
    if (last > high) high = last;
  }
  const merged: number[] = [];
  for (let position = low; position <= high; position++) {
    if (marked[position] === 1) {
      merged.push(position);
      marked[position] = 0;
    }
  }
  return merged;
}

const noPositions: readonly number[] = [];

/**
 * The `content` of every `<meta>` whose `property` or `name` is one of `keys` (case-insensitive),
 * non-empty, in document order.
 * @example metaContents(snapshot, 'og:title', 'twitter:title')
 */
export function metaContents(snapshot: Snapshot, ...keys: string[]): string[] {
  return metaContentsOf(snapshot, keys.map((key) => key.toLowerCase()));
}

/** {@link metaContents} for keys already lowercase (a rule lowercases its keys once, when it is made). */
export function metaContentsOf(snapshot: Snapshot, wanted: readonly string[]): string[] {
  const positions = metaPositions(snapshot, wanted);
  if (positions !== undefined) return positions.map((position) => snapshot.metas[position]!.content);
  const values: string[] = [];
  for (const meta of snapshot.metas) {
    if (meta.content === '') continue;
    const property = meta.property?.toLowerCase();
    const name = meta.name?.toLowerCase();
    if ((property !== undefined && wanted.includes(property)) || (name !== undefined && wanted.includes(name))) {
      values.push(meta.content);
    }
  }
  return values;
}

/** The `content` of `<meta http-equiv>` tags named `key` (case-insensitive). */
export function httpEquivContents(snapshot: Snapshot, key: string): string[] {
  const wanted = key.toLowerCase();
  const values: string[] = [];
  for (const meta of snapshot.metas) if (meta.httpEquiv !== undefined && meta.content !== '' && meta.httpEquiv.toLowerCase() === wanted) values.push(meta.content);
  return values;
}

/** The `<link>` tags whose `rel` contains one of `rels` as a token (e.g. `icon` matches `shortcut icon`). */
export function linksByRel(snapshot: Snapshot, ...rels: string[]): LinkTag[] {
  return linksWithRel(snapshot, rels);
}

/** {@link linksByRel} with the rels as a list (a rule makes it once). */
export function linksWithRel(snapshot: Snapshot, rels: readonly string[]): LinkTag[] {
  const found: LinkTag[] = [];
  for (const link of snapshot.links) if (hasRel(link, rels)) found.push(link);
  return found;
}

/** Whether the `rel` of a tag (lowercase, whitespace-collapsed) has one of `rels` as a token. */
export function hasRel(tag: LinkTag, rels: readonly string[]): boolean {
  // Most rels are one token: only those with a space need splitting.
  const rel = tag.rel;
  if (indexOf(rel, ' ') === -1) return rels.includes(rel);
  for (const token of tag.rel.split(' ')) if (rels.includes(token)) return true;
  return false;
}

/**
 * Microdata values of `prop`. `scope` filters by the `itemprop` of the enclosing item: a string for a
 * nested item (`'author'`), `null` for top-level items only, omitted for any.
 */
export function microdataValues(snapshot: Snapshot, prop: string, scope?: string | null): string[] {
  const values: string[] = [];
  for (const entry of snapshot.microdata) if (entry.prop === prop && (scope === undefined || entry.scope === scope)) values.push(entry.value);
  return values;
}

/** Microdata values of `prop` inside an item whose `itemtype` ends with one of `types` (e.g. `VideoObject`). */
export function microdataValuesOfType(snapshot: Snapshot, prop: string, types: ReadonlySet<string>): string[] {
  const values: string[] = [];
  for (const entry of snapshot.microdata) if (entry.prop === prop && entry.type !== null && types.has(shortType(entry.type))) values.push(entry.value);
  return values;
}

/** `https://schema.org/NewsArticle`, `schema:NewsArticle` and `NewsArticle` all give `NewsArticle`. */
export function shortType(type: string): string {
  let trimmed = trim(type);
  let end = trimmed.length;
  while (end > 0 && charCodeAt(trimmed, end - 1) === 47) end--; // trailing slashes
  if (end < trimmed.length) trimmed = slice(trimmed, 0, end);
  return slice(trimmed, Math.max(lastIndexOf(trimmed, '/'), lastIndexOf(trimmed, ':'), lastIndexOf(trimmed, '#')) + 1);
}

/** The short `@type` names of a JSON-LD node (`@type` may be a string or an array). */
export function jsonldTypes(node: JsonldNode, snapshot?: Snapshot): readonly string[] {
  // Several rules filter the same nodes by type: within a pickFields call on the node's snapshot each node's types are read once.
  const cache = snapshot === undefined ? null : cacheOf(snapshot);
  if (cache === null) return readTypes(node);
  const known = (cache.types ??= new Map());
  let types = known.get(node);
  if (types === undefined) known.set(node, (types = readTypes(node)));
  return types;
}

function readTypes(node: JsonldNode): string[] {
  const type = node['@type'];
  if (typeof type === 'string') return [shortType(type)];
  if (Array.isArray(type)) return type.filter((item): item is string => typeof item === 'string').map(shortType);
  return [];
}

/** Schema.org types whose node describes the page's content itself, not the site or its navigation. */
export const contentTypes: ReadonlySet<string> = new Set([
  'Article', 'NewsArticle', 'BlogPosting', 'Report', 'ScholarlyArticle', 'TechArticle', 'SocialMediaPosting',
  'LiveBlogPosting', 'DiscussionForumPosting', 'AnalysisNewsArticle', 'OpinionNewsArticle', 'ReportageNewsArticle',
  'ReviewNewsArticle', 'BackgroundNewsArticle', 'Product', 'ProductGroup', 'VideoObject', 'AudioObject',
  'PodcastEpisode', 'Episode', 'Recipe', 'Event', 'Book', 'Movie', 'MusicRecording',
  'MusicAlbum', 'Course', 'Review', 'SoftwareApplication', 'Game', 'CreativeWork', 'Question', 'HowTo',
]);

/** Series and periodicals: a page about one episode often describes its series too, so they come after content types. */
export const seriesTypes: ReadonlySet<string> = new Set(['PodcastSeries', 'CreativeWorkSeries', 'TVSeries', 'BookSeries', 'Periodical']);

/** Schema.org page types: used after the content and series types. */
export const pageTypes: ReadonlySet<string> = new Set([
  'WebPage', 'ItemPage', 'AboutPage', 'CollectionPage', 'ProfilePage', 'QAPage', 'FAQPage', 'ContactPage',
  'MedicalWebPage', 'SearchResultsPage', 'CheckoutPage',
]);

/** Video and audio schema.org types. */
export const videoTypes: ReadonlySet<string> = new Set(['VideoObject']);
export const audioTypes: ReadonlySet<string> = new Set(['AudioObject', 'PodcastEpisode', 'Episode', 'MusicRecording']);

/**
 * The JSON-LD nodes of one of `types`, in document order. Read-only: within a pickFields call the
 * same list is handed to every rule that asks.
 */
export function jsonldNodes(snapshot: Snapshot, types: ReadonlySet<string>): readonly JsonldNode[] {
  if (snapshot.jsonld.length === 0) return [];
  const cached = cacheOf(snapshot);
  const known = cached?.nodes?.get(types);
  if (known !== undefined) return known;
  const nodes = snapshot.jsonld.filter((node) => jsonldTypes(node, snapshot).some((type) => types.has(type)));
  if (cached !== null) (cached.nodes ??= new Map()).set(types, nodes);
  return nodes;
}

/**
 * The nodes describing the page: content types first, then series, then page types, each in document
 * order. Read-only, shared like {@link jsonldNodes}.
 */
export function mainNodes(snapshot: Snapshot): readonly JsonldNode[] {
  if (snapshot.jsonld.length === 0) return [];
  const cached = cacheOf(snapshot);
  if (cached?.main !== undefined) return cached.main;
  const main = [...jsonldNodes(snapshot, contentTypes), ...jsonldNodes(snapshot, seriesTypes), ...jsonldNodes(snapshot, pageTypes)];
  if (cached !== null) cached.main = main;
  return main;
}

/** Follows a `{"@id": "…"}` reference to the node with that `@id` elsewhere in the page's JSON-LD. */
export function dereference(snapshot: Snapshot, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const node = value as JsonldNode;
  const id = node['@id'];
  if (typeof id !== 'string' || Object.keys(node).some((key) => key !== '@id' && key !== '@type')) return value;
  return snapshot.jsonld.find((candidate) => candidate['@id'] === id && candidate !== node) ?? value;
}

/** Every item of a value that may be one item or an array of them. */
export function items(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** String values: a string, or the `name` (or `@value`) of a node, for each item. */
export function names(snapshot: Snapshot, value: unknown): string[] {
  const out: string[] = [];
  for (const item of items(value)) {
    const resolved = dereference(snapshot, item);
    if (typeof resolved === 'string') out.push(resolved);
    else if (resolved !== null && typeof resolved === 'object' && !Array.isArray(resolved)) {
      const node = resolved as JsonldNode;
      const name = node.name ?? node['@value'];
      if (typeof name === 'string') out.push(name);
    }
  }
  return out;
}

/** The keys {@link urls} reads in a node by default. */
export const urlKeys: readonly string[] = ['url', 'contentUrl'];

/** URL values: a string, or the `url` / `contentUrl` of an ImageObject/MediaObject, for each item. */
export function urls(snapshot: Snapshot, value: unknown, keys: readonly string[] = urlKeys): string[] {
  const out: string[] = [];
  addUrls(snapshot, value, keys, out);
  return out;
}

/** {@link urls}, appended to `out` (no list per value: the media rules gather many values into one). */
export function addUrls(snapshot: Snapshot, value: unknown, keys: readonly string[], out: string[]): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) {
    addItemUrls(snapshot, value, keys, out);
    return;
  }
  for (const item of value) addItemUrls(snapshot, item, keys, out);
}

function addItemUrls(snapshot: Snapshot, item: unknown, keys: readonly string[], out: string[]): void {
  const resolved = dereference(snapshot, item);
  if (typeof resolved === 'string') out.push(resolved);
  else if (resolved !== null && typeof resolved === 'object' && !Array.isArray(resolved)) {
    const node = resolved as JsonldNode;
    for (const key of keys) addStrings(node[key], out);
  }
}

/** The strings of a value that may be one item or an array of them, appended to `out`. */
function addStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) if (typeof item === 'string') out.push(item);
}

/** `node[key]` for every node, as strings (non-string values skipped). */
export function strings(nodes: readonly JsonldNode[], key: string): string[] {
  const out: string[] = [];
  addNodeStrings(nodes, key, out);
  return out;
}

/** {@link strings}, appended to `out`. */
export function addNodeStrings(nodes: readonly JsonldNode[], key: string, out: string[]): void {
  for (const node of nodes) addStrings(node[key], out);
}

/**
 * Open Graph structured media (`og:video`, `og:video:secure_url`, `og:video:type`…): each `og:<kind>`
 * or `og:<kind>:url` starts an item, the following `:secure_url` and `:type` belong to it. Returns the
 * URLs of the items whose declared type is absent or accepted, the secure URL of each item first.
 */
export function openGraphMedia(snapshot: Snapshot, kind: 'image' | 'video' | 'audio', acceptType: (type: string) => boolean): string[] {
  interface Item { url?: string; secureUrl?: string; type?: string }
  const keys = openGraphKeys[kind];
  const list: Item[] = [];
  let current: Item | null = null;
  // Within a pickFields call only the metas that may have one of the keys are read (the key read below decides).
  const positions = metaPositions(snapshot, keys.all);
  const count = positions?.length ?? snapshot.metas.length;
  for (let at = 0; at < count; at++) {
    const meta = snapshot.metas[positions === undefined ? at : positions[at]!]!;
    const key = (meta.property ?? meta.name)?.toLowerCase();
    if (key === undefined || meta.content === '') continue;
    if (key === keys.plain || key === keys.url) {
      // `og:image` followed by `og:image:url` with the same value describes one image, not two.
      if (current !== null && current.url === undefined) current.url = meta.content;
      else if (current === null || current.url !== meta.content) list.push((current = {url: meta.content}));
    } else if (key === keys.secureUrl) {
      if (current === null || current.secureUrl !== undefined) list.push((current = {}));
      current.secureUrl = meta.content;
    } else if (key === keys.type) {
      if (current !== null) current.type = meta.content;
    }
  }
  const urls: string[] = [];
  for (const item of list) {
    if (item.type !== undefined && !acceptType(item.type.trim().toLowerCase())) continue;
    if (item.secureUrl !== undefined) urls.push(item.secureUrl);
    if (item.url !== undefined) urls.push(item.url);
  }
  return urls;
}

/** The `og:<kind>` keys {@link openGraphMedia} reads, made once. */
const openGraphKeys = Object.fromEntries((['image', 'video', 'audio'] as const).map((kind) => {
  const keys = {plain: `og:${kind}`, url: `og:${kind}:url`, secureUrl: `og:${kind}:secure_url`, type: `og:${kind}:type`};
  return [kind, {...keys, all: Object.values(keys)}];
})) as Record<'image' | 'video' | 'audio', {plain: string; url: string; secureUrl: string; type: string; all: string[]}>;
