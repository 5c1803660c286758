import {readFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import puppeteer, {type Browser} from 'puppeteer-core';
import {createHandler, type HandlerConfig} from '../../src/endpoint/handler.js';
import {playgroundCsp} from '../../src/endpoint/playground.js';
import {describeWithChromium, startRemoteChromium, type RemoteChromium} from '../helpers/chromium.js';
import {start} from '../helpers/child.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, startServer, type TestServer} from '../helpers/server.js';

jest.setTimeout(60_000);

const png = readFileSync(new URL('../fixtures/media/sample.png', import.meta.url));
let target: TestServer;

beforeAll(async () => {
  target = await startServer({
    '/article': html(`<!doctype html><html lang="en"><head><title>Playground article</title>
      <meta property="og:description" content="Shown on the card.">
      <meta property="og:site_name" content="Loopback News">
      <meta property="og:image" content="/cover.png"></head><body>Hi</body></html>`),
    '/cover.png': (_request, response) => void response.writeHead(200, {'content-type': 'image/png'}).end(png),
  });
});
afterAll(() => target.close());

async function mount(config: HandlerConfig): Promise<{base: string; server: Server}> {
  const server = createServer(createHandler({...loopbackConfig, ...config}));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server};
}
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

describe('the playground page over HTTP', () => {
  it('is served to a browser (Accept: text/html, no url) with a strict CSP and nothing inline or external', async () => {
    const {base, server} = await mount({playground: true});
    try {
      const page = await fetch(base, {headers: {accept: 'text/html,application/xhtml+xml'}});
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy')).toBe(playgroundCsp);
      expect(playgroundCsp).not.toMatch(/unsafe-inline|unsafe-eval/);
      const text = await page.text();
      // Scripts only by src, no inline handlers or style attributes.
      expect([...text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].every((match) => /src=/.test(match[1] ?? '') && match[2] === '')).toBe(true);
      expect(text).not.toMatch(/\son\w+=|\sstyle=|<style/);
      for (const asset of ['playground.js', 'playground.css']) {
        const answer = await fetch(`${base}${asset}`);
        expect(answer.status).toBe(200);
        const body = await answer.text();
        // Nothing external: no absolute URL anywhere in the page or its assets.
        expect(body).not.toMatch(/https?:\/\/(?!example\.com\/)/);
      }
      expect(text).not.toMatch(/https?:\/\/(?!example\.com\/)/);
      // An API call is still an API call.
      const api = await fetch(base, {headers: {accept: 'application/json'}});
      expect([api.status, (await api.json()).code]).toEqual([400, 'EINVALURL']);
      const withUrl = await fetch(`${base}?url=${encodeURIComponent(target.url('/article'))}&ping=false`, {headers: {accept: 'text/html'}});
      expect(((await withUrl.json()) as {data: {title: string}}).data.title).toBe('Playground article');
    } finally {
      await close(server);
    }
  });

  it('is off in createHandler unless asked for', async () => {
    const {base, server} = await mount({});
    try {
      const page = await fetch(base, {headers: {accept: 'text/html'}});
      expect([page.status, page.headers.get('content-type')]).toEqual([400, 'application/json; charset=utf-8']);
      expect((await fetch(`${base}playground.js`)).status).toBe(404);
    } finally {
      await close(server);
    }
    expect(() => createHandler({playground: 'yes' as never})).toThrow(expect.objectContaining({code: 'EINVALOPTION'}));
  });

  it('is on in linkpeek serve, off with --no-playground', async () => {
    for (const [args, status] of [[[], 200], [['--no-playground'], 400]] as const) {
      const server = start(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--port', '0', ...args]);
      try {
        const [, base] = await server.waitFor('stderr', /listening on (http:\/\/127\.0\.0\.1:\d+\/)/);
        const page = await fetch(base as string, {headers: {accept: 'text/html'}});
        expect(page.status).toBe(status);
      } finally {
        server.child.kill('SIGTERM');
      }
      expect((await server.finished).code).toBe(0);
    }
  });
});

describeWithChromium('the playground page in Chromium', () => {
  let chromium: RemoteChromium;
  let browser: Browser;
  let base: string;
  let server: Server;

  beforeAll(async () => {
    chromium = await startRemoteChromium();
    browser = await puppeteer.connect({browserWSEndpoint: chromium.endpoint});
    ({base, server} = await mount({playground: true}));
  });
  afterAll(async () => {
    await browser?.disconnect();
    await chromium?.stop();
    if (server) await close(server);
  });

  it('previews a URL (title, description, publisher, image) and renders the error code of a forbidden one', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    const violations: string[] = [];
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      requested.push(request.url());
      // The page may load only from loopback: anything else would be a leak, and is refused.
      if (/^(https?:\/\/127\.0\.0\.1[:/]|data:)/.test(request.url())) void request.continue();
      else void request.abort();
    });
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    page.on('pageerror', (error) => violations.push(String(error)));
    await page.goto(base, {waitUntil: 'load'});
    await page.type('#url', target.url('/article'));
    await page.click('#go');
    // The card is the package's <link-preview>, drawn from the playground's answer (its shadow root).
    await page.waitForFunction(() => document.querySelector('#preview')?.shadowRoot?.querySelector('.title')?.textContent === 'Playground article', {timeout: 20_000});
    const card = await page.evaluate(() => {
      const root = document.querySelector('#preview')?.shadowRoot;
      return {
        state: document.querySelector('#preview')?.getAttribute('state'),
        description: root?.querySelector('.description')?.textContent,
        publisher: root?.querySelector('.publisher')?.textContent,
        image: root?.querySelector<HTMLImageElement>('.image')?.src,
        link: root?.querySelector<HTMLAnchorElement>('a.link')?.href,
        hidden: (document.querySelector('#card') as HTMLElement).hidden,
        curl: document.querySelector('#curl')?.textContent,
        json: JSON.parse(document.querySelector('#json')?.textContent ?? '{}').status,
      };
    });
    expect(card).toMatchObject({state: 'ready', description: 'Shown on the card.', publisher: 'Loopback News', image: target.url('/cover.png'), link: target.url('/article'), hidden: false, json: 'success'});
    expect(card.curl).toBe(`curl '${base}?url=${encodeURIComponent(target.url('/article'))}'`);
    await page.waitForFunction(() => (document.querySelector('#preview')?.shadowRoot?.querySelector<HTMLImageElement>('.image')?.naturalWidth ?? 0) > 0);
    // One query for the preview: the playground's own; the card drew that answer and asked nothing.
    expect(requested.filter((url) => url.startsWith(`${base}?`))).toEqual([`${base}?url=${encodeURIComponent(target.url('/article'))}`]);

    await page.$eval('#url', (input) => ((input as HTMLInputElement).value = ''));
    await page.type('#url', 'http://10.0.0.1/');
    await page.click('#go');
    await page.waitForFunction(() => !(document.querySelector('#error') as HTMLElement).hidden, {timeout: 20_000});
    expect(await page.$eval('#error', (element) => element.textContent)).toMatch(/^EFORBIDDENURL: /);
    expect(await page.$eval('#card', (element) => (element as HTMLElement).hidden)).toBe(true);

    // The browser's switches: pdf on, javascript and adblock off, as query parameters.
    await page.$eval('#url', (input) => ((input as HTMLInputElement).value = ''));
    await page.type('#url', target.url('/article'));
    for (const id of ['#pdf', '#javascript', '#adblock']) await page.click(id);
    await page.click('#go');
    await page.waitForFunction(() => JSON.parse(document.querySelector('#json')?.textContent || '{}').data?.pdf?.type === 'pdf', {timeout: 30_000});
    expect(await page.$eval('#curl', (element) => element.textContent)).toBe(`curl '${base}?url=${encodeURIComponent(target.url('/article'))}&pdf=true&javascript=false&adblock=false'`);

    expect(violations).toEqual([]);
    expect(requested.filter((url) => !/^(https?:\/\/127\.0\.0\.1[:/]|data:)/.test(url))).toEqual([]);
    await page.close();
  });

  it('sends ttl, staleTtl, cacheKey and retry, shows the cache status, and an EINVALSTTL', async () => {
    const page = await browser.newPage();
    await page.goto(base, {waitUntil: 'load'});
    await page.type('#url', target.url('/article?cache'));
    await page.type('#ttl', '1d');
    await page.type('#staleTtl', '1h');
    await page.type('#cacheKey', 'playground-card');
    await page.type('#retry', '0');
    const submit = async () => {
      await page.$eval('#state', (element) => (element.textContent = ''));
      await page.click('#go');
      await page.waitForFunction(() => /^HTTP /.test(document.querySelector('#state')?.textContent ?? ''), {timeout: 20_000});
      return page.$eval('#state', (element) => element.textContent);
    };
    expect(await submit()).toBe('HTTP 200 · MISS');
    const query = new URLSearchParams({url: target.url('/article?cache'), ttl: '1d', staleTtl: '1h', cacheKey: 'playground-card', retry: '0'});
    expect(await page.$eval('#curl', (element) => element.textContent)).toBe(`curl '${base}?${query}'`);
    expect(await submit()).toBe('HTTP 200 · HIT');
    await page.$eval('#staleTtl', (input) => ((input as HTMLInputElement).value = '2d'));
    expect(await submit()).toBe('HTTP 400 · BYPASS');
    expect(await page.$eval('#error', (element) => element.textContent)).toMatch(/^EINVALSTTL: /);
    await page.close();
  });
});
