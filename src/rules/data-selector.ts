import {Element, type AnyNode, type ParentNode} from 'domhandler';
import {cssSelect} from '../shared/lazy-css-select.js';

/** A CSS selector compiled once, run over any number of documents. */
export interface DataSelector {
  /** The selector as given. */
  readonly source: string;
  /** The first element under `scope` (its descendants, not itself) that matches, in document order. */
  first(scope: ParentNode): Element | null;
  /** The first `limit` elements under `scope` that match, in document order. */
  all(scope: ParentNode, limit: number): Element[];
}

/**
 * Compiles `selector` with css-select. A `scoped` selector is relative to the element it runs
 * under, as jQuery's and cheerio's `find()` are: `h2` means `:scope h2`, `> a` means the element's
 * own `<a>` children, and an ancestor outside the element never helps a match. An unscoped one runs
 * against the whole document, under the document root.
 * @throws Error (from css-select) when the selector is not valid or uses an unsupported feature,
 * such as a pseudo-element or an unknown pseudo-class
 */
export function compileSelector(selector: string, scoped: boolean): DataSelector {
  // The scope is one mutable slot: css-select reads `context[0]` at match time, so one compiled
  // query serves every element it runs under (css-select's own `:has` does the same). The element
  // compiled against needs an element parent, or css-select takes it for the root and does not scope.
  const context: AnyNode[] = [];
  if (scoped) {
    const placeholder = new Element('linkpeek-scope', {});
    placeholder.parent = new Element('linkpeek-root', {}, [placeholder]);
    context.push(placeholder);
  }
  const {compile, selectAll, selectOne} = cssSelect();
  // Results cached per element would be wrong once the scope moves, so scoped queries cache nothing.
  const query = compile<AnyNode, Element>(selector, scoped ? {context, cacheResults: false} : {});
  const enter = (scope: ParentNode): ParentNode => {
    if (scoped) context[0] = scope;
    return scope;
  };
  // css-select's own search: iterative (no recursion on deep pages) and skipping <template> contents.
  return {
    source: selector,
    first: (scope) => selectOne<AnyNode, Element>(query, enter(scope)),
    all: (scope, limit) => selectAll<AnyNode, Element>(query, enter(scope)).slice(0, limit),
  };
}
