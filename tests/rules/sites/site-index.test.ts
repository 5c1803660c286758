import {describe, expect, it} from '@jest/globals';
import {defaultSiteIndex, defaultSites, meta, siteFor, siteIndex, withSites} from '../../../src/rules/rules.js';
import {hostOf} from '../../../src/rules/sites/site-index.js';
import {existsSync} from 'node:fs';
import {fixtureCard, siteCard} from './site-card.js';

const idAt = (url: string): string | null => siteFor(defaultSiteIndex, url)?.id ?? null;

describe('site dispatch by host', () => {
  it('reads the host without a URL parse', () => {
    expect(hostOf('https://user:pw@WWW.YouTube.com:8443/watch?v=1#t')).toBe('www.youtube.com');
    expect(hostOf('https://x.com')).toBe('x.com');
    expect(hostOf('https://x.com.?a')).toBe('x.com');
    expect(hostOf('not a url')).toBe('');
  });

  it('finds a site by its domain and subdomains, and name.* under public suffixes only', () => {
    expect(idAt('https://m.youtube.com/watch?v=1')).toBe('youtube');
    expect(idAt('https://youtu.be/abc')).toBe('youtube');
    expect(idAt('https://old.reddit.com/r/a')).toBe('reddit');
    expect(idAt('https://www.amazon.co.uk/dp/B0')).toBe('amazon');
    expect(idAt('https://www.amazon.com.br/dp/B0')).toBe('amazon');
    expect(idAt('https://amazon.example.com/dp/B0')).toBeNull();
    expect(idAt('https://notyoutube.com/watch')).toBeNull();
    expect(idAt('https://youtube.com.evil.example/watch')).toBeNull();
    expect(idAt('https://news.example.com/story')).toBeNull();
  });

  it('without sites (null), the general rules alone: Amazon\'s prefix and banner come back', () => {
    const card = fixtureCard('amazon/product.html', 'https://www.amazon.com/dp/B0EXAMPLE1', null);
    expect(card.title).toMatch(/^Amazon\.com: /);
    expect(card.image[0]).not.toBe('https://m.media-amazon.com/images/I/71kettleAbC._AC_SX679_.jpg');
    expect(card.publisher).not.toBe('Amazon');
  });

  it('takes a user\'s own site, which replaces a default of the same id or takes its host', () => {
    const shop = {id: 'shop', hosts: ['shop.example'], rules: {title: [meta('product:name')]}};
    const index = withSites(shop, {id: 'youtube', hosts: ['youtube.com'], rules: {}});
    expect(siteFor(index, 'https://www.shop.example/p/1')?.id).toBe('shop');
    expect(siteFor(index, 'https://www.youtube.com/watch')?.rules).toEqual({});
    expect(siteFor(index, 'https://youtu.be/1')).toBeNull();
    expect(siteFor(siteIndex([...defaultSites, {...shop, hosts: ['x.com']}]), 'https://x.com/a')?.id).toBe('shop');
  });

  it('has a fixture for every page kind of every site, and unique ids', () => {
    expect(new Set(defaultSites.map((site) => site.id)).size).toBe(defaultSites.length);
    for (const site of defaultSites) {
      expect(site.kinds?.length).toBeGreaterThan(0);
      for (const {kind, example} of site.kinds ?? []) {
        expect({site: site.id, kind, fixture: existsSync(new URL(`../../fixtures/sites/${site.id}/${kind}.html`, import.meta.url))}).toEqual({site: site.id, kind, fixture: true});
        expect(idAt(example)).toBe(site.id);
        // Every kind's card has a title and names the site.
        const card = siteCard(site.id, kind);
        expect({site: site.id, kind, publisher: card.publisher}).toEqual({site: site.id, kind, publisher: expect.any(String)});
      }
    }
  });
});
