// The card in real Chromium: <link-preview> served by the endpoint draws real results from a local
// endpoint, hostile page text stays text, the link takes keyboard focus, errors fall back to a
// plain link card, the skeleton and the card take the same room, and the page asks nothing of
// anyone but the endpoint and the card's images. renderCard's HTML is checked in the same browser.
import {readFileSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import puppeteer, {type Browser, type Page} from 'puppeteer-core';
import {createFetchHandler} from '../../src/endpoint/fetch-handler.js';
import {renderCard} from '../../src/card/render-card.js';
import {describeWithChromium, startRemoteChromium, type RemoteChromium} from '../helpers/chromium.js';
import {serveFetch, type Mounted} from '../helpers/framework-mounts.js';
import {mp4} from '../helpers/media-files.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, startServer, type TestServer} from '../helpers/server.js';

jest.setTimeout(60_000);

const png = readFileSync(new URL('../fixtures/media/sample.png', import.meta.url));
const hostileTitle = '<img src=x onerror="window.__pwned=1">';
const hostileDescription = '"><script>window.__pwned=2</script><b>bold</b>';
let target: TestServer;
let app: Mounted;

/** The test pages, served on the endpoint's origin (the card asks its endpoint without CORS). */
const pages: Record<string, () => string> = {
  '/live': () => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>cards</title>
    <script type="module" src="/preview/link-preview.js"></script></head><body>
    <button id="before">before</button>
    <link-preview id="article" href="${target.url('/article')}" palette></link-preview>
    <link-preview id="hostile" href="${target.url('/hostile')}"></link-preview>
    <link-preview id="video" href="${target.url('/video')}"></link-preview>
    <link-preview id="forbidden" href="http://10.0.0.1/private"></link-preview>
    <link-preview id="script" href="javascript:window.__pwned=3"></link-preview>
    </body></html>`,
  '/slow': () => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>slow</title>
    <script type="module" src="/preview/link-preview.js"></script></head><body>
    <link-preview id="slow" href="${target.url('/slow-article')}"></link-preview><p id="after">after</p></body></html>`,
  '/given': () => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>given</title>
    <script type="module" src="/preview/link-preview.js"></script></head><body></body></html>`,
  '/server': () => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>server</title>
    <script type="module" src="/preview/link-preview.js"></script></head><body>
    ${renderCard({title: hostileTitle, description: hostileDescription, url: target.url('/hostile'), image: {url: 'javascript:window.__pwned=4'}, logo: {url: target.url('/logo.png')}, publisher: 'Quay <Gazette>', date: '2026-11-02T07:30:00.000Z'})}
    </body></html>`,
};

beforeAll(async () => {
  const article = html(`<!doctype html><html lang="en"><head><title>Harbour lights return</title>
    <meta property="og:description" content="After twelve years, the lamps along the quay are lit again.">
    <meta property="og:site_name" content="Quayside Gazette">
    <meta property="article:published_time" content="2026-11-02T07:30:00Z">
    <meta property="og:image" content="/cover.png"><link rel="icon" href="/logo.png"></head><body>Hi</body></html>`);
  target = await startServer({
    '/article': article,
    '/slow-article': async (request, response) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await article(request, response);
    },
    '/hostile': html(`<!doctype html><html><head><title>${hostileTitle}</title>
      <meta property="og:description" content='${hostileDescription}'>
      <meta property="og:image" content="javascript:window.__pwned=5"></head><body>x</body></html>`),
    '/video': html(`<!doctype html><html><head><title>A short clip</title>
      <meta property="og:video" content="/clip.mp4"><meta property="og:image" content="/cover.png"></head><body>x</body></html>`),
    '/cover.png': (_request, response) => void response.writeHead(200, {'content-type': 'image/png'}).end(png),
    '/logo.png': (_request, response) => void response.writeHead(200, {'content-type': 'image/png'}).end(png),
    '/clip.mp4': (_request, response) => void response.writeHead(200, {'content-type': 'video/mp4'}).end(mp4(1000, 5000)),
  });
  const endpoint = createFetchHandler({...loopbackConfig, basePath: '/preview'});
  app = await serveFetch((request) => {
    const {pathname} = new URL(request.url);
    const page = pages[pathname];
    return page ? new Response(page(), {headers: {'content-type': 'text/html; charset=utf-8'}}) : endpoint(request);
  }, '/');
});
afterAll(async () => {
  await app?.close();
  await target?.close();
});

describeWithChromium('<link-preview> in Chromium', () => {
  let chromium: RemoteChromium;
  let browser: Browser;

  beforeAll(async () => {
    chromium = await startRemoteChromium();
    browser = await puppeteer.connect({browserWSEndpoint: chromium.endpoint});
  });
  afterAll(async () => {
    await browser?.disconnect();
    await chromium?.stop();
  });

  /** A page that records every request and lets through only the endpoint's origin and the target's. */
  async function open(path: string): Promise<{page: Page; requested: string[]; errors: string[]}> {
    const page = await browser.newPage();
    const requested: string[] = [];
    const errors: string[] = [];
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      requested.push(request.url());
      if (request.url().startsWith(app.base) || request.url().startsWith(`${target.origin}/`)) void request.continue();
      else void request.abort();
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${app.base.replace(/\/$/, '')}${path}`, {waitUntil: 'load'});
    return {page, requested, errors};
  }

  const isEndpointCall = (url: string) => url.startsWith(`${app.base}preview/?`);

  /** What a card shows, read from its shadow root. */
  const readCard = (page: Page, id: string) =>
    page.$eval(`#${id}`, (host) => {
      const root = host.shadowRoot as ShadowRoot;
      const text = (selector: string) => root.querySelector(selector)?.textContent ?? null;
      return {
        state: host.getAttribute('state'),
        links: Array.from(root.querySelectorAll('a')).map((a) => a.getAttribute('href')),
        title: text('.title'),
        description: text('.description'),
        publisher: text('.publisher'),
        date: text('time'),
        images: Array.from(root.querySelectorAll('img')).map((img) => ({src: img.getAttribute('src'), alt: img.getAttribute('alt')})),
        player: root.querySelector('video, audio')?.outerHTML ?? null,
        elements: Array.from(root.querySelectorAll('*')).map((element) => element.tagName.toLowerCase()),
        background: (host as HTMLElement).style.getPropertyValue('--lp-palette-bg'),
      };
    });

  it('draws real results, keeps hostile text as text, falls back on errors, and asks only the endpoint and the images', async () => {
    const {page, requested, errors} = await open('/live');
    await page.waitForFunction(() => Array.from(document.querySelectorAll('link-preview')).every((card) => ['ready', 'error'].includes(card.getAttribute('state') ?? '')), {timeout: 30_000});

    const article = await readCard(page, 'article');
    expect(article).toMatchObject({
      state: 'ready',
      links: [target.url('/article')],
      title: 'Harbour lights return',
      description: 'After twelve years, the lamps along the quay are lit again.',
      publisher: 'Quayside Gazette',
      date: '2026-11-02',
      images: [
        {src: target.url('/cover.png'), alt: ''},
        {src: target.url('/logo.png'), alt: ''},
      ],
      player: null,
    });
    // palette: the image's colours paint the card.
    expect(article.background).toMatch(/^#[0-9A-F]{6}$/i);

    const hostile = await readCard(page, 'hostile');
    // The extractor drops markup a CMS left in a description (docs/extraction.md), so the description
    // arrives as its text; the title arrives as the page wrote it and must stay text in the card.
    expect(hostile).toMatchObject({state: 'ready', title: hostileTitle, description: '"> window.__pwned=2 bold', images: []});
    expect(hostile.elements).not.toContain('script');
    expect(hostile.elements.filter((tag) => tag === 'img' || tag === 'b')).toEqual([]);
    expect(await page.evaluate(() => (window as {__pwned?: number}).__pwned ?? null)).toBeNull();

    const video = await readCard(page, 'video');
    expect(video.title).toBe('A short clip');
    expect(video.player).toContain(`src="${target.url('/clip.mp4')}"`);
    expect(video.player).toMatch(/^<video [^>]*controls/);

    // EFORBIDDENURL from the endpoint: a plain card, still a link to what was asked.
    expect(await readCard(page, 'forbidden')).toMatchObject({state: 'error', links: ['http://10.0.0.1/private'], title: '10.0.0.1'});
    // A javascript: href is never asked for, and never becomes a link.
    expect(await readCard(page, 'script')).toMatchObject({state: 'error', links: [], title: 'Link'});

    await page.waitForFunction(() => {
      const root = document.querySelector('#article')?.shadowRoot;
      return Array.from(root?.querySelectorAll('img') ?? []).every((img) => img.complete && img.naturalWidth > 0);
    });
    // Only the page, the module, one endpoint call per http(s) card, and the images the cards show.
    const endpointCalls = requested.filter((url) => isEndpointCall(url)).map((url) => new URL(url).searchParams.get('url'));
    expect(endpointCalls.sort()).toEqual([target.url('/article'), target.url('/hostile'), target.url('/video'), 'http://10.0.0.1/private'].sort());
    // data: URIs are Chromium's own video controls' icons, not requests to anyone.
    const others = requested.filter((url) => !isEndpointCall(url) && !url.startsWith('data:'));
    expect(others.filter((url) => ![`${app.base}live`, `${app.base}preview/link-preview.js`, target.url('/cover.png'), target.url('/logo.png')].includes(url))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("draws an answer given through `result` without asking the endpoint: docs/card.md's snippet, run as written", async () => {
    const snippet = /```js\n([\s\S]*?)```/.exec(readFileSync(new URL('../../docs/card.md', import.meta.url), 'utf8'))?.[1] ?? '';
    expect(snippet).toContain('card.result =');
    const {page, requested, errors} = await open('/given');
    await page.waitForFunction(() => customElements.get('link-preview') !== undefined);
    // The snippet as the docs print it, asking for the test's article instead of example.com.
    await page.evaluate(`(async () => {${snippet.replace('https%3A%2F%2Fexample.com%2F', encodeURIComponent(target.url('/article')))}})()`);
    await page.waitForFunction(() => document.querySelector('link-preview')?.getAttribute('state') === 'ready', {timeout: 30_000});
    const card = await page.$eval('link-preview', (host) => ({title: host.shadowRoot?.querySelector('.title')?.textContent, background: (host as HTMLElement).style.getPropertyValue('--lp-palette-bg')}));
    expect(card.title).toBe('Harbour lights return');
    expect(card.background).toMatch(/^#[0-9a-f]{6}$/i);
    // The snippet's own fetch, and nothing from the card.
    expect(requested.filter(isEndpointCall)).toHaveLength(1);

    // A hostile answer given by hand stays text; a failed one draws the fallback.
    const given = await page.evaluate((title: string) => {
      const card = document.createElement('link-preview') as HTMLElement & {result: unknown};
      card.id = 'hand';
      card.result = {status: 'success', data: {title, url: 'https://example.com/x'}};
      document.body.append(card);
      const failed = document.createElement('link-preview') as HTMLElement & {result: unknown};
      failed.setAttribute('href', 'https://example.com/y');
      failed.result = {status: 'fail', code: 'EFETCH'};
      document.body.append(failed);
      return {
        title: card.shadowRoot?.querySelector('.title')?.textContent,
        injected: card.shadowRoot?.querySelectorAll('.title *').length,
        failed: failed.getAttribute('state'),
        fallback: failed.shadowRoot?.querySelector('.title')?.textContent,
      };
    }, hostileTitle);
    expect(given).toEqual({title: hostileTitle, injected: 0, failed: 'error', fallback: 'example.com'});
    expect(requested.filter(isEndpointCall)).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('takes keyboard focus on the one link of each card', async () => {
    const {page} = await open('/live');
    await page.waitForFunction(() => document.querySelector('#article')?.getAttribute('state') === 'ready', {timeout: 30_000});
    await page.focus('#before');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const host = document.activeElement;
      const inner = host?.shadowRoot?.activeElement;
      return {host: host?.id, tag: inner?.tagName, href: inner?.getAttribute('href'), visible: inner ? getComputedStyle(inner).outlineStyle : null};
    });
    expect(focused).toEqual({host: 'article', tag: 'A', href: target.url('/article'), visible: 'solid'});
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('hostile');
    await page.close();
  });

  it('shows a skeleton while loading, of the same size as the card: nothing below it moves', async () => {
    const {page} = await open('/slow');
    const during = await page.$eval('#slow', (host) => ({
      state: host.getAttribute('state'),
      busy: host.getAttribute('aria-busy'),
      height: host.getBoundingClientRect().height,
      after: document.querySelector('#after')?.getBoundingClientRect().top,
    }));
    expect(during).toMatchObject({state: 'loading', busy: 'true'});
    await page.waitForFunction(() => document.querySelector('#slow')?.getAttribute('state') === 'ready', {timeout: 30_000});
    const ready = await page.$eval('#slow', (host) => ({height: host.getBoundingClientRect().height, after: document.querySelector('#after')?.getBoundingClientRect().top}));
    expect(ready).toEqual({height: during.height, after: during.after});
    await page.close();
  });

  it("renderCard's HTML shows the same card without asking the endpoint, hostile text escaped", async () => {
    const {page, requested, errors} = await open('/server');
    await page.waitForFunction(() => customElements.get('link-preview') !== undefined);
    const card = await page.$eval('link-preview', (host) => {
      const root = host.shadowRoot as ShadowRoot;
      return {
        title: root.querySelector('.title')?.textContent,
        description: root.querySelector('.description')?.textContent,
        publisher: root.querySelector('.publisher')?.textContent,
        links: Array.from(root.querySelectorAll('a')).map((a) => a.getAttribute('href')),
        images: Array.from(root.querySelectorAll('img')).map((img) => img.getAttribute('src')),
        tags: Array.from(root.querySelectorAll('*')).map((element) => element.tagName.toLowerCase()),
      };
    });
    expect(card).toMatchObject({
      title: hostileTitle,
      description: hostileDescription,
      publisher: 'Quay <Gazette>',
      links: [target.url('/hostile')],
      images: [target.url('/logo.png')],
    });
    expect(card.tags).not.toContain('script');
    expect(card.tags).not.toContain('b');
    expect(await page.evaluate(() => (window as {__pwned?: number}).__pwned ?? null)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requested.filter((url) => isEndpointCall(url))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('renderCard', () => {
  it('escapes every value and keeps only http(s) URLs', () => {
    const out = renderCard({title: hostileTitle, description: null, url: 'javascript:alert(1)', image: {url: 'data:image/png;base64,AAAA'}, logo: {url: 'https://cdn.test/a"b.png'}});
    expect(out).toContain('&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;');
    expect(out).not.toContain('javascript:');
    expect(out).not.toContain('data:image');
    expect(out).toContain('src="https://cdn.test/a%22b.png"');
    expect(out).not.toContain('<a ');
  });

  it("shows a product's price (data.price) the same in every locale, and nothing for a value that is no price", () => {
    const card = (price: unknown): string => renderCard({title: 'Kettle', url: 'https://shop.test/kettle', publisher: 'Shop', price} as Parameters<typeof renderCard>[0]);
    expect(card({amount: 29.99, currency: 'USD'})).toContain('<span class="price" part="price">29.99 USD</span>');
    expect(card({amount: 1299, currency: 'EUR'})).toContain('>1\u202f299.00 EUR</span>');
    expect(card({amount: 3980, currency: 'JPY'})).toContain('>3\u202f980 JPY</span>');
    expect(card({amount: 12.5, currency: null})).toContain('>12.50</span>');
    // Hostile or broken values: no price element, and nothing of them in the card.
    for (const bad of [{amount: -1, currency: 'USD'}, {amount: Number.NaN, currency: 'USD'}, {amount: '29.99', currency: 'USD'}, null, 'free']) {
      expect(card(bad)).not.toContain('class="price"');
    }
    expect(card({amount: 5, currency: '<b>'})).toContain('>5.00</span>');
  });

  it('paints the palette colours only when they are #RRGGBB', () => {
    const good = renderCard({title: 't', url: 'https://site.test/', image: {url: 'https://site.test/i.png', palette: [], background_color: '#112233', color: '#FFFFFF', alternative_color: '#EEEEEE'}});
    expect(good).toContain(':host{--lp-palette-bg:#112233;--lp-palette-fg:#FFFFFF}');
    const bad = renderCard({title: 't', url: 'https://site.test/', image: {url: 'https://site.test/i.png', palette: [], background_color: 'red;}</style><script>', color: '#FFFFFF', alternative_color: '#EEEEEE'}});
    expect(bad).not.toContain(':host{--lp-palette-bg');
    expect(bad).not.toContain('<script>');
  });
});
