// insights.lighthouse (issue 37 item 3): Lighthouse on the guarded Chromium, against a real page on
// 127.0.0.1. Every request the audited page makes goes through the address policy: a page that
// loads an image from a second loopback server the policy refuses leaves that server untouched.
import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import type {LighthouseReport} from '../../src/browser/provider.js';
import {describeWithChromium} from '../helpers/chromium.js';
import {start} from '../helpers/child.js';
import {html, startServer, type TestServer} from '../helpers/server.js';

jest.setTimeout(240_000);

let target: TestServer;
/** A second server, on 127.0.0.2: the policy refuses it, so it must never be asked for anything. */
let refused: TestServer;
beforeAll(async () => {
  refused = await startServer({'/pixel.png': (_request, response) => void response.writeHead(200, {'content-type': 'image/png'}).end()});
  await new Promise<void>((resolve, reject) => {
    // Moved onto 127.0.0.2 (startServer listens on 127.0.0.1): close and listen again there.
    refused.server.close(() => refused.server.listen(0, '127.0.0.2', resolve).once('error', reject));
  });
  target = await startServer({
    '/audited': html(`<!doctype html><html lang="en"><head><title>Harbour lights</title>
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="description" content="The lamps along the quay are lit again."></head>
      <body><h1>Harbour lights</h1><p>After twelve years, the lamps along the quay are lit again.</p>
      <img src="http://other.test:${(refused.server.address() as {port: number}).port}/pixel.png" alt="">
      <img src="/missing-alt.png"></body></html>`),
  });
});
afterAll(async () => {
  await target.close();
  await new Promise((resolve) => refused.server.close(resolve));
});

const page = (path: string) => `http://site.test:${target.port}${path}`;

/** extract() with insights.lighthouse in a child process (tests/insights/audit-child.ts): its result or error body. */
async function audit(url: string, ms: number): Promise<Record<string, any>> {
  // Lighthouse takes 10-90 s on a loaded 2-core machine: the child may run past start()'s default minute.
  const {code, stdout, stderr} = await start(process.execPath, ['--import', 'tsx', 'tests/insights/audit-child.ts', url, String(ms)], {}, ms + 20_000).finished;
  expect({code, stderr}).toEqual({code: 0, stderr: ''});
  return JSON.parse(stdout) as Record<string, any>;
}

describeWithChromium('insights.lighthouse', () => {
  it('audits the page on the guarded browser: category scores and audits, no request past the policy', async () => {
    const {data} = await audit(page('/audited'), 150_000);
    const report = data.insights?.lighthouse as LighthouseReport | undefined;
    expect(data.insights?.technologies).toBeUndefined();
    expect(report).toMatchObject({lighthouseVersion: expect.stringMatching(/^12\./), finalUrl: page('/audited'), fetchTime: expect.any(String)});
    expect(Object.keys(report!.categories).sort()).toEqual(['accessibility', 'best-practices', 'performance', 'seo']);
    for (const category of Object.values(report!.categories)) expect(category.score === null || (category.score >= 0 && category.score <= 1)).toBe(true);
    // The page has a title and a description, and an <img> without alt.
    expect(report!.audits['document-title']).toMatchObject({score: 1, scoreDisplayMode: 'binary'});
    expect(report!.audits['meta-description']).toMatchObject({score: 1});
    expect(report!.audits['image-alt']).toMatchObject({score: 0});
    expect(report!.audits['first-contentful-paint']).toMatchObject({scoreDisplayMode: 'numeric', numericUnit: 'millisecond', numericValue: expect.any(Number)});
    // The refused server never saw a request: the image went through the guard and was refused.
    expect(refused.hits).toEqual([]);
    expect(target.hits.filter((hit) => hit.startsWith('GET /audited')).length).toBeGreaterThanOrEqual(2);
  });

  it('fails with EFORBIDDENURL naming the page when the page itself is refused', async () => {
    const error = await audit(`http://other.test:${target.port}/audited`, 20_000);
    expect(error).toMatchObject({status: 'fail', code: 'EFORBIDDENURL'});
    expect(refused.hits).toEqual([]);
  });
});
