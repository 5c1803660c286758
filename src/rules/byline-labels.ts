/*
 * The words around a name in a byline, in the languages pages are written in (issue 33 item 2): the
 * label before it (`Von`, `Eingestellt von`, `Autorin:`, `Text und Interview:`, `par`, `por`), glued or
 * not (`AuthorAndreas Kalt`, `Beitragvon r23`), the interface text after it (`Alle Artikel`, `View
 * profile`), and the values that are a label, not a name (`Publiziert am`, `Posted`, `Unbenannt`,
 * `Super User`). `authorName` (normalize.ts) reads every author value through these.
 */

// What a byline says the text is, before its `by`/`von` (`Guest post by`, `Opinion by`, `Ein Gastbeitrag von`,
// `Eine Kolumne von`, `Ein Interview von`): a label as `Written by` is.
const kindBy = String.raw`(?:(?:a|an)\s+)?(?:guest\s+(?:post|article|column|essay)|column|opinion|analysis|commentary|reporting|interview|review|essay|feature|blog\s+post)\s+by`;
const kindVon = String.raw`(?:eine?n?\s+)?(?:gast(?:beitrag|kommentar|artikel)|kolumne|glosse|essay|analyse|reportage|interview|rezension)\s+von`;
// Labels that are a byline's lead-in in any case and without a colon: `By`, `Von`, `VON`, `Posted by`,
// `Eingestellt von`, `Blog Beitrag von`, `Autor`, `Autoren`, `Auteur :`, `Escrito por`.
const leadIn = String.raw`(?:(?:written|posted|reported|words|story|text|photos?|published|edited|compiled)\s+by|${kindBy}|(?:ein\s+|blog\s+)?(?:beitrag|eintrag|artikel|kommentar|alles|alle\s+(?:beiträge|artikel))\s*von|${kindVon}|(?:eingestellt|eingereicht|geschrieben|verfasst|gepostet|gespeichert|erstellt|veröffentlicht|publiziert)\s+(?:von|durch)|(?:escrito|publicado|redactado|postado)\s+por|(?:écrit|publié|rédigé)\s+par|propos\s+recueillis\s+par|scritto\s+da|a\s+cura\s+di|testo\s+di|geschreven\s+door|skrivet\s+av|skrevet\s+a[fv]|thread\s+starter|topic\s+starter|themen-?starter(?:in)?|auteur\s+de\s+la\s+discussion|autor\s+del\s+tema|autore\s+discussione|(?:gast)?auth?ors?|(?:gast)?autor(?:in|en|innen|\/in|\*in|:in|_in)?|auteur(?:e|s|es)?|autrice|autore|autori|verfasser(?:in)?|автор(?:ы)?|by|von|vom|par|por|door|av)`;
// Labels that lead in only with a colon: `Text:`, `Interview:`, `Text und Interview:`, `Redaktion:`.
// Chinese news pages' labels, before a full-width colon as often as an ASCII one: `责任编辑：孔德明` (editor in charge), `作者：`, `编辑：`, `记者：`.
const colonLeadIn = String.raw`(?:text(?:\s+(?:und|&)\s+(?:interview|fotos?|bilder))?|interview|texto|texte|testo|tekst|teksti|redaktion|redacción|reporter(?:in)?|reportage|words|forfatter|författare|kirjoittaja|责任编辑|作者|编辑|记者|撰文|撰稿)`;

/** A label before the name, with the `:` and spaces after it. */
const labelBefore = new RegExp(String.raw`^(?:${leadIn}(?:\s*[:：]\s*|\s+)|${colonLeadIn}\s*[:：]\s*)`, 'i');
/** A label glued to the name when a theme dropped the space between two elements: `AuthorAndreas Kalt`, `VonAnn Lee`, `ByJ.R. Stone`. */
const gluedLabel = /^(?:Author|Autor|Autorin|Verfasser|Verfasserin|Auteur|Autore|Von|By|Par|Por|Door)(?=\p{Lu}[\p{Ll}.])/u;
/** `di Mario Rossi`, `af Lars Hansen`: Italian's and Danish's lead-ins, lowercase only (`Di` is a name, `Af` an abbreviation). */
const italianBy = /^(?:di|af)\s+(?=\p{Lu})/u;
/** `von`/`vom` before `der`/`den`/`dem` is part of a name (`von der Leyen`) unless a label came first. */
const nameParticle = /^vo[nm]\s+(?:der|den|dem|zu|und)\s/i;

/**
 * The value without the byline labels it opens with: `Eingestellt von der Michel` → `der Michel`,
 * `AuthorAndreas Kalt` → `Andreas Kalt`, `Text und Interview: Ann Lee` → `Ann Lee`, `vom Krimiblogger`
 * → `Krimiblogger`; `von der Leyen` is a name and stays.
 */
export function withoutLabel(text: string): string {
  let rest = text;
  // Two rounds: `Autor: von Ann Lee`, `Text: By Ann Lee`.
  for (let round = 0; round < 2; round++) {
    if (round === 0 && nameParticle.test(rest)) return rest;
    const match = labelBefore.exec(rest) ?? gluedLabel.exec(rest) ?? italianBy.exec(rest);
    if (match === null || match[0].length === rest.length) break;
    rest = rest.slice(match[0].length);
  }
  return rest;
}

// Interface text that sits after a name in an author box: `Jil Schuller Alle Artikel Kontakt`,
// `Ann Lee View profile`, `Amber Guetebier 12 Shares`, `Ann Lee Follow`.
const trailingInterface = /\s+(?:(?:twitter|x|facebook|instagram|linkedin|xing|mastodon)(?:[\s-]+(?:account|profil|profile|konto))?(?:\s+von\b|\s+of\b|$)|alle\s+(?:artikel|beiträge)|mehr\s+(?:artikel|von|vom\s+autor)|view\s+(?:full\s+)?profile|all\s+(?:posts|articles|stories)|more\s+(?:from|by|articles)|profil(?:e)?|kontakt|contact|follow(?:ers)?|folgen|[\d.,]+[km]?\s+(?:shares|followers|follower|articles|artikel|posts|beiträge)|(?:来源|出处|发布时间|时间)\s*[:：].*)(?:\s.*)?$/i;

/** The value without the interface text after the name (`Jil Schuller Alle Artikel Kontakt` → `Jil Schuller`). */
export function withoutTrailingInterface(text: string): string {
  // A value that is all label (`View profile`) stays whole, to be refused whole.
  if (labelValue.test(text)) return text;
  const cut = text.replace(trailingInterface, '');
  return cut === '' ? text : cut;
}

/**
 * Values that are a label, a role or an interface word, not a name: what a theme prints where the
 * name goes when the author is unset (`Unbenannt`, `Unknown`, `Super User`, `null`), the label itself
 * (`Posted`, `Publiziert am`, `publisher`), a section's name (`Alle Artikel`), a count (`1.1M followers`).
 */
const labelValue = /^(?:(?:posted|published|written|geschrieben|eingestellt|gepostet|veröffentlicht|publiziert|erstellt|aktualisiert|updated|publicado|publié)(?:\s+(?:am|on|at|um|le|el|by|von|in))?|(?:publiziert|veröffentlicht|erschienen)\s+am|publisher|herausgeber(?:in)?|verlag|autor(?:in|en)?|auteur|author(?:s)?|by|von|par|por|unbenannt|unbekannt|anonym(?:e|ous)?|anónimo|anonimo|inconnu|desconocido|super\s*user|superuser|webmaster|administrator|admin|null|undefined|none|n\/a|nobody|user|benutzer|gast|guest|anführer|leader|alle\s+(?:artikel|beiträge)|(?:(?:my|your|view|edit|mein|dein|zum)\s+)?profile?|[\d.,]+\s*[km]?\s+(?:followers|follower|shares|posts|articles)|(?:\S+\s+)?(?:login|log\s*in|anmelden|sign\s*in|registrieren|register)|suche|suchen|search|recherche|buscar|cerca|about\s+(?:the\s+)?author|über\s+(?:den|die)\s+autor(?:in)?|à\s+propos\s+de\s+l['’]auteur(?:e|rice)?|sobre\s+el\s+autor)$/i;

/** Whether a value is a label or an interface word, not a name (`Posted`, `Publiziert am`, `Unbenannt`, `Super User`). */
export function isLabelValue(text: string): boolean {
  // A call to action is no name either (`Auf geht’s!`, `Jetzt mitmachen!`), nor a label awaiting its value (`Zuletzt geändert am:`),
  // nor a lead-in alone (`Artikel von`, a theme's element of its own before the name's).
  return labelValue.test(text) || /[!?]|[:：]$/.test(text) || loneLeadIn.test(text);
}
const loneLeadIn = new RegExp(String.raw`^${leadIn}\s*:?$`, 'i');

/**
 * A company's or an association's legal form (`GmbH`, `AG`, `e.V.`, `eG`, `Inc.`, `Ltd`, `S.A.`):
 * the name is an organization's, the publisher's or the agency's that built the site, not the
 * article's writer (`wegewerk GmbH`, `Bund der Energieverbraucher e.V.`).
 */
const legalForm = /(?:^|[\s,])(?:g?GmbH|mbH|AG|SE|KG|KGaA|OHG|GbR|UG|eG|e\.\s?V\.?|Inc\.?|LLC|L\.L\.C\.|Ltd\.?|Limited|PLC|plc|Corp\.?|S\.A\.?|S\.L\.|S\.p\.A\.|B\.V\.|N\.V\.|Pty|SARL|SAS)(?=$|[\s,.)/&;])/;

/** Whether a name is an organization's by its legal form (`ZooRoyal Petcare GmbH`, `NATURSTROM AG`, `Hanns-Seidel-Stiftung e.V.`). */
export function isLegalEntity(text: string): boolean {
  return legalForm.test(text);
}

/**
 * The labels of a picture's credit (`Foto: Ingo Schneider`, `Bild: dpa`, `Abb.: …`, `Quelle: …`, `Photo by: …`), as a
 * regexp source: one list for the byline's parts, the name before a credit (lead-byline.ts) and the lead paragraph.
 */
export const creditWords = String.raw`abb|abbildung|fotos?|photos?(?:\s+by)?|bild(?:er)?|bildquelle|quelle|source|credits?|images?|illustrations?|grafik|video|kamera|camera`;

// A picture's credit, not the text's writer.
const creditLabel = new RegExp(String.raw`^(?:${creditWords})\.?\s*[:|]`, 'i');

/** Whether a byline part credits a picture, not the text (`Foto: Ingo Schneider`). */
export function isCredit(text: string): boolean {
  return creditLabel.test(text);
}

const copyright = /^(?:©|\(c\)|copyright\b)\s*/i;

/**
 * A value that opens with `©`: a copyright holder is no author (`© Kathrin Führes`), unless the name
 * follows it again, as an author link holding its picture's credit and the name gives it
 * (`© Kathrin Führes Kathrin Führes` → `Kathrin Führes`). Other values are returned as they are.
 */
export function withoutCopyright(text: string): string | null {
  const match = copyright.exec(text);
  if (match === null) return text;
  const rest = text.slice(match[0].length);
  const words = rest.split(' ');
  const half = words.length / 2;
  return words.length % 2 === 0 && words.slice(0, half).join(' ') === words.slice(half).join(' ') ? words.slice(half).join(' ') : null;
}

/**
 * Lead-ins of two words or more (`Posted by`, `Gespeichert von`, `Blog Beitrag von`), and a forum's label of the
 * thread's first poster (XenForo's `Thread starter`, `Themenstarter`): a strong sign that a username follows.
 */
const strongLeadIn = new RegExp(String.raw`^(?:(?:written|posted|published|submitted)\s+by|(?:thread|topic)\s+starter|themen-?starter(?:in)?|auteur\s+de\s+la\s+discussion|autor\s+del\s+tema|autore\s+discussione|(?:ein\s+|blog\s+)?(?:beitrag|eintrag|artikel)\s*von|(?:eingestellt|eingereicht|geschrieben|verfasst|gepostet|gespeichert|erstellt|veröffentlicht)\s+(?:von|durch)|(?:escrito|publicado)\s+por|(?:écrit|publié|rédigé)\s+par|skrevet\s+a[fv]|(?:gast)?autor(?:in)?\s*:|author\s*:|auteur(?:e)?\s*:|autrice\s*:)\s*`, 'i');

/**
 * The label a text opens with (`von `, `Por `, `Posted by `, `Autorin: `), as its length and whether
 * it is a strong one (several words, or a colon), or `null` when the text opens with no label.
 */
export function leadingLabel(text: string): {length: number; strong: boolean} | null {
  if (nameParticle.test(text)) return null;
  const strong = strongLeadIn.exec(text);
  if (strong !== null) return {length: strong[0].length, strong: true};
  const match = labelBefore.exec(text) ?? gluedLabel.exec(text) ?? italianBy.exec(text);
  return match === null || match[0].length === text.length ? null : {length: match[0].length, strong: false};
}
