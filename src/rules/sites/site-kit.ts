import {decodeHTML} from 'entities';
import type {Snapshot} from '../../parse/parse-html.js';
import {addUrls, jsonldNodes, names, strings, urlKeys} from '../query.js';
import {named, type Rule, type RuleContext} from '../rule-kit.js';

/*
 * Small rule makers the site modules are written with, on the same Rule type as the general rules:
 * each returns a named rule, so a site's table reads like the general one.
 */

/** A rule that always answers `value` (a site's brand as its users know it). */
export function constant(value: string): Rule {
  return named(`site(${value})`, () => value);
}

/** The values of `rule`, each passed through `change`; a `null` from `change` drops the value. */
export function mapped(label: string, rule: Rule, change: (value: string, context: RuleContext) => string | null): Rule {
  return named(label, (snapshot, context) => {
    const found = rule(snapshot, context);
    const out: string[] = [];
    for (const value of typeof found === 'string' ? [found] : (found ?? [])) {
      const changed = change(value, context);
      if (changed !== null && changed !== '') out.push(changed);
    }
    return out;
  });
}

/** The `group` of `pattern` in each value of `rule` that matches it (`name on Instagram: "…"` → `name`). */
export function matched(rule: Rule, pattern: RegExp, group = 1): Rule {
  return mapped(`${rule.name} ${String(pattern)}`, rule, (value) => pattern.exec(value)?.[group] ?? null);
}

/** The values of `rule` without what `pattern` matches (a prefix, a suffix, a boilerplate sentence). */
export function without(rule: Rule, pattern: RegExp): Rule {
  return mapped(`${rule.name} without ${String(pattern)}`, rule, (value) => value.replace(pattern, '').trim());
}

/**
 * A JSON-LD string with its HTML entities decoded: sites that HTML-escape their JSON-LD (IMDb's
 * `Schindler&apos;s List`, `&quot;`, `&amp;`) show the characters, not the escapes.
 */
export function decodeEntities(value: string): string {
  return value.includes('&') ? decodeHTML(value) : value;
}

/** A value the parse recorded for the site rules (`Snapshot.marks`, keyed as src/parse/site-marks.ts says). */
export function mark(key: string): Rule {
  return named(`mark(${key})`, (snapshot) => snapshot.marks?.[key] ?? null);
}

/** The set of types a rule filters on, made once when the rule is made (the per-call JSON-LD cache is keyed by it). */
const typeSet = (types: readonly string[]): ReadonlySet<string> => new Set(types);

/** A string property of the JSON-LD nodes of these types, anywhere on the page (`VideoObject.name`). */
export function jsonldOf(types: readonly string[], key: string): Rule {
  const set = typeSet(types);
  return named(`jsonld(${types.join('|')}.${key})`, (snapshot) => strings(jsonldNodes(snapshot, set), key).map(decodeEntities));
}

/** The names of a property holding people or organisations (`author`, `creator`), of the nodes of these types. */
export function jsonldNamesOf(types: readonly string[], key: string): Rule {
  const set = typeSet(types);
  return named(`jsonld(${types.join('|')}.${key}.name)`, (snapshot) => {
    const out: string[] = [];
    for (const node of jsonldNodes(snapshot, set)) {
      // Several authors are one value, joined as the general author rule joins them.
      const list = names(snapshot, node[key]);
      if (list.length !== 0) out.push(decodeEntities(list.join(', ')));
    }
    return out;
  });
}

/** The URLs of a property (`thumbnailUrl`, `image`) of the nodes of these types. */
export function jsonldUrlsOf(types: readonly string[], key: string): Rule {
  const set = typeSet(types);
  return named(`jsonld(${types.join('|')}.${key})`, (snapshot) => {
    const out: string[] = [];
    for (const node of jsonldNodes(snapshot, set)) addUrls(snapshot, node[key], urlKeys, out);
    return out;
  });
}

/** The page's first `<h1>` text. */
export const h1: Rule = named('document(h1)', (snapshot: Snapshot) => snapshot.h1);
/** The page's `<title>`. */
export const documentTitle: Rule = named('document(title)', (snapshot: Snapshot) => snapshot.title);

/** The `src` of the body's `<img>` whose `alt` is the page's `<h1>` (a product's photo, not the banner above it). */
export const imageOfHeading: Rule = named('document(img[alt=h1])', (snapshot) => {
  const heading = snapshot.h1?.trim();
  if (heading === undefined || heading === '') return [];
  const out: string[] = [];
  for (const image of snapshot.images) {
    if (image.alt?.trim() !== heading) continue;
    if (image.src !== undefined && !image.src.startsWith('data:')) out.push(image.src);
    if (image.dataSrc !== undefined) out.push(image.dataSrc);
  }
  return out;
});

/** The path and query of an absolute URL (`https://x.com/a/status/1?s=2` → `/a/status/1?s=2`). */
export function pathOf(url: string): string {
  const scheme = url.indexOf('://');
  const slash = url.indexOf('/', scheme === -1 ? 0 : scheme + 3);
  return slash === -1 ? '/' : url.slice(slash);
}

/** `rule`, on pages whose path (and query) matches `pattern` only: a page kind's own rule (`/@name` is a channel). */
export function onPath(pattern: RegExp, rule: Rule): Rule {
  return named(`${rule.name} on ${String(pattern)}`, (snapshot, context) => (pattern.test(pathOf(context.url)) ? rule(snapshot, context) : null));
}
