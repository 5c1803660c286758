// The card on the server: the same tree as the element, written as escaped HTML inside a
// declarative shadow root, so it shows before (and without) any script, and the element, when
// its module loads, keeps it instead of asking the endpoint again.
import {cardView, type CardData} from './card-model.js';
import {cardCss} from './card-style.js';
import {cardTree, escapeHtml, treeToHtml} from './card-tree.js';

/** Options of {@link renderCard}. */
export interface RenderCardOptions {
  /** The link asked for: the card's link when `data.url` is missing, and the element's `href`. */
  href?: string;
}

/**
 * The card of an endpoint result's `data` as an HTML string: `<link-preview>` with its shadow root
 * (`<template shadowrootmode="open">`, with the stylesheet in a `<style>`). Every value is escaped
 * and every URL is http(s) or left out. The page needs `style-src 'unsafe-inline'` (or a nonce you
 * add) if its Content-Security-Policy restricts styles.
 */
export function renderCard(data: CardData | null | undefined, options: RenderCardOptions = {}): string {
  const view = cardView(data, options.href);
  const colours = view.colors ? `:host{--lp-palette-bg:${view.colors.background};--lp-palette-fg:${view.colors.color}}` : '';
  const href = view.href ? ` href="${escapeHtml(view.href)}"` : '';
  return `<link-preview${href} state="ready" rendered><template shadowrootmode="open"><style>${cardCss}${colours}</style>${treeToHtml(cardTree(view))}</template></link-preview>`;
}

export type {CardData} from './card-model.js';
