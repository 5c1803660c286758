import type {IncomingHttpHeaders} from 'node:http';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import type {LinkData} from '../../src/data.js';
import {createDeadline, type Deadline} from '../../src/deadline.js';
import {normalizeConfig} from '../../src/options.js';
import {addPalettes} from '../../src/palette/add-palettes.js';
import {fetchImageBytes, type ImageBytesRequest} from '../../src/palette/fetch-image-bytes.js';
import {loopbackConfig} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';
import {bands} from './images.js';

let server: TestServer;
let png: Buffer;
const seen = new Map<string, IncomingHttpHeaders>();
const deadlines: Deadline[] = [];
const config = normalizeConfig(loopbackConfig);

beforeAll(async () => {
  png = await bands([['#D62828', 0.7], ['#1D3557', 0.3]]);
  const image = (type: string | undefined, body: Buffer | string = png) =>
    ((request, response) => {
      seen.set(new URL(request.url ?? '/', 'http://x').pathname, request.headers);
      response.writeHead(200, type === undefined ? {} : {'content-type': type}).end(body);
    }) satisfies Parameters<TestServer['route']>[1];
  server = await startServer({
    '/image.png': image('image/png'),
    '/untyped': image(undefined),
    '/octet': image('application/octet-stream'),
    '/page.html': image('text/html; charset=utf-8', '<!doctype html><title>x</title>'),
    '/empty.png': image('image/png', Buffer.alloc(0)),
    '/missing.png': (_request, response) => void response.writeHead(404, {'content-type': 'image/png'}).end(png),
    // Chunked, no Content-Length: only the cap stops it.
    '/endless.png': (_request, response) => {
      response.writeHead(200, {'content-type': 'image/png'});
      const chunk = Buffer.alloc(64 * 1024, 7);
      const timer = setInterval(() => response.write(chunk), 1);
      response.on('close', () => clearInterval(timer));
    },
    '/silent.png': () => undefined,
  });
});

afterAll(async () => {
  for (const deadline of deadlines) deadline.dispose();
  await server.close();
});

function request(overrides: Partial<ImageBytesRequest> = {}): ImageBytesRequest {
  const deadline = createDeadline(10_000);
  deadlines.push(deadline);
  return {headers: {}, pageUrl: server.url('/'), deadline, ...overrides};
}

describe('fetchImageBytes', () => {
  it('returns the whole file of an image, typed or with a generic or missing type', async () => {
    for (const path of ['/image.png', '/octet', '/untyped']) {
      expect({path, same: (await fetchImageBytes(server.url(path), request(), config))?.equals(png)}).toEqual({path, same: true});
    }
  });

  it('gives null for a non-image type, an error status or an empty body', async () => {
    for (const path of ['/page.html', '/missing.png', '/empty.png']) {
      expect({path, bytes: await fetchImageBytes(server.url(path), request(), config)}).toEqual({path, bytes: null});
    }
  });

  it('gives null past maxBodySize, by Content-Length and by what it read', async () => {
    const small = normalizeConfig({...loopbackConfig, maxBodySize: png.length - 1});
    expect(await fetchImageBytes(server.url('/image.png'), request(), small)).toBeNull();
    const started = Date.now();
    expect(await fetchImageBytes(server.url('/endless.png'), request(), normalizeConfig({...loopbackConfig, maxBodySize: 256 * 1024}))).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
    // The cap is inclusive: a file of exactly maxBodySize bytes is read.
    expect((await fetchImageBytes(server.url('/image.png'), request(), normalizeConfig({...loopbackConfig, maxBodySize: png.length})))?.length).toBe(png.length);
  });

  it('gives null at the deadline for a server that never answers', async () => {
    const started = Date.now();
    expect(await fetchImageBytes(server.url('/silent.png'), request({deadline: createDeadline(300)}), config)).toBeNull();
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('goes through the address policy: a loopback image under the default policy is refused, not fetched', async () => {
    const before = server.hits.length;
    expect(await fetchImageBytes(server.url('/image.png'), request(), normalizeConfig({}))).toBeNull();
    expect(await fetchImageBytes('http://169.254.169.254/latest/meta-data', request(), config)).toBeNull();
    expect(await fetchImageBytes('file:///etc/passwd', request(), config)).toBeNull();
    expect(server.hits.length).toBe(before);
  });

  it("sends the caller's headers to the page's origin only", async () => {
    const secret = {authorization: 'Bearer s3cret'};
    await fetchImageBytes(server.url('/image.png'), request({headers: secret, pageUrl: server.url('/article')}), config);
    expect(seen.get('/image.png')?.authorization).toBe('Bearer s3cret');
    // The same server under another name is another origin.
    await fetchImageBytes(`http://cdn.test:${server.port}/untyped`, request({headers: secret, pageUrl: server.url('/article')}), config);
    expect(seen.get('/untyped')?.authorization).toBeUndefined();
  });
});

describe('addPalettes', () => {
  it('adds the colours to image and logo, downloading a shared URL once, and leaves the rest as it was', async () => {
    const before = server.hits.filter((hit) => hit === 'GET /image.png').length;
    const data: Pick<LinkData, 'image' | 'logo' | 'video'> = {
      image: {url: server.url('/image.png'), type: 'png'},
      logo: {url: server.url('/image.png')},
      video: null,
    };
    const result = await addPalettes(data, request(), config);
    expect(result.image).toMatchObject({url: server.url('/image.png'), type: 'png', background_color: '#D62828'});
    expect(result.image?.palette?.slice(0, 2)).toEqual(['#D62828', '#1D3557']);
    expect(result.logo).toEqual({url: server.url('/image.png'), ...pick(result.image!)});
    expect(result.video).toBeNull();
    expect(server.hits.filter((hit) => hit === 'GET /image.png').length).toBe(before + 1);
  });

  it('returns a media object unchanged when its file is not an image, and null media as null', async () => {
    const data = {image: {url: server.url('/page.html'), type: 'png'}, logo: null};
    expect(await addPalettes(data, request(), config)).toEqual(data);
  });
});

function pick(media: object) {
  const {palette, background_color, color, alternative_color} = media as Record<string, unknown>;
  return {palette, background_color, color, alternative_color};
}
