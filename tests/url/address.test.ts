import {describe, expect, it} from '@jest/globals';
import {embeddingPrefixes, isLoopbackAddress, isPublicAddress, reservedRanges} from '../../src/url/address.js';

describe('isPublicAddress: IPv4 reserved ranges', () => {
  // First, an inside and the last address of every range, written out by hand (not derived from the table).
  it.each([
    ['0.0.0.0', '"this network"'],
    ['0.255.255.255', '"this network" end'],
    ['10.0.0.0', 'private'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private end'],
    ['100.64.0.0', 'CGNAT'],
    ['100.100.100.200', 'Alibaba Cloud metadata'],
    ['100.127.255.255', 'CGNAT end'],
    ['127.0.0.1', 'loopback'],
    ['127.0.0.2', 'loopback'],
    ['127.255.255.255', 'loopback end'],
    ['169.254.0.0', 'link-local'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.255.255', 'link-local end'],
    ['172.16.0.0', 'private'],
    ['172.20.1.1', 'private'],
    ['172.31.255.255', 'private end'],
    ['192.0.0.0', 'IETF protocol assignments'],
    ['192.0.0.255', 'IETF protocol assignments end'],
    ['192.0.2.1', 'TEST-NET-1'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['192.168.0.0', 'private'],
    ['192.168.1.1', 'private'],
    ['192.168.255.255', 'private end'],
    ['198.18.0.0', 'benchmarking'],
    ['198.19.255.255', 'benchmarking end'],
    ['198.51.100.7', 'TEST-NET-2'],
    ['203.0.113.9', 'TEST-NET-3'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast (SSDP)'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.254', 'reserved'],
    ['255.255.255.255', 'limited broadcast'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
    expect(isPublicAddress(address, 4)).toBe(false);
  });

  // The neighbours just outside each range, to catch a wrong prefix length.
  it.each([
    '1.0.0.0',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '169.255.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.0',
    '192.0.3.0',
    '192.88.98.255',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '198.51.99.255',
    '203.0.114.0',
    '223.255.255.255',
  ])('accepts %s, just outside a reserved range', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.215.14', '151.101.1.69'])('accepts the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
    expect(isPublicAddress(address, 4)).toBe(true);
  });
});

describe('isPublicAddress: IPv6 reserved ranges', () => {
  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback, uncompressed'],
    ['0000:0000:0000:0000:0000:0000:0000:0001', 'loopback, zero-padded'],
    ['fc00::1', 'unique local'],
    ['fd00::1', 'unique local'],
    ['fd00:ec2::254', 'AWS metadata'],
    ['FD00:EC2::254', 'AWS metadata, upper case'],
    ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'unique local end'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local end'],
    ['fec0::1', 'site-local'],
    ['feff::1', 'site-local end'],
    ['ff02::1', 'multicast'],
    ['ff0e::1', 'multicast (global scope)'],
    ['100::', 'discard-only'],
    ['100::ffff:ffff:ffff:ffff', 'discard-only end'],
    ['2001:db8::1', 'documentation'],
    ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', 'documentation end'],
    ['3fff::1', 'documentation (RFC 9637)'],
    ['3fff:fff::1', 'documentation (RFC 9637) end'],
    ['2001::1', 'Teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo with a server address'],
    ['2001:1ff::1', 'IETF protocol assignments end'],
    ['2001:10::1', 'ORCHID'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['5f00::1', 'SRv6 SIDs'],
    ['::ffff:0:0:1', 'IPv4-translated, outside global unicast'],
    ['4000::1', 'unallocated, outside 2000::/3'],
    ['1::1', 'unallocated, outside 2000::/3'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
    expect(isPublicAddress(address, 6)).toBe(false);
  });

  it.each([
    '2606:4700::1111',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001:82a::200e',
    '2001:200::1',
    '3ffe::1',
    '3fff:1000::1',
    '2620:fe::fe',
  ])('accepts the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
    expect(isPublicAddress(address, 6)).toBe(true);
  });
});

describe('isPublicAddress: IPv6 forms that embed an IPv4 address', () => {
  it.each([
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback in hex'],
    ['::FFFF:7F00:0001', 'IPv4-mapped loopback in upper-case hex'],
    ['0:0:0:0:0:ffff:127.0.0.1', 'IPv4-mapped loopback, uncompressed'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:a00:1', 'IPv4-mapped private in hex'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata in hex'],
    ['::ffff:192.168.1.1', 'IPv4-mapped private'],
    ['::ffff:0.0.0.0', 'IPv4-mapped "this network"'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback in hex'],
    ['::10.0.0.1', 'IPv4-compatible private'],
    ['::2', 'IPv4-compatible 0.0.0.2'],
    ['64:ff9b::127.0.0.1', 'NAT64 loopback'],
    ['64:ff9b::7f00:1', 'NAT64 loopback in hex'],
    ['64:ff9b::a00:1', 'NAT64 private'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 metadata'],
    ['64:ff9b::', 'NAT64 0.0.0.0'],
    ['2002:7f00:1::', '6to4 loopback'],
    ['2002:7f00:1::1', '6to4 loopback with an interface id'],
    ['2002:a00:1::', '6to4 private'],
    ['2002:a9fe:a9fe::1', '6to4 metadata'],
    ['2002:c0a8:101:1::1', '6to4 private'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
    expect(isPublicAddress(address, 6)).toBe(false);
  });

  it.each([
    ['::ffff:8.8.8.8', 'IPv4-mapped public'],
    ['::ffff:808:808', 'IPv4-mapped public in hex'],
    ['::8.8.8.8', 'IPv4-compatible public'],
    ['64:ff9b::808:808', 'NAT64 public'],
    ['64:ff9b::8.8.8.8', 'NAT64 public, dotted'],
    ['2002:808:808::1', '6to4 public'],
    ['2002:101:101::', '6to4 public'],
  ])('accepts %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('isPublicAddress: spellings', () => {
  it.each([
    ['[::1]', false],
    ['[fd00:ec2::254]', false],
    ['[::ffff:127.0.0.1]', false],
    ['[2606:4700::1111]', true],
    ['fe80::1%eth0', false],
    ['fe80::1%1', false],
    ['::1%lo', false],
    ['[fe80::1%eth0]', false],
    ['2606:4700::1111%eth0', true],
  ])('judges %s as public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it.each([
    '',
    'localhost',
    'example.com',
    '8.8.8',
    '8.8.8.8.8',
    '256.1.1.1',
    '08.8.8.8',
    '0x8.8.8.8',
    '134744072',
    ' 8.8.8.8',
    '8.8.8.8 ',
    '8.8.8.8/32',
    '8.8.8.8:80',
    '[8.8.8.8]',
    '2606:4700::1111::1',
    '2606:4700:::1111',
    '12345::1',
    'g::1',
    '[2606:4700::1111',
    '2606:4700::1111]',
    '1:2:3:4:5:6:7:8:9',
  ])('fails closed on the non-address %j', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([null, undefined, 134744072, {}, ['8.8.8.8']])('fails closed on the non-string %p', (address) => {
    expect(isPublicAddress(address as unknown as string)).toBe(false);
  });

  it.each([
    ['8.8.8.8', 6],
    ['2606:4700::1111', 4],
    ['::ffff:8.8.8.8', 4],
  ] as const)('refuses %s reported as family %i (a contradictory resolver answer)', (address, family) => {
    expect(isPublicAddress(address, family)).toBe(false);
  });
});

describe('reserved range tables', () => {
  const firstAddress = (cidr: string): string => cidr.split('/')[0] ?? '';

  it.each(reservedRanges.map((entry) => [entry.cidr, entry.name]))('refuses the first address of %s (%s)', (cidr) => {
    expect(isPublicAddress(firstAddress(cidr))).toBe(false);
  });

  it('lists every range once, with a name', () => {
    const cidrs = reservedRanges.map((entry) => entry.cidr);
    expect(new Set(cidrs).size).toBe(cidrs.length);
    for (const entry of [...reservedRanges, ...embeddingPrefixes]) expect(entry.name).not.toBe('');
  });
});

describe('isLoopbackAddress', () => {
  it.each([
    '127.0.0.1',
    '127.0.0.2',
    '127.255.255.255',
    '::1',
    '[::1]',
    '::1%lo',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '[::ffff:127.1.2.3]',
  ])('accepts %s', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each([
    '128.0.0.1',
    '126.255.255.255',
    '10.0.0.1',
    '0.0.0.0',
    '::',
    '::2',
    '::ffff:8.8.8.8',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    'fe80::1',
    'localhost',
    '',
  ])('refuses %s', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });

  it('checks the reported family', () => {
    expect(isLoopbackAddress('127.0.0.1', 4)).toBe(true);
    expect(isLoopbackAddress('::1', 6)).toBe(true);
    expect(isLoopbackAddress('127.0.0.1', 6)).toBe(false);
    expect(isLoopbackAddress('::1', 4)).toBe(false);
  });
});
