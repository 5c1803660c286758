import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {pickFields, rules} from '../../src/rules/rules.js';

/* Which source names the author (issue 33 item 2): the site itself is no author, an agency is. */

const url = 'https://www.harbourwire.example/news/story';
const author = (html: string): string | null => pickFields(parseHtml(html), {url, headers: {}}, rules, null).author;
const org = (name: string): string => `<script type="application/ld+json">{"@type":"NewsArticle","author":{"@type":"NewsMediaOrganization","name":"${name}"},"publisher":{"@type":"Organization","name":"Harbour Wire"}}</script>`;

describe('an Organization author', () => {
  it('is not the author when it is the site itself: by its publisher, its og:site_name or its domain', () => {
    expect(author(org('Harbour Wire'))).toBeNull();
    expect(author(`<meta property="og:site_name" content="HW News">${org('HW News')}`)).toBeNull();
    expect(author(org('harbourwire.example'))).toBeNull();
  });

  it('is the author when it is another organization (an agency)', () => {
    expect(author(org('Coast Press Agency'))).toBe('Coast Press Agency');
  });

  it('is the author when the site is named after its writer and the byline names them', () => {
    const blog = '<script type="application/ld+json">{"@type":"BlogPosting","author":{"@type":"Organization","name":"Andreas Kalt"},"publisher":{"@type":"Organization","name":"Andreas Kalt"}}</script>';
    expect(author(`${blog}<span class="byline">AuthorAndreas Kalt</span>`)).toBe('Andreas Kalt');
    expect(author(blog)).toBeNull();
  });
});

describe('a JSON-LD person that is the site itself', () => {
  const person = (name: string, type = '"@type":"Person",'): string =>
    `<script type="application/ld+json">{"@type":"NewsArticle","headline":"Storm closes the quay","author":{${type}"name":"${name}"},"publisher":{"@type":"Organization","name":"Harbour Wire"}}</script>`;

  it('is no author: the publisher, the og:site_name or the domain written as a Person (a CMS default)', () => {
    expect(author(person('Harbour Wire'))).toBeNull();
    expect(author(`<meta property="og:site_name" content="HW News">${person('HW News')}`)).toBeNull();
    expect(author(person('harbourwire.example'))).toBeNull();
    expect(author(person('HarbourWire Editorial Team'))).toBeNull();
    // An untyped node is read as a person: the same.
    expect(author(person('Harbour Wire', ''))).toBeNull();
  });

  it('gives way to the byline that names a person', () => {
    expect(author(`${person('Harbour Wire')}<article><h1>Storm closes the quay</h1><span class="author">Ann Lee</span></article>`)).toBe('Ann Lee');
  });

  it('is the author when a byline names it too (a blog named after its writer), and a person who is not the site always is', () => {
    expect(author(`${person('harbourwire')}<span class="author">harbourwire</span>`)).toBe('harbourwire');
    expect(author(person('Ann Lee'))).toBe('Ann Lee');
  });

  // A related story's card signed by the site (`l’Opinion`) is no byline of the page's: the article's own byline is its first.
  it('is the publishing Organization\'s name: only the page\'s first byline makes it the author', () => {
    const cards = '<ul><li><a href="/a">Another story</a><div class="snippet-author">Harbour Wire</div></li></ul>';
    expect(author(`${person('Harbour Wire')}<article><h1>Storm closes the quay</h1><span class="author">Ann Lee</span></article>${cards}`)).toBe('Ann Lee');
    expect(author(`${person('Harbour Wire')}<article><h1>Storm closes the quay</h1><span class="author">Harbour Wire</span></article>`)).toBe('Harbour Wire');
  });
});

describe('a desk', () => {
  it('gives way to a person a later source names', () => {
    // A CMS's article:author is the desk; the JSON-LD and the byline name the writer.
    const head = '<meta property="article:author" content="Redacción Harbour"><script type="application/ld+json">{"@type":"NewsArticle","author":{"@type":"Person","name":"Carla Vega"}}</script>';
    expect(author(head)).toBe('Carla Vega');
    expect(author('<meta name="author" content="Newsdesk"><article><h1>Storm closes the quay</h1><span class="author">Von Ann Lee</span></article>')).toBe('Ann Lee');
  });

  it('is the author when no source names a person', () => {
    expect(author('<meta name="author" content="N-Land Redaktion">')).toBe('N-Land Redaktion');
    expect(author('<script type="application/ld+json">{"@type":"NewsArticle","author":{"@type":"Person","name":"Coast Editorial Team"}}</script>')).toBe('Coast Editorial Team');
  });

  it('is not a person with a desk after a comma', () => {
    expect(author('<meta name="author" content="Ann Lee, Harbour Redaktion"><span class="author">Bo Berg</span>')).toBe('Ann Lee');
  });
});

describe('the byline the page shows twice', () => {
  it('comes before <meta name="author">, a site\'s one value for every page', () => {
    const page = '<meta name="author" content="Matthias Hille"><h1>Podcasts in Plex</h1><p>Erstellt von <span class="author">Fabian</span> am Dienstag 6. Mai 2014</p><p>Ich benutze Plex.</p>';
    expect(author(page)).toBe('Fabian');
  });

  it('does not when only one of them names the writer, nor before JSON-LD', () => {
    expect(author('<meta name="author" content="Matthias Hille"><h1>Podcasts in Plex</h1><p><span class="author">Fabian</span></p><p>Ich benutze Plex.</p>')).toBe('Matthias Hille');
    expect(author('<meta name="author" content="Matthias Hille"><h1>Podcasts in Plex</h1><p>Erstellt von Fabian am Dienstag 6. Mai 2014</p>')).toBe('Matthias Hille');
    const jsonld = '<script type="application/ld+json">{"@type":"BlogPosting","author":{"@type":"Person","name":"Ruth Amsel"}}</script>';
    expect(author(`${jsonld}<h1>Podcasts in Plex</h1><p>Erstellt von <span class="author">Fabian</span> am Dienstag 6. Mai 2014</p>`)).toBe('Ruth Amsel');
  });
});

describe('a CMS login in the metadata', () => {
  const yoast = (name: string): string => `<script type="application/ld+json">{"@graph":[{"@type":"Article","author":{"@id":"#p"}},{"@type":"Person","@id":"#p","name":"${name}"}]}</script>`;

  it('is no author when the page shows it nowhere (an SEO plugin copied it from the user table)', () => {
    expect(author(`${yoast('tkalweit')}<h1>Pop-Ups</h1><p>28. Januar 2022</p><p>Radical Pop-Ups haben sich einen Ruf erarbeitet.</p>`)).toBeNull();
    expect(author(`<meta name="author" content="sv_team"><h1>Huhn</h1><p>Jedes Huhn legt Eier.</p>`)).toBeNull();
  });

  it('is the author when a byline shows it, and a person\'s name need not be shown', () => {
    expect(author(`${yoast('rasos')}<h1>FairCoin</h1><p>Gespeichert von rasos am 2. Mai 2018 - 11:20</p><p>Text.</p>`)).toBe('rasos');
    expect(author(`${yoast('tkalweit')}<h1>Pop-Ups</h1><span class="author">tkalweit</span>`)).toBe('tkalweit');
    expect(author(`${yoast('Tina Kalweit')}<h1>Pop-Ups</h1><p>Text.</p>`)).toBe('Tina Kalweit');
    // Not shown: the byline the page shows is the author.
    expect(author(`${yoast('annlee')}<span class="author">Bo Kim</span>`)).toBe('Bo Kim');
  });
});

describe('the author elements', () => {
  // A theme's teaser cards above the article (the section's other stories, signed with the paper's initials),
  // then the article's own byline under its headline, in an author element too.
  const page = (under: string): string => {
    const card = (title: string): string => `<li><a href="/kommentar/${title.length}">${title}</a><span class="author"><a href="/author/hw/">HW</a></span></li>`;
    return `<html><body><ul class="teasers">${card('Der Wochenrückblick')}${card('Die Woche im Hafen')}</ul>`
      + `<article><h1>Der royale Wochenrückblick</h1><div class="meta">${under}</div><p>Der Hafen hat in dieser Woche mit der Stadt abgerechnet.</p></article></body></html>`;
  };

  it('are read from the one whose full name the text under the headline shows, when the first one\'s is not shown there', () => {
    expect(author(page('Kommentar 19. Oktober 2019 <span class="author"><a href="/author/bk/">Boris T. Kaiser</a></span> 1 Kommentar'))).toBe('Boris T. Kaiser');
  });

  it('are read from the first when the text under the headline shows no other name', () => {
    expect(author(page('Kommentar 19. Oktober 2019 · 1 Kommentar'))).toBe('HW');
  });
});
