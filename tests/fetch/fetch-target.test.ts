// fetchTarget tells an HTML page from a file (issue 24): by Content-Type, and by the first bytes
// when that is missing, generic or plainly wrong. Real server on 127.0.0.1, real sockets.
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createDeadline} from '../../src/deadline.js';
import {fetchPage, fetchTarget} from '../../src/fetch/fetch-page.js';
import type {FileResponse} from '../../src/fetch/file-response.js';
import {normalizeConfig} from '../../src/options.js';
import type {Page} from '../../src/shared/page.js';
import {failure} from '../helpers/failure.js';
import {filesConfig, sample, serve} from '../helpers/files.js';
import {loopbackConfig} from '../helpers/policy.js';
import {redirect, startServer, type TestServer} from '../helpers/server.js';

let server: TestServer;
const page = '<!doctype html><html><head><title>Quay</title></head><body>lamps</body></html>';

beforeAll(async () => {
  server = await startServer({
    '/page': serve(Buffer.from(page), 'text/html; charset=utf-8'),
    '/page-as-octet-stream': serve(Buffer.from(page), 'application/octet-stream'),
    '/page-untyped': serve(Buffer.from(page), null),
    '/png-as-html': serve(sample('png'), 'text/html'),
    '/zeros-as-html': serve(Buffer.alloc(3000), 'text/html'),
    '/photo.png': serve(sample('png'), 'image/png'),
    '/missing.pdf': (_request, response) => void response.writeHead(404, {'content-type': 'application/pdf'}).end('%PDF'),
    '/moved.png': redirect('/photo.png', 301),
  });
});

afterAll(async () => {
  await server.close();
});

async function fetchFrom(path: string, config = filesConfig, headers: Record<string, string> = {}): Promise<Page | FileResponse> {
  return fetchTarget(new URL(server.url(path)), {headers, deadline: createDeadline(10_000)}, config);
}

function asFile(fetched: Page | FileResponse): FileResponse {
  if (fetched.kind !== 'file') throw new Error('expected a file');
  return fetched;
}

describe('fetchTarget', () => {
  it('reads an HTML page as before, marked kind html', async () => {
    const fetched = await fetchFrom('/page');
    expect(fetched).toMatchObject({kind: 'html', contentType: 'text/html', charset: 'utf-8', html: page, truncated: false});
  });

  it.each(['/page-as-octet-stream', '/page-untyped'])('parses HTML sent as %s as HTML', async (path) => {
    expect(await fetchFrom(path)).toMatchObject({kind: 'html', contentType: 'text/html', html: page});
  });

  it('answers a file for an image, with its head, and leaves the rest unread until asked', async () => {
    const file = asFile(await fetchFrom('/photo.png'));
    try {
      expect(file).toMatchObject({kind: 'file', url: server.url('/photo.png'), statusCode: 200, contentType: 'image/png', complete: true, redirects: []});
      expect(file.head).toEqual(sample('png'));
      expect(await file.read()).toEqual({bytes: sample('png'), truncated: false});
    } finally {
      file.close();
    }
  });

  it('answers a file for "HTML" whose bytes are a PNG, but keeps an unknown body declared HTML a page', async () => {
    const file = asFile(await fetchFrom('/png-as-html'));
    expect(file.contentType).toBe('text/html');
    expect(file.head).toEqual(sample('png'));
    expect(await fetchFrom('/zeros-as-html')).toMatchObject({kind: 'html', html: '\u0000'.repeat(3000)});
  });

  it('follows redirects to a file and reports them', async () => {
    const file = asFile(await fetchFrom('/moved.png'));
    file.close();
    expect(file).toMatchObject({url: server.url('/photo.png'), requestedUrl: server.url('/moved.png'), redirects: [{statusCode: 301, url: server.url('/moved.png')}]});
  });

  it('still gives EHTTP for a file answered with an error status', async () => {
    expect(await failure(fetchFrom('/missing.pdf'))).toMatchObject({code: 'EHTTP', statusCode: 404});
  });

  it('gives no ETOOLARGE for a file over maxBodySize: the files stage reads what fits', async () => {
    server.route('/big.bin', serve(Buffer.alloc(300_000, 1), 'application/octet-stream'));
    const file = asFile(await fetchFrom('/big.bin', normalizeConfig({...loopbackConfig, maxBodySize: 100_000, bodyLimit: 'error'})));
    try {
      expect(file.maxBodySize).toBe(100_000);
      const {bytes, truncated} = await file.read(500_000);
      expect([bytes.length, truncated]).toEqual([100_000, true]);
    } finally {
      file.close();
    }
  });

  it('sends a range request with the caller headers to the same origin only', async () => {
    const seen: Array<string | undefined> = [];
    const bytes = Buffer.alloc(10_000, 2);
    const ranged = serve(bytes, 'application/octet-stream', {ranges: true});
    server.route('/own.bin', (request, response) => {
      seen.push(request.headers['x-api-key'] as string | undefined);
      return ranged(request, response);
    });
    // The same server under another name is another origin.
    server.route('/elsewhere', redirect(`http://cdn.test:${server.port}/own.bin`, 302));
    const own = asFile(await fetchFrom('/own.bin', filesConfig, {'x-api-key': 'secret'}));
    own.close();
    expect(await own.readRange(0, 9)).toEqual(bytes.subarray(0, 10));
    const moved = asFile(await fetchTarget(new URL(`http://site.test:${server.port}/elsewhere`), {headers: {'x-api-key': 'secret'}, deadline: createDeadline(10_000)}, filesConfig));
    moved.close();
    expect(await moved.readRange(0, 9)).toEqual(bytes.subarray(0, 10));
    expect(seen).toEqual(['secret', 'secret', undefined, undefined]);
  });
});

describe('fetchPage', () => {
  it('keeps giving ENOTHTML for a file (it promises HTML), and closes the connection', async () => {
    const error = await failure(fetchPage(new URL(server.url('/photo.png')), {headers: {}, deadline: createDeadline(10_000)}, filesConfig));
    expect(error).toMatchObject({code: 'ENOTHTML', message: expect.stringContaining('image/png')});
  });
});
