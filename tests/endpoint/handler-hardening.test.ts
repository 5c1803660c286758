import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createHandler, handleQuery, type HandlerConfig} from '../../src/endpoint/handler.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, startServer, type TestServer} from '../helpers/server.js';

let target: TestServer;
/** What happened to each request of `/slow`: `cancelled` when linkpeek hung up before the answer. */
const slowOutcomes: string[] = [];

beforeAll(async () => {
  target = await startServer({
    '/page': html('<!doctype html><html><head><title>Plain page</title></head><body>no media</body></html>'),
    '/slow': (_request, response) => {
      const timer = setTimeout(() => response.writeHead(200, {'content-type': 'text/html'}).end('<title>slow page</title>'), 1500);
      response.on('close', () => {
        clearTimeout(timer);
        slowOutcomes.push(response.writableEnded ? 'answered' : 'cancelled');
      });
    },
  });
});
afterAll(() => target.close());

const query = (params: Record<string, string>) => new URLSearchParams({ping: 'false', prerender: 'false', ...params});

describe('errors are never cached answers', () => {
  it('an embed of an empty field answers 400 with X-Cache-Status BYPASS, on a miss and on a hit', async () => {
    const config: HandlerConfig = {...loopbackConfig};
    const url = target.url('/page');
    // The first call reads the page and caches it; the second reads it from the cache.
    for (const round of [1, 2]) {
      const answer = await handleQuery(query({url, embed: 'video.url'}), config);
      expect({round, status: answer.status, cache: answer.headers['x-cache-status'], control: answer.headers['cache-control']}).toEqual({
        round,
        status: 400,
        cache: 'BYPASS',
        control: 'no-store',
      });
      expect(JSON.parse(answer.body as string)).toMatchObject({code: 'EINVALOPTION', data: {embed: 'has no value for this page'}});
    }
    // The page itself was cached all along: a field it has is a hit.
    const title = await handleQuery(query({url, embed: 'title'}), config);
    expect({status: title.status, cache: title.headers['x-cache-status'], body: title.body}).toEqual({status: 200, cache: 'HIT', body: 'Plain page'});
  });
});

describe('a client that disconnects', () => {
  let endpoint: Server;
  let base: string;

  beforeAll(async () => {
    endpoint = createServer(createHandler({...loopbackConfig}));
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => endpoint.close(() => resolve())));

  const slowQuery = (tag: string) => `${base}?${query({url: target.url(`/slow?${tag}`)})}`;
  const until = async (condition: () => boolean, timeout = 5_000) => {
    for (const started = Date.now(); !condition(); ) {
      if (Date.now() - started > timeout) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const hits = (tag: string) => target.hits.filter((hit) => hit.endsWith(`/slow?${tag}`)).length;

  it('cancels its extraction when nobody else waits for that result', async () => {
    slowOutcomes.length = 0;
    const client = new AbortController();
    const call = fetch(slowQuery('alone'), {signal: client.signal}).catch(() => 'aborted');
    await until(() => hits('alone') === 1);
    client.abort();
    expect(await call).toBe('aborted');
    // The target sees linkpeek hang up well before its 1.5 s answer.
    await until(() => slowOutcomes.length === 1, 1_000);
    expect(slowOutcomes).toEqual(['cancelled']);
    // The next request for the same URL starts afresh and gets the page.
    const again = await fetch(slowQuery('alone'));
    expect(again.status).toBe(200);
    expect((await again.json()).data.title).toBe('slow page');
  });

  it('does not cancel an extraction another request is waiting for', async () => {
    slowOutcomes.length = 0;
    const leaving = new AbortController();
    const first = fetch(slowQuery('shared'), {signal: leaving.signal}).catch(() => 'aborted');
    await until(() => hits('shared') === 1);
    const second = fetch(slowQuery('shared'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    leaving.abort();
    expect(await first).toBe('aborted');
    const answer = await second;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-cache-status')).toBe('MISS');
    expect((await answer.json()).data.title).toBe('slow page');
    // One extraction served both, and it ran to the end.
    expect(hits('shared')).toBe(1);
    expect(slowOutcomes).toEqual(['answered']);
  });

  it('handleQuery takes the signal too (Koa and other frameworks)', async () => {
    slowOutcomes.length = 0;
    const client = new AbortController();
    const config: HandlerConfig = {...loopbackConfig};
    const answer = handleQuery(query({url: target.url('/slow?koa')}), config, {signal: client.signal});
    await until(() => hits('koa') === 1);
    client.abort();
    expect((await answer).status).toBe(499);
    await until(() => slowOutcomes.length === 1, 1_000);
    expect(slowOutcomes).toEqual(['cancelled']);
  });
});
