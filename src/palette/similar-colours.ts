import {linearChannel, type Rgb} from './contrast.js';

/** A colour and how many pixels it stands for. */
export interface CountedColour {
  rgb: Rgb;
  count: number;
}

/**
 * Below this CIE76 distance two colours read as one at a glance (about 2.3 is the smallest difference
 * people notice side by side): a palette lists them once.
 */
export const sameColourDistance = 10;

/** CIELAB (D65) of an sRGB colour: L from 0 (black) to 100 (white). */
export function toLab([red, green, blue]: Rgb): [number, number, number] {
  const [r, g, b] = [linearChannel(red), linearChannel(green), linearChannel(blue)];
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const x = f((0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047);
  const y = f(0.2126729 * r + 0.7151522 * g + 0.072175 * b);
  const z = f((0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** CIE76 colour difference: the distance in CIELAB. */
export function deltaE(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
}

/**
 * The colours with those closer than {@link sameColourDistance} to a larger one folded into it (its
 * count grows, its value stays), largest first. The quantizer keeps colours apart by an RGB distance
 * that is either too coarse for dark colours or too fine for light ones; this pass is perceptual.
 */
export function mergeSimilar(colours: readonly CountedColour[]): CountedColour[] {
  const kept: Array<CountedColour & {lab: [number, number, number]}> = [];
  for (const colour of [...colours].sort((a, b) => b.count - a.count)) {
    const lab = toLab(colour.rgb);
    const near = kept.find((other) => deltaE(other.lab, lab) < sameColourDistance);
    if (near) near.count += colour.count;
    else kept.push({rgb: colour.rgb, count: colour.count, lab});
  }
  return kept.map(({rgb, count}) => ({rgb, count})).sort((a, b) => b.count - a.count);
}
