// The hosted service's official client, @microlink/mql, pointed at linkpeek (its `endpoint` option),
// as a new user would try it (issue 14 part 4): a real endpoint on 127.0.0.1 in front of real target
// pages on 127.0.0.1. Every request the client makes is counted at the endpoint: a failure must cost
// one request (one extraction), not the three a retried 5xx costs.
import {readFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import mql, {MicrolinkError} from '@microlink/mql';
import {createChromiumProvider} from '../../src/browser/chromium-provider.js';
import {createHandler} from '../../src/endpoint/handler.js';
import {describeWithChromium} from '../helpers/chromium.js';
import {id3, xingFrame} from '../helpers/media-files.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, redirect, startServer, type TestServer} from '../helpers/server.js';

const png = readFileSync(new URL('../fixtures/media/sample.png', import.meta.url));
const mp3 = Buffer.concat([id3(32), xingFrame(1000)]);
const docs = 'https://github.com/linkpeek/linkpeek/blob/main/docs/endpoint.md#';

let target: TestServer;
/** Every query the client sent to the endpoint, in order. */
const calls: string[] = [];
let endpoint: string;
let endpointServer: Server;
const provider = createChromiumProvider();

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

beforeAll(async () => {
  target = await startServer({
    '/article': html(
      `<!doctype html><html lang="en"><head><title>Harbour lights</title>
      <meta property="og:description" content="The lamps along the quay are lit again.">
      <meta property="og:image" content="/cover.png"><meta property="og:audio" content="/song.mp3"></head>
      <body><h1 id="headline" style="width:200px;height:50px;margin:0;background:#036">Harbour</h1></body></html>`,
      {'x-served-by': 'target', 'set-cookie': 'session=target-secret; HttpOnly'},
    ),
    '/cover.png': (_request, response) => void response.writeHead(200, {'content-type': 'image/png', 'content-length': String(png.length)}).end(png),
    '/song.mp3': (_request, response) => void response.writeHead(200, {'content-type': 'audio/mpeg', 'content-length': String(mp3.length)}).end(mp3),
    '/slow': (_request, response) => {
      const timer = setTimeout(() => response.writeHead(200, {'content-type': 'text/html'}).end('<title>late</title>'), 5000);
      response.on('close', () => clearTimeout(timer));
    },
    '/gone': (_request, response) => void response.writeHead(404, {'content-type': 'text/html'}).end('<title>gone</title>'),
    '/unavailable': (_request, response) => void response.writeHead(503, {'content-type': 'text/html'}).end('<title>Service Unavailable</title>'),
    '/scripted': (_request, response) =>
      void response
        .writeHead(200, {'content-type': 'text/html'})
        .end(`<!doctype html><title>As served</title><script>document.title = 'Rewritten';</script><div id="root"></div>`),
  });
  for (let hop = 0; hop < 12; hop++) target.route(`/loop/${hop}`, redirect(`/loop/${hop + 1}`));
  // Loopback targets are allowed the documented way: allowAddress for loopback only, and a lookup
  // that answers 127.0.0.1 for site.test and 10.0.0.1 for private.test (refused, never connected).
  const handler = createHandler({...loopbackConfig, screenshotProvider: provider});
  endpointServer = createServer((request, response) => {
    calls.push(request.url ?? '');
    void handler(request, response);
  });
  endpoint = await listen(endpointServer);
});

afterAll(async () => {
  await close(endpointServer);
  await target.close();
  await provider.close();
});

/** A URL of the target under a made-up name the test lookup answers with 127.0.0.1. */
const page = (path: string) => `http://site.test:${target.port}${path}`;
const targetHits = (path: string) => target.hits.filter((hit) => hit === `GET ${path}`).length;

/** The number of endpoint requests `run` caused. */
async function counted<T>(run: () => Promise<T>): Promise<{value: T; requests: number}> {
  const before = calls.length;
  const value = await run();
  return {value, requests: calls.length - before};
}

/** The MicrolinkError `run` rejects with, and how many endpoint requests it took. */
async function failure(run: () => Promise<unknown>): Promise<{error: MicrolinkError & Record<string, unknown>; requests: number}> {
  const {value, requests} = await counted(() => run().then(() => undefined, (error: unknown) => error));
  expect(value).toBeInstanceOf(MicrolinkError);
  return {error: value as MicrolinkError & Record<string, unknown>, requests};
}

describe('@microlink/mql against linkpeek', () => {
  it('gets a success payload: data, statusCode, redirects and the target headers (strings, no set-cookie)', async () => {
    const {value: result, requests} = await counted(() => mql(page('/article'), {endpoint}));
    expect(requests).toBe(1);
    expect(result.status).toBe('success');
    expect(result.response.statusCode).toBe(200);
    expect(result.statusCode).toBe(200);
    expect(result.redirects).toEqual([]);
    expect(result.data).toMatchObject({title: 'Harbour lights', description: 'The lamps along the quay are lit again.', lang: 'en', url: page('/article')});
    // MqlPayload.headers is {[key]: string}.
    expect(result.headers).toMatchObject({'x-served-by': 'target', 'content-type': 'text/html; charset=utf-8'});
    expect(Object.values(result.headers).every((value) => typeof value === 'string')).toBe(true);
    expect(result.headers).not.toHaveProperty('set-cookie');
    expect(JSON.stringify(result)).not.toContain('target-secret');
    // Media objects as MediaInfo: only measured keys, never null.
    expect(result.data.image).toEqual({url: page('/cover.png'), type: 'png', size: png.length, size_pretty: expect.any(String), width: 37, height: 21});
    expect(result.data.audio).toEqual({url: page('/song.mp3'), type: 'mp3', size: mp3.length, size_pretty: expect.any(String), duration: 26.122, duration_pretty: '26.1s'});
  });

  it('turns ping off, wholly or for one kind, as the client sends it (ping=false, ping.audio=false)', async () => {
    const covers = targetHits('/cover.png');
    const songs = targetHits('/song.mp3');
    const {value: raw} = await counted(() => mql(page('/article?raw'), {endpoint, ping: false}));
    expect(raw.data.image).toEqual({url: page('/cover.png')});
    expect(raw.data.audio).toEqual({url: page('/song.mp3')});
    expect([targetHits('/cover.png'), targetHits('/song.mp3')]).toEqual([covers, songs]);

    const {value: partly, requests} = await counted(() => mql(page('/article?partly'), {endpoint, ping: {audio: false}}));
    expect(requests).toBe(1);
    expect(partly.data.image).toMatchObject({url: page('/cover.png'), type: 'png', width: 37});
    expect(partly.data.audio).toEqual({url: page('/song.mp3')});
    expect(targetHits('/song.mp3')).toBe(songs);
  });

  it('trims data with filter and accepts the parameters the client commonly adds', async () => {
    const {value: result} = await counted(() =>
      mql(page('/article?filter'), {endpoint, filter: 'title,image.url', audio: true, video: true, force: true, timeout: '10s'}),
    );
    expect(result.data).toEqual({title: 'Harbour lights', image: {url: page('/cover.png')}});
    expect(result.headers['x-served-by']).toBe('target');
  });

  it.each([
    ['a forbidden URL (a name resolving to 10.0.0.1)', (): string => 'http://private.test/', {}, 'EFORBIDDENURL', 400],
    ['a target slower than the timeout', (): string => page('/slow'), {timeout: '1s'}, 'ETIMEOUT', 424],
    ['a target answering 404', (): string => page('/gone'), {}, 'EHTTP', 424],
    ['a redirect loop', (): string => page('/loop/0'), {}, 'EMAXREDIRECTS', 424],
  ] as const)('fails on %s with one request: a MicrolinkError with code, fail status, more and data.url', async (_case, url, options, code, status) => {
    const {error, requests} = await failure(() => mql(url(), {endpoint, ping: false, ...options}));
    expect(requests).toBe(1);
    expect(error).toMatchObject({
      name: 'MicrolinkError',
      code,
      status: 'fail',
      statusCode: status,
      more: `${docs}${code.toLowerCase()}`,
      data: {url: expect.any(String)},
    });
    expect(error.message).toBe(`${code}, ${error.description}`);
  });

  it('costs the slow target one extraction, not three', async () => {
    const before = targetHits('/slow?once');
    const {requests} = await failure(() => mql(page('/slow?once'), {endpoint, ping: false, timeout: '500ms'}));
    expect(requests).toBe(1);
    expect(targetHits('/slow?once') - before).toBe(1);
  });

  it('sends ttl, staleTtl and cacheKey as the service takes them; the answer says what the cache did', async () => {
    const options = {endpoint, ping: false, ttl: '1d', staleTtl: '1h', cacheKey: 'mql-card'};
    const {value: first, requests} = await counted(() => mql(page('/article?ttl'), options));
    expect(requests).toBe(1);
    const headers = (result: {response: unknown}) => (result.response as {headers: Headers}).headers;
    expect(headers(first).get('x-cache-status')).toBe('MISS');
    expect(headers(first).get('x-cache-ttl')).toBe('86400000');
    expect(headers(first).get('cache-control')).toBe('public, max-age=3600, stale-while-revalidate=82800');
    // Another URL under the same cacheKey shares the entry: a HIT with the first page's data.
    const second = await mql(page('/article?other'), options);
    expect(headers(second).get('x-cache-status')).toBe('HIT');
    expect(headers(second).get('x-timestamp')).toBe(headers(first).get('x-timestamp'));
    expect(second.data.url).toBe(page('/article?ttl'));
  });

  it.each([
    ['a ttl below a minute', {ttl: '30s'}, 'EINVALTTL', 'ttl'],
    ['a staleTtl not below the ttl', {ttl: '1h', staleTtl: '2h'}, 'EINVALSTTL', 'staleTtl'],
  ] as const)('refuses %s with one request, 400', async (_case, options, code, parameter) => {
    const {error, requests} = await failure(() => mql(page('/article'), {endpoint, ...options}));
    expect(requests).toBe(1);
    expect(error).toMatchObject({code, status: 'fail', statusCode: 400, more: `${docs}${code.toLowerCase()}`, data: {[parameter]: expect.any(String)}});
  });

  it('passes the client\'s retry to the endpoint: retry 0 asks a 503 target once, the default three times', async () => {
    const {error} = await failure(() => mql(page('/unavailable?once'), {endpoint, ping: false, retry: 0}));
    expect(error).toMatchObject({code: 'EHTTP', statusCode: 424});
    expect(targetHits('/unavailable?once')).toBe(1);
    const {requests} = await failure(() => mql(page('/unavailable?default'), {endpoint, ping: false}));
    expect(requests).toBe(1);
    expect(targetHits('/unavailable?default')).toBe(3);
  });
  it('gets data.insights.technologies as the client sends insights: {technologies: true}', async () => {
    target.route('/stack', html('<html><head><title>Stack</title><meta name="generator" content="WordPress 6.4"></head><body></body></html>', {'x-powered-by': 'Express'}));
    const {value: result, requests} = await counted(() => mql(page('/stack'), {endpoint, ping: false, insights: {technologies: true}}));
    expect(requests).toBe(1);
    const names = (result.data as {insights?: {technologies: {name: string}[]}}).insights?.technologies.map((technology) => technology.name);
    expect(names).toEqual(expect.arrayContaining(['Express', 'WordPress']));
  }, 60_000);

  it('names the option in data for a refused parameter (EINVALOPTION, 400)', async () => {
    const {error, requests} = await failure(() => mql(page('/article'), {endpoint, screenshot: {quality: 101}}));
    expect(requests).toBe(1);
    expect(error).toMatchObject({code: 'EINVALOPTION', status: 'fail', statusCode: 400, data: {'screenshot.quality': expect.any(String)}});
  });
});

describe('why the statuses matter: the client retries a 5xx', () => {
  it('sends a 502 answer three times (the answer linkpeek gave target failures before)', async () => {
    let requests = 0;
    const stub = createServer((_request, response) => {
      requests++;
      response.writeHead(502, {'content-type': 'application/json'}).end(JSON.stringify({status: 'error', code: 'EFETCH', message: 'unreachable'}));
    });
    const stubEndpoint = await listen(stub);
    try {
      const {error} = await failure(() => mql(page('/article'), {endpoint: stubEndpoint}));
      expect(error).toMatchObject({code: 'EFETCH', statusCode: 502});
      expect(requests).toBe(3);
    } finally {
      await close(stub);
    }
  });
});

describeWithChromium('@microlink/mql screenshots against linkpeek', () => {
  it('gets data.screenshot', async () => {
    const {value: result, requests} = await counted(() => mql(page('/article?shot'), {endpoint, ping: false, screenshot: true}));
    expect(requests).toBe(1);
    expect(result.data.screenshot).toMatchObject({type: 'png', width: 1280, height: 800, size: expect.any(Number), size_pretty: expect.any(String)});
    expect(result.data.screenshot?.url).toMatch(/^data:image\/png;base64,/);
  }, 60_000);

  it('gets the image bytes with mql.arrayBuffer and embed=screenshot.url (screenshot.element as the client nests it)', async () => {
    const {value: response, requests} = await counted(() =>
      mql.arrayBuffer(page('/article?embed'), {endpoint, ping: false, screenshot: {element: '#headline'}, embed: 'screenshot.url'}),
    );
    expect(requests).toBe(1);
    expect(response.statusCode).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(response.body);
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // IHDR width and height: the element's 200x50 box.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([200, 50]);
  }, 60_000);

  it('gets the page as a PDF with pdf and embed=pdf.url, as the client nests pdf options', async () => {
    const {value: response, requests} = await counted(() =>
      mql.arrayBuffer(page('/article?pdf'), {endpoint, ping: false, pdf: {format: 'Letter', margin: '1cm', landscape: true}, embed: 'pdf.url'} as never),
    );
    expect(requests).toBe(1);
    expect(response.statusCode).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(response.body).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 60_000);

  it('sends the browser switches the service has (javascript, adblock, animations, viewport, styles as a list): all accepted', async () => {
    const {value: result, requests} = await counted(() =>
      mql(page('/scripted?switches'), {
        endpoint,
        ping: false,
        prerender: true,
        javascript: false,
        adblock: false,
        animations: true,
        viewport: {width: 400, height: 300},
        styles: ['body { color: red; }', 'p { margin: 0; }'],
        screenshot: true,
      } as never),
    );
    expect(requests).toBe(1);
    expect((result as unknown as {data: unknown}).data).toMatchObject({title: 'As served', screenshot: {width: 400, height: 300}});
  }, 60_000);

  it('answers a malformed pdf.pageRanges with EPAGERANGE, one request', async () => {
    const {error, requests} = await failure(() => mql(page('/article'), {endpoint, pdf: {pageRanges: '3-1'}} as never));
    expect(requests).toBe(1);
    expect(error).toMatchObject({code: 'EPAGERANGE', status: 'fail', statusCode: 400, data: {'pdf.pageRanges': expect.any(String)}});
  });
});
