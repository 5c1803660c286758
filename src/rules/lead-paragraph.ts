import type {ParagraphText, Snapshot} from '../parse/snapshot.js';
import {creditWords} from './byline-labels.js';
import {modifiedWords, publishedWords} from './dates/date-labels.js';
import {leadBylineName} from './lead-byline.js';
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
// `Updated 12 March 2024`, `Veröffentlicht am: 28. Oktober 2023 | Anzahl Kommentare: noch keine`, `Publié le 3 mai 2024`.
const datelineStart = new RegExp(String.raw`^(?:(?:last|first)\s+)?(?:${publishedWords}|${modifiedWords})(?![\p{L}\d])`, 'iu');
// Breadcrumbs and menus written as text: `Home › News › Transport › The ferry`, `Home → Notizie → …`.
const crumbSeparator = /\s(?:›|»|>|\/|\||→|▸|►)\s/g;
// A rights line: `© 2023 WWB Holdings, LLC. All rights reserved`, `Copyright 2024 …`, `Alle Rechte vorbehalten`. Stricter
// than byline-labels' `copyright`, which cuts the word off a byline: a paragraph may open with `Copyright law …`.
const rightsLine = /^(?:©|\(c\)\s|copyright\s*(?:©|\(c\)|\d{4}))|\b(?:all rights reserved|alle rechte vorbehalten|tous droits réservés|todos los derechos reservados|tutti i diritti riservati)\b/iu;
// A picture's caption or credit: `1/5 Am Freitagabend…` (a gallery's counter), `Abb.: Collage aus…`,
// `Foto: dpa`, or a short text ending in one (`Auch Grönemeyer gehört dazu. Bild: dpa`).
const galleryCounter = /^\d{1,3}\s*\/\s*\d{1,3}\s/;
const creditStart = new RegExp(String.raw`^(?:${creditWords})\.?\s*:`, 'iu');
const creditEnd = new RegExp(String.raw`\b(?:${creditWords})\s*:\s*[^.:]{1,40}\)?$`, 'iu');
// A list of tags or keywords: `amiga, dogs, floppy, Hunde, Hundeleben, Mesty` (short items, no sentence).
const listItem = /^[^.!?]{1,30}$/u;
const isTagList = (text: string): boolean => {
  const items = text.split(',');
  return items.length >= 4 && items.every((item) => listItem.test(item) && item.trim().split(/\s+/u).length <= 3);
};
const letters = /\p{L}\p{L}/u;
// A year, for a dateline in a language whose months looksLikeDate does not read (`28. Oktober 2023`).
const year = /\b(?:19|20)\d{2}\b/;

/**
 * Whether a paragraph's text may be the page's description: not a cookie notice, a promotion, interface
 * text, a byline, a dateline, breadcrumbs, a rights line, a picture's caption or credit, a list of tags, or
 * text without words (`-----`).
 */
export function isLeadText(text: string): boolean {
  if (!letters.test(text) || cookieNotice.test(text)) return false;
  if (promotion.test(text) || newsletter.test(text) || interfaceText.test(text)) return false;
  if (text.length < 200 && (text.match(crumbSeparator)?.length ?? 0) >= 2) return false;
  if (text.length < 200 && (leadBylineName(text) !== null || rightsLine.test(text) || creditStart.test(text) || creditEnd.test(text) || isTagList(text))) return false;
  if (galleryCounter.test(text)) return false;
  if (datelineStart.test(text) && text.length < 100 && (looksLikeDate(text) || year.test(text))) return false;
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
