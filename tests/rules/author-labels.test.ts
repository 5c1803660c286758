import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {isLabelValue, isLegalEntity, withoutLabel} from '../../src/rules/byline-labels.js';
import {authorName} from '../../src/rules/normalize.js';
import {pickFields, rules} from '../../src/rules/rules.js';

/* Bylines in other languages and with labels (issue 33 item 2): the label goes, the name stays; a label, an interface word or a company is no author. */

const url = 'https://www.ledger.example/news/story';
const author = (html: string): string | null => pickFields(parseHtml(html), {url, headers: {}}, rules, null).author;

describe('authorName: byline labels in many languages', () => {
  it.each([
    ['vom Krimiblogger', 'Krimiblogger'],
    ['Von Tobias Kuske', 'Tobias Kuske'],
    ['VON MORITZ GATHMANN', 'MORITZ GATHMANN'],
    ['Eingestellt von der Michel', 'der Michel'],
    ['Beitrag von Ann Lee', 'Ann Lee'],
    ['Beitragvon r23', 'r23'],
    ['Alles von Ann Lee', 'Ann Lee'],
    ['Autor: Ann Lee', 'Ann Lee'],
    ['Autorin: Ann Lee', 'Ann Lee'],
    ['Autor/in: Korinna Hennig', 'Korinna Hennig'],
    ['Text: Klaus Berger', 'Klaus Berger'],
    ['Text und Interview: Ann Lee', 'Ann Lee'],
    ['Interview: Julia Lauter', 'Julia Lauter'],
    ['Auteur : Inès Moreau', 'Inès Moreau'],
    ['par Inès Moreau', 'Inès Moreau'],
    ['Por Rocío Latorre', 'Rocío Latorre'],
    ['di Mario Rossi', 'Mario Rossi'],
    ['door Jan de Vries', 'Jan de Vries'],
    ['av Anna Berg', 'Anna Berg'],
    ['Escrito por Rocío Latorre', 'Rocío Latorre'],
    // What the text is, before its `von`/`by`; more languages' labels; labels glued to the name; an agency's lowercase code.
    ['Ein Gastbeitrag von Lotte Sandvik', 'Lotte Sandvik'],
    ['Eine Kolumne von Lotte Sandvik', 'Lotte Sandvik'],
    ['Ein Interview von Eugen Brandt', 'Eugen Brandt'],
    ['Gastautorin: Lotte Sandvik', 'Lotte Sandvik'],
    ['Guest post by Mira Oduya', 'Mira Oduya'],
    ['Opinion by Mira Oduya', 'Mira Oduya'],
    ['Reporting by Mira Oduya', 'Mira Oduya'],
    ['Propos recueillis par Inès Moreau', 'Inès Moreau'],
    ['Autrice : Inès Moreau', 'Inès Moreau'],
    ['Texte : Inès Moreau', 'Inès Moreau'],
    ['a cura di Mario Rossi', 'Mario Rossi'],
    ['Testo di Mario Rossi', 'Mario Rossi'],
    ['Tekst: Jan de Vries', 'Jan de Vries'],
    ['Skrevet af Lars Hansen', 'Lars Hansen'],
    ['af Lars Hansen', 'Lars Hansen'],
    ['Skrevet av Ola Nordmann', 'Ola Nordmann'],
    ['Forfatter: Lars Hansen', 'Lars Hansen'],
    ['Författare: Anna Svensson', 'Anna Svensson'],
    ['Kirjoittaja: Matti Virtanen', 'Matti Virtanen'],
    ['Teksti: Matti Virtanen', 'Matti Virtanen'],
    ['VerfasserinAnna Berg', 'Anna Berg'],
    ['ParInès Moreau', 'Inès Moreau'],
    ['Von Anna Berg, dpa', 'Anna Berg'],
    ['Anna Berg, dpa/lno', 'Anna Berg'],
    ['Af Dahl', 'Af Dahl'],
    // The date's label a theme writes after the name, capitalised, with the date: not the name's last word.
    ['By Martin Keller On 12. Dezember 2022', 'Martin Keller'],
    ['von Sonia Meier Erstellt am 01.01.23 um 08:35, geändert am 01.01.23', 'Sonia Meier'],
    ['Anna Berg Veröffentlicht 3. Mai 2023', 'Anna Berg'],
    ['Mira Oduya Published March 3, 2024', 'Mira Oduya'],
    ['Inès Moreau Publié le 3 mai 2023', 'Inès Moreau'],
    // A lead-in in an element of its own joined to the name's; a social link after the name; a paper's affiliation marks; a login after the name.
    ['Artikel von, Claudia Riedl', 'Claudia Riedl'],
    ['Claudio Kummer Twitter Account von Claudio Kummer', 'Claudio Kummer'],
    ['Ann Lee Instagram', 'Ann Lee'],
    ['Marwan H. Adwani1', 'Marwan H. Adwani'],
    ['Ann Lee1,2, Bo Kim*', 'Ann Lee, Bo Kim'],
    ['Edilson La Roca, edilsonlaroca', 'Edilson La Roca'],
    ['kestrel_79', 'kestrel_79'],
    ['Redaktion', 'Redaktion'],
    ['Paris Hilton', 'Paris Hilton'],
    ['Posted by Konstantin', 'Konstantin'],
    ['AuthorAndreas Kalt', 'Andreas Kalt'],
    ['Autor Jil Schuller Alle Artikel Kontakt', 'Jil Schuller'],
    ['Author: Bo2man am 29.12.2010, 13:36 Uhr', 'Bo2man'],
    ['von Ulrike 18.10.2019 16:06 Uhr', 'Ulrike'],
    ['Ann Lee 3.5.24', 'Ann Lee'],
    ['Jelko Djuren und Jutta Klaukien', 'Jelko Djuren, Jutta Klaukien'],
    ['Isabel Caro, Rocío Latorre y José Miguel Wilson', 'Isabel Caro, Rocío Latorre, José Miguel Wilson'],
    ['Rob Picheta, CNN', 'Rob Picheta'],
    ['Adam Aaronson, PhillyVoice Staff', 'Adam Aaronson'],
    ['Ann Lee, Bo Kim', 'Ann Lee, Bo Kim'],
    ['von der Leyen', 'von der Leyen'],
    ['Walter von Aachen', 'Walter von Aachen'],
    ['Jörg Staff', 'Jörg Staff'],
    ['Parker Lewis', 'Parker Lewis'],
    ['Vonnegut', 'Vonnegut'],
    ['Byron Katie', 'Byron Katie'],
  ])('%s → %s', (value, expected) => {
    expect(authorName(value)).toBe(expected);
  });

  it.each(['Artikel von', 'Beitrag von:', 'Posted by', 'Posted', 'Publiziert am', 'publisher', 'Unbenannt', 'Unknown', 'Super User', 'anónimo', 'null', 'Anführer', 'View profile', '1.1M followers', 'Alle Artikel', 'eMagazine Login', 'wegewerk GmbH', 'Web Commerce GmbH www.w-commerce.de', 'Bund der Energieverbraucher e.V.', 'NATURSTROM AG', 'besserwisser eG', 'Olympia-Verlag GmbH, Nürnberg, Germany', 'Zuletzt geändert am: 15.10.2021', 'Last updated: 3.5.2024'])('%s is no author', (value) => {
    expect(authorName(value)).toBeNull();
  });

  it('tells labels, label values and legal forms apart from names', () => {
    expect(withoutLabel('Text: Ann Lee')).toBe('Ann Lee');
    expect(withoutLabel('Textor Ann')).toBe('Textor Ann');
    expect(isLabelValue('Posted on')).toBe(true);
    expect(isLabelValue('Ann Lee')).toBe(false);
    expect(isLegalEntity('Acme Widgets Inc.')).toBe(true);
    expect(isLegalEntity('Agnes Agerstam')).toBe(false);
  });
});

describe('author sources with labels', () => {
  it('reads a labelled byline element and skips a theme\'s label where the name goes', () => {
    expect(author('<div class="post-author">Posted</div><p class="meta"><span class="author">Walter von Aachen</span></p>')).toBe('Walter von Aachen');
    expect(author('<p class="byline__author">VON <a href="/autoren/ann-lee">ANN LEE</a> am 21. April 2020</p>')).toBe('ANN LEE');
  });

  it('reads author classes and author-page links of other languages', () => {
    expect(author('<div class="dates_auteurs">par <span class="auteurs">Inès Moreau</span>, 21 juin 2018</div>')).toBe('Inès Moreau');
    expect(author('<h4>Autor</h4><p><a href="/profil/detail/X7/ann-lee">Ann Lee</a></p>')).toBe('Ann Lee');
    expect(author('<p>Von <a href="/autoren/lee-ann">Ann Lee</a></p>')).toBe('Ann Lee');
  });

  // A guest post's theme writes what the text is into its author element; a Danish paper's lead paragraph signs with `Skrevet af`.
  it('reads the name after what the text is, in an author element and in a lead byline', () => {
    expect(author('<h1>Stille Wasser</h1><p class="post-author">Ein Gastbeitrag von <a href="/autoren/lotte-sandvik">Lotte Sandvik</a></p><p>Der See liegt still.</p>')).toBe('Lotte Sandvik');
    expect(author('<h1>Havnen om natten</h1><p><em>Skrevet af Lars Hansen, 3. maj 2023</em></p><p>Havnen sover aldrig helt, og fiskerne kommer hjem før solen står op.</p>')).toBe('Lars Hansen');
    expect(author('<h1>Der Hafen</h1><p><em>Von Anna Berg, dpa</em></p><p>Der Hafen schläft nie ganz, und die Fischer kommen heim, bevor die Sonne aufgeht.</p>')).toBe('Anna Berg');
    // A report's sentence is no byline.
    expect(author('<h1>Der Hafen</h1><p>Ein Interview von gestern zeigt, wie der Hafen arbeitet.</p>')).toBeNull();
  });

  it('takes no picture credit and no copyright holder for the writer', () => {
    expect(author('<span class="author">Foto: Ingo Schneider</span><span class="author">Von Ann Lee</span>')).toBe('Ann Lee');
    expect(author('<meta name="author" content="© Ann Lee">')).toBeNull();
    expect(author('<a href="/autor/ann-lee"><img alt="Ann Lee" src="a.jpg"><span>&copy; Ann Lee</span> <span>Ann Lee</span></a>')).toBe('Ann Lee');
    expect(author('<a href="/profil/einstellungen" title="Auf geht’s!">Auf geht’s!</a>')).toBeNull();
  });

  it('takes no company from the author meta', () => {
    expect(author('<meta name="author" content="wegewerk GmbH">')).toBeNull();
    expect(author('<meta name="author" content="wegewerk GmbH"><span class="author">von Ann Lee</span>')).toBe('Ann Lee');
  });
});

describe('menu text, a search box and a lone initial where a name goes', () => {
  it.each(['News & StoriesSendungen A-ZVideo', 'HolzpelletsUmwelt, Klima und Soziales', 'SeglerBlog', 'Suchen', 'Search', 'S.', 'D'])('%s is no author', (value) => {
    expect(authorName(value)).toBeNull();
  });

  it.each([
    ['Ann McKay', 'Ann McKay'],
    ['Ross MacKenzie', 'Ross MacKenzie'],
    ['Danny DeVito', 'Danny DeVito'],
    ['R. R.', 'R. R.'],
    ['Adam Aaronson, PhillyVoice Staff', 'Adam Aaronson'],
  ])('%s → %s', (value, expected) => {
    expect(authorName(value)).toBe(expected);
  });

  it('gives way to the byline that names someone', () => {
    // A site header whose menu sits in an element with `author` in its class, then the article's byline.
    const page = '<header><div class="author-menu"><a href="/news">News &amp; Stories</a><a href="/shows">Sendungen A-Z</a><a href="/video">Video</a></div></header>'
      + '<article><h1>Ferry timetable changes</h1><p class="byline">Von Ann Lee, 3. Mai 2023</p><p>The ferry…</p></article>';
    expect(author(page)).toBe('Ann Lee');
    expect(author('<p class="meta"><span class="author">S.</span></p><p>Text.</p>')).toBeNull();
  });
});
