import {describe, expect, it} from '@jest/globals';
import {parseHtml, parseHtmlReference} from '../../src/parse/parse-html.js';

describe('collect-dates: the text after the headline', () => {
  it('keeps the text that follows the first <h1> up to the end of its parent\'s parent, at most 200 characters', () => {
    const html = '<body><div><header><h1>Storm closes the pier</h1></header><p><em>10.11.2021</em></p><p>Body.</p></div><p>Other</p></body>';
    expect(parseHtml(html).afterHeadline).toBe('10.11.2021Body.');
    expect(parseHtmlReference(html).afterHeadline).toBe('10.11.2021Body.');
    const long = `<div><h1>Title</h1><p>${'word '.repeat(100)}</p></div>`;
    expect(parseHtml(long).afterHeadline!.length).toBe(200);
  });

  it('is absent without a <h1> or when nothing follows it', () => {
    expect(parseHtml('<div><p>10.11.2021</p></div>').afterHeadline).toBeUndefined();
    expect(parseHtml('<div><div><h1>Title</h1></div></div><p>10.11.2021</p>').afterHeadline).toBeUndefined();
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
