import {describe, expect, it} from '@jest/globals';
import {isLoopbackAddress} from '../../src/url/address.js';
import {LinkpeekError, toErrorBody} from '../../src/errors.js';
import type {AddressPolicy} from '../../src/options.js';
import {validateUrl} from '../../src/url/validate-url.js';

/** The LinkpeekError that `validateUrl` throws for these arguments (fails the test when none is thrown). */
function rejection(input: unknown, allowAddress?: AddressPolicy): LinkpeekError {
  try {
    validateUrl(input, allowAddress);
  } catch (error) {
    expect(error).toBeInstanceOf(LinkpeekError);
    return error as LinkpeekError;
  }
  throw new Error(`validateUrl accepted ${String(input)}`);
}

describe('validateUrl: rule 1, the value is required', () => {
  it.each([undefined, null, '', '   ', '\t\n'])('rejects %j with EINVALURL "`url` is required"', (input) => {
    const error = rejection(input);
    expect(error.code).toBe('EINVALURL');
    expect(error.message).toBe('`url` is required.');
    expect(error.data).toEqual({url: 'is required'});
  });

  it.each([42, true, {}, {href: 'https://example.com/'}, ['https://example.com/'], Symbol('url')])(
    'rejects the non-string %p with EINVALURL',
    (input) => {
      const error = rejection(input);
      expect(error.code).toBe('EINVALURL');
      expect(error.message).toContain('`url` is required as a string or a URL');
      expect(error.data).toEqual({url: 'must be a string'});
    },
  );

  it('accepts a URL object and returns a new one, leaving the argument untouched', () => {
    const input = new URL('https://example.com/a?b=c#d');
    const url = validateUrl(input);
    expect(url).not.toBe(input);
    expect(url.href).toBe('https://example.com/a?b=c#d');
    url.pathname = '/changed';
    expect(input.pathname).toBe('/a');
  });
});

describe('validateUrl: rules 2-3, a well-formed absolute http(s) URL', () => {
  it.each([
    'example.com',
    'www.example.com/page',
    '/relative/path',
    '//example.com/protocol-relative',
    'http://',
    'https://',
    'http://exa mple.com/',
    'http://[::1/',
    'http://example.com:99999/',
    'http://1.2.3.4.5/',
    'http://256.0.0.1/',
    'http://0x100000000/',
    'https://exa%00mple.com/',
  ])('rejects the malformed %j with EINVALURL and quotes it', (input) => {
    const error = rejection(input);
    expect(error.code).toBe('EINVALURL');
    expect(error.message).toBe(`The URL \`${input}\` is not a well-formed absolute URL.`);
    expect(error.data).toEqual({url: 'must be a well-formed absolute URL'});
  });

  it.each([
    ['ftp://example.com/file', 'ftp:'],
    ['file:///etc/passwd', 'file:'],
    ['javascript:alert(1)', 'javascript:'],
    ['data:text/html,<p>hi</p>', 'data:'],
    ['ws://example.com/socket', 'ws:'],
    ['gopher://127.0.0.1:6379/_INFO', 'gopher:'],
    ['mailto:someone@example.com', 'mailto:'],
    ['blob:https://example.com/uuid', 'blob:'],
  ])('rejects %s with EINVALURL naming the scheme', (input, scheme) => {
    const error = rejection(input);
    expect(error.code).toBe('EINVALURL');
    expect(error.message).toContain(`uses ${scheme}; only http: and https: are supported.`);
    expect(error.data).toEqual({url: 'must use http: or https:'});
  });

  it.each([
    ['http://example.com', 'http://example.com/'],
    ['HTTPS://EXAMPLE.COM/Path', 'https://example.com/Path'],
    ['  https://example.com/  ', 'https://example.com/'],
    ['https://example.com:443/', 'https://example.com/'],
    ['http://example.com:8080/x', 'http://example.com:8080/x'],
    ['https://example.com/a b', 'https://example.com/a%20b'],
    ['https:example.com', 'https://example.com/'],
    ['https://example.com./', 'https://example.com./'],
  ])('accepts %j as %s', (input, href) => {
    expect(validateUrl(input).href).toBe(href);
  });

  it('cuts a long malformed value short and replaces control characters in the message', () => {
    const error = rejection(`not a url\r\nX-Injected: 1 ${'a'.repeat(500)}`);
    expect(error.code).toBe('EINVALURL');
    expect(error.message).not.toMatch(/[\r\n]/);
    expect(error.message.length).toBeLessThan(200);
  });
});

describe('validateUrl: credentials (accepted as WHATWG accepts them; the fetcher sends them as Basic auth)', () => {
  it.each([
    'http://alice:s3cr3t-pw@example.com/',
    'https://alice@example.com/private',
    'https://:s3cr3t-pw@example.com/',
    'https://alice:s3cr3t%40pw@example.com:8443/x?y#z',
  ])('accepts %s and keeps the credentials in the URL it returns', (input) => {
    const url = validateUrl(input);
    expect(url.href).toBe(input);
    expect(validateUrl(new URL(input)).href).toBe(input);
  });

  it.each([
    ['http://alice:s3cr3t-pw@127.0.0.1/', 'http://127.0.0.1/'],
    ['https://alice:s3cr3t-pw@[::1]:8443/x?y#z', 'https://[::1]:8443/x?y#z'],
    ['http://alice:s3cr3t-pw@localhost./', 'http://localhost./'],
  ])('judges the host of %s and never echoes the credentials when it is refused', (input, stripped) => {
    const error = rejection(input);
    expect(error.code).toBe('EFORBIDDENURL');
    expect(error.message).toContain(stripped);
    expect(error.url).toBe(stripped);
    const everything = JSON.stringify({body: toErrorBody(error), message: error.message, url: error.url});
    expect(everything).not.toContain('s3cr3t');
    expect(everything).not.toContain('alice');
  });

  it.each([
    'ftp://alice:s3cr3t-pw@example.com/',
    'http://alice:s3cr3t-pw@[::1',
    'http://alice:s3cr3t-pw@exa mple.com/',
    'alice:s3cr3t-pw@example.com',
  ])('never echoes the credentials of %s when another rule fails first', (input) => {
    const error = rejection(input);
    expect(error.code).toBe('EINVALURL');
    expect(JSON.stringify({body: toErrorBody(error), message: error.message})).not.toContain('s3cr3t');
  });

  it.each(['http://@example.com/', 'http://:@example.com/'])('accepts %s, whose userinfo is empty', (input) => {
    expect(validateUrl(input).href).toBe('http://example.com/');
  });
});

describe('validateUrl: rules 5-7, fragments, IDN and the target query string', () => {
  it.each([
    ['https://example.com/page#section-2', '#section-2'],
    ['https://example.com/#', ''],
    ['https://example.com/#/app/route?x=1', '#/app/route?x=1'],
  ])('keeps the fragment of %s', (input, hash) => {
    const url = validateUrl(input);
    expect(url.hash).toBe(hash);
    expect(url.href).toBe(input);
  });

  it.each([
    ['https://例え.jp/', 'xn--r8jz45g.jp'],
    ['https://bücher.example/', 'xn--bcher-kva.example'],
    ['https://ＥＸＡＭＰＬＥ.com/', 'example.com'],
    ['https://пример.рф/путь', 'xn--e1afmkfd.xn--p1ai'],
    ['https://xn--r8jz45g.jp/', 'xn--r8jz45g.jp'],
  ])('accepts the IDN host of %s as punycode %s', (input, hostname) => {
    expect(validateUrl(input).hostname).toBe(hostname);
  });

  it.each([
    ['https://a.com/s?q=a%26b%3Dc&x=%2F', '?q=a%26b%3Dc&x=%2F'],
    ['https://a.com/s?url=https%3A%2F%2Fb.com%2F%3Fx%3D1', '?url=https%3A%2F%2Fb.com%2F%3Fx%3D1'],
    ['https://a.com/s?a=1&a=2&b=%20+', '?a=1&a=2&b=%20+'],
    ['https://a.com/?', ''],
  ])('keeps the percent-encoded query of %s intact', (input, search) => {
    const url = validateUrl(input);
    expect(url.search).toBe(search);
  });

  it('does not resolve names: a host name is checked later, at connect time', () => {
    expect(validateUrl('http://intranet/').hostname).toBe('intranet');
    expect(validateUrl('http://metadata.google.internal/').hostname).toBe('metadata.google.internal');
  });
});

describe('validateUrl: rule 4, IP-literal hosts against the address policy', () => {
  it.each([
    ['http://127.0.0.1/', '127.0.0.1'],
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://127.0.0.1./', '127.0.0.1'],
    ['http://%31%32%37.0.0.1/', '127.0.0.1'],
    ['http://１２７.０.０.１/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://10.0.0.1:8080/', '10.0.0.1'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['http://100.100.100.200/', '100.100.100.200'],
    ['http://192.168.1.1/', '192.168.1.1'],
    ['http://[::1]/', '::1'],
    ['http://[::]/', '::'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', '::ffff:7f00:1'],
    ['http://[fd00:ec2::254]/', 'fd00:ec2::254'],
    ['http://[fe80::1]/', 'fe80::1'],
    ['http://[64:ff9b::a00:1]/', '64:ff9b::a00:1'],
    ['http://[2002:7f00:1::]/', '2002:7f00:1::'],
  ])('rejects %s (the address %s) with EFORBIDDENURL by default', (input, address) => {
    const error = rejection(input);
    expect(error.code).toBe('EFORBIDDENURL');
    expect(error.status).toBe(400);
    expect(error.message).toContain(`points to ${address}, which is not a public address`);
    expect(error.data).toEqual({url: 'must not point to a private or reserved address'});
  });

  it.each([
    ['http://8.8.8.8/', '8.8.8.8'],
    ['http://134744072/', '8.8.8.8'],
    ['https://[2606:4700::1111]/', '[2606:4700::1111]'],
    ['https://[64:ff9b::808:808]/', '[64:ff9b::808:808]'],
  ])('accepts the public literal %s (host %s)', (input, hostname) => {
    expect(validateUrl(input).hostname).toBe(hostname);
  });

  it('passes the canonical address and its family to allowAddress', () => {
    const calls: Array<[string, 4 | 6]> = [];
    const record: AddressPolicy = (address, family) => {
      calls.push([address, family]);
      return true;
    };
    validateUrl('http://0x7f.1/', record);
    validateUrl('http://[::FFFF:127.0.0.1]:8080/', record);
    validateUrl('http://example.com/', record);
    expect(calls).toEqual([
      ['127.0.0.1', 4],
      ['::ffff:7f00:1', 6],
    ]);
  });

  it('lets an app opt in to loopback through allowAddress', () => {
    expect(validateUrl('http://127.0.0.1:3000/', isLoopbackAddress).href).toBe('http://127.0.0.1:3000/');
    expect(validateUrl('http://[::1]:3000/', isLoopbackAddress).href).toBe('http://[::1]:3000/');
    expect(rejection('http://10.0.0.1/', isLoopbackAddress).code).toBe('EFORBIDDENURL');
  });

  it('lets an allowAddress policy refuse a public address', () => {
    expect(rejection('http://8.8.8.8/', () => false).code).toBe('EFORBIDDENURL');
  });

  it('checks the URL rules before the address policy', () => {
    expect(rejection('http://user:pw@exa mple.com/').code).toBe('EINVALURL');
    expect(rejection('ftp://127.0.0.1/').code).toBe('EINVALURL');
  });
});

describe('validateUrl: host names DNS can look up (RFC 1035: labels of 63, names of 253)', () => {
  const label = (n: number) => 'a'.repeat(n);
  it.each([
    [`https://${label(64)}.example.com/`, 'must have host name labels of at most 63 characters', 'a host name label of 64 characters'],
    [`https://${Array.from({length: 5}, () => label(60)).join('.')}.com/`, 'must have a host name of at most 253 characters', 'a host name of 308 characters'],
  ])('refuses %s with EINVALURL before any lookup', (input, reason, said) => {
    const error = rejection(input);
    expect(error.code).toBe('EINVALURL');
    expect(error.data).toEqual({url: reason});
    expect(error.message).toContain(said);
  });

  it.each([
    `https://${label(63)}.example.com/`,
    `https://${Array.from({length: 4}, () => label(61)).join('.')}.com/`,
    `https://${Array.from({length: 4}, () => label(61)).join('.')}.com./`,
    'https://[::1]/',
  ])('accepts the longest names DNS allows: %s', (input) => {
    expect(() => validateUrl(input, isLoopbackAddress)).not.toThrow();
  });
});
