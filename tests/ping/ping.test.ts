import {readFileSync} from 'node:fs';
import {subscribe, unsubscribe} from 'node:diagnostics_channel';
import type {IncomingHttpHeaders} from 'node:http';
import type {Socket} from 'node:net';
import {afterAll, afterEach, beforeAll, describe, expect, it} from '@jest/globals';
import type {Candidates} from '../../src/data.js';
import {createExtractor} from '../../src/extract.js';
import {createDeadline, type Deadline} from '../../src/deadline.js';
import {normalizeConfig, type PingKind, type ResolvedConfig} from '../../src/options.js';
import {pingUrls, probeBytes, type PingRequest} from '../../src/ping/ping.js';
import {file, type SentBytes} from '../helpers/media-server.js';
import {id3, mp4, storedPng, xingFrame} from '../helpers/media-files.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, redirect, startServer, type TestServer} from '../helpers/server.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/media/${name}`, import.meta.url));
const png = fixture('sample.png');

let server: TestServer;
let closedPort: number;
const sent: SentBytes = new Map();
const seenHeaders = new Map<string, IncomingHttpHeaders>();
const deadlines: Deadline[] = [];
const config = normalizeConfig(loopbackConfig);

beforeAll(async () => {
  server = await startServer({
    '/page': html('<title>page</title>'),
    '/article': html(`<!doctype html><html lang="en"><head>
      <title>Ping end to end</title>
      <link rel="canonical" href="/canonical">
      <meta property="og:image" content="/missing.png">
      <meta name="twitter:image" content="sample.jpg">
      <link rel="icon" href="/logo.png">
      <meta property="og:audio" content="/song.mp3">
      </head><body><p>Hello</p></body></html>`),
    '/sample.png': file(png, 'image/png'),
    '/sample.jpg': file(fixture('sample.jpg'), 'image/jpeg'),
    '/sample.gif': file(fixture('sample.gif'), 'image/gif'),
    '/sample.webp': file(fixture('sample.webp'), 'image/webp'),
    '/sample.svg': file(fixture('sample.svg'), 'image/svg+xml'),
    '/logo.png': file(png, 'image/png'),
    '/octet.png': file(png, 'application/octet-stream'),
    '/not-an-image.png': html('<h1>Please log in</h1>'),
    '/old.png': redirect('/sample.png', 301),
    '/to-private.png': redirect('http://10.0.0.1/x.png'),
    '/clip.mp4': file(mp4(1000, 65_500), 'video/mp4', {headStatus: 405}),
    '/song.mp3': file(Buffer.concat([id3(32), xingFrame(1000), Buffer.alloc(4000)]), 'audio/mpeg'),
    '/large.png': file(storedPng(1200, 1400), 'image/png', {range: false, chunkSize: 16 * 1024, pauseMs: 5, sent, key: 'large'}),
    '/private.png': (request, response) => {
      seenHeaders.set('private', request.headers);
      file(png, 'image/png')(request, response);
    },
    '/hang.png': () => {
      // Never answers: only a deadline ends this ping.
    },
    '/canonical': html('<title>canonical</title>'),
    '/canonical-405': (request, response) => {
      if (request.method === 'HEAD') response.writeHead(405, {allow: 'GET'}).end();
      else html('<title>ok</title>')(request, response);
    },
    // Claims success on HEAD without saying what it is; GET tells the truth.
    '/canonical-lies-gone': (request, response) => {
      if (request.method === 'HEAD') response.writeHead(200).end();
      else response.writeHead(404, {'content-type': 'text/html'}).end('gone');
    },
    '/canonical-lies-ok': (request, response) => {
      if (request.method === 'HEAD') response.writeHead(200).end();
      else html('<title>ok</title>')(request, response);
    },
  });
  const probe = await startServer();
  closedPort = probe.port;
  await probe.close();
});

afterAll(() => server.close());

afterEach(() => {
  for (const deadline of deadlines.splice(0)) deadline.dispose();
});

const url = (path: string) => server.url(path);
const hitsFor = (path: string) => server.hits.filter((hit) => hit.endsWith(` ${path}`) || hit.includes(` ${path}?`));

function candidates(fields: Partial<Candidates> = {}): Candidates {
  return {
    title: 'Title',
    description: null,
    lang: 'en',
    author: null,
    publisher: null,
    date: null,
    url: null,
    image: [],
    logo: [],
    video: [],
    audio: [],
    ...fields,
  };
}

function pingRequest(options: {ping?: Partial<Record<PingKind, boolean>>; headers?: Record<string, string>; pageUrl?: string; deadline?: Deadline} = {}): PingRequest {
  const deadline = options.deadline ?? createDeadline(10_000);
  deadlines.push(deadline);
  return {
    ping: {url: true, image: true, logo: true, video: true, audio: true, ...options.ping},
    headers: options.headers ?? {},
    pageUrl: options.pageUrl ?? url('/page'),
    deadline,
  };
}

async function hitsDuring<T>(run: () => Promise<T>): Promise<[T, string[]]> {
  const before = server.hits.length;
  const result = await run();
  return [result, server.hits.slice(before)];
}

describe('reachability', () => {
  it('describes a reachable image: type, size from Content-Range, dimensions from its header', async () => {
    const data = await pingUrls(candidates({image: [url('/sample.png')]}), pingRequest(), config);
    expect(data.image).toEqual({
      url: url('/sample.png'),
      type: 'png',
      size: png.length,
      size_pretty: '1.23 kB',
      width: 37,
      height: 21,
    });
    expect(data.title).toBe('Title');
    expect(data.lang).toBe('en');
  });

  it('nulls an image that answers 404, a closed port and an unknown host', async () => {
    for (const candidate of [url('/missing.png'), `http://127.0.0.1:${closedPort}/x.png`, `http://nowhere.test:${server.port}/x.png`]) {
      const data = await pingUrls(candidates({image: [candidate]}), pingRequest(), config);
      expect(data.image).toBeNull();
    }
  });

  it('nulls a logo that answers 404', async () => {
    const data = await pingUrls(candidates({logo: [url('/missing-logo.png')]}), pingRequest(), config);
    expect(data.logo).toBeNull();
  });

  it('picks the first reachable candidate in priority order', async () => {
    const data = await pingUrls(
      candidates({image: [url('/missing.png'), url('/sample.jpg'), url('/sample.png')]}),
      pingRequest(),
      config,
    );
    expect(data.image).toMatchObject({url: url('/sample.jpg'), type: 'jpg', width: 64, height: 48});
  });

  it('treats an image candidate answering text/html as unreachable', async () => {
    const data = await pingUrls(
      candidates({image: [url('/not-an-image.png')], logo: [url('/not-an-image.png'), url('/logo.png')]}),
      pingRequest(),
      config,
    );
    expect(data.image).toBeNull();
    expect(data.logo?.url).toBe(url('/logo.png'));
  });

  it('accepts an image served as application/octet-stream when its bytes are an image', async () => {
    const data = await pingUrls(candidates({image: [url('/octet.png')]}), pingRequest(), config);
    expect(data.image).toMatchObject({url: url('/octet.png'), type: 'png', width: 37, height: 21});
  });

  it('keeps the URL found in the page for a redirecting image and describes the final file', async () => {
    const [data, hits] = await hitsDuring(() => pingUrls(candidates({image: [url('/old.png')]}), pingRequest(), config));
    expect(data.image).toMatchObject({url: url('/old.png'), type: 'png', width: 37, height: 21, size: png.length});
    expect(hits).toEqual(['GET /old.png', 'GET /sample.png']);
  });

  it('reads the duration of a video (HEAD refused with 405) and an audio file from their first bytes', async () => {
    const data = await pingUrls(candidates({video: [url('/clip.mp4')], audio: [url('/song.mp3')]}), pingRequest(), config);
    expect(data.video).toMatchObject({url: url('/clip.mp4'), type: 'mp4', duration: 65.5, duration_pretty: '1m 6s'});
    // Video dimensions are not read: the keys are absent, not null.
    expect(data.video).not.toHaveProperty('width');
    expect(data.audio).not.toHaveProperty('height');
    expect(data.audio).toMatchObject({url: url('/song.mp3'), type: 'mp3', duration: 26.122, duration_pretty: '26.1s'});
    expect(data.audio?.size).toBe(42 + 32 + 4 + 16 + 300 + 4000);
  });
});

describe('image dimensions from real files', () => {
  it.each([
    ['/sample.png', 'png', 37, 21],
    ['/sample.jpg', 'jpg', 64, 48],
    ['/sample.gif', 'gif', 7, 5],
    ['/sample.webp', 'webp', 50, 30],
    ['/sample.svg', 'svg', 120, 45],
  ])('reads %s', async (path, type, width, height) => {
    const data = await pingUrls(candidates({image: [url(path)]}), pingRequest(), config);
    expect(data.image).toMatchObject({type, width, height});
  });

  it('reads a 5 MB image served slowly, without Range support, from its first bytes only', async () => {
    const total = storedPng(1200, 1400).length;
    const data = await pingUrls(candidates({image: [url('/large.png')]}), pingRequest(), config);
    expect(data.image).toMatchObject({type: 'png', width: 1200, height: 1400, size: total, size_pretty: '5.04 MB'});
    // Let the server notice the closed socket before reading its count.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(total).toBeGreaterThan(5_000_000);
    expect(sent.get('large')).toBeLessThan(total / 5);
    expect(sent.get('large')).toBeGreaterThanOrEqual(probeBytes);
  });
});

describe('the page URL', () => {
  it('keeps a reachable canonical URL', async () => {
    const data = await pingUrls(candidates({url: url('/canonical')}), pingRequest(), config);
    expect(data.url).toBe(url('/canonical'));
  });

  it('falls back to the page URL when the canonical URL is unreachable', async () => {
    const data = await pingUrls(candidates({url: url('/gone')}), pingRequest(), config);
    expect(data.url).toBe(url('/page'));
  });

  it('does not re-ping the page URL itself', async () => {
    const [data, hits] = await hitsDuring(() => pingUrls(candidates({url: url('/page')}), pingRequest(), config));
    expect(data.url).toBe(url('/page'));
    expect(hits).toEqual([]);
  });

  it('falls back to GET when HEAD is refused with 405', async () => {
    const [data, hits] = await hitsDuring(() => pingUrls(candidates({url: url('/canonical-405')}), pingRequest(), config));
    expect(data.url).toBe(url('/canonical-405'));
    expect(hits).toEqual(['HEAD /canonical-405', 'GET /canonical-405']);
  });

  it('checks with GET when HEAD answers 200 without a Content-Type', async () => {
    const [gone, goneHits] = await hitsDuring(() =>
      pingUrls(candidates({url: url('/canonical-lies-gone')}), pingRequest(), config),
    );
    expect(gone.url).toBe(url('/page'));
    expect(goneHits).toEqual(['HEAD /canonical-lies-gone', 'GET /canonical-lies-gone']);
    const ok = await pingUrls(candidates({url: url('/canonical-lies-ok')}), pingRequest(), config);
    expect(ok.url).toBe(url('/canonical-lies-ok'));
  });
});

describe('the address policy', () => {
  it('nulls media on private addresses without opening a connection', async () => {
    // A socket object may exist while its name is resolved (and refused); none may connect.
    const connected: string[] = [];
    const onSocket = (message: unknown) => {
      const {socket} = message as {socket: Socket};
      socket.once('connect', () => connected.push(`${socket.remoteAddress}:${socket.remotePort}`));
    };
    subscribe('net.client.socket', onSocket);
    try {
      const [data, hits] = await hitsDuring(() =>
        pingUrls(
          candidates({
            image: ['http://10.0.0.1/x.png'],
            logo: [`http://private.test:${server.port}/x.png`],
            video: ['http://169.254.169.254/latest/meta-data/'],
            audio: [`http://metadata.test/latest/meta-data/`],
            url: 'http://[::ffff:10.0.0.1]/',
          }),
          pingRequest(),
          config,
        ),
      );
      expect(data).toMatchObject({image: null, logo: null, video: null, audio: null, url: url('/page')});
      expect(hits).toEqual([]);
      expect(connected).toEqual([]);
    } finally {
      unsubscribe('net.client.socket', onSocket);
    }
  });

  it('nulls an image whose redirect leads to a private address', async () => {
    const [data, hits] = await hitsDuring(() => pingUrls(candidates({image: [url('/to-private.png')]}), pingRequest(), config));
    expect(data.image).toBeNull();
    expect(hits).toEqual(['GET /to-private.png']);
  });

  it('sends caller headers only to URLs of the page origin', async () => {
    const site = `http://site.test:${server.port}`;
    const cdn = `http://cdn.test:${server.port}`;
    const headers = {authorization: 'Bearer secret', 'x-api-key': 'k1'};
    seenHeaders.clear();
    const sameOrigin = await pingUrls(candidates({image: [`${site}/private.png`]}), pingRequest({headers, pageUrl: `${site}/page`}), config);
    expect(sameOrigin.image?.width).toBe(37);
    expect(seenHeaders.get('private')).toMatchObject(headers);
    seenHeaders.clear();
    const thirdParty = await pingUrls(candidates({image: [`${cdn}/private.png`]}), pingRequest({headers, pageUrl: `${site}/page`}), config);
    expect(thirdParty.image?.width).toBe(37);
    expect(seenHeaders.get('private')?.authorization).toBeUndefined();
    expect(seenHeaders.get('private')?.['x-api-key']).toBeUndefined();
  });
});

describe('turning ping off', () => {
  it('ping: false returns every first candidate raw and makes no request', async () => {
    const off = {url: false, image: false, logo: false, video: false, audio: false};
    const [data, hits] = await hitsDuring(() =>
      pingUrls(
        candidates({
          url: url('/gone'),
          image: [url('/missing.png'), url('/sample.png')],
          logo: ['http://10.0.0.1/logo.png'],
          video: [url('/clip.mp4')],
          audio: [],
        }),
        pingRequest({ping: off}),
        config,
      ),
    );
    expect(hits).toEqual([]);
    expect(data).toMatchObject({
      url: url('/gone'),
      image: {url: url('/missing.png')},
      logo: {url: 'http://10.0.0.1/logo.png'},
      video: {url: url('/clip.mp4')},
      audio: null,
    });
    expect(Object.keys(data.image ?? {})).toEqual(['url']);
  });

  it('ping.audio = false leaves audio unchecked while the image is still checked', async () => {
    const [data, hits] = await hitsDuring(() =>
      pingUrls(
        candidates({image: [url('/missing.png'), url('/sample.gif')], audio: [url('/no-such.mp3')]}),
        pingRequest({ping: {audio: false}}),
        config,
      ),
    );
    expect(data.audio).toEqual({url: url('/no-such.mp3')});
    expect(data.image).toMatchObject({url: url('/sample.gif'), width: 7});
    expect(hitsFor('/no-such.mp3')).toEqual([]);
    expect(hits.sort()).toEqual(['GET /missing.png', 'GET /sample.gif']);
  });

  it('ping.url = false keeps the canonical URL unchecked', async () => {
    const [data, hits] = await hitsDuring(() =>
      pingUrls(candidates({url: url('/gone')}), pingRequest({ping: {url: false}}), config),
    );
    expect(data.url).toBe(url('/gone'));
    expect(hits).toEqual([]);
  });
});

describe('sharing and bounds', () => {
  it('pings a URL used as image and logo, or listed twice, once', async () => {
    const [data, hits] = await hitsDuring(() =>
      pingUrls(
        candidates({image: [url('/logo.png'), url('/logo.png')], logo: [url('/logo.png')]}),
        pingRequest(),
        config,
      ),
    );
    expect(data.image?.width).toBe(37);
    expect(data.logo?.width).toBe(37);
    expect(hits).toEqual(['GET /logo.png']);
  });

  it('skips lower candidates still queued once a higher one is verified', async () => {
    const serial: ResolvedConfig = {...config, pingConcurrency: 1};
    const [data, hits] = await hitsDuring(() =>
      pingUrls(
        candidates({image: [url('/sample.png'), url('/sample.jpg'), url('/sample.gif'), url('/sample.webp')]}),
        pingRequest(),
        serial,
      ),
    );
    expect(data.image?.url).toBe(url('/sample.png'));
    expect(hits).toEqual(['GET /sample.png']);
  });

  it('never has more than pingConcurrency requests in flight', async () => {
    const limit = 3;
    const slow = await startServer();
    // Each request is held until `limit` are waiting (or a fallback timer fires), so a pool that
    // lets more through would show up in the count.
    let waiting: Array<() => void> = [];
    const release = () => {
      for (const done of waiting.splice(0)) done();
    };
    for (let i = 0; i < 20; i++) {
      slow.route(`/slow-${i}.png`, async (_request, response) => {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          if (waiting.length >= limit) release();
          else setTimeout(release, 300);
        });
        response.writeHead(404).end();
      });
    }
    try {
      const urls = Array.from({length: 20}, (_, i) => slow.url(`/slow-${i}.png`));
      const data = await pingUrls(
        candidates({image: urls.slice(0, 8), logo: urls.slice(8, 14), video: urls.slice(14)}),
        pingRequest(),
        {...config, pingConcurrency: limit},
      );
      expect(data).toMatchObject({image: null, logo: null, video: null});
      expect(slow.hits).toHaveLength(20);
      expect(slow.maxInFlight).toBeLessThanOrEqual(limit);
      expect(slow.maxInFlight).toBeGreaterThan(1);
    } finally {
      waiting = [];
      await slow.close();
    }
  });
});

describe('deadlines', () => {
  it('nulls a candidate that outlives pingTimeout and still returns the others', async () => {
    const data = await pingUrls(
      candidates({image: [url('/hang.png')], logo: [url('/logo.png')]}),
      pingRequest(),
      {...config, pingTimeout: 200},
    );
    expect(data.image).toBeNull();
    expect(data.logo?.width).toBe(37);
  });

  it('nulls unverified fields when the call deadline fires, without failing the call', async () => {
    const data = await pingUrls(
      candidates({url: url('/canonical'), image: [url('/hang.png')]}),
      pingRequest({deadline: createDeadline(300)}),
      config,
    );
    expect(data.image).toBeNull();
    expect(data.url === url('/canonical') || data.url === url('/page')).toBe(true);
  });

  it('rejects with EABORTED when the caller aborts', async () => {
    const controller = new AbortController();
    const aborting = await startServer({
      '/abort.png': () => controller.abort(),
    });
    try {
      const pending = pingUrls(
        candidates({image: [aborting.url('/abort.png')]}),
        pingRequest({deadline: createDeadline(10_000, controller.signal)}),
        config,
      );
      await expect(pending).rejects.toMatchObject({code: 'EABORTED'});
    } finally {
      await aborting.close();
    }
  });
});

describe('through createExtractor', () => {
  const extract = createExtractor(loopbackConfig);

  it('returns only verified media from a real page', async () => {
    const {data} = await extract(url('/article'));
    expect(data.url).toBe(url('/canonical'));
    expect(data.image).toMatchObject({url: url('/sample.jpg'), type: 'jpg', width: 64, height: 48});
    expect(data.logo).toMatchObject({url: url('/logo.png'), type: 'png', width: 37, height: 21});
    expect(data.audio).toMatchObject({url: url('/song.mp3'), type: 'mp3', duration: 26.122});
    expect(data.video).toBeNull();
  });

  it('with ping: false returns the first candidates raw after fetching only the page', async () => {
    const [{data}, hits] = await hitsDuring(() => extract(url('/article'), {ping: false}));
    expect(hits).toEqual(['GET /article']);
    expect(data.image).toEqual({url: url('/missing.png')});
    expect(data.logo).toEqual({url: url('/logo.png')});
  });
});
