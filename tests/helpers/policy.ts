import type {LookupFunction} from 'node:net';
import {isLoopbackAddress} from '../../src/url/address.js';
import type {ExtractorConfig} from '../../src/options.js';

/** Names the tests resolve, without ever asking a real DNS server. */
export const testHosts: Record<string, string> = {
  localhost: '127.0.0.1',
  'site.test': '127.0.0.1',
  'cdn.test': '127.0.0.1',
  'private.test': '10.0.0.1',
  'metadata.test': '169.254.169.254',
  'mapped.test': '::ffff:127.0.0.1',
};

/**
 * dns.lookup replacement for tests: answers from `testHosts`, and ENOTFOUND for every other name,
 * so no test can send a packet beyond loopback.
 */
export const testLookup = lookupFrom(testHosts);

/** A dns.lookup replacement answering `names` (127.0.0.1 each: a site a test plays) and ENOTFOUND for every other name. */
export function namesLookup(names: readonly string[]): LookupFunction {
  return lookupFrom(Object.fromEntries(names.map((name) => [name.toLowerCase(), '127.0.0.1'])));
}

function lookupFrom(hosts: Record<string, string>): LookupFunction {
  return ((hostname: string, options: unknown, callback?: unknown) => {
    const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
    const address = hosts[hostname.toLowerCase()];
    queueMicrotask(() => {
      if (!address) {
        done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND', hostname}));
        return;
      }
      const family = address.includes(':') ? 6 : 4;
      if (all) done(null, [{address, family}]);
      else done(null, address, family);
    });
  }) as LookupFunction;
}

/** Loopback only: the one address policy the tests use to reach their own servers. */
export const isLoopback = isLoopbackAddress;

/**
 * The trusted config every test uses: loopback targets allowed through the documented
 * `allowAddress` option, names resolved by `testLookup`.
 */
export const loopbackConfig: ExtractorConfig = {allowAddress: isLoopback, dnsLookup: testLookup};
