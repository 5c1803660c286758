import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {handleQuery, type HandlerConfig} from '../../src/endpoint/handler.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, startServer, type TestServer} from '../helpers/server.js';

let target: TestServer;

beforeAll(async () => {
  target = await startServer({
    '/page': html('<!doctype html><html><head><title>Plain page</title></head><body>no media</body></html>'),
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
