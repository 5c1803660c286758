import type {Snapshot} from '../parse/parse-html.js';
import {authorName} from './normalize.js';
import {jsonldNodes, perCall} from './query.js';
import {fullName, textByline} from './lead-byline.js';
import {named, type Rule} from './rule-kit.js';

/*
 * A short form of the author's name where the page also writes it whole (issue 33 item 2): a first
 * name alone (`Nils`, a WordPress display name) or a handle (`arianschlichenmayer`, `edilson.la.rosa`)
 * in the metadata, the full name in the byline or in the author's JSON-LD Person description
 * (`Nils Pickert ist freier Autor…`). The full name is the card's.
 */

const personTypes: ReadonlySet<string> = new Set(['Person']);
/** A handle: one word of lowercase letters, digits, `.`, `_`, `-` (`edilson.la.rosa`, `arianschlichenmayer`). */
const handle = /^[\p{Ll}\d._-]+$/u;
/** A first name alone: one capitalised word (`Nils`, `Stefanus`). */
const firstName = /^\p{Lu}\p{Ll}+$/u;
/** A description opening with a full name: `Nils Pickert ist …`, `Stefanus Stahl - Maschinenbauer`. */
const leadingName = /^(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’.-]+){1,2})(?=\s|$)/u;

const repeatedWord = /^(\S+) \1(?: |$)/u;

const letters = (text: string): string => text.toLowerCase().replace(/[^\p{L}]/gu, '');

/** An account's name, not a person's: one word with a digit or a capital inside (`NatGeoUK`, `link78`, `SiteAdmin2`). */
const accountName = /^(?=\S*(?:\d|\p{Ll}\p{Lu}))[\p{L}\d._-]+$/u;

/** The full name of the page's first byline that names anyone (not a later one: comments and cards carry author elements too). */
function firstBylineName(snapshot: Snapshot): string | null {
  for (const entry of snapshot.bylines ?? []) {
    const name = authorName(entry.text);
    if (name !== null) return fullName.test(name) && !repeatedWord.test(name) ? name : null;
  }
  return null;
}

/** The full names the page's bylines write, in document order (once per pickFields call). */
function bylineNames(snapshot: Snapshot): readonly string[] {
  return perCall(snapshot, findBylineNames);
}
function findBylineNames(snapshot: Snapshot): string[] {
  const out: string[] = [];
  for (const entry of snapshot.bylines ?? []) {
    const name = authorName(entry.text);
    // Not an author box's name run into its bio (`Stefanus Stefanus Stahl`).
    if (name !== null && fullName.test(name) && !repeatedWord.test(name)) out.push(name);
  }
  return out;
}

/** The full names the page writes: its bylines' (elements', then plain text's) and the openings of its JSON-LD Person descriptions (once per pickFields call). */
function fullNames(snapshot: Snapshot): readonly string[] {
  return perCall(snapshot, findFullNames);
}
function findFullNames(snapshot: Snapshot): string[] {
  const out: string[] = [];
  for (const node of jsonldNodes(snapshot, personTypes)) {
    const match = typeof node.description === 'string' ? leadingName.exec(node.description) : null;
    if (match !== null) out.push(match[1]!);
  }
  out.push(...bylineNames(snapshot));
  // A plain-text byline (`By` / `Todd Bates` in the paragraphs after the headline).
  const lead = textByline(snapshot);
  if (lead !== null && fullName.test(lead)) out.push(lead);
  return out;
}

/** The page's full form of a short name, or the name as it is. */
export function fullerName(snapshot: Snapshot, value: string): string {
  // Per pickFields call, each value once: the author rules give the same values to the field and to its candidates.
  const memo = perCall(snapshot, fullerMemo);
  let fuller = memo.get(value);
  if (fuller === undefined) memo.set(value, (fuller = fullerNameOnce(snapshot, value)));
  return fuller;
}
const fullerMemo = (): Map<string, string> => new Map();

function fullerNameOnce(snapshot: Snapshot, value: string): string {
  const name = authorName(value);
  if (name === null || name.includes(' ')) return value;
  // A brand's or a CMS user's handle (`NatGeoUK`, `link78`): the byline's full name is the writer's.
  if (accountName.test(name)) return perCall(snapshot, firstBylineName) ?? value;
  const isHandle = handle.test(name);
  if (!isHandle && !firstName.test(name)) return value;
  const folded = letters(name);
  for (const full of fullNames(snapshot)) {
    if (isHandle ? letters(full) === folded : full.startsWith(`${name} `)) return full;
  }
  return value;
}

/** The rule's values, each given in its full form where the page writes one (`Nils` → `Nils Pickert`). */
export function withFullerNames(rule: Rule): Rule {
  return named(rule.name, (snapshot, context) => {
    const result = rule(snapshot, context);
    if (typeof result === 'string') return fullerName(snapshot, result);
    return Array.isArray(result) ? result.map((value) => fullerName(snapshot, value)) : result;
  });
}
