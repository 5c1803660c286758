import type {LookupFunction} from 'node:net';

/**
 * dns.lookup stand-in for the oEmbed tests: the names below, all on loopback, and ENOTFOUND for any
 * other, so no test can reach beyond 127.0.0.0/8. `refused.test` is 127.0.0.2, which the tests'
 * address policy refuses.
 */
export const oembedHosts: Record<string, string> = {
  'site.test': '127.0.0.1',
  'provider.test': '127.0.0.1',
  'www.youtube.com': '127.0.0.1',
  'refused.test': '127.0.0.2',
};

export const oembedLookup = ((hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
  const address = oembedHosts[hostname.toLowerCase()];
  queueMicrotask(() => {
    if (!address) done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND', hostname}));
    else if (all) done(null, [{address, family: 4}]);
    else done(null, address, 4);
  });
}) as LookupFunction;

/** The tests' address policy: 127.0.0.1 only (so 127.0.0.2, `refused.test`, is a refused address). */
export const only127001 = (address: string) => address === '127.0.0.1';
