import {describe, expect, it} from '@jest/globals';
import {bundledProviders, findEndpoint, matchesScheme, registryRequestUrl, type OEmbedProvider} from '../../src/oembed/registry.js';

/** The endpoint URL and provider the bundled registry picks for `url`, or null. */
function lookup(url: string) {
  const match = findEndpoint(url);
  return match && {provider: match.provider.provider_name, endpoint: match.url};
}

describe('the bundled registry', () => {
  it('is the oembed-providers list, loaded once', () => {
    const providers = bundledProviders();
    expect(providers.length).toBeGreaterThan(100);
    expect(bundledProviders()).toBe(providers);
    expect(providers.find((provider) => provider.provider_name === 'YouTube')?.endpoints[0]?.url).toBe('https://www.youtube.com/oembed');
  });

  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'YouTube', 'https://www.youtube.com/oembed'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'YouTube', 'https://www.youtube.com/oembed'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ', 'YouTube', 'https://www.youtube.com/oembed'],
    ['http://www.youtube.com/watch?v=dQw4w9WgXcQ', 'YouTube', 'https://www.youtube.com/oembed'],
    ['https://youtu.be/dQw4w9WgXcQ', 'YouTube', 'https://www.youtube.com/oembed'],
    ['https://www.youtube.com/shorts/abcdefghijk', 'YouTube', 'https://www.youtube.com/oembed'],
    ['https://www.youtube.com/playlist?list=PL123', 'YouTube', 'https://www.youtube.com/oembed'],
    ['https://vimeo.com/76979871', 'Vimeo', 'https://vimeo.com/api/oembed.json'],
    ['https://player.vimeo.com/video/76979871', 'Vimeo', 'https://vimeo.com/api/oembed.json'],
    ['https://x.com/jack/status/20', 'X', 'https://publish.x.com/oembed'],
    ['https://twitter.com/jack/status/20', 'Twitter', 'https://publish.twitter.com/oembed'],
    ['https://mobile.twitter.com/jack/status/20', 'Twitter', 'https://publish.twitter.com/oembed'],
    ['https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC', 'Spotify', 'https://open.spotify.com/oembed'],
    ['https://soundcloud.com/forss/flickermood', 'SoundCloud', 'https://soundcloud.com/oembed'],
    ['https://www.tiktok.com/@scout2015/video/6718335390845095173', 'TikTok', 'https://www.tiktok.com/oembed'],
    ['https://www.flickr.com/photos/bees/2341623661/', 'Flickr', 'https://www.flickr.com/services/oembed/'],
    ['https://flic.kr/p/4AK2sc', 'Flickr', 'https://www.flickr.com/services/oembed/'],
    ['https://www.reddit.com/r/aww/comments/abc123/a_cat/', 'Reddit', 'https://www.reddit.com/oembed'],
    ['https://reddit.com/r/aww/comments/abc123/a_cat/', 'Reddit', 'https://www.reddit.com/oembed'],
  ])('matches %s to %s', (url, provider, endpoint) => {
    expect(lookup(url)).toEqual({provider, endpoint});
  });

  it.each([
    'https://example.com/watch?v=dQw4w9WgXcQ',
    // The host must fit the scheme's host, not merely contain it.
    'https://www.youtube.com.evil.test/watch?v=x',
    'https://evilyoutube.com/watch?v=x',
    'https://evil.test/?next=https://www.youtube.com/watch?v=x',
    'https://www.youtube.com/about',
    'https://www.reddit.com/r/aww/',
    'ftp://www.youtube.com/watch?v=x',
    'not a url',
  ])('matches nothing for %s', (url) => {
    expect(findEndpoint(url)).toBeNull();
  });
});

describe('matchesScheme', () => {
  it.each([
    ['https://*.youtube.com/watch*', 'https://www.youtube.com/watch?v=a', true],
    ['https://*.youtube.com/watch*', 'http://www.youtube.com/watch?v=a', true],
    ['https://*.youtube.com/watch*', 'https://www.youtube.com:8443/watch?v=a', true],
    ['https://*.youtube.com/watch*', 'https://youtube.com/watch', true],
    ['https://*.youtube.com/watch*', 'https://WWW.YouTube.com/watch#t=1', true],
    ['https://*.youtube.com/watch*', 'https://www.youtube.com/Watch', false],
    ['https://*.youtube.com/watch*', 'https://www.youtube.com/', false],
    ['https://*.*.flickr.com/*/*', 'https://farm1.static.flickr.com/a/b.jpg', true],
    ['https://example.com', 'https://example.com/', true],
    ['spotify:*', 'https://open.spotify.com/track/a', false],
  ])('%s fits %s: %s', (scheme, url, expected) => {
    expect(matchesScheme(scheme, new URL(url))).toBe(expected);
  });

  it('matches a long URL against many wildcards quickly (no backtracking blow-up)', () => {
    const scheme = `https://a.test/${'*a'.repeat(20)}b`;
    const url = new URL(`https://a.test/${'a'.repeat(5_000)}`);
    const started = performance.now();
    expect(matchesScheme(scheme, url)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('findEndpoint with a list of ours', () => {
  const mine: OEmbedProvider[] = [
    {provider_name: 'Mine', provider_url: 'https://mine.test/', endpoints: [{schemes: ['https://*.youtube.com/watch*'], url: 'https://mine.test/oembed'}]},
  ];

  it('takes the first provider in list order, so entries put first replace bundled ones', () => {
    expect(findEndpoint('https://www.youtube.com/watch?v=a', [...mine, ...bundledProviders()])?.url).toBe('https://mine.test/oembed');
    expect(findEndpoint('https://youtu.be/a', [...mine, ...bundledProviders()])?.url).toBe('https://www.youtube.com/oembed');
    expect(findEndpoint('https://youtu.be/a', mine)).toBeNull();
  });

  it('asks for XML only when the endpoint offers no JSON, and skips endpoints that are not http(s)', () => {
    const list: OEmbedProvider[] = [
      {provider_name: 'Bad', provider_url: '', endpoints: [{schemes: ['https://a.test/*'], url: 'file:///etc/passwd'}]},
      {provider_name: 'Malformed', provider_url: '', endpoints: [{schemes: ['https://a.test/*'], url: 'https://'}]},
      {provider_name: 'Xml', provider_url: '', endpoints: [{schemes: ['https://a.test/*'], url: 'https://x.test/oembed.{format}', formats: ['xml']}]},
    ];
    expect(findEndpoint('https://a.test/p', list)).toMatchObject({url: 'https://x.test/oembed.xml', format: 'xml'});
  });

  it('tolerates malformed entries', () => {
    const list = [
      {provider_name: 'Broken', provider_url: '', endpoints: [{url: 42, schemes: [null]}, {url: 'https://b.test/o'}, {url: 'https://b.test/o', schemes: 'https://a.test/*'}]},
      {provider_name: 'No endpoints', provider_url: '', endpoints: {}},
      null,
      {provider_name: 'Good', provider_url: '', endpoints: [{schemes: ['https://a.test/*'], url: 'https://a.test/o'}]},
    ] as unknown as OEmbedProvider[];
    expect(findEndpoint('https://a.test/p', list)?.provider.provider_name).toBe('Good');
  });
});

describe('registryRequestUrl', () => {
  it('adds url, format and the sizes', () => {
    const match = findEndpoint('https://youtu.be/x')!;
    expect(registryRequestUrl(match, 'https://youtu.be/x', {maxWidth: 350, maxHeight: 200})).toBe(
      'https://www.youtube.com/oembed?url=https%3A%2F%2Fyoutu.be%2Fx&format=json&maxwidth=350&maxheight=200',
    );
  });

  it('leaves format out when the endpoint URL carries it, and bad sizes out', () => {
    const match = findEndpoint('https://vimeo.com/1')!;
    expect(registryRequestUrl(match, 'https://vimeo.com/1', {maxWidth: Number.NaN, maxHeight: -1})).toBe(
      'https://vimeo.com/api/oembed.json?url=https%3A%2F%2Fvimeo.com%2F1',
    );
  });
});
