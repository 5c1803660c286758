import {describe, expect, it} from '@jest/globals';
import {parseHtml, parseHtmlReference} from '../../src/parse/parse-html.js';

describe('collect-dates: the text after the headline', () => {
  it('keeps the text that follows the first <h1> up to the end of its parent\'s parent, at most 200 characters', () => {
    const html = '<body><div><header><h1>Storm closes the pier</h1></header><p><em>10.11.2021</em></p><p>Body.</p></div><p>Other</p></body>';
    expect(parseHtml(html).afterHeadline).toBe('10.11.2021Body.');
    expect(parseHtmlReference(html).afterHeadline).toBe('10.11.2021Body.');
    const long = `<div><h1>Title</h1><p>10.11.2021 ${'word '.repeat(100)}</p></div>`;
    expect(parseHtml(long).afterHeadline!.length).toBe(200);
  });

  it('is absent without a <h1> or when nothing follows it', () => {
    expect(parseHtml('<div><p>10.11.2021</p></div>').afterHeadline).toBeUndefined();
    expect(parseHtml('<div><div><h1>Title</h1></div></div><p>10.11.2021</p>').afterHeadline).toBeUndefined();
    // Nor when no digit is near its start: no date there (a later <h1> may read its own).
    expect(parseHtml('<div><h1>Title</h1><p>Body text without a day.</p></div>').afterHeadline).toBeUndefined();
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
