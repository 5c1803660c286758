import type {TextCollector} from './collect-text.js';
import type {ParseState} from './state.js';

/*
 * The text right after the page's headline (issue 33 item 2): where most pages that show their date
 * only as text write it (`<h1>…</h1><p><em>10.11.2021</em></p>`, a subtitle `Handball Schweiz • 02.02.2022`,
 * `<div class="release">dpa am 25.01.2022</div>`). The rules read a date in it (body-rules.ts).
 */

/** How many characters after the headline are kept. */
export const maxHeadlineText = 200;

/**
 * Called as an `<h1>` closes (`state.depth` is its parent's): the first one outside nav/footer/aside/form
 * (a hidden "Navigation" heading is not the headline) starts reading the text
 * that follows it up to the end of its parent's parent (a title wrapper's sibling holds the byline
 * as often as the h1's own), kept in `snapshot.afterHeadline`. An empty text leaves the field absent,
 * so a later `<h1>` may read its own.
 */
export function readAfterHeadline(state: ParseState): void {
  const {snapshot} = state;
  if (snapshot.afterHeadline !== undefined || state.svgDepth > 0 || state.chromeDepth > 0) return;
  snapshot.afterHeadline = '';
  const depth = Math.max(1, state.depth - 1);
  const collector: TextCollector = {depth, text: '', cut: false, done: (text) => {
    if (text === '') delete snapshot.afterHeadline;
    else snapshot.afterHeadline = text.length > maxHeadlineText ? text.slice(0, maxHeadlineText) : text;
  }};
  // The collectors stay in nesting order (finishText reads the last as the deepest): the h1's own are still open here.
  const {collectors} = state;
  let index = collectors.length;
  while (index > 0 && collectors[index - 1]!.depth > depth) index--;
  collectors.splice(index, 0, collector);
}
