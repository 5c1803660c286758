/** The `maxwidth`/`maxheight` asked of a provider, in pixels. */
export interface Size {
  maxWidth?: number;
  maxHeight?: number;
}

/**
 * The oEmbed query pairs for `size`: `maxwidth` and `maxheight`, each only when a positive finite
 * number (rounded down to whole pixels).
 * @example sizePairs({maxWidth: 350.7, maxHeight: 0}) // [['maxwidth', '350']]
 */
export function sizePairs(size: Size): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of [['maxwidth', size.maxWidth], ['maxheight', size.maxHeight]] as const) {
    if (typeof value === 'number' && Number.isFinite(value) && value >= 1) pairs.push([name, String(Math.floor(value))]);
  }
  return pairs;
}

/** Sets (or replaces) `maxwidth`/`maxheight` on `url`'s query, as {@link sizePairs} gives them. */
export function setSize(url: URL, size: Size): void {
  for (const [name, value] of sizePairs(size)) url.searchParams.set(name, value);
}
