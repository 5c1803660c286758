import {invalidOption} from '../option-checks.js';
import {LinkpeekError} from '../errors.js';
import {allowsLocalhostNames, isLocalhostName} from '../url/address.js';
import type {OverlayOptions, ResolvedOverlay} from './provider.js';
import type {AddressPolicy} from '../url/options.js';

const option = 'screenshot.overlay.background';

const maxLength = 2_000;

/** What `screenshot.overlay.background` holds. */
export type BackgroundKind = 'color' | 'gradient' | 'image';

// CSS named colours (CSS Color 4), plus `transparent`.
const namedColors = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood ' +
    'cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray ' +
    'darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
    'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue ' +
    'firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew ' +
    'hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
    'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
    'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue ' +
    'mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred ' +
    'midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
    'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple ' +
    'rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue ' +
    'slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white ' +
    'whitesmoke yellow yellowgreen transparent'
  ).split(' '),
);
// Words a gradient may hold besides colours: directions, shapes, sizes, positions, interpolation.
const gradientWords = new Set(
  (
    'to left right top bottom center at from in circle ellipse closest-side closest-corner farthest-side ' +
    'farthest-corner srgb srgb-linear display-p3 a98-rgb prophoto-rgb rec2020 lab oklab xyz xyz-d50 xyz-d65 hsl hwb ' +
    'lch oklch shorter longer increasing decreasing hue'
  ).split(' '),
);
const number = String.raw`[-+]?(?:\d+(?:\.\d+)?|\.\d+)`;
const hexColor = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const functionColor = new RegExp(String.raw`^(?:rgba?|hsla?)\(\s*(?:${number}(?:%|deg|grad|rad|turn)?\s*[,/]?\s*){3,4}\)$`, 'i');
const gradient = /^(?:repeating-)?(?:linear|radial|conic)-gradient\((.*)\)$/is;
// One token of a gradient's arguments; a function colour is checked by `functionColor` on its own.
const gradientToken = new RegExp(
  String.raw`\s+|,|\/|#[0-9a-z]+|(?:rgba?|hsla?)\([^()]*\)|${number}(?:%|deg|grad|rad|turn|px|em|rem|vw|vh|vmin|vmax|cm|mm|in|pt|pc|ch|ex)?|[a-z][a-z0-9-]*`,
  'iy',
);

function isColor(value: string): boolean {
  return hexColor.test(value) || functionColor.test(value) || namedColors.has(value.toLowerCase());
}

function isGradient(value: string): boolean {
  const inner = gradient.exec(value)?.[1];
  if (inner === undefined || inner.trim() === '') return false;
  gradientToken.lastIndex = 0;
  while (gradientToken.lastIndex < inner.length) {
    const start = gradientToken.lastIndex;
    const match = gradientToken.exec(inner);
    if (!match || match.index !== start) return false;
    const token = match[0];
    if (/^[\s,/]/.test(token) || /^[-+.\d]/.test(token)) continue;
    if (token.startsWith('#') || token.includes('(')) {
      if (!isColor(token)) return false;
      continue;
    }
    if (!namedColors.has(token.toLowerCase()) && !gradientWords.has(token.toLowerCase())) return false;
  }
  return true;
}

/**
 * Sorts a background into a colour, a gradient or an image URL. Colours and gradients are checked
 * against a strict grammar (only numbers, colours and gradient keywords: nothing that could load a
 * resource or leave the CSS declaration); the browser's own parser has the last word when the
 * overlay is drawn.
 * @throws LinkpeekError EINVALOPTION naming `screenshot.overlay.background`; EFORBIDDENURL for an
 * image URL whose host is an address the policy refuses
 */
export function classifyBackground(value: unknown, allowAddress: AddressPolicy): BackgroundKind {
  const expected = 'must be a hex, rgb() or rgba() colour, a CSS gradient or an http(s) image URL';
  if (typeof value !== 'string' || value.trim() === '' || value.length > maxLength) throw invalidOption(option, expected, value);
  const trimmed = value.trim();
  if (/^https?:\/\//i.test(trimmed)) {
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      throw invalidOption(option, 'is not a valid http(s) URL', value);
    }
    // What validateUrl refuses by the URL alone: a loopback name, or an IP literal the policy
    // refuses. Names are resolved, and checked again, when the image is fetched.
    const host = url.hostname;
    const literal = host.startsWith('[')
      ? {address: host.slice(1, -1), family: 6 as const}
      : /^\d+\.\d+\.\d+\.\d+$/.test(host)
        ? {address: host, family: 4 as const}
        : undefined;
    if ((isLocalhostName(host) && !allowsLocalhostNames(allowAddress)) || (literal && !allowAddress(literal.address, literal.family))) {
      throw new LinkpeekError('EFORBIDDENURL', `Option \`${option}\` points to an address that is not allowed.`, {
        data: {[option]: 'points to a forbidden address'},
      });
    }
    return 'image';
  }
  if (isColor(trimmed)) return 'color';
  if (isGradient(trimmed)) return 'gradient';
  throw invalidOption(option, expected, value);
}

/**
 * Validates `screenshot.overlay`: an object with `browser` (`'light'` or `'dark'`) and/or
 * `background`.
 * @throws LinkpeekError EINVALOPTION, EFORBIDDENURL (see {@link classifyBackground})
 */
export function normalizeOverlay(overlay: unknown, allowAddress: AddressPolicy): ResolvedOverlay | null {
  if (overlay === undefined) return null;
  if (typeof overlay !== 'object' || overlay === null || Array.isArray(overlay)) {
    throw invalidOption('screenshot.overlay', 'must be an object such as {browser: \'dark\', background: \'#f5f5f5\'}', overlay);
  }
  const {browser, background, ...rest} = overlay as OverlayOptions;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) {
    throw new LinkpeekError('EINVALOPTION', `Unknown option \`screenshot.overlay.${unknown}\`. It takes \`browser\` and \`background\`.`, {
      data: {[`screenshot.overlay.${unknown}`]: 'is not a known option'},
    });
  }
  if (browser !== undefined && browser !== 'light' && browser !== 'dark') {
    throw invalidOption('screenshot.overlay.browser', "must be one of 'light', 'dark'", browser);
  }
  if (browser === undefined && background === undefined) {
    throw invalidOption('screenshot.overlay', 'needs `browser`, `background` or both');
  }
  if (background !== undefined) classifyBackground(background, allowAddress);
  return {browser: browser ?? null, background: background === undefined ? null : background.trim()};
}
