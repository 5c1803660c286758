// docs/files.md is held to the code: its tables list exactly the kinds, the reasons and the keys of
// the `file` field that a real extraction gives.
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createExtractor} from '../../src/extract.js';
import {pageScale} from '../../src/files/draw-pdf-page.js';
import {defaultScreenshotOptions} from '../../src/screenshot/options.js';
import {fileKinds, fileReasons, screenshotReasons} from '../../src/shared/file-info.js';
import {serve} from '../helpers/files.js';
import {loopbackConfig} from '../helpers/policy.js';
import {codeSpans, readDoc, soleCode, tableStartingWith} from '../helpers/readme.js';
import {startServer, type TestServer} from '../helpers/server.js';

const doc = readDoc('docs/files.md');
const firstColumn = (first: string) => tableStartingWith(doc, first).rows.map((row) => soleCode(row[0] ?? '') ?? row[0]);

let server: TestServer;
beforeAll(async () => {
  server = await startServer({'/lamps.json': serve(Buffer.from('{"lamps": 12}'), 'application/json')});
});
afterAll(() => server.close());

describe('docs/files.md', () => {
  it('the kinds table lists every kind, in order', () => {
    expect(firstColumn('Kind')).toEqual([...fileKinds]);
  });

  it('the reason table lists every reason, in order', () => {
    expect(firstColumn('Reason')).toEqual([...fileReasons]);
  });

  it('the screenshot reason table lists every reason, in order', () => {
    expect(firstColumn('Screenshot reason')).toEqual([...screenshotReasons]);
  });

  it('the `file` field table lists exactly the keys of a real result, and the kinds in its type', async () => {
    const {file} = await createExtractor(loopbackConfig)(server.url('/lamps.json'), {ping: false});
    expect(firstColumn('Key')).toEqual(Object.keys(file ?? {}));
    const kindRow = tableStartingWith(doc, 'Key').rows.find((row) => row[0] === '`kind`');
    expect(kindRow?.[1]).toBe(`\`${fileKinds.map((kind) => `'${kind}'`).join(' | ')}\``);
  });

  it("the PDF screenshot table names every screenshot option once, and its A4 example is what the page is drawn at", () => {
    const options = tableStartingWith(doc, 'Option').rows.flatMap((row) => codeSpans(row[0] ?? ''));
    expect([...options].sort()).toEqual(Object.keys(defaultScreenshotOptions).sort());
    const example = /an A4 page \((\d+) × (\d+) pt\) with the default (\d+) × (\d+) is (\d+) × (\d+)/.exec(doc);
    expect(example).not.toBeNull();
    const [, pageWidth, pageHeight, width, height, drawnWidth, drawnHeight] = example!.map(Number);
    expect([width, height]).toEqual([defaultScreenshotOptions.width, defaultScreenshotOptions.height]);
    const scale = pageScale({width: pageWidth!, height: pageHeight!}, defaultScreenshotOptions);
    expect([Math.round(pageWidth! * scale), Math.round(pageHeight! * scale)]).toEqual([drawnWidth, drawnHeight]);
  });
});
