import type {ParagraphText, Snapshot} from '../parse/snapshot.js';
import {looksLikeDate} from './normalize.js';
import {named, type Rule} from './rule-kit.js';

/*
 * The description's last source (issue 28 item 3): the page's lead paragraph, when no metadata
 * describes the page. The parser records the first paragraphs outside the page's chrome, captions,
 * quotes and dialogs (src/parse/collect-paragraphs.ts); here the text of each is judged, since
 * a cookie notice, a newsletter pitch, a byline or breadcrumbs often sit in a plain `<p>` too.
 */

// `We use cookies…`, `This website uses cookies…`, `…you agree to our use of cookies`, `Manage cookie settings`;
// not a recipe's `These cookies keep for a week`.
const cookieNotice = /\b(?:we use cookies|(?:site|website|page) uses cookies|use of cookies|uses? cookies (?:to|and|for)|cookies? (?:policy|settings|preferences|notice|consent|banner)|(?:accept|allow|reject|manage) (?:all |our |optional )?cookies)\b/i;
// `Sign up for our newsletter…`, `Subscribe to…`, `Get the week's news in your inbox`.
const promotion = /^(?:sign up|subscribe|get (?:our|the)\b.*\binbox|join (?:our|the) (?:newsletter|mailing list)|register (?:now|today|for free)|already a (?:subscriber|member))/i;
const newsletter = /\bnewsletter\b.*\b(?:sign up|subscribe|inbox)\b|\b(?:sign up|subscribe)\b.*\bnewsletter\b/i;
// The site's interface: `Skip to content`, `Advertisement`, `Share this article`.
const interfaceText = /^(?:skip to|jump to|advertisement\b|sponsored\b|share (?:this|on)\b|read more\b|click here\b|continue reading\b|you are (?:here|viewing)\b|this (?:page|site) requires javascript|please enable javascript|javascript is (?:disabled|not available))/i;
// A byline: `By Jane Doe | May 3, 2024 | 4 min read`, `By Jane Doe and John Roe, Senior Reporters`:
// capitalised words after the `By` up to a separator or the end (`By the time…`, `By 2030, …` are sentences).
const bylineStart = /^(?:(?:[Ww]ritten|[Pp]osted|[Pp]ublished|[Rr]eported) )?(?:By|by|BY):?\s+\p{Lu}[\p{L}'’.-]*,?(?:\s+(?:and|&|\p{Lu}[\p{L}'’.-]*,?))*(?:\s*[|•·—–»]|\s+-\s|\s+on\s|$)/u;
const datelineStart = /^(?:(?:last\s+)?updated|published|posted|first published)\b/i;
// Breadcrumbs and menus written as text: `Home › News › Transport › The ferry`.
const crumbSeparator = /\s(?:›|»|>|\/|\|)\s/g;

/** Whether a paragraph's text may be the page's description: not a cookie notice, a promotion, interface text, a byline, a dateline or breadcrumbs. */
export function isLeadText(text: string): boolean {
  if (cookieNotice.test(text)) return false;
  if (promotion.test(text) || newsletter.test(text) || interfaceText.test(text)) return false;
  if (text.length < 200 && (text.match(crumbSeparator)?.length ?? 0) >= 2) return false;
  if (text.length < 200 && bylineStart.test(text)) return false;
  if (datelineStart.test(text) && text.length < 80 && looksLikeDate(text)) return false;
  return true;
}

/** The recorded paragraphs, those in an `<article>` or `<main>` first; a snapshot made without them gives its `paragraph`. */
function paragraphsOf(snapshot: Snapshot): readonly ParagraphText[] {
  const list = snapshot.paragraphs;
  if (list === undefined) return snapshot.paragraph === null ? [] : [{text: snapshot.paragraph, lead: false}];
  return [...list.filter((entry) => entry.lead), ...list.filter((entry) => !entry.lead)];
}

// A date heading the paragraph, then its first sentence: `31. Oktober 2023. Dragqueens sind…`,
// `May 3, 2024 – The ferry…`, `2024-05-03 | The ferry…` (a place's dateline, `ERDEN. Wie…`, stays).
const leadingDate = /^(?:\d{1,2}\.?\s*(?:\p{L}{3,10}\.?|\d{1,2}\.)\s*(?:19|20)\d{2}|\p{L}{3,10}\.?\s+\d{1,2},?\s+(?:19|20)\d{2}|(?:19|20)\d{2}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./](?:19|20)\d{2})\s*[.:,|–—-]?\s+(?=[\p{Lu}„"«])/u;

/** A paragraph's text without the date heading it. */
function withoutLeadingDate(text: string): string {
  const match = leadingDate.exec(text);
  return match === null ? text : text.slice(match[0].length);
}

/**
 * The lead paragraph: the first recorded `<p>` (of at least 40 characters, outside nav, header,
 * footer, aside, form, figure, figcaption, blockquote and dialog) in an `<article>` or `<main>`, else
 * the first elsewhere, whose text {@link isLeadText}, without a date heading it. Whole, as metadata descriptions are (the parser
 * keeps at most 1,000 characters; config `maxDescriptionLength` cuts it).
 */
export const leadParagraph: Rule = named('document(lead p)', (snapshot) =>
  paragraphsOf(snapshot).map((entry) => withoutLeadingDate(entry.text)).filter(isLeadText));
