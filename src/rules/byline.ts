/*
 * A byline as the card's `author` (issue 28 item 3): the people a byline names, without what sites
 * glue onto them. `authorName` (normalize.ts) runs every author value through these, whatever its
 * source (meta, JSON-LD, microdata, the body), so all give the same shape: names joined with `, `,
 * as a JSON-LD author array is.
 */

/** Where a byline's parts meet: `Jane Doe | May 3, 2024`, `Rosa Quint • 5 min read`, `Ann Lee - Staff Writer`. */
const partSeparator = /\s+[|•·—–»-]\s+|\s*[|•·»]\s*/;

/** The parts of a byline in order; the first that names someone is the byline's (`6 min read · By Lena Park`). */
export function bylineParts(text: string): string[] {
  return text.split(partSeparator).filter((part) => part !== '');
}

/** Nouns of a job title or a role (`Senior Editor`, `Transport correspondent`). Lowercase. */
const roleNouns: ReadonlySet<string> = new Set([
  'editor', 'editors', 'reporter', 'correspondent', 'writer', 'columnist', 'contributor', 'journalist', 'producer', 'analyst',
  'photographer', 'critic', 'director', 'manager', 'founder', 'co-founder', 'ceo', 'cto', 'president', 'professor', 'intern',
  'fellow', 'anchor', 'presenter', 'host', 'freelancer', 'engineer', 'developer', 'designer', 'researcher', 'reviewer', 'illustrator',
]);
/** Words that open a job title (`Senior Editor`, `Staff Writer`, `Political Editor`). Lowercase. */
const roleModifiers: ReadonlySet<string> = new Set([
  'senior', 'chief', 'staff', 'deputy', 'associate', 'assistant', 'contributing', 'managing', 'executive', 'freelance', 'special',
  'guest', 'lead', 'principal', 'political', 'business', 'science', 'health', 'sports', 'technology', 'tech', 'features', 'investigative',
  'foreign', 'opinion', 'news', 'digital', 'education', 'environment', 'culture', 'arts', 'food', 'travel', 'economics', 'legal',
]);

/**
 * Whether a byline part is a job title, not a name: it opens with a role's word and names a role
 * (`Senior Editor`, `Staff Writer`, `Editor`), or names a role in lowercase (`Transport correspondent`,
 * `editor at The Wire`). A capitalised name that ends like a role (`A. Writer`, `Meta Writer`) is a name.
 */
export function isJobTitle(part: string): boolean {
  const words = part.split(/\s+/).map((word) => word.replace(/[.,]+$/, ''));
  const lower = words.map((word) => word.toLowerCase());
  if (words.some((word, index) => roleNouns.has(word) && word === lower[index])) return true;
  const first = lower[0]!;
  return (roleNouns.has(first) || roleModifiers.has(first)) && lower.some((word) => roleNouns.has(word));
}

/** German job titles, capitalised as German writes nouns: `Chefredakteur`, `Redakteurin`, `Online-Redakteur`, `Autorin`, `Korrespondent`. */
const germanRole = /^(?:\p{Lu}[\p{Ll}]*-?)?(?:[Rr]edakteur|[Aa]utor|[Jj]ournalist|[Kk]orrespondent|[Vv]olontär|[Hh]erausgeber|[Rr]essortleiter|[Rr]edaktionsleiter|[Kk]olumnist|[Rr]eporter|[Mm]oderator|[Ff]otograf)(?:in|innen|en)?$/u;

const germanRoleStem = /redakteur|autor|journalist|korrespondent|volontär|herausgeber|leiter|kolumnist|reporter|moderator|fotograf/i;
/** Two lowercase letters and a capital: where two blocks' texts ran together (`ArztRedakteur`). */
const gluedCapital = /\p{Ll}{2}\p{Lu}/u;
/** The longest value read for a role after the name: a byline line, not a bio. */
const maxRoleLine = 120;

/**
 * The name without the job title a theme writes after it in an element of its own, with no comma:
 * a German role (`Christoph Hein Chefredakteur`, `Lisa Berg Redakteurin für Wirtschaft`), or any role
 * glued to the name when two blocks' texts run together (`Ingo ArztRedakteur für Wirtschaft`, `Andrew
 * WoodcockPolitical Editor`). The name keeps two words at least: `Nils Autor …` is a label's order.
 */
export function withoutTrailingRole(text: string): string {
  // A long text is a bio or a sentence, no name with a role after it.
  if (text.length > maxRoleLine) return text;
  // Glued: a capital right after two lowercase letters, past the name's first word (`McKay` glues one).
  const glued = gluedCapital.exec(text);
  if (glued !== null && text.lastIndexOf(' ', glued.index) !== -1) {
    const at = glued.index + glued[0].length - 1;
    const tail = text.slice(at);
    const first = tail.split(/\s/, 1)[0]!;
    if (germanRole.test(first) || isJobTitle(tail.split(/\s+(?:für|for|at|bei|im|in)\s/, 1)[0]!)) return text.slice(0, at);
  }
  // Most values name no German role: one look before splitting into words.
  if (!germanRoleStem.test(text)) return text;
  const words = text.split(' ');
  // The words before it a name's (`Über die Autorin` is a heading).
  for (let index = 2; index < words.length; index++) {
    if (germanRole.test(words[index]!)) return /^\p{Lu}/u.test(words[index - 1]!) ? words.slice(0, index).join(' ') : text;
  }
  return text;
}

/**
 * Author values that name no one: a CMS's default or a desk (`Staff`, `admin`, `Staff Reporter`,
 * `Web Desk`, `Guest Author`, `Anonymous`). The card rather says nothing, or names the organization
 * (see text-rules.ts). An editorial board is an author (it signs its editorials).
 */
const placeholder = /^(?:the\s+)?(?:staff(?:\s+(?:writer|reporter|report|member))?s?|admin(?:istrator)?|editor|editors|editorial(?:\s+(?:staff|team|desk))?|news\s*desk|web\s*desk|newsroom|guest(?:\s+(?:author|writer|contributor))?|anonymous|unknown|author|contributor|user|team)$/i;

/** Whether a name is a placeholder (`Staff`, `admin`, `Web Desk`), not someone's name. */
export function isPlaceholder(name: string): boolean {
  return placeholder.test(name);
}

// `Mara Ellis (@maraellis)`, `Mara Ellis @maraellis`, `Mara Ellis (Twitter: @maraellis)`; not an e-mail address's `@`.
const trailingHandle = /(?:\s*\((?:[^()@]*:\s*)?@[\w.]+\)|\s+@[\w.]+)$/;

/** A name with the handle after it dropped (`Mara Ellis (@maraellis)` → `Mara Ellis`), a lone handle without its `@` (`@maraellis` → `maraellis`, as the hosted service gives it). */
export function withoutHandle(name: string): string {
  if (/^@[\w.]+$/.test(name)) return name.slice(1);
  const cut = name.replace(trailingHandle, '');
  return cut === '' ? name : cut;
}

/** A name with a role in brackets after it dropped: `Jane Doe (Editor)`, `Ann Lee (guest columnist)`. */
function withoutRole(name: string): string {
  const match = /^(.+?)\s*\(([^()]+)\)$/.exec(name);
  return match !== null && isJobTitle(match[2]!) ? match[1]! : name;
}

/** Words of at least two letters, each capitalised (or a particle): `Jane Doe`, `Inès Moreau`, `Ludwig van Beethoven`. */
const personName = /^\p{Lu}[\p{L}'’.-]*(?:\s+(?:(?:van|von|de|der|den|da|di|du|del|la|le|al|bin|ibn)\s+)*\p{Lu}[\p{L}'’.-]*)+$/u;

/**
 * The names of one byline part: `Jane Doe and John Roe`, `Jane Doe & John Roe`, `Jane Doe, John Roe`
 * give two; a part that is a job title (`Jane Doe, Senior Editor`), a date (`isNoName`) or a
 * placeholder is dropped. ` and ` and ` & ` split only between two full names (`Jane Doe and John
 * Roe`): `Simon and Garfunkel`, `Jane and John Doe`, `Ben & Jerry's` stay whole.
 */
export function personNames(part: string, isNoName: (text: string) => boolean): string[] {
  const names: string[] = [];
  for (const [index, listed] of part.split(/\s*[,;]\s*/).entries()) {
    // A list's last name after an Oxford comma (`Jane Doe, John Roe, and Ann Lee`): without its conjunction.
    const piece = index > 0 ? listed.replace(leadingConjunction, '') : listed;
    for (const raw of splitPair(piece)) {
      const name = withoutMarks(withoutRole(withoutHandle(raw.trim()).trim()));
      // A bare number is an affiliation mark after a comma (`Ann Lee1,2`), no one's name.
      if (name === '' || /^\d+$/.test(name) || isJobTitle(name) || isPlaceholder(name) || isNoName(name)) continue;
      // `Rob Picheta, CNN`, `Adam Aaronson, PhillyVoice Staff`: the outlet after a person's name is no second author;
      // nor is the same person's login after the name (`Edilson La Rosa, edilsonlarosa`).
      if (names.length !== 0 && (isAffiliation(name) || names.some((known) => isLoginOf(name, known)))) continue;
      if (!names.some((known) => known.toLowerCase() === name.toLowerCase())) names.push(name);
    }
  }
  return names;
}

/**
 * An outlet named after a byline's person: an acronym (`CNN`, `AFP`), an agency's lowercase code as German
 * papers write it (`dpa`, `epd`, `dpa/lno`), a desk (`PhillyVoice Staff`, `Reuters staff`), or a site by its
 * domain (`Bob Yirka, Phys.org`, `Ann Lee, Spiegel.de`).
 */
const affiliation = /^(?:\p{Lu}{2,6}|\p{Ll}{2,4}(?:\/\p{Ll}{2,4})?|\S+(?:\s+\S+)?\s+(?:[Ss]taff|[Nn]ewsroom|[Rr]edaktion|[Dd]esk)|[\p{L}\d-]+(?:\.[\p{L}\d-]+)*\.\p{Ll}{2,6})$/u;

/** Whether a comma list's later piece is an outlet, not a second person (`Rob Picheta, CNN`). */
export function isAffiliation(name: string): boolean {
  return affiliation.test(name);
}

// A paper's affiliation marks glued to an author's name: `Marwan H. Adwan1`, `Ann Lee1`, `Bo Kim*`, `Cy Ray†`.
const affiliationMarks = /(?<=\p{Ll})(?:\d{1,2}|[*†‡]+)$/u;

/** A name without the affiliation marks glued to it (`Marwan H. Adwan1` → `Marwan H. Adwan`); a username's digits stay (`kestrel_79`, one word). */
function withoutMarks(name: string): string {
  return /\s/.test(name) ? name.replace(affiliationMarks, '') : name;
}

/** Whether `value` is one lowercase word spelling `name`'s letters (`edilsonlarosa` for `Edilson La Rosa`): its login. */
function isLoginOf(value: string, name: string): boolean {
  return /^[\p{Ll}\d._-]+$/u.test(value) && value.replace(/[^\p{L}]/gu, '') === name.toLowerCase().replace(/[^\p{L}]/gu, '');
}

const leadingConjunction = /^(?:and|und|y|et|&)\s+(?=\p{Lu})/u;

/** `Jane Doe and John Roe` (`und`, `y`, `et`, `e`, `&`) → both; any other text whole. */
function splitPair(piece: string): string[] {
  const parts = piece.split(/\s+(?:and|und|y|et|e|&)\s+/i);
  return parts.length > 1 && parts.every((name) => personName.test(name)) ? parts : [piece];
}
