import {beforeAll, describe, expect, it} from '@jest/globals';
import {classifyBackground} from '../../src/browser/overlay-background.js';
import {parseQuery} from '../../src/endpoint/parse-query.js';
import {isLinkpeekError} from '../../src/errors.js';
import {normalizeConfig, normalizeOptions, type ExtractOptions} from '../../src/options.js';
import {isPublicAddress} from '../../src/url/address.js';
import {loadCssSelect} from '../../src/shared/lazy-css-select.js';
import {loopbackConfig} from '../helpers/policy.js';

// css-select loads on first use (src/shared/lazy-css-select.ts); extract() and the endpoint load it
// before they check selectors, and so does this file (jest cannot require an ES module, as Node does).
beforeAll(() => loadCssSelect());

const config = normalizeConfig(loopbackConfig);
const resolve = (options: ExtractOptions) => normalizeOptions(options, config);
function failure(run: () => unknown): {code?: string; message?: string; data?: Record<string, string>} {
  try {
    run();
  } catch (error) {
    if (isLinkpeekError(error)) return error as never;
    throw error;
  }
  throw new Error('did not throw');
}

describe('device, colorScheme and mediaType', () => {
  it('resolves a device case-insensitively; its viewport is the screenshot default, which screenshot.* overrides', () => {
    const {emulation, screenshot} = resolve({device: '  IPHONE 15 ', screenshot: true});
    expect(emulation.device).toMatchObject({name: 'iPhone 15', viewport: {width: 393, height: 659, deviceScaleFactor: 3, isMobile: true, hasTouch: true}});
    expect(emulation.device?.userAgent).toMatch(/iPhone/);
    expect(screenshot).toMatchObject({width: 393, height: 659, deviceScaleFactor: 3});
    expect(resolve({device: 'iPhone 15', screenshot: {width: 500, deviceScaleFactor: 1}}).screenshot).toMatchObject({width: 500, height: 659, deviceScaleFactor: 1});
  });

  it('refuses an unknown device with the three nearest names, and bad colorScheme/mediaType values', () => {
    const error = failure(() => resolve({device: 'Pixel 77'}));
    expect(error.code).toBe('EINVALOPTION');
    expect(error.data).toHaveProperty('device');
    expect(error.message?.match(/`[^`]+`/g)?.slice(1)).toHaveLength(3);
    expect(failure(() => resolve({colorScheme: 'dim' as never})).data).toHaveProperty('colorScheme');
    expect(failure(() => resolve({mediaType: 'tv' as never})).data).toHaveProperty('mediaType');
    expect(resolve({colorScheme: 'no-preference', mediaType: 'print'}).emulation).toEqual({device: null, colorScheme: 'no-preference', mediaType: 'print', viewport: null});
  });
});

describe('screenshot options', () => {
  it("accepts `jpg` as `jpeg` (the providers' name)", () => {
    expect(resolve({screenshot: {type: 'jpg' as never}}).screenshot?.type).toBe('jpeg');
  });

  it('takes hide/remove/click as a selector list or an array, scroll as one selector; checks their syntax', () => {
    expect(resolve({screenshot: {hide: '.cookie-banner, #ads', remove: ['a', 'b'], click: '#accept', scroll: '#pricing'}}).screenshot).toMatchObject({
      hide: ['.cookie-banner, #ads'],
      remove: ['a', 'b'],
      click: ['#accept'],
      scroll: '#pricing',
    });
    // css-select does not know every pseudo-class or pseudo-element: the browser decides those.
    expect(resolve({screenshot: {hide: 'p::before, a:focus-visible'}}).screenshot?.hide).toEqual(['p::before, a:focus-visible']);
    for (const [options, name] of [
      [{hide: 'div[['}, 'screenshot.hide'],
      [{remove: ['ok', '']}, 'screenshot.remove.1'],
      [{click: 'a { color: red }'}, 'screenshot.click'],
      [{scroll: 42}, 'screenshot.scroll'],
      [{hide: 'x'.repeat(501)}, 'screenshot.hide'],
    ] as const) {
      expect(failure(() => resolve({screenshot: options as never})).data).toHaveProperty([name]);
    }
  });

  it('validates the overlay: browser light/dark, a background, at least one of them, no other key', () => {
    expect(resolve({screenshot: {overlay: {browser: 'dark'}}}).screenshot?.overlay).toEqual({browser: 'dark', background: null});
    expect(resolve({screenshot: {overlay: {background: ' #fff '}}}).screenshot?.overlay).toEqual({browser: null, background: '#fff'});
    expect(failure(() => resolve({screenshot: {overlay: {browser: 'blue' as never}}})).data).toHaveProperty(['screenshot.overlay.browser']);
    expect(failure(() => resolve({screenshot: {overlay: {}}})).data).toHaveProperty(['screenshot.overlay']);
    expect(failure(() => resolve({screenshot: {overlay: {color: 'red'} as never}})).data).toHaveProperty(['screenshot.overlay.color']);
  });

  it.each([
    ['#abc', 'color'],
    ['#ff000080', 'color'],
    ['rgb(255, 0, 0)', 'color'],
    ['rgba(0 0 0 / 50%)', 'color'],
    ['rebeccapurple', 'color'],
    ['linear-gradient(45deg, #f00 0%, rgba(0, 0, 255, 0.5) 100%)', 'gradient'],
    ['radial-gradient(circle at center, white, black)', 'gradient'],
    ['repeating-conic-gradient(from 90deg, red 0 10%, blue 10% 20%)', 'gradient'],
    ['https://cdn.example/bg.png', 'image'],
  ])('classifies %s as %s', (value, kind) => {
    expect(classifyBackground(value, isPublicAddress)).toBe(kind);
  });

  it.each([
    'url(https://x/)',
    'red; } body { background: url(//x) }',
    'linear-gradient(red, url(x))',
    'linear-gradient(red, var(--x))',
    'linear-gradient(red, "blue")',
    'image-set("x.png" 1x)',
    'ftp://cdn.example/bg.png',
    'data:image/png;base64,AAAA',
    '#12',
    '',
  ])('refuses %j with EINVALOPTION naming screenshot.overlay.background', (value) => {
    const error = failure(() => classifyBackground(value, isPublicAddress));
    expect(error.code).toBe('EINVALOPTION');
    expect(error.data).toHaveProperty(['screenshot.overlay.background']);
  });

  it.each(['http://10.0.0.1/bg.png', 'http://[::1]/bg.png', 'http://localhost/bg.png', 'http://169.254.169.254/'])(
    'refuses the image URL %s under the public policy with EFORBIDDENURL',
    (value) => {
      expect(failure(() => classifyBackground(value, isPublicAddress))).toMatchObject({code: 'EFORBIDDENURL', data: {'screenshot.overlay.background': expect.any(String)}});
    },
  );
});

describe('the endpoint parameters', () => {
  const parse = (query: string) => parseQuery(new URLSearchParams(`url=https://a.test/&${query}`)).options;

  it('reads device, colorScheme, mediaType (any case, snake_case) and screenshot.overlay.*', () => {
    expect(parse('device=iPhone%2015&color_scheme=dark&MediaType=print')).toEqual({device: 'iPhone 15', colorScheme: 'dark', mediaType: 'print'});
    expect(parse('screenshot.overlay.browser=dark&screenshot.overlay.background=%23ff0000&screenshot.hide=.a,%23b&screenshot.scroll=%23c').screenshot).toEqual({
      overlay: {browser: 'dark', background: '#ff0000'},
      hide: '.a,#b',
      scroll: '#c',
    });
  });

  it('refuses an unknown overlay key and a repeated one', () => {
    expect(failure(() => parse('screenshot.overlay.colour=red')).message).toMatch(/Unknown parameter `screenshot.overlay.colour`/);
    expect(failure(() => parse('screenshot.overlay.browser=dark&screenshot.overlay.Browser=light')).code).toBe('EINVALOPTION');
  });
});
