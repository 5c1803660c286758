// `force=true` from untrusted callers (issue 25): honoured once per `forceInterval` per target,
// joined to an extraction in flight, never a fetch per request.
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {handleQuery, type HandlerConfig} from '../../src/endpoint/handler.js';
import {loopbackConfig} from '../helpers/policy.js';
import {redirect, startServer, type TestServer} from '../helpers/server.js';

let target: TestServer;
let served = 0;

beforeAll(async () => {
  target = await startServer({
    '/r1': redirect('/r2'),
    '/r2': redirect('/page'),
    '/page': (_request, response) => {
      served++;
      // Slow enough for requests to overlap, even on a loaded machine (a request 20 ms later finds this one in flight).
      setTimeout(() => response.writeHead(200, {'content-type': 'text/html'}).end(`<title>version ${served}</title>`), 200);
    },
  });
});
afterAll(() => target.close());

const pageFetches = () => target.hits.filter((hit) => hit.startsWith('GET /page')).length;
const ask = async (config: HandlerConfig, extra: Record<string, string> = {}) => {
  const answer = await handleQuery(new URLSearchParams({url: target.url('/r1'), ping: 'false', ...extra}), config);
  return {status: answer.status, cache: answer.headers['x-cache-status'], title: JSON.parse(String(answer.body)).data?.title as string};
};

describe('force=true', () => {
  it('a load of forced requests through a redirect chain fetches the target once per forceInterval', async () => {
    const config: HandlerConfig = {...loopbackConfig};
    const before = pageFetches();
    const started = Date.now();
    const answers = [];
    // 20 rounds of 10 parallel forced requests, with other options too: about 1 s of load.
    for (let round = 0; round < 20 && Date.now() - started < 5000; round++) {
      answers.push(...(await Promise.all(Array.from({length: 10}, (_, i) => ask(config, {force: 'true', ...(i % 2 ? {'ping.audio': 'false'} : {})})))));
    }
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    // One forced refresh per target in the default 10 s (a second key for the other options).
    expect(pageFetches() - before).toBeLessThanOrEqual(2);
    // Every answer after the first round's is served from the cache, however many rounds a loaded machine ran.
    expect(answers.length).toBeGreaterThanOrEqual(20);
    expect(answers.slice(10).every((answer) => answer.cache === 'HIT')).toBe(true);
  });

  it('is honoured again once forceInterval has passed, with the fresh result stored', async () => {
    // An interval far longer than the calls inside it take, even on a loaded machine.
    const config: HandlerConfig = {...loopbackConfig, forceInterval: 1500};
    const first = await ask(config);
    expect(first.cache).toBe('MISS');
    const forced = await ask(config, {force: 'true'});
    expect(forced.cache).toBe('BYPASS');
    expect(forced.title).not.toBe(first.title);
    expect(await ask(config, {force: 'true'})).toEqual({...forced, cache: 'HIT'});
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const again = await ask(config, {force: 'true'});
    expect(again.cache).toBe('BYPASS');
    expect(again.title).not.toBe(forced.title);
    expect((await ask(config)).title).toBe(again.title);
  });

  it('joins an extraction in flight for the same request instead of starting its own', async () => {
    const config: HandlerConfig = {...loopbackConfig};
    const before = pageFetches();
    const plain = ask(config, {'ping.video': 'false'});
    await new Promise((resolve) => setTimeout(resolve, 20));
    const forced = await ask(config, {'ping.video': 'false', force: 'true'});
    expect((await plain).title).toBe(forced.title);
    expect(pageFetches() - before).toBe(1);
  });

  it('forceInterval: 0 honours every force (for trusted callers)', async () => {
    const config: HandlerConfig = {...loopbackConfig, forceInterval: 0};
    const before = pageFetches();
    for (let i = 0; i < 3; i++) expect((await ask(config, {force: 'true'})).cache).toBe('BYPASS');
    expect(pageFetches() - before).toBe(3);
  });

  it('a bad forceInterval is EINVALOPTION at once', async () => {
    await expect(handleQuery(new URLSearchParams({url: target.url('/r1')}), {forceInterval: -1})).rejects.toMatchObject({code: 'EINVALOPTION'});
  });
});
