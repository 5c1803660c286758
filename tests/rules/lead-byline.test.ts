import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {leadBylineName} from '../../src/rules/lead-byline.js';
import {pickFields, rules} from '../../src/rules/rules.js';

/*
 * A byline written as plain text, its label its only mark (issue 33 item 2): read from the first paragraphs and
 * the text after the headline; and the author an SEO plugin writes as a labelled pair in the head.
 */

const url = 'https://www.quarry-notes.example/2023/field-notes';
const author = (html: string): string | null => pickFields(parseHtml(html), {url, headers: {}}, rules, null).author;

describe('leadBylineName', () => {
  it.each([
    ['von Helga Brandstetter', 'Helga Brandstetter'],
    ['Por Agencia EFE', 'Agencia EFE'],
    ['By Mira Oduya and Tom Keel', 'Mira Oduya, Tom Keel'],
    ['Blog Beitrag von Lotte Sandvik', 'Lotte Sandvik'],
    ['Von K. L. am 03.04.2014 um 10:12 Uhr gespeichert unter Reisen', 'K. L.'],
    ['Posted by Ferdinand @ 9:00 pm', 'Ferdinand'],
    ['Gespeichert von moorhen_7 am 2. Mai 2018 - 11:20', 'moorhen_7'],
    ['von Jonas Weidlich 09.03.2022 Seite teilen', 'Jonas Weidlich'],
    // The label glued to initials (a theme's `<span>By</span><a>J.R. Stone</a>`), a weekday or a month heading the date after the name.
    ['ByJ.R. Stone Thursday, November 9, 2023 7:35AM', 'J.R. Stone'],
    ['By Mira Oduya Monday, 3 April 2023', 'Mira Oduya'],
    ['Von Lotte Sandvik Mi, 3. Mai 2023', 'Lotte Sandvik'],
    ['Par Inès Moreau mardi 13 juin 2019', 'Inès Moreau'],
    ['Por Ana Ruiz jueves 2 de abril de 2020', 'Ana Ruiz'],
    // A weekday ending in a letter outside ASCII (`lunedì`) ends the name as any other.
    ['di Marco Rossi lunedì 3 giugno 2019', 'Marco Rossi'],
    ['Gepostet von Lotte Sandvik Gepostet am 3. Mai 2023', 'Lotte Sandvik'],
    // A print byline's dateline after two names: the place before `/ region` is no part of the last name.
    ['Von Roland Adler und Sebastian Kern Dadaab /Kenia', 'Roland Adler, Sebastian Kern'],
    ['By Mira Oduya and Tom Keel Nairobi / Kenya', 'Mira Oduya, Tom Keel'],
    ['Von Anna Maria Vogt und Jonas Kern / dpa', 'Anna Maria Vogt, Jonas Kern'],
    // The date's label after the name, capitalised as a theme writes it under the headline.
    ['By Martin Keller On 12. Dezember 2022', 'Martin Keller'],
    ['von Sonia Meier Erstellt am 01.01.23 um 08:35, geändert am 01.01.23 um 08:35', 'Sonia Meier'],
    ['Par Inès Moreau Publié le 3 mai 2023', 'Inès Moreau'],
    ['By Ann Le 3 May 2023', 'Ann Le'],
    // A hyphen between spaces ends the name as a dash does; a Russian label.
    ['Par Inès Moreau - Publié le 12/03/2019', 'Inès Moreau'],
    ['Автор: Иван Петров', 'Иван Петров'],
    // A list of full names, its last joined by a conjunction, with or without an Oxford comma.
    ['By Jane Doe, John Roe and Ann Lee', 'Jane Doe, John Roe, Ann Lee'],
    ['By Jane Doe, John Roe, and Ann Lee | March 3, 2020', 'Jane Doe, John Roe, Ann Lee'],
    ['Von Anna Müller, Max Maier und Lea Kern', 'Anna Müller, Max Maier, Lea Kern'],
    // Not a list: a place or an outlet after the comma.
    ['Von Anna Müller, Berlin', 'Anna Müller'],
    ['By Jane Doe, Staff Writer', 'Jane Doe'],
  ])('%s → %s', (text, name) => {
    expect(leadBylineName(text)).toBe(name);
  });

  it.each([
    'Von Montag bis Freitag ist das Büro geschlossen.',
    'Von Berlin nach Hamburg in zwei Stunden',
    'Von der Leyen sagte am Dienstag',
    'Von Anfang an war klar, dass es regnet',
    'Autor: Online Redaktion',
    'Die Wanderung beginnt am Bahnhof.',
  ])('%s → no name', (text) => {
    expect(leadBylineName(text)).toBeNull();
  });
});

describe('the author from a plain-text byline', () => {
  // The byline under the headline with no date near it: its block is read apart from the paragraph after it.
  it.each([
    ['<div>By Jane Doe, Staff Writer</div>', 'Jane Doe'],
    ['<div>By JANE DOE</div>', 'JANE DOE'],
    ['<div><span>Written by</span> <span>Jane Doe</span></div>', 'Jane Doe'],
    ['<div>Written by</div><div>Jane Doe</div>', 'Jane Doe'],
    ['<p class="lede">Ein Tag am Fluss.</p><div>Von Helga Brandstetter</div>', null],
  ])('after an undated headline: %s → %s', (byline, name) => {
    expect(author(`<html><body><main><article><h1>Stones by the river</h1>${byline}<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.</p></article></main></body></html>`))
      .toBe(name);
  });

  it('reads a byline element of the body before the plain text of an undated headline', () => {
    expect(author('<html><body><main><article><h1>Stones by the river</h1><div class="byline">By <a class="author" href="/author/jane">Jane Doe</a> Staff Writer at Quarry Notes</div><p>Lorem ipsum dolor sit amet.</p></article></main></body></html>'))
      .toBe('Jane Doe');
  });

  it('reads no name in the undated text after a menu heading', () => {
    expect(author('<html><body><header><h1>Quarry Notes</h1><div>Home About Contact</div></header><main><h1>Stones by the river</h1><div>Lorem Ipsum</div></main></body></html>')).toBeNull();
  });

  it('reads a byline paragraph after the headline', () => {
    expect(author('<html><body><h1>Steine am Fluss</h1><p>Ein Spaziergang an der Isar mit vielen Kieseln und Gedanken.</p><p><i>von Helga Brandstetter</i></p><p>Der Fluss war hoch.</p></body></html>'))
      .toBe('Helga Brandstetter');
  });

  // The text after the headline is kept when it shows a year (collect-dates.ts).
  // collect-dates.ts keeps the first minor headings apart from the paragraphs' datelines.
  it('reads a byline written as a minor heading, the paragraph with the date still read', () => {
    const page = '<html><body><div>Suche</div><h6>Strompreise: Rechte auf einen Blick</h6><h5><em>Von Marlene Hofstetter</em></h5>'
      + '<p>(21. November 2022) Verbraucher erhalten eine Preiserhöhung nach der nächsten.</p><p>Seit dem 1. Oktober gilt ein neuer Satz.</p></body></html>';
    expect(author(page)).toBe('Marlene Hofstetter');
    expect(parseHtml(page).datelines?.[0]).toMatch(/^\(21\. November 2022\)/);
  });

  it('reads no author from a testimonial\'s or a quote\'s author element', () => {
    expect(author('<html><body><h1>Autokredit vergleichen</h1><div class="testimonial-text">Alles lief schnell und freundlich.</div>'
      + '<div class="row testimonial-author"><div class="row">Kundin A.K.</div><div>Ein Partner-Service von uns</div></div>'
      + '<blockquote>Mobilität ist Freiheit.<cite class="quote-author">Lotte Sandvik</cite></blockquote></body></html>')).toBeNull();
  });

  // collect-bylines.ts: an organisation's "about" page quoting its CEO, the quote signed with a link to his author page;
  // a photo credited in its caption by an `.author` element.
  it('reads no author from an author link or element inside a blockquote or a figure caption', () => {
    const page = '<html><body><h1>Über uns</h1><p>Wir bauen offene Werkzeuge für alle, seit zwanzig Jahren und mit vielen Partnern.</p>'
      + '<blockquote class="short-block"><div class="quote-image"><a href="/author/lotte/"><img src="/lotte.png" alt="Lotte Sandvik, CEO"></a></div>'
      + '<div class="quote-text">Unsere Arbeit ist ein lebendiges Gemeingut.</div><div class="user-title"><a href="/author/lotte/">Lotte Sandvik, CEO</a></div></blockquote>'
      + '<figure><img src="/team.jpg" alt=""><figcaption>Das Team <span class="author">Jonas Weidlich</span></figcaption></figure>'
      + '<h2>Unser Netzwerk</h2><p>Mehr als 500 Menschen in 80 Ländern arbeiten mit.</p></body></html>';
    expect(author(page)).toBeNull();
    // The same link in the page's own byline is the writer.
    expect(author(page.replace('<h1>Über uns</h1>', '<h1>Über uns</h1><div class="byline"><a href="/author/jonas/">Jonas Weidlich</a></div>'))).toBe('Jonas Weidlich');
  });

  // collect-bylines.ts: a classic WordPress theme writes the post's byline into the article's own `<footer>`; the site's footer stays chrome.
  it('reads the byline in an article\'s own footer, not one in the site\'s footer', () => {
    const post = (footer: string): string => '<html><body><div id="page"><article class="post hentry"><header><h1>Haben sich Mozarts Eltern gesorgt?</h1></header>'
      + '<div class="entry-content"><p>Ich kann Ihnen versichern, das war nie der Fall, und ich weiß auch, warum es so war.</p><p>Seine Tournee führte ihn durch Europa.</p></div>'
      + `${footer}</article></div><footer class="site-footer"><p>Ein Blog mit <a href="/author/webteam/" rel="author">Hanna Webteam</a></p></footer></body></html>`;
    expect(author(post('<footer class="post-footer postdata"><span class="author">Posted by <span class="vcard"><a href="/author/gwk/" class="url fn" rel="author">Günter Kienitz</a></span> at 18:52</span></footer>')))
      .toBe('Günter Kienitz');
    expect(author(post(''))).toBeNull();
  });

  // labelled-byline.ts: a trade paper's meta box, each label a minor heading with its value in the loose text after it.
  it('reads the name after an author\'s label that follows a labelled date, without the agency after a slash', () => {
    const box = (value: string): string => '<html><body><h1>Der lange Weg zum Strom</h1><p>Im Gegensatz zu anderen Herstellern hält sich die Marke noch zurück.</p>'
      + '<p>Noch ist er durch eine Tarnfolie verdeckt.</p><p>Ein Vergleich verbietet sich.</p><p>Die Reichweite soll 500 Kilometer betragen.</p>'
      + `<div class="row"><div class="col-md-4"><h5 class="title-inline">Datum: </h5>03.11.2021 <br><h5 class="title-inline">Autor: </h5>${value} </div>`
      + '<div class="col-md-4"><h5 class="title-inline">Rubrik: </h5>Hersteller</div></div></body></html>';
    expect(author(box('Jonas Weidlich/SP-X'))).toBe('Jonas Weidlich');
    expect(author(box('Helga Brandstetter'))).toBe('Helga Brandstetter');
    // A desk is no one, and nor is a sentence.
    expect(author(box('Online Redaktion'))).toBeNull();
    expect(author(box('siehe unten'))).toBeNull();
  });

  // collect-bylines.ts records an element whose class names the date and the author as a date and as a byline.
  it('reads the name of an element whose class names the date and the author, and its date', () => {
    const page = '<html><body><h1>Lawinen verstehen</h1><p class="date-author">Marlene Hofstetter, 01.12.2021</p><p>Es schneit. Endlich!</p></body></html>';
    const fields = pickFields(parseHtml(page), {url, headers: {}}, rules, null);
    expect(fields.author).toBe('Marlene Hofstetter');
    expect(fields.datePublished).toMatch(/^2021-12-01/);
  });

  it('reads no name from a minor heading that is a title', () => {
    expect(author('<html><body><h1>Reisen</h1><h4>Von Berlin nach Hamburg in zwei Stunden</h4><h5>Von Montag bis Freitag</h5><p>Der Zug fährt stündlich.</p></body></html>'))
      .toBeNull();
  });

  it('reads a byline right after the headline', () => {
    expect(author('<html><body><div><h1>Quarry notes</h1><span>Posted by Ferdinand @ 9:00 pm, 12.03.2016</span></div><p>Some text about rocks.</p></body></html>'))
      .toBe('Ferdinand');
  });

  it('reads a byline whose label and date are elements of their own, glued to the name in the text', () => {
    const page = '<html><body><div><h1>Quay lamps lit again</h1></div><div><div><span>By</span><span><a href="/about/newsteam/jr-stone">J.R. Stone</a></span><span> </span></div>'
      + '<div><span>Thursday, November 9, 2023 7:35AM</span></div></div><p>NAPA COUNTY -- The lamps along the quay are lit again.</p></body></html>';
    expect(author(page)).toBe('J.R. Stone');
  });

  it('reads a label and a name written in elements of their own', () => {
    expect(author('<html><body><h1>Robots that learn</h1><div><p>By</p><p>Tessa Marlow</p><p>Date</p><p>February 5, 2020</p></div><p>The lab built a robot.</p></body></html>')).toBe('Tessa Marlow');
    expect(author('<html><body><h1>Robots that learn</h1><p>By</p><p>the way, robots learn.</p></body></html>')).toBeNull();
  });

  // A news page's related-stories cards carry `.author` elements of their own, below the article's byline.
  it('reads the labelled byline under the headline before the author elements of the cards further down', () => {
    const cards = ['Clara Roth', 'Hilde Butz', 'Max Schuler'].map((name) => `<li><a href="/n/${name.length}">Ein anderer Artikel</a><span class="author">Von ${name}</span></li>`).join('');
    const page = `<html><body><article><h1>Zimmer gesucht</h1><p>Von Lisa Petrich Mi, 18. Oktober 2023 um 12:50 Uhr</p><p>Die Vorlesungen starten.</p></article><ul>${cards}</ul></body></html>`;
    expect(author(page)).toBe('Lisa Petrich');
  });

  it('reads a CMS\'s saved-by line under the headline after the byline the text gives', () => {
    const page = '<html><body><h1>Vegetarisch leben</h1><div>Gespeichert von human am 7. Juli 2019 - 18:44</div><p>Bedarf oder Trend?</p><p>Blog Beitrag von Margit Kern</p><p>Der Text.</p></body></html>';
    expect(author(page)).toBe('Margit Kern');
  });

  // Drupal's node template: the user who saved the post, in `.submitted` below the text, far from the headline.
  const drupalNode = (submitted: string, text = '<p>Wir waren beim Relaunch dabei und haben die Kampagne gestaltet.</p>'): string =>
    `<html><body><div id="content"><h1 class="title">FairCoin beim Sommercamp</h1><div class="node"><div class="content">${text}<div class="field-slideshow"><img src="/a.png" alt=""></div></div><div class="submitted">${submitted}</div></div></div><div class="sidebar"><p>Newsletter bestellen</p></div></body></html>`;

  it.each([
    ['Gespeichert von <span class="username">rasos</span> am 24. Juli 2017 - 18:55', 'rasos'],
    ['Submitted by <span class="username">marten_k</span> on Mon, 07/24/2017 - 18:55', 'marten_k'],
    ['Eingestellt von Ruth Amsel am 24.07.2017', 'Ruth Amsel'],
  ])('reads a post meta line that opens with a byline, wherever it sits: %s', (submitted, name) => {
    expect(author(drupalNode(submitted))).toBe(name);
  });

  it('reads the meta line after every other byline, and none from a meta line that is only a date', () => {
    expect(author(drupalNode('Gespeichert von rasos am 24. Juli 2017', '<p>Blog Beitrag von Margit Kern</p><p>Wir waren beim Relaunch dabei.</p>'))).toBe('Margit Kern');
    expect(author(drupalNode('24. Juli 2017 - 18:55'))).toBeNull();
  });

  // A news CMS's line over the headline: the date, the time and the writer, each its own part.
  it.each([
    ['<small>04.02.2022 | 13:10 Uhr | Uta Helkenberg</small>', 'Uta Helkenberg'],
    ['<div class="meta">23.06.2016 um 16:14 Uhr - Jonas Weidlich - 91 Ergänzungen</div>', 'Jonas Weidlich'],
    ['<span class="date">12.03.2021 · Lotte Sandvik</span>', 'Lotte Sandvik'],
  ])('reads the full name after a line\'s date and time: %s', (line, name) => {
    expect(author(`<html><body><div class="content">${line}<h1>Stellungnahme zum Pilotjahr</h1><p>Warendorf. Gerade haben sich die Verbände auf ein Pilotjahr geeinigt.</p></div></body></html>`)).toBe(name);
  });

  it.each([
    '<small>04.02.2022 | 13:10 Uhr | Politik</small>',
    '<small>04.02.2022 | Pressemitteilung | Uta Helkenberg</small>',
    '<small>04.02.2022 | 13:10 Uhr</small>',
  ])('reads no name from a dated line whose first part after the date is none: %s', (line) => {
    expect(author(`<html><body><div class="content">${line}<h1>Stellungnahme zum Pilotjahr</h1><p>Warendorf. Gerade haben sich die Verbände auf ein Pilotjahr geeinigt.</p></div></body></html>`)).toBeNull();
  });

  it('lets a byline element or metadata speak first', () => {
    expect(author('<html><head><meta name="author" content="Ruth Amsel"></head><body><h1>Quarry notes</h1><p>von Helga Brandstetter</p></body></html>'))
      .toBe('Ruth Amsel');
  });

  it('finds none in a paragraph that is a sentence', () => {
    expect(author('<html><body><h1>Öffnungszeiten</h1><p>Von Montag bis Freitag ist das Büro geschlossen.</p></body></html>')).toBeNull();
  });
});

describe('the author of an SEO plugin\'s labelled pair (Yoast: twitter:label1 "Written by", twitter:data1)', () => {
  const head = (label: string, data: string): string =>
    `<html><head><meta name="twitter:label1" content="${label}"><meta name="twitter:data1" content="${data}"><meta name="twitter:label2" content="Est. reading time"><meta name="twitter:data2" content="4 minutes"></head><body><h1>Quarry notes</h1></body></html>`;

  it.each([['Written by', 'Mira Oduya'], ['Verfasst von', 'Lotte Sandvik'], ['Geschrieben von', 'Jonas Weidlich'], ['Escrito por', 'Rocío Latorre']])('%s → %s', (label, name) => {
    expect(author(head(label, name))).toBe(name);
  });

  it('reads no other pair (a reading time is no author)', () => {
    expect(author('<html><head><meta name="twitter:label1" content="Est. reading time"><meta name="twitter:data1" content="4 minutes"></head><body></body></html>')).toBeNull();
  });

  it('comes after the author metas', () => {
    expect(author(`<meta name="author" content="Ruth Amsel">${head('Written by', 'Mira Oduya')}`)).toBe('Ruth Amsel');
  });
});
