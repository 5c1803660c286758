import {allowsLocalhostNames, isLocalhostName, isPublicAddress} from './address.js';
import {LinkpeekError} from '../errors.js';
import type {AddressPolicy} from './options.js';

const maxQuotedLength = 100;

/** The value for a message: cut short, control characters replaced, so a message stays one short line. */
function quote(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced.
  const printable = value.replace(/[\u0000-\u001f\u007f]/g, '\ufffd');
  return printable.length > maxQuotedLength ? `${printable.slice(0, maxQuotedLength)}…` : printable;
}

function invalid(reason: string, message: string, url?: URL): LinkpeekError {
  return new LinkpeekError('EINVALURL', message, {data: {url: reason}, ...(url && {url})});
}

/** The href without `user:password@`, for messages. */
function withoutCredentials(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

/**
 * Parses and checks a target URL, the page's or a redirect hop's (spec §4.1 rules 1-7). Pure and
 * synchronous: host names are not resolved here; the fetcher checks the connected address.
 *
 * - `input` is a string or a `URL`; it must be an absolute URL by the WHATWG URL standard.
 * - Only `http:` and `https:`.
 * - `user:password@` is accepted and **kept** in the returned URL: the caller decides what to do with
 *   it. `extract()` and `fetchPage` take it out with `splitCredentials` and send it as HTTP Basic
 *   authentication to that origin only; no message of this function ever contains it.
 * - Fragments are kept; IDN hosts become punycode; the target's own percent-encoded query is kept as is.
 * - A host that is an IP literal (after WHATWG normalisation: `http://2130706433/` is 127.0.0.1)
 *   must pass `allowAddress`; `localhost`, `localhost.` and `*.localhost` count as loopback by name
 *   (refused unless `allowAddress` allows 127.0.0.1 or ::1), so they never reach a DNS server.
 *
 * @param allowAddress The address policy for IP-literal hosts. @default isPublicAddress
 * @returns A new `URL` object; a `URL` passed in is never modified.
 * @throws {LinkpeekError} `EINVALURL` (missing, malformed, not http(s)) with
 *   `data.url` giving the reason; `EFORBIDDENURL` when the host is an IP literal the policy refuses,
 *   or a `localhost` name under a policy that refuses loopback.
 * @example validateUrl('https://例え.jp/#top').href // 'https://xn--r8jz45g.jp/#top'
 */
export function validateUrl(input: unknown, allowAddress: AddressPolicy = isPublicAddress): URL {
  if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) {
    throw invalid('is required', '`url` is required.');
  }
  if (typeof input !== 'string' && !(input instanceof URL)) {
    throw invalid('must be a string', `\`url\` is required as a string or a URL, not ${typeof input}.`);
  }

  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    const text = String(input);
    // An unparseable value may still hold a password: echo it only when it has no `@` at all.
    const shown = text.includes('@') ? '`url`' : `The URL \`${quote(text)}\``;
    throw invalid('must be a well-formed absolute URL', `${shown} is not a well-formed absolute URL.`);
  }

  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    // `alice:pw@example.com` parses with the scheme `alice:`: a URL with any `@` is not echoed.
    const shown = url.href.includes('@') ? undefined : url;
    throw invalid(
      'must use http: or https:',
      `The URL${shown ? ` \`${quote(shown.href)}\`` : ''} uses ${quote(url.protocol)}; only http: and https: are supported.`,
      shown,
    );
  }

  const badName = hostNameProblem(url.hostname);
  if (badName !== null) {
    throw invalid(badName.reason, `The URL \`${quote(withoutCredentials(url))}\` has ${badName.what}: DNS cannot look it up.`, url);
  }

  if (isLocalhostName(url.hostname) && !allowsLocalhostNames(allowAddress)) {
    throw new LinkpeekError(
      'EFORBIDDENURL',
      `The URL \`${quote(withoutCredentials(url))}\` points to ${quote(url.hostname)}, a loopback name, which is not a public address.`,
      {data: {url: 'must not point to a private or reserved address'}, url},
    );
  }
  const literal = ipLiteral(url.hostname);
  if (literal !== undefined && !allowAddress(literal.address, literal.family)) {
    throw new LinkpeekError(
      'EFORBIDDENURL',
      `The URL \`${quote(withoutCredentials(url))}\` points to ${literal.address}, which is not a public address.`,
      {data: {url: 'must not point to a private or reserved address'}, url},
    );
  }
  return url;
}

/**
 * Why a host name can never be looked up (RFC 1035 §2.3.4: a label is at most 63 octets, a name at
 * most 253 characters in text form, a trailing dot aside), or `null`. WHATWG has already turned an
 * IDN into its punycode form, which is what DNS sees. Checked here so such a name is EINVALURL, not
 * an EFETCH from the resolver.
 */
function hostNameProblem(hostname: string): {reason: string; what: string} | null {
  if (hostname.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(hostname)) return null;
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (name.length > 253) return {reason: 'must have a host name of at most 253 characters', what: `a host name of ${name.length} characters (at most 253)`};
  const long = name.split('.').find((label) => label.length > 63);
  if (long !== undefined) return {reason: 'must have host name labels of at most 63 characters', what: `a host name label of ${long.length} characters (at most 63)`};
  return null;
}

/** The address of an IP-literal host; WHATWG has already made it canonical (dotted IPv4, bracketed IPv6). */
function ipLiteral(hostname: string): {address: string; family: 4 | 6} | undefined {
  if (hostname.startsWith('[')) return {address: hostname.slice(1, -1), family: 6};
  // A special-scheme host ending in a number is always parsed as IPv4, so four numbers mean an IPv4 host.
  if (/^\d+\.\d+\.\d+\.\d+$/.test(hostname)) return {address: hostname, family: 4};
  return undefined;
}
