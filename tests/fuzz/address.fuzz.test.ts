// Property-based: the address policy against a reference classifier built on ipaddr.js, on random
// IPv4 and IPv6 addresses in every spelling a URL or a resolver may use.
import {describe, it} from '@jest/globals';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import {isPublicAddress} from '../../src/url/address.js';
import {LinkpeekError} from '../../src/errors.js';
import {validateUrl} from '../../src/url/validate-url.js';
import {fuzz} from './fuzz.js';

const file = 'tests/fuzz/address.fuzz.test.ts';

// The reference: the ranges of docs/security.md, matched by ipaddr.js (its own parser and CIDR
// matching), and the embedding rules (IPv4-mapped, IPv4-compatible, NAT64, 6to4) written out on bytes.
const reservedV4 = [
  '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24',
  '192.0.2.0/24', '192.88.99.0/24', '192.168.0.0/16', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24',
  '224.0.0.0/4', '240.0.0.0/4',
].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));
const reservedV6 = [
  '::/128', '::1/128', '64:ff9b:1::/48', '100::/64', '2001::/23', '2001:db8::/32', '3fff::/20', '5f00::/16',
  'fc00::/7', 'fe80::/10', 'fec0::/10', 'ff00::/8',
].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));
const globalUnicast = ipaddr.IPv6.parseCIDR('2000::/3');

function referenceV4(bytes: number[]): boolean {
  const address = ipaddr.fromByteArray(bytes) as ipaddr.IPv4;
  return !reservedV4.some((range) => address.match(range));
}

function referenceV6(bytes: number[]): boolean {
  const address = ipaddr.fromByteArray(bytes) as ipaddr.IPv6;
  if (reservedV6.some((range) => address.match(range))) return false;
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return referenceV4(bytes.slice(12)); // ::ffff:0:0/96
  if (zeros(0, 12)) return referenceV4(bytes.slice(12)); // ::/96, IPv4-compatible
  if (address.match(ipaddr.IPv6.parseCIDR('64:ff9b::/96'))) return referenceV4(bytes.slice(12)); // NAT64
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return referenceV4(bytes.slice(2, 6)); // 6to4
  return address.match(globalUnicast);
}

// ---- IPv4 ----

const byte = fc.integer({min: 0, max: 255});
// Bias toward the interesting first octets (every reserved range starts with one of these).
const firstOctet = fc.oneof(byte, fc.constantFrom(0, 10, 100, 127, 169, 172, 192, 198, 203, 224, 239, 240, 255));
const ipv4Bytes = fc.tuple(firstOctet, byte, byte, byte).map((parts) => [...parts]);
const radix = fc.constantFrom<'dec' | 'hex' | 'HEX' | 'oct'>('dec', 'hex', 'HEX', 'oct');

function spell(value: number, how: 'dec' | 'hex' | 'HEX' | 'oct'): string {
  if (how === 'hex') return `0x${value.toString(16)}`;
  if (how === 'HEX') return `0X${value.toString(16).toUpperCase()}`;
  if (how === 'oct') return value === 0 ? '0' : `0${value.toString(8)}`;
  return String(value);
}

/** One of the many ways a URL host can spell the IPv4 address `bytes` (WHATWG IPv4 parser). */
const ipv4Spelling = fc
  .tuple(ipv4Bytes, fc.integer({min: 1, max: 4}), fc.array(radix, {minLength: 4, maxLength: 4}), fc.boolean())
  .map(([bytes, parts, radixes, trailingDot]) => {
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    const r = (index: number) => radixes[index] ?? 'dec';
    const value = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
    let host: string;
    if (parts === 1) host = spell(value, r(0));
    else if (parts === 2) host = `${spell(a, r(0))}.${spell(value & 0xffffff, r(1))}`;
    else if (parts === 3) host = `${spell(a, r(0))}.${spell(b, r(1))}.${spell((c << 8) + d, r(2))}`;
    else host = bytes.map((part, index) => spell(part, r(index))).join('.');
    return {bytes, host: trailingDot ? `${host}.` : host};
  });

// ---- IPv6 ----

const group = fc.integer({min: 0, max: 0xffff});
const prefixes: number[][] = [
  [], [0, 0, 0, 0, 0, 0xffff], [0, 0, 0, 0, 0, 0], [0x64, 0xff9b, 0, 0, 0, 0], [0x64, 0xff9b, 1], [0x2002],
  [0x100, 0, 0, 0], [0x2001, 0], [0x2001, 0x1ff], [0x2001, 0xdb8], [0x3fff], [0x5f00], [0xfc00], [0xfd00, 0xec2],
  [0xfe80], [0xfec0], [0xff02], [0x2606, 0x4700], [0x2a00], [0x4000], [0],
];
const ipv6Bytes = fc
  .tuple(fc.constantFrom(...prefixes), fc.array(group, {minLength: 8, maxLength: 8}), fc.boolean())
  .map(([prefix, random, sparse]) => {
    // Sparse: mostly zero groups, so `::` compression and the short embedding forms come up.
    const groups = random.map((value, index) => prefix[index] ?? (sparse && index < 6 ? 0 : value));
    return groups.flatMap((value) => [value >> 8, value & 0xff]);
  });

/** Spellings of an IPv6 address: compressed, full, zero-padded, upper case, with a dotted IPv4 tail. */
function ipv6Spellings(bytes: number[]): string[] {
  const address = ipaddr.fromByteArray(bytes) as ipaddr.IPv6;
  const groups = address.parts.map((part) => part.toString(16));
  const tail = `${bytes[12]}.${bytes[13]}.${bytes[14]}.${bytes[15]}`;
  return [
    address.toRFC5952String(),
    address.toNormalizedString(),
    groups.map((part) => part.padStart(4, '0')).join(':').toUpperCase(),
    `${groups.slice(0, 6).join(':')}:${tail}`,
    `${address.toRFC5952String().replace(/:[^:]*:[^:]*$/, '')}:${tail}`.replace(/^:(?!:)/, '::'),
  ].filter((text) => ipaddr.IPv6.isValid(text));
}

const forbidden = (host: string): boolean => {
  try {
    validateUrl(`http://${host}/`);
    return false;
  } catch (error) {
    if (error instanceof LinkpeekError && error.code === 'EFORBIDDENURL') return true;
    throw error;
  }
};

describe('fuzz: the address policy agrees with an ipaddr.js reference', () => {
  it('IPv4 in every URL spelling: the WHATWG host is the address, and refused exactly when the reference says so', () => {
    fuzz(
      fc.property(ipv4Spelling, ({bytes, host}) => {
        const dotted = bytes.join('.');
        const url = validateUrl(`http://${host}/`, () => true);
        if (url.hostname !== dotted) throw new Error(`${host} parsed as ${url.hostname}, not ${dotted}`);
        const expected = referenceV4(bytes);
        if (isPublicAddress(dotted) !== expected) throw new Error(`isPublicAddress(${dotted}) should be ${expected}`);
        if (isPublicAddress(dotted, 4) !== expected) throw new Error(`isPublicAddress(${dotted}, 4) should be ${expected}`);
        if (forbidden(host) === expected) throw new Error(`validateUrl(http://${host}/) should ${expected ? 'accept' : 'refuse'} it`);
      }),
      3000,
      file,
    );
  });

  it('IPv6 in every spelling (mapped, compatible, NAT64, 6to4 included), as a resolver answer and as a URL host', () => {
    fuzz(
      fc.property(ipv6Bytes, (bytes) => {
        const expected = referenceV6(bytes);
        const spellings = ipv6Spellings(bytes);
        if (spellings.length < 4) throw new Error(`only ${spellings.length} spellings: ${spellings.join(' ')}`);
        for (const text of spellings) {
          for (const form of [text, `[${text}]`]) {
            if (isPublicAddress(form) !== expected) throw new Error(`isPublicAddress(${form}) should be ${expected}`);
          }
          if (isPublicAddress(text, 6) !== expected) throw new Error(`isPublicAddress(${text}, 6) should be ${expected}`);
          if (isPublicAddress(text, 4)) throw new Error(`isPublicAddress(${text}, 4) must fail closed`);
          if (forbidden(`[${text}]`) === expected) throw new Error(`validateUrl(http://[${text}]/) should ${expected ? 'accept' : 'refuse'} it`);
        }
      }),
      2000,
      file,
    );
  });

  it('anything that is not an IP address is refused (fail closed)', () => {
    fuzz(
      fc.property(fc.string({maxLength: 40}), (text) => {
        if (ipaddr.isValid(text) && (ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text))) return;
        if (isPublicAddress(text)) throw new Error(`isPublicAddress(${JSON.stringify(text)}) must be false`);
      }),
      2000,
      file,
    );
  });
});
