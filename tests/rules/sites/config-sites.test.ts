// Site rules from the extractor's config (`sites`), through extract() and createHandler() against a
// real server on 127.0.0.1 that answers as shop.example and www.youtube.com (a lookup maps both there).
import {createServer, type Server} from 'node:http';
import type {AddressInfo, LookupFunction} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createExtractor} from '../../../src/extract.js';
import {createHandler} from '../../../src/endpoint/handler.js';
import {createFetchHandler} from '../../../src/endpoint/fetch-handler.js';
import {normalizeConfig} from '../../../src/options.js';
import {defaultSites, meta, type Rule, type SiteRules} from '../../../src/rules/rules.js';
import {isLoopback} from '../../helpers/policy.js';
import {startServer, type TestServer} from '../../helpers/server.js';

/** shop.example, www.youtube.com and other.example are this machine; any other name does not resolve. */
const lookup = ((hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
  const known = ['shop.example', 'www.shop.example', 'www.youtube.com', 'other.example'].includes(hostname.toLowerCase());
  queueMicrotask(() => {
    if (!known) done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND', hostname}));
    else if (all) done(null, [{address: '127.0.0.1', family: 4}]);
    else done(null, '127.0.0.1', 4);
  });
}) as LookupFunction;

const productPage = `<!DOCTYPE html><html><head><title>Blue Mug | Example Shop - Free shipping</title>
<meta property="og:title" content="Example Shop">
<meta property="product:name" content="Blue Mug">
<meta property="og:image" content="/share/card.png">
</head><body><h1>Blue Mug</h1></body></html>`;

// A watch page as the datacenter shell serves it: a generic og:title, the video's name in microdata.
const watchPage = `<!DOCTYPE html><html><head><title>Harbour Lights (Official Video) - YouTube</title>
<meta property="og:title" content="YouTube"><meta name="description" content="Enjoy the videos and music you love.">
</head><body><div itemscope itemtype="http://schema.org/VideoObject"><meta itemprop="name" content="Harbour Lights (Official Video)">
<span itemprop="author" itemscope itemtype="http://schema.org/Person"><link itemprop="name" content="Example Band"></span></div></body></html>`;

const shop: SiteRules = {
  id: 'shop',
  hosts: ['shop.example'],
  rules: {title: [meta('product:name')], publisher: [() => 'Example Shop']},
  refuse: {image: (url) => url.endsWith('/share/card.png')},
};

let server: TestServer;
const base = {allowAddress: isLoopback, dnsLookup: lookup};
const at = (host: string, path: string) => `http://${host}:${server.port}${path}`;
const noPing = {ping: false} as const;

beforeAll(async () => {
  const html = (body: string) => (_request: unknown, response: import('node:http').ServerResponse) => void response.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(body);
  server = await startServer({'/p/1': html(productPage), '/watch': html(watchPage)});
});
afterAll(() => server.close());

describe('config `sites` through extract()', () => {
  it('a config site: its rules run on its host (a subdomain too), not elsewhere', async () => {
    const extract = createExtractor({...base, sites: [shop]});
    const {data} = await extract(at('www.shop.example', '/p/1'), noPing);
    expect(data).toMatchObject({title: 'Blue Mug', publisher: 'Example Shop', image: null});
    // The same page on another host gets the general rules: og:title and its image.
    const other = await extract(at('other.example', '/p/1'), noPing);
    expect(other.data.title).toBe('Example Shop');
    expect(other.data.image).toMatchObject({url: at('other.example', '/share/card.png')});
  });

  it('the default sites still apply next to a config site; `sites: false` turns every site off', async () => {
    const withShop = createExtractor({...base, sites: [shop]});
    expect((await withShop(at('www.youtube.com', '/watch'), noPing)).data).toMatchObject({title: 'Harbour Lights (Official Video)', author: 'Example Band', publisher: 'YouTube'});
    const none = createExtractor({...base, sites: false});
    const plain = (await none(at('www.youtube.com', '/watch'), noPing)).data;
    expect(plain.title).toBe('YouTube');
    expect(plain.description).toBe('Enjoy the videos and music you love.');
    expect((await none(at('shop.example', '/p/1'), noPing)).data.title).toBe('Example Shop');
  });

  it('a config site with a default id replaces that default', async () => {
    const ownTitle: Rule = () => 'Replaced';
    const youtube = defaultSites.find((site) => site.id === 'youtube')!;
    const extract = createExtractor({...base, sites: [{id: 'youtube', hosts: ['youtube.com'], rules: {title: [ownTitle]}}]});
    const {data} = await extract(at('www.youtube.com', '/watch'), noPing);
    expect(data.title).toBe('Replaced');
    // The default's refusals are gone with it: the slogan it refuses is a description again.
    expect(youtube.refuse?.description?.('Enjoy the videos and music you love.')).toBe(true);
    expect(data.description).toBe('Enjoy the videos and music you love.');
  });

  it('createHandler(config) passes `sites` on to the extractor', async () => {
    const handler = createHandler({...base, sites: [shop]});
    const endpoint: Server = createServer((request, response) => void handler(request, response));
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    try {
      const port = (endpoint.address() as AddressInfo).port;
      const response = await fetch(`http://127.0.0.1:${port}/?url=${encodeURIComponent(at('shop.example', '/p/1'))}&ping=false`);
      const body = (await response.json()) as {status: string; data: Record<string, unknown>};
      expect(body).toMatchObject({status: 'success', data: {title: 'Blue Mug', publisher: 'Example Shop'}});
    } finally {
      endpoint.closeAllConnections();
      await new Promise<void>((resolve) => endpoint.close(() => resolve()));
    }
  });
  it('createFetchHandler(config) too', async () => {
    const handler = createFetchHandler({...base, sites: [shop]});
    const response = await handler(new Request(`http://endpoint.test/?url=${encodeURIComponent(at('shop.example', '/p/1'))}&ping=false`));
    expect(await response.json()).toMatchObject({status: 'success', data: {title: 'Blue Mug', publisher: 'Example Shop'}});
  });
});

describe('config `sites` validation', () => {
  const fails = (sites: unknown) => {
    try {
      normalizeConfig({sites: sites as never});
    } catch (error) {
      return {code: (error as {code?: string}).code, message: (error as Error).message};
    }
    return null;
  };

  it('names the bad key, with a did-you-mean for typos', () => {
    expect(fails({id: 'shop'})).toMatchObject({code: 'EINVALOPTION', message: expect.stringContaining('`sites` must be an array')});
    expect(fails([{...shop, rules: {titel: [meta('x')]}}])).toMatchObject({code: 'EINVALOPTION', message: expect.stringContaining('Did you mean `sites[0].rules.title`?')});
    expect(fails([{...shop, host: ['x.example']}])).toMatchObject({code: 'EINVALOPTION', message: expect.stringContaining('Did you mean `sites[0].hosts`?')});
    expect(fails([{...shop, hosts: []}])?.message).toContain('`sites[0].hosts`');
    expect(fails([{...shop, hosts: ['https://shop.example/']}])?.message).toContain('`sites[0].hosts[0]`');
    expect(fails([{...shop, id: 'My Shop'}])?.message).toContain('`sites[0].id`');
    expect(fails([{...shop, rules: {title: meta('x')}}])?.message).toContain('`sites[0].rules.title` must be an array');
    expect(fails([{...shop, rules: {title: ['product:name']}}])?.message).toContain('`sites[0].rules.title[0]` must be a function');
    expect(fails([{...shop, refuse: {image: /placeholder/}}])?.message).toContain('`sites[0].refuse.image` must be a function');
    expect(fails([shop, shop])?.message).toContain('`sites[1].id` repeats the id `shop`');
    expect(fails([{...shop, kinds: [{kind: 'product', example: 'shop.example/p/1'}]}])?.message).toContain('`sites[0].kinds[0].example`');
    expect(fails([{...shop, oembed: {paralel: true}}])?.message).toContain('Did you mean `sites[0].oembed.parallel`?');
    expect(fails([{...shop, oembed: {parallel: true, endpoint: 'https://shop.example/oembed'}}])?.message).toContain('`sites[0].oembed.endpoint` must be a function');
  });

  it('good shapes pass: `name.*` hosts, kinds, [] and false', () => {
    expect(fails([{...shop, hosts: ['shop.*', 'SHOP.example'], kinds: [{kind: 'product', example: 'https://shop.example/p/1'}]}])).toBeNull();
    expect(fails([{...shop, oembed: {parallel: false, endpoint: () => null}}])).toBeNull();
    expect(fails([])).toBeNull();
    expect(fails(false)).toBeNull();
    expect(normalizeConfig({sites: []}).siteIndex).toBe(normalizeConfig().siteIndex);
    expect(normalizeConfig({sites: false}).siteIndex).toBeNull();
  });

  it('an invalid site fails createExtractor and the handler, before any request', () => {
    expect(() => createExtractor({...base, sites: [{id: 'shop', hosts: ['shop.example'], rules: {titel: []}} as never]})).toThrow(expect.objectContaining({code: 'EINVALOPTION'}));
    expect(() => createHandler({...base, sites: [{id: 'shop'} as never]})).toThrow(expect.objectContaining({code: 'EINVALOPTION'}));
  });
});
