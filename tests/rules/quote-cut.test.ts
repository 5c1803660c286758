// A meta value cut short by an unescaped quote (`content="Why the "best" bread is slow"` reads as `Why the `)
// gives way to the whole text the page writes where quotes need no escaping (issue 33 item 2).
import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {pickFields} from '../../src/rules/rules.js';
import {restoreQuoteCut} from '../../src/rules/quote-cut.js';

const url = 'https://bakery.example/journal/slow-bread';
const fields = (head: string, body = '') => pickFields(parseHtml(`<html lang="en"><head>${head}</head><body>${body}</body></html>`), {url, headers: {}});
const cutTitle = '<meta property="og:title" content="Why the "best" bread is slow">';

describe('a title cut short by an unescaped quote', () => {
  it('is read whole from the JSON-LD headline', () => {
    const ld = '<script type="application/ld+json">{"@type":"BlogPosting","headline":"Why the \\"best\\" bread is slow"}</script>';
    expect(fields(cutTitle + ld).title).toBe('Why the "best" bread is slow');
  });

  it('is read whole from the <title> (its site segment kept, as for any title) or the <h1>', () => {
    expect(fields(`${cutTitle}<title>Why the "best" bread is slow | Bakery Journal</title>`).title).toBe('Why the "best" bread is slow | Bakery Journal');
    expect(fields(cutTitle, '<h1>Why the "best" bread is slow</h1>').title).toBe('Why the "best" bread is slow');
  });

  it('is read whole when single quotes cut it (`Don` of `Don\'t panic`), and from twitter:title', () => {
    expect(fields(`<meta property="og:title" content='Don't panic: a baker's guide'><title>Don't panic: a baker's guide</title>`).title).toBe('Don\'t panic: a baker\'s guide');
    expect(fields(`<meta name="twitter:title" content="The "slow" loaf"><title>The "slow" loaf - Bakery Journal</title>`).title).toBe('The "slow" loaf - Bakery Journal');
  });

  it('stays as it is when nothing on the page writes it whole', () => {
    expect(fields(cutTitle).title).toBe('Why the');
  });
});

describe('a description cut short by an unescaped quote', () => {
  it('is read whole from the JSON-LD description or a paragraph', () => {
    const ld = '<script type="application/ld+json">{"@type":"Article","headline":"Slow bread","description":"The \\"slow\\" method, explained step by step for home bakers."}</script>';
    expect(fields(`<meta property="og:description" content="The "slow" method, explained step by step for home bakers.">${ld}`).description)
      .toBe('The "slow" method, explained step by step for home bakers.');
    const paragraph = '<p>Bread: "slow" is best, says the baker who has baked in this town for forty years, and here is why.</p>';
    expect(fields('<meta name="description" content="Bread: "slow" is best, says the baker.">', paragraph).description)
      .toBe('Bread: "slow" is best, says the baker who has baked in this town for forty years, and here is why.');
  });
});

describe('a description that may be cut', () => {
  it('is one whose meta content ended in white space: other descriptions stay settled by the head', () => {
    // The paragraph goes on from the value with a quote, but the meta's content ended in no white space.
    const paragraph = '<p>Bread is "slow" food, says the baker who has baked in this town for forty years, and here is why.</p>';
    expect(fields('<meta name="description" content="Bread is">', paragraph).description).toBe('Bread is');
  });
});

describe('restoreQuoteCut', () => {
  it.each([
    ['Why the ', ['Why the "best" bread is slow'], 'Why the "best" bread is slow'],
    ['Don', ['Don\'t panic'], 'Don\'t panic'],
    // A text that goes on without a quote is another text (a title shortened for sharing is judged elsewhere).
    ['How to care for hydrangeas', ['How to care for hydrangeas to get the most blooms'], 'How to care for hydrangeas'],
    ['Why the', ['Why then "best"'], 'Why the'],
    ['', ['"best"'], ''],
    ['Why the "best" bread is slow', ['Why the "best" bread is slow'], 'Why the "best" bread is slow'],
  ])('restoreQuoteCut(%j, %j) is %j', (value, others, expected) => {
    expect(restoreQuoteCut(value, others)).toBe(expected);
  });
});
