import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import {createChromiumProvider, type ChromiumProvider} from '../../src/browser/chromium-provider.js';
import {createHandler, handleQuery, type HandlerConfig} from '../../src/endpoint/handler.js';
import {describeWithChromium} from '../helpers/chromium.js';
import {runTs} from '../helpers/child.js';
import {expectedFields, shellTitles, spaConfig, spaPaths, startSpaSite, type SpaSite} from '../helpers/spa.js';

// The CLI tests start a child process through tsx, and it launches its own Chromium.
jest.setTimeout(45_000);

let site: SpaSite;
let chromium: ChromiumProvider;
let config: HandlerConfig;
let base: string;
let closeEndpoint: () => Promise<void>;

beforeAll(async () => {
  site = await startSpaSite();
  chromium = createChromiumProvider();
  config = {...spaConfig, screenshotProvider: chromium, cache: false};
  const server = createServer(createHandler(config));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  closeEndpoint = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}, 30_000);

afterAll(async () => {
  await closeEndpoint?.();
  await chromium?.close();
  await site?.close();
});

const query = (path: string, extra: Record<string, string> = {}) =>
  new URLSearchParams({url: site.url(path), ping: 'false', ...extra});

describeWithChromium('prerender through the endpoint', () => {
  it('answers `?prerender=true` with the rendered fields, `prerendered: true` and a render metric in Server-Timing', async () => {
    const response = await fetch(`${base}?${query(spaPaths.react, {prerender: 'true'})}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('server-timing')).toMatch(/(^|, )render;dur=\d+(\.\d+)?/);
    const body = (await response.json()) as {prerendered: boolean; data: Record<string, unknown>};
    expect(body.prerendered).toBe(true);
    expect(body.data).toMatchObject({
      title: expectedFields.react.title,
      description: expectedFields.react.description,
      author: expectedFields.react.author,
      image: {url: site.expand(expectedFields.react.image)},
    });
  });

  it('answers `?prerender=false` with the shell and no render metric', async () => {
    const response = await fetch(`${base}?${query(spaPaths.react, {prerender: 'false'})}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('server-timing')).not.toMatch(/render;dur=/);
    const body = (await response.json()) as {prerendered: boolean; data: Record<string, unknown>};
    expect(body).toMatchObject({prerendered: false, data: {title: shellTitles.react, description: null}});
  });

  it('renders a shell by default (\'auto\') through handleQuery, with the waiting parameters', async () => {
    const answer = await handleQuery(query(spaPaths.timer, {waitForSelector: '[data-ready]', waitForTimeout: '50'}), config);
    expect(answer.status).toBe(200);
    expect(answer.headers['server-timing']).toMatch(/(^|, )render;dur=/);
    const body = JSON.parse(String(answer.body)) as {prerendered: boolean; data: Record<string, unknown>};
    expect(body).toMatchObject({prerendered: true, data: {title: expectedFields.timer.title, lang: 'de'}});
  });

  it('caches a static and a rendered read of the same URL apart', async () => {
    const cached: HandlerConfig = {...spaConfig, screenshotProvider: chromium, cache: true};
    const shell = await handleQuery(query(spaPaths.fetch, {prerender: 'false'}), cached);
    expect(JSON.parse(String(shell.body))).toMatchObject({prerendered: false, data: {title: shellTitles.fetch}});
    const rendered = await handleQuery(query(spaPaths.fetch, {prerender: 'true'}), cached);
    expect(rendered.headers['x-cache-status']).toBe('MISS');
    expect(JSON.parse(String(rendered.body))).toMatchObject({prerendered: true, data: {title: expectedFields.fetch.title}});
    const again = await handleQuery(query(spaPaths.fetch, {prerender: 'false'}), cached);
    expect(again.headers['x-cache-status']).toBe('HIT');
    expect(JSON.parse(String(again.body))).toMatchObject({prerendered: false, data: {title: shellTitles.fetch}});
  });

  it('refuses an unknown `prerender` value with 400 EINVALOPTION', async () => {
    const answer = await handleQuery(query(spaPaths.react, {prerender: 'always'}), config);
    expect(answer.status).toBe(400);
    expect(JSON.parse(String(answer.body))).toMatchObject({status: 'fail', code: 'EINVALOPTION'});
  });
});

describeWithChromium('prerender through the CLI', () => {
  const cli = (args: string[]) => runTs('src/cli.ts', [...args, '--allow-loopback', '--no-ping']);

  it('renders the page with --prerender', async () => {
    const {code, stdout, stderr} = await cli([site.url(spaPaths.react), '--prerender']);
    expect({code, stderr}).toEqual({code: 0, stderr: ''});
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({status: 'success', prerendered: true, data: {title: expectedFields.react.title, lang: 'en'}});
  });

  it('reads the shell statically with --prerender=false', async () => {
    const {code, stdout} = await cli([site.url(spaPaths.react), '--prerender=false']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({prerendered: false, data: {title: shellTitles.react}});
  });
});
