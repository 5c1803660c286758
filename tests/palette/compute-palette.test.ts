import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {describe, expect, it} from '@jest/globals';
import {computePalette, maxPalettePixels, minContrast, pickColours} from '../../src/palette/compute-palette.js';
import {contrastRatio, parseHex} from '../../src/palette/contrast.js';
import {bands, bmpIcon, type Format, gradient, ico, noise, solid} from './images.js';

const hexColour = /^#[0-9A-F]{6}$/;

/** True when every channel of `hex` is within `units` of `expected`'s. */
function near(hex: string | undefined, expected: string, units: number): boolean {
  if (hex === undefined) return false;
  const [a, b] = [parseHex(hex), parseHex(expected)];
  return a.every((channel, index) => Math.abs(channel - b[index]!) <= units);
}

/** The invariants every palette keeps, whatever the image. */
function expectWellFormed(result: Awaited<ReturnType<typeof computePalette>>) {
  expect(result).not.toBeNull();
  const {palette, background_color, color, alternative_color} = result!;
  expect(palette.length).toBeGreaterThanOrEqual(1);
  expect(palette.length).toBeLessThanOrEqual(6);
  for (const hex of [...palette, background_color, color, alternative_color]) expect(hex).toMatch(hexColour);
  expect(new Set(palette).size).toBe(palette.length);
  expect(background_color).toBe(palette[0]);
  expect(contrastRatio(background_color, color)).toBeGreaterThanOrEqual(minContrast);
  expect(contrastRatio(background_color, alternative_color)).toBeGreaterThanOrEqual(minContrast);
}

describe('computePalette on real images', () => {
  it('gives the two colours of a two-colour image first, in order of area, whichever side is larger', async () => {
    const redWide = await computePalette(await bands([['#D62828', 0.7], ['#1D3557', 0.3]]));
    expectWellFormed(redWide);
    // Exactly these two: the blends where the bands meet in the shrunk sample (under 2%) are left out.
    expect(redWide!.palette).toEqual(['#D62828', '#1D3557']);
    const navyWide = await computePalette(await bands([['#D62828', 0.3], ['#1D3557', 0.7]]));
    expect(navyWide!.palette).toEqual(['#1D3557', '#D62828']);
    expect(navyWide!.background_color).toBe('#1D3557');
  });

  it('keeps three colours in order of area and picks a readable palette colour for `color`', async () => {
    const result = await computePalette(await bands([['#FFFFFF', 0.8], ['#0064C8', 0.15], ['#FA9600', 0.05]]));
    expectWellFormed(result);
    expect(result!.palette.length).toBe(3);
    expect(result!.palette.slice(0, 2)).toEqual(['#FFFFFF', '#0064C8']);
    // The 5% band is 3 pixels wide once shrunk to 64: its edges blend, its most frequent colour is within 1 unit.
    expect(near(result!.palette[2], '#FA9600', 1)).toBe(true);
    // Blue on white is 5.74:1, the orange only 2.23:1: blue is the text colour, then black.
    expect(result).toMatchObject({background_color: '#FFFFFF', color: '#0064C8', alternative_color: '#000000'});
  });

  it('gives one colour for a solid image, with white text on a dark one', async () => {
    const result = await computePalette(await solid('#1D3557', 120, 80));
    expect(result).toEqual({palette: ['#1D3557'], background_color: '#1D3557', color: '#FFFFFF', alternative_color: '#FFFFFF'});
  });

  it.each<Format>(['png', 'jpeg', 'webp', 'gif', 'avif'])('reads %s files', async (format) => {
    const result = await computePalette(await bands([['#2A9D8F', 0.6], ['#264653', 0.4]], format));
    expectWellFormed(result);
    // JPEG and GIF are not exact: the colours are within a few units.
    expect(near(result!.palette[0], '#2A9D8F', 6)).toBe(true);
    expect(near(result!.palette[1], '#264653', 6)).toBe(true);
  });

  it('reads SVG, and never loads what the SVG links to', async () => {
    const hits: string[] = [];
    const server = createServer((request, response) => {
      hits.push(request.url ?? '');
      response.writeHead(200, {'content-type': 'image/png'}).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const {port} = server.address() as AddressInfo;
    try {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100">
        <rect width="150" height="100" fill="#E76F51"/><rect x="150" width="50" height="100" fill="#264653"/>
        <image href="http://127.0.0.1:${port}/linked.png" xlink:href="http://127.0.0.1:${port}/linked2.png" width="10" height="10"/>
        <image href="file:///etc/hostname" width="10" height="10"/></svg>`;
      const result = await computePalette(Buffer.from(svg));
      expectWellFormed(result);
      expect(result!.palette.slice(0, 2)).toEqual(['#E76F51', '#264653']);
      expect(hits).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('does not count transparent pixels, and gives null for a fully transparent image', async () => {
    const result = await computePalette(await bands([['transparent', 0.5], ['#E63946', 0.3], ['#457B9D', 0.2]]));
    expectWellFormed(result);
    expect(result!.palette.slice(0, 2)).toEqual(['#E63946', '#457B9D']);
    expect(await computePalette(await bands([['transparent', 1]]))).toBeNull();
  });

  it('gives up to six distinct colours for a gradient and for noise', async () => {
    expectWellFormed(await computePalette(await gradient('#000000', '#FFFFFF')));
    expectWellFormed(await computePalette(await gradient('#FF006E', '#3A86FF')));
    const noisy = await computePalette(await noise(200, 150, 'jpeg'));
    expectWellFormed(noisy);
  });
});

describe('computePalette on bad input: null, never an error', () => {
  it('refuses corrupt, truncated, empty and non-image bytes', async () => {
    const png = await bands([['#D62828', 0.5], ['#1D3557', 0.5]]);
    const jpeg = await noise(300, 200, 'jpeg');
    const cases = {
      empty: Buffer.alloc(0),
      html: Buffer.from('<!doctype html><title>not an image</title>'),
      garbage: Buffer.from(Array.from({length: 4096}, (_, i) => (i * 7919) & 255)),
      'truncated png': png.subarray(0, Math.floor(png.length / 2)),
      'truncated jpeg': jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      'png header only': png.subarray(0, 33),
    };
    for (const [name, bytes] of Object.entries(cases)) expect({name, result: await computePalette(bytes)}).toEqual({name, result: null});
  });

  it('refuses an image over the pixel limit from its header, without decoding it', async () => {
    // 8000 × 6000 = 48 megapixels of one colour: a PNG of a few tens of kB that would take 192 MB decoded.
    const bomb = await solid('#FF0000', 8000, 6000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(8000 * 6000).toBeGreaterThan(maxPalettePixels);
    const started = performance.now();
    expect(await computePalette(bomb)).toBeNull();
    // Reading the header only takes milliseconds; decoding 48 Mpx would take far longer.
    expect(performance.now() - started).toBeLessThan(500);
    // The limit is the pixel count: the same colour within it has its palette.
    const small = await solid('#FF0000', 100, 100);
    expect(await computePalette(small, {maxPixels: 9_999})).toBeNull();
    expect(await computePalette(small, {maxPixels: 10_000})).toMatchObject({palette: ['#FF0000']});
  });

  it('resolves null at once when its signal ends', async () => {
    const bytes = await noise(300, 200, 'png');
    expect(await computePalette(bytes, {signal: AbortSignal.abort()})).toBeNull();
    const controller = new AbortController();
    const pending = computePalette(bytes, {signal: controller.signal});
    controller.abort();
    expect(await pending).toBeNull();
  });
});

describe('pickColours', () => {
  it('takes the most contrasting readable palette colour, then the next one', () => {
    // On #F1FAEE: #1D3557 14.4:1, #457B9D 4.2:1 (not readable), #E63946 3.9:1 (not readable).
    expect(pickColours(['#F1FAEE', '#E63946', '#457B9D', '#1D3557'])).toEqual({
      background_color: '#F1FAEE',
      color: '#1D3557',
      alternative_color: '#000000',
    });
    // #767676 is 4.54:1 on white: readable, so it is the alternative before black.
    expect(pickColours(['#FFFFFF', '#767676', '#000080'])).toEqual({background_color: '#FFFFFF', color: '#000080', alternative_color: '#767676'});
  });

  it('falls back to black or white, whichever contrasts more, when no palette colour reaches 4.5:1', () => {
    expect(pickColours(['#FFFF00', '#FFD700'])).toEqual({background_color: '#FFFF00', color: '#000000', alternative_color: '#000000'});
    expect(pickColours(['#003049'])).toEqual({background_color: '#003049', color: '#FFFFFF', alternative_color: '#FFFFFF'});
    // On mid grey #757575 both black (4.6:1) and white (4.6:1) pass: both are used.
    const grey = pickColours(['#757575']);
    expect([grey.color, grey.alternative_color].sort()).toEqual(['#000000', '#FFFFFF']);
  });

  it('never lists black or white twice when the palette has them', () => {
    expect(pickColours(['#FFFFFF', '#000000', '#222222'])).toEqual({background_color: '#FFFFFF', color: '#000000', alternative_color: '#222222'});
  });
});

describe('computePalette on ICO files (favicon.ico)', () => {
  const twoBands = (x: number) => (x < 22 ? '#D62828' : '#1D3557');

  it('reads the largest PNG image of the file', async () => {
    const small = await solid('#00FF00', 16, 16);
    const large = await bands([['#D62828', 0.7], ['#1D3557', 0.3]], 'png', {width: 48, height: 48});
    const file = ico([{width: 16, height: 16, data: small}, {width: 48, height: 48, data: large}]);
    expect((await computePalette(file))?.palette).toEqual(['#D62828', '#1D3557']);
  });

  it('reads 32-bit and 24-bit BMP images, the AND mask as transparency', async () => {
    const full = ico([{width: 32, height: 32, data: bmpIcon(32, 32, twoBands)}]);
    expect((await computePalette(full))?.palette).toEqual(['#D62828', '#1D3557']);
    // 24 bits, the 16 left columns masked out: the red that is left is smaller than the navy.
    const masked = ico([{width: 32, height: 32, data: bmpIcon(32, 32, twoBands, 24, 16)}]);
    expect((await computePalette(masked))?.palette).toEqual(['#1D3557', '#D62828']);
  });

  it('gives null for a truncated file and for a BMP claiming a huge size, without decoding it', async () => {
    const file = ico([{width: 32, height: 32, data: bmpIcon(32, 32, twoBands)}]);
    expect(await computePalette(file.subarray(0, 100))).toBeNull();
    expect(await computePalette(file.subarray(0, 10))).toBeNull();
    const claimsHuge = ico([{width: 32, height: 32, data: bmpIcon(32, 32, twoBands, 32, 0, {width: 30_000, height: 30_000})}]);
    const started = performance.now();
    expect(await computePalette(claimsHuge)).toBeNull();
    expect(performance.now() - started).toBeLessThan(200);
  });
});
