// The playground's card with and without a screenshot, looked at in real Chromium (issue 25): an
// unticked screenshot leaves no broken "screenshot" image under the card.
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import puppeteer, {type Browser, type Page} from 'puppeteer-core';
import {createChromiumProvider} from '../../src/browser/chromium-provider.js';
import {createHandler} from '../../src/endpoint/handler.js';
import {describeWithChromium, startRemoteChromium, type RemoteChromium} from '../helpers/chromium.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, startServer, type TestServer} from '../helpers/server.js';

jest.setTimeout(90_000);

describeWithChromium('the playground card in Chromium', () => {
  let target: TestServer;
  let chromium: RemoteChromium;
  let browser: Browser;
  let server: Server;
  let base: string;
  const provider = createChromiumProvider();

  beforeAll(async () => {
    target = await startServer({
      '/article': html('<!doctype html><html lang="en"><head><title>Card article</title><meta name="description" content="No image here."></head><body style="background:#c33">Hi</body></html>'),
    });
    server = createServer(createHandler({...loopbackConfig, screenshotProvider: provider, playground: true}));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    chromium = await startRemoteChromium();
    browser = await puppeteer.connect({browserWSEndpoint: chromium.endpoint});
  });
  afterAll(async () => {
    await browser?.disconnect();
    await chromium?.stop();
    await provider.close();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await target?.close();
  });

  /** Previews the article with the screenshot switch as given, and measures the card's screenshot slot. */
  async function preview(page: Page, screenshot: boolean) {
    await page.goto(base, {waitUntil: 'load'});
    await page.type('#url', target.url('/article'));
    if (screenshot) await page.click('#screenshot');
    await page.click('#go');
    await page.waitForFunction(() => document.querySelector('#preview')?.shadowRoot?.querySelector('.title')?.textContent === 'Card article', {timeout: 60_000});
    if (screenshot) await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('#card-screenshot')?.naturalWidth ?? 0) > 0, {timeout: 60_000});
    return page.$eval('#card-screenshot', (element) => {
      const image = element as HTMLImageElement;
      const box = image.getBoundingClientRect();
      return {display: getComputedStyle(image).display, height: Math.round(box.height), src: image.getAttribute('src'), loaded: image.naturalWidth > 0};
    });
  }

  it('shows no screenshot slot (no broken image, no alt text) when screenshot is unticked', async () => {
    const page = await browser.newPage();
    expect(await preview(page, false)).toEqual({display: 'none', height: 0, src: null, loaded: false});
    await page.close();
  });

  it('shows the screenshot under the card when it is ticked', async () => {
    const page = await browser.newPage();
    const slot = await preview(page, true);
    expect(slot).toMatchObject({display: 'block', loaded: true, src: expect.stringMatching(/^data:image\/png;base64,/)});
    expect(slot.height).toBeGreaterThan(50);
    await page.close();
  });
});
