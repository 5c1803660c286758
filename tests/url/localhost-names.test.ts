import {createServer, type Server} from 'node:http';
import type {AddressInfo, LookupFunction} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createDeadline} from '../../src/deadline.js';
import {LinkpeekError} from '../../src/errors.js';
import {fetchPage} from '../../src/fetch/fetch-page.js';
import {normalizeConfig} from '../../src/options.js';
import {isLocalhostName, isLoopbackAddress} from '../../src/url/address.js';
import {createGuardedLookup, resolveAllowedAddresses} from '../../src/url/address-guard.js';
import {validateUrl} from '../../src/url/validate-url.js';

const localhostNames = ['localhost', 'localhost.', 'LOCALHOST', 'app.localhost', 'a.b.localhost.', 'x.LocalHost..'];
const otherNames = ['localhost.example.com', 'notlocalhost', 'localhostx', 'localhost-1.test', 'example.com'];

describe('isLocalhostName', () => {
  it.each(localhostNames)('%s is a localhost name', (name) => expect(isLocalhostName(name)).toBe(true));
  it.each(otherNames)('%s is not', (name) => expect(isLocalhostName(name)).toBe(false));
});

describe('validateUrl: localhost names count as loopback', () => {
  it.each(localhostNames.map((name) => `http://${name}:8080/path`))('refuses %s under the default policy (EFORBIDDENURL)', (input) => {
    const error = (() => {
      try {
        validateUrl(input);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(LinkpeekError);
    expect(error).toMatchObject({code: 'EFORBIDDENURL', data: {url: 'must not point to a private or reserved address'}});
  });

  it.each(otherNames.map((name) => `http://${name}/`))('leaves %s to resolution', (input) => {
    expect(validateUrl(input).href).toBe(input);
  });

  it('accepts them when the policy allows loopback (tests, `--allow-loopback`)', () => {
    expect(validateUrl('http://app.localhost./', isLoopbackAddress).hostname).toBe('app.localhost.');
  });
});

// A "public" server: 127.0.0.2, which only this test's policy allows, reached by the name
// `public.test`. Every name the resolver is asked for is recorded: a localhost name must never be.
describe('no DNS query for a localhost name, on any path', () => {
  let server: Server;
  let port: number;
  const asked: string[] = [];
  const lookup = ((hostname: string, options: unknown, callback?: unknown) => {
    asked.push(hostname);
    const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
    const known = hostname === 'public.test';
    queueMicrotask(() => {
      if (!known) done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND'}));
      else if (all) done(null, [{address: '127.0.0.2', family: 4}]);
      else done(null, '127.0.0.2', 4);
    });
  }) as LookupFunction;
  const config = normalizeConfig({allowAddress: (address) => address === '127.0.0.2', dnsLookup: lookup});

  beforeAll(async () => {
    server = createServer((request, response) => {
      const to = new URL(request.url ?? '/', 'http://x').searchParams.get('to');
      if (to) response.writeHead(302, {location: to}).end();
      else response.writeHead(200, {'content-type': 'text/html'}).end('<title>public</title>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const fetchFrom = async (url: string) => {
    const deadline = createDeadline(5_000);
    try {
      return await fetchPage(new URL(url), {headers: {}, deadline}, config);
    } finally {
      deadline.dispose();
    }
  };

  it('the test server is reachable by its public name', async () => {
    await expect(fetchFrom(`http://public.test:${port}/`)).resolves.toMatchObject({statusCode: 200});
  });

  it.each(['localhost.', 'app.localhost', 'app.localhost.'])('a redirect to http://%s is EFORBIDDENURL, with no lookup', async (name) => {
    asked.length = 0;
    const to = encodeURIComponent(`http://${name}:${port}/`);
    await expect(fetchFrom(`http://public.test:${port}/?to=${to}`)).rejects.toMatchObject({code: 'EFORBIDDENURL'});
    expect(asked.filter(isLocalhostName)).toEqual([]);
  });

  it('resolveAllowedAddresses (the browser guard) and the guarded lookup refuse them by name', async () => {
    asked.length = 0;
    await expect(resolveAllowedAddresses('app.localhost.', config)).rejects.toMatchObject({code: 'EFORBIDDENURL'});
    const guarded = createGuardedLookup(config);
    const error = await new Promise((resolve) => guarded('localhost.', {all: true}, (caught) => resolve(caught)));
    expect(error).toMatchObject({code: 'EFORBIDDENURL'});
    expect(asked).toEqual([]);
  });
});
