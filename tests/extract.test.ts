import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createExtractor, extract} from '../src/extract.js';
import {isLinkpeekError} from '../src/errors.js';
import {parseHtmlReference} from '../src/parse/parse-html.js';
import {loopbackConfig} from './helpers/policy.js';
import {html, redirect, startServer, type TestServer} from './helpers/server.js';

const page = `<!doctype html>
<html lang="en-GB">
<head>
  <title>Ignored when og:title exists</title>
  <meta property="og:title" content="Harbour lights return to the old port">
  <meta property="og:description" content="After twelve years, the lamps along the quay are lit again.">
  <meta property="og:site_name" content="Quayside Gazette">
  <meta property="og:image" content="/img/harbour.png">
  <meta name="author" content="Mara Ellis">
  <meta property="article:published_time" content="2026-11-02T08:30:00+01:00">
  <link rel="canonical" href="/news/harbour-lights">
  <link rel="icon" href="//site.test:PORT/favicon.png" sizes="32x32">
</head>
<body><h1>Harbour lights</h1><p>Body text.</p></body>
</html>`;

// A 1×1 PNG: real bytes, so ping can read its dimensions.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
  const body = page.replaceAll('PORT', String(server.port));
  server.route('/story', html(body));
  server.route('/old-story', redirect('/story', 301));
  server.route('/news/harbour-lights', html(body));
  for (const path of ['/img/harbour.png', '/favicon.png']) {
    server.route(path, (_request, response) => {
      response.writeHead(200, {'content-type': 'image/png', 'content-length': png.length}).end(png);
    });
  }
});

afterAll(() => server.close());

describe('extract() end to end', () => {
  it('follows a redirect, extracts every field and resolves URLs against the final URL', async () => {
    const run = createExtractor(loopbackConfig);
    const result = await run(server.url('/old-story'), {ping: false});
    expect(result.status).toBe('success');
    expect(result.statusCode).toBe(200);
    expect(result.redirects).toEqual([{statusCode: 301, url: server.url('/old-story')}]);
    expect(result.data).toEqual({
      title: 'Harbour lights return to the old port',
      description: 'After twelve years, the lamps along the quay are lit again.',
      lang: 'en',
      author: 'Mara Ellis',
      publisher: 'Quayside Gazette',
      date: '2026-11-02T07:30:00.000Z',
      datePublished: '2026-11-02T07:30:00.000Z',
      dateModified: null,
      url: server.url('/news/harbour-lights'),
      image: {url: server.url('/img/harbour.png')},
      logo: {url: `http://site.test:${server.port}/favicon.png`},
      video: null,
      audio: null,
    });
  });

  it('with ping on, describes the media it verified', async () => {
    const run = createExtractor(loopbackConfig);
    const {data} = await run(server.url('/story'));
    expect(data.url).toBe(server.url('/news/harbour-lights'));
    expect(data.image).toMatchObject({url: server.url('/img/harbour.png'), type: 'png', size: png.length, width: 1, height: 1});
    expect(data.logo).toMatchObject({url: `http://site.test:${server.port}/favicon.png`, type: 'png', width: 1, height: 1});
  });

  it('refuses the loopback test server under the default, public-only policy, without a request', async () => {
    const before = server.hits.length;
    await expect(extract(server.url('/story'))).rejects.toMatchObject({code: 'EFORBIDDENURL'});
    expect(server.hits.length).toBe(before);
  });

  it('rejects a bad URL with EINVALURL naming the parameter', async () => {
    const error = await extract('ftp://example.com/file').catch((caught: unknown) => caught);
    expect(isLinkpeekError(error)).toBe(true);
    expect(error).toMatchObject({code: 'EINVALURL', data: {url: expect.any(String)}});
  });

  it('rejects bad options before any request', async () => {
    const before = server.hits.length;
    await expect(createExtractor(loopbackConfig)(server.url('/story'), {ping: 'sometimes' as never})).rejects.toMatchObject({
      code: 'EINVALOPTION',
    });
    expect(server.hits.length).toBe(before);
  });

  it('lets a stage be replaced through createExtractor({stages})', async () => {
    const run = createExtractor({
      ...loopbackConfig,
      stages: {pickFields: (snapshot, fetched) => ({
        title: `custom: ${fetched.url}`,
        description: null, lang: null, author: null, publisher: null, date: null, url: null,
        image: [], logo: [], video: [], audio: [],
      })},
    });
    const {data} = await run(server.url('/story'), {ping: false});
    expect(data.title).toBe(`custom: ${server.url('/story')}`);
    expect(data.image).toBeNull();
  });

  it('rejects an unknown stage override at creation', () => {
    expect(() => createExtractor({stages: {fetchPagee: () => undefined} as never})).toThrow('stages.fetchPagee');
  });

  it('ends with ETIMEOUT when the whole call runs past its timeout', async () => {
    server.route('/stall', () => undefined);
    await expect(createExtractor(loopbackConfig)(server.url('/stall'), {timeout: 300})).rejects.toMatchObject({
      code: 'ETIMEOUT',
    });
  });

  it('ends with EABORTED when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = createExtractor(loopbackConfig)(server.url('/stall'), {signal: controller.signal});
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({code: 'EABORTED'});
  });
});

describe('extract() on a large page (read in windows)', () => {
  it('gives the data the reference parse gives, for a 300 KB ASCII page whose fields sit at both ends', async () => {
    const filler = Array.from({length: 3000}, (_, index) => `<div class="row"><a href="/item/${index}">Item ${index}</a> <span>&amp; more</span></div>`).join('\n');
    const body = `<!doctype html><html lang="en"><head><title>A long listing</title>
<meta property="og:description" content="Every item of the catalogue, on one page.">
<script>${'var state = {"a": "<b>x</b>"};\n'.repeat(2000)}</script></head>
<body><h1>Catalogue</h1>${filler}
<script type="application/ld+json">{"@type":"Article","headline":"A long listing","author":{"@type":"Person","name":"Noor Haddad"},"datePublished":"2026-10-01T10:00:00Z"}</script>
</body></html>`;
    expect(body.length).toBeGreaterThan(300_000);
    expect(body.length).toBeLessThan(1_000_000);
    server.route('/long', html(body));
    const windowed = await createExtractor(loopbackConfig)(server.url('/long'), {ping: false});
    const reference = await createExtractor({...loopbackConfig, stages: {parseHtml: parseHtmlReference}})(server.url('/long'), {ping: false});
    expect(windowed.data).toEqual(reference.data);
    expect(windowed.data).toMatchObject({title: 'A long listing', author: 'Noor Haddad', date: '2026-10-01T10:00:00.000Z'});
  });
});
