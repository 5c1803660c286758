// screenshot.codeScheme (issue 37 item 5): a link to a JSON, XML or text file is captured as its text
// highlighted by Prism under the theme asked for, in the guarded Chromium, from a page that loads
// nothing (the file is fetched once, by the files stage). Real servers on 127.0.0.1, real Chromium.
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import sharp from 'sharp';
import {createChromiumProvider} from '../../src/browser/chromium-provider.js';
import {createHandler} from '../../src/endpoint/handler.js';
import {createExtractor} from '../../src/extract.js';
import {isLinkpeekError, type LinkpeekError} from '../../src/errors.js';
import {codePage} from '../../src/screenshot/code-page.js';
import {describeWithChromium} from '../helpers/chromium.js';
import {serve} from '../helpers/files.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, startServer, type TestServer} from '../helpers/server.js';

jest.setTimeout(90_000);

const lamps = Buffer.from(JSON.stringify({harbour: 'Old Port', lamps: [{name: 'quay', lit: true, height: 12}, {name: 'pier', lit: false, height: 9}], note: 'lit again after twelve years'}));
let target: TestServer;
const provider = createChromiumProvider({concurrency: 2});
const extract = createExtractor({...loopbackConfig, screenshotProvider: provider});

beforeAll(async () => {
  target = await startServer({
    '/lamps.json': serve(lamps, 'application/json'),
    '/notes.txt': serve(Buffer.from('Harbour log\n<b>not markup</b> & plain words\n'), 'text/plain; charset=utf-8'),
    '/page': html('<html><head><title>Page</title></head><body style="background:#ffffff"><p>Page</p></body></html>'),
  });
});
afterAll(async () => {
  await target.close();
  await provider.close();
});

const page = (path: string) => `http://site.test:${target.port}${path}`;

/** The image of a `data:` URI as raw RGB pixels. */
async function pixels(url: string): Promise<{data: Buffer; width: number; height: number}> {
  const bytes = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
  const {data, info} = await sharp(bytes).removeAlpha().raw().toBuffer({resolveWithObject: true});
  return {data, width: info.width, height: info.height};
}

/** How many pixels are within `tolerance` of `hex` on every channel. */
function count(image: {data: Buffer}, hex: string, tolerance = 24): number {
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];
  let found = 0;
  for (let index = 0; index < image.data.length; index += 3) {
    if (Math.abs(image.data[index]! - r) <= tolerance && Math.abs(image.data[index + 1]! - g) <= tolerance && Math.abs(image.data[index + 2]! - b) <= tolerance) found++;
  }
  return found;
}

describeWithChromium('screenshot.codeScheme', () => {
  it("captures a JSON file's text highlighted in atom-dark: its background, its strings and keys in the theme's colours; the file fetched once", async () => {
    const before = target.hits.length;
    const {data, file} = await extract(page('/lamps.json'), {ping: false, screenshot: {codeScheme: 'atom-dark', width: 600, height: 400}});
    expect(file?.kind).toBe('file');
    expect(data.screenshot).toMatchObject({type: 'png', width: 600, height: 400});
    // The code page asks for nothing: the only request is the files stage's own.
    expect(target.hits.slice(before)).toEqual(['GET /lamps.json']);
    const image = await pixels(data.screenshot!.url);
    const area = image.width * image.height;
    expect(count(image, '#1d1f21', 4) / area).toBeGreaterThan(0.8);
    expect(count(image, '#a8ff60', 40)).toBeGreaterThan(30); // .token.string
    expect(count(image, '#96cbfe', 40)).toBeGreaterThan(30); // .token.property
  });

  it('follows the theme asked for: ghcolors is light', async () => {
    const {data} = await extract(page('/lamps.json?light'), {ping: false, screenshot: {codeScheme: 'ghcolors', width: 600, height: 400}});
    const image = await pixels(data.screenshot!.url);
    expect(count(image, '#ffffff', 8) / (image.width * image.height)).toBeGreaterThan(0.8);
    expect(count(image, '#1d1f21', 4)).toBe(0);
  });

  it("without codeScheme, the browser's own view of the file is captured (no theme)", async () => {
    const {data} = await extract(page('/lamps.json?plain'), {ping: false, screenshot: {width: 600, height: 400}});
    const image = await pixels(data.screenshot!.url);
    expect(count(image, '#ffffff', 8) / (image.width * image.height)).toBeGreaterThan(0.8);
    expect(count(image, '#a8ff60', 40)).toBe(0);
  });

  it('shows a text file as text: markup in it is escaped, never drawn', async () => {
    const html = await codePage({text: 'Harbour log\n<b>not markup</b> & plain words\n', language: 'text', truncated: false}, 'okaidia');
    expect(html).toContain('&lt;b>not markup&lt;/b> &amp; plain words');
    expect(html).toContain(`default-src 'none'`);
    const {data} = await extract(page('/notes.txt'), {ping: false, screenshot: {codeScheme: 'okaidia', width: 400, height: 200}});
    const image = await pixels(data.screenshot!.url);
    // okaidia's background.
    expect(count(image, '#272822', 4) / (image.width * image.height)).toBeGreaterThan(0.8);
  });

  it('leaves an HTML page as it is: codeScheme is for files', async () => {
    const {data} = await extract(page('/page'), {ping: false, screenshot: {codeScheme: 'atom-dark', width: 400, height: 200}});
    const image = await pixels(data.screenshot!.url);
    expect(count(image, '#ffffff', 4) / (image.width * image.height)).toBeGreaterThan(0.9);
  });

  it('refuses a theme that does not exist with EINVALOPTION naming screenshot.codeScheme, after the file was read', async () => {
    const error = (await extract(page('/lamps.json?unknown'), {ping: false, screenshot: {codeScheme: 'no-such-theme'}}).catch((thrown: unknown) => thrown)) as LinkpeekError;
    expect(isLinkpeekError(error)).toBe(true);
    expect({code: error.code, data: error.data, url: error.url}).toEqual({code: 'EINVALOPTION', data: {'screenshot.codeScheme': 'is not a Prism theme'}, url: page('/lamps.json?unknown')});
  });

  it('works through the endpoint: screenshot.codeScheme=dracula, embed=screenshot.url gives the PNG', async () => {
    const server: Server = createServer(createHandler({...loopbackConfig, screenshotProvider: provider, cache: false}));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const response = await fetch(`${endpoint}?url=${encodeURIComponent(page('/lamps.json?endpoint'))}&ping=false&screenshot.codeScheme=dracula&screenshot.width=500&screenshot.height=300&embed=screenshot.url`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const {data} = await sharp(Buffer.from(await response.arrayBuffer())).removeAlpha().raw().toBuffer({resolveWithObject: true});
      // dracula's background.
      expect(count({data}, '#282a36', 4) / (500 * 300)).toBeGreaterThan(0.8);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('screenshot.codeScheme options', () => {
  it.each([['http://themes.test/dark.css'], ['Atom Dark'], [''], [42]])('refuses %j with EINVALOPTION naming screenshot.codeScheme, before any request', async (value) => {
    const hits = target.hits.length;
    const error = (await extract(page('/lamps.json'), {screenshot: {codeScheme: value as string}}).catch((thrown: unknown) => thrown)) as LinkpeekError;
    expect(error.code).toBe('EINVALOPTION');
    expect(Object.keys(error.data ?? {})).toEqual(['screenshot.codeScheme']);
    expect(target.hits.length).toBe(hits);
  });
});
