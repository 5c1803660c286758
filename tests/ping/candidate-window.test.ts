// An image-heavy page without og tags (issue 25): ping asks only the candidates that can win, not
// every <img> of the page.
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {readFileSync} from 'node:fs';
import {createExtractor} from '../../src/extract.js';
import {candidateWindow, maxCandidates} from '../../src/ping/ping.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, startServer, type TestServer} from '../helpers/server.js';

const png = readFileSync(new URL('../fixtures/media/sample.png', import.meta.url));
let server: TestServer;
const broken = new Set<number>();

beforeAll(async () => {
  const figures = Array.from({length: 14}, (_, i) => `<figure><img src="/photos/${i}.png" width="800" height="600" alt="Photo ${i}"></figure>`).join('\n');
  server = await startServer({
    '/gallery': html(`<!doctype html><html lang="en"><head><title>Harbour in pictures</title></head><body><article><h1>Harbour in pictures</h1>${figures}</article></body></html>`),
  });
  for (let i = 0; i < 14; i++) {
    server.route(`/photos/${i}.png`, (_request, response) => {
      if (broken.has(i)) response.writeHead(404, {'content-type': 'text/html'}).end('gone');
      else response.writeHead(200, {'content-type': 'image/png'}).end(png);
    });
  }
});
afterAll(() => server.close());

const extract = createExtractor(loopbackConfig);
/** The photo requests since `from`, once those still on their way (pings not needed any more are not awaited) arrived. */
const photoRequests = async (from: number) => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return server.hits.slice(from).filter((hit) => hit.startsWith('GET /photos/'));
};

describe('image candidates', () => {
  it(`asks ${candidateWindow} of 14 body images when the first is reachable, and picks the first`, async () => {
    broken.clear();
    const before = server.hits.length;
    const {data} = await extract(server.url('/gallery'), {ping: {url: false, logo: false}});
    expect(data.image?.url).toBe(server.url('/photos/0.png'));
    expect(data.image?.width).toBeGreaterThan(0);
    expect(await photoRequests(before)).toHaveLength(candidateWindow);
  });

  it('asks the next candidate each time one fails, and still picks the first reachable', async () => {
    broken.clear();
    for (const i of [0, 1, 2, 3]) broken.add(i);
    const before = server.hits.length;
    const {data} = await extract(server.url('/gallery'), {ping: {url: false, logo: false}});
    expect(data.image?.url).toBe(server.url('/photos/4.png'));
    // 0-4 were needed; at most the window beyond the winner was asked.
    expect((await photoRequests(before)).length).toBeLessThanOrEqual(5 + candidateWindow - 1);
  });

  it(`never asks more than ${maxCandidates} candidates of a field`, async () => {
    broken.clear();
    for (let i = 0; i < 14; i++) broken.add(i);
    const before = server.hits.length;
    const {data} = await extract(server.url('/gallery'), {ping: {url: false, logo: false}});
    expect(data.image).toBeNull();
    expect(await photoRequests(before)).toHaveLength(maxCandidates);
  });
});
