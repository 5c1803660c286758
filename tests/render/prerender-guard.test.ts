import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import puppeteer, {type Browser} from 'puppeteer-core';
import {createChromiumProvider, type ChromiumProvider} from '../../src/browser/chromium-provider.js';
import {createExtractor} from '../../src/extract.js';
import {describeWithChromium, startRemoteChromium, type RemoteChromium} from '../helpers/chromium.js';
import {expectedFields, shellTitles, spaConfig, spaPaths, startSpaSite, type SpaSite} from '../helpers/spa.js';
import {failure} from '../helpers/failure.js';

jest.setTimeout(20_000);

let site: SpaSite;
// The provider drives a Chromium this test started itself, so the test can look into it over a
// second DevTools connection and count the contexts and pages a failed render leaves behind.
let remote: RemoteChromium;
let chromium: ChromiumProvider;
let observer: Browser;

beforeAll(async () => {
  site = await startSpaSite();
  remote = await startRemoteChromium();
  chromium = createChromiumProvider({browserWSEndpoint: remote.endpoint});
  observer = await puppeteer.connect({browserWSEndpoint: remote.endpoint});
}, 30_000);

afterAll(async () => {
  await observer?.disconnect();
  await chromium?.close();
  await remote?.stop();
  await site?.close();
});

/** Browser contexts and page targets open in the shared Chromium, whoever opened them. */
async function openInBrowser(): Promise<{contexts: number; pages: number}> {
  const session = await observer.target().createCDPSession();
  try {
    const {browserContextIds} = await session.send('Target.getBrowserContexts');
    const {targetInfos} = await session.send('Target.getTargets');
    return {contexts: browserContextIds.length, pages: targetInfos.filter((target) => target.type === 'page').length};
  } finally {
    await session.detach();
  }
}


const extractor = () => createExtractor({...spaConfig, screenshotProvider: chromium});

describeWithChromium('prerender under the timeout', () => {
  it('ends a page that never loads in ETIMEOUT, with its context and page closed', async () => {
    const extract = extractor();
    // Warm the browser so the baseline is taken with the provider's connection in place.
    await extract(site.url(spaPaths.timer), {prerender: true, ping: false});
    const baseline = await openInBrowser();
    const error = await failure(extract(site.url('/never/'), {prerender: true, timeout: 2_500, ping: false}));
    expect(error.code).toBe('ETIMEOUT');
    expect(await openInBrowser()).toEqual(baseline);
    // The browser is still usable.
    const after = await extract(site.url(spaPaths.react), {prerender: true, ping: false});
    expect(after.data.title).toBe(expectedFields.react.title);
    expect(await openInBrowser()).toEqual(baseline);
  });

  it('ends in ETIMEOUT under \'auto\' too: the static read finds a shell, its render never loads', async () => {
    const baseline = await openInBrowser();
    const error = await failure(extractor()(site.url('/never/'), {timeout: 2_500, ping: false}));
    expect(error.code).toBe('ETIMEOUT');
    expect(await openInBrowser()).toEqual(baseline);
  });

  it('ends in EABORTED when the caller aborts mid-render, with its context and page closed', async () => {
    const baseline = await openInBrowser();
    const controller = new AbortController();
    const call = extractor()(site.url('/never/'), {prerender: true, signal: controller.signal, timeout: 10_000, ping: false});
    setTimeout(() => controller.abort(), 500);
    const error = await failure(call);
    expect(error.code).toBe('EABORTED');
    expect(await openInBrowser()).toEqual(baseline);
  });

  it('gives a page whose network is never quiet a bounded wait under \'auto\', then reads it', async () => {
    const result = await extractor()(site.url('/polling/'), {prerender: true, timeout: 10_000, ping: false});
    expect(result.prerendered).toBe(true);
    expect(result.data).toMatchObject({title: 'Live scores: Harbour derby', description: 'Updated every few seconds while the match is on.'});
  });

  it('ends in ETIMEOUT when `waitUntil: \'networkidle0\'` never comes', async () => {
    const baseline = await openInBrowser();
    const error = await failure(extractor()(site.url('/polling/'), {prerender: true, waitUntil: 'networkidle0', timeout: 2_500, ping: false}));
    expect(error.code).toBe('ETIMEOUT');
    expect(await openInBrowser()).toEqual(baseline);
  });

  it('ends in ETIMEOUT when `waitForSelector` never appears', async () => {
    const baseline = await openInBrowser();
    const error = await failure(
      extractor()(site.url(spaPaths.react), {prerender: true, waitForSelector: '#never-there', timeout: 3_000, ping: false}),
    );
    expect(error.code).toBe('ETIMEOUT');
    expect(await openInBrowser()).toEqual(baseline);
  });
});

describeWithChromium('prerender under the address policy', () => {
  it('blocks a fetch() to a refused address, by name and by IP: nothing connects, the page sees both fail', async () => {
    const before = site.forbidden.connections;
    const result = await extractor()(site.url('/forbidden-fetch/'), {prerender: true, ping: false});
    expect(result.data).toMatchObject({title: 'Internal dashboard', description: 'reached 0 of 2'});
    expect(site.forbidden.connections).toBe(before);
    expect(site.forbidden.hits).toEqual([]);
    // Its WebSockets, even the one to its own allowed server, reached nothing.
    expect(site.upgrades).toEqual([]);
  });

  it('lets the same fetch() through when the policy allows the address (so the test above can fail)', async () => {
    const allowing = createExtractor({...spaConfig, allowAddress: () => true, screenshotProvider: chromium});
    const before = site.forbidden.connections;
    const result = await allowing(site.url('/forbidden-fetch/'), {prerender: true, ping: false});
    expect(result.data.description).toBe('reached 2 of 2');
    expect(site.forbidden.connections).toBeGreaterThan(before);
    expect(site.forbidden.hits).toEqual(expect.arrayContaining(['GET /steal', 'GET /steal-by-ip']));
    site.forbidden.hits.length = 0;
  });

  it('fails with EFORBIDDENURL when the page\'s script sends it to a refused address', async () => {
    const baseline = await openInBrowser();
    const before = site.forbidden.connections;
    const error = await failure(extractor()(site.url('/forbidden-location/'), {prerender: true, ping: false}));
    expect(error.code).toBe('EFORBIDDENURL');
    expect(site.forbidden.connections).toBe(before);
    expect(site.forbidden.hits).toEqual([]);
    expect(await openInBrowser()).toEqual(baseline);
    // A redirect by script to an allowed page is followed (the refusal above is about the address).
    const followed = await extractor()(site.url(spaPaths.redirect), {prerender: true, ping: false});
    expect(followed.data.url).toBe(site.expand(expectedFields.redirect.url));
  });

  it('fails with EFORBIDDENURL when the script navigates to a refused address after the page loaded', async () => {
    const baseline = await openInBrowser();
    const before = site.forbidden.connections;
    const error = await failure(extractor()(site.url('/forbidden-location/late'), {prerender: true, ping: false}));
    expect(error.code).toBe('EFORBIDDENURL');
    expect(site.forbidden.connections).toBe(before);
    expect(site.forbidden.hits).toEqual([]);
    expect(await openInBrowser()).toEqual(baseline);
  });

  it('under \'auto\', keeps the static shell when the script navigation is refused', async () => {
    const before = site.forbidden.connections;
    const result = await extractor()(site.url('/forbidden-location/'), {ping: false});
    expect(result).toMatchObject({prerendered: false, data: {title: 'Harbour office'}});
    expect(site.forbidden.connections).toBe(before);
  });

  it('refuses the forbidden server as the page itself, before any browser request', async () => {
    const before = site.forbidden.connections;
    const error = await failure(extractor()(`http://forbidden.test:${site.forbidden.port}/`, {prerender: true, ping: false}));
    expect(error.code).toBe('EFORBIDDENURL');
    expect(site.forbidden.connections).toBe(before);
  });
});

describeWithChromium('prerender under the byte caps', () => {
  it('holds `maxPageBytes` over all the resources of the page together', async () => {
    // Two 40 000-byte files fit in 100 000 bytes next to the small document and script; a third does not.
    const capped = createExtractor({...spaConfig, screenshotProvider: chromium, maxPageBytes: 100_000});
    const result = await capped(site.url('/heavy/'), {prerender: true, ping: false});
    expect(result.data.description).toBe('loaded 2 of 4');
  });

  it('holds `maxBodySize` per resource', async () => {
    const capped = createExtractor({...spaConfig, screenshotProvider: chromium, maxBodySize: 30_000});
    const result = await capped(site.url('/heavy/'), {prerender: true, ping: false});
    expect(result.data.description).toBe('loaded 0 of 4');
  });

  it('loads every file under the default caps (so the tests above can fail)', async () => {
    const result = await extractor()(site.url('/heavy/'), {prerender: true, ping: false});
    expect(result.data.description).toBe('loaded 4 of 4');
  });
});

describeWithChromium('prerender without a browser', () => {
  it('fails with ENOBROWSER for `prerender: true` when Chromium cannot be started', async () => {
    const missing = createChromiumProvider({executablePath: '/nonexistent/chromium'});
    try {
      const extract = createExtractor({...spaConfig, screenshotProvider: missing});
      const error = await failure(extract(site.url(spaPaths.react), {prerender: true, ping: false}));
      expect(error.code).toBe('ENOBROWSER');
    } finally {
      await missing.close();
    }
  });

  it('quietly returns the static shell under \'auto\' when Chromium cannot be started', async () => {
    const missing = createChromiumProvider({executablePath: '/nonexistent/chromium'});
    try {
      const extract = createExtractor({...spaConfig, screenshotProvider: missing});
      const result = await extract(site.url(spaPaths.react), {ping: false});
      expect(result).toMatchObject({prerendered: false, data: {title: shellTitles.react}});
    } finally {
      await missing.close();
    }
  });
});
