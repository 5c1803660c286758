import {startText} from './collect-text.js';
import type {ParseState} from './state.js';

/*
 * The few elements of the most-pasted sites that carry a field no meta tag does, recorded in the one
 * parse pass into `Snapshot.marks` for the site rules (src/rules/sites): keys are `#id` (an `<h1>`'s
 * text), `#id@attr` (an `<img>`'s attribute), `tag@attr` (an attribute of the first such element),
 * `script#id` (a state script's raw text), `script:name` (an inline script that starts by setting the
 * state `name`, its raw text), `#id` of a span or div (its text) and `#id .a-offscreen`
 * (the text of the first element of that class in the box `#id`). Only these are looked at, so a page of another site
 * records nothing.
 */

/** `<h1>`s whose text is kept, by id: Amazon's product title (`h1#title` around `#productTitle`). */
const headingIds: ReadonlySet<string> = new Set(['title']);

/** Images whose attributes are kept, by id: Amazon's main product photo (a book's cover; the mobile site's `#main-image`, its large form in `data-a-hires`). */
const imageIds: ReadonlySet<string> = new Set(['landingImage', 'imgBlkFront', 'ebooksImgBlkFront', 'main-image']);
const imageAttributes = ['data-old-hires', 'data-a-hires', 'data-a-dynamic-image', 'src', 'alt'] as const;

/**
 * Elements whose text is kept, by id: Amazon's price as older pages and book pages write it
 * (`#priceblock_ourprice`, `#kindle-price`…), and its `#productTitle` (in `h1#title`, a book's binding
 * and edition follow it).
 */
const textIds: ReadonlySet<string> = new Set(['priceblock_ourprice', 'priceblock_dealprice', 'price_inside_buybox', 'kindle-price', 'price', 'productTitle']);
/** Boxes whose first `.a-offscreen` text is kept, by id: Amazon's buy box price (`#corePrice_feature_div .a-offscreen`). */
const boxIds: ReadonlySet<string> = new Set(['corePrice_feature_div', 'corePriceDisplay_desktop_feature_div']);
/** The class of the element in a box whose text is kept: Amazon's price for screen readers, `$29.99` whole. */
const boxClass = /(?:^|\s)a-offscreen(?:\s|$)/;
/** The tags whose id may be one of {@link textIds} or {@link boxIds}. */
const textTags: ReadonlySet<string> = new Set(['span', 'div']);
/** The longest of those ids, and which lengths they have: the scanner's first, cheap test. */
const maxMarkedId = 40;
const markedLengths = new Uint8Array(maxMarkedId + 1);
for (const id of [...textIds, ...boxIds]) markedLengths[id.length] = 1;

/**
 * Whether the id value written at `html[start, end)` is one of a span's or div's marked ids: the
 * scanner passes such an id on even where it reads no byline hints (inside a `<form>`, as Amazon's
 * buy box is). Read in place: only an id of a marked length is sliced.
 */
export function mayBeMarkedId(html: string, start: number, end: number): boolean {
  const length = end - start;
  if (length > maxMarkedId || markedLengths[length] === 0) return false;
  const id = html.slice(start, end);
  return textIds.has(id) || boxIds.has(id);
}

/** Custom elements whose attributes are kept: Reddit's post element. */
const tagAttributes: ReadonlyMap<string, readonly string[]> = new Map([
  ['shreddit-post', ['post-title', 'author', 'created-timestamp', 'content-href', 'post-type']],
]);

/** Scripts whose raw text is kept, by id: TikTok's embedded state (read by its rules, with JSON.parse). */
const stateScriptIds: ReadonlySet<string> = new Set(['__UNIVERSAL_DATA_FOR_REHYDRATION__', 'SIGI_STATE']);
/** The longest state script kept (a TikTok video page's is 100–400 kB). */
export const maxStateScript = 3 * 1024 * 1024;

/**
 * Inline scripts (no id, no type) whose raw text is kept, by the state they set at their start:
 * YouTube's player state (`var ytInitialPlayerResponse = {…};`, 2020–21 also
 * `window["ytInitialPlayerResponse"] = {…};`), whose `videoDetails` and `microformat` name the channel
 * and the publication date that watch pages without their microdata (2023–) carry nowhere else.
 */
const inlineStateNames = ['ytInitialPlayerResponse'] as const;
/** How a script sets a state at its start: `var name =`, `window.name =`, `window["name"] =` (the name follows). */
const setsState = /\s*(?:var\s+|let\s+|const\s+|window\.|window\[["'])(\w+)/y;
/** How many characters of an inline script's start are read for the state's name (the most kept before it is decided on). */
const inlineHeadLength = 96;

/** The custom tags whose attributes the parse reads (for tag-handlers' `attributeTags`). */
export const markedTags: readonly string[] = [...tagAttributes.keys()];

function mark(state: ParseState, key: string, value: string | undefined): void {
  if (value === undefined) return;
  const marks = (state.snapshot.marks ??= {});
  if (marks[key] === undefined && value.trim() !== '') marks[key] = value.trim();
}

/**
 * An element with an `id` opened (`attribs` holds an image's attributes): an `<h1>`, an `<img>`, or a
 * `<span>`/`<div>` of Amazon's price. The fast scan passes a span's or div's id on only when it may be
 * a byline's or is one of these ({@link mayBeMarkedId}), so other ids are not looked at.
 */
export function recordMarkedId(state: ParseState, name: string, attribs: Record<string, string>, id: string): void {
  if (name === 'h1') {
    if (!headingIds.has(id) || state.snapshot.marks?.[`#${id}`] !== undefined) return;
    startText(state.collectors, state.depth, (text) => mark(state, `#${id}`, text));
  } else if (name === 'img' && imageIds.has(id)) {
    for (const attribute of imageAttributes) mark(state, `#${id}@${attribute}`, attribs[attribute]);
  } else if (textTags.has(name)) {
    const marks = state.snapshot.marks;
    if (textIds.has(id) && marks?.[`#${id}`] === undefined) {
      startText(state.collectors, state.depth, (text) => mark(state, `#${id}`, text));
    } else if (boxIds.has(id) && state.markBox === undefined && marks?.[`#${id} .a-offscreen`] === undefined) {
      // Its classes are read until it closes, or until its price was read (recordMarkedClass).
      state.markBox = id;
      startText(state.collectors, state.depth, () => {
        if (state.markBox === id) state.markBox = undefined;
      });
    }
  }
}

/** An element opened in the box being read (`state.markBox`): its first `.a-offscreen`'s text is the box's mark. */
export function recordMarkedClass(state: ParseState, className: string): void {
  const box = state.markBox;
  if (box === undefined || !boxClass.test(className)) return;
  startText(state.collectors, state.depth, (text) => {
    mark(state, `#${box} .a-offscreen`, text);
    if (text.trim() !== '' && state.markBox === box) state.markBox = undefined;
  });
}

/** A custom element of {@link markedTags} opened: its attributes. */
export function recordMarkedTag(name: string): (state: ParseState, attribs: Record<string, string>) => void {
  const wanted = tagAttributes.get(name) ?? [];
  return (state, attribs) => {
    for (const attribute of wanted) mark(state, `${name}@${attribute}`, attribs[attribute]);
  };
}

/** Whether a `<script>` is a state script whose text is kept: then `state.markScript` names it until it closes. */
export function opensStateScript(state: ParseState, attribs: Record<string, string>): boolean {
  const id = attribs.id;
  if (id === undefined || !stateScriptIds.has(id) || state.snapshot.marks?.[`script#${id}`] !== undefined) return false;
  state.markScript = id;
  return true;
}

/** The state script's text, at its close. */
export function closeStateScript(state: ParseState, text: string): void {
  const id = state.markScript;
  state.markScript = undefined;
  if (id !== undefined && text.length <= maxStateScript) mark(state, `script#${id}`, text);
}

/** An inline script opened: its first characters are read for a state of {@link inlineStateNames}. */
export function opensInlineScript(state: ParseState): void {
  state.inlineHead = '';
}

/** The state an inline script's start (`text` from `start`, read up to `end`) sets at its start, if it is one kept. */
function stateSetAt(state: ParseState, text: string, start: number, end: number): string | undefined {
  setsState.lastIndex = start;
  const found = setsState.exec(text);
  if (found === null || setsState.lastIndex > Math.min(end, start + inlineHeadLength)) return undefined;
  const name = found[1]!;
  return (inlineStateNames as readonly string[]).includes(name) && state.snapshot.marks?.[`script:${name}`] === undefined ? name : undefined;
}

/** Whether `head`, an inline script's start, sets a kept state: then its text is kept from here on. */
function decideHead(state: ParseState, head: string): void {
  state.inlineHead = undefined;
  const name = stateSetAt(state, head, 0, head.length);
  if (name !== undefined) state.inlineState = {name, text: head};
}

/**
 * A piece of an inline script's text, `html[start, end)`, as the scanner passes it: a first piece long
 * enough to tell is read in place (no copy of a script that is not kept); else as {@link readInlinePiece}.
 */
export function readInlineRange(state: ParseState, html: string, start: number, end: number): void {
  if (state.inlineState === undefined && state.inlineHead === '' && end - start >= inlineHeadLength) {
    state.inlineHead = undefined;
    const name = stateSetAt(state, html, start, end);
    if (name !== undefined) state.inlineState = {name, text: html.slice(start, end)};
    return;
  }
  readInlinePiece(state, html.slice(start, end));
}

/**
 * A piece of an inline script's text: its start is read (over a few pieces if it must) for a state's
 * name; a state script's text is kept whole (at most {@link maxStateScript}), every other is let go.
 */
export function readInlinePiece(state: ParseState, piece: string): void {
  const kept = state.inlineState;
  if (kept !== undefined) {
    if (kept.text.length + piece.length > maxStateScript) state.inlineState = undefined;
    else kept.text += piece;
    return;
  }
  const head = state.inlineHead! + piece;
  if (head.length < inlineHeadLength) state.inlineHead = head;
  else decideHead(state, head);
}

/** The inline script closed: a state script's text is its mark. */
export function closeInlineScript(state: ParseState): void {
  // A script shorter than the start read: decided on now.
  if (state.inlineHead !== undefined && state.inlineHead !== '') decideHead(state, state.inlineHead);
  state.inlineHead = undefined;
  const found = state.inlineState;
  state.inlineState = undefined;
  if (found !== undefined) mark(state, `script:${found.name}`, found.text);
}
