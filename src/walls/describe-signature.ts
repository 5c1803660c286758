import {describeMarker} from './markers.js';
import type {WallMarker, WallSignature} from './signatures.js';

const list = (markers: readonly WallMarker[]) => markers.map((marker) => `\`${describeMarker(marker)}\``).join(', ');

/**
 * A signature's markers in one line, as the table of docs/walls.md shows them:
 * `all: …; 1 of: …; none: …` (a test holds the docs to this).
 */
export function describeSignature(signature: WallSignature): string {
  const parts = [`all: ${list(signature.all)}`];
  if (signature.some) parts.push(`${signature.min ?? 1} of: ${list(signature.some)}`);
  if (signature.none && signature.none.length > 0) parts.push(`none: ${list(signature.none)}`);
  return parts.join('; ');
}
