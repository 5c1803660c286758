// Walls end to end on a simulated web: each site answers a previewer as the real one does (a consent
// redirect, a login wall, a bot challenge, an edge block, a rate limit), and each wall either gets
// past through the rung meant for it, or ends in the named error with the honest minimal data.
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import {createChromiumProvider, type ChromiumProvider} from '../../src/browser/chromium-provider.js';
import {LinkpeekError} from '../../src/errors.js';
import {createExtractor, type CreateExtractorConfig} from '../../src/extract.js';
import {describeWithChromium} from '../helpers/chromium.js';
import {startForwardProxy, type ForwardProxy} from '../helpers/forward-proxy.js';
import {isLoopback} from '../helpers/policy.js';
import {startSimulatedWeb, webLookup, webNames, type SimulatedWeb} from '../helpers/simulated-web.js';

jest.setTimeout(60_000);

let web: SimulatedWeb;
let proxy: ForwardProxy;

beforeAll(async () => {
  web = await startSimulatedWeb();
  proxy = await startForwardProxy({names: webNames});
});
afterAll(async () => {
  await proxy.close();
  await web.close();
});

/** The trusted config of these tests: loopback allowed, the simulated names, YouTube's oEmbed endpoint. */
function config(extra: CreateExtractorConfig = {}): CreateExtractorConfig {
  return {
    allowAddress: isLoopback,
    dnsLookup: webLookup,
    oembedProviders: [
      {provider_name: 'YouTube', provider_url: web.url('www.youtube.com', '/'), endpoints: [{schemes: ['http://www.youtube.com/watch*'], url: web.url('www.youtube.com', '/oembed')}]},
    ],
    ...extra,
  };
}

async function failure(promise: Promise<unknown>): Promise<LinkpeekError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(LinkpeekError);
  return error as LinkpeekError;
}

describe('walls without a browser', () => {
  it('YouTube: the shipped google-consent profile sends SOCS, so the consent redirect never comes', async () => {
    const extract = createExtractor(config());
    const result = await extract(web.url('www.youtube.com', '/watch?v=cat'), {ping: false, prerender: false});
    expect(result.data.title).toBe('Cat plays the piano');
    expect(result.data.description).toBe('A cat, a piano, a tune.');
    expect(result.recovery).toBeUndefined();
    expect(result.redirects).toEqual([]);
  });

  it('YouTube without the profile: the consent wall is detected and the oEmbed rung describes the video', async () => {
    const extract = createExtractor(config({requestProfiles: {'google-consent': false}}));
    const oembedHits = () => web.hitsOf('www.youtube.com').filter((hit) => hit.includes('/oembed')).length;
    const before = oembedHits();
    const result = await extract(web.url('www.youtube.com', '/watch?v=cat'), {ping: false, prerender: false, iframe: true});
    expect(result.data.title).toBe('Cat plays the piano');
    expect(result.data.title).not.toMatch(/before you continue/i);
    expect(result.data.author).toBe('Cat Channel');
    expect(result.data.publisher).toBe('YouTube');
    expect(result.data.url).toBe(web.url('www.youtube.com', '/watch?v=cat'));
    expect(result.data.image?.url).toBe(web.url('i.ytimg.com', '/vi/cat/hqdefault.png'));
    expect(result.data.iframe?.html).toContain('/embed/cat');
    expect(result.recovery).toMatchObject({wall: {kind: 'consent'}, rung: 'oembed'});
    expect(result.recovery?.rungs.map((rung) => [rung.rung, rung.outcome])).toEqual([['oembed', 'passed']]);
    // The oEmbed answer was asked once (alongside the page, YouTube's site rules read it): the rung and the iframe reuse it.
    expect(oembedHits() - before).toBe(1);
  });

  it('X: "JavaScript is not available" is a wall; the previewer-bot retry profile gets the tags', async () => {
    const extract = createExtractor(config());
    const before = web.hitsOf('x.com').length;
    const result = await extract(web.url('x.com', '/cat/status/1'), {ping: false, prerender: false});
    // The hosted service's convention (issue 33): the person and the handle, the handle from the URL when the tags lack it.
    expect(result.data.title).toBe('Cat (@cat) on X');
    expect(result.data.description).toBe('I played the piano');
    expect(result.recovery).toMatchObject({wall: {kind: 'unsupported-browser', vendor: 'X'}, rung: 'profile'});
    expect(result.recovery?.rungs.map((rung) => rung.rung)).toEqual(['oembed', 'profile']);
    expect(web.hitsOf('x.com').length - before).toBe(2);
  });

  it('an edge block (Akamai "Access Denied", 403) that only the proxy rung passes', async () => {
    const extract = createExtractor(config({proxy: {url: proxy.url, use: 'last'}}));
    const before = proxy.requests.length;
    const result = await extract(web.url('shop.example.org', '/item/kettle'), {ping: false, prerender: false});
    expect(result.data.title).toBe('Blue kettle');
    expect(result.statusCode).toBe(200);
    expect(result.recovery).toMatchObject({wall: {kind: 'challenge', vendor: 'Akamai'}, rung: 'proxy'});
    // Only the last rung went through the proxy.
    expect(proxy.requests.slice(before).map((request) => request.hostname)).toEqual(['shop.example.org']);
  });

  it('the same block without a proxy ends in EWALL naming the wall and the remedy, with url, publisher and logo', async () => {
    const extract = createExtractor(config());
    const error = await failure(extract(web.url('shop.example.org', '/item/kettle'), {prerender: false}));
    expect(error.code).toBe('EWALL');
    expect(error.status).toBe(424);
    expect(error.message).toMatch(/shop\.example\.org/);
    expect(error.message).toMatch(/bot challenge|Akamai/);
    expect(error.message).toMatch(/proxy/);
    expect(error.data).toMatchObject({
      kind: 'challenge',
      url: web.url('shop.example.org', '/item/kettle'),
      publisher: 'example.org',
      logo: web.url('shop.example.org', '/favicon.ico'),
    });
    // Never a bare EHTTP for a wall, and never the wall's title as data.
    expect(error.toJSON()).toMatchObject({code: 'EWALL', data: {kind: 'challenge'}});
  });

  it('Instagram: the login wall nothing passes ends in EWALL kind login', async () => {
    const extract = createExtractor(config());
    const error = await failure(extract(web.url('www.instagram.com', '/p/abc'), {prerender: false}));
    expect(error.code).toBe('EWALL');
    expect(error.data).toMatchObject({kind: 'login', vendor: 'Instagram', publisher: 'instagram.com'});
    expect(error.message).toMatch(/login wall/);
  });

  it('a 429 ends in ERATELIMIT with Retry-After carried through, and the host is not asked again (not even for its icon)', async () => {
    const extract = createExtractor(config());
    const error = await failure(extract(web.url('api.ratelimited.net', '/page')));
    expect(error.code).toBe('ERATELIMIT');
    expect(error.status).toBe(429);
    expect(error.retryAfter).toBe(120);
    expect(error.toJSON()).toMatchObject({code: 'ERATELIMIT', retryAfter: 120, data: {kind: 'rate-limit', publisher: 'ratelimited.net'}});
    expect(web.hitsOf('api.ratelimited.net')).toEqual(['GET /page']);
  });

  it('a look-alike: a page served through Cloudflare, titled "Just a moment", under a consent banner, is the page', async () => {
    const extract = createExtractor(config());
    const result = await extract(web.url('blog.example.net', '/just-a-moment'), {ping: false, prerender: false});
    expect(result.data.title).toBe('Just a moment: notes on waiting');
    expect(result.recovery).toBeUndefined();
  });

  it('`walls: false` turns detection off: the wall is then an HTTP error again', async () => {
    const extract = createExtractor(config({walls: false}));
    const error = await failure(extract(web.url('shop.example.org', '/item/kettle'), {ping: false, prerender: false}));
    expect(error.code).toBe('EHTTP');
    expect(error.statusCode).toBe(403);
  });
});

describeWithChromium('walls with the browser rung', () => {
  let chromium: ChromiumProvider;
  beforeAll(() => {
    chromium = createChromiumProvider();
  });
  afterAll(async () => {
    await chromium.close();
  });

  it('a Cloudflare managed challenge (403, cf-mitigated) whose script lets a browser through: the browser rung passes', async () => {
    const extract = createExtractor(config({screenshotProvider: chromium}));
    const result = await extract(web.url('news.example.com', '/bridge'), {ping: false});
    expect(result.data.title).toBe('Council approves the new bridge');
    expect(result.data.url).toBe(web.url('news.example.com', '/bridge'));
    expect(result.prerendered).toBe(true);
    expect(result.recovery).toMatchObject({wall: {kind: 'challenge', vendor: 'Cloudflare'}, rung: 'browser'});
  });

  it('prerender: false keeps the browser out: the challenge ends in EWALL', async () => {
    const extract = createExtractor(config({screenshotProvider: chromium}));
    const error = await failure(extract(web.url('news.example.com', '/bridge'), {ping: false, prerender: false}));
    expect(error.code).toBe('EWALL');
    expect(error.data).toMatchObject({kind: 'challenge', vendor: 'Cloudflare'});
    expect(error.message).toMatch(/prerender/);
  });
});
