// A cache store that fails is an outage of the operator's store, not a linkpeek bug (issue 25):
// onError gets ECACHE (once per outage), and every request is still answered.
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {handleQuery} from '../../src/endpoint/handler.js';
import type {LinkpeekError} from '../../src/errors.js';
import type {CacheEntry, CacheStore} from '../../src/endpoint/result-cache.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, startServer, type TestServer} from '../helpers/server.js';

let target: TestServer;

beforeAll(async () => {
  target = await startServer({'/page': html('<title>still here</title>')});
});
afterAll(() => target.close());

describe('a failing cache store', () => {
  it('is reported as ECACHE once per outage while answers keep flowing (BYPASS)', async () => {
    let down = true;
    const entries = new Map<string, CacheEntry>();
    // A Keyv-compatible store whose backend is unreachable until `down` is false.
    const store: CacheStore<CacheEntry> = {
      get: async (key: string) => {
        if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
        return entries.get(key);
      },
      set: async (key: string, value: CacheEntry) => {
        if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
        entries.set(key, value);
      },
      delete: async (key: string) => void entries.delete(key),
    };
    const reported: LinkpeekError[] = [];
    const config = {...loopbackConfig, cache: store, onError: (error: LinkpeekError) => reported.push(error)};
    const query = new URLSearchParams({url: target.url('/page'), ping: 'false'});
    for (let i = 0; i < 3; i++) {
      const answer = await handleQuery(query, config);
      expect({status: answer.status, cache: answer.headers['x-cache-status']}).toEqual({status: 200, cache: 'BYPASS'});
      expect(JSON.parse(String(answer.body)).data.title).toBe('still here');
    }
    expect(reported.map((error) => error.code)).toEqual(['ECACHE']);
    expect(reported[0]?.status).toBe(503);
    expect(String((reported[0]?.cause as Error).message)).toContain('ECONNREFUSED');
    down = false;
    expect((await handleQuery(query, config)).headers['x-cache-status']).toBe('MISS');
    expect((await handleQuery(query, config)).headers['x-cache-status']).toBe('HIT');
  });
});
