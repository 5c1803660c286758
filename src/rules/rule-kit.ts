import type {IncomingHttpHeaders} from 'node:http';
import type {MediaField, TextField} from '../data.js';
import type {Snapshot} from '../parse/parse-html.js';
import type {OEmbedData} from '../shared/page.js';
import {addNodeStrings, linksWithRel, mainNodes, metaContentsOf, microdataValues} from './query.js';

/** What a rule may read besides the snapshot. */
export interface RuleContext {
  /** The page's final URL, after redirects. */
  url: string;
  /** The page's response headers (`content-language` is read). */
  headers: IncomingHttpHeaders;
  /** The base for relative URLs: `<base href>` resolved against `url`, else `url`. */
  baseUrl: string;
  /** The site's oEmbed answer for the page (`page.oembed`), when one was asked: read by the `oembed(...)` site rules. */
  oembed?: OEmbedData;
}

/**
 * One extraction rule: reads the snapshot and returns a value, several values in priority order, or
 * nothing. Rules return raw values; {@link pickFields} cleans and validates them.
 */
export type Rule = (snapshot: Snapshot, context: RuleContext) => string | string[] | null | undefined;

/**
 * A rule's string values, the rule run as pickFields runs it: one that throws gives none (a rule
 * cannot break extraction). For rules that read other rules' answers (dates/shown-date.ts).
 */
export function stringValues(rule: Rule, snapshot: Snapshot, context: RuleContext): string[] {
  let result: ReturnType<Rule>;
  try {
    result = rule(snapshot, context);
  } catch {
    return [];
  }
  if (typeof result === 'string') return [result];
  return Array.isArray(result) ? result.filter((value): value is string => typeof value === 'string') : [];
}

/** For each field, its rules in priority order. */
export type RuleTable = Record<TextField | MediaField, Rule[]>;

/** Gives a rule a readable name (shown by `rules.title.map((rule) => rule.name)`). */
export function named(name: string, rule: Rule): Rule {
  Object.defineProperty(rule, 'name', {value: name});
  return rule;
}

/** A rule returning the contents of the `<meta>` tags with these `property`/`name` keys. */
export function meta(...keys: string[]): Rule {
  const wanted = keys.map((key) => key.toLowerCase());
  return named(`meta(${keys.join(', ')})`, (snapshot) => metaContentsOf(snapshot, wanted));
}

/** A rule returning the microdata values of `prop` (optionally only inside an item that is `scope`). */
export function microdata(prop: string, scope?: string | null): Rule {
  const label = scope === undefined ? prop : `${scope ?? 'top'}.${prop}`;
  return named(`microdata(${label})`, (snapshot) => microdataValues(snapshot, prop, scope));
}

/** A rule returning a string property of the page's main JSON-LD nodes (content types, then page types). */
export function jsonld(...keys: string[]): Rule {
  return named(`jsonld(${keys.join(', ')})`, (snapshot) => {
    const nodes = mainNodes(snapshot);
    const out: string[] = [];
    for (const key of keys) addNodeStrings(nodes, key, out);
    return out;
  });
}

/** A rule returning the `href` of `<link>` tags with one of these `rel` tokens. */
export function link(...rels: string[]): Rule {
  return named(`link(${rels.join(', ')})`, (snapshot) => linksWithRel(snapshot, rels).map((tag) => tag.href));
}
