import {BlockList} from 'node:net';
import ipRegex from 'ip-regex';

/** One address range the default policy refuses, as listed in the README's Security section. */
export interface ReservedRange {
  /** The range in CIDR notation, e.g. `10.0.0.0/8`. */
  readonly cidr: string;
  readonly family: 4 | 6;
  /** What the range is for, with its RFC. */
  readonly name: string;
}

/** An IPv6 prefix whose addresses carry an IPv4 address; such an address is judged by that IPv4. */
export interface EmbeddingPrefix extends ReservedRange {
  /** Index of the 16-bit group where the 32-bit IPv4 address starts. */
  readonly at: number;
}

const range = (cidr: string, name: string): ReservedRange => ({cidr, family: cidr.includes(':') ? 6 : 4, name});

/**
 * Every range that is not public unicast (IANA special-purpose registries, plus multicast and
 * reserved space). An address inside any of them is refused by {@link isPublicAddress}.
 */
export const reservedRanges: readonly ReservedRange[] = Object.freeze([
  range('0.0.0.0/8', '"this network" (RFC 791)'),
  range('10.0.0.0/8', 'private (RFC 1918)'),
  range('100.64.0.0/10', 'shared address space / CGNAT, incl. Alibaba Cloud metadata 100.100.100.200 (RFC 6598)'),
  range('127.0.0.0/8', 'loopback (RFC 1122)'),
  range('169.254.0.0/16', 'link-local, incl. cloud metadata 169.254.169.254 (RFC 3927)'),
  range('172.16.0.0/12', 'private (RFC 1918)'),
  range('192.0.0.0/24', 'IETF protocol assignments (RFC 6890)'),
  range('192.0.2.0/24', 'documentation TEST-NET-1 (RFC 5737)'),
  range('192.88.99.0/24', '6to4 relay anycast, deprecated (RFC 7526)'),
  range('192.168.0.0/16', 'private (RFC 1918)'),
  range('198.18.0.0/15', 'benchmarking (RFC 2544)'),
  range('198.51.100.0/24', 'documentation TEST-NET-2 (RFC 5737)'),
  range('203.0.113.0/24', 'documentation TEST-NET-3 (RFC 5737)'),
  range('224.0.0.0/4', 'multicast (RFC 5771)'),
  range('240.0.0.0/4', 'reserved, incl. broadcast 255.255.255.255 (RFC 1112, RFC 919)'),
  range('::/128', 'unspecified (RFC 4291)'),
  range('::1/128', 'loopback (RFC 4291)'),
  range('64:ff9b:1::/48', 'local-use IPv4/IPv6 translation (RFC 8215)'),
  range('100::/64', 'discard-only (RFC 6666)'),
  range('2001::/23', 'IETF protocol assignments, incl. Teredo 2001::/32 (RFC 2928, RFC 4380)'),
  range('2001:db8::/32', 'documentation (RFC 3849)'),
  range('3fff::/20', 'documentation (RFC 9637)'),
  range('5f00::/16', 'SRv6 SIDs (RFC 9602)'),
  range('fc00::/7', 'unique local, incl. AWS metadata fd00:ec2::254 (RFC 4193)'),
  range('fe80::/10', 'link-local (RFC 4291)'),
  range('fec0::/10', 'site-local, deprecated (RFC 3879)'),
  range('ff00::/8', 'multicast (RFC 4291)'),
]);

/**
 * IPv6 forms that embed an IPv4 address, which reaches that IPv4 host: `2002:7f00:1::` is 127.0.0.1
 * through 6to4, `64:ff9b::a00:1` is 10.0.0.1 through NAT64.
 */
export const embeddingPrefixes: readonly EmbeddingPrefix[] = Object.freeze([
  {...range('::ffff:0:0/96', 'IPv4-mapped (RFC 4291)'), at: 6},
  {...range('::/96', 'IPv4-compatible, deprecated (RFC 4291)'), at: 6},
  {...range('64:ff9b::/96', 'NAT64 well-known prefix (RFC 6052)'), at: 6},
  {...range('2002::/16', '6to4 (RFC 3056)'), at: 1},
]);

function blockListOf(ranges: readonly ReservedRange[]): BlockList {
  const list = new BlockList();
  for (const {cidr, family} of ranges) {
    const [network = '', prefix = ''] = cidr.split('/');
    list.addSubnet(network, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

const reservedIpv4 = blockListOf(reservedRanges.filter((entry) => entry.family === 4));
const reservedIpv6 = blockListOf(reservedRanges.filter((entry) => entry.family === 6));
const embedding = embeddingPrefixes.map((prefix) => ({...prefix, list: blockListOf([prefix])}));
// BlockList.check costs microseconds: one check over all prefixes spares the common case four.
const anyEmbedding = blockListOf(embeddingPrefixes);
// IANA allocates only 2000::/3 as global unicast; anything else outside the embedding prefixes is refused.
const globalUnicast = blockListOf([range('2000::/3', 'global unicast (RFC 4291)')]);

const ipv4Exact = ipRegex.v4({exact: true});
const ipv6Exact = ipRegex.v6({exact: true});

interface ParsedAddress {
  /** The address without brackets or zone id. */
  text: string;
  family: 4 | 6;
}

/** Accepts `1.2.3.4`, `::1`, `[::1]` and `fe80::1%eth0`; anything else is undefined. */
function parseAddress(address: unknown, family?: 4 | 6): ParsedAddress | undefined {
  if (typeof address !== 'string') return undefined;
  // Brackets belong to IPv6 only (`[8.8.8.8]` is not an address).
  const bracketed = address.startsWith('[') && address.endsWith(']');
  const text = bracketed ? address.slice(1, -1) : address;
  let parsed: ParsedAddress | undefined;
  if (!bracketed && ipv4Exact.test(text)) parsed = {text, family: 4};
  else if (ipv6Exact.test(text)) parsed = {text: text.split('%')[0] ?? '', family: 6};
  // A family that contradicts the address text is a broken resolver: fail closed.
  if (parsed === undefined || (family !== undefined && family !== parsed.family)) return undefined;
  return parsed;
}

/** The eight 16-bit groups of a valid IPv6 address (dotted IPv4 tails included). */
function ipv6Groups(text: string): number[] {
  // The WHATWG host serializer turns every spelling into one compressed lower-case hex form.
  const canonical = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array.from({length: 8 - left.length - right.length}, () => '0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
}

/** The IPv4 address an IPv6 address carries, when it has one of the {@link embeddingPrefixes}. */
function embeddedIpv4(text: string): string | undefined {
  if (!anyEmbedding.check(text, 'ipv6')) return undefined;
  const prefix = embedding.find((entry) => entry.list.check(text, 'ipv6'));
  if (prefix === undefined) return undefined;
  const groups = ipv6Groups(text);
  const high = groups[prefix.at] ?? 0;
  const low = groups[prefix.at + 1] ?? 0;
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/**
 * The default address policy: true only for a public unicast address. Called by the fetcher at
 * connect time with what DNS returned, and by `validateUrl` with IP literals.
 *
 * Refuses every range in {@link reservedRanges}, IPv6 outside 2000::/3, and IPv6 forms that embed
 * a non-public IPv4 (IPv4-mapped in any spelling, IPv4-compatible, NAT64 64:ff9b::/96, 6to4).
 * Accepts `[::1]` brackets and `%zone` ids. Anything that is not a valid IP address, or whose
 * `family` contradicts it, is refused (fail closed).
 * @param family 4 or 6 as reported by DNS; when given, it must match the address.
 * @example isPublicAddress('8.8.8.8') // true
 * @example isPublicAddress('::ffff:7f00:1') // false: 127.0.0.1
 */
export function isPublicAddress(address: string, family?: 4 | 6): boolean {
  const parsed = parseAddress(address, family);
  if (parsed === undefined) return false;
  if (parsed.family === 4) return !reservedIpv4.check(parsed.text, 'ipv4');
  if (reservedIpv6.check(parsed.text, 'ipv6')) return false;
  const ipv4 = embeddedIpv4(parsed.text);
  if (ipv4 !== undefined) return !reservedIpv4.check(ipv4, 'ipv4');
  return globalUnicast.check(parsed.text, 'ipv6');
}

/**
 * True for a loopback address: 127.0.0.0/8, `::1`, and IPv4-mapped loopback such as
 * `::ffff:127.0.0.1` or `::ffff:7f00:1`. Same input forms as {@link isPublicAddress}.
 * Usable as an `allowAddress` policy for tests that talk to their own local server.
 * @example createExtractor({allowAddress: isLoopbackAddress}) // tests only
 */
export function isLoopbackAddress(address: string, family?: 4 | 6): boolean {
  const parsed = parseAddress(address, family);
  if (parsed === undefined) return false;
  if (parsed.family === 4) return parsed.text.startsWith('127.');
  const groups = ipv6Groups(parsed.text);
  const zeroPrefix = groups.slice(0, 5).every((group) => group === 0);
  if (zeroPrefix && groups[5] === 0 && groups[6] === 0 && groups[7] === 1) return true;
  // IPv4-mapped (::ffff:0:0/96): the socket really talks to the IPv4 address.
  return zeroPrefix && groups[5] === 0xffff && (groups[6] ?? 0) >> 8 === 127;
}

/**
 * True for `localhost` and every name under it (`app.localhost`), with or without the trailing dot
 * of a fully qualified name (`localhost.`), in any case. RFC 6761 reserves them for loopback, so
 * they are judged as loopback by name: a policy that refuses loopback refuses them before any DNS
 * query (the system resolver would send `localhost.` and `*.localhost` to the network).
 * @example isLocalhostName('api.localhost.') // true
 */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Whether `allowAddress` lets a `localhost` name through to resolution at all: only when it allows
 * a loopback address (127.0.0.1 or ::1); the answer is then vetted like any other.
 */
export function allowsLocalhostNames(allowAddress: (address: string, family: 4 | 6) => boolean): boolean {
  return allowAddress('127.0.0.1', 4) || allowAddress('::1', 6);
}
