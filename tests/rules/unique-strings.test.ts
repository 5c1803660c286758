import {describe, expect, it} from '@jest/globals';
import {UniqueStrings} from '../../src/rules/unique-strings.js';

describe('UniqueStrings', () => {
  it('keeps the first of each value in order, below and past the count where a Set takes over', () => {
    const values = Array.from({length: 40}, (_, index) => `v${index % 13}`);
    const unique = new UniqueStrings();
    for (const value of values) unique.add(value);
    expect(unique.values).toEqual([...new Set(values)]);
    const few = new UniqueStrings();
    for (const value of ['a', 'b', 'a', 'c', 'b']) few.add(value);
    expect(few.values).toEqual(['a', 'b', 'c']);
  });
});
