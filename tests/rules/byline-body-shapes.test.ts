import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {authorName} from '../../src/rules/normalize.js';
import {pickFields, rules} from '../../src/rules/rules.js';

/*
 * Bylines read from the page body when the metadata is gone (issue 33, the ablated corpora): what a
 * theme writes after the name (a job title, the site's domain), labels in Chinese, an author box's
 * heading. Each page is written in the shape such sites serve, without metadata.
 */

const url = 'https://www.field-ledger.example/2023/11/river-stones';
const author = (html: string): string | null => pickFields(parseHtml(html), {url, headers: {}}, rules, null).author;
const page = (body: string): string => `<html><head><title>River stones</title></head><body><main><article><h1>River stones and what they tell</h1>${body}`
  + '<p>The river was high that spring, and the stones along its bank had moved further than anyone remembered.</p></article></main></body></html>';

describe('a job title or an outlet after the name', () => {
  it.each([
    // A theme's author box: the name's link, a line break, the job title in the same element (`Chefredakteur`).
    ['Christoph Hein Chefredakteur', 'Christoph Hein'],
    ['Lisa Berg Redakteurin für Wirtschaft', 'Lisa Berg'],
    ['Tom Keel Online-Redakteur', 'Tom Keel'],
    // Two blocks (`<h4>` name, `<h5>` role) whose texts run together.
    ['Ingo ArztRedakteur für Wirtschaft und Umwelt', 'Ingo Arzt'],
    ['Andrew WoodcockPolitical Editor', 'Andrew Woodcock'],
    // The site by its domain after a comma (`by Bob Yirka , Phys.org`).
    ['by Bob Yirka , Phys.org', 'Bob Yirka'],
    ['Anna Berg, Spiegel.de', 'Anna Berg'],
  ])('%s → %s', (value, name) => {
    expect(authorName(value)).toBe(name);
  });

  it.each([
    // A name that ends like a role, a name glued as names are, a label before the name: kept.
    ['Meta Writer', 'Meta Writer'],
    ['Ann McKay', 'Ann McKay'],
    ['Ann Lee, John Roe', 'Ann Lee, John Roe'],
  ])('%s stays %s', (value, name) => {
    expect(authorName(value)).toBe(name);
  });

  it('reads the author box\'s name without the job title under it', () => {
    expect(author(page('<div class="col-md-2 author-ch"><strong><a href="/ueber-mich/">Christoph Hein</a></strong><br>\n Chefredakteur</div><div class="col-md-9 author-ch">ca. 8 Min.<br>12.01.2022</div>')))
      .toBe('Christoph Hein');
  });

  it('reads the byline element without the site\'s domain after the comma', () => {
    expect(author(page('<p class="article-byline text-low">\n by Bob Yirka\n , Phys.org\n</p>'))).toBe('Bob Yirka');
  });
});

describe('Chinese labels', () => {
  it.each([
    ['责任编辑：孔德明', '孔德明'],
    ['作者: 张晓明', '张晓明'],
    ['记者：李华　来源：新华社', '李华'],
    ['编辑：王芳', '王芳'],
  ])('%s → %s', (value, name) => {
    expect(authorName(value)).toBe(name);
  });

  it('reads the editor of a Chinese page\'s author element', () => {
    expect(author(page('<div class="detail_author clearFix"> <span>责任编辑：孔德明</span></div>'))).toBe('孔德明');
  });
});

describe('an author box\'s heading', () => {
  it.each(['About the Author', 'Über die Autorin', 'À propos de l’auteur'])('%s is no name', (label) => {
    expect(authorName(label)).toBeNull();
    expect(authorName(`${label} - Florina Ionescu`)).toBe('Florina Ionescu');
  });

  it('reads the name after the heading of an author box', () => {
    expect(author(page('<div class="author__box"><div class="author__box__info"><div class="author__box__top">About the Author - <span>Florina Ionescu</span></div>'
      + '<p>Hi! My name is Florina and I have been a plant junkie for 4 years now.</p></div></div>'))).toBe('Florina Ionescu');
  });
});

describe('bylines under the headline and in the meta line', () => {
  // XenForo's thread header: the first poster under its label, the start date after it.
  it.each([
    ['<div class="p-description"><ul class="listInline"><li><i class="fa-user" title="Thread starter"></i><span class="u-srOnly">Thread starter</span> <span class="username" dir="auto">Tiberius</span></li>'
      + '<li><span class="u-srOnly">Start date</span> <a href="/threads/x.1/"><time class="u-dt" data-time="1600411200">Sep 18, 2020</time></a></li></ul></div>', 'Tiberius'],
    ['<div class="p-description"><ul><li><span class="u-srOnly">Themenstarter</span> <span class="username">kestrel_79</span></li>'
      + '<li><span class="u-srOnly">Beginndatum</span> <time class="u-dt">27. September 2018</time></li></ul></div>', 'kestrel_79'],
  ])('a forum thread\'s first poster: %#', (header, name) => {
    expect(author(page(header))).toBe(name);
  });

  it('ends the name at a picture credit\'s label', () => {
    expect(author(page('<small class="meta"> von <span>Alexander Karper</span> </small> <span>Foto: © GEPA</span><div>Wien - Mittwoch, 02.02.2022, 11:17 Uhr</div>')))
      .toBe('Alexander Karper');
  });

  it.each([
    // A theme's meta line: the date's label, the date, then the byline; a screen reader's site name after it.
    ['<p class="entry-meta text-muted small">Veröffentlicht am <span>03.02.2022</span> von Sarah Schnieder <span class="sr-only">Field Ledger Magazin</span></p>', 'Sarah Schnieder'],
    ['<div class="entry-meta">Posted on <time>May 3, 2020</time> by <a href="/team/ann">Ann Lee</a></div>', 'Ann Lee'],
    ['<div class="Article__meta">\n <div>\n Tipps von\n <ul class="Article__authors">\n <li><address><a href="/team/marie-jaster">Marie Jaster</a></address></li>\n </ul>\n <time class="Article__date">\n 6.11.22\n </time>\n </div>\n</div>', 'Marie Jaster'],
  ])('reads the byline inside a meta line: %#', (line, name) => {
    expect(author(page(line))).toBe(name);
  });

  it('reads no name from a meta line whose `von` opens a sentence', () => {
    expect(author(page('<div class="entry-meta">Aktualisiert am 03.02.2022 von Berlin aus</div>'))).toBeNull();
  });

  it('reads a full name alone above a date alone under the headline', () => {
    expect(author(page('<div class="mb-6"><div><span><div>Amelie Siekmann</div></span></div><div class="block"><div>04. Dezember 2022</div></div></div>')))
      .toBe('Amelie Siekmann');
    // Not a kicker, not the headline itself, not a line of text before the date.
    expect(author(page('<div>Heizen mit Laub</div><div>04. Dezember 2022</div>'))).toBeNull();
    expect(author(page('<div>Amelie Siekmann</div><div>Am 04. Dezember 2022 wurde im Rathaus beschlossen, das Laub zu heizen</div>'))).toBeNull();
  });
});

describe('author links', () => {
  it('reads a link to the newsroom\'s page of a writer (`/redaktion/…`)', () => {
    expect(author(page('<div class="u-gap-bottom-medium">\n Von <a class="u-link-simple" href="/redaktion/andreas-floemer" title="Andreas Floemer"><strong>Andreas Floemer</strong></a>\n</div>')))
      .toBe('Andreas Floemer');
  });

  it('reads no name from the reader\'s account links under a profile path, and the byline after them', () => {
    const menu = '<ul class="account"><li class="menu-item"><a class="menu-link" href="https://secure.field-ledger.example/common/profile/member/optout/">Email Preferences</a></li>'
      + '<li><a href="https://abonnement.field-ledger.example/profil/creer-votre-profil">Créez un compte gratuitement <small>Obtenez 3 articles de plus par mois</small></a></li></ul>';
    expect(author(menu + page(''))).toBeNull();
    expect(author(menu + page('<div class="byline">By <a class="author-name" href="/author/sarah-yang">Sarah Yang</a></div>'))).toBe('Sarah Yang');
  });
});

describe('author links in running text', () => {
  it('reads no name from a paragraph\'s link to another site\'s author page, and the writer\'s link after it', () => {
    const body = '<p>Begriffe wie der des Heteropatriarchats oder auch der <a href="https://www.other-paper.example/autoren/mo-amjahid/rechte-muetter">patriarchalen Weiblichkeit</a> sind notwendig, um klarer zu beschreiben.</p>';
    expect(author(page(body))).toBeNull();
    expect(author(page(`${body}<div class="author-box"><a href="/author/nils-pickert/">Nils Pickert</a></div>`))).toBe('Nils Pickert');
    // A particle opens a name: `van Dijk` in an author element stays.
    expect(author(page('<span class="author">van Dijk</span>'))).toBe('van Dijk');
  });
});

describe('the row of author elements', () => {
  it('reads a full name without the one-word group label after it', () => {
    expect(author(page('<div class="subtitle"><span class="author"><a href="/autoren/ben-hoff">Ben Hoff</a></span> | <span class="author-group"><a href="/community" class="community">Community</a></span></div>')))
      .toBe('Ben Hoff');
    // Two one-word names of one byline are both kept.
    expect(author(page('<div class="byline">By <a rel="author" href="/author/ann">Ann</a> and <a rel="author" href="/author/bo">Bo</a></div>'))).toBe('Ann, Bo');
  });

  it('reads no byline from a row of more names than a byline holds (the site\'s columnists)', () => {
    const names = ['Shappi Khorsandi', 'Mary Dejevsky', 'Robert Fisk', 'Mark Steel', 'Janet Street-Porter', 'Chuka Umunna', 'John Rentoul', 'Matthew Norman'];
    const row = (list: string[]): string => `<ul class="columnists">${list.map((name) => `<li><a href="/author/${name.toLowerCase().replace(/\W+/g, '-')}">${name}</a></li>`).join('')}</ul>`;
    expect(author(page(row(names)))).toBeNull();
    // Three names in a row are one byline's.
    expect(author(page(row(names.slice(0, 3))))).toBe('Shappi Khorsandi, Mary Dejevsky, Robert Fisk');
  });
});

describe('more bylines in the body', () => {
  it('ends the name at `mit`/`with` (an interview\'s interviewer, then the interviewed)', () => {
    expect(author(page('<p><em>Ein Interview von <strong>Eugen Zentner</strong> mit <strong>Sonja Silberhorn</strong>.</em></p>'))).toBe('Eugen Zentner');
    expect(author(page('<p><em>An interview by Mira Oduya with Tom Keel</em></p>'))).toBe('Mira Oduya');
  });

  it('reads a link to a writer\'s page under `/staff/`', () => {
    expect(author(page('<dl><dt>Auteur</dt><dd><a href="https://www.field-ledger.example/fr/staff/uriel-gadessaud/" class="text-red no-underline">\n Uriel Gadessaud</a></dd></dl>')))
      .toBe('Uriel Gadessaud');
  });
});
