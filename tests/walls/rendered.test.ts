// detectWall on a page read in the browser: the same walls, after the page's scripts ran.
import type {ServerResponse} from 'node:http';
import {readFileSync} from 'node:fs';
import {afterAll, beforeAll, expect, it} from '@jest/globals';
import {createChromiumProvider, type ChromiumProvider} from '../../src/browser/chromium-provider.js';
import {createDeadline} from '../../src/deadline.js';
import {normalizeConfig, type ResolvedConfig} from '../../src/options.js';
import {parseHtml} from '../../src/parse/parse-html.js';
import {renderPage} from '../../src/render/render-page.js';
import {detectWall} from '../../src/walls/detect-wall.js';
import {describeWithChromium} from '../helpers/chromium.js';
import {isLoopback} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';
import {caseLookup, onServer, wallCases, wallsDirectory} from './cases.js';

// Walls a browser gets as a 200 page (a 4xx document is EHTTP in renderPage), and look-alikes.
const files = [
  'cloudflare-challenge-page.html',
  'x-javascript.html',
  'youtube-shell.html',
  'instagram-login-page.html',
  'onetrust-consent.html',
  'lookalike-cloudflare-200.html',
  'lookalike-just-a-moment-blog.html',
  'lookalike-onetrust-banner.html',
];
const cases = files.map((file) => wallCases.find((entry) => entry.file === file)!);

describeWithChromium('detectWall on a rendered page', () => {
  let site: TestServer;
  let provider: ChromiumProvider;
  let config: ResolvedConfig;
  const wait = {waitUntil: 'load' as const, waitForSelector: null, waitForTimeout: 0};

  beforeAll(async () => {
    site = await startServer();
    site.server.removeAllListeners('request');
    // Each case at its own URL (host and path); the page's other requests (scripts, fonts) are 404s.
    site.server.on('request', (request, response: ServerResponse) => {
      const asked = `${request.headers.host}${request.url}`;
      const entry = cases.find((candidate) => {
        const url = onServer(candidate.url, site.port);
        return `${url.host}${url.pathname}${url.search}` === asked;
      });
      if (!entry) return void response.writeHead(404, {'content-type': 'text/plain'}).end('not found');
      response.writeHead(entry.statusCode, entry.headers).end(readFileSync(new URL(entry.file, wallsDirectory)));
    });
    provider = createChromiumProvider();
    config = normalizeConfig({allowAddress: isLoopback, dnsLookup: caseLookup, screenshotProvider: provider});
  }, 30_000);

  afterAll(async () => {
    await provider?.close();
    await site?.close();
  });

  it.each(cases.map((entry) => [entry.file, entry] as const))('%s', async (_file, entry) => {
    const page = await renderPage(onServer(entry.url, site.port), {headers: {}, deadline: createDeadline(20_000), wait, screenshot: null}, config);
    expect(page.html).toContain('</html>');
    const wall = detectWall(page);
    expect(wall?.signature ?? null).toBe(entry.wall);
    expect(detectWall({...page, snapshot: parseHtml(page.html)})?.signature ?? null).toBe(entry.wall);
  }, 30_000);
});
