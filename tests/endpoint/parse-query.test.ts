import {describe, expect, it} from '@jest/globals';
import {parseQuery} from '../../src/endpoint/parse-query.js';
import {isLinkpeekError, type LinkpeekError} from '../../src/errors.js';
import {normalizeConfig, normalizeOptions} from '../../src/options.js';

const parse = (query: string) => parseQuery(new URLSearchParams(query));

function errorOf(query: string): LinkpeekError {
  try {
    parse(query);
  } catch (error) {
    if (isLinkpeekError(error)) return error;
    throw error;
  }
  throw new Error(`parseQuery(${query}) did not throw`);
}

describe('parseQuery', () => {
  it('reads prerender (true, false, auto) and the top-level waits, in camelCase or snake_case', () => {
    expect(parse('url=https://a.test/&prerender=auto').options).toEqual({prerender: 'auto'});
    expect(parse('url=https://a.test/&prerender').options).toEqual({prerender: true});
    expect(parse('url=https://a.test/&prerender=false').options).toEqual({prerender: false});
    expect(parse('url=https://a.test/&wait_until=networkidle0&waitForSelector=%23app&wait_for_timeout=20').options).toEqual({
      waitUntil: 'networkidle0',
      waitForSelector: '#app',
      waitForTimeout: 20,
    });
    expect(errorOf('url=https://a.test/&prerender=maybe').message).toContain('`prerender` must be `true`, `false` or `auto`');
    expect(errorOf('url=https://a.test/&waitUntil=load&wait_until=load').message).toContain('more than once');
    expect(errorOf('url=https://a.test/&waitForTimeout=soon').code).toBe('EINVALOPTION');
    expect(errorOf('url=https://a.test/&prerendr=true').message).toContain('Did you mean `prerender`?');
  });

  it('reads iframe (boolean or dotted size) and meta (boolean or per field)', () => {
    expect(parse('url=https://a.test/&iframe').options).toEqual({iframe: true});
    expect(parse('url=https://a.test/&iframe.maxWidth=350&iframe.max_height=200').options).toEqual({iframe: {maxWidth: 350, maxHeight: 200}});
    expect(parse('url=https://a.test/&meta=false').options).toEqual({meta: false});
    expect(parse('url=https://a.test/&meta.logo=false&meta.Audio=false').options).toEqual({meta: {logo: false, audio: false}});
    expect(errorOf('url=https://a.test/&iframe=false&iframe.maxWidth=1').message).toContain('`iframe` is false');
    expect(errorOf('url=https://a.test/&meta=true&meta.logo=false').message).toContain('`meta` cannot be given together');
    expect(errorOf('url=https://a.test/&meta.titel=false').message).toContain('Did you mean `meta.title`?');
    expect(errorOf('url=https://a.test/&iframe.width=3').code).toBe('EINVALOPTION');
  });

  it('rebuilds nested data rules from dotted names, numeric segments as lists', () => {
    const query = [
      'url=https://a.test/',
      'data.price.selector=.price',
      'data.price.type=number',
      'data.Name.0.selector=h1',
      'data.Name.1.selector=title',
      'data.name.attr.0=content',
      'data.name.attr.1=text',
      'data.name.selector=meta%5Bname%3Dtitle%5D',
      'data.items.selectorAll=li',
      'data.items.attr.title.selector=h2',
      'data.items.attr.link.selector=a',
      'data.items.attr.link.attr=href',
    ].join('&');
    expect(parse(query).options).toEqual({
      data: {
        price: {selector: '.price', type: 'number'},
        Name: [{selector: 'h1'}, {selector: 'title'}],
        name: {attr: ['content', 'text'], selector: 'meta[name=title]'},
        items: {selectorAll: 'li', attr: {title: {selector: 'h2'}, link: {selector: 'a', attr: 'href'}}},
      },
    });
    expect(errorOf('url=https://a.test/&data.price=.price&data.price.type=number').message).toContain('both as a value and as an object');
    expect(errorOf('url=https://a.test/&data.__proto__.selector=x').message).toContain('not a valid rule path');
    expect(errorOf('url=https://a.test/&data.price.selector=a&data.price.selector=b').message).toContain('more than once');
  });

  it('reads only `url` into empty options', () => {
    expect(parse('url=https%3A%2F%2Fexample.com%2F')).toEqual({url: 'https://example.com/', options: {}, embed: null, force: false, filter: null, cache: {}});
  });

  it.each([
    ['ping=false', {ping: false}],
    ['ping=true', {ping: true}],
    ['ping', {ping: true}],
    ['screenshot', {screenshot: true}],
    ['screenshot=true', {screenshot: true}],
    ['screenshot=false', {screenshot: false}],
    ['element=%23main', {element: '#main'}],
    ['timeout=5000', {timeout: 5000}],
  ])('reads `%s`', (query, options) => {
    expect(parse(`url=https://a.test/&${query}`).options).toEqual(options);
  });

  it('fills every ping kind when one is switched off with a dotted name', () => {
    expect(parse('url=https://a.test/&ping.audio=false').options.ping).toEqual({
      url: true,
      image: true,
      logo: true,
      video: true,
      audio: false,
    });
  });

  it('lets a dotted ping name switch one kind back on under ping=false', () => {
    expect(parse('url=https://a.test/&ping=false&ping.image=true').options.ping).toEqual({
      url: false,
      image: true,
      logo: false,
      video: false,
      audio: false,
    });
  });

  it('turns screenshots on for any screenshot.* parameter, with typed values', () => {
    const {options} = parse(
      'url=https://a.test/&screenshot.type=jpeg&screenshot.fullPage=true&screenshot.width=640&screenshot.device_scale_factor=2&screenshot.element=h1',
    );
    expect(options.screenshot).toEqual({type: 'jpeg', fullPage: true, width: 640, deviceScaleFactor: 2, element: 'h1'});
  });

  it.each(['screenshot.full_page', 'screenshot.fullPage', 'screenshot.FULLPAGE', 'screenshot.full-page'])(
    'accepts `%s` as screenshot.fullPage',
    (name) => {
      expect(parse(`url=https://a.test/&${name}=false`).options.screenshot).toEqual({fullPage: false});
    },
  );

  it.each([
    ['headers.user_agent', 'user-agent'],
    ['headers.userAgent', 'user-agent'],
    ['headers.User-Agent', 'user-agent'],
    ['headers.authorization', 'authorization'],
    ['headers.x_api_key', 'x-api-key'],
  ])('maps `%s` to the `%s` header', (name, header) => {
    expect(parse(`url=https://a.test/&${name}=v`).options.headers).toEqual({[header]: 'v'});
  });

  it('embeds the date fields', () => {
    expect(parse('url=https://a.test/&embed=datePublished').embed).toBe('datePublished');
    expect(parse('url=https://a.test/&embed=dateModified').embed).toBe('dateModified');
  });

  it('turns screenshots on for embed=screenshot.url', () => {
    expect(parse('url=https://a.test/&embed=screenshot.url')).toEqual({
      url: 'https://a.test/',
      options: {screenshot: true},
      embed: 'screenshot.url',
      force: false,
      filter: null,
      cache: {},
    });
  });

  it('keeps the target query string when the caller percent-encodes it', () => {
    const target = 'https://a.test/page?id=1&lang=en';
    expect(parse(`url=${encodeURIComponent(target)}&ping=false`).url).toBe(target);
  });

  it('turns the extra params of an unencoded target query string into unknown parameters (spec rule 7)', () => {
    const error = errorOf('url=https://a.test/page?id=1&lang=en');
    expect(error.code).toBe('EINVALOPTION');
    expect(error.data).toEqual({lang: 'is not a known parameter'});
    expect(error.message).toContain('percent-encode');
  });

  it.each([
    ['', 'EINVALURL', {url: 'is required'}],
    ['url=', 'EINVALURL', {url: 'is required'}],
    ['url=https://a.test/&pingg=false', 'EINVALOPTION', {pingg: 'is not a known parameter'}],
    ['url=https://a.test/&ping=no', 'EINVALOPTION', {ping: 'must be `true` or `false`'}],
    ['url=https://a.test/&ping.sound=false', 'EINVALOPTION', {'ping.sound': 'is not a known parameter'}],
    ['url=https://a.test/&screenshot.width=wide', 'EINVALOPTION', {'screenshot.width': 'must be a number'}],
    ['url=https://a.test/&screenshot.zoom=2', 'EINVALOPTION', {'screenshot.zoom': 'is not a known parameter'}],
    ['url=https://a.test/&url=https://b.test/', 'EINVALOPTION', {url: 'is given more than once'}],
    ['url=https://a.test/&ping.audio=false&ping.Audio=true', 'EINVALOPTION', {'ping.Audio': 'is given more than once'}],
    ['url=https://a.test/&screenshot.fullPage=true&screenshot.full_page=false', 'EINVALOPTION', {'screenshot.full_page': 'is given more than once'}],
    ['url=https://a.test/&headers.user_agent=a&headers.User-Agent=b', 'EINVALOPTION', {'headers.User-Agent': 'is given more than once'}],
    ['url=https://a.test/&timeout=soon', 'EINVALOPTION', {timeout: 'must be a number of milliseconds or a duration such as `10s` or `500ms`'}],
    ['url=https://a.test/&embed=image.colour', 'EINVALOPTION', {embed: expect.stringContaining('must be a field')}],
    [
      'url=https://a.test/&screenshot=false&screenshot.type=png',
      'EINVALOPTION',
      {screenshot: 'is false, but other parameters ask for a screenshot'},
    ],
  ])('rejects `%s` with %s naming the parameter', (query, code, data) => {
    const error = errorOf(query);
    expect(error.code).toBe(code);
    expect(error.data).toEqual(data);
  });

  it('suggests the closest parameter name, and percent-encoding only when `url` has a query string', () => {
    expect(errorOf('url=https://a.test/&screnshot=true').message).toBe('Unknown parameter `screnshot`. Did you mean `screenshot`?');
    expect(errorOf('screnshot=true&url=https://a.test/?q=1').message).toContain('percent-encode');
  });

  it('leaves ranges and refused headers to normalizeOptions, which names the parameter', () => {
    const config = normalizeConfig();
    const check = (query: string) => {
      try {
        normalizeOptions(parse(query).options, config);
      } catch (error) {
        return (error as LinkpeekError).data;
      }
      return undefined;
    };
    expect(check('url=https://a.test/&screenshot.width=0')).toEqual({'screenshot.width': expect.any(String)});
    expect(check('url=https://a.test/&screenshot.type=gif')).toEqual({'screenshot.type': expect.any(String)});
    expect(check('url=https://a.test/&headers.host=evil.test')).toEqual({'headers.host': 'may not be set by the caller'});
    expect(check('url=https://a.test/&headers.transfer_encoding=x')).toEqual({
      'headers.transfer-encoding': 'may not be set by the caller',
    });
    expect(check('url=https://a.test/&ping.audio=false&screenshot.full_page=true')).toBeUndefined();
  });
});
