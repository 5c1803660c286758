import render from 'dom-serializer';
import {type AnyNode, type ChildNode, Document, DomHandler, type Element, type ParentNode, isCDATA, isTag, isText} from 'domhandler';
import {Parser} from 'htmlparser2';
import {cssSelect} from '../shared/lazy-css-select.js';
import type {DataAttr, DataMediaKind, ResolvedDataRule, ResolvedDataRules} from './data-rules.js';
import {collapse, convertValue, type DataMedia} from './data-values.js';
import {documentBase} from './resolve-urls.js';

export type {DataMedia} from './data-values.js';

/** A value in `data.<rule>`: typed scalars, `{url}` media, arrays (`selectorAll`), objects (nested rules). */
export type DataValue = string | number | boolean | null | DataMedia | DataValue[] | {[key: string]: DataValue};

/** What {@link applyDataRules} returns: one key per top-level rule, in the order the rules were given. */
export type DataValues = Record<string, DataValue>;

/** A media value in the values, for ping to verify and describe. */
export interface DataMediaRef {
  /** Keys and array indexes from the top, such as `['cards', 2, 'image']`. */
  path: (string | number)[];
  kind: DataMediaKind;
  /** The `{url}` object at `path`. */
  media: DataMedia;
  /** Replaces the value at `path` in place, such as with the media object ping described. */
  set(value: object | null): void;
}

/** Most elements one `selectorAll` reads (the first ones in document order). */
export const maxDataItems = 100;
/**
 * Deepest element nesting kept in the DOM; deeper elements join the element at this depth as
 * children, as Chromium's HTML parser does at the same depth. It bounds the cost of matching
 * selectors and of walking the tree on hostile pages of nested tags.
 */
export const maxDomDepth = 512;

/**
 * Runs the `data` rules over `html`: the only place a DOM is built, and only when rules are given.
 * Relative URLs resolve against the page's `<base href>` (resolved against `baseUrl`), else `baseUrl`.
 * A rule matching nothing is `null` (`selectorAll`: `[]`); a fallback list takes the first rule whose
 * value is neither `null` nor `[]`. Never throws: a rule that fails on a page is `null`.
 * @example applyDataRules('<b class="p">$19.99</b>', normalizeDataRules({price: {selector: '.p', type: 'number'}}), 'https://shop.example/')
 * // {price: 19.99}
 */
export function applyDataRules(html: string, rules: ResolvedDataRules, baseUrl: string): DataValues {
  const document = parseDom(html);
  const base = cssSelect().selectOne<AnyNode, Element>('base[href]', document)?.attribs.href ?? null;
  const pageBase = documentBase(base, baseUrl);
  const values: DataValues = {};
  for (const field of rules) {
    try {
      values[field.name] = evaluateField(field.rules, document, pageBase);
    } catch {
      // A deep or odd page must not fail the call; this rule gives nothing instead.
      values[field.name] = null;
    }
  }
  return values;
}

/**
 * Every media value (`image`, `audio`, `video` rules) in `values`, found by walking them with the
 * rules that made them, in document order per rule. Exact with fallbacks too, since
 * `normalizeDataRules` refuses fallbacks that would give different kinds of media at one place.
 * Also works on values a replaced `applyDataRules` stage returned, as long as they follow the rules.
 */
export function mediaPaths(values: DataValues, rules: ResolvedDataRules): DataMediaRef[] {
  const found: DataMediaRef[] = [];
  const holder = values as Record<string, unknown>;
  for (const field of rules) {
    if (Object.hasOwn(holder, field.name)) walk(holder, field.name, field.rules, [field.name], found);
  }
  return found;
}

/** Visits `holder[key]`, made by one of `rules` (fallbacks, or the same field of fallback objects). */
function walk(
  holder: Record<string | number, unknown>,
  key: string | number,
  rules: readonly ResolvedDataRule[],
  path: (string | number)[],
  found: DataMediaRef[],
): void {
  const value = holder[key];
  if (Array.isArray(value)) {
    const items = value as unknown[] as Record<number, unknown>;
    value.forEach((_, index) => walk(items, index, rules, [...path, index], found));
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const media = rules.find((rule) => rule.fields === null && isMediaType(rule.type));
  if (media !== undefined) {
    if (typeof (value as {url?: unknown}).url !== 'string') return;
    const set = (replacement: object | null): void => {
      holder[key] = replacement;
    };
    found.push({path, kind: media.type as DataMediaKind, media: value as DataMedia, set});
    return;
  }
  const object = value as Record<string, unknown>;
  for (const name of Object.keys(object)) {
    const nested = rules.flatMap((rule) => rule.fields?.filter((field) => field.name === name).flatMap((field) => field.rules) ?? []);
    if (nested.length > 0) walk(object, name, nested, [...path, name], found);
  }
}

const isMediaType = (type: string): boolean => type === 'image' || type === 'audio' || type === 'video';

function evaluateField(rules: readonly ResolvedDataRule[], scope: ParentNode, baseUrl: string): DataValue {
  let value: DataValue = null;
  for (const rule of rules) {
    value = evaluateRule(rule, scope, baseUrl);
    if (value !== null && !(Array.isArray(value) && value.length === 0)) return value;
  }
  return value;
}

function evaluateRule(rule: ResolvedDataRule, scope: ParentNode, baseUrl: string): DataValue {
  if (rule.selector === null) return isTag(scope) ? readElement(rule, scope, baseUrl) : null;
  if (rule.match === 'first') {
    const element = rule.selector.first(scope);
    return element === null ? null : readElement(rule, element, baseUrl);
  }
  const values = rule.selector.all(scope, maxDataItems).map((element) => readElement(rule, element, baseUrl));
  // Scalars that are not values (an empty price, a javascript: link) are left out of the list.
  return rule.fields === null ? values.filter((value) => value !== null) : values;
}

function readElement(rule: ResolvedDataRule, element: Element, baseUrl: string): DataValue {
  if (rule.fields !== null) {
    const object: Record<string, DataValue> = {};
    for (const field of rule.fields) object[field.name] = evaluateField(field.rules, element, baseUrl);
    return object;
  }
  for (const attr of rule.attrs) {
    const raw = readAttr(element, attr);
    if (raw === null) continue;
    const value = convertValue(raw, rule.type, attr, baseUrl);
    if (value !== null) return value;
  }
  return null;
}

/** The raw value of `attr` on `element`, or `null` when the attribute is absent. */
function readAttr(element: Element, attr: DataAttr): string | null {
  if (attr === 'text') return textOf(element);
  if (attr === 'html') return render(element.children, {encodeEntities: 'utf8'});
  if (attr === 'outerHTML') return render(element, {encodeEntities: 'utf8'});
  return Object.hasOwn(element.attribs, attr) ? element.attribs[attr]! : null;
}

// Their text is not shown to a reader (unless it is the element asked for, like a JSON-LD script).
const hiddenText = new Set(['script', 'style', 'template', 'noscript']);
// Their edges separate words even when the source has no space: `<li>a</li><li>b</li>` reads "a b".
const blocks = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'footer',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'option', 'p', 'pre', 'section',
  'table', 'td', 'th', 'tr', 'ul',
]);

/** The element's text, whitespace collapsed, without script/style/template/noscript text inside it. */
function textOf(element: Element): string {
  const parts: string[] = [];
  // Iterative: a page may nest elements hundreds deep.
  const stack: (AnyNode | string)[] = [element];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node === 'string') parts.push(node);
    else if (isText(node)) parts.push(node.data);
    else if (isTag(node) || isCDATA(node)) {
      if (isTag(node) && node !== element && hiddenText.has(node.name)) continue;
      const block = isTag(node) && blocks.has(node.name);
      if (block) stack.push(' ');
      for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!);
      if (block) parts.push(' ');
    }
  }
  return collapse(parts.join(''));
}

/** A domhandler that keeps the tree at most {@link maxDomDepth} elements deep. */
class DepthCappedHandler extends DomHandler {
  protected override addNode(node: ChildNode): void {
    // tagStack[0] is the document, so tagStack[maxDomDepth] is the deepest element kept.
    const parent = this.tagStack[Math.min(this.tagStack.length, maxDomDepth + 1) - 1]!;
    const previous = parent.children[parent.children.length - 1];
    parent.children.push(node);
    if (previous !== undefined) {
      node.prev = previous;
      previous.next = node;
    }
    node.parent = parent;
    this.lastNode = null;
  }
}

/** The DOM of `html`, the way htmlparser2's `parseDocument` builds it, depth-capped. */
function parseDom(html: string): Document {
  const handler = new DepthCappedHandler();
  try {
    new Parser(handler, {decodeEntities: true}).end(html);
    return handler.root;
  } catch {
    return new Document([]);
  }
}
