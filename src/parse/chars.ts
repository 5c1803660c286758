/*
 * String methods as functions: `charCodeAt(text, index)` is `text.charCodeAt(index)`. The collector
 * and the rules read strings of many kinds (slices of the page, concatenations, flat copies, literals, one- and
 * two-byte): once a function has seen more than four, `text.charCodeAt` is a megamorphic property
 * load, looked up anew on each call and not inlined, several times slower than the read itself.
 * Each function here names the method itself (`String.prototype.charCodeAt`, which the optimizer
 * knows), whatever the string's kind (issue 15: measured after warming on the 24 corpus pages, as the
 * benchmark does). A scan also reads its string's `length` once, not on each step.
 * The scanner reads the page text itself by its methods: that string is of at most three kinds
 * (one-byte, two-byte, external), which V8 inlines; called through these, it measured 25% slower.
 */

export function charCodeAt(text: string, index: number): number {
  return String.prototype.charCodeAt.call(text, index);
}

export function startsWith(text: string, search: string, position?: number): boolean {
  return String.prototype.startsWith.call(text, search, position);
}

export function endsWith(text: string, search: string): boolean {
  return String.prototype.endsWith.call(text, search);
}

export function indexOf(text: string, search: string, position?: number): number {
  return String.prototype.indexOf.call(text, search, position);
}

export function lastIndexOf(text: string, search: string, position?: number): number {
  return String.prototype.lastIndexOf.call(text, search, position);
}

export function slice(text: string, start: number, end?: number): string {
  return String.prototype.slice.call(text, start, end);
}

export function trim(text: string): string {
  return String.prototype.trim.call(text);
}

export function toLowerCase(text: string): string {
  return String.prototype.toLowerCase.call(text);
}

export function includes(text: string, search: string): boolean {
  return String.prototype.includes.call(text, search);
}
