import {Parser} from 'htmlparser2';
import {chromeTags, readsHints, recordByline, trackChrome} from './collect-bylines.js';
import {endLabelNode, endLabels, readLabelText, wantsLabelText} from './collect-labelled-dates.js';
import {closeItemScopes, openItemScope, recordMicrodata} from './collect-microdata.js';
import {allCut, appendText, finishText} from './collect-text.js';
import {scanHtml, WindowOverrun, type ScanHandler, type TagSlot} from './scan-html.js';
import type {WindowReader} from '../shared/page.js';
import {readInlineRange, readInlinePiece, recordMarkedClass, recordMarkedId} from './site-marks.js';
import {readStatePiece} from './state-dates.js';
import {endDateNode, readDateNodePiece, readRawDateNode} from './date-nodes.js';
import {endHeadlineBlock, resumeAfterHeadline} from './collect-dates.js';
import {createParseState, type ParseState} from './state.js';
import {endLooseNode, looseCloseTags, looseOpenTags, readLoosePiece, readRawLoose} from './collect-paragraphs.js';
import type {Snapshot} from './snapshot.js';
import {attributeTags, closeHandlers, openHandlers, type CloseHandler, type OpenHandler} from './tag-handlers.js';

export type {ImageTag, LinkTag, MediaTag, MetaTag, MicrodataValue, PictureSource, Snapshot} from './snapshot.js';
export {maxImages, maxPictureSources, microdataProps, minParagraphLength} from './snapshot.js';

const noAttributes: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** What the collector does for one tag name: its handlers, looked up once per name instead of once per map per tag. */
interface TagPlan {
  open: OpenHandler | undefined;
  close: CloseHandler | undefined;
  /** Whether its attributes are read into an object (see {@link attributeTags}). */
  readsAttributes: boolean;
  /** nav/footer/aside/form: see trackChrome. */
  chrome: boolean;
  /** Whether its close has work of its own (a close handler, or chrome): most tags' has none. */
  closes: boolean;
  /** Whether its opening, and its closing, is a block's edge (a text node after it may be a paragraph without `<p>`). */
  blockOpen: boolean;
  blockClose: boolean;
}

// A cache of compiled, immutable plans, one per tag name: no data of a call outlives it.
const plans = new Map<string, TagPlan>();

/** The plan of `name`, kept in the scanner's slot for the name when there is one (htmlparser2 passes none). */
function slotPlan(name: string, slot: TagSlot | boolean | undefined): TagPlan {
  if (typeof slot !== 'object') return planFor(name);
  return (slot.data as TagPlan | undefined) ?? (slot.data = planFor(name));
}

function planFor(name: string): TagPlan {
  let plan = plans.get(name);
  if (plan === undefined) {
    const close = closeHandlers.get(name);
    const chrome = chromeTags.has(name);
    plan = {
      open: openHandlers.get(name), close, readsAttributes: attributeTags.has(name), chrome, closes: close !== undefined || chrome,
      blockOpen: looseOpenTags.has(name), blockClose: looseCloseTags.has(name),
    };
    // Tag names come from the page: the cache stays bounded whatever it holds.
    if (plans.size < 2000) plans.set(name, plan);
  }
  return plan;
}

/**
 * Builds the parse state and the callbacks that fill its {@link Snapshot}: an htmlparser2 handler
 * (the reference parse) that {@link scanHtml} also drives (the fast one), with `wantsText` for it.
 */
function createCollector(tokenizer = false): {snapshot: Snapshot; handler: ScanHandler} {
  const state = createParseState();
  // Attributes are read through onattribute into an object made only for the tags we read: asking
  // htmlparser2 for onopentag would build an attribute object for every tag of the page.
  let tag: string | null = null;
  let plan: TagPlan | null = null;
  let attribs: Record<string, string> | null = null;
  // Any element can carry microdata: these three are read from every tag, into plain variables.
  let itemprop: string | undefined;
  let itemscope = false;
  let itemtype: string | undefined;
  // An offer's microdata value may be a `content` attribute on any element (collect-microdata.ts).
  let content: string | undefined;
  // Read on the tags of collect-bylines.ts (bylines and dates named by a class or id).
  let className: string | undefined;
  let id: string | undefined;
  // A `title` that starts with a digit (a date's, read with the class: collect-bylines.ts).
  let title: string | undefined;

  // The tag is complete once the next token arrives: then its handler runs, with all its attributes.
  const flush = (): void => {
    if (tag === null) return;
    const name = tag;
    tag = null;
    const read = attribs ?? noAttributes;
    plan!.open?.(state, read);
    if (itemprop !== undefined) recordMicrodata(state, name, read, itemprop, itemscope, content);
    if (itemscope) openItemScope(state, itemprop, itemtype);
    if (plan!.chrome) trackChrome(state, name, true);
    if (className !== undefined || id !== undefined || name === 'a') recordByline(state, name, read, className, id, title);
    // A box's classes are read from the elements inside it: before the id of this one may open a box.
    if (state.markBox !== undefined && className !== undefined) recordMarkedClass(state, className);
    if (id !== undefined) recordMarkedId(state, name, read, id);
  };

  const handler: ScanHandler = {
    // Asked by the scanner on a byline tag's class or id, after this tag's onopentagname flushed the one before.
    readsHints: () => readsHints(state),
    readsMarkClass: () => state.markBox !== undefined,
    onopentagname(name, slot) {
      if (tag !== null) flush();
      state.labelPending = null;
      if (state.labelNode !== '' || state.labelTail !== null) endLabelNode(state);
      if (state.dateNode !== '') endDateNode(state);
      if (state.looseNode !== '') endLooseNode(state);
      state.depth++;
      state.elements++;
      tag = name;
      plan = slotPlan(name, slot);
      state.blockEdge = plan.blockOpen;
      attribs = plan.readsAttributes ? {} : null;
      itemprop = undefined;
      itemscope = false;
      itemtype = undefined;
      content = undefined;
      className = undefined;
      id = undefined;
      title = undefined;
    },
    onattribute(name, value) {
      if (tag === null) return;
      if (attribs !== null && attribs[name] === undefined) attribs[name] = value;
      // A cheap first test on the first letter: 105 is `i` (itemprop, itemscope, itemtype, id), 99 `c` (class).
      const first = name.charCodeAt(0);
      if (first === 105) {
        if (name === 'itemprop') itemprop ??= value;
        else if (name === 'itemscope') itemscope = true;
        else if (name === 'itemtype') itemtype ??= value;
        else if (name === 'id') id ??= value;
      } else if (first === 99) {
        if (name === 'class') className ??= value;
        else if (name === 'content') content ??= value;
      } else if (first === 116 && name === 'title' && title === undefined) {
        // Read as the scanner passes it on (read-attributes.ts): only one that starts with a digit.
        const code = value.charCodeAt(0);
        if (code >= 48 && code <= 57) title = value.trim();
      }
    },
    ontext(text) {
      flush();
      if (state.json !== null) {
        state.json += text;
        return;
      }
      if (state.rawText) {
        // htmlparser2 gives a script's text as text; the scanner gives it to rawBody, wanted or not.
        if (tokenizer && state.appScript) readStatePiece(state, text);
        if (tokenizer && (state.inlineHead !== undefined || state.inlineState !== undefined)) readInlinePiece(state, text);
        return;
      }
      readLabelText(state, text);
      readDateNodePiece(state, text);
      readLoosePiece(state, text);
      if (state.collectors.length === 0) return;
      appendText(state.collectors, text);
    },
    onend() {
      flush();
      endLabels(state);
      if (state.dateNode !== '') endDateNode(state);
      if (state.looseNode !== '') endLooseNode(state);
    },
    // Kept small (the scanner calls it for every element): the work most closes do not need is in closeElement and endReads.
    onclosetag(name, slot) {
      if (tag !== null) flush();
      state.labelPending = null;
      if (state.labelNode !== '' || state.labelTail !== null) endLabelNode(state);
      if (state.dateNode !== '') endDateNode(state);
      if (state.looseNode !== '') endLooseNode(state);
      state.depth--;
      if (state.headlineText !== null) endHeadlineBlock(state, name);
      const closing = slotPlan(name, slot);
      state.blockEdge = closing.blockClose;
      if (closing.closes) closeElement(state, name, closing);
      if (state.media !== null || state.collectors.length !== 0 || state.scopes.length !== 0) endReads(state);
    },
    // The pending tag's handler may start a text collector, so it runs first (as ontext would run it).
    wantsText() {
      if (tag !== null) flush();
      return state.json !== null || state.labelTail !== null || (state.collectors.length > 0 && !state.rawText && !allCut(state.collectors));
    },
    // An inline script's text, in the scanner's pieces: searched for an app state's date (state-dates.ts).
    rawBody(html, start, end) {
      if (tag !== null) flush();
      if (end <= start) return;
      if (state.appScript) readStatePiece(state, html.slice(start, end));
      // An inline script that may set a site's state (site-marks.ts: YouTube's player state).
      if (state.inlineHead !== undefined || state.inlineState !== undefined) readInlineRange(state, html, start, end);
    },
    // A short text node that may hold a date's label, or the rest of one read so far (collect-labelled-dates.ts).
    wantsLabel: (html, start, end) => {
      if (state.labelNode !== '' || state.labelPending !== null || wantsLabelText(state, html, start, end)) return true;
      // Not given as text: read here for a date shown alone (date-nodes.ts) and a block's text (collect-paragraphs.ts), as ontext reads them when it is.
      readRawDateNode(state, html, start, end);
      readRawLoose(state, html, start, end);
      return false;
    },
  };
  return {snapshot: state.snapshot, handler};
}

/** The close handler of a tag that has one, and the nav/footer/aside/form count. */
function closeElement(state: ParseState, name: string, plan: TagPlan): void {
  plan.close?.(state);
  if (plan.chrome) trackChrome(state, name, false);
}

/** Ends the reads of the elements that closed: a `<video>`/`<audio>`'s sources, texts being collected, microdata items. */
function endReads(state: ParseState): void {
  if (state.media !== null && state.depth < state.mediaDepth) state.media = null;
  state.collectors = finishText(state.collectors, state.depth);
  if (state.headlineResume) resumeAfterHeadline(state);
  closeItemScopes(state);
}

const referenceOptions = {decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true};

/**
 * Parses an HTML document in one pass (no DOM tree; scan-html.ts, which reads it as htmlparser2 does)
 * and records only what the field rules read: metas, links, title, `<html lang>`, `<base href>`, JSON-LD, microdata, `<time>`, the
 * first `<h1>` and `<p>`, the first images (with their `<picture>` sources) and the first
 * `<video>`/`<audio>` elements.
 * Never throws on malformed HTML: it recovers as htmlparser2 does, the way browsers mostly do.
 * `windows`, when given, reads `html` a window at a time (a large body from decodeBody comes with
 * one, `Page.windows`): the snapshot is the same, without ever making `html` one flat string.
 * @example parseHtml('<title>Hi</title>').title // 'Hi'
 */
export function parseHtml(html: string, windows?: WindowReader): Snapshot {
  if (windows !== undefined && html.length > windowedLength) return parseWindows(windows, html);
  const {snapshot, handler} = createCollector();
  scanHtml(html, handler);
  return snapshot;
}

/**
 * Same as {@link parseHtml} for a document that arrives in pieces (e.g. a decoded response stream);
 * the result equals `parseHtml(chunks.join(''))`, which is what it computes: the body is capped
 * before it is parsed (`maxBodySize`), so holding it whole costs no more than the pieces.
 */
export function parseHtmlChunks(chunks: Iterable<string>): Snapshot {
  return parseHtml(Array.from(chunks).join(''));
}

/** Texts longer than this may be read in windows (below it, a string is cheap to allocate whole). */
const windowedLength = 64 * 1024;

/**
 * Parses the document that `read` reads, a window at a time (see {@link scanHtml}): the same snapshot
 * as `parseHtml(whole)`, which it parses instead in the rare case of a tag longer than a window's
 * margin.
 */
export function parseWindows(read: WindowReader, whole: string): Snapshot {
  const {snapshot, handler} = createCollector();
  try {
    scanHtml(read(0, 0) ?? '', handler, read);
    return snapshot;
  } catch (error) {
    if (!(error instanceof WindowOverrun)) throw error;
    const fresh = createCollector();
    scanHtml(whole, fresh.handler);
    return fresh.snapshot;
  }
}

/**
 * The reference implementation: the same collector driven by htmlparser2's own Parser and tokenizer,
 * reading every character. Slower; the differential tests check that {@link parseHtml} always gives
 * the same snapshot.
 */
export function parseHtmlReference(html: string): Snapshot {
  const {snapshot, handler} = createCollector(true);
  new Parser(handler, referenceOptions).end(html);
  return snapshot;
}

/** {@link parseHtmlReference} fed in pieces (htmlparser2 reads some malformed input differently in pieces). */
export function parseHtmlChunksReference(chunks: Iterable<string>): Snapshot {
  const {snapshot, handler} = createCollector(true);
  const parser = new Parser(handler, referenceOptions);
  for (const chunk of chunks) parser.write(chunk);
  parser.end();
  return snapshot;
}
