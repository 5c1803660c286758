/*
 * Large decoded bodies, remembered with a way to read them a window at a time. A string of over
 * 128 KiB is allocated outside V8's regular heap, page by page: on the bench machine that costs
 * ~0.6 µs per KiB, about as much as scanning it. decodeBody returns a large ASCII body as a
 * concatenation of pieces (a rope: nothing copies it whole until something reads it so) and
 * remembers how to decode any part of it; parseHtml, given that same string, scans it window by
 * window (parse/scan-html.ts), each window a regular string decoded from the bytes. Invisible in results:
 * parseHtml gives the same snapshot either way.
 */

/** The text of a document from `from` to past `end` (positions in it), or `undefined` when `end` is its end. */
export type WindowReader = (from: number, end: number) => string | undefined;

interface Remembered {
  text: string;
  read: WindowReader;
}

/** The last few texts that can be read in windows and were not parsed yet (a server decodes several pages at once). */
const remembered: Remembered[] = [];
/** At most this many are held (each under 1 MB), so a body decoded but never parsed is let go after a few more. */
const maxRemembered = 8;

/** Remembers that `read` reads `text` a window at a time. */
export function rememberWindows(text: string, read: WindowReader): void {
  remembered.push({text, read});
  if (remembered.length > maxRemembered) remembered.shift();
}

/** How to read `text` in windows, if it is a remembered text; forgotten once taken. */
export function takeWindows(text: string): WindowReader | undefined {
  for (let position = remembered.length - 1; position >= 0; position--) {
    const entry = remembered[position]!;
    // The same string object compares equal at once; a different one of the same length is rare.
    if (entry.text.length === text.length && entry.text === text) {
      remembered.splice(position, 1);
      return entry.read;
    }
  }
  return undefined;
}
