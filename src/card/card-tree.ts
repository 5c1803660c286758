// The card as a small tree of elements, attributes and text: one description that two writers
// turn into DOM nodes (link-preview.ts, createElement/setAttribute/textContent only) or escaped
// HTML (render-card.ts). Attribute names come from this file only; values from the CardView.
import type {CardView} from './card-model.js';

/** An element of the card: a tag, its attributes and its children (text is a string). */
export interface CardNode {
  tag: string;
  attrs: Record<string, string>;
  children: (CardNode | string)[];
}

const node = (tag: string, attrs: Record<string, string> = {}, children: (CardNode | string | null)[] = []): CardNode => ({
  tag,
  attrs,
  children: children.filter((child): child is CardNode | string => child !== null),
});

/**
 * The card: one link (image, title, description, a product's price, publisher with logo, date), then the player of a
 * media link (outside the link: controls inside a link cannot be used). The image box keeps its
 * aspect ratio and the logo its 16×16 size, whether the files load or not, so nothing shifts.
 */
export function cardTree(view: CardView): CardNode {
  const body = node('span', {class: 'body'}, [
    node('span', {class: 'title', part: 'title'}, [view.title]),
    view.description ? node('span', {class: 'description', part: 'description'}, [view.description]) : null,
    node('span', {class: 'meta', part: 'meta'}, [
      view.price ? node('span', {class: 'price', part: 'price'}, [view.price]) : null,
      view.logo ? node('img', {class: 'logo', src: view.logo, alt: '', width: '16', height: '16', loading: 'lazy', decoding: 'async', referrerpolicy: 'no-referrer'}) : null,
      view.publisher ? node('span', {class: 'publisher'}, [view.publisher]) : null,
      view.date ? node('time', {datetime: view.date.iso}, [view.date.text]) : null,
    ]),
  ]);
  // The image is decorative: the link's text (title, description, publisher) already names it.
  // Drawn with or without an image (then a plain tile), so a card is always the skeleton's size.
  const image = view.image
    ? node('span', {class: 'media-box'}, [node('img', {class: 'image', src: view.image, alt: '', loading: 'lazy', decoding: 'async', referrerpolicy: 'no-referrer'})])
    : node('span', {class: 'media-box empty'});
  const inner = [image, body];
  const link = view.href
    ? node('a', {class: 'link', part: 'link', href: view.href, target: '_blank', rel: 'noopener noreferrer nofollow'}, inner)
    : node('span', {class: 'link', part: 'link'}, inner);
  const player = view.media
    ? node(view.media.kind, {class: `player ${view.media.kind}`, src: view.media.url, controls: '', preload: 'none', ...(view.media.kind === 'video' && view.image ? {poster: view.image} : {})}, [])
    : null;
  return node('div', {class: 'card', part: 'card'}, [link, player]);
}

/** The placeholder shown while the endpoint answers: the same boxes as a card with an image. */
export function skeletonTree(): CardNode {
  return node('div', {class: 'card skeleton', part: 'card', 'aria-hidden': 'true'}, [
    node('span', {class: 'link'}, [
      node('span', {class: 'media-box'}),
      node('span', {class: 'body'}, [node('span', {class: 'bar title'}), node('span', {class: 'bar description'}), node('span', {class: 'bar meta'})]),
    ]),
  ]);
}

const escapes: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'};
/** `value` safe as HTML text or a double-quoted attribute value. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

const voidTags = new Set(['img']);

/** The tree as HTML, every text and attribute value escaped. */
export function treeToHtml(tree: CardNode | string): string {
  if (typeof tree === 'string') return escapeHtml(tree);
  const attrs = Object.entries(tree.attrs)
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');
  if (voidTags.has(tree.tag)) return `<${tree.tag}${attrs}>`;
  return `<${tree.tag}${attrs}>${tree.children.map(treeToHtml).join('')}</${tree.tag}>`;
}
