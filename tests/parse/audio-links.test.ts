import {describe, expect, it} from '@jest/globals';
import fc from 'fast-check';
import {audioExtensions, fileExtension, hasAudioExtension} from '../../src/parse/audio-links.js';

describe('hasAudioExtension', () => {
  it.each([
    ['/ep/42.mp3', true], ['/ep/42.MP3?dl=1', true], ['https://cdn.example/a.flac#t=10', true], ['/a.opus', true], ['/a.m4a?x=1#y', true],
    ['/a.mp4', false], ['/mp3', false], ['/a.mp3/', false], ['/a.mp3x', false], ['/a.b/mp3', false], ['', false], ['.mp3', true], ['/x.wav.html', false],
  ])('%j → %s', (url, expected) => {
    expect(hasAudioExtension(url)).toBe(expected);
  });

  it('agrees with fileExtension on generated URLs', () => {
    const part = fc.string({unit: fc.constantFrom('a', 'M', 'p', '3', '4', 'o', 'g', 'f', 'l', 'c', 'w', 'v', 'u', 's', '.', '/', '?', '#', '='), maxLength: 14});
    const extension = fc.constantFrom(...audioExtensions, 'mp4', 'html', 'MP3', 'Flac', '');
    fc.assert(
      // A boolean property, not expect() per run (the cost of 5,000 of them): fast-check prints the parts that fail.
      fc.property(part, extension, part, (path, ext, tail) => {
        const url = `${path}${ext === '' ? '' : `.${ext}`}${tail}`;
        return hasAudioExtension(url) === audioExtensions.has(fileExtension(url));
      }),
      {numRuns: 5000},
    );
  });
});
