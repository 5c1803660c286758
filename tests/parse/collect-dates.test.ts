import {describe, expect, it} from '@jest/globals';
import {parseHtml, parseHtmlReference} from '../../src/parse/parse-html.js';
import {pickFields} from '../../src/rules/rules.js';

describe('collect-dates: the text after the headline', () => {
  it('keeps the text that follows the first <h1> up to the end of its parent\'s parent, a line a block, at most 200 characters', () => {
    const html = '<body><div><header><h1>Storm closes the pier</h1></header><p><em>10.11.2021</em></p><p>Body.</p></div><p>Other</p></body>';
    expect(parseHtml(html).afterHeadline).toBe('10.11.2021\nBody.');
    expect(parseHtmlReference(html).afterHeadline).toBe('10.11.2021\nBody.');
    // Inline elements are no line's end.
    expect(parseHtml('<div><h1>T</h1><p>By <b>Ann</b> <i>Lee</i>, 10.11.2021</p></div>').afterHeadline).toBe('By Ann Lee, 10.11.2021');
    const long = `<div><h1>Title</h1><p>10.11.2021 ${'word '.repeat(100)}</p></div>`;
    expect(parseHtml(long).afterHeadline!.length).toBe(200);
  });

  it('is absent without a <h1> or when nothing follows it', () => {
    expect(parseHtml('<div><p>10.11.2021</p></div>').afterHeadline).toBeUndefined();
    expect(parseHtml('<div><div><h1>Title</h1></div></div>').afterHeadline).toBeUndefined();
    // Nor when no digit is near its start: no date there (a later <h1> may read its own).
    expect(parseHtml('<div><h1>Title</h1><p>Body text without a day.</p></div>').afterHeadline).toBeUndefined();
  });

  it('keeps the first two blocks of an undated text after a headline for a byline', () => {
    const snapshot = parseHtml(`<div><h1>Title</h1><div>By Ann Lee</div><p>${'Body text without a day. '.repeat(5)}</p><p>More.</p></div>`);
    expect(snapshot.afterHeadline).toBeUndefined();
    expect(snapshot.undatedAfterHeadlines).toEqual([`By Ann Lee\n${'Body text without a day. '.repeat(5).slice(0, 80)}`]);
    expect(parseHtml('<div><h1>Title</h1><p>10.11.2021</p></div>').undatedAfterHeadlines).toBeUndefined();
  });
});

describe('collect-dates: a headline nested deep, with nothing after it in its wrapper', () => {
  // A component page (React, Vue) nests its title in wrappers and shows the category and the date in the next block.
  const hero = (after: string): string => `<main><div data-component="article-hero"><div><div data-component="article-hero-title"><div><div>`
    + `<h1>Wie spreche ich mit meiner Tochter?</h1></div></div></div></div></div>${after}</main>`;

  it('reads on to the text that follows, up to five ancestors further', () => {
    const html = hero('<div><div><div display="tag">Familie</div><div>17/02/2022</div></div></div><section><p>Ihre Tochter ist launisch.</p></section>');
    expect(parseHtml(html).afterHeadline).toBe('Familie\n17/02/2022\nIhre Tochter ist launisch.');
    expect(parseHtmlReference(html).afterHeadline).toBe('Familie\n17/02/2022\nIhre Tochter ist launisch.');
    // Nested deeper than that, the text is too far from the headline to be its.
    const deep = `<div><div><div><div><div><div><div><div><h1>T</h1></div></div></div></div></div></div></div></div><p>17.02.2022</p>`;
    expect(parseHtml(deep).afterHeadline).toBeUndefined();
  });

  it('gives the page its date when nothing else names one', () => {
    const page = `<html lang="de-DE"><head><title>Wie spreche ich mit meiner Tochter?</title></head><body>${hero('<div><div><div>Familie</div><div>17/02/2022</div></div></div><p>Text.</p>')}</body></html>`;
    expect(pickFields(parseHtml(page), {url: 'https://www.familie.example/kinder/tochter', headers: {}}).datePublished).toBe('2022-02-17T12:00:00.000Z');
  });
});

describe('collect-dates leaves the other reads of the <h1> alone', () => {
  it('a microdata name on the <h1> and the h1 text are still read when it closes', () => {
    const snapshot = parseHtml('<div itemscope itemtype="https://schema.org/Article"><h1 itemprop="name">Sourdough</h1><p>by Mira on 28 October 2021</p></div>');
    expect(snapshot.h1).toBe('Sourdough');
    expect(snapshot.microdata.find((entry) => entry.prop === 'name')?.value).toBe('Sourdough');
    expect(snapshot.afterHeadline).toBe('by Mira on 28 October 2021');
  });
});

describe('collect-dates: the datelines', () => {
  it('keeps the start of the first non-empty paragraphs after the headline, and the one right before it', () => {
    const html = `<body><p>Banner</p><p>Teaser</p><div><p>Topline</p><h1>Title</h1></div><p></p><p>One</p><p>${'x'.repeat(100)}</p><p>Three</p><p>Four</p></body>`;
    expect(parseHtml(html).datelines).toEqual(['Topline', 'One', 'x'.repeat(80), 'Three']);
    expect(parseHtmlReference(html).datelines).toEqual(['Topline', 'One', 'x'.repeat(80), 'Three']);
    expect(parseHtml('<p>A</p><nav><p>Menu</p></nav><p>B</p>').datelines).toEqual(['A', 'B']);
    expect(parseHtml('<p></p><div>Text</div>').datelines).toBeUndefined();
  });

  it('lets a later <h1> read the text after it when the first one had no digit there', () => {
    const html = '<div><div><h1>Navigation</h1></div><ul><li>Home</li></ul></div><div><div><h1>Story</h1></div><p>Datum: 18.10.2021</p></div>';
    expect(parseHtml(html).afterHeadline).toBe('Datum: 18.10.2021');
    // Also while the first one's text is still being read (its parent's parent is the whole page): it shows no year by the next <h1>.
    const menu = '<ul><li>Startseite</li><li>Themen und Dienste</li><li>Presse und Service</li><li>Kontakt und Hilfe</li><li>Karriere beim Amt</li><li>Leichte Sprache</li><li>Gebärdensprache</li></ul>';
    const page = `<body><div id="wrapper"><div><h1>Navigation</h1></div>${menu}<main><div><h1>Story</h1></div><p>Datum: 18.10.2021</p></main></div></body>`;
    expect(parseHtml(page).afterHeadline).toBe('Datum: 18.10.2021');
    expect(parseHtmlReference(page).afterHeadline).toBe('Datum: 18.10.2021');
  });
});
