// Property-based: the endpoint's query parser and option normalisation, on random query strings.
import {describe, it} from '@jest/globals';
import fc from 'fast-check';
import {LinkpeekError} from '../../src/errors.js';
import {parseQuery} from '../../src/endpoint/parse-query.js';
import {normalizeConfig, normalizeOptions, refusedHeaders} from '../../src/options.js';
import {fuzz} from './fuzz.js';

const file = 'tests/fuzz/query.fuzz.test.ts';

// Names a caller might try: real parameters in both spellings, trusted config names, prototype
// keys, and random ones.
const names = fc.oneof(
  fc.constantFrom(
    'url', 'ping', 'ping.audio', 'ping.Audio', 'ping.image', 'screenshot', 'screenshot.type', 'screenshot.full_page',
    'screenshot.fullPage', 'screenshot.width', 'screenshot.quality', 'screenshot.element', 'element', 'prerender',
    'waitUntil', 'wait_until', 'waitForSelector', 'waitForTimeout', 'timeout', 'embed', 'iframe', 'iframe.maxWidth',
    'meta', 'meta.title', 'data.price.selector', 'data.price.attr', 'data.__proto__.selector',
    'headers.authorization', 'headers.host', 'headers.Host', 'headers.proxy-authorization', 'headers.x-api-key',
    'headers.accept-encoding', 'headers.', 'headers.__proto__', 'headers.constructor',
    'allowAddress', 'allow_address', 'dnsLookup', 'maxTimeout', 'max_timeout', 'maxBodySize', 'bodyLimit', 'userAgent',
    'screenshotProvider', 'screenshotStore', 'stages', 'stages.fetchPage', 'cache', 'cacheTtl', 'maxPageBytes',
    'prerenderHosts', '__proto__', '__proto__.polluted', 'constructor.prototype.polluted', 'toString', 'signal',
  ),
  fc.string({maxLength: 20}),
);
const values = fc.oneof(
  fc.constantFrom('', 'true', 'false', 'auto', '0', '-1', '1e9', '99999999999', 'NaN', 'png', 'jpeg', 'load', '#x', 'div[[',
    'http://example.com/', 'http://127.0.0.1/', 'title', 'screenshot.url', 'a\r\nb', 'Bearer x', '\u0000', '[]', '{}'),
  fc.string({maxLength: 30}),
  fc.integer().map(String),
);
const queries = fc.array(fc.tuple(names, values), {maxLength: 8}).map((pairs) => {
  const params = new URLSearchParams();
  for (const [name, value] of pairs) params.append(name, value);
  return params;
});

const config = normalizeConfig({timeout: 5_000, maxTimeout: 8_000});

describe('fuzz: the query parser', () => {
  it('throws nothing but a LinkpeekError, and no query loosens the trusted config', () => {
    fuzz(
      fc.property(queries, (params) => {
        let options;
        try {
          ({options} = parseQuery(params));
          const request = normalizeOptions(options, config);
          if (request.timeout > config.maxTimeout) throw new Error(`timeout ${request.timeout} over maxTimeout`);
          for (const name of Object.keys(request.headers)) {
            if (refusedHeaders.has(name) || name.startsWith('proxy-')) throw new Error(`refused header ${name} got through`);
          }
          for (const key of Object.keys(options)) {
            if (['allowAddress', 'dnsLookup', 'maxTimeout', 'maxBodySize', 'userAgent', 'screenshotProvider', 'stages'].includes(key)) {
              throw new Error(`config key ${key} came out of a query`);
            }
          }
        } catch (error) {
          if (!(error instanceof LinkpeekError)) throw error;
          if (error.code !== 'EINVALURL' && error.code !== 'EINVALOPTION') throw new Error(`unexpected ${error.code}: ${error.message}`);
        }
        // Nothing reached a prototype.
        if ('polluted' in Object.prototype || 'selector' in Object.prototype) throw new Error('Object.prototype was polluted');
        // The trusted config is what it was.
        if (config.maxTimeout !== 8_000 || config.timeout !== 5_000) throw new Error('the config changed');
      }),
      4000,
      file,
    );
  });
});
