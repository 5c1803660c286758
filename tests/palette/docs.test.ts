// docs/palette.md is checked against the code: its fields table is what computePalette returns, its
// constants table the exported constants, its JSON example what extract() gives for the image it
// describes (served on 127.0.0.1), and the contrast ratios it quotes are contrastRatio's. Its TypeScript blocks are type-checked by tests/readme.test.ts.
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import {createExtractor} from '../../src/extract.js';
import * as computeModule from '../../src/palette/compute-palette.js';
import {computePalette} from '../../src/palette/compute-palette.js';
import {contrastRatio} from '../../src/palette/contrast.js';
import {sameColourDistance} from '../../src/palette/similar-colours.js';
import {codeBlocks, readDoc, section, soleCode, tableStartingWith} from '../helpers/readme.js';
import {loopbackConfig} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';
import {bands} from './images.js';

jest.setTimeout(30_000);

const doc = readDoc('docs/palette.md');
const example = bands([['#264653', 0.3], ['#2A9D8F', 0.25], ['#E9C46A', 0.2], ['#F4A261', 0.15], ['#E76F51', 0.1]], 'png', {width: 1200, height: 630});
let server: TestServer;

beforeAll(async () => {
  const bytes = await example;
  server = await startServer({
    '/bands.png': (_request, response) => void response.writeHead(200, {'content-type': 'image/png', 'content-length': String(bytes.length)}).end(bytes),
  });
});
afterAll(() => server.close());

describe('docs/palette.md', () => {
  it('lists the fields computePalette returns, in order', async () => {
    const table = tableStartingWith(section(doc, 'The fields').body, 'Field');
    const fields = table.rows.map((row) => soleCode(row[0] ?? ''));
    expect(fields).toEqual(Object.keys((await computePalette(await example))!));
  });

  it('states the constants the code uses', () => {
    const table = tableStartingWith(section(doc, 'How the colours are chosen').body, 'Constant');
    const real: Record<string, number> = {...(computeModule as unknown as Record<string, number>), sameColourDistance};
    const documented = table.rows.map((row) => [soleCode(row[0] ?? ''), Number(soleCode(row[1] ?? ''))]);
    expect(documented).toEqual(documented.map(([name]) => [name, real[name as string]]));
    expect(documented.map(([name]) => name).sort()).toEqual(['maxPalettePixels', 'minColourShare', 'minContrast', 'paletteSampleSide', 'paletteSize', 'sameColourDistance']);
  });

  it('shows what extract() gives for the image it describes, and quotes its contrast ratios', async () => {
    const block = codeBlocks(section(doc, 'The fields').body).find((candidate) => candidate.lang === 'json');
    const shown = JSON.parse(block?.code ?? '{}') as Record<string, unknown> & {background_color: string};
    const {data} = await createExtractor(loopbackConfig)(server.url('/bands.png'), {palette: true});
    expect({...data.image, url: shown.url}).toEqual(shown);
    const after = section(doc, 'The fields').body.split(block?.code ?? '')[1] ?? '';
    const quoted = [...after.matchAll(/(`#[0-9A-F]{6}`|white|black)[^(:`]*?\(?(\d+\.\d\d):1/g)];
    expect(quoted.length).toBeGreaterThanOrEqual(5);
    for (const [, colour, ratio] of quoted) {
      const hex = colour === 'white' ? '#FFFFFF' : colour === 'black' ? '#000000' : colour!.slice(1, -1);
      expect([colour, contrastRatio(shown.background_color, hex).toFixed(2)]).toEqual([colour, ratio]);
    }
  });

  it('gives the cost as p50 and p95 of the measures the bench prints', () => {
    const table = tableStartingWith(section(doc, 'Cost').body, 'Measure');
    expect(table.header).toEqual(['Measure', 'p50', 'p95']);
    expect(table.rows.map((row) => row[0])).toEqual([
      expect.stringContaining('`computePalette`, 50 KB JPEG'),
      expect.stringContaining('`computePalette`, 5.0 MB PNG'),
      expect.stringContaining('JPEG downloaded over loopback'),
      expect.stringContaining('PNG downloaded over loopback'),
      expect.stringContaining('page with that JPEG'),
      expect.stringContaining('direct link to that JPEG'),
    ]);
    for (const row of table.rows) for (const figure of row.slice(1)) expect(figure).toMatch(/^\d+\.\d ms$|^\d+\.\d \/ \d+\.\d ms$/);
  });
});
