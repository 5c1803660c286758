/*
 * htmlparser2 12's tree rules (Parser.js), as data: which open element a new tag closes, the void
 * elements, foreign (SVG/MathML) content and its integration points, SVG's camelCase names, and the
 * elements whose content is raw text. scan-html.ts applies them as the Parser does.
 */

/**
 * A per-tag-name object the scanner passes with open and close events, the same for every tag of
 * that name: a handler may keep what it derives from the name in `data` instead of looking it up
 * again (htmlparser2 passes no such object: its second `onclosetag` argument is a boolean).
 */
export interface TagSlot {
  data: unknown;
}


const formTags = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const pTag = new Set(['p']);
const headingTags = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
const tableSectionTags = new Set(['thead', 'tbody']);
const ddtTags = new Set(['dd', 'dt']);
const rtpTags = new Set(['rt', 'rp']);
export const openImpliesClose = new Map<string, ReadonlySet<string>>([
  ['tr', new Set(['tr', 'th', 'td'])], ['th', new Set(['th'])], ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])], ['a', new Set(['a'])], ['li', new Set(['li'])], ['p', pTag],
  ['h1', headingTags], ['h2', headingTags], ['h3', headingTags], ['h4', headingTags], ['h5', headingTags], ['h6', headingTags],
  ['select', formTags], ['input', formTags], ['output', formTags], ['button', formTags], ['datalist', formTags], ['textarea', formTags],
  ['option', new Set(['option'])], ['optgroup', new Set(['optgroup', 'option'])], ['dd', ddtTags], ['dt', ddtTags],
  ['address', pTag], ['article', pTag], ['aside', pTag], ['blockquote', pTag], ['details', pTag], ['div', pTag], ['dl', pTag],
  ['fieldset', pTag], ['figcaption', pTag], ['figure', pTag], ['footer', pTag], ['form', pTag], ['header', pTag], ['hr', pTag],
  ['main', pTag], ['nav', pTag], ['ol', pTag], ['pre', pTag], ['section', pTag], ['table', pTag], ['ul', pTag],
  ['rt', rtpTags], ['rp', rtpTags], ['tbody', tableSectionTags], ['tfoot', tableSectionTags],
]);
export const voidElements = new Set([
  'area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen', 'link',
  'meta', 'param', 'source', 'track', 'wbr',
]);
export const htmlIntegrationElements = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignObject', 'desc', 'title']);
export const svgTagNameAdjustments = new Map([
  ['altglyph', 'altGlyph'], ['altglyphdef', 'altGlyphDef'], ['altglyphitem', 'altGlyphItem'], ['animatecolor', 'animateColor'],
  ['animatemotion', 'animateMotion'], ['animatetransform', 'animateTransform'], ['clippath', 'clipPath'], ['feblend', 'feBlend'],
  ['fecolormatrix', 'feColorMatrix'], ['fecomponenttransfer', 'feComponentTransfer'], ['fecomposite', 'feComposite'],
  ['feconvolvematrix', 'feConvolveMatrix'], ['fediffuselighting', 'feDiffuseLighting'], ['fedisplacementmap', 'feDisplacementMap'],
  ['fedistantlight', 'feDistantLight'], ['fedropshadow', 'feDropShadow'], ['feflood', 'feFlood'], ['fefunca', 'feFuncA'],
  ['fefuncb', 'feFuncB'], ['fefuncg', 'feFuncG'], ['fefuncr', 'feFuncR'], ['fegaussianblur', 'feGaussianBlur'], ['feimage', 'feImage'],
  ['femerge', 'feMerge'], ['femergenode', 'feMergeNode'], ['femorphology', 'feMorphology'], ['feoffset', 'feOffset'],
  ['fepointlight', 'fePointLight'], ['fespecularlighting', 'feSpecularLighting'], ['fespotlight', 'feSpotLight'], ['fetile', 'feTile'],
  ['feturbulence', 'feTurbulence'], ['foreignobject', 'foreignObject'], ['glyphref', 'glyphRef'], ['lineargradient', 'linearGradient'],
  ['radialgradient', 'radialGradient'], ['textpath', 'textPath'],
]);

/** The foreign-content stack's entries (htmlparser2's ForeignContext). */
export const none = 0;
export const svg = 1;
export const mathml = 2;

/** Tags whose content is raw text up to their end tag (outside SVG/MathML); `true`: entities are decoded in it. */
export const specialTags = new Map<string, boolean>([
  ['script', false], ['style', false], ['xmp', false], ['iframe', false], ['noembed', false], ['noframes', false],
  ['title', true], ['textarea', true], ['plaintext', false],
]);

/** A bit for each name some tag closes (28 of them): the scanner tests an open element against a tag's set with one AND. */
const impliedBits = new Map<string, number>();
for (const names of openImpliesClose.values()) {
  for (const name of names) if (!impliedBits.has(name)) impliedBits.set(name, 1 << impliedBits.size);
}
if (impliedBits.size > 31) throw new Error('tree-rules: more implied names than bits');

function impliesMask(name: string): number {
  let mask = 0;
  for (const implied of openImpliesClose.get(name) ?? []) mask |= impliedBits.get(implied)!;
  return mask;
}

/** What the tree rules say about one (final, lowercase) tag name, looked up once per name. */
export interface NameInfo extends TagSlot {
  name: string;
  isVoid: boolean;
  /** The open elements it closes (Parser's openImpliesClose), as a mask of their {@link bit}s (0: none). */
  implies: number;
  /** This name's bit in the masks of `implies`, if some tag closes it (0 otherwise). */
  bit: number;
  /** The foreign context it opens, or -1. */
  context: number;
}

// A cache of immutable facts about tag names (the same for every page): no data of a call outlives it.
const nameInfos = new Map<string, NameInfo>();

export function nameInfo(name: string): NameInfo {
  let info = nameInfos.get(name);
  if (info === undefined) {
    info = {
      name,
      data: undefined,
      isVoid: voidElements.has(name),
      implies: impliesMask(name),
      bit: impliedBits.get(name) ?? 0,
      context: voidElements.has(name) ? -1 : name === 'svg' ? svg : name === 'math' ? mathml : htmlIntegrationElements.has(name) ? none : -1,
    };
    if (nameInfos.size < 2000) nameInfos.set(name, info);
  }
  return info;
}
