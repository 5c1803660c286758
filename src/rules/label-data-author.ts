import type {Snapshot} from '../parse/snapshot.js';
import {named, type Rule} from './rule-kit.js';

/*
 * The author an SEO plugin writes as a labelled pair for X's card (Yoast SEO on WordPress:
 * `<meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="Ann Lee">`,
 * `Verfasst von`, `Geschrieben von`, `Escrito por`, `Écrit par`): a head source that names a person.
 */

/** A label that says the data is the writer's name, in the languages the plugin is translated into. */
const writerLabel = /^(?:written\s+by|verfasst\s+von|geschrieben\s+von|escrito\s+por|écrit\s+par|scritto\s+da|geschreven\s+door|skrivet\s+av|napisane\s+przez|auth?or(?:in)?|auteur)\s*:?$/i;
const labelKey = /^twitter:label(\d)$/i;

/** The `twitter:dataN` whose `twitter:labelN` names the writer, in the head's order. */
export const labelledDataAuthor: Rule = named('meta(twitter:label "Written by" → twitter:data)', (snapshot: Snapshot) => {
  const out: string[] = [];
  for (const tag of snapshot.metas) {
    const key = tag.name ?? tag.property;
    // Most metas are no label: one character test before the pattern.
    if (key === undefined || key.length !== 14 || !writerLabel.test(tag.content)) continue;
    const number = labelKey.exec(key)?.[1];
    if (number === undefined) continue;
    const dataKey = `twitter:data${number}`;
    const data = snapshot.metas.find((other) => (other.name ?? other.property)?.toLowerCase() === dataKey);
    if (data !== undefined) out.push(data.content);
  }
  return out;
});
