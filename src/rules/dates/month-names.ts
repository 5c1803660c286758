/*
 * Month names and their usual abbreviations in the languages of most pages (German, English, French,
 * Spanish, Italian, Portuguese, Dutch), lowercase, without a trailing dot: `mär`, `janv`, `févr`, `dic`.
 * A hand-written table: smaller and faster than a locale parser per language.
 */

const names: readonly (readonly string[])[] = [
  // 1 … 12: every spelling of the month, in any of the languages.
  ['january', 'jan', 'januar', 'jänner', 'jän', 'janvier', 'janv', 'enero', 'ene', 'gennaio', 'gen', 'janeiro', 'januari'],
  ['february', 'feb', 'febr', 'februar', 'feber', 'février', 'févr', 'fevrier', 'fevr', 'fév', 'febrero', 'febbraio', 'fevereiro', 'fev', 'februari'],
  ['march', 'mar', 'märz', 'mär', 'maerz', 'mars', 'marzo', 'março', 'marco', 'maart', 'mrt'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'mag', 'maio', 'mei'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'ago', 'augustus'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'set', 'settembre', 'setembro'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro', 'out'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro'],
  ['december', 'dec', 'dezember', 'dez', 'décembre', 'déc', 'decembre', 'diciembre', 'dic', 'dicembre', 'dezembro'],
];

/** The month (1–12) of each lowercase name or abbreviation. */
export const monthNumbers: ReadonlyMap<string, number> = new Map(names.flatMap((list, index) => list.map((name): [string, number] => [name, index + 1])));

/** A regexp source that matches any month name or abbreviation (longest first), to be used with the `iu` flags. */
export const monthPattern = [...monthNumbers.keys()].sort((a, b) => b.length - a.length).join('|');

/** The month (1–12) of a name or abbreviation written in any case, with or without its dot; `undefined` for any other word. */
export function monthNumber(word: string): number | undefined {
  const lower = word.toLowerCase();
  return monthNumbers.get(lower.endsWith('.') ? lower.slice(0, -1) : lower);
}
