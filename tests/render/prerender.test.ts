import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import {createChromiumProvider, type ChromiumProvider} from '../../src/browser/chromium-provider.js';
import type {ScreenshotProvider} from '../../src/browser/provider.js';
import {createExtractor} from '../../src/extract.js';
import {readImageInfo} from '../../src/ping/image-info.js';
import {describeWithChromium} from '../helpers/chromium.js';
import {
  expectedFields,
  pngSize,
  shellTitles,
  spaConfig,
  spaPaths,
  startSpaSite,
  type SpaFixture,
  type SpaSite,
} from '../helpers/spa.js';

jest.setTimeout(20_000);

let site: SpaSite;
let chromium: ChromiumProvider;
/** Calls the extractor made to the real provider. */
const calls = {render: 0, capture: 0};
/** The real Chromium provider, counting what it is asked to do. */
let provider: ScreenshotProvider;

beforeAll(async () => {
  site = await startSpaSite();
  chromium = createChromiumProvider();
  provider = {
    capture: (request) => (calls.capture++, chromium.capture(request)),
    render: (request) => (calls.render++, chromium.render!(request)),
    close: () => chromium.close(),
  };
}, 30_000);

afterAll(async () => {
  await chromium?.close();
  await site?.close();
});

const fixtures = Object.keys(spaPaths) as SpaFixture[];

/** The fields a fixture's scripts write, with the site's origin filled in, and the image as `data.image.url`. */
function expected(fixture: SpaFixture): Record<string, unknown> {
  const {image, ...text} = expectedFields[fixture] as Record<string, string>;
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(text)) fields[key] = site.expand(value);
  if (image) fields.image = expect.objectContaining({url: site.expand(image)});
  return fields;
}

/** Counts the provider calls and document GETs made while `task` runs. */
async function counting<T>(path: string, task: () => Promise<T>) {
  const before = {...calls, gets: site.gets(path)};
  const result = await task();
  return {result, render: calls.render - before.render, capture: calls.capture - before.capture, gets: site.gets(path) - before.gets};
}

describeWithChromium('prerender on client-rendered pages', () => {
  it.each(fixtures)('%s: a static read (`prerender: false`) returns the shell and starts no browser', async (fixture) => {
    const extract = createExtractor({...spaConfig, screenshotProvider: provider});
    const {result, render, capture, gets} = await counting(spaPaths[fixture], () =>
      extract(site.url(spaPaths[fixture]), {prerender: false, ping: false}),
    );
    expect(result.prerendered).toBe(false);
    expect(result.data).toMatchObject({title: shellTitles[fixture], description: null, image: null, author: null});
    expect({render, capture, gets}).toEqual({render: 0, capture: 0, gets: 1});
  });

  it.each(fixtures)('%s: `prerender: true` returns the fields the scripts wrote', async (fixture) => {
    const extract = createExtractor({...spaConfig, screenshotProvider: provider});
    const {result, render} = await counting(spaPaths[fixture], () => extract(site.url(spaPaths[fixture]), {prerender: true, ping: false}));
    expect(result.prerendered).toBe(true);
    expect(result.statusCode).toBe(200);
    expect(result.data).toMatchObject(expected(fixture));
    expect(render).toBe(1);
  });

  it.each(fixtures)('%s: `prerender: \'auto\'` (the default) sees a shell and returns the rendered fields', async (fixture) => {
    const extract = createExtractor({...spaConfig, screenshotProvider: provider});
    // Ping on: the image the app points to is fetched and measured like any other.
    const {result, render} = await counting(spaPaths[fixture], () => extract(site.url(spaPaths[fixture])));
    expect(result.prerendered).toBe(true);
    expect(result.data).toMatchObject(expected(fixture));
    expect(result.data.image).toMatchObject({type: 'png', ...pngSize});
    expect(render).toBe(1);
  });

  it('takes the screenshot from the rendered page: one browser navigation, no separate capture', async () => {
    const extract = createExtractor({...spaConfig, screenshotProvider: provider});
    const path = spaPaths.react;
    const {result, render, capture, gets} = await counting(path, () => extract(site.url(path), {screenshot: true, ping: false}));
    expect(result.prerendered).toBe(true);
    expect(result.data.title).toBe(expectedFields.react.title);
    expect(result.data.screenshot).toMatchObject({type: 'png', width: 1280, height: 800});
    const bytes = Buffer.from((result.data.screenshot?.url ?? '').replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(readImageInfo(bytes)).toMatchObject({type: 'png', width: 1280, height: 800});
    // The static read that decided to render, and the browser's one load of the document.
    expect({render, capture, gets}).toEqual({render: 1, capture: 0, gets: 2});
  });

  it('with `prerender: true` and a screenshot, loads the document once, in the browser only', async () => {
    const extract = createExtractor({...spaConfig, screenshotProvider: provider});
    const path = spaPaths.fetch;
    const {result, render, capture, gets} = await counting(path, () =>
      extract(site.url(path), {prerender: true, screenshot: {type: 'jpeg', width: 640, height: 400}, ping: false}),
    );
    expect(result.data.title).toBe(expectedFields.fetch.title);
    expect(result.data.screenshot).toMatchObject({type: 'jpg', width: 640, height: 400});
    expect({render, capture, gets}).toEqual({render: 1, capture: 0, gets: 1});
  });

  it('renders the page an HTTP redirect leads to, and reports the redirect hop', async () => {
    const extract = createExtractor({...spaConfig, screenshotProvider: provider});
    const {result, gets} = await counting('/react/', () => extract(site.url('/go/react'), {prerender: true, ping: false}));
    expect(result).toMatchObject({prerendered: true, statusCode: 200, data: {title: expectedFields.react.title}});
    expect(result.redirects).toEqual([{statusCode: 302, url: site.url('/go/react')}]);
    // Node followed the redirect; Chromium's request for the final address reuses that answer.
    expect(gets).toBe(1);
  });

  it('refuses an HTTP 404 page under `prerender: true` as a static fetch does', async () => {
    const extract = createExtractor({...spaConfig, screenshotProvider: provider});
    await expect(extract(site.url('/missing/'), {prerender: true, ping: false})).rejects.toMatchObject({code: 'EHTTP'});
    await expect(extract(site.url('/missing/'), {prerender: false, ping: false})).rejects.toMatchObject({code: 'EHTTP'});
  });

  it('describes a PDF (which Chromium would turn into a download) as a file under `prerender: true` as a static fetch does', async () => {
    const extract = createExtractor({...spaConfig, screenshotProvider: provider});
    for (const prerender of [true, false]) {
      // The fixture is a PDF header and trailer with nothing between: a card from its URL, and the reason.
      const result = await extract(site.url('/report.pdf'), {prerender, ping: false});
      expect(result).toMatchObject({prerendered: false, data: {title: 'report', url: site.url('/report.pdf')}, file: {kind: 'pdf', reason: 'unreadable'}});
    }
  });

  it.each([
    ['an empty #root shell whose <head> is complete', '/complete/', 'Static title of a complete page'],
    ['an ordinary article with complete metadata', '/article/', 'Harbour ferry timetable changes in May'],
  ])('under \'auto\', %s is read statically and starts no browser', async (_name, path, title) => {
    const extract = createExtractor({...spaConfig, screenshotProvider: provider});
    const {result, render, capture, gets} = await counting(path, () => extract(site.url(path), {ping: false}));
    expect(result.prerendered).toBe(false);
    expect(result.data.title).toBe(title);
    expect(result.data.image).toMatchObject({url: expect.stringMatching(/\.png$/)});
    expect({render, capture, gets}).toEqual({render: 0, capture: 0, gets: 1});
  });

  it('runs custom data rules and oEmbed-free meta choices on the rendered DOM (issue 11 under prerender)', async () => {
    const extract = createExtractor({...spaConfig, screenshotProvider: provider});
    const rules = {
      heading: {selector: '#guide h1'},
      stages: {selectorAll: 'li.stage', attr: {km: {selector: '.km', type: 'number'}}},
    } as const;
    const statically = await extract(site.url('/react/'), {prerender: false, ping: false, data: rules});
    expect(statically.data).toMatchObject({heading: null, stages: []});
    const rendered = await extract(site.url('/react/'), {prerender: true, ping: false, meta: {title: true}, data: rules});
    expect(rendered.data).toMatchObject({
      title: expectedFields.react.title,
      description: null,
      heading: expectedFields.react.title,
      stages: [{km: 18}, {km: 16}],
    });
  });

  it('renders a complete page when asked to (so the test above can fail): the script rewrites its title', async () => {
    const extract = createExtractor({...spaConfig, screenshotProvider: provider});
    const result = await extract(site.url('/complete/'), {prerender: true, ping: false});
    expect(result).toMatchObject({prerendered: true, data: {title: 'Rendered title of a complete page'}});
  });

  it('renders a host listed in `prerenderHosts` (and its subdomains) under \'auto\', even with complete metadata', async () => {
    const url = (host: string) => `http://${host}:${site.port}/complete/`;
    const listed = createExtractor({...spaConfig, screenshotProvider: provider, prerenderHosts: ['site.test']});
    const rendered = await listed(url('site.test'), {ping: false});
    expect(rendered).toMatchObject({prerendered: true, data: {title: 'Rendered title of a complete page'}});
    const subdomain = await listed(url('app.site.test'), {ping: false});
    expect(subdomain).toMatchObject({prerendered: true, data: {title: 'Rendered title of a complete page'}});
    // Not listed: another host is no match, and `prerender: false` wins over the list.
    const before = calls.render;
    const staticRead = await createExtractor({...spaConfig, screenshotProvider: provider, prerenderHosts: ['other.test']})(url('site.test'), {
      ping: false,
    });
    expect(staticRead).toMatchObject({prerendered: false, data: {title: 'Static title of a complete page'}});
    const refused = await listed(url('site.test'), {prerender: false, ping: false});
    expect(refused).toMatchObject({prerendered: false, data: {title: 'Static title of a complete page'}});
    expect(calls.render).toBe(before);
  });

  it('without a provider in the config, \'auto\' quietly keeps the static shell', async () => {
    const extract = createExtractor(spaConfig);
    const result = await extract(site.url(spaPaths.react), {ping: false});
    expect(result).toMatchObject({prerendered: false, data: {title: shellTitles.react, description: null}});
  });

  it('with a provider that cannot render (no render()), \'auto\' keeps the shell and `true` fails with ENOBROWSER', async () => {
    const captureOnly: ScreenshotProvider = {capture: (request) => chromium.capture(request)};
    const extract = createExtractor({...spaConfig, screenshotProvider: captureOnly});
    const result = await extract(site.url(spaPaths.react), {ping: false});
    expect(result).toMatchObject({prerendered: false, data: {title: shellTitles.react}});
    await expect(extract(site.url(spaPaths.react), {prerender: true, ping: false})).rejects.toMatchObject({code: 'ENOBROWSER'});
  });

  it('waits for `waitForSelector` before reading the DOM', async () => {
    const extract = createExtractor({...spaConfig, screenshotProvider: provider});
    // 'domcontentloaded' alone would read the timer page before its 150 ms timer wrote anything.
    const result = await extract(site.url(spaPaths.timer), {
      prerender: true,
      waitUntil: 'domcontentloaded',
      waitForSelector: 'main [data-ready]',
      ping: false,
    });
    expect(result.data).toMatchObject({title: expectedFields.timer.title, description: expectedFields.timer.description});
  });

  it('waits `waitForTimeout` more milliseconds before reading the DOM', async () => {
    const extract = createExtractor({...spaConfig, screenshotProvider: provider});
    const result = await extract(site.url(spaPaths.timer), {prerender: true, waitUntil: 'domcontentloaded', waitForTimeout: 600, ping: false});
    expect(result.data).toMatchObject({title: expectedFields.timer.title, lang: 'de'});
  });

  it('sends the caller\'s `headers` to the page\'s origin only while rendering, never to the CDN it loads from', async () => {
    const extract = createExtractor({...spaConfig, screenshotProvider: provider});
    const siteBefore = site.seen.site.length;
    const cdnBefore = site.seen.cdn.length;
    const result = await extract(site.url('/headers/'), {prerender: true, headers: {'x-secret': 's3cret'}, ping: false});
    expect(result.data.title).toBe('Profile of Ada');
    const onSite = site.seen.site.slice(siteBefore);
    const onCdn = site.seen.cdn.slice(cdnBefore);
    expect(onSite.map((request) => [request.path, request.headers['x-secret']])).toEqual(
      expect.arrayContaining([
        ['/headers/', 's3cret'],
        ['/headers/app.js', 's3cret'],
        ['/headers/api/me', 's3cret'],
      ]),
    );
    // The CDN was reached (the avatar loaded), without the secret.
    expect(onCdn.map((request) => request.path)).toEqual(['/avatar.png']);
    expect(onCdn.map((request) => request.headers['x-secret'])).toEqual([undefined]);
  });
});
