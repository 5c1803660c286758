// Property-based: validateUrl agrees with the WHATWG URL parser (Node's) on random inputs.
import {describe, it} from '@jest/globals';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import {LinkpeekError} from '../../src/errors.js';
import {isLocalhostName, isPublicAddress} from '../../src/url/address.js';
import {validateUrl} from '../../src/url/validate-url.js';
import {fuzz} from './fuzz.js';

const file = 'tests/fuzz/url.fuzz.test.ts';

type Outcome = {code: string} | {href: string};

function outcome(input: string | URL, allowAddress?: (address: string, family: 4 | 6) => boolean): Outcome & {message?: string} {
  try {
    return {href: validateUrl(input, allowAddress).href};
  } catch (error) {
    if (!(error instanceof LinkpeekError)) throw new Error(`threw a non-LinkpeekError: ${String(error)}`);
    return {code: error.code, message: `${error.message} ${JSON.stringify(error.toJSON())}`};
  }
}

/** What the standard says, judged here without linkpeek's code. */
function expected(input: string, policy: 'allow all' | 'default'): Outcome {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return {code: 'EINVALURL'};
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return {code: 'EINVALURL'};
  if (policy === 'default') {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (ipaddr.isValid(host) && /^[\d.]+$|:/.test(host) && !isPublicAddress(host)) return {code: 'EFORBIDDENURL'};
    if (isLocalhostName(url.hostname)) return {code: 'EFORBIDDENURL'};
  }
  return {href: url.href};
}

const urlish = fc.oneof(
  fc.webUrl({
    validSchemes: ['http', 'https'],
    withFragments: true,
    withQueryParameters: true,
    authoritySettings: {withIPv4: true, withIPv6: true, withIPv4Extended: true, withPort: true, withUserInfo: true},
  }),
  fc.webUrl({validSchemes: ['ftp', 'file', 'javascript', 'data', 'ws'], authoritySettings: {withUserInfo: true}}),
  // Near-URLs: a scheme-like start and random characters, including control, space, `@`, `\`, `%`.
  fc
    .tuple(
      fc.constantFrom('http://', 'https://', 'HTTP://', 'http:', 'http:/', 'http:\\\\', '//', '', ' http://', 'http://user:pw@', 'https://a@b@'),
      fc.string({maxLength: 40, unit: fc.constantFrom('a', '.', '@', ':', '/', '\\', '%', '2', '0', 'x', '[', ']', ' ', '\t', '\n', '#', '?', 'é', '例', '\u0000', '\u00ad', 'ß')}),
    )
    .map(([start, rest]) => start + rest),
  fc.string({maxLength: 60}),
);

describe('fuzz: validateUrl agrees with the WHATWG parser', () => {
  it('on random inputs, under a policy that allows every address: EINVALURL exactly where the standard fails or is not http(s), else its href', () => {
    fuzz(
      fc.property(urlish, (input) => {
        const got = outcome(input, () => true);
        const want = expected(input, 'allow all');
        if ('href' in want ? !('href' in got) || got.href !== want.href : !('code' in got) || got.code !== want.code) {
          throw new Error(`validateUrl(${JSON.stringify(input)}) gave ${JSON.stringify(got)}, the standard ${JSON.stringify(want)}`);
        }
        // A URL object gives the same answer as its string.
        if ('href' in want && JSON.stringify(outcome(new URL(input), () => true)) !== JSON.stringify(want)) throw new Error('URL object differs');
      }),
      3000,
      file,
    );
  });

  it('under the default policy: IP literals and localhost names refused as the reference says, and credentials never echoed', () => {
    fuzz(
      fc.property(urlish, (input) => {
        const got = outcome(input);
        const want = expected(input, 'default');
        if ('href' in want ? !('href' in got) || got.href !== want.href : !('code' in got) || got.code !== want.code) {
          throw new Error(`validateUrl(${JSON.stringify(input)}) gave ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
        }
        let parsed: URL | undefined;
        try {
          parsed = new URL(input);
        } catch {
          parsed = undefined;
        }
        if (got.message && parsed && parsed.password.length >= 2 && got.message.includes(`:${parsed.password}@`)) {
          throw new Error(`the error for ${JSON.stringify(input)} echoes its password: ${got.message}`);
        }
      }),
      3000,
      file,
    );
  });
});
