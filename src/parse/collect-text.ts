import {charCodeAt} from './chars.js';

// Long enough for any title or heading, and for a description taken from a paragraph;
// short enough that collapsing it stays cheap and a pathological page cannot make us buffer megabytes.
/** The most characters of text kept for one element. */
export const maxText = 1000;

/** The text of an element being read until it closes at `depth`. */
export interface TextCollector {
  depth: number;
  text: string;
  /** True once the element had more than {@link maxText} characters. */
  cut: boolean;
  done: (text: string) => void;
  /**
   * Where in `text` its blocks ended, when its reader marks them (the text after the headline:
   * collect-dates.ts); `undefined` on every other (set on all, so all collectors share one shape).
   */
  breaks: number[] | undefined;
}

/** Whether `c` is a character `\s` matches other than the ASCII space (tab, line breaks, Unicode spaces, BOM). */
export function isOtherSpace(c: number): boolean {
  if (c < 128) return c >= 9 && c <= 13;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f
    || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Collapses runs of whitespace to one space and trims. */
export function collapse(text: string): string {
  // Most texts are already collapsed: the same string back. One regex test finds a run or a
  // white space other than the space (irregexp's scan is ~2.5x faster than a loop over the
  // characters on prose); the ends are looked at apart.
  const length = text.length;
  if (length === 0) return text;
  if (charCodeAt(text, 0) !== 32 && charCodeAt(text, length - 1) !== 32 && !needsCollapse.test(text)) return text;
  // Else its words, joined by one space: `\s` is the same set as isOtherSpace and the space, and so is
  // what trim removes. One regex replace makes a flat string; joining word by word made a rope of a
  // piece per word, flattened again by the first reader (a collected text of 1000 characters: ~30 % slower).
  return text.replace(whiteSpaceRuns, ' ').trim();
}

// A space followed by any white space, or a white space other than the space: what collapse changes inside a text.
const needsCollapse = / \s|[^\S ]/;

// Only the runs that change: two or more white-space characters, or one that is not the space. Replacing
// every single space too (`/\s+/g`) costs a match per word: 6x slower on a paragraph of prose.
const whiteSpaceRuns = /\s{2,}|[^\S ]/g;

/** Ends a text cut at {@link maxText} on a word boundary (its last, possibly partial, word dropped) with `…`. */
function markCut(text: string): string {
  const space = text.lastIndexOf(' ');
  return `${space > 0 ? text.slice(0, space) : text}…`;
}

/** Starts reading the text of the element just opened at `depth`; `done` gets it, collapsed, when it closes. */
export function startText(collectors: TextCollector[], depth: number, done: (text: string) => void): void {
  collectors.push({depth, text: '', cut: false, done, breaks: undefined});
}

/** Adds a text node to every element being read, up to {@link maxText} characters each. */
/**
 * Whether every collector is cut: more text changes none of them ({@link appendText}), so the scan
 * need not decode it. A long-lived collector (the text after the headline, read to the end of its
 * parent's parent) is cut after its first {@link maxText} characters.
 */
export function allCut(collectors: readonly TextCollector[]): boolean {
  for (const collector of collectors) if (!collector.cut) return false;
  return true;
}

export function appendText(collectors: TextCollector[], text: string): void {
  for (const collector of collectors) {
    if (collector.text.length >= maxText) {
      if (text !== '') collector.cut = true;
    } else {
      collector.text += text;
      if (collector.text.length > maxText) {
        collector.text = collector.text.slice(0, maxText);
        collector.cut = true;
      }
    }
  }
}

/**
 * Hands their text to the elements that closed (those opened deeper than `depth`) and returns the
 * ones still open: the same array when none closed, which is the common case.
 */
export function finishText(collectors: TextCollector[], depth: number): TextCollector[] {
  if (collectors.length === 0 || collectors[collectors.length - 1]!.depth <= depth) return collectors;
  const open: TextCollector[] = [];
  for (const collector of collectors) {
    if (collector.depth > depth) {
      collector.done(collector.cut ? markCut(collapse(collector.text)) : collapse(collector.text));
    } else {
      open.push(collector);
    }
  }
  return open;
}
