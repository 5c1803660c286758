import {createServer, type IncomingHttpHeaders, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo, Socket} from 'node:net';
import {afterAll, afterEach, beforeAll, describe, expect, it} from '@jest/globals';
import {createDeadline, type Deadline} from '../../src/deadline.js';
import {fetchPage} from '../../src/fetch/fetch-page.js';
import {fetchIframe, maxOEmbedBytes, type IframeRequest, type OEmbedProvider} from '../../src/oembed/fetch-iframe.js';
import {normalizeConfig} from '../../src/options.js';
import {parseHtml} from '../../src/parse/parse-html.js';
import {failure} from '../helpers/failure.js';
import {startServer, html, redirect, type Route, type TestServer} from '../helpers/server.js';
import {oembedLookup, only127001} from './hosts.js';

const config = normalizeConfig({dnsLookup: oembedLookup, allowAddress: only127001, pingTimeout: 2_000});

let server: TestServer;
/** What the provider routes received: query and headers, per request. */
let asked: {path: string; query: URLSearchParams; headers: IncomingHttpHeaders}[] = [];
const deadlines: Deadline[] = [];

function deadline(ms = 10_000, signal?: AbortSignal): Deadline {
  const created = createDeadline(ms, signal);
  deadlines.push(created);
  return created;
}

/** A provider route answering `body` (an object is sent as JSON). */
function answer(body: unknown, contentType = 'application/json', status = 200): Route {
  return (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    asked.push({path: url.pathname, query: url.searchParams, headers: request.headers});
    response.writeHead(status, {'content-type': contentType}).end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

const video = {
  version: '1.0',
  type: 'video',
  html: '<iframe src="https://player.test/embed/1" width="480" height="270"></iframe>',
  title: 'A video',
  author_name: 'An author',
  provider_name: 'Provider',
  thumbnail_url: 'https://cdn.test/thumb.jpg',
  width: 480,
  height: 270,
};

const xmlVideo = `<?xml version="1.0" encoding="utf-8"?>
<oembed><version>1.0</version><type>video</type><title>An XML video</title><author_name>X author</author_name>
<provider_name>XML Provider</provider_name><thumbnail_url>/thumb.png</thumbnail_url>
<html>&lt;iframe src="https://player.test/embed/2"&gt;&lt;/iframe&gt;&lt;script async src="/player.js"&gt;&lt;/script&gt;</html></oembed>`;

/** A page naming `href` in a discovery link of `type`, as parsed by linkpeek. */
function pageWith(href: string, type = 'application/json+oembed') {
  return parseHtml(`<html><head><title>Page</title><link rel="alternate" type="${type}" href="${href}"></head></html>`);
}

const noLinks = parseHtml('<html><head><title>Page</title></head></html>');

/** Resolves when `response` can take more bytes, or closed (the client went away). */
function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done).off('close', done);
      resolve();
    };
    response.once('drain', done).once('close', done);
  });
}

function request(extra: Partial<IframeRequest> = {}): IframeRequest {
  return {headers: {}, deadline: deadline(), ...extra};
}

beforeAll(async () => {
  server = await startServer({
    '/oembed.json': answer(video),
    '/oembed.xml': answer(xmlVideo, 'text/xml; charset=utf-8'),
    '/missing': answer({error: 'not found'}, 'application/json', 404),
    '/junk': answer('{"type": "video", "html": "<iframe', 'application/json'),
    '/array': answer([video]),
    '/html-page': answer('<!doctype html><title>Oops</title>', 'text/html'),
  });
});

afterEach(() => {
  asked = [];
  for (const created of deadlines.splice(0)) created.dispose();
});

afterAll(() => server.close());

describe('fetchIframe through a discovery link', () => {
  it('reads a JSON answer: the html as given, the scripts, and the fields', async () => {
    const pageUrl = 'http://site.test/video/1';
    const result = await fetchIframe(pageUrl, pageWith(server.url('/oembed.json?url=page&format=json')), request(), config);
    expect(result).toEqual({
      iframe: {html: video.html, scripts: []},
      fields: {title: 'A video', author: 'An author', publisher: 'Provider', image: 'https://cdn.test/thumb.jpg'},
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.query.get('url')).toBe('page');
    expect(asked[0]?.headers.accept).toMatch(/^application\/json/);
  });

  it('reads an XML answer found through a text/xml+oembed link, relative URLs against the answer URL', async () => {
    const href = `http://provider.test:${server.port}/oembed.xml?url=page`;
    const result = await fetchIframe('http://site.test/v', pageWith(href, 'text/xml+oembed'), request(), config);
    expect(result).toEqual({
      iframe: {
        html: '<iframe src="https://player.test/embed/2"></iframe><script async src="/player.js"></script>',
        scripts: [{src: `http://provider.test:${server.port}/player.js`, async: true}],
      },
      fields: {title: 'An XML video', author: 'X author', publisher: 'XML Provider', image: `http://provider.test:${server.port}/thumb.png`},
    });
  });

  it('forwards maxWidth and maxHeight as maxwidth and maxheight', async () => {
    const href = server.url('/oembed.json?url=page&format=json');
    await fetchIframe('http://site.test/v', pageWith(href), request({maxWidth: 350, maxHeight: 200}), config);
    expect(asked[0]?.query.toString()).toBe('url=page&format=json&maxwidth=350&maxheight=200');
  });

  it.each([
    ['a 404', '/missing'],
    ['junk JSON', '/junk'],
    ['a JSON array', '/array'],
    ['an HTML page', '/html-page'],
    ['an unknown path (the server’s plain-text 404)', '/nowhere'],
  ])('gives {iframe: null, fields: {}} for %s', async (_name, path) => {
    const call = deadline();
    const result = await fetchIframe('http://site.test/v', pageWith(server.url(path)), request({deadline: call}), config);
    expect(result).toEqual({iframe: null, fields: {}});
    expect(call.signal.aborted).toBe(false);
  });

  it('gives null for a provider nothing listens on', async () => {
    const closed = await startServer();
    const url = closed.url('/oembed');
    await closed.close();
    expect(await fetchIframe('http://site.test/v', pageWith(url), request(), config)).toEqual({iframe: null, fields: {}});
  });

  it('builds an <img> for a photo answer', async () => {
    server.route('/photo', answer({type: 'photo', version: '1.0', url: 'https://cdn.test/p.jpg', width: 640, height: 480, title: 'Sunset'}));
    const result = await fetchIframe('http://site.test/v', pageWith(server.url('/photo')), request(), config);
    expect(result).toEqual({
      iframe: {html: '<img src="https://cdn.test/p.jpg" alt="Sunset" width="640" height="480">', scripts: []},
      fields: {title: 'Sunset'},
    });
  });

  it('lists the scripts of a rich answer: async, defer and other attributes, relative src resolved', async () => {
    const markup =
      '<blockquote class="post">Hello</blockquote>' +
      '<script async src="https://platform.test/widgets.js" charset="utf-8"></script>' +
      '<script defer src="embed/loader.js" type="text/javascript" data-lang="fr"></script>' +
      '<script>inline()</script>';
    server.route('/widgets/oembed', answer({type: 'rich', version: '1.0', html: markup, provider_name: 'Posts'}));
    const result = await fetchIframe('http://site.test/v', pageWith(server.url('/widgets/oembed?url=p')), request(), config);
    expect(result.iframe).toEqual({
      html: markup,
      scripts: [
        {src: 'https://platform.test/widgets.js', async: true, charset: 'utf-8'},
        {src: server.url('/widgets/embed/loader.js'), defer: true, type: 'text/javascript', 'data-lang': 'fr'},
      ],
    });
    expect(result.fields).toEqual({publisher: 'Posts'});
  });

  it('falls back to the registry when the discovery link gives no valid answer', async () => {
    const providers: OEmbedProvider[] = [
      {provider_name: 'Local', provider_url: server.origin, endpoints: [{schemes: ['http://site.test/*'], url: server.url('/oembed.json')}]},
    ];
    const result = await fetchIframe('http://site.test/v', pageWith(server.url('/junk')), request(), config, providers);
    expect(result.iframe?.html).toBe(video.html);
    expect(asked.map((entry) => entry.path)).toEqual(['/junk', '/oembed.json']);
  });

  it('sends caller headers to an endpoint on the page’s origin only; elsewhere just user-agent and accept-language', async () => {
    const headers = {'x-api-key': 'secret', 'user-agent': 'tester/1', 'accept-language': 'fr'};
    const href = server.url('/oembed.json');
    await fetchIframe(server.url('/page'), pageWith(href), request({headers}), config);
    await fetchIframe('http://site.test/page', pageWith(href), request({headers}), config);
    expect(asked.map((entry) => [entry.headers['x-api-key'], entry.headers['user-agent'], entry.headers['accept-language']])).toEqual([
      ['secret', 'tester/1', 'fr'],
      [undefined, 'tester/1', 'fr'],
    ]);
  });

  it('asks nothing when neither a link nor the registry names an endpoint', async () => {
    const result = await fetchIframe('http://site.test/v', noLinks, request(), config, []);
    expect(result).toEqual({iframe: null, fields: {}});
    expect(asked).toEqual([]);
  });
});

describe('fetchIframe limits', () => {
  it(`stops reading an answer over ${maxOEmbedBytes} bytes, closes it, and gives null`, async () => {
    const total = 64 * 1024 * 1024;
    let written = 0;
    let closedEarly = false;
    server.route('/huge', async (_request, response) => {
      response.writeHead(200, {'content-type': 'application/json'});
      response.on('close', () => (closedEarly = !response.writableFinished));
      const chunk = Buffer.alloc(64 * 1024, ' ');
      // A valid answer, then endless padding: only the byte cap can make it null.
      response.write(JSON.stringify(video));
      while (written < total && !response.destroyed) {
        written += chunk.length;
        if (!response.write(chunk)) await drainedOrClosed(response);
      }
      if (!response.destroyed) response.end();
    });
    const result = await fetchIframe('http://site.test/v', pageWith(server.url('/huge')), request(), config);
    expect(result).toEqual({iframe: null, fields: {}});
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closedEarly).toBe(true);
    // The client's 1 MiB plus what the loopback socket buffers held when it closed: far from all of it.
    expect(written).toBeLessThan(total / 4);
  });

  it('gives null when the provider outlives its own cap, leaving the call’s deadline running', async () => {
    let sockets = 0;
    server.route('/slow', (_request, response) => {
      sockets++;
      // Never answers; the server closes the connection at the end of the tests.
      response.on('close', () => sockets--);
    });
    const quick = normalizeConfig({dnsLookup: oembedLookup, allowAddress: only127001, pingTimeout: 300});
    const call = deadline(20_000);
    const started = Date.now();
    const result = await fetchIframe('http://site.test/v', pageWith(server.url('/slow')), request({deadline: call}), quick);
    expect(result).toEqual({iframe: null, fields: {}});
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(call.signal.aborted).toBe(false);
    expect(call.remaining()).toBeGreaterThan(17_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sockets).toBe(0);
  });

  it('rethrows the call deadline’s ETIMEOUT when the whole call runs out', async () => {
    server.route('/slower', () => {});
    const call = deadline(300);
    const error = await failure(fetchIframe('http://site.test/v', pageWith(server.url('/slower')), request({deadline: call}), config));
    expect(error.code).toBe('ETIMEOUT');
    expect(error).toBe(call.signal.reason);
  });

  it('rethrows EABORTED when the caller aborts, and asks nothing once already aborted', async () => {
    server.route('/slowest', () => {});
    const controller = new AbortController();
    const call = deadline(10_000, controller.signal);
    setTimeout(() => controller.abort(), 100);
    const error = await failure(fetchIframe('http://site.test/v', pageWith(server.url('/slowest')), request({deadline: call}), config));
    expect(error.code).toBe('EABORTED');
    const before = server.hits.length;
    expect((await failure(fetchIframe('http://site.test/v', pageWith(server.url('/oembed.json')), request({deadline: call}), config))).code).toBe('EABORTED');
    expect(server.hits.length).toBe(before);
  });
});

describe('fetchIframe and the address policy', () => {
  let refused: Server;
  let refusedConnections = 0;

  beforeAll(async () => {
    // A server on 127.0.0.2, which the policy refuses: it must never see a connection.
    refused = createServer((_request, response) => response.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(video)));
    refused.on('connection', (socket: Socket) => {
      refusedConnections++;
      socket.destroy();
    });
    await new Promise<void>((resolve, reject) => {
      refused.once('error', reject);
      refused.listen(0, '127.0.0.2', resolve);
    });
  });

  afterAll(async () => {
    refused.closeAllConnections();
    await new Promise<void>((resolve) => refused.close(() => resolve()));
  });

  it('gives null when the answer redirects to a refused address, by name or literal, and never connects there', async () => {
    const port = (refused.address() as AddressInfo).port;
    server.route('/to-refused-name', redirect(`http://refused.test:${port}/oembed`));
    server.route('/to-refused-literal', redirect(`http://127.0.0.2:${port}/oembed`, 307));
    for (const path of ['/to-refused-name', '/to-refused-literal']) {
      const call = deadline();
      const result = await fetchIframe('http://site.test/v', pageWith(server.url(path)), request({deadline: call}), config);
      expect(result).toEqual({iframe: null, fields: {}});
      expect(call.signal.aborted).toBe(false);
    }
    expect(server.hits).toEqual(expect.arrayContaining(['GET /to-refused-name', 'GET /to-refused-literal']));
    expect(refusedConnections).toBe(0);
  });

  it('gives null for a discovery link or a registry endpoint on a refused address, without connecting', async () => {
    const port = (refused.address() as AddressInfo).port;
    const providers: OEmbedProvider[] = [
      {provider_name: 'Refused', provider_url: '', endpoints: [{schemes: ['http://site.test/*'], url: `http://refused.test:${port}/oembed`}]},
    ];
    const result = await fetchIframe('http://site.test/v', pageWith(`http://127.0.0.2:${port}/oembed`), request(), config, providers);
    expect(result).toEqual({iframe: null, fields: {}});
    expect(refusedConnections).toBe(0);
  });
});

describe('fetchIframe through the registry', () => {
  // The bundled YouTube entry's shape, its endpoint pointed at the local stand-in over http.
  const youtube = (endpoint: string): OEmbedProvider[] => [
    {
      provider_name: 'YouTube',
      provider_url: 'https://www.youtube.com/',
      endpoints: [
        {
          schemes: ['https://*.youtube.com/watch*', 'https://*.youtube.com/v/*', 'https://youtu.be/*'],
          url: endpoint,
          discovery: true,
        },
      ],
    },
  ];

  it('finds the provider for a YouTube-style page that hides its discovery link', async () => {
    server.route('/watch', html('<html><head><title>Never gonna</title></head><body>no oEmbed link here</body></html>'));
    server.route('/yt/oembed', answer({...video, provider_name: 'YouTube', title: 'Never gonna'}));
    const call = deadline();
    // www.youtube.com resolves to 127.0.0.1 through the tests' lookup only.
    const page = await fetchPage(new URL(`http://www.youtube.com:${server.port}/watch?v=abc`), {headers: {}, deadline: call}, config);
    const snapshot = parseHtml(page.html);
    expect(snapshot.links).toEqual([]);
    const result = await fetchIframe(page.url, snapshot, request({deadline: call, maxWidth: 640}), config, youtube(`http://provider.test:${server.port}/yt/oembed`));
    expect(result).toEqual({
      iframe: {html: video.html, scripts: []},
      fields: {title: 'Never gonna', author: 'An author', publisher: 'YouTube', image: 'https://cdn.test/thumb.jpg'},
    });
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0]!.query)).toEqual({
      url: `http://www.youtube.com:${server.port}/watch?v=abc`,
      format: 'json',
      maxwidth: '640',
    });
  });
});
