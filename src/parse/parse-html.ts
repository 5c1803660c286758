import {Parser, type Tokenizer} from 'htmlparser2';
import {FastTokenizer} from './fast-tokenizer.js';
import {recordByline, trackChrome} from './collect-bylines.js';
import {closeItemScopes, openItemScope, recordMicrodata} from './collect-microdata.js';
import {appendText, finishText} from './collect-text.js';
import {createParseState} from './state.js';
import type {Snapshot} from './snapshot.js';
import {attributeTags, closeHandlers, openHandlers} from './tag-handlers.js';

export type {ImageTag, LinkTag, MediaTag, MetaTag, MicrodataValue, PictureSource, Snapshot} from './snapshot.js';
export {maxImages, maxPictureSources, microdataProps, minParagraphLength} from './snapshot.js';

/** Cleared at load if the installed htmlparser2 and {@link FastTokenizer} disagree on a sample (see the end of this file). */
let useFastTokenizer = true as boolean;

/** Whether {@link parseHtml} uses {@link FastTokenizer} (false only if the load-time check failed). */
export const usesFastTokenizer = (): boolean => useFastTokenizer;

const noAttributes: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * Builds the parse state and the htmlparser2 callbacks that fill its {@link Snapshot}. `fast` swaps in
 * {@link FastTokenizer}, which gives the same snapshot; without it this is the reference full parse.
 */
function createCollector(fast: boolean): {snapshot: Snapshot; parser: Parser} {
  const state = createParseState();
  // Attributes are read through onattribute into an object made only for the tags we read: asking
  // htmlparser2 for onopentag would build an attribute object for every tag of the page.
  let tag: string | null = null;
  let attribs: Record<string, string> | null = null;
  // Any element can carry microdata: these three are read from every tag, into plain variables.
  let itemprop: string | undefined;
  let itemscope = false;
  let itemtype: string | undefined;
  // Read on the tags of collect-bylines.ts (bylines and dates named by a class or id).
  let className: string | undefined;
  let id: string | undefined;

  // The tag is complete once the next token arrives: then its handler runs, with all its attributes.
  const flush = (): void => {
    if (tag === null) return;
    const name = tag;
    tag = null;
    const read = attribs ?? noAttributes;
    openHandlers.get(name)?.(state, read);
    if (itemprop !== undefined) recordMicrodata(state, name, read, itemprop, itemscope);
    if (itemscope) openItemScope(state, itemprop, itemtype);
    trackChrome(state, name, true);
    if (className !== undefined || id !== undefined || name === 'a') recordByline(state, name, read, className, id);
  };

  const parser = new Parser(
    {
      onopentagname(name) {
        flush();
        state.depth++;
        state.elements++;
        tag = name;
        attribs = attributeTags.has(name) ? {} : null;
        itemprop = undefined;
        itemscope = false;
        itemtype = undefined;
        className = undefined;
        id = undefined;
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
        } else if (first === 99 && name === 'class') {
          className ??= value;
        }
      },
      ontext(text) {
        flush();
        if (state.json !== null) {
          state.json += text;
          return;
        }
        if (state.collectors.length === 0 || state.rawText) return;
        appendText(state.collectors, text);
      },
      onend() {
        flush();
      },
      onclosetag(name) {
        flush();
        state.depth--;
        closeHandlers.get(name)?.(state);
        trackChrome(state, name, false);
        if (state.media !== null && state.depth < state.mediaDepth) state.media = null;
        state.collectors = finishText(state.collectors, state.depth);
        closeItemScopes(state);
      },
    },
    {
      decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true,
      ...(fast && useFastTokenizer ? {Tokenizer: FastTokenizer as unknown as typeof Tokenizer} : {}),
    },
  );
  const tokenizer = (parser as unknown as {tokenizer: unknown}).tokenizer;
  if (tokenizer instanceof FastTokenizer) {
    // The pending tag's handler may start a text collector, so it runs first (as ontext would run it).
    tokenizer.wantsText = () => {
      flush();
      return state.json !== null || (state.collectors.length > 0 && !state.rawText);
    };
  }
  return {snapshot: state.snapshot, parser};
}

/**
 * Parses an HTML document in one htmlparser2 pass (no DOM tree) and records only what the field
 * rules read: metas, links, title, `<html lang>`, `<base href>`, JSON-LD, microdata, `<time>`, the
 * first `<h1>` and `<p>`, the first images (with their `<picture>` sources) and the first
 * `<video>`/`<audio>` elements.
 * Never throws on malformed HTML: htmlparser2 recovers the way browsers mostly do.
 * @example parseHtml('<title>Hi</title>').title // 'Hi'
 */
export function parseHtml(html: string): Snapshot {
  const {snapshot, parser} = createCollector(true);
  parser.end(html);
  return snapshot;
}

/**
 * Same as {@link parseHtml} for a document that arrives in pieces (e.g. a decoded response stream);
 * the result equals `parseHtml(chunks.join(''))`.
 */
export function parseHtmlChunks(chunks: Iterable<string>): Snapshot {
  const {snapshot, parser} = createCollector(true);
  for (const chunk of chunks) parser.write(chunk);
  parser.end();
  return snapshot;
}

/**
 * The reference implementation: {@link parseHtml} with htmlparser2's own tokenizer, reading every
 * character. Slower; the differential tests check that {@link parseHtml} always gives the same snapshot.
 */
export function parseHtmlReference(html: string): Snapshot {
  const {snapshot, parser} = createCollector(false);
  parser.end(html);
  return snapshot;
}

/** {@link parseHtmlChunks} with htmlparser2's own tokenizer (see {@link parseHtmlReference}). */
export function parseHtmlChunksReference(chunks: Iterable<string>): Snapshot {
  const {snapshot, parser} = createCollector(false);
  for (const chunk of chunks) parser.write(chunk);
  parser.end();
  return snapshot;
}

// FastTokenizer reuses private parts of htmlparser2's Tokenizer: should an update change them, the
// sample below would parse differently, and every parse falls back to the stock tokenizer.
const sample = '<!DOCTYPE html><html lang=en><head><title>A &amp; B</title><meta property="og:title" content=\'T &quot;x&quot;\'>'
  + '<style media="x">p>a{}</style><script>if (a < b && "</scr" + "ipt>") {}</script><!-- <p>no --><svg><title>s</title><path d="M0"/></svg>'
  + '<script type="application/ld+json">{"@type":"Article","headline":"H"}</script></head><body><div class="x" data-y=\'1 > 0\' '
  + 'itemscope itemtype=https://schema.org/Article><h1 id=h>Head&nbsp;line</h1><p>' + 'Long enough text for the paragraph rule. '.repeat(2)
  + '</p><span itemprop="author">Ann</span><img src="/i.png" width=600><time datetime="2026-01-02">x</time></div></body></html>';
if (JSON.stringify(parseHtml(sample)) !== JSON.stringify(parseHtmlReference(sample))
  || JSON.stringify(parseHtmlChunks(sample.match(/[^]{1,7}/g) ?? [])) !== JSON.stringify(parseHtmlReference(sample))) {
  useFastTokenizer = false;
}
