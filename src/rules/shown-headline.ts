import type {Snapshot} from '../parse/snapshot.js';
import {mainNodes, metaContentsOf, perCall, strings} from './query.js';
import {cleanText, foldText} from './normalize.js';
import {named, type Rule} from './rule-kit.js';

/*
 * The headline the page shows beats the head's wording of the same story (issue 33: the labels of
 * real pages are the visible `<h1>`, `Seat Mo 125: Was kann der Elektroroller mit dem Akku-Trolley?`
 * for og:title `Seat Mo 125: Der Elektroroller im Test`; sites reword og:title and `<title>` for
 * sharing and search). The `<h1>` takes og:title's place (or `<title>`'s, on a page without
 * og:title) when it tells the same story: most of its words in the head's headline and most of
 * those in it, and it is neither a part of that headline (`What we do` for `What we do - Creative
 * Commons`) nor the headline with a kicker, a date or a section glued before it (`"Reformstau
 * lösen" / <og:title>`, `1. Februar 2022 <og:title>`), which the page shows above its headline.
 * The `<h1>` lives in the body, so the title never settles on the head alone (settled-fields.ts).
 */

const ogTitleKeys = ['og:title'];
/** Where a title's site segment or tagline starts: ` | `, ` - `, ` – `, ` — `, ` » `, ` :: `, and the pipes' look-alikes (` │ `, ` ǀ `). */
const segment = / [|│ǀ–—-] | » | :: /;

/** The words of a text that carry meaning: letters and digits, lowercase, three characters or more. */
function wordsOf(text: string): string[] {
  // An ASCII title (most) needs neither the normalization nor the Unicode classes: the same words, without their cost.
  // The words are the runs of letters and digits (all else separates them), matched at once rather than split out.
  if (!nonAscii.test(text)) return text.toLowerCase().match(asciiWords) ?? [];
  return (text.normalize('NFC').toLowerCase().match(anyWords) ?? []).filter((word) => word.length > 2);
}
const nonAscii = /[^\x00-\x7f]/;
const asciiWords = /[a-z0-9]{3,}/g;
const anyWords = /[\p{L}\p{N}]+/gu;

/** The share of `words` found in `other`. */
function shareIn(words: readonly string[], other: ReadonlySet<string>): number {
  return words.length === 0 ? 0 : words.filter((word) => other.has(word)).length / words.length;
}

/**
 * og:title, with the `<h1>` before it when the `<h1>` words its story anew; on a page without
 * og:title, nothing (the `<title>` source, {@link titleOrShownHeadline}, asks the same of `<title>`).
 */
export const ogTitleOrShownHeadline: Rule = named('meta(og:title)', (snapshot: Snapshot) => {
  const list = metaContentsOf(snapshot, ogTitleKeys);
  const og = list[0];
  if (og === undefined) return list;
  const h1 = snapshot.h1;
  if (h1 === null) return list;
  return tellsSameStory(h1, og, () => isJsonldHeadline(snapshot, h1)) || isUnrelatedShareText(og, h1, snapshot.title) ? [h1, ...list] : list;
});

/**
 * Whether og:title is a share prompt set for every page (`Möchtest Du The Insiders mit mir zusammen
 * beitreten?`), not the page's title: it shares at most a fifth of its words with the `<h1>` (a short
 * word such as `mit`) and less than half with the `<title>` (the site's name the prompt names), while
 * those two tell one story (most of the `<h1>`'s words, three or more, are in the `<title>`).
 */
function isUnrelatedShareText(og: string, h1: string, title: string | null): boolean {
  if (title === null) return false;
  const shown = wordsOf(h1);
  const titleWords = new Set(wordsOf(title));
  if (shown.length < 3 || shareIn(shown, titleWords) < 0.5) return false;
  const head = wordsOf(og);
  return head.length >= 2 && shareIn(head, titleWords) < 0.5 && shareIn(head, new Set(shown)) <= 0.2;
}

/**
 * A title source read after og:title (twitter:title, JSON-LD, microdata, DC), with the `<h1>` before
 * its first value as og:title's has it, on a page without og:title: the first head source that
 * answers is judged against the headline the page shows, whichever it is (a Yoast WebPage `name` that
 * copies `<title>`, a JSON-LD headline cut short for search, an embedded video's `name`).
 */
export function withShownHeadline(source: Rule): Rule {
  return named(source.name, (snapshot: Snapshot, context) => {
    const result = source(snapshot, context);
    const h1 = snapshot.h1;
    if (h1 === null || result === null || result === undefined || perCall(snapshot, hasOgTitle)) return result;
    const value = typeof result === 'string' ? result : result[0];
    if (value === undefined) return result;
    // Judged once per call and value (the title rules run for the field and for its candidates).
    const judged = perCall(snapshot, shownMemo);
    let shown = judged.get(value);
    if (shown === undefined) judged.set(value, (shown = showsHeadlineFor(value, h1, snapshot)));
    return shown ? [h1, ...(typeof result === 'string' ? [result] : result)] : result;
  });
}
const shownMemo = (): Map<string, boolean> => new Map();
const hasOgTitle = (snapshot: Snapshot): boolean => metaContentsOf(snapshot, ogTitleKeys).length > 0;

/** Whether the `<h1>` takes the place of a head source's `value`, as og:title's. */
function showsHeadlineFor(value: string, h1: string, snapshot: Snapshot): boolean {
  // As the title rules read it: a JSON-LD string's entities decoded (`Sorge &#8211; Finanzdaten`).
  const first = cleanText(value);
  return first !== null && (tellsSameStory(h1, first, () => isJsonldHeadline(snapshot, h1)) || isUnrelatedShareText(first, h1, snapshot.title));
}

/** `<title>`, with the `<h1>` before it when the `<h1>` words its story anew (a page without og:title). */
export const titleOrShownHeadline: Rule = named('document(title)', (snapshot: Snapshot) => {
  const title = snapshot.title;
  if (title === null) return title;
  const h1 = snapshot.h1;
  return h1 !== null && metaContentsOf(snapshot, ogTitleKeys).length === 0 && tellsSameStory(h1, title) ? [h1, title] : title;
});

/** Whether the `<h1>` words `headTitle`'s story anew: most of its words in it and most of its in the `<h1>`, not a part of it, nor it with a kicker glued before. */
function tellsSameStory(h1: string, headTitle: string, confirmed: () => boolean = no): boolean {
  const shown = wordsOf(h1);
  const head = wordsOf(headTitle.split(segment)[0]!);
  if (shown.length < 3 || head.length < 2) return false;
  const shownText = shown.join(' ');
  const headText = head.join(' ');
  // The same headline (the site's name aside): nothing to replace.
  if (shownText === headText) return false;
  // A short kicker before the head's headline behind a colon (`"Pure Leere": Marita Kramer verpasst …`):
  // the headline as the page shows it, the kicker one short segment before it.
  if (isColonKicker(h1, headText)) return true;
  // A part of the head's title, or a kicker, a date or a section before the head's headline (of four
  // words or more: `Wärmepumpe im Altbau` ends the question `Eignet sich eine Wärmepumpe im Altbau?`).
  // One word glued before a shorter headline is a kicker too (`<span class="roofline">Wurmkiste</span> Wurmkiste selber bauen`).
  if (wordsOf(headTitle).join(' ').includes(shownText) || ((head.length >= 4 || shown.length === head.length + 1) && shownText.includes(headText) && !shownText.startsWith(headText))) return false;
  // The head's headline cut short, the `<h1>` going on from it (`How to Care for Hydrangeas` for
  // `How to Care for Hydrangeas to Get the Most Beautiful Blooms on the Block`).
  if (shownText.startsWith(`${headText} `)) return true;
  const headInShown = shareIn(head, new Set(shown));
  if (shareIn(shown, new Set(head)) >= 0.4 && headInShown >= 0.3) return true;
  // A longer <h1> that the JSON-LD headline confirms, holding most of the head's words (og:title
  // `Windows 10 Netzwerk sehr langsam`, <h1> and headline `Wenn das Netzwerk unter Windows 10 sehr
  // langsam ist, könnte …`): the head's is a short wording for search and sharing.
  return head.length >= 3 && headInShown >= 0.75 && confirmed();
}

const no = (): boolean => false;

/** Whether `h1` is a kicker of at most 6 words, a colon, then the head's headline (as words, `headText`). */
function isColonKicker(h1: string, headText: string): boolean {
  const colon = h1.indexOf(': ');
  if (colon <= 0) return false;
  const kicker = h1.slice(0, colon).trim();
  return kicker.split(/\s+/).length <= 6 && wordsOf(h1.slice(colon + 2)).join(' ') === headText;
}

/** Whether the page's JSON-LD names `h1` as its headline too: two of its own sources agree on it. */
function isJsonldHeadline(snapshot: Snapshot, h1: string): boolean {
  const folded = foldText(h1);
  return strings(mainNodes(snapshot), 'headline').some((headline) => foldText(headline) === folded);
}
