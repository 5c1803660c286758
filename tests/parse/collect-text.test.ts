import {describe, expect, it} from '@jest/globals';
import fc from 'fast-check';
import {collapse} from '../../src/parse/collect-text.js';

describe('collapse', () => {
  it.each([
    ['', ''], ['a', 'a'], ['a b', 'a b'], [' a', 'a'], ['a ', 'a'], ['a  b', 'a b'], ['a\tb', 'a b'], ['a\u00a0b', 'a b'],
    ['\ufeffa', 'a'], ['a\u2028\u2029b', 'a b'], ['a\u200bb', 'a\u200bb'], ['  ', ''],
  ])('%j → %j', (text, expected) => {
    expect(collapse(text)).toBe(expected);
  });

  it('gives what replacing every \\s run with one space and trimming gives (fast-check)', () => {
    const piece = fc.constantFrom('a', 'bc', ' ', '  ', '\t', '\n', '\r', '\f', '\v', '\u00a0', '\u1680', '\u2000', '\u200a', '\u200b',
      '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u0085', '\u180e', 'é', 'x y');
    // A boolean property, not expect() per run (20,000 of them were 23 s on a loaded machine): fast-check prints the text that fails.
    fc.assert(fc.property(fc.array(piece, {maxLength: 12}).map((parts) => parts.join('')), (text) => collapse(text) === text.replace(/\s+/g, ' ').trim()), {numRuns: 20000});
  });
});
