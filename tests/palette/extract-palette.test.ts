import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import {createChromiumProvider, type ChromiumProvider} from '../../src/browser/chromium-provider.js';
import type {Media} from '../../src/data.js';
import {createHandler} from '../../src/endpoint/handler.js';
import {createExtractor} from '../../src/extract.js';
import {computePalette, minContrast} from '../../src/palette/compute-palette.js';
import {contrastRatio} from '../../src/palette/contrast.js';
import {describeWithChromium} from '../helpers/chromium.js';
import {runTs} from '../helpers/child.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, startServer, type Route, type TestServer} from '../helpers/server.js';
import {bands, noise, solid} from './images.js';

jest.setTimeout(30_000);

let site: TestServer;
let endpoint: Server;
let endpointOrigin: string;
let photo: Buffer;
let icon: Buffer;

const file = (bytes: () => Buffer, type = 'image/png'): Route => (_request, response) => void response.writeHead(200, {'content-type': type}).end(bytes());
const pageWith = (image: string, logo: string) =>
  html(`<!doctype html><html lang="en"><head><title>Harbour lights</title>
    <meta property="og:image" content="${image}"><link rel="icon" href="${logo}"></head><body><p>Quay</p></body></html>`);

beforeAll(async () => {
  photo = await bands([['#D62828', 0.7], ['#1D3557', 0.3]]);
  icon = await bands([['#FFFFFF', 0.8], ['#0064C8', 0.15], ['#FA9600', 0.05]], 'png', {width: 64, height: 64});
  const corrupt = (await noise(200, 150, 'png')).subarray(0, 2000);
  const bomb = await solid('#00FF00', 8000, 6000);
  const large = await noise(400, 400, 'png');
  site = await startServer({
    '/article': pageWith('/photo.png', '/icon.png'),
    '/photo.png': file(() => photo),
    '/icon.png': file(() => icon),
    '/broken': pageWith('/corrupt.png', '/not-an-image.png'),
    '/corrupt.png': file(() => corrupt),
    '/not-an-image.png': html('<!doctype html><title>Not found</title>'),
    '/huge': pageWith('/large.png', '/bomb.png'),
    '/large.png': file(() => large),
    '/bomb.png': file(() => bomb),
    '/hanging': pageWith('/never.png', '/icon.png'),
    '/never.png': (_request, response) => void response.writeHead(200, {'content-type': 'image/png'}).write(photo.subarray(0, 100)),
  });
  endpoint = createServer(createHandler({...loopbackConfig}));
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  endpointOrigin = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`;
});

afterAll(async () => {
  endpoint.closeAllConnections();
  await new Promise((resolve) => endpoint.close(resolve));
  await site.close();
});

/** The palette invariants: hex colours, the background first, both text colours readable on it. */
function expectReadable(media: Partial<Media> | null | undefined) {
  expect(media?.palette?.length).toBeGreaterThanOrEqual(1);
  expect(media?.background_color).toBe(media?.palette?.[0]);
  expect(contrastRatio(media!.background_color!, media!.color!)).toBeGreaterThanOrEqual(minContrast);
  expect(contrastRatio(media!.background_color!, media!.alternative_color!)).toBeGreaterThanOrEqual(minContrast);
}

const paletteKeys = ['palette', 'background_color', 'color', 'alternative_color'];
const hasNoPalette = (media: object | null | undefined) => paletteKeys.filter((key) => media && key in media);

describe('extract() with palette', () => {
  const extract = createExtractor(loopbackConfig);

  it('adds the colours of the image and the logo next to what ping measured', async () => {
    const {data} = await extract(`http://site.test:${site.port}/article`, {palette: true});
    expect(data.image).toMatchObject({url: `http://site.test:${site.port}/photo.png`, type: 'png', width: 400, height: 300, background_color: '#D62828'});
    expect(data.image?.palette?.slice(0, 2)).toEqual(['#D62828', '#1D3557']);
    expectReadable(data.image);
    expect(data.logo).toMatchObject({url: `http://site.test:${site.port}/icon.png`, background_color: '#FFFFFF', color: '#0064C8'});
    expect(data.logo?.palette?.slice(0, 2)).toEqual(['#FFFFFF', '#0064C8']);
    expectReadable(data.logo);
    expect(data.video).toBeNull();
  });

  it('adds nothing and fetches no image whole when palette is off (the default)', async () => {
    const before = site.hits.length;
    const {data} = await extract(`http://site.test:${site.port}/article`, {ping: false});
    const explicit = await extract(`http://site.test:${site.port}/article`, {ping: false, palette: false});
    expect(hasNoPalette(data.image)).toEqual([]);
    expect(hasNoPalette(explicit.data.logo)).toEqual([]);
    // Only the two page fetches: no image was asked for.
    expect(site.hits.slice(before)).toEqual(['GET /article', 'GET /article']);
  });

  it('works with ping off: the media objects are {url} plus the colours', async () => {
    const {data} = await extract(`http://site.test:${site.port}/article`, {palette: true, ping: false});
    expect(Object.keys(data.image ?? {}).sort()).toEqual(['url', ...paletteKeys].sort());
    expectReadable(data.image);
    expectReadable(data.logo);
  });

  it('gives no palette and no error for a corrupt image, a non-image, one over the body cap and a decompression bomb', async () => {
    const broken = await extract(`http://site.test:${site.port}/broken`, {palette: true, ping: false});
    expect(broken.status).toBe('success');
    expect(broken.data.image).toEqual({url: `http://site.test:${site.port}/corrupt.png`});
    expect(broken.data.logo).toEqual({url: `http://site.test:${site.port}/not-an-image.png`});
    // 400×400 noise is a PNG of about 480 kB: over a 256 kB cap. The bomb is 48 Mpx in a few tens of kB.
    const capped = createExtractor({...loopbackConfig, maxBodySize: 256 * 1024});
    const started = Date.now();
    const huge = await capped(`http://site.test:${site.port}/huge`, {palette: true});
    expect(huge.status).toBe('success');
    expect(huge.data.image).toMatchObject({url: `http://site.test:${site.port}/large.png`, width: 400});
    expect(hasNoPalette(huge.data.image)).toEqual([]);
    expect(huge.data.logo).toMatchObject({url: `http://site.test:${site.port}/bomb.png`, width: 8000, height: 6000});
    expect(hasNoPalette(huge.data.logo)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("ends with the call's deadline: an image that never finishes has no palette, the logo has its own", async () => {
    const started = Date.now();
    const {data} = await extract(`http://site.test:${site.port}/hanging`, {palette: true, ping: false, timeout: 1500});
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(data.image).toEqual({url: `http://site.test:${site.port}/never.png`});
    expectReadable(data.logo);
  });

  it('colours a direct link to an image too: the file is data.image', async () => {
    const {data} = await extract(`http://site.test:${site.port}/photo.png`, {palette: true});
    expect(data.image).toMatchObject({url: `http://site.test:${site.port}/photo.png`, width: 400, height: 300, palette: ['#D62828', '#1D3557']});
    expectReadable(data.image);
  });

  it('refuses a palette option that is not a boolean', async () => {
    await expect(extract(`http://site.test:${site.port}/article`, {palette: 'yes' as never})).rejects.toMatchObject({code: 'EINVALOPTION'});
  });
});

describe('the endpoint with palette=true', () => {
  const get = async (query: string) => {
    const response = await fetch(`${endpointOrigin}/?url=${encodeURIComponent(`http://site.test:${site.port}/article`)}&${query}`, {redirect: 'manual'});
    return {status: response.status, type: response.headers.get('content-type'), body: await response.text()};
  };

  it('answers the colours in data, and none without it', async () => {
    const withPalette = JSON.parse((await get('palette=true&ping=false')).body);
    expect(withPalette.data.image.palette.slice(0, 2)).toEqual(['#D62828', '#1D3557']);
    expectReadable(withPalette.data.logo);
    const bare = JSON.parse((await get('palette&ping=false')).body);
    expect(bare.data.image.background_color).toBe('#D62828');
    const without = JSON.parse((await get('ping=false')).body);
    expect(hasNoPalette(without.data.image)).toEqual([]);
  });

  it('keeps filter= and embed= working on the palette fields', async () => {
    const filtered = JSON.parse((await get('palette=true&ping=false&filter=image.palette,logo.color,title')).body);
    expect(filtered.data).toEqual({image: {palette: expect.arrayContaining(['#D62828', '#1D3557'])}, logo: {color: '#0064C8'}, title: 'Harbour lights'});
    expect(await get('palette=true&ping=false&embed=image.background_color')).toEqual({status: 200, type: 'text/plain; charset=utf-8', body: '#D62828'});
    const embedded = await get('palette=true&ping=false&embed=logo.palette');
    expect(embedded.type).toBe('application/json; charset=utf-8');
    expect(JSON.parse(embedded.body).slice(0, 2)).toEqual(['#FFFFFF', '#0064C8']);
  });

  it('refuses palette=maybe with EINVALOPTION', async () => {
    const answer = await get('palette=maybe');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({status: 'fail', code: 'EINVALOPTION'});
  });
});

describe('the CLI with --palette', () => {
  it('prints the colours in the JSON', async () => {
    const {code, stdout, stderr} = await runTs('src/cli.ts', [site.url('/article'), '--palette', '--no-ping', '--allow-loopback']);
    expect({code, stderr}).toEqual({code: 0, stderr: ''});
    const {data} = JSON.parse(stdout);
    expect(data.image.palette.slice(0, 2)).toEqual(['#D62828', '#1D3557']);
    expectReadable(data.logo);
  });
});

let chromium: ChromiumProvider;

describeWithChromium('screenshot palette', () => {
  beforeAll(() => {
    chromium = createChromiumProvider();
    site.route(
      '/card',
      html(`<!doctype html><html><head><title>Card</title></head>
        <body style="margin:0;background:#1D3557"><div style="width:300px;height:200px;background:#E63946"></div></body></html>`),
    );
  });
  afterAll(async () => {
    await chromium?.close();
  });

  it('reads the colours from the captured bytes: no image is fetched again', async () => {
    const extract = createExtractor({...loopbackConfig, screenshotProvider: chromium});
    const before = site.hits.length;
    const {data} = await extract(`http://site.test:${site.port}/card`, {screenshot: true, palette: true, ping: false});
    const shot = data.screenshot!;
    expect(shot).toMatchObject({type: 'png', width: 1280, height: 800, background_color: '#1D3557'});
    expect(shot.palette?.slice(0, 2)).toEqual(['#1D3557', '#E63946']);
    expectReadable(shot);
    // The colours are those of the stored image itself.
    const bytes = Buffer.from(shot.url.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(await computePalette(bytes)).toEqual({palette: shot.palette, background_color: shot.background_color, color: shot.color, alternative_color: shot.alternative_color});
    // Only the browser's own requests (the page, and the favicon Chromium asks for by itself): the
    // colours were not read from anything fetched again.
    expect(site.hits.slice(before).filter((hit) => hit !== 'GET /card' && hit !== 'GET /favicon.ico')).toEqual([]);
  });

  it('adds no colours to the screenshot without palette', async () => {
    const extract = createExtractor({...loopbackConfig, screenshotProvider: chromium});
    const {data} = await extract(`http://site.test:${site.port}/card`, {screenshot: true, ping: false});
    expect(hasNoPalette(data.screenshot)).toEqual([]);
  });
});
