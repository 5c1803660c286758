import type {Snapshot} from '../parse/parse-html.js';
import {siteNames} from './body-rules.js';
import {leadBylineName} from './lead-byline.js';
import {foldText} from './normalize.js';
import {named, type Rule, type RuleContext} from './rule-kit.js';

/*
 * The author line anywhere in the body (issue 33 item 2): a short line opened by an author's label,
 * most often the article's last (`<p><strong>Autorin: Uta Lee, Projektleiterin in Tunis.</strong></p>`,
 * `<p><em>Autoren Ann Lee und Bo Berg</em></p>`, `Text: Ann Lee`, `Written by Ann Lee`), kept by the
 * parser (collect-author-lines.ts). Its name is read as a lead byline's (lead-byline.ts); the site's own
 * name signs no one. Read after every other byline (author-rules.ts): the line is the page's last word
 * on its writer, and a listing's teasers write one per article.
 */

/** The name the first of the page's author lines gives that is not the site's own, or `null`. */
export function authorLineName(snapshot: Snapshot, context: RuleContext): string | null {
  const lines = snapshot.authorLines;
  if (lines === undefined) return null;
  let sites: ReadonlySet<string> | undefined;
  for (const line of lines) {
    const name = leadBylineName(line);
    if (name !== null && !(sites ??= siteNames(snapshot, context.url)).has(foldText(name))) return name;
  }
  return null;
}

export const authorLineByline: Rule = named('document(Autor: … anywhere) byline', authorLineName);
