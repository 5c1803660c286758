import type {TextCollector} from './collect-text.js';
import {emptySnapshot, type MediaTag, type PictureSource, type Snapshot} from './snapshot.js';

/** An open microdata item (`itemscope`) and where it closes. */
export interface ItemScope {
  depth: number;
  /** The `itemprop` path from the outermost item (`review.author`); `null` for a top-level item. */
  path: string | null;
  type: string | null;
}

/** The snapshot fields filled from the first element whose text qualifies. */
export type FirstTextField = 'title' | 'h1' | 'paragraph';

/** Everything one parse tracks while it walks the document: the snapshot being filled and where we are. */
export interface ParseState {
  snapshot: Snapshot;
  /** Depth of the element being opened or closed (`<html>` is 1). */
  depth: number;
  seenHtml: boolean;
  svgDepth: number;
  /** Inside a `<script>`/`<style>`/`<noscript>`/`<template>` whose text is not page text. */
  rawText: boolean;
  /** Depth of nav/header/footer/aside/form nesting: their `<p>` is not the description. */
  sectionDepth: number;
  /** Depth of nav/footer/aside/form nesting: their author links and dates are not the page's. */
  chromeDepth: number;
  /** Depth of article/main nesting: their paragraphs may be the lead (collect-paragraphs.ts). */
  contentDepth: number;
  /** Depth of `<footer>`s opened inside an article or main: the post's meta line, not the site's footer (collect-bylines.ts). */
  postFooterDepth: number;
  /** Depth of figure/figcaption/blockquote/dialog nesting: their paragraphs are no description. */
  captionDepth: number;
  /** Whether a `<p>` is being read for {@link Snapshot.paragraphs}. */
  readingParagraph: boolean;
  /** Whether the last tag opened or closed a block (a text node after it starts a block's text: collect-paragraphs.ts). */
  blockEdge: boolean;
  /** The block's own text node being read as a paragraph written without `<p>` (collect-paragraphs.ts). */
  looseNode: string;
  /** How many `<h1>`s have read the text after them (collect-dates.ts). */
  headlinesRead: number;
  /** The text after the headline while it is read (collect-dates.ts). */
  headlineText: TextCollector | null;
  /** The text node being read for a date alone (date-nodes.ts). */
  dateNode: string;
  /** Whether the text after the headline, empty in its wrapper, is to be read on, and how many ancestors have read it (collect-dates.ts). */
  headlineResume: boolean;
  headlineClimbs: number;
  /** `elements` when the last dateline paragraph opened (collect-dates.ts). */
  datelineAt: number;
  /**
   * Whether a `<meta>` describing the page came before (description, og:description…): then the
   * lead paragraph is not needed, and only the first paragraph is read (collect-paragraphs.ts).
   */
  described: boolean;
  /** How many elements have opened so far: the current one's ordinal. */
  elements: number;
  collectors: TextCollector[];
  scopes: ItemScope[];
  /** The `<video>`/`<audio>` whose `<source>`s are being read, and its depth. */
  media: MediaTag | null;
  mediaDepth: number;
  /** The `<source>`s of the open `<picture>`, until its `<img>` takes them. */
  picture: PictureSource[] | null;
  /** Which first-text fields have an element being read, so a nested one does not start a second read. */
  collecting: Record<FirstTextField, boolean>;
  /** The text of the JSON-LD script being read. */
  json: string | null;
  /** The text node being read for a date's label (collect-labelled-dates.ts). */
  labelNode: string;
  /** The text after a label while it is read, and how many tags have passed since (collect-labelled-dates.ts). */
  labelTail: {text: string; tags: number} | null;
  /** A raw text node the label pre-check let go though {@link mayLabel} passes it (for an `&` alone): read into labelNode if more text comes before a tag. */
  labelPending: string | null;
  /** The id of the box whose classes are read for its price (site-marks.ts), while it is open. */
  markBox?: string | undefined;
  /** The id of the state script whose text `json` holds instead (site-marks.ts). */
  markScript?: string | undefined;
  /** The start of the inline script being read, until it is long enough to tell whether it sets a kept state (site-marks.ts). */
  inlineHead: string | undefined;
  /** The inline state script being kept, and its text so far (site-marks.ts). */
  inlineState: {name: string; text: string} | undefined;
  /** Whether the inline script being read is searched for an app state's date (state-dates.ts). */
  appScript: boolean;
  /** How many characters of inline scripts have been searched for that date (state-dates.ts). */
  stateSearched: number;
  /** The end of the script's text read so far, and where in it the search goes on (state-dates.ts). */
  stateCarry: string;
  stateFrom: number;
  /** How many dates were found there that were no page's; the page's slug they are tried against, once known (state-dates.ts). */
  stateTried: number;
  stateSlug?: string | undefined;
  /** How many metas and JSON-LD nodes have been looked at for a publication date (state-dates.ts). */
  stateMetas: number;
  stateNodes: number;
}

/** A fresh state for one document. */
export function createParseState(): ParseState {
  return {
    snapshot: emptySnapshot(),
    depth: 0,
    seenHtml: false,
    svgDepth: 0,
    rawText: false,
    sectionDepth: 0,
    chromeDepth: 0,
    contentDepth: 0,
    postFooterDepth: 0,
    captionDepth: 0,
    readingParagraph: false,
    blockEdge: false,
    looseNode: '',
    headlinesRead: 0,
    headlineText: null,
    dateNode: '',
    headlineResume: false,
    headlineClimbs: 0,
    datelineAt: -100,
    described: false,
    elements: 0,
    collectors: [],
    scopes: [],
    media: null,
    mediaDepth: 0,
    picture: null,
    collecting: {title: false, h1: false, paragraph: false},
    json: null,
    labelNode: '',
    labelTail: null,
    labelPending: null,
    // Set from the start, so the state keeps one shape while the page is read.
    inlineHead: undefined,
    inlineState: undefined,
    appScript: false,
    stateSearched: 0,
    stateCarry: '',
    stateFrom: 0,
    stateTried: 0,
    stateMetas: 0,
    stateNodes: 0,
  };
}
