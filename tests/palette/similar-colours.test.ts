import {describe, expect, it} from '@jest/globals';
import {deltaE, mergeSimilar, sameColourDistance, toLab} from '../../src/palette/similar-colours.js';

describe('toLab and deltaE', () => {
  it('puts black at L 0 and white at L 100, both neutral', () => {
    const white = toLab([255, 255, 255]);
    expect(toLab([0, 0, 0])).toEqual([0, 0, 0]);
    expect(white[0]).toBeCloseTo(100, 3);
    expect(Math.abs(white[1])).toBeLessThan(0.01);
    expect(Math.abs(white[2])).toBeLessThan(0.01);
  });

  it('gives the CIELAB of sRGB red (53.24, 80.09, 67.20)', () => {
    const [l, a, b] = toLab([255, 0, 0]);
    expect(l).toBeCloseTo(53.24, 1);
    expect(a).toBeCloseTo(80.09, 1);
    expect(b).toBeCloseTo(67.2, 1);
  });

  it('measures distance in CIELAB: black to white is 100', () => {
    expect(deltaE(toLab([0, 0, 0]), toLab([255, 255, 255]))).toBeCloseTo(100, 2);
  });
});

describe('mergeSimilar', () => {
  it('folds a colour into a larger one the eye cannot tell from it, keeping the larger value', () => {
    const merged = mergeSimilar([
      {rgb: [240, 240, 240], count: 30},
      {rgb: [255, 255, 255], count: 50},
      {rgb: [29, 53, 87], count: 20},
    ]);
    expect(deltaE(toLab([255, 255, 255]), toLab([240, 240, 240]))).toBeLessThan(sameColourDistance);
    expect(merged).toEqual([
      {rgb: [255, 255, 255], count: 80},
      {rgb: [29, 53, 87], count: 20},
    ]);
  });

  it('keeps apart close but visibly different colours, largest first', () => {
    const colours = [
      {rgb: [251, 133, 0] as const, count: 40},
      {rgb: [255, 183, 3] as const, count: 60},
      {rgb: [38, 70, 83] as const, count: 10},
      {rgb: [42, 157, 143] as const, count: 12},
    ];
    expect(mergeSimilar(colours).map(({count}) => count)).toEqual([60, 40, 12, 10]);
  });
});
