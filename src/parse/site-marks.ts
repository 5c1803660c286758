import {startText} from './collect-text.js';
import type {ParseState} from './state.js';

/*
 * The few elements of the most-pasted sites that carry a field no meta tag does, recorded in the one
 * parse pass into `Snapshot.marks` for the site rules (src/rules/sites): keys are `#id` (an `<h1>`'s
 * text), `#id@attr` (an `<img>`'s attribute), `tag@attr` (an attribute of the first such element) and
 * `script#id` (a state script's raw text). Only these are looked at, so a page of another site
 * records nothing.
 */

/** `<h1>`s whose text is kept, by id: Amazon's product title (`h1#title` around `#productTitle`). */
const headingIds: ReadonlySet<string> = new Set(['title']);

/** Images whose attributes are kept, by id: Amazon's main product photo (a book's cover). */
const imageIds: ReadonlySet<string> = new Set(['landingImage', 'imgBlkFront', 'ebooksImgBlkFront', 'main-image']);
const imageAttributes = ['data-old-hires', 'data-a-dynamic-image', 'src', 'alt'] as const;

/** Custom elements whose attributes are kept: Reddit's post element. */
const tagAttributes: ReadonlyMap<string, readonly string[]> = new Map([
  ['shreddit-post', ['post-title', 'author', 'created-timestamp', 'content-href', 'post-type']],
]);

/** Scripts whose raw text is kept, by id: TikTok's embedded state (read by its rules, with JSON.parse). */
const stateScriptIds: ReadonlySet<string> = new Set(['__UNIVERSAL_DATA_FOR_REHYDRATION__', 'SIGI_STATE']);
/** The longest state script kept (a TikTok video page's is 100–400 kB). */
export const maxStateScript = 3 * 1024 * 1024;

/** The custom tags whose attributes the parse reads (for tag-handlers' `attributeTags`). */
export const markedTags: readonly string[] = [...tagAttributes.keys()];

function mark(state: ParseState, key: string, value: string | undefined): void {
  if (value === undefined) return;
  const marks = (state.snapshot.marks ??= {});
  if (marks[key] === undefined && value.trim() !== '') marks[key] = value.trim();
}

/**
 * An `<h1>` or `<img>` with an `id` opened (`attribs` holds the image's attributes). Other tags'
 * ids are not looked at: the fast scan reads a `<span>`'s or `<div>`'s id only when it may be a
 * byline's (read-attributes.ts), so a mark there would differ from the reference parse.
 */
export function recordMarkedId(state: ParseState, name: string, attribs: Record<string, string>, id: string): void {
  if (name === 'h1') {
    if (!headingIds.has(id) || state.snapshot.marks?.[`#${id}`] !== undefined) return;
    startText(state.collectors, state.depth, (text) => mark(state, `#${id}`, text));
  } else if (name === 'img' && imageIds.has(id)) {
    for (const attribute of imageAttributes) mark(state, `#${id}@${attribute}`, attribs[attribute]);
  }
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
