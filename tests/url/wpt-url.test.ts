// The WHATWG URL standard's own test data (web-platform-tests, BSD-3-Clause; see
// tests/fixtures/wpt-url/README.md) run through validateUrl, so the parser is what is tested.
import {describe, expect, it} from '@jest/globals';
import {readFileSync} from 'node:fs';
import {isLocalhostName, isPublicAddress} from '../../src/url/address.js';
import {LinkpeekError} from '../../src/errors.js';
import type {ErrorCode} from '../../src/errors.js';
import {validateUrl} from '../../src/url/validate-url.js';

interface UrlTest {
  input: string;
  base: string | null;
  failure?: boolean;
  href?: string;
  protocol?: string;
  username?: string;
  password?: string;
  hostname?: string;
}

interface ToAsciiTest {
  input: string;
  output: string | null;
}

const fixture = (name: string): unknown[] =>
  JSON.parse(readFileSync(new URL(`../fixtures/wpt-url/${name}`, import.meta.url), 'utf8')) as unknown[];

// Comment strings are interleaved with the entries.
const entries = <T>(name: string): T[] => fixture(name).filter((entry): entry is T => typeof entry === 'object');

const absolute = [
  ...entries<UrlTest>('urltestdata.json'),
  ...entries<UrlTest>('urltestdata-javascript-only.json'),
].filter((entry) => entry.base === null);

const allowAll = (): boolean => true;

const isHttp = (entry: UrlTest): boolean => entry.protocol === 'http:' || entry.protocol === 'https:';
const ipLiteral = (hostname: string): string | undefined =>
  hostname.startsWith('[') ? hostname.slice(1, -1) : /^\d+\.\d+\.\d+\.\d+$/.test(hostname) ? hostname : undefined;

/**
 * The URL standard does not check DNS lengths (VerifyDnsLength false); validateUrl also refuses a
 * name DNS cannot look up (a label over 63 octets, a name over 253 characters, RFC 1035).
 */
const dnsCanLookUp = (hostname: string): boolean => {
  if (ipLiteral(hostname) !== undefined) return true;
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  return name.length <= 253 && name.split('.').every((label) => label.length <= 63);
};

/** What validateUrl must do with an entry: an error code, or the href it must return. */
function expected(entry: UrlTest, policy: 'allow all' | 'default'): {code: ErrorCode} | {href: string} {
  if (entry.failure === true || !isHttp(entry) || !dnsCanLookUp(entry.hostname ?? '')) return {code: 'EINVALURL'};
  const address = ipLiteral(entry.hostname ?? '');
  if (policy === 'default' && address !== undefined && !isPublicAddress(address)) return {code: 'EFORBIDDENURL'};
  // RFC 6761: `localhost` and `*.localhost` are loopback by name.
  if (policy === 'default' && isLocalhostName(entry.hostname ?? '')) return {code: 'EFORBIDDENURL'};
  return {href: entry.href ?? ''};
}

function outcome(input: string, allowAddress?: () => boolean): {code: ErrorCode} | {href: string} {
  try {
    return {href: validateUrl(input, allowAddress).href};
  } catch (error) {
    if (!(error instanceof LinkpeekError)) throw error;
    return {code: error.code};
  }
}

/**
 * Where Node 20's URL parser (ada with its bundled IDNA tables) still follows the older standard.
 * Each listed input must give either the standard's answer or this one; anything else fails.
 * Both deviations are safe for linkpeek: Node rejects more, and names are checked at connect time.
 */
const olderIdna = {
  // The standard now passes ASCII `xn--` labels through unchecked; Node 20 still rejects bad Punycode.
  rejectsInvalidPunycode: {code: 'EINVALURL'},
  // Newer Unicode/UTS #46 tables made these characters valid or ignorable; Node 20 rejects them.
  rejectsNewerUnicode: {code: 'EINVALURL'},
} as const;

const nodeDeviations: Record<string, {code: ErrorCode} | {href: string}> = {
  'http://a.b.c.xn--pokxncvks': olderIdna.rejectsInvalidPunycode,
  'http://10.0.0.xn--pokxncvks': olderIdna.rejectsInvalidPunycode,
  'http://a.b.c.XN--pokxncvks': olderIdna.rejectsInvalidPunycode,
  'http://a.b.c.Xn--pokxncvks': olderIdna.rejectsInvalidPunycode,
  'http://10.0.0.XN--pokxncvks': olderIdna.rejectsInvalidPunycode,
  'http://10.0.0.xN--pokxncvks': olderIdna.rejectsInvalidPunycode,
  'https://xn--/': olderIdna.rejectsInvalidPunycode,
  'https://xn--a/x': olderIdna.rejectsInvalidPunycode,
  'https://xn--a.xn--zca/x': olderIdna.rejectsInvalidPunycode,
  'https://xn--ls8h=/x': olderIdna.rejectsInvalidPunycode,
  'https://xn--1ug.example/x': olderIdna.rejectsInvalidPunycode,
  'https://xn--a-yoc/x': olderIdna.rejectsInvalidPunycode,
  'https://xn--zn7c.com/x': olderIdna.rejectsInvalidPunycode,
  'https://xn--0.com/x': olderIdna.rejectsInvalidPunycode,
  'https://look\u180eout.net/x': olderIdna.rejectsNewerUnicode,
  'https://look\u206bout.net/x': olderIdna.rejectsNewerUnicode,
  'https://\u04c0.com/x': olderIdna.rejectsNewerUnicode,
  'https://\u{2f868}.com/x': olderIdna.rejectsNewerUnicode,
  'https://\u2183.com/x': olderIdna.rejectsNewerUnicode,
  // Capital sharp s: Node 20 maps it to `ss` (transitional processing), the standard to `ß` (xn--zca).
  'https://\u1e9e.com/x': {href: 'https://ss.com/x'},
  'https://\u1e9e.foo.com/x': {href: 'https://ss.foo.com/x'},
};

/** Checks `input` against the standard's answer, or the known Node 20 answer where it differs. */
function expectOutcome(input: string, standard: {code: ErrorCode} | {href: string}, allowAddress?: () => boolean) {
  const result = outcome(input, allowAddress);
  const deviation = nodeDeviations[input];
  if (deviation !== undefined && JSON.stringify(result) !== JSON.stringify(standard)) {
    expect(result).toEqual(deviation);
  } else {
    expect(result).toEqual(standard);
  }
}

// Test names show the input as JSON so control characters and lone surrogates stay readable.
const named = <T extends {input: string}>(list: T[]): Array<[string, T]> =>
  list.map((entry) => [JSON.stringify(entry.input), entry]);

describe('WPT urltestdata: absolute inputs', () => {
  it('has the absolute entries of both files', () => {
    expect(absolute.length).toBeGreaterThan(500);
  });

  it.each(named(absolute))('validates %s like the URL standard (any address allowed)', (_name, entry) => {
    expectOutcome(entry.input, expected(entry, 'allow all'), allowAll);
  });

  it.each(named(absolute.filter((entry) => 'href' in expected(entry, 'allow all'))))(
    'validates %s under the default address policy',
    (_name, entry) => {
      expectOutcome(entry.input, expected(entry, 'default'));
    },
  );
});

describe('WPT toascii: IDN hosts', () => {
  const cases = entries<ToAsciiTest>('toascii.json');

  it.each(named(cases))('turns the host %s into its ASCII form, or rejects it', (_name, entry) => {
    const standard = entry.output === null || !dnsCanLookUp(entry.output) ? {code: 'EINVALURL' as const} : {href: `https://${entry.output}/x`};
    expectOutcome(`https://${entry.input}/x`, standard, allowAll);
  });
});
