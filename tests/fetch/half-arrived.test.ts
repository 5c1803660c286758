// Half-arrived pages (issue 25): a page whose whole <head> came but whose body stalls answers its
// metadata within the deadline, saying the body was cut; one that sent nothing usable is ETIMEOUT.
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {readFileSync} from 'node:fs';
import {handleQuery} from '../../src/endpoint/handler.js';
import {createExtractor} from '../../src/extract.js';
import {failure} from '../helpers/failure.js';
import {loopbackConfig} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';

const png = readFileSync(new URL('../fixtures/media/sample.png', import.meta.url));
const head = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Harbour lights return</title>
<meta property="og:title" content="Harbour lights return to the old port">
<meta property="og:description" content="After twelve years, the lamps along the quay are lit again.">
<meta property="og:image" content="/cover.png">
</head>
<body><article><p>The first paragraph arrived`;

let server: TestServer;

/** A route that sends `text`, then keeps the connection open without another byte. */
const stalls = (text: string) => (_request: unknown, response: import('node:http').ServerResponse) => {
  response.writeHead(200, {'content-type': 'text/html; charset=utf-8'});
  response.write(text);
};

beforeAll(async () => {
  server = await startServer({
    '/half': stalls(head),
    '/head-open': stalls('<!doctype html><html><head><title>Harbour lights return</title><meta name="description" content="cut in the head"'),
    '/nothing': stalls(''),
    '/cover.png': (_request, response) => void response.writeHead(200, {'content-type': 'image/png'}).end(png),
    '/large': (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end(`${head}${'<p>more</p>'.repeat(2000)}</article></body></html>`),
  });
});
afterAll(() => server.close());

const extract = createExtractor(loopbackConfig);

describe('a page whose head arrived and whose body stalls', () => {
  it('returns its metadata within the deadline, with truncated: timeout', async () => {
    const started = Date.now();
    const result = await extract(server.url('/half'), {timeout: 2000, ping: {url: false, logo: false}});
    const elapsed = Date.now() - started;
    // Within the deadline, plus what a loaded machine's late timers add (2.2 s seen at a load of 30 for 2 s).
    expect(elapsed).toBeLessThan(2000 + 750);
    expect(result.truncated).toBe('timeout');
    expect(result.data).toMatchObject({
      title: 'Harbour lights return to the old port',
      description: 'After twelve years, the lamps along the quay are lit again.',
      lang: 'en',
      image: {url: server.url('/cover.png'), type: 'png'},
    });
  });

  it('is answered 200 by the endpoint with truncated in the body', async () => {
    const answer = await handleQuery(new URLSearchParams({url: server.url('/half'), timeout: '2000', ping: 'false'}), {...loopbackConfig, cache: false});
    expect(answer.status).toBe(200);
    expect(JSON.parse(String(answer.body))).toMatchObject({status: 'success', truncated: 'timeout', data: {title: 'Harbour lights return to the old port'}});
  });

  it('is answered but not cached: the next request asks the target again', async () => {
    const config = {...loopbackConfig};
    // Each of these tests once answered ETIMEOUT now and then: the cut's timer fired a millisecond
    // before Date.now() reached its time and was turned away (tests/fetch/read-body.test.ts).
    const query = new URLSearchParams({url: server.url('/half'), timeout: '2000', ping: 'false'});
    const before = server.hits.filter((hit) => hit.startsWith('GET /half')).length;
    for (let i = 0; i < 2; i++) {
      const answer = await handleQuery(query, config);
      const body = JSON.parse(String(answer.body)) as {code?: string; truncated?: string};
      expect({status: answer.status, cache: answer.headers['x-cache-status'], code: body.code, truncated: body.truncated})
        .toEqual({status: 200, cache: 'MISS', code: undefined, truncated: 'timeout'});
    }
    expect(server.hits.filter((hit) => hit.startsWith('GET /half')).length - before).toBe(2);
  });

  it('still fails with ETIMEOUT (with url) when custom data rules ask for the whole body', async () => {
    const error = await failure(extract(server.url('/half'), {timeout: 1200, ping: false, data: {lead: {selector: 'article p'}}}));
    expect({code: error.code, url: error.url}).toEqual({code: 'ETIMEOUT', url: server.url('/half')});
  });
});

describe('a page that sent nothing usable', () => {
  it.each(['/head-open', '/nothing'])('%s fails with ETIMEOUT after the whole budget', async (path) => {
    const started = Date.now();
    const error = await failure(extract(server.url(path), {timeout: 1200, ping: false}));
    expect({code: error.code, url: error.url}).toEqual({code: 'ETIMEOUT', url: server.url(path)});
    expect(Date.now() - started).toBeGreaterThanOrEqual(1100);
  });
});

describe('the body cap', () => {
  it('says truncated: maxBodySize when the page was cut at maxBodySize', async () => {
    const small = createExtractor({...loopbackConfig, maxBodySize: 2048});
    const result = await small(server.url('/large'), {ping: false});
    expect(result.truncated).toBe('maxBodySize');
    expect(result.data.title).toBe('Harbour lights return to the old port');
  });

  it('says nothing when the whole page was read', async () => {
    const result = await extract(server.url('/large'), {ping: false});
    expect(result.truncated).toBeUndefined();
  });
});
