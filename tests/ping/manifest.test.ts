// Issue 12 point 9: the web app manifest's icons as logo candidates, read by ping through the
// guarded transport from a real server on 127.0.0.1 reached under made-up public names.
import type {IncomingHttpHeaders} from 'node:http';
import type {LookupFunction} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createExtractor} from '../../src/extract.js';
import {isWebManifestUrl} from '../../src/shared/web-manifest-url.js';
import {manifestIcons, maxManifestBytes, maxManifestIcons} from '../../src/ping/manifest.js';
import {storedPng} from '../helpers/media-files.js';
import {file} from '../helpers/media-server.js';
import {isLoopback} from '../helpers/policy.js';
import {html, startServer, type TestServer} from '../helpers/server.js';

/** Two made-up public names for one loopback server (two origins); every other name is ENOTFOUND. */
const hosts: Record<string, string> = {'www.harbour.example': '127.0.0.1', 'static.harbour.example': '127.0.0.1'};
const lookup = ((hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
  const address = hosts[hostname.toLowerCase()];
  queueMicrotask(() => {
    if (address === undefined) done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND', hostname}));
    else if (all) done(null, [{address, family: 4}]);
    else done(null, address, 4);
  });
}) as LookupFunction;

const manifest = (icons: unknown[]) => (_request: unknown, response: import('node:http').ServerResponse) => {
  response.writeHead(200, {'content-type': 'application/manifest+json'}).end(JSON.stringify({name: 'Harbour Weekly', icons}));
};

let server: TestServer;
const manifestHeaders: IncomingHttpHeaders[] = [];
const page = (head: string) => html(`<!doctype html><html><head><title>Harbour Weekly</title>${head}</head><body><p>News</p></body></html>`);

beforeAll(async () => {
  server = await startServer({
    // The manifest's 512 icon is missing: its 192 icon wins over the page's small icon and /favicon.ico.
    '/page': page('<link rel="icon" sizes="32x32" href="/favicon-32.png"><link rel="manifest" href="/site.webmanifest">'),
    '/site.webmanifest': (request, response) => {
      manifestHeaders.push(request.headers);
      manifest([
        {src: 'icons/mono.png', sizes: '512x512', purpose: 'monochrome'},
        {src: 'icons/maskable-512.png', sizes: '512x512', purpose: 'maskable'},
        {src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png'},
        {src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable'},
      ])(request, response);
    },
    '/icons/icon-192.png': file(storedPng(192, 192), 'image/png'),
    '/icons/maskable-512.png': file(storedPng(512, 512), 'image/png'),
    '/icons/mono.png': file(storedPng(512, 512), 'image/png'),
    '/favicon-32.png': file(storedPng(32, 32), 'image/png'),
    '/favicon.ico': file(storedPng(16, 16), 'image/png'),
    '/apple-touch-icon.png': file(storedPng(180, 180), 'image/png'),
    // A large declared icon comes before the manifest, which is then not needed.
    '/with-touch-icon': page('<link rel="apple-touch-icon" sizes="180x180" href="/apple-touch-icon.png"><link rel="manifest" href="/site.webmanifest">'),
    // A manifest on another origin (relative icon URLs resolve against it), asked without the caller's headers.
    '/cross-origin': page(`<link rel="manifest" href="http://static.harbour.example:{port}/m/manifest.json">`),
    '/m/manifest.json': (request, response) => {
      manifestHeaders.push(request.headers);
      manifest([{src: '../icons/icon-192.png', sizes: '192x192'}])(request, response);
    },
    '/too-large': page('<link rel="manifest" href="/large.webmanifest"><link rel="icon" sizes="32x32" href="/favicon-32.png">'),
    '/large.webmanifest': (_request, response) => {
      response.writeHead(200, {'content-type': 'application/manifest+json'});
      response.end(JSON.stringify({icons: [{src: '/icons/icon-192.png', sizes: '192x192'}], padding: 'x'.repeat(maxManifestBytes)}));
    },
    '/slow': page('<link rel="manifest" href="/slow.webmanifest"><link rel="icon" sizes="32x32" href="/favicon-32.png">'),
    '/slow.webmanifest': () => {
      // Never answers: only pingTimeout ends this fetch.
    },
    '/not-json': page('<link rel="manifest" href="/manifest"><link rel="icon" sizes="32x32" href="/favicon-32.png">'),
    '/manifest': html('<h1>Sign in</h1>'),
  });
  // The page's HTML names the server's port for the cross-origin manifest.
  server.route('/cross-origin', page(`<link rel="manifest" href="http://static.harbour.example:${server.port}/m/manifest.json">`));
});

afterAll(() => server.close());

const extract = createExtractor({allowAddress: isLoopback, dnsLookup: lookup, pingTimeout: 1500});
const pageUrl = (path: string) => `http://www.harbour.example:${server.port}${path}`;
const hitsOf = async <T>(run: () => Promise<T>): Promise<[T, string[]]> => {
  const before = server.hits.length;
  const result = await run();
  return [result, server.hits.slice(before)];
};

describe('the web app manifest as a logo source', () => {
  it('puts the manifest\'s best reachable icon before the page\'s small icon and /favicon.ico', async () => {
    const [{data}, hits] = await hitsOf(() => extract(pageUrl('/page'), {headers: {'x-api-key': 'secret'}}));
    expect(data.logo).toMatchObject({url: pageUrl('/icons/icon-192.png'), type: 'png', width: 192, height: 192});
    expect(hits.filter((hit) => hit.includes('webmanifest'))).toEqual(['GET /site.webmanifest']);
    // Its icons, best first: the general-purpose ones by size, then maskable; never the monochrome one.
    expect(hits).toContain('GET /icons/icon-512.png');
    expect(hits).not.toContain('GET /icons/mono.png');
    // Same origin as the page: the caller's headers go along, with a manifest Accept.
    expect(manifestHeaders.at(-1)).toMatchObject({'x-api-key': 'secret', accept: expect.stringContaining('application/manifest+json')});
  });

  it('with the logo unpinged, fetches no manifest and never returns it as the logo', async () => {
    for (const ping of [false, {logo: false}] as const) {
      const [{data}, hits] = await hitsOf(() => extract(pageUrl('/page'), {ping}));
      expect(data.logo).toEqual({url: pageUrl('/favicon-32.png')});
      expect(hits.some((hit) => hit.includes('webmanifest'))).toBe(false);
    }
  });

  it('prefers a large declared icon to the manifest\'s', async () => {
    const {data} = await extract(pageUrl('/with-touch-icon'));
    expect(data.logo).toMatchObject({url: pageUrl('/apple-touch-icon.png'), width: 180, height: 180});
  });

  it('resolves icons against a manifest on another origin, to which the caller\'s headers are not sent', async () => {
    const {data} = await extract(pageUrl('/cross-origin'), {headers: {'x-api-key': 'secret'}});
    expect(data.logo).toMatchObject({url: `http://static.harbour.example:${server.port}/icons/icon-192.png`, width: 192});
    expect(manifestHeaders.at(-1)?.['x-api-key']).toBeUndefined();
  });

  it.each([
    ['longer than maxManifestBytes', '/too-large'],
    ['slower than pingTimeout', '/slow'],
    ['not JSON (a sign-in page)', '/not-json'],
  ])('ignores a manifest %s and falls back to the next candidate', async (_label, path) => {
    const started = Date.now();
    const {data} = await extract(pageUrl(path));
    expect(data.logo).toMatchObject({url: pageUrl('/favicon-32.png'), width: 32});
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('manifestIcons', () => {
  const base = 'https://www.harbour.example/static/site.webmanifest';

  it('ranks general-purpose icons by declared square size, then maskable ones, and resolves them against the manifest', () => {
    expect(manifestIcons(JSON.stringify({icons: [
      {src: 'a-48.png', sizes: '48x48'},
      {src: '/b-maskable.png', sizes: '512x512', purpose: 'maskable'},
      {src: 'c-wide.png', sizes: '310x150'},
      {src: 'd.svg', sizes: 'any', type: 'image/svg+xml'},
      {src: 'e-512.png', sizes: '192x192 512x512', purpose: 'any maskable'},
      {src: 'f-mono.png', sizes: '1024x1024', purpose: 'monochrome'},
      {src: 'javascript:alert(1)', sizes: '999x999'},
      {src: 42}, null, 'g.png',
      {src: 'https://cdn.example/h-192.png', sizes: '192x192'},
    ]}), base)).toEqual([
      'https://www.harbour.example/static/d.svg',
      'https://www.harbour.example/static/e-512.png',
      'https://cdn.example/h-192.png',
      'https://www.harbour.example/static/a-48.png',
      'https://www.harbour.example/static/c-wide.png',
      'https://www.harbour.example/b-maskable.png',
    ]);
  });

  it('gives nothing for junk, and at most maxManifestIcons icons', () => {
    for (const text of ['', '<html>', 'null', '[]', '{"icons": "x"}', '{"name": "No icons"}']) expect(manifestIcons(text, base)).toEqual([]);
    const many = Array.from({length: 20}, (_, index) => ({src: `/i${index}.png`, sizes: `${index + 1}x${index + 1}`}));
    expect(manifestIcons(JSON.stringify({icons: many}), base)).toHaveLength(maxManifestIcons);
  });

  it.each([
    ['/site.webmanifest', true], ['/manifest.json?v=3', true], ['https://a.example/app/manifest', true], ['manifest.webmanifest#x', true],
    ['/manifest-logo.png', false], ['/static/app.json', false], ['/mymanifest.json', false], ['/favicon.ico', false],
  ])('isWebManifestUrl(%s) is %s', (url, expected) => {
    expect(isWebManifestUrl(url)).toBe(expected);
  });
});
