import {describe, expect, it} from '@jest/globals';
import {isLinkpeekError, type LinkpeekError} from '../src/errors.js';
import {createDeadline} from '../src/deadline.js';
import {defaultScreenshotOptions, normalizeConfig, normalizeOptions, type ExtractOptions} from '../src/options.js';
import {pingUrls} from '../src/ping/ping.js';
import {emptyCandidates} from '../src/rules/meta.js';

const config = normalizeConfig({allowAddress: () => true});

function optionError(options: unknown): LinkpeekError {
  try {
    normalizeOptions(options as ExtractOptions, config);
  } catch (error) {
    if (isLinkpeekError(error)) return error;
    throw error;
  }
  throw new Error('expected normalizeOptions to throw');
}

describe('normalizeOptions', () => {
  it('fills every default for an empty call', () => {
    expect(normalizeOptions({}, config)).toEqual({
      ping: {url: true, image: true, logo: true, video: true, audio: true},
      screenshot: null,
      prerender: 'auto',
      wait: {waitUntil: 'auto', waitForSelector: null, waitForTimeout: 0},
      emulation: {device: null, colorScheme: null, mediaType: 'screen', viewport: null},
      page: {adblock: true, animations: false, javascript: true, modules: [], scripts: [], styles: []},
      pdf: null,
      retry: 2,
      iframe: null,
      meta: {title: true, description: true, lang: true, author: true, publisher: true, date: true, datePublished: true, dateModified: true, url: true, image: true, logo: true, video: true, audio: true},
      data: null,
      headers: {},
      proxy: null,
      palette: false,
      insights: null,
      timeout: 10_000,
      signal: undefined,
    });
  });

  it('widens ping: false to every kind off', () => {
    expect(normalizeOptions({ping: false}, config).ping).toEqual({
      url: false,
      image: false,
      logo: false,
      video: false,
      audio: false,
    });
  });

  it('turns off only the kinds named in a ping object', () => {
    expect(normalizeOptions({ping: {audio: false}}, config).ping).toEqual({
      url: true,
      image: true,
      logo: true,
      video: true,
      audio: false,
    });
  });

  it('widens screenshot: true with the top-level element', () => {
    expect(normalizeOptions({screenshot: true, element: '#card'}, config).screenshot).toEqual({
      ...defaultScreenshotOptions,
      element: '#card',
    });
  });

  it('keeps screenshot sub-options and validates them', () => {
    const resolved = normalizeOptions({screenshot: {type: 'jpeg', fullPage: true, width: 800}}, config);
    expect(resolved.screenshot).toMatchObject({type: 'jpeg', fullPage: true, width: 800, height: 800});
    expect(optionError({screenshot: {type: 'gif'}}).message).toMatch(/`screenshot.type`.*'png', 'jpeg', 'webp'.*"gif"/);
    expect(optionError({screenshot: {width: 0}}).data).toEqual({'screenshot.width': 'must be a number from 1 to 8192'});
  });

  it('caps a per-call timeout at the config ceiling', () => {
    expect(normalizeOptions({timeout: 999_999}, config).timeout).toBe(30_000);
    expect(optionError({timeout: -1}).code).toBe('EINVALOPTION');
  });

  it('rejects unknown options and suggests the closest name', () => {
    const error = optionError({pign: false});
    expect(error.code).toBe('EINVALOPTION');
    expect(error.message).toBe('Unknown option `pign`. Did you mean `ping`?');
    expect(optionError({ping: {audoi: false}}).message).toContain('`ping.audio`');
  });

  it('lower-cases forwarded header names and refuses hop-by-hop ones without echoing values', () => {
    expect(normalizeOptions({headers: {Authorization: 'Bearer t'}}, config).headers).toEqual({authorization: 'Bearer t'});
    for (const name of ['Host', 'content-length', 'Transfer-Encoding', 'Connection', 'proxy-foo', 'Accept-Encoding']) {
      const error = optionError({headers: {[name]: 'secret-value'}});
      expect(error.code).toBe('EINVALOPTION');
      expect(error.message).not.toContain('secret-value');
    }
    expect(optionError({headers: {'x-a': 'one\r\nInjected: yes'}}).message).not.toContain('Injected');
    expect(optionError({headers: {'bad name': 'x'}}).code).toBe('EINVALOPTION');
  });

  it('rejects values of the wrong type, naming the option', () => {
    expect(optionError({ping: 'yes'}).message).toContain('`ping`');
    expect(optionError({ping: {image: 'no'}}).message).toContain('`ping.image`');
    expect(optionError({element: ''}).message).toContain('`element`');
    expect(optionError({signal: {}}).message).toContain('`signal`');
    expect(optionError(null).code).toBe('EINVALOPTION');
  });
});

describe('normalizeConfig', () => {
  it('fills defaults, with the public-only policy', () => {
    const resolved = normalizeConfig();
    expect(resolved).toMatchObject({timeout: 10_000, maxBodySize: 5 * 1024 * 1024, bodyLimit: 'truncate', maxRedirects: 10});
    expect(resolved.allowAddress.name).toBe('isPublicAddress');
  });

  it('maxDescriptionLength: none by default (whole descriptions), an opt-in cut applied when data is built', async () => {
    expect(normalizeConfig().maxDescriptionLength).toBeNull();
    expect(() => normalizeConfig({maxDescriptionLength: 0})).toThrow('`maxDescriptionLength` must be a positive integer');
    const candidates = {...emptyCandidates(), description: 'abcdefghij klmnop qrstuv'};
    const request = {ping: {url: false, image: false, logo: false, video: false, audio: false}, headers: {}, pageUrl: 'https://example.com/', deadline: createDeadline(1000)};
    expect((await pingUrls(candidates, request, normalizeConfig())).description).toBe('abcdefghij klmnop qrstuv');
    expect((await pingUrls(candidates, request, normalizeConfig({maxDescriptionLength: 12}))).description).toBe('abcdefghij…');
  });

  it('rejects unknown and mistyped config keys', () => {
    expect(() => normalizeConfig({allowAdress: () => true} as never)).toThrow('Did you mean `config.allowAddress`?');
    expect(() => normalizeConfig({maxBodySize: 1.5})).toThrow('`maxBodySize` must be a positive integer');
    expect(() => normalizeConfig({bodyLimit: 'drop' as never})).toThrow("`bodyLimit` must be 'truncate' or 'error'");
    expect(() => normalizeConfig({screenshotProvider: {} as never})).toThrow('`screenshotProvider.capture`');
  });
});

describe('prerender and waiting options', () => {
  it("defaults to prerender 'auto' and accepts true, false and 'auto' only", () => {
    expect(normalizeOptions({}, config).prerender).toBe('auto');
    expect(normalizeOptions({prerender: true}, config).prerender).toBe(true);
    expect(normalizeOptions({prerender: false}, config).prerender).toBe(false);
    expect(optionError({prerender: 'yes'}).message).toContain('`prerender`');
  });

  it('checks the top-level waits and hands them to the screenshot unless screenshot.* says otherwise', () => {
    const resolved = normalizeOptions({waitUntil: 'networkidle0', waitForSelector: '#ready', waitForTimeout: 50, screenshot: true}, config);
    expect(resolved.wait).toEqual({waitUntil: 'networkidle0', waitForSelector: '#ready', waitForTimeout: 50});
    expect(resolved.screenshot).toMatchObject({waitUntil: 'networkidle0', waitForSelector: '#ready', waitForTimeout: 50});
    const own = normalizeOptions({waitUntil: 'networkidle0', screenshot: {waitUntil: 'load', waitForTimeout: 5}}, config);
    expect(own.screenshot).toMatchObject({waitUntil: 'load', waitForSelector: null, waitForTimeout: 5});
    expect(normalizeOptions({screenshot: true}, config).screenshot?.waitUntil).toBe('load');
    expect(optionError({waitUntil: 'idle'}).message).toContain('`waitUntil`');
    expect(optionError({waitForSelector: ' '}).message).toContain('`waitForSelector`');
    expect(optionError({waitForTimeout: 60_000}).message).toContain('`waitForTimeout`');
  });

  it('normalises prerenderHosts and maxPageBytes in the config', () => {
    const resolved = normalizeConfig({prerenderHosts: ['App.Example.com', '*.spa.test', '.other.test'], maxPageBytes: 1000});
    expect(resolved.prerenderHosts).toEqual(['app.example.com', 'spa.test', 'other.test']);
    expect(resolved.maxPageBytes).toBe(1000);
    expect(normalizeConfig().prerenderHosts).toEqual([]);
    expect(normalizeConfig().maxPageBytes).toBe(25 * 1024 * 1024);
    expect(() => normalizeConfig({prerenderHosts: 'example.com' as never})).toThrow('`prerenderHosts`');
    expect(() => normalizeConfig({prerenderHosts: [''] as never})).toThrow('`prerenderHosts`');
    expect(() => normalizeConfig({maxPageBytes: 0})).toThrow('`maxPageBytes`');
  });
});
