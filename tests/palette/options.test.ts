import {describe, expect, it} from '@jest/globals';
import {normalizePalette} from '../../src/palette/options.js';

describe('normalizePalette', () => {
  it('is off by default and takes a boolean', () => {
    expect(normalizePalette(undefined)).toBe(false);
    expect(normalizePalette(true)).toBe(true);
    expect(normalizePalette(false)).toBe(false);
  });

  it('refuses anything else with EINVALOPTION naming the option', () => {
    for (const bad of ['true', 1, null, {}, []]) {
      expect(() => normalizePalette(bad as never)).toThrow(expect.objectContaining({code: 'EINVALOPTION', message: expect.stringContaining('`palette` must be a boolean')}));
    }
  });
});
