// Direct links to files through every door (issue 24): extract(), the HTTP endpoint, the CLI and
// @microlink/mql against the endpoint. Real files on a real server on 127.0.0.1 (named site.test
// through the tests' lookup), real Chromium for the screenshots.
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import mql from '@microlink/mql';
import {createChromiumProvider} from '../../src/browser/chromium-provider.js';
import type {ScreenshotProvider} from '../../src/browser/provider.js';
import {createExtractor} from '../../src/extract.js';
import {runTs} from '../helpers/child.js';
import {describeWithChromium} from '../helpers/chromium.js';
import {ico, makePdf, rssFeed, sample, serve, xmpPacket} from '../helpers/files.js';
import {decodePng} from '../helpers/png.js';
import {id3, mp4, xingFrame} from '../helpers/media-files.js';
import {type Listening, startEndpoint} from '../helpers/listen.js';
import {loopbackConfig} from '../helpers/policy.js';
import {redirect, startServer, type TestServer} from '../helpers/server.js';

jest.setTimeout(60_000);

let site: TestServer;
let pdf: Buffer;
const at = (path: string) => `http://site.test:${site.port}${path}`;
const jpg = sample('jpg');
const favicon = ico(sample('png'), 37, 21);
const extract = createExtractor(loopbackConfig);

beforeAll(async () => {
  pdf = await makePdf({
    title: 'Info title', author: 'Mara Ellis', subject: 'The lamps along the quay, lit again after twelve years.', lang: 'en-GB', pages: 4,
    created: new Date('2026-01-02T03:04:05Z'), modified: new Date('2026-02-03T04:05:06Z'),
    xmp: xmpPacket({title: 'Harbour Lights Annual Report'}),
  });
  site = await startServer({
    '/favicon.ico': serve(favicon, 'image/x-icon'),
    '/photos/Harbour%20at%20dusk.jpg': serve(jpg, 'image/jpeg', {headers: {'last-modified': 'Tue, 10 Feb 2026 09:00:00 GMT'}}),
    '/latest.jpg': redirect('/photos/Harbour%20at%20dusk.jpg', 302),
    '/reports/annual.pdf': serve(pdf, 'application/pdf'),
    '/reports/download': serve(pdf, 'application/pdf', {headers: {'content-disposition': 'attachment; filename="Annual report 2026.pdf"'}}),
    '/feed.xml': serve(Buffer.from(rssFeed), 'application/rss+xml'),
    '/img/channel.png': serve(sample('png'), 'image/png'),
    '/data/lamps.csv': serve(Buffer.from('name,count\nlamps,12\n'), 'text/csv'),
    '/media/tide.mp4': serve(mp4(1000, 65_500), 'video/mp4'),
    '/media/gulls.mp3': serve(Buffer.concat([id3(32), xingFrame(1000)]), 'audio/mpeg'),
    '/stalled.png': (_request, response) => {
      response.writeHead(200, {'content-type': 'image/png', 'content-length': '100000'});
      response.write(Buffer.concat([sample('png'), Buffer.alloc(5000)]));
    },
  });
});

afterAll(async () => {
  await site.close();
});

describe('extract() on a direct link to a file', () => {
  it('previews an image like the hosted service: image = the file, title = its name, publisher = the host', async () => {
    const result = await extract(at('/photos/Harbour%20at%20dusk.jpg'));
    expect(result).toEqual({
      status: 'success',
      data: {
        title: 'Harbour at dusk',
        description: null,
        lang: null,
        author: null,
        publisher: 'site.test',
        date: '2026-02-10T09:00:00.000Z',
        datePublished: null,
        dateModified: '2026-02-10T09:00:00.000Z',
        url: at('/photos/Harbour%20at%20dusk.jpg'),
        image: {url: at('/photos/Harbour%20at%20dusk.jpg'), type: 'jpg', size: jpg.length, size_pretty: '897 B', width: 64, height: 48},
        logo: {url: at('/favicon.ico'), type: 'ico', size: favicon.length, size_pretty: expect.any(String), width: 37, height: 21},
        video: null,
        audio: null,
      },
      statusCode: 200,
      redirects: [],
      headers: expect.objectContaining({'content-type': 'image/jpeg'}),
      prerendered: false,
      file: {kind: 'image', mimeType: 'image/jpeg', servedType: 'image/jpeg', type: 'jpg', name: 'Harbour at dusk.jpg', size: jpg.length, size_pretty: '897 B', pages: null, reason: null, screenshotReason: null},
    });
  });

  it('reports the redirects to a file and gives its final URL', async () => {
    const result = await extract(at('/latest.jpg'), {ping: false});
    expect(result.redirects).toEqual([{statusCode: 302, url: at('/latest.jpg')}]);
    expect(result.data).toMatchObject({url: at('/photos/Harbour%20at%20dusk.jpg'), image: {url: at('/photos/Harbour%20at%20dusk.jpg'), width: 64}});
  });

  it('previews a PDF from its own metadata', async () => {
    const {data, file} = await extract(at('/reports/annual.pdf'));
    expect(data).toMatchObject({
      title: 'Harbour Lights Annual Report',
      description: 'The lamps along the quay, lit again after twelve years.',
      author: 'Mara Ellis',
      lang: 'en',
      publisher: 'site.test',
      date: '2026-02-03T04:05:06.000Z',
      datePublished: '2026-01-02T03:04:05.000Z',
      image: null,
      logo: {url: at('/favicon.ico'), type: 'ico'},
    });
    expect(file).toMatchObject({kind: 'pdf', pages: 4, size: pdf.length, reason: null});
  });

  it('cuts a PDF description at maxDescriptionLength like a page description', async () => {
    const short = createExtractor({...loopbackConfig, maxDescriptionLength: 20});
    expect((await short(at('/reports/annual.pdf'), {ping: false})).data.description).toBe('The lamps along the…');
  });

  it('previews a feed, its image verified and described by ping', async () => {
    const {data, file} = await extract(at('/feed.xml'));
    expect(data).toMatchObject({
      title: 'Harbour Notes',
      author: 'Mara Ellis',
      date: '2026-03-03T08:30:00.000Z',
      url: at('/feed.xml'),
      image: {url: at('/img/channel.png'), type: 'png', width: 37, height: 21},
    });
    expect(file).toMatchObject({kind: 'feed', type: 'rss'});
  });

  it('previews any other file (a CSV) from its URL and headers', async () => {
    const {data, file} = await extract(at('/data/lamps.csv'));
    expect(data).toMatchObject({title: 'lamps', description: null, publisher: 'site.test', url: at('/data/lamps.csv'), image: null, logo: {url: at('/favicon.ico')}});
    expect(file).toEqual({kind: 'file', mimeType: 'text/csv', servedType: 'text/csv', type: 'csv', name: 'lamps.csv', size: 20, size_pretty: '20 B', pages: null, reason: null, screenshotReason: null});
  });

  it('previews a video and an audio file as data.video and data.audio, with their durations', async () => {
    const clip = await extract(at('/media/tide.mp4'), {ping: false});
    expect(clip.data).toMatchObject({title: 'tide', publisher: 'site.test', image: null, video: {url: at('/media/tide.mp4'), type: 'mp4', duration: 65.5}, audio: null});
    expect(clip.file).toMatchObject({kind: 'video', type: 'mp4', reason: null});
    const song = await extract(at('/media/gulls.mp3'), {ping: false});
    expect(song.data).toMatchObject({title: 'gulls', video: null, audio: {url: at('/media/gulls.mp3'), type: 'mp3', duration: 26.122}});
    expect(song.file).toMatchObject({kind: 'audio', type: 'mp3', reason: null});
  });

  it('honours meta, ping and iframe', async () => {
    const only = await extract(at('/photos/Harbour%20at%20dusk.jpg'), {meta: {title: true, image: true}, iframe: true});
    expect(only.data).toMatchObject({title: 'Harbour at dusk', image: {width: 64}, publisher: null, logo: null, url: null, date: null, iframe: null});
    const unchecked = await extract(at('/reports/annual.pdf'), {ping: false});
    expect(unchecked.data.logo).toEqual({url: at('/favicon.ico')});
  });

  it('gives a file whose body stalls past the timeout its card with reason timeout instead of failing', async () => {
    const started = Date.now();
    const result = await extract(at('/stalled.png'), {timeout: 800});
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(result.data).toMatchObject({title: 'stalled', url: at('/stalled.png'), image: {url: at('/stalled.png'), type: 'png', width: 37, height: 21}});
    expect(result.file).toMatchObject({kind: 'image', reason: 'timeout'});
  });
});

describeWithChromium('screenshot of a file URL', () => {
  let chromium: ReturnType<typeof createChromiumProvider>;
  let captures = 0;
  let withBrowser: ReturnType<typeof createExtractor>;

  beforeAll(() => {
    chromium = createChromiumProvider();
    const provider: ScreenshotProvider = {capture: (request) => (captures++, chromium.capture(request)), close: () => chromium.close()};
    withBrowser = createExtractor({...loopbackConfig, screenshotProvider: provider});
  });

  afterAll(async () => {
    await chromium.close();
  });

  it('captures an image as the browser shows it: centred on its dark background', async () => {
    const {data} = await withBrowser(at('/photos/Harbour%20at%20dusk.jpg'), {ping: false, screenshot: {width: 300, height: 200}});
    expect(data.screenshot).toMatchObject({type: 'png', width: 300, height: 200});
    const image = decodePng(Buffer.from(data.screenshot!.url.split(',')[1]!, 'base64'));
    // Chromium's image viewer: a near-black page, the picture in the middle.
    const corner = image.pixel(2, 2);
    const centre = image.pixel(150, 100);
    expect(Math.max(...corner.slice(0, 3))).toBeLessThan(40);
    expect(centre.slice(0, 3)).not.toEqual(corner.slice(0, 3));
    // At its own size (64 × 48, so x 118-181), not stretched to the viewport: dark beside it.
    expect(Math.max(...image.pixel(110, 100).slice(0, 3))).toBeLessThan(40);
    expect(Math.max(...image.pixel(150, 70).slice(0, 3))).toBeLessThan(40);
  });

  it('gives a CSV (which the browser would download) screenshot null, and a PDF (attachment or not) its first page, without starting a capture', async () => {
    const before = captures;
    const csv = await withBrowser(at('/data/lamps.csv'), {ping: false, screenshot: true});
    expect(csv.data.screenshot).toBeNull();
    expect(csv.file?.reason).toBeNull();
    for (const path of ['/reports/annual.pdf', '/reports/download']) {
      const {data, file} = await withBrowser(at(path), {ping: false, screenshot: true});
      // The 400 × 500 pt page fitted in 1280 × 800 (tests/files/pdf-screenshot.test.ts checks the pixels).
      expect(data.screenshot).toMatchObject({type: 'png', width: 640, height: 800});
      expect(file?.reason).toBeNull();
    }
    expect(captures).toBe(before);
  });
});

describe('the HTTP endpoint, the CLI and @microlink/mql', () => {
  let endpointServer: Listening;
  let endpoint: string;

  beforeAll(async () => {
    endpointServer = await startEndpoint({...loopbackConfig, cache: false});
    endpoint = endpointServer.base;
  });

  afterAll(() => endpointServer.close());

  const query = (url: string, extra = '') => fetch(`${endpoint}?url=${encodeURIComponent(url)}${extra}`, {redirect: 'manual'});

  it('answers a PDF with its card and the file field', async () => {
    const response = await query(at('/reports/download'), '&ping=false');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'success',
      data: {title: 'Harbour Lights Annual Report', author: 'Mara Ellis', url: at('/reports/download')},
      statusCode: 200,
      file: {kind: 'pdf', name: 'Annual report 2026.pdf', pages: 4, reason: null},
    });
  });

  // Each kind of file through the endpoint: the card and the file field as extract() gives them.
  const kinds = [
    {path: '/photos/Harbour%20at%20dusk.jpg', title: 'Harbour at dusk', file: {kind: 'image', type: 'jpg'}},
    {path: '/reports/annual.pdf', title: 'Harbour Lights Annual Report', file: {kind: 'pdf', pages: 4}},
    {path: '/feed.xml', title: 'Harbour Notes', file: {kind: 'feed', type: 'rss'}},
    {path: '/data/lamps.csv', title: 'lamps', file: {kind: 'file', type: 'csv'}},
    {path: '/media/tide.mp4', title: 'tide', file: {kind: 'video', type: 'mp4'}},
    {path: '/media/gulls.mp3', title: 'gulls', file: {kind: 'audio', type: 'mp3'}},
  ];

  it('answers every kind of file: image, PDF, feed, any other file, video and audio', async () => {
    for (const {path, title, file} of kinds) {
      const response = await query(at(path), '&ping=false');
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({status: 'success', data: {title, publisher: 'site.test', url: at(path)}, file: {...file, reason: null}});
    }
  });

  it('keeps embed=image.url working for an image: a redirect to the file itself', async () => {
    const response = await query(at('/photos/Harbour%20at%20dusk.jpg'), '&embed=image.url');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(at('/photos/Harbour%20at%20dusk.jpg'));
    const title = await query(at('/reports/annual.pdf'), '&embed=title&ping=false');
    expect(await title.text()).toBe('Harbour Lights Annual Report');
  });

  it('serves @microlink/mql: an image and a PDF', async () => {
    const image = await mql(at('/photos/Harbour%20at%20dusk.jpg'), {endpoint});
    expect(image.status).toBe('success');
    expect(image.data).toMatchObject({title: 'Harbour at dusk', publisher: 'site.test', image: {url: at('/photos/Harbour%20at%20dusk.jpg'), width: 64, height: 48}});
    const report = await mql(at('/reports/annual.pdf'), {endpoint, ping: false});
    expect(report.data).toMatchObject({title: 'Harbour Lights Annual Report', lang: 'en'});
    expect((report as unknown as {file: unknown}).file).toMatchObject({kind: 'pdf', pages: 4});
  });

  it('serves @microlink/mql: a feed, any other file, a video and an audio file', async () => {
    for (const {path, title, file} of kinds.slice(2)) {
      const answer = await mql(at(path), {endpoint, ping: false});
      expect(answer.status).toBe('success');
      expect(answer.data).toMatchObject({title, publisher: 'site.test', url: at(path)});
      expect((answer as unknown as {file: unknown}).file).toMatchObject({...file, reason: null});
    }
  });

  it('prints a file card from the CLI', async () => {
    const {code, stdout, stderr} = await runTs('src/cli.ts', [`http://127.0.0.1:${site.port}/reports/annual.pdf`, '--allow-loopback', '--no-ping'], {});
    expect({code, stderr}).toEqual({code: 0, stderr: ''});
    expect(JSON.parse(stdout)).toMatchObject({
      status: 'success',
      data: {title: 'Harbour Lights Annual Report', publisher: '127.0.0.1', logo: {url: `http://127.0.0.1:${site.port}/favicon.ico`}},
      file: {kind: 'pdf', pages: 4},
    });
  });

  it('prints the card of an image, a feed and any other file from the CLI', async () => {
    const runs = await Promise.all(
      // The CLI prints what extract() gives for any kind: three besides the PDF above show it.
      kinds.filter(({file}) => ['image', 'feed', 'file'].includes(file.kind)).map(async ({path, title, file}) => ({
        title,
        file,
        run: await runTs('src/cli.ts', [`http://127.0.0.1:${site.port}${path}`, '--allow-loopback', '--no-ping'], {}),
      })),
    );
    for (const {title, file, run} of runs) {
      expect({code: run.code, stderr: run.stderr}).toEqual({code: 0, stderr: ''});
      expect(JSON.parse(run.stdout)).toMatchObject({status: 'success', data: {title, publisher: '127.0.0.1'}, file});
    }
  });
});
