import type {Snapshot} from '../parse/parse-html.js';
import {creditWords, leadingLabel} from './byline-labels.js';
import {modifiedWords, publishedWords} from './dates/date-labels.js';
import {siteNames} from './body-rules.js';
import {bylineParts} from './byline.js';
import {authorName, foldText} from './normalize.js';
import {named, type Rule} from './rule-kit.js';

/*
 * A byline written as plain text, without a class that names it (issue 33 item 2): the text right
 * after the headline or one of the first paragraphs opens with a byline's label and a name
 * (`<p><i>von Daniela Obers</i></p>`, `<p><em>Por Agencia EFE</em></p>`, `Von R. R. am 07.08.2013`,
 * `Posted by Konstantin @ 12:00 am`). Read from what the parser already kept (collect-dates.ts).
 */

const particle = String.raw`(?:van|von|de|der|den|da|di|du|del|la|le)\s+`;
/** Capitalised words, or initials (`R. R.`), up to five: a person's or an agency's name. */
const capitalisedName = new RegExp(String.raw`^\p{Lu}[\p{L}'’.-]*(?:\s+(?:(?:and|und|&|y|et)\s+)?(?:${particle})*\p{Lu}[\p{L}'’.-]*){0,4}`, 'u');
/** A username after a strong label (`Gespeichert von rasos am …`, `Posted by kestrel_79`). */
const username = /^[\p{L}\d][\p{L}\d._-]*/u;
// Weekdays and months in English, German, French, Spanish and Italian, and German weekdays' short forms.
const calendarWords = String.raw`monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|viernes|sábado|domingo|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|january|february|march|april|june|july|august|september|october|november|december|januar|februar|märz|juni|juli|oktober|dezember|janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|mo|di|mi|do|fr|sa|so`;
// What a theme writes after the name before the date (`Erstellt am`, `Veröffentlicht`, `Published`, `Publié le`, `Aktualisiert`): a date's label.
const dateLabelWords = String.raw`${publishedWords}|${modifiedWords}`;
// The next field's label in a CMS's meta line (`Autor: Ann Lee Datum: 12.03.2019`, `Geschrieben von Ann Lee Kategorie: News`): a capitalised word and a colon.
const nextLabel = String.raw`\s+\p{Lu}\p{Ll}+:`;
/** What may follow the name: the end, a separator, a date or a time (`am 07.08.2013`, `@ 12:00`, `| 3 min`, `- Publié le`, `, 12. Mai`), a credit's label (`von Alexander Karper Foto: © GEPA`), the next field's label. */
const nameEnd = new RegExp(String.raw`^(?:$|\s*[|•·@–—,(/]|\s+-(?=\s)|\s+(?:am|on|le|el|em|il|op|um|at|den|vom|und|and|y|et|mit|with|avec|con|in|${dateLabelWords})(?![\p{L}\d])|\s+\d|\s+(?:${calendarWords})(?![\p{L}\d])|\s+(?:${creditWords})\s*:|${nextLabel})`, 'iu');
/**
 * A month or a weekday glued to the name's last word, where a theme's name and date spans run together with no
 * space (`Posted by Jane DoeMarch 12, 2019`, `von Anna SchmidtMärz 12, 2021`): capitalised, after two small letters.
 */
const gluedCalendar = new RegExp(String.raw`(\p{Ll}{2})(?=(?:${calendarWords.split('|').filter((word) => word.length > 2).map((word) => word[0]!.toUpperCase() + word.slice(1)).join('|')})(?!\p{L}))`, 'u');
/** A capital right after a small letter: the only lines {@link gluedCalendar} is tried on (most bylines have none past a name's `McKay`). */
const smallCapital = /\p{Ll}\p{Lu}/u;

const desk = /\s(?:redaktion|desk|staff|newsroom|team)$/i;
/** A full name in a list: two to four capitalised words (`John Roe`, `Ann-Kathrin de Lee`). */
const listedName = String.raw`\p{Lu}[\p{L}'’.-]*(?:\s+(?:${particle})*\p{Lu}[\p{L}'’.-]*){1,3}`;
/** The rest of a list of full names after its first, its last joined by a conjunction: `, John Roe and Ann Lee`, `, John Roe, and Ann Lee`. */
const nameList = new RegExp(String.raw`^(?:,\s+${listedName})*,?\s+(?:and|und|&|y|et)\s+${listedName}`, 'u');
/** A weekday or a month heading the date after a name (`By J.R. Stone Thursday, November 9, 2023`, `Lisa Petrich Mi, 3. Mai`). */
const calendarWord = new RegExp(String.raw`^(?:${calendarWords})$`, 'iu');

/**
 * A word that opens what follows a name, capitalised as themes write it (`By Martin Jendrischik On 12. Dezember 2022`,
 * `von Sonia Mevißen Erstellt am 01.01.23`): never a name's last word.
 */
const labelWord = new RegExp(String.raw`^(?:on|am|um|vom|${dateLabelWords})$`, 'iu');

/** The name a text's opening byline gives (`von Klaus Stanjek` → `Klaus Stanjek`), or `null`. */
export function leadBylineName(text: string): string | null {
  const label = leadingLabel(text);
  if (label === null) return null;
  // The name ends with its block (the text after the headline keeps a line a block: collect-dates.ts).
  const lineEnd = text.indexOf('\n', label.length);
  const line = text.slice(label.length, lineEnd === -1 ? text.length : lineEnd);
  const rest = smallCapital.test(line) ? line.replace(gluedCalendar, '$1 ') : line;
  const match = capitalisedName.exec(rest) ?? (label.strong ? username.exec(rest) : null);
  if (match === null) return null;
  // The longest run of its words after which the byline goes on with a date, a time or a separator, or ends;
  // else it is a sentence (`Von Montag bis Freitag`).
  const ends = [...match[0].matchAll(/\S+/g)].map((word) => word.index + word[0].length);
  for (let count = ends.length; count > 0; count--) {
    const name = rest.slice(0, ends[count - 1]);
    const last = name.slice(name.lastIndexOf(' ') + 1);
    if (!nameEnd.test(rest.slice(name.length)) || calendarWord.test(last) || labelWord.test(last)) continue;
    // A lone capitalised word after a bare `von`/`by` is as often a place or a thing (`Von Berlin nach …`): an acronym (`EFE`) is not.
    if (count < 2 && !label.strong && !/^\p{Lu}[\p{Lu}.]+$/u.test(name)) return null;
    // A desk (`Multimedia Redaktion`, `Web Desk`) names no one.
    if (desk.test(name)) return null;
    // A list of full names (`By Jane Doe, John Roe and Ann Lee`, `Jane Doe, John Roe, and Ann Lee`): all of them.
    const list = nameList.exec(rest.slice(name.length));
    if (list !== null && nameEnd.test(rest.slice(name.length + list[0].length))) return authorName(`${name}${list[0]}`);
    return authorName(withoutDatelinePlace(name, rest.slice(name.length)));
  }
  return null;
}

/** Two names joined by a conjunction: `Roland Brockmann und Sebastian Drescher`. */
const namePair = /^(\S+(?:\s+\S+)+?)\s+(?:und|and|&|y|et)\s+(\S+(?:\s+\S+)+)$/u;
/** A dateline's country or region after its place: `Kakuma /Kenia`, `Kakuma / Kenia`. */
const placeSlash = /^\s+\/\s*\p{Lu}/u;

/**
 * The names without the place a print byline writes after them (`Von A und B Kakuma /Kenia`): when
 * two names are joined and the last has one word more than the first while a `/` and a region
 * follow, that word is the dateline's place, not a name's.
 */
function withoutDatelinePlace(name: string, after: string): string {
  if (!placeSlash.test(after)) return name;
  const pair = namePair.exec(name);
  if (pair === null) return name;
  const first = pair[1]!.split(/\s+/).length;
  const last = pair[2]!.split(/\s+/);
  return last.length === first + 1 ? name.slice(0, name.lastIndexOf(' ')) : name;
}

/**
 * The byline of the first paragraphs, then of the text after the headline (a CMS's `Gespeichert von
 * admin am …` line sits there more often than the writer's `Beitrag von …`).
 */
export const leadByline: Rule = named('document(h1 + text, p) byline', (snapshot: Snapshot) => textByline(snapshot));

/** The name of {@link leadByline}, or `null`. */
export function textByline(snapshot: Snapshot): string | null {
  const datelines = snapshot.datelines ?? [];
  for (let index = 0; index < datelines.length; index++) {
    const text = datelines[index]!;
    // The label in an element of its own, the name in the next (`<div>By</div><div>Todd Bates</div>`).
    const next = datelines[index + 1];
    const name = leadBylineName(next !== undefined && loneLabel.test(text) ? `${text} ${next}` : text);
    if (name !== null) return name;
  }
  // A minor heading's byline (`<h5><em>Von Leonora Holling</em></h5>`), opening the heading as in a paragraph.
  for (const text of snapshot.headingLines ?? []) {
    const name = leadBylineName(text);
    if (name !== null) return name;
  }
  return snapshot.afterHeadline === undefined ? null : leadBylineName(snapshot.afterHeadline);
}

/**
 * The name the text after the headline opens with: the dated text (`undated` false), or the first
 * block of each with no date (`<h1>…</h1><div>By Jane Doe</div>`), joined with the next when it is a
 * label alone (`<div>Written by</div><div>Jane Doe</div>`); not a CMS's line naming the user who saved
 * the post, nor a name `refuse` refuses.
 */
function headlineName(snapshot: Snapshot, undated: boolean, refuse: (name: string) => boolean): string | null {
  const texts = undated ? snapshot.undatedAfterHeadlines ?? [] : snapshot.afterHeadline === undefined ? [] : [snapshot.afterHeadline];
  for (const lead of texts) {
    const [first, second] = undated ? lead.split('\n') : [lead];
    const text = second !== undefined && loneLabel.test(first!) ? `${first} ${second}` : first!;
    const name = cmsUserLine.test(text) ? null : leadBylineName(text);
    if (name !== null && !refuse(name)) return name;
  }
  return null;
}

/** {@link headlineName}, the site's own name refused (`Posted by <a>Field Notes</a> · 6 min read` on Field Notes' blog). */
function headlineByName(undated: boolean): Rule {
  return (snapshot, context) => {
    let sites: ReadonlySet<string> | undefined;
    return headlineName(snapshot, undated, (name) => (sites ??= siteNames(snapshot, context.url)).has(foldText(name)));
  };
}

/** A byline's label alone: `By`, `Von`, `Autor:`, `Par`. */
const loneLabel = /^(?:by|von|par|por|door|autor(?:in)?:?|author:?|auteur\s?:?|written\s+by:?)$/i;

/**
 * The labelled byline right under the headline (`<h1>…</h1><p>Von Lisa Petrich Mi, 18. Oktober 2023</p>`):
 * read before the body's author elements, which on a news site's page are as often the related
 * stories' cards further down as the article's own byline. Not a CMS's line naming the user who saved it.
 */
export const headlineByline: Rule = named('document(h1 + text) byline', headlineByName(false));

/**
 * The labelled byline in a block of its own under a headline with no date near it (`<h1>…</h1><div>By
 * Jane Doe, Staff Writer</div>`): read after the body's author and byline elements, which name the
 * writer more precisely when the page has them (`By <a class="author">Jane Doe</a> Staff Writer`).
 */
export const undatedHeadlineByline: Rule = named('document(h1 + block) byline', headlineByName(true));

/**
 * A post's meta line that names its writer (issue 33 item 2), wherever it sits: one that opens with a
 * byline (Drupal's `<div class="submitted">Gespeichert von <span class="username">rasos</span> am 24. Juli
 * 2017</div>`, `Submitted by ann on …`, a theme's `.entry-meta` `Posted by Ann Lee on …`), or a news CMS's
 * line of a date, a time and the writer's full name (`04.02.2022 | 13:10 Uhr | Uta Helkenberg`). Read
 * from what the parser kept for the date (the date elements' texts and the short texts that open with
 * a date), after every other byline: the line often names the user who saved the post, and the
 * writer, when the page names one, is named elsewhere.
 */
export const metaLineByline: Rule = named('document(.submitted, date | time | name) byline', (snapshot: Snapshot, context) => {
  for (const text of snapshot.dateTexts ?? []) {
    const name = leadBylineName(text) ?? datedName(text);
    if (name !== null) return name;
  }
  for (const text of snapshot.dateNodes ?? []) {
    const name = datedName(text);
    if (name !== null) return name;
  }
  // Then a byline inside the meta line, after its date or its kind (`Veröffentlicht am 03.02.2022 von Sarah Schnieder`,
  // `Posted on May 3, 2020 by Ann Lee`, `Tipps von Marie Jaster 6.11.22`).
  // The line under the headline too, when what comes before its label is a date (Contao's `<p class="info"><time>10.11.2019</time>
  // von Max Muster</p>`, `Eingestellt am 12.03.2019 um 10:15 Uhr von Klaus Becker`): a meta line with no class that names it.
  let sites: ReadonlySet<string> | undefined;
  const texts = snapshot.dateTexts ?? [];
  const under = snapshot.afterHeadline === undefined ? undefined : snapshot.afterHeadline.split('\n', 1)[0]!;
  for (const text of under === undefined ? texts : [...texts, under]) {
    const label = innerLabel.exec(text);
    if (label === null || label.index === 0 || (text === under && !datedLead(text.slice(0, label.index)))) continue;
    const name = leadBylineName(text.slice(label.index + 1));
    if (name !== null) return withoutSiteName(name, (sites ??= siteNames(snapshot, context.url)));
  }
  return null;
});

/** What a meta line writes before its byline: a date, its time and its label, short (`10.11.2019`, `Eingestellt am 12.03.2019 um 10:15 Uhr`). */
const datedLead = (text: string): boolean => text.length <= maxDatedLead && /\d/.test(text);
const maxDatedLead = 60;

/** A byline's lowercase label inside a line, before a capitalised name: ` von Sarah`, ` by Ann`, ` par Inès`. */
const innerLabel = /\s(?:von|by|par|por|door)\s+(?=\p{Lu})/u;

/**
 * The name without the site's name a theme writes after it (a screen reader's `<span class="sr-only">Reiterrevue
 * International</span>` after `von Sarah Schnieder`): cut from the first word, past the name's second, that starts
 * the site's name (its domain's, its `og:site_name`…) and words after it.
 */
function withoutSiteName(name: string, sites: ReadonlySet<string>): string {
  const words = name.split(' ');
  for (let index = 2; index < words.length; index++) {
    const rest = foldText(words.slice(index).join(' '));
    for (const site of sites) if (site.length >= 4 && rest.startsWith(site)) return words.slice(0, index).join(' ');
  }
  return name;
}

/** A full name: two or three capitalised words (`Uta Helkenberg`, `Ann-Kathrin Lee`, `Edilson La Rosa`). */
export const fullName = /^\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’.-]+){1,2}$/u;

/** A date in words opening a line, its month first or its day (`March 12, 2019`, `12. März 2019`, `3 mai 2019`): the static-site themes' meta line (Hugo PaperMod's `March 12, 2019 · 2 min · Jane Doe`). */
const wordDate = /^(?:\p{L}+\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\.?\s+\p{L}+\.?\s+\d{4})(?!\d)/u;

/**
 * The full name that follows a line's date and time, each its own part (`04.02.2022 | 13:10 Uhr | Uta
 * Helkenberg`, `23.06.2016 um 16:14 Uhr - Ann Lee - 91 Kommentare`, `March 12, 2019 · 2 min · Jane Doe`), or `null`: only the first part
 * after them is read (a section's name or a place comes there as often, and is no person's full name).
 */
function datedName(text: string): string | null {
  // Most date texts hold no separator: one look before splitting.
  if (!(/\d/.test(text.charAt(0)) || wordDate.test(text)) || !/[|•·»—–-]/.test(text)) return null;
  const parts = bylineParts(text);
  if (parts.length < 2 || authorName(parts[0]!) !== null) return null;
  for (let index = 1; index < parts.length; index++) {
    const part = parts[index]!;
    const name = authorName(part);
    // A time or a second date (`13:10 Uhr`) is no name: the name may follow it.
    if (name === null && /\d/.test(part)) continue;
    return name !== null && fullName.test(name) ? name : null;
  }
  return null;
}

/** A CMS's line naming the user who saved the post (Drupal's `Gespeichert von human am …`, `Submitted by admin on …`): the writer is often named below it. */
const cmsUserLine = /^(?:gespeichert|submitted|eingereicht)\s/i;

/**
 * A byline with no label under the headline: a full name in a block of its own, a date alone in the next
 * (`<h1>…</h1><div>Amelie Siekmann</div><div>04. Dezember 2022</div>`), as news themes set the writer's
 * name above the date. Read last of the bylines: the site's name and the headline are refused.
 */
/** A line that opens with a date: `04. Dezember 2022`, `12.01.2022`, `May 3, 2024`, `3 mai 2019`, `2023-11-06`. */
const shownDate = /^(?:\d{1,2}[./-]\s?\d{1,2}[./-]\s?\d{2,4}|\d{1,2}\.?\s+\p{L}+\.?\s+\d{4}|\p{L}+\.?\s+\d{1,2},?\s+\d{4}|\d{4}-\d{2}-\d{2})/u;

export const unlabelledHeadlineByline: Rule = named('document(h1 + name + date) byline', (snapshot: Snapshot, context) => {
  const text = snapshot.afterHeadline;
  if (text === undefined) return null;
  const [first, second] = text.split('\n', 2);
  if (second === undefined || second.length > 40 || !fullName.test(first!) || !shownDate.test(second)) return null;
  const name = authorName(first!);
  return name === first && !siteNames(snapshot, context.url).has(foldText(name)) && foldText(snapshot.h1 ?? '') !== foldText(name) ? name : null;
});
