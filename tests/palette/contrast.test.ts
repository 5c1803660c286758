import {describe, expect, it} from '@jest/globals';
import {contrastRatio, parseHex, relativeLuminance, toHex} from '../../src/palette/contrast.js';

// Reference values: the WCAG 2.2 definition, and the figures WebAIM's contrast checker shows.
describe('relativeLuminance', () => {
  it('is 0 for black, 1 for white, and the channel weights for the primaries', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 12);
    expect(relativeLuminance('#FF0000')).toBeCloseTo(0.2126, 12);
    expect(relativeLuminance('#00FF00')).toBeCloseTo(0.7152, 12);
    expect(relativeLuminance([0, 0, 255])).toBeCloseTo(0.0722, 12);
  });

  it('linearises sRGB: mid grey #808080 is about 0.216, not 0.5', () => {
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2158605, 6);
    // Below the 0.04045 knee the curve is linear: 10/255 / 12.92.
    expect(relativeLuminance([10, 10, 10])).toBeCloseTo(10 / 255 / 12.92, 12);
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 12);
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 12);
    expect(contrastRatio('#3366CC', '#3366cc')).toBe(1);
  });

  it('matches the known AA boundary greys and primaries', () => {
    // #777 is the classic "just fails AA" grey on white, #767676 the darkest that passes.
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.478, 3);
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.542, 3);
    expect(contrastRatio('#FF0000', '#FFFFFF')).toBeCloseTo(3.998, 3);
    expect(contrastRatio('#FF0000', '#000000')).toBeCloseTo(5.252, 3);
    expect(contrastRatio('#0000FF', '#FFFFFF')).toBeCloseTo(8.592, 3);
  });
});

describe('hex helpers', () => {
  it('writes #RRGGBB uppercase, rounding and clamping channels', () => {
    expect(toHex([214, 40, 40])).toBe('#D62828');
    expect(toHex([0, 0.4, 255.6])).toBe('#0000FF');
    expect(toHex([-3, 300, 15])).toBe('#00FF0F');
  });

  it('reads #RGB and #RRGGBB in either case and refuses anything else', () => {
    expect(parseHex('#d62828')).toEqual([214, 40, 40]);
    expect(parseHex('#FA0')).toEqual([255, 170, 0]);
    for (const bad of ['d62828', '#d6282', '#gg0000', 'red', '']) expect(() => parseHex(bad)).toThrow(TypeError);
  });
});
