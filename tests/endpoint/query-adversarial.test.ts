import {describe, expect, it} from '@jest/globals';
import {normalizeConfig, normalizeOptions} from '../../src/options.js';
import {parseQuery} from '../../src/endpoint/parse-query.js';

// Hostile query strings: each must give a clear EINVALOPTION, never a prototype write or a header
// the caller may not set.
const config = normalizeConfig();
const url = 'http://example.com/';

function codeOf(query: string): string | undefined {
  try {
    const {options} = parseQuery(new URLSearchParams(`url=${encodeURIComponent(url)}&${query}`));
    normalizeOptions(options, config);
    return undefined;
  } catch (error) {
    return (error as {code?: string}).code;
  }
}

describe('prototype-shaped names are unknown parameters, not object keys', () => {
  it.each(['__proto__=1', 'constructor=1', 'ping.__proto__=false', 'ping.constructor=false', 'screenshot.__proto__=1', 'screenshot.toString=1'])(
    'refuses %s',
    (query) => {
      expect(codeOf(query)).toBe('EINVALOPTION');
    },
  );

  it.each(['__proto__', '__proto__.polluted', 'constructor.name', 'title.length', 'image.url.constructor'])('refuses embed=%s', (path) => {
    expect(codeOf(`embed=${encodeURIComponent(path)}`)).toBe('EINVALOPTION');
  });

  it('keeps headers.__proto__ a plain header name, leaving Object.prototype alone', () => {
    const {options} = parseQuery(new URLSearchParams(`url=${encodeURIComponent(url)}&headers.__proto__=x`));
    expect(Object.getPrototypeOf(options.headers)).toBe(Object.prototype);
    expect(Object.keys(normalizeOptions(options, config).headers)).toEqual(['--proto--']);
  });
});

describe('no spelling of a refused header gets through', () => {
  it.each(['headers.host', 'headers.HOST', 'headers.Host', 'headers.transfer_encoding', 'headers.Proxy-Authorization', 'headers.accept_encoding', 'headers.:authority'])(
    'refuses %s',
    (name) => {
      expect(codeOf(`${name}=x`)).toBe('EINVALOPTION');
    },
  );
});

describe('timeouts that would never fire, or fire at once, are refused', () => {
  it.each(['0', '-1', '1e309', 'NaN', 'Infinity', '0x10', '1.5', '9'.repeat(400)])('refuses timeout=%s', (value) => {
    expect(codeOf(`timeout=${value}`)).toBe('EINVALOPTION');
  });

  it('caps a huge timeout at maxTimeout', () => {
    const {options} = parseQuery(new URLSearchParams(`url=${encodeURIComponent(url)}&timeout=${2 ** 40}`));
    expect(normalizeOptions(options, config).timeout).toBe(config.maxTimeout);
  });
});
