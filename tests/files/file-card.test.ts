// The files stage end to end on real responses: a real server on 127.0.0.1 (under the name
// site.test), fetchTarget through the guarded transport, then fileCard on what it answered.
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createDeadline} from '../../src/deadline.js';
import type {FileResponse} from '../../src/fetch/file-response.js';
import {type FileCard, fileCard} from '../../src/files/file-card.js';
import {normalizeConfig} from '../../src/options.js';
import {atomFeed, fetchWithin, filesConfig, ico, makePdf, rssFeed, sample, serve, xmpPacket, zip} from '../helpers/files.js';
import {id3, mp4, xingFrame} from '../helpers/media-files.js';
import {loopbackConfig} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';

let server: TestServer;
const at = (path: string) => `http://site.test:${server.port}${path}`;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server.close();
});

/** The card of `path`, fetched and described within one deadline of `timeout` ms. */
async function cardOf(path: string, config = filesConfig, timeout = 10_000): Promise<FileCard> {
  const deadline = createDeadline(timeout);
  try {
    const fetched = await fetchWithin(at(path), deadline, config);
    if (fetched.kind !== 'file') throw new Error(`${path} was read as an HTML page`);
    return await fileCard(fetched, deadline.signal);
  } finally {
    deadline.dispose();
  }
}

/** The file response of `path` (the caller closes it). */
async function fileAt(path: string): Promise<FileResponse> {
  const fetched = await fetchWithin(at(path), createDeadline(10_000));
  if (fetched.kind !== 'file') throw new Error(`${path} was read as an HTML page`);
  return fetched;
}

describe('images', () => {
  it.each([
    ['/img/harbour-view.png', sample('png'), 'image/png', {type: 'png', width: 37, height: 21}],
    ['/img/quay.jpg', sample('jpg'), 'image/jpeg', {type: 'jpg', width: 64, height: 48}],
    ['/img/lamp.gif', sample('gif'), 'image/gif', {type: 'gif', width: 7, height: 5}],
    ['/img/boat.webp', sample('webp'), 'image/webp', {type: 'webp', width: 50, height: 30}],
    ['/img/mark.svg', sample('svg'), 'image/svg+xml', {type: 'svg', width: 120, height: 45}],
    ['/img/tab.ico', ico(sample('png'), 37, 21), 'image/x-icon', {type: 'ico', width: 37, height: 21}],
  ] as const)('describes %s as data.image from its own bytes', async (path, bytes, contentType, measured) => {
    server.route(path, serve(bytes, contentType));
    const card = await cardOf(path);
    expect(card.media).toEqual({image: {url: at(path), size: bytes.length, size_pretty: expect.any(String), ...measured}});
    expect(card.candidates).toMatchObject({
      title: path.slice(path.lastIndexOf('/') + 1, path.lastIndexOf('.')),
      publisher: 'site.test',
      url: at(path),
      image: [],
      logo: [at('/favicon.ico')],
    });
    expect(card.file).toEqual({
      kind: 'image', mimeType: contentType, servedType: contentType, type: measured.type, name: path.slice(path.lastIndexOf('/') + 1),
      size: bytes.length, size_pretty: expect.any(String), pages: null, reason: null, screenshotReason: null,
    });
  });

  it.each([
    ['no Content-Type', null],
    ['application/octet-stream', 'application/octet-stream'],
    ['a wrong text/plain', 'text/plain'],
    ['a wrong text/html', 'text/html'],
  ])('reads the bytes when the server sends %s', async (_name, contentType) => {
    server.route('/img/sent-badly', serve(sample('jpg'), contentType));
    const card = await cardOf('/img/sent-badly');
    expect(card.file).toMatchObject({kind: 'image', mimeType: 'image/jpeg', type: 'jpg', reason: null});
    expect(card.media.image).toMatchObject({type: 'jpg', width: 64, height: 48});
  });

  it('gives a corrupt image its card without dimensions, and the reason', async () => {
    server.route('/img/broken.png', serve(Buffer.concat([sample('png').subarray(0, 8), Buffer.from('not really a png at all')]), 'image/png'));
    const card = await cardOf('/img/broken.png');
    expect(card.media.image).toEqual({url: at('/img/broken.png'), type: 'png', size: 31, size_pretty: '31 B'});
    expect(card.file.reason).toBe('unreadable');
  });

  it('gives an empty body the URL-and-headers card with reason empty', async () => {
    server.route('/img/empty.png', serve(Buffer.alloc(0), 'image/png'));
    const card = await cardOf('/img/empty.png');
    expect(card.media).toEqual({});
    expect(card.file).toMatchObject({kind: 'image', size: 0, reason: 'empty'});
    expect(card.candidates.title).toBe('empty');
  });
});

describe('video and audio', () => {
  it('describes a video file as data.video with its duration', async () => {
    const clip = mp4(1000, 65_500);
    server.route('/media/clip.mp4', serve(clip, 'video/mp4'));
    const card = await cardOf('/media/clip.mp4');
    expect(card.media).toEqual({video: {url: at('/media/clip.mp4'), type: 'mp4', size: clip.length, size_pretty: expect.any(String), duration: 65.5, duration_pretty: '1m 6s'}});
    expect(card.file).toMatchObject({kind: 'video', type: 'mp4', reason: null});
  });

  it('describes an audio file sent as octet-stream as data.audio, by its bytes', async () => {
    const song = Buffer.concat([id3(32), xingFrame(1000)]);
    server.route('/media/song', serve(song, 'application/octet-stream'));
    const card = await cardOf('/media/song');
    expect(card.media.audio).toMatchObject({url: at('/media/song'), type: 'mp3', duration: 26.122});
    expect(card.file).toMatchObject({kind: 'audio', mimeType: 'audio/mpeg'});
  });
});

describe('PDF', () => {
  const created = new Date('2026-01-02T03:04:05Z');
  const modified = new Date('2026-02-03T04:05:06Z');

  it('reads the Info dictionary, the first page and the page count', async () => {
    const pdf = await makePdf({
      title: 'Harbour Lights Annual Report', author: 'Mara Ellis', lang: 'en-GB', created, modified, pages: 3,
      firstPage: ['The lamps along the quay were lit again', 'after twelve years of darkness.'],
    });
    server.route('/docs/annual-2026.pdf', serve(pdf, 'application/pdf'));
    const card = await cardOf('/docs/annual-2026.pdf');
    expect(card.candidates).toMatchObject({
      title: 'Harbour Lights Annual Report',
      author: 'Mara Ellis',
      description: 'The lamps along the quay were lit again after twelve years of darkness.',
      lang: 'en',
      datePublished: created.toISOString(),
      dateModified: modified.toISOString(),
      date: modified.toISOString(),
      publisher: 'site.test',
      url: at('/docs/annual-2026.pdf'),
    });
    expect(card.file).toMatchObject({kind: 'pdf', type: 'pdf', name: 'annual-2026.pdf', pages: 3, size: pdf.length, reason: null});
    expect(card.media).toEqual({});
  });

  it('prefers XMP metadata, and the subject to the first page', async () => {
    const pdf = await makePdf({
      title: 'Info title', author: 'Info Author', subject: 'Info subject', created, modified, firstPage: ['Body text'],
      xmp: xmpPacket({title: 'XMP Title', creators: ['Ada Quay', 'Bo Pier'], language: 'fr-FR', created: '2025-05-06T07:08:09Z', modified: '2025-06-07T08:09:10+02:00'}),
    });
    server.route('/docs/xmp.pdf', serve(pdf, 'application/pdf'));
    const card = await cardOf('/docs/xmp.pdf');
    expect(card.candidates).toMatchObject({
      title: 'XMP Title',
      author: 'Ada Quay, Bo Pier',
      description: 'Info subject',
      lang: 'fr',
      datePublished: '2025-05-06T07:08:09.000Z',
      dateModified: '2025-06-07T06:09:10.000Z',
    });
  });

  it('titles a PDF without metadata after its file name and takes Last-Modified as its date', async () => {
    const pdf = await makePdf({firstPage: []});
    server.route('/docs/get', serve(pdf, 'application/pdf', {
      headers: {'content-disposition': 'attachment; filename="Minutes 2026-03.pdf"', 'last-modified': 'Wed, 04 Mar 2026 10:00:00 GMT'},
    }));
    const card = await cardOf('/docs/get');
    expect(card.candidates).toMatchObject({title: 'Minutes 2026-03', description: null, author: null, date: '2026-03-04T10:00:00.000Z'});
    expect(card.file).toMatchObject({name: 'Minutes 2026-03.pdf', pages: 1, reason: null});
  });

  it('reads a PDF larger than maxBodySize by range requests, within the cap', async () => {
    const pdf = await makePdf({title: 'Big Atlas', author: 'Cartographer', pages: 2, padding: 3 * 1024 * 1024});
    const sent: number[] = [];
    const rangesAsked: string[] = [];
    server.route('/docs/atlas.pdf', serve(pdf, 'application/pdf', {ranges: true, chunkSize: 64 * 1024, pauseMs: 2, sent, rangesAsked}));
    const config = normalizeConfig({...loopbackConfig, maxBodySize: 512 * 1024});
    const card = await cardOf('/docs/atlas.pdf', config);
    expect(card.candidates).toMatchObject({title: 'Big Atlas', author: 'Cartographer'});
    expect(card.file).toMatchObject({pages: 2, size: pdf.length, reason: null});
    expect(rangesAsked.length).toBeGreaterThan(0);
    // The first GET stopped after its head; the ranges stayed within the cap.
    const ranged = rangesAsked.map((range) => /bytes=(\d+)-(\d+)/.exec(range)!).reduce((sum, [, a, b]) => sum + Number(b) - Number(a) + 1, 0);
    expect(ranged).toBeLessThanOrEqual(512 * 1024);
    expect(sent.reduce((a, b) => a + b, 0)).toBeLessThan(pdf.length / 2);
  });

  it('gives a large PDF without range support the card with reason too-large, reading no more than the cap', async () => {
    const pdf = await makePdf({title: 'Big Atlas', pages: 1, padding: 3 * 1024 * 1024});
    const sent: number[] = [];
    server.route('/docs/atlas-no-range.pdf', serve(pdf, 'application/pdf', {chunkSize: 64 * 1024, pauseMs: 1, sent}));
    const config = normalizeConfig({...loopbackConfig, maxBodySize: 256 * 1024});
    const card = await cardOf('/docs/atlas-no-range.pdf', config);
    expect(card.candidates).toMatchObject({title: 'atlas-no-range', author: null, description: null});
    expect(card.file).toMatchObject({kind: 'pdf', pages: null, size: pdf.length, reason: 'too-large'});
    expect(sent[0]).toBeLessThan(pdf.length / 2);
  });

  it('gives a PDF cut short (no %%EOF) reason truncated, a broken one unreadable', async () => {
    const pdf = await makePdf({title: 'Half', pages: 2});
    server.route('/docs/half.pdf', serve(pdf.subarray(0, Math.floor(pdf.length / 2)), 'application/pdf'));
    server.route('/docs/broken.pdf', serve(Buffer.from('%PDF-1.7\nthis is not a pdf body\n%%EOF\n'), 'application/pdf'));
    expect((await cardOf('/docs/half.pdf')).file).toMatchObject({kind: 'pdf', pages: null, reason: 'truncated'});
    const broken = await cardOf('/docs/broken.pdf');
    expect(broken.file.reason).toBe('unreadable');
    expect(broken.candidates.title).toBe('broken');
  });

  it('gives a PDF whose connection breaks mid-body reason truncated', async () => {
    const pdf = await makePdf({title: 'Cut', pages: 1, padding: 64 * 1024});
    server.route('/docs/cut.pdf', serve(pdf, 'application/pdf', {cutAfter: 20_000, chunkSize: 10_000}));
    expect((await cardOf('/docs/cut.pdf')).file).toMatchObject({kind: 'pdf', reason: 'truncated'});
  });
});

describe('feeds', () => {
  it('reads an RSS feed: title, text description, author, language, latest item date, image', async () => {
    server.route('/feeds/notes.rss', serve(Buffer.from(rssFeed), 'application/rss+xml; charset=utf-8'));
    const card = await cardOf('/feeds/notes.rss');
    expect(card.candidates).toMatchObject({
      title: 'Harbour Notes',
      description: 'Weekly notes from the old port & its lamps.',
      author: 'Mara Ellis',
      lang: 'en',
      date: '2026-03-03T08:30:00.000Z',
      url: at('/feeds/notes.rss'),
      image: [at('/img/channel.png')],
    });
    expect(card.file).toMatchObject({kind: 'feed', type: 'rss', reason: null});
  });

  it('reads an Atom feed sent as text/xml', async () => {
    server.route('/feeds/quai', serve(Buffer.from(atomFeed), 'text/xml'));
    const card = await cardOf('/feeds/quai');
    expect(card.candidates).toMatchObject({
      title: 'Quai Nord',
      description: 'Les nouvelles du quai',
      author: 'Jeanne Port',
      lang: 'fr',
      date: '2026-01-06T12:00:00.000Z',
      image: ['https://quai.example/logo.png'],
    });
    expect(card.file).toMatchObject({kind: 'feed', mimeType: 'application/atom+xml', type: 'atom'});
  });

  it('decodes a feed by its XML declaration when the Content-Type has no charset', async () => {
    const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Café du port</title></channel></rss>', 'latin1');
    server.route('/feeds/latin1', serve(latin1, 'application/rss+xml'));
    expect((await cardOf('/feeds/latin1')).candidates.title).toBe('Café du port');
  });

  it('gives a "feed" that is no feed the URL-and-headers card, reason unreadable', async () => {
    server.route('/feeds/login', serve(Buffer.from('<html><title>Sign in</title></html>'), 'application/rss+xml'));
    const card = await cardOf('/feeds/login');
    expect(card.candidates).toMatchObject({title: 'login', description: null, image: []});
    expect(card.file).toMatchObject({kind: 'feed', reason: 'unreadable'});
  });
});

describe('any other file', () => {
  it.each([
    ['/data/lamps.json', Buffer.from('{"lamps": 12}'), 'application/json', 'json', 'lamps'],
    ['/data/table.csv', Buffer.from('name,count\nlamps,12\n'), 'text/csv; charset=utf-8', 'csv', 'table'],
    ['/data/notes.txt', Buffer.from('plain words'), 'text/plain', 'txt', 'notes'],
    ['/data/bundle.zip', zip('a.txt', Buffer.from('hello')), 'application/zip', 'zip', 'bundle'],
  ])('gives %s a card from its URL and headers', async (path, bytes, contentType, type, title) => {
    server.route(path, serve(bytes, contentType, {headers: {'last-modified': 'Tue, 10 Feb 2026 09:00:00 GMT', 'content-language': 'de-AT'}}));
    const card = await cardOf(path);
    expect(card.candidates).toEqual({
      title, description: null, lang: 'de', author: null, publisher: 'site.test',
      date: '2026-02-10T09:00:00.000Z', datePublished: null, dateModified: '2026-02-10T09:00:00.000Z',
      url: at(path), image: [], logo: [at('/favicon.ico')], video: [], audio: [],
    });
    expect(card.file).toEqual({
      kind: 'file', mimeType: contentType.split(';')[0], servedType: contentType.split(';')[0], type, name: path.slice(6), size: bytes.length,
      size_pretty: `${bytes.length} B`, pages: null, reason: null, screenshotReason: null,
    });
    expect(card.media).toEqual({});
  });

  it('names a download by its Content-Disposition and knows a zip sent as octet-stream', async () => {
    server.route('/download', serve(zip('a.txt', Buffer.from('x')), 'application/octet-stream', {
      headers: {'content-disposition': `attachment; filename="fallback.zip"; filename*=UTF-8''Hafen%20%E2%80%93%20Pl%C3%A4ne.zip`},
    }));
    const card = await cardOf('/download?id=7');
    expect(card.candidates.title).toBe('Hafen – Pläne');
    expect(card.file).toMatchObject({name: 'Hafen – Pläne.zip', mimeType: 'application/zip', type: 'zip'});
  });

  it('describes a large file served slowly from its head, without downloading it', async () => {
    const size = 32 * 1024 * 1024;
    const sent: number[] = [];
    server.route('/data/huge.bin', serve(Buffer.alloc(size, 7), 'application/octet-stream', {chunkSize: 64 * 1024, pauseMs: 2, sent}));
    const started = Date.now();
    const card = await cardOf('/data/huge.bin');
    expect(card.file).toMatchObject({kind: 'file', size, size_pretty: '33.6 MB', reason: null});
    expect(Date.now() - started).toBeLessThan(2_000);
    // The server stops once the connection is dropped: it sent a small part (socket buffers included).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent[0]).toBeLessThan(size / 4);
  });

  it('gives a file whose body stalls past the deadline the card with reason timeout, in time', async () => {
    server.route('/img/stalled.png', async (_request, response) => {
      const png = sample('png');
      response.writeHead(200, {'content-type': 'image/png', 'content-length': String(10 * png.length + 5000)});
      // More than the head, then nothing: the image description waits for more bytes.
      response.write(Buffer.concat([png, Buffer.alloc(5000)]));
    });
    const started = Date.now();
    const card = await cardOf('/img/stalled.png', filesConfig, 800);
    expect(card.file).toMatchObject({kind: 'image', reason: 'timeout'});
    // Described from the head that came: a PNG's size sits in its first bytes.
    expect(card.media.image).toMatchObject({type: 'png', width: 37, height: 21});
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('the file response', () => {
  it('reads on from its head, and range-reads a server that accepts ranges', async () => {
    const bytes = Buffer.from(Array.from({length: 20_000}, (_, index) => index % 251));
    server.route('/data/counting.bin', serve(bytes, 'application/octet-stream', {ranges: true}));
    const file = await fileAt('/data/counting.bin');
    try {
      expect(file.head).toEqual(bytes.subarray(0, 4100));
      expect(file.complete).toBe(false);
      expect(await file.read(10_000)).toEqual({bytes: bytes.subarray(0, 10_000), truncated: true});
      expect(await file.read()).toEqual({bytes, truncated: false});
      expect(await file.readRange(19_990, 19_999)).toEqual(bytes.subarray(19_990));
    } finally {
      file.close();
    }
  });

  it('answers null for a range the server does not honour', async () => {
    server.route('/data/no-ranges.bin', serve(Buffer.alloc(9000, 1), 'application/octet-stream'));
    const file = await fileAt('/data/no-ranges.bin');
    file.close();
    expect(await file.readRange(100, 199)).toBeNull();
  });
});
