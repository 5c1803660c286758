import {LinkpeekError} from '../errors.js';
import {assertObject, closestName, invalidOption, rejectUnknownKeys} from '../option-checks.js';
import {compileSelector, type DataSelector} from './data-selector.js';

/**
 * What a `data` rule's value is turned into (see `convertValue` in data-values.ts):
 * - `string`: whitespace collapsed, trimmed (HTML only trimmed); empty → `null`.
 * - `number`: the first number in the value, `"$1,299.00"` → `1299`, `"1.299,00 €"` → `1299`.
 * - `boolean`: `true`/`yes`/`on`/`1` and `false`/`no`/`off`/`0`; a present empty attribute is `true`.
 * - `date`: an ISO 8601 string in UTC; a date without a time is noon UTC that day.
 * - `url`: an absolute http(s) URL.
 * - `image`, `audio`, `video`: an absolute http(s) URL as `{url}`, for ping to describe.
 * - `email`: an e-mail address, `mailto:` stripped.
 */
export type DataRuleType = 'string' | 'number' | 'boolean' | 'date' | 'url' | 'image' | 'audio' | 'video' | 'email';

/** Every {@link DataRuleType}, in the order error messages list them. */
export const dataRuleTypes: readonly DataRuleType[] = [
  'string', 'number', 'boolean', 'date', 'url', 'image', 'audio', 'video', 'email',
];

/** The types whose value is a `{url}` media object that ping describes. */
export type DataMediaKind = 'image' | 'audio' | 'video';

/** One custom extraction rule of the `data` option. */
export interface DataRule {
  /** CSS selector; the rule reads the first matching element. */
  selector?: string;
  /** CSS selector; the rule reads every matching element, and its value is an array. */
  selectorAll?: string;
  /**
   * What to read from the element: `'text'` (its text, whitespace collapsed), `'html'` (its inner
   * HTML), `'outerHTML'`, an attribute name (`'href'`, `'content'`, `'data-price'`), a list of these
   * tried in order (the first giving a value wins), or an object of nested rules run inside the
   * element, which makes the value an object.
   * @default 'text'
   */
  attr?: string | string[] | {[name: string]: DataRule | DataRule[]};
  /** @default 'string' */
  type?: DataRuleType;
}

/** The `data` option: named rules; an array is an ordered fallback list (the first rule with a value wins). */
export type DataRules = {[name: string]: DataRule | DataRule[]};

/** What a rule reads from an element: a pseudo-attribute or a lowercase attribute name. */
export type DataAttr = 'text' | 'html' | 'outerHTML' | (string & {});

/** One rule with every default filled and its selector compiled. */
export interface ResolvedDataRule {
  /** The option path naming it in errors, such as `data.price`, `data.price.1` (a fallback) or `data.cards.attr.title`. */
  path: string;
  /** `first` for `selector`, `all` for `selectorAll`, `self` for a nested rule without either: the element it runs under. */
  match: 'first' | 'all' | 'self';
  /** `null` when `match` is `self`. */
  selector: DataSelector | null;
  /** Tried in order; empty when the rule has nested `fields`. */
  attrs: readonly DataAttr[];
  /** Nested rules (an object `attr`), or `null`. */
  fields: ResolvedDataRules | null;
  type: DataRuleType;
}

/** One named field: its rule and the fallbacks after it. */
export interface ResolvedDataField {
  name: string;
  /** The option path naming it in errors, such as `data.price` or `data.cards.attr.title`. */
  path: string;
  /** At least one rule, in fallback order. */
  rules: readonly ResolvedDataRule[];
}

/** The `data` option validated, in the order the rules were given; empty when no rule was given. */
export type ResolvedDataRules = readonly ResolvedDataField[];

/** Most rules one call may give, nested rules and fallbacks included. */
export const maxDataRules = 50;
/** Deepest nesting: a top-level rule is level 1, a rule in its `attr` object level 2, and so on. */
export const maxDataDepth = 5;
/** Longest selector, in characters. */
export const maxSelectorLength = 500;
/** Most attributes in one `attr` list. */
export const maxDataAttrs = 10;
/** Longest rule name, in characters. */
export const maxRuleNameLength = 64;

const ruleKeys = ['selector', 'selectorAll', 'attr', 'type'];
// Names travel in dotted query strings (`data.price.selector`) and become JSON keys.
const ruleName = /^[A-Za-z_$][\w$-]*$/;
// The HTML spec's attribute-name characters, minus nothing a page could use.
const attributeName = /^[^\s"'<>/=\p{Cc}]+$/u;

/**
 * Validates the `data` option and compiles its selectors once, so a bad rule fails before any
 * request and the DOM pass only runs compiled queries. `undefined` gives no rules.
 * @throws LinkpeekError EINVALOPTION naming the rule path (`data.price.selector`, `data.price.0.type`,
 * `data.cards.attr.title.attr.1`): not an object, a primitive rule, an empty or invalid name, an
 * unknown key, neither or both of `selector`/`selectorAll`, an invalid selector, an unknown type,
 * a type other than `string` when reading HTML, a type beside nested rules, fallbacks giving
 * different kinds of media (or media and nested rules) at one place, or past a limit
 * ({@link maxDataRules}, {@link maxDataDepth}, {@link maxSelectorLength}, {@link maxDataAttrs},
 * {@link maxRuleNameLength}).
 */
export function normalizeDataRules(value: unknown): ResolvedDataRules {
  if (value === undefined) return [];
  const fields = normalizeFields(value, 'data', 1, {rules: 0});
  for (const field of fields) checkMediaPlaces(field.rules);
  return fields;
}

function normalizeFields(value: unknown, path: string, depth: number, count: {rules: number}): ResolvedDataField[] {
  assertObject(value, path);
  const names = Object.keys(value);
  if (depth > 1 && names.length === 0) throw invalidOption(path, 'must hold at least one nested rule');
  return names.map((name) => {
    const fieldPath = `${path}.${name}`;
    if (name === '') throw invalidOption(path, 'has a rule with an empty name');
    if (!ruleName.test(name) || name.length > maxRuleNameLength || name === '__proto__') {
      throw invalidOption(
        fieldPath,
        `is not a valid rule name: use letters, digits, '_', '$' and '-', not starting with a digit or '-', at most ${maxRuleNameLength} characters`,
      );
    }
    const given = (value as Record<string, unknown>)[name];
    const list = Array.isArray(given) ? given : [given];
    if (list.length === 0) throw invalidOption(fieldPath, 'must be a rule or a non-empty list of fallback rules', given);
    const rules = list.map((rule, index) =>
      normalizeRule(rule, Array.isArray(given) ? `${fieldPath}.${index}` : fieldPath, depth, count));
    return {name, path: fieldPath, rules};
  });
}

function normalizeRule(value: unknown, path: string, depth: number, count: {rules: number}): ResolvedDataRule {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidOption(path, 'must be a rule object such as {selector, attr, type}', value);
  }
  count.rules++;
  if (count.rules > maxDataRules) {
    throw invalidOption('data', `must hold at most ${maxDataRules} rules (nested and fallback rules count)`);
  }
  if ('evaluate' in value) {
    throw new LinkpeekError('EINVALOPTION', `Option \`${path}.evaluate\` is not supported: linkpeek runs no code from a call.`, {
      data: {[`${path}.evaluate`]: 'is not supported'},
    });
  }
  rejectUnknownKeys(value, ruleKeys, `${path}.`);
  const rule = value as Record<string, unknown>;
  if (rule.selector !== undefined && rule.selectorAll !== undefined) {
    throw invalidOption(path, 'takes `selector` (first match) or `selectorAll` (every match), not both');
  }
  const match = rule.selectorAll !== undefined ? 'all' : rule.selector !== undefined ? 'first' : 'self';
  // A nested rule without a selector reads the element it runs under; a top-level one has none.
  if (match === 'self' && depth === 1) {
    throw invalidOption(path, 'needs a `selector` (first match) or a `selectorAll` (every match)');
  }
  const selectorKey = match === 'all' ? 'selectorAll' : 'selector';
  const selector = match === 'self' ? null : normalizeSelector(rule[selectorKey], `${path}.${selectorKey}`, depth > 1);
  const type = normalizeType(rule.type, `${path}.type`);
  const attr = rule.attr;
  if (typeof attr === 'object' && attr !== null && !Array.isArray(attr)) {
    if (rule.type !== undefined) throw invalidOption(`${path}.type`, 'cannot be set on a rule whose `attr` holds nested rules');
    if (depth >= maxDataDepth) throw invalidOption(`${path}.attr`, `nests rules deeper than ${maxDataDepth} levels`);
    return {path, match, selector, attrs: [], fields: normalizeFields(attr, `${path}.attr`, depth + 1, count), type};
  }
  const attrs = normalizeAttrs(attr, `${path}.attr`);
  if (type !== 'string' && attrs.some((name) => name === 'html' || name === 'outerHTML')) {
    throw invalidOption(`${path}.type`, "must be 'string' when `attr` reads 'html' or 'outerHTML'", type);
  }
  return {path, match, selector, attrs, fields: null, type};
}

function normalizeSelector(value: unknown, path: string, scoped: boolean): DataSelector {
  if (typeof value !== 'string' || value.trim() === '') throw invalidOption(path, 'must be a non-empty CSS selector', value);
  if (value.length > maxSelectorLength) throw invalidOption(path, `must be at most ${maxSelectorLength} characters`, value);
  try {
    return compileSelector(value, scoped);
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 120) : String(error);
    throw invalidOption(path, `is not a valid CSS selector (${reason})`, value);
  }
}

function normalizeType(value: unknown, path: string): DataRuleType {
  if (value === undefined) return 'string';
  if (typeof value === 'string' && (dataRuleTypes as readonly string[]).includes(value)) return value as DataRuleType;
  const closest = typeof value === 'string' ? closestName(value, dataRuleTypes) : undefined;
  const hint = closest === undefined ? '' : ` (did you mean '${closest}'?)`;
  throw invalidOption(path, `must be one of ${dataRuleTypes.map((type) => `'${type}'`).join(', ')}${hint}`, value);
}

function normalizeAttrs(value: unknown, path: string): DataAttr[] {
  if (value === undefined) return ['text'];
  if (typeof value === 'string') return [normalizeAttr(value, path)];
  if (!Array.isArray(value)) {
    throw invalidOption(path, 'must be an attribute name, a list of them, or an object of nested rules', value);
  }
  if (value.length === 0 || value.length > maxDataAttrs) {
    throw invalidOption(path, `must list from 1 to ${maxDataAttrs} attributes`, value);
  }
  return value.map((name, index) => normalizeAttr(name, `${path}.${index}`));
}

function normalizeAttr(value: unknown, path: string): DataAttr {
  if (typeof value !== 'string') throw invalidOption(path, 'must be an attribute name', value);
  const name = value.trim();
  const lower = name.toLowerCase();
  if (lower === 'text' || lower === 'html') return lower;
  if (lower === 'outerhtml') return 'outerHTML';
  if (!attributeName.test(name) || name.length > 100) {
    throw invalidOption(path, "must be 'text', 'html', 'outerHTML' or an attribute name", value);
  }
  // The parser lowercases attribute names, as browsers do for HTML.
  return lower;
}

/**
 * Fallbacks may differ in what they give, except at a place where one gives media: there every
 * other rule must give the same kind of media or a plain value, never nested rules. So the kind of
 * each `{url}` in the values follows from the rules alone, which is what `mediaPaths` relies on.
 * `rules` are the rules that can fill one place: a fallback list, or one nested name of them all.
 */
function checkMediaPlaces(rules: readonly ResolvedDataRule[]): void {
  const media = rules.find((rule) => rule.fields === null && isMediaType(rule.type));
  if (media !== undefined) {
    const other = rules.find((rule) => rule.fields === null && isMediaType(rule.type) && rule.type !== media.type);
    if (other !== undefined) {
      throw invalidOption(`${other.path}.type`, `must be '${media.type}' like its fallback \`${media.path}\`: fallbacks give one kind of media`, other.type);
    }
    const nested = rules.find((rule) => rule.fields !== null);
    if (nested !== undefined) {
      throw invalidOption(`${nested.path}.attr`, `cannot hold nested rules where its fallback \`${media.path}\` gives media`);
    }
  }
  const byName = new Map<string, ResolvedDataRule[]>();
  for (const rule of rules) {
    for (const field of rule.fields ?? []) byName.set(field.name, [...(byName.get(field.name) ?? []), ...field.rules]);
  }
  for (const place of byName.values()) checkMediaPlaces(place);
}

const isMediaType = (type: DataRuleType): type is DataMediaKind => type === 'image' || type === 'audio' || type === 'video';
