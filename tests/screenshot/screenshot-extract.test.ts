import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import {createChromiumProvider, type ChromiumProvider} from '../../src/browser/chromium-provider.js';
import {createExtractor} from '../../src/extract.js';
import {readImageInfo} from '../../src/ping/image-info.js';
import type {ScreenshotProvider} from '../../src/browser/provider.js';
import {describeWithChromium} from '../helpers/chromium.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, startServer, type TestServer} from '../helpers/server.js';

jest.setTimeout(30_000);

const page = `<!doctype html><html lang="en"><head><title>Shot page</title>
<meta property="og:description" content="A page to capture"></head>
<body style="margin:0"><div id="card" style="width:200px;height:100px;background:#36c"></div></body></html>`;

let site: TestServer;
let chromium: ChromiumProvider;
// The real provider, counting the captures it is asked for.
let captures = 0;
let provider: ScreenshotProvider;

beforeAll(async () => {
  site = await startServer({'/': html(page)});
  chromium = createChromiumProvider();
  provider = {capture: (request) => (captures++, chromium.capture(request)), close: () => chromium.close()};
});

afterAll(async () => {
  await chromium?.close();
  await site?.close();
});

describeWithChromium('extract() with screenshot', () => {
  it('adds data.screenshot describing the stored image when `screenshot: true`', async () => {
    const extract = createExtractor({...loopbackConfig, screenshotProvider: provider});
    const result = await extract(site.url('/'), {screenshot: true, ping: false});
    expect(result.data.title).toBe('Shot page');
    const shot = result.data.screenshot;
    expect(shot).toMatchObject({type: 'png', width: 1280, height: 800});
    const bytes = Buffer.from((shot?.url ?? '').replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(bytes.byteLength).toBe(shot?.size);
    expect(readImageInfo(bytes)).toMatchObject({width: 1280, height: 800});
  });

  it('captures only the `element` given next to `screenshot`', async () => {
    const extract = createExtractor({...loopbackConfig, screenshotProvider: provider});
    const result = await extract(site.url('/'), {screenshot: {type: 'jpeg'}, element: '#card', ping: false});
    expect(result.data.screenshot).toMatchObject({type: 'jpg', width: 200, height: 100});
  });

  it('rejects the whole call with ENOELEMENT when `element` matches nothing', async () => {
    const extract = createExtractor({...loopbackConfig, screenshotProvider: provider});
    await expect(extract(site.url('/'), {screenshot: true, element: '#missing', ping: false})).rejects.toMatchObject({
      code: 'ENOELEMENT',
    });
  });

  it('adds nothing and never asks the provider when `screenshot` is off (the default)', async () => {
    const extract = createExtractor({...loopbackConfig, screenshotProvider: provider});
    const before = captures;
    const result = await extract(site.url('/'), {ping: false});
    const explicit = await extract(site.url('/'), {ping: false, screenshot: false});
    expect('screenshot' in result.data).toBe(false);
    expect('screenshot' in explicit.data).toBe(false);
    expect(captures).toBe(before);
  });
});
