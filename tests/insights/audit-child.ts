// Runs one extract() with insights.lighthouse in a process of its own and prints the result (or the
// error) as JSON on stdout: jest's ESM loader cannot link Lighthouse's concurrent dynamic imports
// ("request for './computed-artifact.js' is not in cache"), plain Node can. Used by lighthouse.test.ts.
// Args: <url> <ms>. site.test is 127.0.0.1 (allowed), other.test 127.0.0.2 (refused by the policy).
import type {LookupFunction} from 'node:net';
import {createChromiumProvider} from '../../src/browser/chromium-provider.js';
import {createExtractor} from '../../src/extract.js';
import {toErrorBody, toLinkpeekError} from '../../src/errors.js';

const [url = '', timeout = '60000'] = process.argv.slice(2);
const addresses: Record<string, string> = {'site.test': '127.0.0.1', 'other.test': '127.0.0.2'};
const lookup = ((hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
  const address = addresses[hostname.toLowerCase()];
  queueMicrotask(() => {
    if (!address) return done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND'}));
    if (all) done(null, [{address, family: 4}]);
    else done(null, address, 4);
  });
}) as LookupFunction;

const provider = createChromiumProvider({concurrency: 1});
const extract = createExtractor({allowAddress: (address) => address === '127.0.0.1', dnsLookup: lookup, screenshotProvider: provider, maxTimeout: 300_000});
try {
  const result = await extract(url, {ping: false, insights: {technologies: false, lighthouse: true}, timeout: Number(timeout)});
  process.stdout.write(JSON.stringify(result));
} catch (error) {
  process.stdout.write(JSON.stringify(toErrorBody(toLinkpeekError(error))));
} finally {
  await provider.close();
}
