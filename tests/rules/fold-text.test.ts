// Folding (lowercase letters and digits only) decides which descriptions and names are "the same":
// the ASCII one-pass path and the letter-by-letter comparison must agree with the Unicode definition.
import {describe, expect, it} from '@jest/globals';
import {foldEquals, foldText} from '../../src/rules/normalize.js';
import {parseHtml} from '../../src/parse/parse-html.js';

const unicodeFold = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const samples = ['', ' ', '...', 'Quay-side News!', 'quaysidenews', 'QUAYSIDE  news', 'A1 b2', 'Crème brûlée', 'CREME BRULEE', 'Ünïcödé 42', '東京 ニュース', 'tab\there', 'x', 'X.', '@maraellis', 'Mara Ellis'];

describe('foldText and foldEquals', () => {
  it('fold as the Unicode regex does, ASCII or not', () => {
    for (const text of samples) expect(foldText(text)).toBe(unicodeFold(text));
  });

  it('foldEquals(a, b) is foldText(a) === foldText(b) for every pair', () => {
    for (const a of samples) for (const b of samples) expect([a, b, foldEquals(a, b)]).toEqual([a, b, unicodeFold(a) === unicodeFold(b)]);
  });
});

describe('paragraphs for the lead', () => {
  const body = '<body><article><p>The first paragraph of the article is long enough to be a lead.</p><p>The second paragraph of the article is long enough as well, too.</p></article></body>';

  it('are recorded when no meta describes the page', () => {
    const snapshot = parseHtml(`<html><head><title>t</title></head>${body}</html>`);
    expect(snapshot.paragraphs?.map((entry) => entry.lead)).toEqual([true, true]);
  });

  it('are not read when a meta already describes the page (the first paragraph still is)', () => {
    for (const meta of ['<meta name="description" content="Said in the head.">', '<meta property="og:description" content="Said in the head.">']) {
      const snapshot = parseHtml(`<html><head>${meta}</head>${body}</html>`);
      expect(snapshot.paragraphs).toBeUndefined();
      expect(snapshot.paragraph).toBe('The first paragraph of the article is long enough to be a lead.');
    }
    // An empty description describes nothing.
    expect(parseHtml(`<html><head><meta name="description" content=" "></head>${body}</html>`).paragraphs).toHaveLength(2);
  });
});
