/*
 * String methods, for hot scans to call as `charCodeAt.call(text, index)`. The rules read strings of
 * many kinds (slices of the page, concatenations, flat copies, literals, one- and two-byte): once a
 * function has seen more than four, `text.charCodeAt` (a megamorphic property load) is looked up
 * anew on each call and the call is not inlined, several times slower than the read itself. Called
 * through the method itself, the optimizer knows what it calls whatever the string's kind (issue 15:
 * corpus-warmed). A scan also reads its string's `length` once, not on each step.
 */
const string = String.prototype;
export const charCodeAt = string.charCodeAt;
export const startsWith = string.startsWith;
export const indexOf = string.indexOf;
export const lastIndexOf = string.lastIndexOf;
export const slice = string.slice;
export const trim = string.trim;
