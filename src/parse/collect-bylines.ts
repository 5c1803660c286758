import {includes} from './chars.js';
import {startText} from './collect-text.js';
import {anyDigit} from './digits.js';
import type {ParseState} from './state.js';
import type {BylineText} from './snapshot.js';

/*
 * Bylines and dates that live only in the page body (issue 12 points 2 and 8): elements whose class or
 * id names an author, a byline or a date (`.author`, `.c-byline__author`, `#byline`, `.publish_on`,
 * `.entry-date`…), and links to author pages (`/author/jane-doe`). Their text is recorded; the rules
 * decide what is a name or a date.
 */

/** The elements whose `class`/`id` is read: the ones bylines and dates are written in. */
export const bylineTags: readonly string[] = [
  'a', 'span', 'div', 'p', 'address', 'li', 'small', 'time', 'em', 'strong', 'b', 'cite', 'h2', 'h3', 'h4', 'h5', 'h6', 'dd', 'abbr',
];
export const bylineTagSet: ReadonlySet<string> = new Set(bylineTags);

/** How many author/byline elements are recorded. */
export const maxBylines = 12;
/** How many date elements are recorded. */
export const maxDateTexts = 6;

/** Sections whose author links and dates are the site's, not the page's (a header is not one: bylines sit there). */
export const chromeTags: ReadonlySet<string> = new Set(['nav', 'footer', 'aside', 'form']);

/**
 * Words one of which a class or id that names an author, a byline or a date contains (`by` covers `byline`;
 * `submitted` and `postmetadata` the posts' meta lines).
 */
const hintWords = ['aut', 'writer', 'verfasser', 'date', 'time', 'publish', 'posted', 'by', 'submitted', 'meta', 'topline', 'create'] as const;
// A cheap first test on a class or id: most fail it, so most need no splitting.
const hintPattern = new RegExp(hintWords.join('|'), 'i');
/** The hint words by the code of their first (lowercase ASCII) letter. */
const hintWordsByFirst: (string[] | undefined)[] = [];
/** A bit per pair of ASCII characters (7 bits each, lowercased) that starts a hint word: most pairs do not. */
const hintPairs = new Uint8Array(128 * 128);
for (const word of hintWords) {
  (hintWordsByFirst[word.charCodeAt(0)] ??= []).push(word);
  hintPairs[(word.charCodeAt(0) << 7) | word.charCodeAt(1)] = 1;
}

/**
 * Whether the class or id value written at `html[start, end)` may name an author, a byline or a date
 * ({@link classHint} is null for all others): it contains a hint word (ASCII letters, any case), or
 * an `&`, whose entity may decode to anything. Read in place, so the scanner slices only these.
 */
export function mayHint(html: string, start: number, end: number): boolean {
  if (end <= start) return false;
  let c = html.charCodeAt(start);
  for (let index = start; index < end - 1; index++) {
    const next = html.charCodeAt(index + 1);
    if (c === 38) return true;
    // A quick no for most positions: the pair here, lowercased, starts no hint word (a non-ASCII
    // character may pass this test, never the comparison after it).
    if (hintPairs[(((c | 0x20) & 0x7f) << 7) | ((next | 0x20) & 0x7f)] !== 0 && c < 128 && startsHintWord(html, index, end, c | 0x20)) return true;
    c = next;
  }
  return c === 38;
}

/** Whether a hint word starting with the letter `first` is written at `html[index, end)`, any case. */
function startsHintWord(html: string, index: number, end: number, first: number): boolean {
  search: for (const word of hintWordsByFirst[first]!) {
    if (index + word.length > end) continue;
    for (let offset = 1; offset < word.length; offset++) {
      const d = html.charCodeAt(index + offset);
      if (d >= 128 || (d | 0x20) !== word.charCodeAt(offset)) continue search;
    }
    return true;
  }
  return false;
}

/** A word of a class that says the element is something else: a picture, a bio, a comment's author. */
const excludedWords: ReadonlySet<string> = new Set([
  'comment', 'comments', 'avatar', 'image', 'img', 'photo', 'pic', 'picture', 'thumb', 'thumbnail', 'bio', 'description', 'desc',
  'about', 'social', 'follow', 'icon', 'count', 'title', 'role', 'job', 'email', 'mail', 'reply', 'replies', 'label',
  // A quote's or a customer's testimonial's author (`.testimonial-author`, `.quote-author`): the quoted, not the writer.
  'testimonial', 'testimonials', 'quote', 'quotes',
]);
const dateWords: ReadonlySet<string> = new Set(['date', 'dates', 'dateline', 'datetime', 'timestamp', 'time', 'pubdate', 'publishdate', 'postdate']);
/**
 * `author`, `authors`, `authorname` (a lowercase `authorName`), `writer`, `by` (`posted-by`), Joomla's `createdby`,
 * and the other languages' (`autor`, `autoren`, `auteur`, `auteurs`, `autore`, `verfasser`); not `authority`.
 */
const authorWord = /^(?:(?:author|writer|autor|auteur|autore|verfasser)(?:s|en|in|i)?(?:name|link|info|box)?|by|createdby)$/;
// Joomla's article info writes its writer in `dd.createdby` and its first date in `dd.create` (`Erstellt: …`).
const weakDateWords: ReadonlySet<string> = new Set(['published', 'publish', 'posted', 'postedon', 'publishedon', 'create', 'created']);

/**
 * A post's meta line, where blog themes and CMSs write `Submitted by <name> on <date>` (Drupal's
 * `.submitted`, classic WordPress themes' `.postmetadata`): read for its date (its name is a CMS
 * user's as often as the writer's, and the page's other bylines name the writer).
 */
function isMetaLine(words: readonly string[]): boolean {
  return words.some((word) => metaLineWords.has(word));
}
// `.submitted`, `.postmetadata`, and the meta lines of blog and news themes (`.entry-meta`, `.post-meta`, `.article__meta`,
// a headline's `.topline`), whose text holds the post's date among its author and section.
const metaLineWords: ReadonlySet<string> = new Set(['submitted', 'postmetadata', 'meta', 'postmeta', 'entrymeta', 'articlemeta', 'metainfo', 'metadata', 'topline']);

/** The label displays of Drupal's field modifiers (`field--label-hidden`, `field--label-above`, `field--label-inline`). */
const labelDisplays: ReadonlySet<string> = new Set(['hidden', 'above', 'inline', 'visually']);

/** What a class or id names. */
export type ClassHint = 'author' | 'byline' | 'date' | null;

/**
 * Hints by class or id value: a page repeats the same few values on most of its elements, so each is
 * read once per process (up to a bound, whatever the pages hold). A cache of a pure function of the
 * value: no data of a call outlives it.
 */
const hintCache = new Map<string, ClassHint>();
const maxCachedHints = 5000;

/** What a `class` or `id` value names: `author vcard` → author, `byline` → byline, `publish_on` → date. */
export function classHint(value: string): ClassHint {
  let hint = hintCache.get(value);
  if (hint === undefined) {
    hint = readClassHint(value);
    if (hintCache.size < maxCachedHints) hintCache.set(value, hint);
  }
  return hint;
}

function readClassHint(value: string): ClassHint {
  if (!hintPattern.test(value)) return null;
  // Words of every token: `c-byline__author` → c, byline, author; `publishedAt` → published, at.
  const words = value.split(/[\s_-]+|(?<=[a-z])(?=[A-Z])/).map((word) => word.toLowerCase());
  let author = false;
  let byline = false;
  let weakDate = false;
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    // Drupal writes every field's label display as a modifier (`field--label-hidden`, `field--label-above`): no label element.
    if (word === 'label' && labelDisplays.has(words[index + 1] ?? '')) continue;
    if (excludedWords.has(word)) return null;
    if (dateWords.has(word)) return 'date';
    if (authorWord.test(word)) author = true;
    else if (word.startsWith('byline')) byline = true;
    else if (weakDateWords.has(word)) weakDate = true;
  }
  if (!author && !byline && isMetaLine(words)) weakDate = true;
  return author ? 'author' : byline ? 'byline' : weakDate ? 'date' : null;
}

/** Whether a class that names a date names an author too (`date-author`, `author_date`, `post-date-author`). */
function namesAuthorToo(value: string): boolean {
  return value.split(/[\s_-]+|(?<=[a-z])(?=[A-Z])/).some((word) => authorWord.test(word.toLowerCase()));
}

/**
 * An `href` to an author's page: `/author/jane-doe`, `/authors/jd/`, `/profile/jdoe`, `/contributors/x`, and German and
 * French ones (`/autor/…`, `/autoren/…`, `/profil/…`, `/redaktion/…`, `/auteur/…`), lowercase as CMSs write them; not the
 * reader's account under `/profile/` ({@link accountPage}).
 */
export function isAuthorHref(href: string): boolean {
  return (includes(href, '/aut') || includes(href, '/profil') || includes(href, '/contributor') || includes(href, '/writer')
    || includes(href, '/redakt') || includes(href, '/forfatter') || includes(href, '/skribent') || includes(href, '/staff/'))
    && /\/(?:authors?|autor(?:en|in)?|autore|autori|auteurs?|profiles?|profil|contributors?|writers?|redakteur(?:e|in|innen)?|redaktion|forfattere?|skribent(?:er)?|staff)\/[^/?#\s]/.test(href)
    && !accountPage.test(href);
}

/**
 * A profile path that is the reader's account, not a writer's page: `/profil/creer-votre-profil`,
 * `/common/profile/member/optout/`, `/profile/edit`, `/profile/settings` (a site's account menu).
 */
const accountPage = /\/(?:profiles?|profil)\/(?:[^/?#]*\/)?(?:member|edit|settings|preferences|account|login|logout|log-in|sign-?in|sign-?up|register|signup|create|creer|cr%C3%A9er|new|optout|subscribe|mon-|my-)/i;

/** Whether a `rel` value has the `author` token. */
export function isRelAuthor(rel: string | undefined): boolean {
  return rel !== undefined && /(?:^|\s)author(?:\s|$)/i.test(rel);
}

/**
 * Whether {@link recordByline} may record anything for an element opening now: not inside nav, footer,
 * aside or form, and with room left for a byline or a date. When not, its class and id are not read.
 */
export function readsHints(state: ParseState): boolean {
  const {bylines, dateTexts} = state.snapshot;
  return state.chromeDepth === 0
    && (bylines === undefined || bylines.length < maxBylines || dateTexts === undefined || dateTexts.length < maxDateTexts);
}

/**
 * Records the element just opened when its class or id names an author, a byline or a date, or when
 * it is a link to an author page; its text is filled in when it closes. Outside nav/footer/aside/form.
 */
export function recordByline(state: ParseState, name: string, attribs: Record<string, string>, className: string | undefined, id: string | undefined, title?: string): void {
  if (state.chromeDepth > 0 || !bylineTagSet.has(name)) return;
  let kind = className === undefined ? null : classHint(className);
  if (kind === null && id !== undefined) kind = classHint(id);
  // A link to an author page, or any link marked `rel=author` (`By <a rel=author>Ann</a> and <a rel=author>Bo</a>`).
  if (kind === null && name === 'a' && ((attribs.href !== undefined && isAuthorHref(attribs.href)) || isRelAuthor(attribs.rel))) kind = 'author';
  if (kind === null) return;
  const {snapshot} = state;
  // An author element in a quote or a caption (`<blockquote>…<a href="/author/ann/">Ann Lee, CEO</a></blockquote>`,
  // a photo's `.author` credit) names the quoted or the photographer, not the page's writer.
  if (kind !== 'date' && state.captionDepth > 0) return;
  if (kind === 'date') {
    const list = (snapshot.dateTexts ??= []);
    if (list.length >= maxDateTexts) return;
    // The slot is taken now so the texts stay in document order; a text without a digit (a menu in a
    // header's `.meta`, `Mittwoch`) holds no date and leaves no entry, so it takes no slot. A `title`
    // that starts with a digit comes first, as an attribute wins over the text (`<abbr class="published"
    // title="2019-06-13T10:20:00+02:00">vor 3 Jahren</abbr>`, `<span class="date" title="13.06.2019 10:20"></span>`).
    const index = list.push('') - 1;
    startText(state.collectors, state.depth, (read) => {
      const text = title === undefined ? read : read === '' ? title : `${title} ${read}`;
      list[index] = text;
      if (!anyDigit.test(text)) list.splice(index, 1);
    });
    // A class naming the date and the author (`.date-author`: `Janic Cathomen, 01.12.2021`) is a byline too.
    if (className === undefined || !namesAuthorToo(className)) return;
    kind = 'byline';
  }
  const list = (snapshot.bylines ??= []);
  if (list.length >= maxBylines) return;
  const entry: BylineText = {kind, text: '', start: state.elements, end: state.elements};
  list.push(entry);
  startText(state.collectors, state.depth, (text) => {
    entry.text = text;
    entry.end = state.elements;
    if (text === '') list.splice(list.indexOf(entry), 1);
  });
}

/**
 * Tracks nav/footer/aside/form nesting as a tag opens (`open`) or closes. A `<footer>` inside an
 * `<article>` or `<main>` (outside chrome) is the post's own meta line (`<footer class="post-footer">Posted
 * by <a rel="author">…</a>`, `<footer class="entry-footer">`): its bylines and dates are the page's.
 */
export function trackChrome(state: ParseState, name: string, open: boolean): void {
  if (!chromeTags.has(name)) return;
  if (name === 'footer') {
    if (open && state.contentDepth > 0 && state.chromeDepth === 0) {
      state.postFooterDepth++;
      return;
    }
    if (!open && state.postFooterDepth > 0 && state.chromeDepth === 0) {
      state.postFooterDepth--;
      return;
    }
  }
  if (open) state.chromeDepth++;
  else if (state.chromeDepth > 0) state.chromeDepth--;
}
