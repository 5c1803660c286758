// WCAG 2.x colour contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio): the relative
// luminance of an sRGB colour and the ratio between two of them, from 1 (same) to 21 (black on white).

/** An sRGB colour as 0-255 channels. */
export type Rgb = readonly [red: number, green: number, blue: number];

/** `#RRGGBB` (uppercase, the service's form) of 0-255 channels, rounded and clamped. */
export function toHex([red, green, blue]: Rgb): string {
  const channel = (value: number) => Math.max(0, Math.min(255, Math.round(value))).toString(16).padStart(2, '0');
  return `#${channel(red)}${channel(green)}${channel(blue)}`.toUpperCase();
}

/** The channels of `#RGB` or `#RRGGBB` (either case). @throws TypeError for anything else */
export function parseHex(hex: string): Rgb {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new TypeError(`Not a hex colour: ${JSON.stringify(hex)}`);
  const digits = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  return [0, 2, 4].map((start) => Number.parseInt(digits.slice(start, start + 2), 16)) as unknown as Rgb;
}

/**
 * A 0-255 sRGB channel as linear light (0-1). WCAG 2.2 uses 0.04045 as the threshold (2.0 had
 * 0.03928, which gives the same result for 8-bit channels).
 */
export function linearChannel(channel: number): number {
  const value = channel / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance: 0 for black, 1 for white. */
export function relativeLuminance(colour: Rgb | string): number {
  const [red, green, blue] = typeof colour === 'string' ? parseHex(colour) : colour;
  return 0.2126 * linearChannel(red) + 0.7152 * linearChannel(green) + 0.0722 * linearChannel(blue);
}

/** WCAG contrast ratio of two colours, in either order: (L1 + 0.05) / (L2 + 0.05) with L1 the lighter. */
export function contrastRatio(a: Rgb | string, b: Rgb | string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}
