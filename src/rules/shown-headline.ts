import type {Snapshot} from '../parse/snapshot.js';
import {metaContentsOf} from './query.js';
import {named, type Rule} from './rule-kit.js';

/*
 * When the head's two titles disagree (og:title for sharing, `<title>` for search: two SEO wordings),
 * the headline the page shows decides (issue 33: the visible `<h1>`, `Coronavirus: New York ramps up
 * mass burials amid outbreak` for og:title `New York ramps up mass burials amid virus outbreak`).
 * Only then is the `<h1>` read: when the head's titles agree, og:title stands on the head alone (the
 * early stop, settled-fields.ts). The `<h1>` must tell the same story (most of its words in og:title)
 * and not be a kicker glued to it (`"Reformstau lösen" / <og:title>`) nor a part of it.
 */

const ogTitleKeys = ['og:title'];
/** Where a title's site segment or tagline starts: ` | `, ` - `, ` – `, ` — `, ` » `, ` :: `. */
const segment = / [|–—-] | » | :: /;

/** The words of a text that carry meaning: letters and digits, lowercase, three characters or more. */
function wordsOf(text: string): string[] {
  return text.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, ' ').split(/\s+/).filter((word) => word.length > 2);
}

const headline = (text: string): string => wordsOf(text.split(segment)[0]!).join(' ');

/**
 * Whether two headlines are two wordings, neither a part of the other (`Harbour` is the site's name in
 * `<title>`, not a second headline): most pages' titles are one, and settle on the head.
 */
function twoWordings(first: string, second: string): boolean {
  const one = first.split(' ');
  const other = second.split(' ');
  if (one.length < 3 || other.length < 3 || first.includes(second) || second.includes(first)) return false;
  // Of one story (a section's name or the site's slogan in `<title>` is not a second headline).
  return shareIn(one, new Set(other)) >= 0.3;
}

/** The share of `words` found in `other`. */
function shareIn(words: readonly string[], other: ReadonlySet<string>): number {
  return words.length === 0 ? 0 : words.filter((word) => other.has(word)).length / words.length;
}

/**
 * og:title, or the `<h1>` in its place when og:title and `<title>` tell two different headlines and the
 * `<h1>` is a third wording of the same story. One rule, so that the common case (one headline) is
 * og:title read from the head alone, and settles there.
 */
export const ogTitleOrShownHeadline: Rule = named('meta(og:title)', (snapshot: Snapshot) => {
  const list = metaContentsOf(snapshot, ogTitleKeys);
  const og = list[0];
  const title = snapshot.title;
  if (og === undefined || title === null || !twoWordings(headline(og), headline(title))) return list;
  const h1 = snapshot.h1;
  return h1 !== null && tellsSameStory(h1, og) ? [h1, ...list] : list;
});

/** Whether the `<h1>` words og:title's story anew: most of its words in it, not a kicker glued before it, nor a part of it. */
function tellsSameStory(h1: string, og: string): boolean {
  const shown = wordsOf(h1);
  const shared = wordsOf(og);
  const ogHead = headline(og);
  const h1Text = shown.join(' ');
  // A kicker or a date before the og:title's headline (`"Reformstau lösen" / …`), or a part of it: the og:title is the headline.
  if (shown.length < 2 || ogHead === '' || h1Text.includes(ogHead) || shared.join(' ').includes(h1Text)) return false;
  return shareIn(shown, new Set(shared)) >= 0.4 && shareIn(shared, new Set(shown)) >= 0.3;
}
