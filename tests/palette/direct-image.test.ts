// `palette` on a direct link to an image (issue 24): the colours come from the bytes the files stage
// read of the target, never from a second download of it. The server counts the requests it gets.
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import {createExtractor} from '../../src/extract.js';
import {serve} from '../helpers/files.js';
import {loopbackConfig} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';
import {bands, noise} from './images.js';

jest.setTimeout(30_000);

let site: TestServer;
let photo: Buffer;
let icon: Buffer;
let large: Buffer;
const extract = createExtractor(loopbackConfig);
const at = (path: string) => `http://site.test:${site.port}${path}`;
/** How many GET requests the server got for `path`. */
const gets = (path: string) => site.hits.filter((hit) => hit === `GET ${path}`).length;

beforeAll(async () => {
  photo = await bands([['#D62828', 0.7], ['#1D3557', 0.3]]);
  icon = await bands([['#FFFFFF', 0.8], ['#0064C8', 0.2]], 'png', {width: 32, height: 32});
  // Noise does not compress: larger than the 200 KB cap of the capped extractor below.
  large = await noise(400, 400, 'png');
  site = await startServer({
    '/photo.png': serve(photo, 'image/png'),
    '/blob': serve(photo, 'application/octet-stream'),
    '/large.png': serve(large, 'image/png'),
    '/favicon.ico': serve(icon, 'image/png'),
    // More than the files stage reads to describe an image (64 KB), then nothing more.
    '/stalled.png': (_request, response) => {
      response.writeHead(200, {'content-type': 'image/png', 'content-length': String(large.length)});
      response.write(large.subarray(0, 100_000));
    },
  });
});

afterAll(async () => {
  await site.close();
});

describe('palette on a direct link to an image', () => {
  it('reads the image once: the files stage reads it whole and the palette comes from those bytes', async () => {
    site.hits.length = 0;
    const {data, file} = await extract(at('/photo.png'), {palette: true});
    expect(file).toMatchObject({kind: 'image', reason: null});
    expect(data.image).toMatchObject({url: at('/photo.png'), type: 'png', size: photo.length, width: 400, height: 300, palette: ['#D62828', '#1D3557'], background_color: '#D62828'});
    // The logo is another URL: it is fetched for ping and for its colours, as on a page.
    expect(data.logo).toMatchObject({url: at('/favicon.ico'), background_color: '#FFFFFF'});
    expect(gets('/photo.png')).toBe(1);
  });

  it('reads an image sent as application/octet-stream once too', async () => {
    site.hits.length = 0;
    const {data} = await extract(at('/blob'), {palette: true, ping: false});
    expect(data.image).toMatchObject({url: at('/blob'), width: 400, palette: ['#D62828', '#1D3557']});
    expect(gets('/blob')).toBe(1);
  });

  it('gives an image larger than maxBodySize no palette, and does not download it again', async () => {
    site.hits.length = 0;
    const capped = createExtractor({...loopbackConfig, maxBodySize: 200 * 1024});
    expect(large.length).toBeGreaterThan(200 * 1024);
    const {data, file} = await capped(at('/large.png'), {palette: true, ping: false});
    expect(file).toMatchObject({kind: 'image', reason: null});
    expect(data.image).toMatchObject({url: at('/large.png'), width: 400, height: 400});
    expect(data.image).not.toHaveProperty('palette');
    expect(gets('/large.png')).toBe(1);
  });

  it('gives an image still arriving at the timeout no palette, its description as without palette', async () => {
    const started = Date.now();
    const {data, file} = await extract(at('/stalled.png'), {palette: true, ping: false, timeout: 1_000});
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(file).toMatchObject({kind: 'image', reason: null});
    expect(data.image).toEqual({url: at('/stalled.png'), type: 'png', size: large.length, size_pretty: expect.any(String), width: 400, height: 400});
  });

  it('reads no more than the image header without palette', async () => {
    site.hits.length = 0;
    const {data} = await extract(at('/photo.png'), {ping: false});
    expect(data.image).not.toHaveProperty('palette');
    expect(gets('/photo.png')).toBe(1);
  });
});
