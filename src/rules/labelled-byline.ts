import type {Snapshot} from '../parse/parse-html.js';
import {siteNames} from './body-rules.js';
import {leadBylineName} from './lead-byline.js';
import {foldText} from './normalize.js';
import {named, type Rule} from './rule-kit.js';

/*
 * A byline that follows a labelled date in the same line of the page's meta box (issue 33 item 2):
 * `<h5>Datum: </h5>03.11.2021 <br><h5>Autor: </h5>Peter Maahn/SP-X`, `Veröffentlicht: 05.01.2020 | Autor: Ann`.
 * The parser keeps a date's label with the text after it (collect-labelled-dates.ts), which holds the
 * author's label and name when the theme writes them next: read from there, no second look at the page.
 */

/** An author's label after the date: `Autor:`, `Autorin:`, `Author:`, `Verfasser:`, `Auteur :`, `Autore:`, `Auteur·e :`. */
const authorLabel = /(?<!\p{L})(?:autor(?:in)?|author|verfasser(?:in)?|auteur|autore|autora)\s*:\s*/iu;

/** The name after an author's label inside one of the page's labelled date texts, or `null`. */
export function labelledTextByline(snapshot: Snapshot): string | null {
  for (const text of snapshot.labelledTexts ?? []) {
    const match = authorLabel.exec(text);
    // At the start, the text is the label's alone (the dateline and heading rules read those): here it follows a date.
    if (match === null || match.index === 0) continue;
    const name = leadBylineName(text.slice(match.index));
    if (name !== null) return name;
  }
  return null;
}

export const labelledByline: Rule = named('document(date label … Autor:) byline', labelledTextByline);

/**
 * The name after a byline's label that opens one of the body's labelled texts, anywhere: an author's label with
 * its colon (`<p><strong>Autorin: Uta Staschewski, Projektleiterin</strong></p>` at the article's end, as an
 * association's or a company's page signs its text), or a post's footer line (Typepad's `Posted by Jane Doe at
 * 10:15 AM in News`). Read after the bylines near the headline, which name the writer as often.
 */
export const authorLabelByline: Rule = named('document(Autor: …) byline', (snapshot: Snapshot, context) => {
  let sites: ReadonlySet<string> | undefined;
  for (const labelled of snapshot.labelledTexts ?? []) {
    // A box above the headline (TYPO3 tt_news's `<div class="news-single-rightbox">10.11.09<br>Von: Peter Müller</div><h1>…`):
    // the text after its label runs on into the headline, where the name has ended.
    const headline = snapshot.h1 === null || snapshot.h1 === '' ? -1 : labelled.indexOf(snapshot.h1);
    const text = headline > 0 ? labelled.slice(0, headline).trimEnd() : labelled;
    const name = leadBylineName(text);
    // Not the site's own name (`Posted by <a href="/about/">Field Notes</a>` on Field Notes' blog).
    if (name !== null && !(sites ??= siteNames(snapshot, context.url)).has(foldText(name))) return name;
  }
  return null;
});
