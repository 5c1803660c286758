import {findDates} from './read-date.js';
import type {DateOrder} from './date-order.js';

/*
 * A dateline: the date a press release or a news story writes at the start of its text (issue 33
 * item 2), alone or after the place and the agency: `29.11.2022 – Mehrfach…`, `BERLIN, 3. März 2021 – …`,
 * `(dpa) 03.03.2021 …`, `Hamburg (ots) - 12.01.2022: …`. A date further in, or after words of a sentence
 * (`Am Montag, 3. März 2021 wurde…`), is an event's.
 */

// What may stand before the date: nothing, a place in capitals (`BERLIN,`), an agency in brackets (`(dpa)`),
// or a capitalised place with an agency (`Hamburg (ots) -`), then a comma, a dash, a colon or a bar.
const datelinePrefix = /^(?:(?:\p{Lu}[\p{Lu}\s./-]*\p{Lu}|\p{Lu}[\p{L}.-]*(?:\s\p{Lu}[\p{L}.-]*)?\s*\([^()]{1,20}\)|\([^()]{1,20}\))\s*[,:|–—-]?\s*)?$/u;

// Or a label that names the date the page's (`Datum:`, `Pressemitteilung vom`, `Erschienen am:`, `Published:`).
const datelineLabel = /(?:datum|date|vom|veröffentlicht|erschienen|publiziert|published|posted|publié|publicado|pubblicato|gepubliceerd)\W*(?:am|on|le|el|il|em|op|:)?\W*$/iu;

// Or a press release's place(s) in plain case, then a comma (`Wiesbaden, 11. November 2021`, `Hofheim am Taunus |
// Wiesbaden, 11. November 2021`), or an opening bracket (`(21. November 2022) Energieverbraucher …`).
const placePart = String.raw`\p{Lu}[\p{L}.'’-]*(?:\s+(?:(?:am|an|der|im|bei|ob|sur|upon|on)\s+)?\p{Lu}[\p{L}.'’-]*){0,3}`;
const placePrefix = new RegExp(String.raw`^(?:${placePart}(?:\s*[|/]\s*${placePart})*\s*,\s*|\(\s*)$`, 'u');
// The first words of a sentence, not a place: `Am Montag, 3. März 2021 wurde …`, `Seit Freitag, …`, `On Monday, …`.
const sentenceStart = /^(?:am|im|um|ab|an|bis|seit|vom|zum|zur|nach|vor|bei|der|die|das|den|dem|on|since|until|by|from|the|last|next|le|la|les|el|los|las|depuis|desde|dal|il)\s/i;

/** How far into a paragraph a dateline's date may start. */
const maxDatelineStart = 40;

/** The ISO 8601 date of a paragraph's dateline, or `null` when it does not start with one. */
export function datelineDate(text: string, order: DateOrder): string | null {
  const date = findDates(text.slice(0, maxDatelineStart + 30), order, 1)[0];
  if (date === undefined || date.index > maxDatelineStart) return null;
  const before = text.slice(0, date.index);
  return datelinePrefix.test(before) || datelineLabel.test(before) || (placePrefix.test(before) && !sentenceStart.test(before)) ? date.iso : null;
}
