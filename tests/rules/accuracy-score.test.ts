// The scorer behind `npm run accuracy` (bench/accuracy-score.ts), on a tiny known case.
import {describe, expect, it} from '@jest/globals';
import {fold, formatScore, matches, percent, scorePages} from '../../bench/accuracy-score.js';

describe('the accuracy scorer', () => {
  it('folds whitespace, case and typographic quotes, and same-day dates, only when lenient', () => {
    expect(fold('  “The  Ledger’s”\n Story ')).toBe('"the ledger\'s" story');
    expect(matches('title', 'The Ledger’s story', "the ledger's  story", false)).toBe(false);
    expect(matches('title', 'The Ledger’s story', "the ledger's  story", true)).toBe(true);
    expect(matches('date', '2016-05-04T12:00:00.000Z', '2016-05-04T23:59:00.000Z', true)).toBe(true);
    expect(matches('date', '2016-05-04T12:00:00.000Z', '2016-05-05T00:00:00.000Z', true)).toBe(false);
    // Same-day folding is for dates only.
    expect(matches('title', '2016-05-04T12:00:00.000Z', '2016-05-04T13:00:00.000Z', true)).toBe(false);
    expect(matches('author', null, null, false)).toBe(true);
    expect(matches('author', null, 'Someone', true)).toBe(false);
    expect(matches('author', 'Someone', null, true)).toBe(false);
  });

  it('counts pages, exact and lenient hits per field, and sums the core fields', () => {
    const score = scorePages([
      {name: 'a.html', expected: {title: 'A', date: '2020-01-01T12:00:00.000Z', logo: '/a.png'}, actual: {title: 'A', date: '2020-01-01T08:00:00.000Z', logo: '/b.png'}},
      {name: 'b.html', expected: {title: 'Bee ‘quoted’', date: null}, actual: {title: "bee 'quoted'", date: null}},
      {name: 'c.html', expected: {title: 'C'}, actual: {title: 'Not C', date: '2020-01-01T12:00:00.000Z'}},
    ], ['title', 'date', 'logo']);
    expect(score.fields).toEqual([
      {field: 'title', pages: 3, exact: 1, lenient: 2},
      {field: 'date', pages: 2, exact: 1, lenient: 2},
      {field: 'logo', pages: 1, exact: 0, lenient: 0},
    ]);
    // logo is not a core field; a field a page does not list (c.html date) is not scored.
    expect(score.core).toEqual({field: 'core', pages: 5, exact: 2, lenient: 4});
    expect(score.misses).toEqual([
      {page: 'c.html', field: 'title', expected: 'C', actual: 'Not C'},
      {page: 'a.html', field: 'logo', expected: '/a.png', actual: '/b.png'},
    ]);
    expect(percent(2, 3)).toBe('66.7 % (2/3)');
    expect(percent(0, 0)).toBe('–');
    const report = formatScore(score, 3);
    expect(report).toContain('| title | 3 | 33.3 % (1/3) | 66.7 % (2/3) |');
    expect(report).toContain('| **total (8 core fields)** | 5 | 40.0 % (2/5) | 80.0 % (4/5) |');
    expect(report).toContain('- a.html logo: expected "/a.png", got "/b.png"');
  });
});
