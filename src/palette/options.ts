import {invalidOption} from '../option-checks.js';

/** The palette option of a call (part of `ExtractOptions`). */
export interface PaletteCallOptions {
  /**
   * Add the colours of `image`, `logo` and `screenshot` to each: `palette`, `background_color`,
   * `color`, `alternative_color` (docs/palette.md). An image that cannot be fetched or decoded
   * simply has none.
   * @default false
   */
  palette?: boolean;
}

/** Validates a call's `palette`. @throws LinkpeekError EINVALOPTION */
export function normalizePalette(palette: PaletteCallOptions['palette']): boolean {
  if (palette === undefined) return false;
  if (typeof palette !== 'boolean') throw invalidOption('palette', 'must be a boolean', palette);
  return palette;
}
