import {collapse} from './collect-text.js';
import type {ParseState} from './state.js';

/** A class or id that names a logo (`site-logo`, `logoImg`, `header__logo`), as `[class*=logo]` does. */
const namesLogo = (value: string | undefined): boolean => value !== undefined && /logo/i.test(value);

/** A `src` whose file name names a logo (`/img/acme-logo.png?v=2`), not a directory (`/logos/photo.jpg`). */
function fileNamesLogo(src: string | undefined): boolean {
  // Most sources do not name a logo anywhere: no need to find their file name.
  if (src === undefined || !namesLogo(src)) return false;
  const path = src.split(/[?#]/, 1)[0]!;
  return /logo/i.test(path.slice(path.lastIndexOf('/') + 1));
}

/**
 * Records the `alt` of the first `<img>` (outside SVG) that is a logo: its class, id or file name
 * names one, or its `alt` says so (`Acme logo`). A site's header logo carries its brand name there.
 */
export function recordLogoAlt(state: ParseState, attribs: Record<string, string>): void {
  const {snapshot} = state;
  const alt = attribs.alt;
  if (alt === undefined || snapshot.logoAlt !== undefined || state.svgDepth > 0) return;
  if (!namesLogo(attribs.class) && !namesLogo(attribs.id) && !fileNamesLogo(attribs.src) && !/\blogo\b/i.test(alt)) return;
  const text = collapse(alt);
  if (text !== '') snapshot.logoAlt = text;
}
