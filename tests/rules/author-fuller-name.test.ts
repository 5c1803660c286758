import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {pickFields, rules} from '../../src/rules/rules.js';

/* A first name or a handle in the metadata gives way to the full name the page writes (issue 33 item 2). */

const url = 'https://www.ledger.example/news/story';
const author = (html: string): string | null => pickFields(parseHtml(html), {url, headers: {}}, rules, null).author;
const person = (name: string, description?: string): string =>
  `<script type="application/ld+json">{"@graph":[{"@type":"Article","author":{"@id":"#p"}},{"@type":"Person","@id":"#p","name":"${name}"${description === undefined ? '' : `,"description":"${description}"`}}]}</script>`;

describe('a short author name', () => {
  it('takes the full name from the byline for a handle', () => {
    expect(author(`${person('annlee')}<span class="author">von Ann Lee</span>`)).toBe('Ann Lee');
    expect(author(`${person('edilson.la.rosa')}<span class="author">Edilson La Rosa</span>`)).toBe('Edilson La Rosa');
  });

  it('takes the full name for a first name alone, from the Person description or the byline', () => {
    expect(author(person('Nils', 'Nils Pickert ist freier Autor und Journalist.'))).toBe('Nils Pickert');
    expect(author(`${person('Todd')}<p class="byline">By Todd Bates</p>`)).toBe('Todd Bates');
    // The plain-text byline's label and name in elements of their own.
    expect(author(`${person('Todd')}<h1>Robots</h1><div><p>By</p><p>Todd Bates</p><p>Date</p></div>`)).toBe('Todd Bates');
  });

  it('keeps the name when the page writes no fuller one, or another person', () => {
    expect(author(person('Robert'))).toBe('Robert');
    expect(author(`${person('Robert')}<span class="author">Ann Lee</span>`)).toBe('Robert');
    // A login the page shows nowhere gives way to the byline (author-sources.test.ts); one it shows stays.
    expect(author(`${person('annlee')}<span class="author">Bo Kim</span><p>Posted by annlee</p>`)).toBe('annlee');
    expect(author(`${person('Stefanus')}<span class="author">Stefanus Stefanus Stahl - Maschinenbauer</span>`)).toBe('Stefanus');
  });

  it('takes the first byline\'s full name for an account\'s name (a brand\'s page, a CMS user)', () => {
    expect(author('<meta property="article:author" content="NatGeoUK"><h1>Goats</h1><p class="byline">By Michael Hingston</p>')).toBe('Michael Hingston');
    expect(author('<div itemscope itemtype="https://schema.org/Article"><span itemprop="author" itemscope itemtype="https://schema.org/Person"><meta itemprop="name" content="link78"></span></div><span class="author">Ophélie Ostermann</span>')).toBe('Ophélie Ostermann');
  });

  it('keeps an account\'s name when the first byline names someone else by one word, or only a comment names a person', () => {
    // The blog's writer answers in the comments, as its login.
    const comments = '<ol><li><span class="author">dottoressa</span><p>Schön!</p></li><li><span class="author">Sabine Gimm</span><p>Toll.</p></li><li><span class="author">happyface313</span><p>Danke!</p></li></ol>';
    expect(author(`${person('happyface313')}<h1>Shampoo</h1><p>Ein Text.</p>${comments}`)).toBe('happyface313');
    expect(author('<meta property="article:author" content="NatGeoUK"><h1>Goats</h1>')).toBe('NatGeoUK');
  });
});
