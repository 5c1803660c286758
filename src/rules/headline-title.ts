import type {Snapshot} from '../parse/snapshot.js';
import {cleanText, foldText} from './normalize.js';
import {mainNodes, metaContentsOf, perCall, strings} from './query.js';
import {namesDomain} from './publisher-sources.js';
import {named, type Rule} from './rule-kit.js';
import {restoreQuoteCut, wholeTitles} from './quote-cut.js';

/*
 * The title a site gives for sharing, judged against the headline the page shows (issue 33 item 2).
 * A title source's value stays as the site wrote it (`Headline | Site` included), except:
 * - a title that is only the site's name or a placeholder (`Home`, `Startseite`, `Untitled`, the
 *   og:site_name) is not the page's title when the page names a headline (`<h1>`, JSON-LD or
 *   microdata `headline`): the next source answers;
 * - a title made of the headline and more than one short segment (`Headline : Blog | Long tagline |
 *   Founded 2005`, `Headline / Politik / Artikel / Home - Site`, `Headline | a long subtitle`), where
 *   a headline of the page confirms where the headline ends, gives that headline; one short segment
 *   (at most 6 words) behind a usual separator is the site's name and stays;
 * - the site's name as a segment after the headline (a blog theme's `<h1>` holding the blog's name)
 *   marks where the headline ends the same way;
 * - a separator left at the end (`Headline -`, an empty site name) is dropped.
 */

// A separator between a title's segments: spaces around it (`Verfassungsgericht: Berlusconis` is one).
// A pipe needs no spaces (`Headline|Site`). No leading `\s*`: the scan stays linear and quick.
const separator = /(\s+(?:[-–—·•»«›‹/~|│ǀ]|::?|\/\/)\s+|[|│ǀ])/;
const trailingSeparator = /\s+(?:\||-|–|—|·|•|:|»|›|\/)\s*$/;
// The separators a title's one site segment may stand behind and still count as the headline's.
const usualSeparator = /^\s*(?:\||-|–|—|·|:|»)\s*$/;
// A separator first (` • PepTalks`, `| Site`): a theme's `<headline> • <site>` with the headline left empty.
// (Not a guillemet: French quotes open a headline, `« Il y a… »`.)
const leadingSeparator = /^(?:[-–—·•›/~|│ǀ]|::?)\s/;
// A site's name decorated in the old style, then its tagline (`.:: NMB-MEDIA ::. eBay-Templates, …`).
const decoratedName = /^[.:]*::[.:]*\s*[^\s:][^:]*?\s*[.:]*::[.:]*(?:\s+|$)/;
// The separators a blog theme puts before the site's name (`Headline « Site`, WordPress's classic `wp_title('«')`).
const backToSite = /^\s+[«‹]\s+$/;
const maxSiteWords = 6;
// Titles that name no page: `Home`, `Startseite`, `Untitled`, `Accueil`, `Index`.
const placeholder = /^(?:home(?:\s*page)?|start(?:seite)?|index|untitled(?:\s+document)?|new page|accueil|inicio|willkommen|welcome|page|blog|blog archiv(?:e)?|archiv(?:e)?|news|aktuelles|artikel|article|about(?:\s+us)?|über uns|contact(?:\s+us)?|kontakt)$/i;

/** The page's site names the head declares, folded: og:site_name, application-name. */
function siteNamesOf(snapshot: Snapshot): ReadonlySet<string> {
  return perCall(snapshot, findSiteNames);
}
function findSiteNames(snapshot: Snapshot): ReadonlySet<string> {
  const folded = new Set<string>();
  // The names the head declares: a title or a description judged against them is settled at the head
  // (the early stop), which the body's JSON-LD site names would not allow.
  for (const name of metaContentsOf(snapshot, ['og:site_name', 'application-name'])) {
    const key = foldText(name);
    if (key !== '') folded.add(key);
  }
  return folded;
}

/** Whether `text` is only the site's name: declared (og:site_name, JSON-LD site names) or spelling the domain. */
export function isSiteName(text: string, snapshot: Snapshot, pageUrl: string): boolean {
  return siteNamesOf(snapshot).has(foldText(text)) || namesDomain(text, pageUrl);
}

/** Whether a (folded) text is a placeholder or one of the site's names (declared, or spelling the domain). */
function namesNoPage(text: string, folded: string | undefined, snapshot: Snapshot, pageUrl: string): boolean {
  // The host name written out (`www.ekbo.de | Detail`) names the domain too.
  if (placeholder.test(text.trim()) || namesDomain(text.trim().replace(/^www\./i, ''), pageUrl)) return true;
  // The head's site names, however long (`.:: NMB-MEDIA ::. eBay-Templates, JTL-Wawi / Eazyauction
  // Designvorlagen` as og:title and og:site_name): the text is folded only when the head names one.
  const names = siteNamesOf(snapshot);
  return names.size > 0 && names.has(folded ?? foldText(text));
}

/** The headlines the page shows, as written: its first `<h1>`, JSON-LD `headline`s, microdata `headline`s; none that names no page. */
function headlinesOf(snapshot: Snapshot, pageUrl: string): readonly Headline[] {
  const byUrl = perCall(snapshot, headlineMemo);
  let headlines = byUrl.get(pageUrl);
  if (headlines === undefined) byUrl.set(pageUrl, (headlines = perCall(snapshot, findHeadlines).filter((headline) => !namesDomain(headline.text, pageUrl))));
  return headlines;
}
// Per pickFields call: the headlines by page URL, and each title value's judgment by page URL (a
// title source's values repeat: og:title, twitter:title and `<title>` are often one text, and the
// title rules run for the field and for its candidates).
const headlineMemo = (): Map<string, readonly Headline[]> => new Map();
const judgmentMemo = (): Map<string, Map<string, string | null>> => new Map();
interface Headline {
  text: string;
  folded: string;
}
function findHeadlines(snapshot: Snapshot): readonly Headline[] {
  const out: Headline[] = [];
  const add = (value: string): void => {
    const text = cleanText(value);
    if (text === null || text.length > 300) return;
    const folded = foldText(text);
    // One word (`Politik`, a section's name) is too little to tell where a headline ends.
    if (folded.length < 3 || !/\s/.test(text) || placeholder.test(text) || siteNamesOf(snapshot).has(folded) || out.some((entry) => entry.folded === folded)) return;
    out.push({text, folded});
  };
  if (snapshot.h1 !== null) add(snapshot.h1);
  for (const value of strings(mainNodes(snapshot), 'headline')) add(value);
  for (const entry of snapshot.microdata) if (entry.scope === null && entry.prop === 'headline') add(entry.value);
  return out;
}

/** A title's segments and the separators between them: `[segment, separator, segment, …]`. */
const split = (title: string): string[] => title.split(separator);

/** Whether the segments `parts` (with their separators) are one short site segment behind a usual separator. */
function isOneSiteSegment(separatorText: string, segment: string): boolean {
  return usualSeparator.test(separatorText) && segment.trim().split(/\s+/).length <= maxSiteWords;
}

/**
 * The headline `title` holds with more around it than one short site segment, as the page writes
 * the headline; `null` when the title holds none of the page's headlines, or the headline with at
 * most one short segment before or after it.
 */
function headlineWithin(parts: readonly string[], noPage: SegmentCheck, snapshot: Snapshot, pageUrl: string): string | null {
  if (parts.length < 3) return null;
  const folds = parts.map((part, index) => (index % 2 === 0 ? foldText(part) : ''));
  const crumbs = leadingCrumbs(parts, folds, noPage, snapshot);
  if (crumbs >= 2 && crumbs * 2 < parts.length) return parts.slice(crumbs * 2).join('').trim();
  for (const headline of headlinesOf(snapshot, pageUrl)) {
    for (let start = 0; start < parts.length; start += 2) {
      let joined = '';
      for (let end = start; end < parts.length; end += 2) {
        joined += folds[end];
        if (joined.length > headline.folded.length || !headline.folded.startsWith(joined)) break;
        if (joined !== headline.folded) continue;
        const before = start === 0 ? 0 : start / 2;
        const after = (parts.length - 1 - end) / 2;
        if (before + after === 0) return null;
        // What precedes it is longer than it: the `<h1>` is the site's name (`Headline : Blog | Tagline`).
        const head = start === 0 ? '' : parts.slice(0, start - 1).join('').trim();
        if (head.length > headline.text.length) return after === 0 ? null : head;
        // The headline with the site's name after it: as written, unless the headline holds a separator
        // itself (`Kicker - Headline - Site`): then the site's name is a second segment around it.
        // (A page's headline of several segments at the end is the site's name in a blog theme's <h1>.)
        if (before === 0 && after === 1 && isOneSiteSegment(parts[end + 1]!, parts[end + 2]!)) return end === start ? null : parts.slice(0, end + 1).join('').trim();
        if (after === 0 && before === 1 && isOneSiteSegment(parts[1]!, parts[0]!)) return null;
        return headline.text;
      }
    }
  }
  return kickerBeforeHeadline(parts, snapshot, pageUrl) ?? siteNameCut(parts, noPage, snapshot) ?? siteBehindGuillemet(parts);
}

/**
 * `Headline « Site` (WordPress's classic `wp_title('«')` before the blog's name), no headline of
 * the page confirming where it ends: a separator the lenient reading does not know, pointing back to
 * the site, with one short segment behind it, ends the headline.
 */
function siteBehindGuillemet(parts: readonly string[]): string | null {
  if (parts.length !== 3 || !backToSite.test(parts[1]!) || parts[2]!.trim().split(/\s+/).length > maxSiteWords) return null;
  const head = parts[0]!.trim();
  return /\s/.test(head) ? head : null;
}

/**
 * `Kicker: Headline - Site` where the page's headline is the part after the glued colon (`Rutger
 * Bregman: Unser wahres Ich - brand eins online`, <h1> `Unser wahres Ich`): the kicker and the site's
 * name would be two segments around it, so the site's name goes.
 */
function kickerBeforeHeadline(parts: readonly string[], snapshot: Snapshot, pageUrl: string): string | null {
  if (parts.length !== 3 || !isOneSiteSegment(parts[1]!, parts[2]!)) return null;
  const first = parts[0]!;
  const colon = first.indexOf(': ');
  if (colon <= 0) return null;
  const rest = foldText(first.slice(colon + 2));
  return headlinesOf(snapshot, pageUrl).some((headline) => headline.folded === rest) ? first.trim() : null;
}

/**
 * How many segments lead the title that are the site's name or a placeholder (`Site » Blog Archive »
 * Headline`, the classic blog theme's title); the page's `<h1>` counts as the site's name there when a
 * placeholder follows it (the same theme's `<h1>` holds the site's name).
 */
function leadingCrumbs(parts: readonly string[], folds: readonly string[], noPage: SegmentCheck, snapshot: Snapshot): number {
  const h1 = snapshot.h1 === null ? '' : foldText(snapshot.h1);
  let count = 0;
  for (let index = 0; index < parts.length; index += 2) {
    const part = parts[index]!;
    const crumb = noPage(index)
      || (folds[index] === h1 && index + 2 < parts.length && placeholder.test(parts[index + 2]!.trim()));
    if (!crumb) break;
    count++;
  }
  return count;
}

/**
 * `Headline : Site | Tagline | Founded 2005` where `Site` is the site's name (or the page's `<h1>`,
 * a blog theme's): the segments before it, when more than the site's name follows them; the segments
 * after the `<h1>` when the title starts with the site's name (a breadcrumb trail).
 */
function siteNameCut(parts: readonly string[], noPage: SegmentCheck, snapshot: Snapshot): string | null {
  const names = siteNamesOf(snapshot);
  const h1 = snapshot.h1 === null ? '' : foldText(snapshot.h1);
  for (let index = 2; index < parts.length - 2; index += 2) {
    const folded = foldText(parts[index]!);
    if (folded === '' || (!names.has(folded) && folded !== h1)) continue;
    // A breadcrumb trail from the site's name to the page's section `<h1>` (`GALORE.de | Kultur |
    // Literatur | Headline - Subtitle`): the headline is what follows it.
    if (folded === h1 && noPage(0)) return parts.slice(index + 2).join('').trim();
    const head = parts.slice(0, index - 1).join('').trim();
    return head === '' ? null : head;
  }
  return null;
}

/** Whether a title names no page: a placeholder or the site's name, whole or in every segment (`About us - Site`, `Home | Site`). */
function namesNoPageOnly(title: string, parts: readonly string[], noPage: SegmentCheck, snapshot: Snapshot, pageUrl: string): boolean {
  // A title of one segment is that segment.
  if (parts.length === 1) return noPage(0);
  return namesNoPage(title, undefined, snapshot, pageUrl) || parts.every((_, index) => index % 2 === 1 || noPage(index));
}

/** {@link namesNoPage} of a title's segment by its index, each segment checked at most once per judgment. */
type SegmentCheck = (index: number) => boolean;

/** Whether a title is a placeholder alone (`Home`, `Untitled`): never the title of a page that shows a headline. */
const isPlaceholder = (title: string): boolean => placeholder.test(title);

/** Whether `pageUrl` is a site's root (`https://example.com/`, `/index.html`), query aside. */
function isHomePage(pageUrl: string): boolean {
  const path = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*(\/[^?#]*)?/i.exec(pageUrl)?.[1] ?? '/';
  return /^\/?(?:index\.\w+|home|start)?\/?$/i.test(path);
}

/** A title value judged as above: the value, the headline it holds, or `null` when it names no page and the page shows a headline. */
export function judgeTitle(value: string, snapshot: Snapshot, pageUrl: string): string | null {
  const byUrl = perCall(snapshot, judgmentMemo);
  let judgments = byUrl.get(pageUrl);
  if (judgments === undefined) byUrl.set(pageUrl, (judgments = new Map()));
  let judged = judgments.get(value);
  if (judged === undefined) judgments.set(value, (judged = judgeTitleOnce(value, snapshot, pageUrl)));
  return judged;
}

function judgeTitleOnce(value: string, snapshot: Snapshot, pageUrl: string): string | null {
  const cleaned = cleanText(value);
  if (cleaned === null) return null;
  const title = cleaned.replace(trailingSeparator, '');
  // A site's home page is rightly titled with the site's name alone.
  if (leadingSeparator.test(title) && isShort(title)) return headlinesOf(snapshot, pageUrl).length === 0 || isHomePage(pageUrl) ? title.replace(leadingSeparator, '').trim() : null;
  const decorated = decoratedName.exec(title);
  if (decorated !== null) return judgeDecorated(title, title.slice(decorated[0].length), snapshot, pageUrl);
  const parts = split(title);
  const checked: boolean[] = [];
  const noPage: SegmentCheck = (index) => (checked[index] ??= namesNoPage(parts[index]!, undefined, snapshot, pageUrl));
  if (namesNoPageOnly(title, parts, noPage, snapshot, pageUrl)) return headlinesOf(snapshot, pageUrl).length === 0 || (isHomePage(pageUrl) && !isPlaceholder(title)) ? title : null;
  if (isOneWordSection(parts, noPage) && headlinesOf(snapshot, pageUrl).length > 0 && !isHomePage(pageUrl)) return null;
  return headlineWithin(parts, noPage, snapshot, pageUrl) ?? gluedAround(title, snapshot, pageUrl) ?? title;
}

/**
 * The page's headline when `title` holds it with more around it than one short segment behind a
 * usual separator, glued where no separator splits it (`Headline bei Site`, `Headline Site`, `Site
 * Headline | Site`, `Kicker: Headline - Section - Site`, `Date | Headline: Site`); `null` when it holds
 * none, or the headline alone or with one short segment. The headline must be half the title at
 * least, and three words: a short `<h1>` inside a title is the site's name or a section, not the
 * headline (a blog's `<h1>` `privacy policy` in `SibenLab privacy policy`).
 */
function gluedAround(title: string, snapshot: Snapshot, pageUrl: string): string | null {
  const headlines = headlinesOf(snapshot, pageUrl);
  if (headlines.length === 0) return null;
  // Most titles hold no headline but as a whole segment: the quick fold first, the mapped one only for a hit.
  const whole = foldText(title);
  for (const headline of headlines) {
    // The title is one of the page's headlines: as written.
    if (whole === headline.folded) return null;
    if (headline.folded.length * 2 < whole.length || !whole.includes(headline.folded) || headline.text.split(/\s+/).length < 3) continue;
    const folded = foldWithIndex(title);
    const at = folded.text.indexOf(headline.folded);
    if (at < 0) continue;
    const start = folded.index[at]!;
    const end = folded.index[at + headline.folded.length - 1]! + 1;
    // Whole words only (`Ferienhaus Feinen` is no headline inside `Ferienhaus Feinenberg`).
    if (isWordCharacter(title, start - 1) || isWordCharacter(title, end)) continue;
    const before = title.slice(0, start).trim();
    const after = title.slice(end).trim();
    if ((before === '' && isOneSegmentAfter(after)) || (after === '' && isOneSegmentBefore(before))) return null;
    return headline.text;
  }
  return null;
}

// The separators the lenient reading knows (a headline with one short segment behind one of them stays).
const segmentStart = /^[|\-–—·:»]\s*(\S.*)$/;
const segmentEnd = /^(.*\S)\s*[|\-–—·:»]$/;
const isOneSegmentAfter = (after: string): boolean => after === '' || (segmentStart.exec(after)?.[1]?.split(/\s+/).length ?? Infinity) <= maxSiteWords;
const isOneSegmentBefore = (before: string): boolean => before === '' || (segmentEnd.exec(before)?.[1]?.split(/\s+/).length ?? Infinity) <= maxSiteWords;
const wordCharacter = /[\p{L}\p{N}]/u;
const isWordCharacter = (text: string, index: number): boolean => index >= 0 && index < text.length && wordCharacter.test(text[index]!);

/** `text` folded as {@link foldText} does (letters and digits, lowercase), with each kept character's index in `text`. */
function foldWithIndex(text: string): {text: string; index: number[]} {
  let out = '';
  const index: number[] = [];
  for (let at = 0; at < text.length; at++) {
    const c = text[at]!;
    if (!wordCharacter.test(c)) continue;
    const lower = c.toLowerCase();
    out += lower;
    for (let n = 0; n < lower.length; n++) index.push(at);
  }
  return {text: out, index};
}

/** Whether a text has at most {@link maxSiteWords} words besides a leading separator: a site's name, not a headline. */
const isShort = (text: string): boolean => text.split(/\s+/).length <= maxSiteWords + 1;

/**
 * `.:: Site ::. Tagline`: the site's name and what it does, the same on every page, unless what
 * follows the name holds a headline the page shows (`.:: Site ::. Headline`): then that is judged.
 */
function judgeDecorated(title: string, rest: string, snapshot: Snapshot, pageUrl: string): string | null {
  const headlines = headlinesOf(snapshot, pageUrl);
  if (headlines.length === 0 || isHomePage(pageUrl)) return title;
  const folded = foldText(rest);
  return rest !== '' && headlines.some((headline) => folded.includes(headline.folded)) ? judgeTitleOnce(rest, snapshot, pageUrl) : null;
}

/**
 * Whether a title is one word alone, before or after the site's name (`Wurmkiste | selbst.de`,
 * `Gefahrstoff-Service`, `www.ekbo.de | Detail`): a section's or a page's label, not a headline.
 */
function isOneWordSection(parts: readonly string[], noPage: SegmentCheck): boolean {
  if (parts.length === 1) return !/\s/.test(parts[0]!.trim());
  if (parts.length !== 3) return false;
  const label = noPage(2) ? parts[0]! : noPage(0) ? parts[2]! : null;
  return label !== null && !/\s/.test(label.trim());
}

/** A title source whose values are judged by {@link judgeTitle}. */
export function judgedTitle(source: Rule): Rule {
  return named(source.name, (snapshot, context) => {
    const result = source(snapshot, context);
    const list = typeof result === 'string' ? [result] : Array.isArray(result) ? result : [];
    const out: string[] = [];
    for (const value of list) {
      // A meta's value an unescaped quote cut short is read whole (quote-cut.ts).
      const judged = typeof value === 'string' ? judgeTitle(restoreQuoteCut(value, wholeTitles(snapshot)), snapshot, context.url) : null;
      if (judged !== null) out.push(judged);
    }
    return out;
  });
}
