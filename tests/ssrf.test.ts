import type {LookupAddress} from 'node:dns';
import {createServer, type Server} from 'node:http';
import type {LookupFunction} from 'node:net';
import {afterAll, afterEach, beforeAll, describe, expect, it} from '@jest/globals';
import {createGuardedLookup, resolveAllowedAddresses} from '../src/url/address-guard.js';
import {createDeadline} from '../src/deadline.js';
import {LinkpeekError} from '../src/errors.js';
import {fetchPage, type Page} from '../src/fetch/fetch-page.js';
import {requestSafely} from '../src/fetch/http-client.js';
import {normalizeConfig, type ResolvedConfig} from '../src/options.js';
import {loopbackConfig, testLookup} from './helpers/policy.js';
import {html, redirect, startServer, type TestServer} from './helpers/server.js';
import {failure} from './helpers/failure.js';

let server: TestServer;
let connections = 0;
const countConnection = () => void connections++;

async function fetchFrom(target: string, config: ResolvedConfig): Promise<Page> {
  const deadline = createDeadline(10_000);
  try {
    return await fetchPage(new URL(target), {headers: {}, deadline}, config);
  } finally {
    deadline.dispose();
  }
}


/** A dns.lookup stand-in answering `answers[n]` on its n-th call (the last one after that); counts calls. */
function scriptedLookup(...answers: LookupAddress[][]): LookupFunction & {calls: number} {
  const lookup = ((hostname: string, options: unknown, callback?: unknown) => {
    const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
    const answer = answers[Math.min(lookup.calls, answers.length - 1)] ?? [];
    lookup.calls++;
    queueMicrotask(() => {
      const first = answer[0];
      if (all) done(null, answer);
      else if (first) done(null, first.address, first.family);
      else done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND'}));
    });
  }) as LookupFunction & {calls: number};
  lookup.calls = 0;
  return lookup;
}

const v4 = (address: string): LookupAddress => ({address, family: 4});
const v6 = (address: string): LookupAddress => ({address, family: 6});

beforeAll(async () => {
  server = await startServer({'/': html('<title>internal</title>')});
  server.server.on('connection', countConnection);
  server.route('/to-10', redirect('http://10.0.0.1/'));
  server.route('/to-private-name', redirect('http://private.test/'));
  server.route('/to-metadata', redirect('http://metadata.test/latest/meta-data/'));
  server.route('/to-file', redirect('file:///etc/passwd'));
  server.route('/to-javascript', redirect('javascript:alert(1)'));
  server.route('/to-mapped', redirect(`http://[::ffff:10.0.0.1]:${server.port}/`));
});

afterEach(() => {
  connections = 0;
});

afterAll(async () => {
  await server.close();
});

describe('redirect hops are re-checked (loopback allowed, nothing else)', () => {
  const config = normalizeConfig(loopbackConfig);

  it.each([
    ['/to-10', 'EFORBIDDENURL', 'an IP literal in 10.0.0.0/8'],
    ['/to-private-name', 'EFORBIDDENURL', 'a name resolving to 10.0.0.1'],
    ['/to-metadata', 'EFORBIDDENURL', 'a name resolving to the cloud metadata address'],
    ['/to-mapped', 'EFORBIDDENURL', 'an IPv4-mapped IPv6 literal'],
    ['/to-file', 'EINVALURL', 'a file: URL'],
    ['/to-javascript', 'EINVALURL', 'a javascript: URL'],
  ])('refuses a redirect from %s with %s (%s)', async (path, code) => {
    const before = server.hits.length;
    const error = await failure(fetchFrom(server.url(path), config));
    expect(error.code).toBe(code);
    // Only the redirecting request reached a server.
    expect(server.hits.slice(before)).toEqual([`GET ${path}`]);
  });

  it('names the host, not the resolved addresses, in the message', async () => {
    const error = await failure(fetchFrom(server.url('/to-private-name'), config));
    expect(error.message).toContain('private.test');
    expect(error.message).not.toContain('10.0.0.1');
  });
});

describe('the default (public-only) policy', () => {
  // No allowAddress: the production policy. testLookup keeps names off real DNS.
  const config = normalizeConfig({dnsLookup: testLookup});

  it.each([
    'http://127.0.0.1:PORT/',
    'http://localhost:PORT/',
    'http://2130706433:PORT/',
    'http://0x7f.0.0.1:PORT/',
    'http://0177.0.0.1:PORT/',
    'http://127.1:PORT/',
    'http://[::ffff:127.0.0.1]:PORT/',
    'http://[::1]:PORT/',
    'http://mapped.test:PORT/',
  ])('refuses %s with EFORBIDDENURL and never connects', async (template) => {
    const before = server.hits.length;
    const error = await failure(fetchFrom(template.replace('PORT', String(server.port)), config));
    expect(error.code).toBe('EFORBIDDENURL');
    expect(server.hits.length).toBe(before);
    expect(connections).toBe(0);
  });
});

describe('the connection goes to the vetted address and nowhere else', () => {
  // Two servers on one port: 127.0.0.2 stands in for a public host (allowed), 127.0.0.1 for an
  // internal one (forbidden), so the test can watch where the socket really lands. A real public
  // address (e.g. 93.184.216.34) is never used in a lookup answer: a correct fetcher would connect
  // to it, and a regressed one might, which would send traffic off the machine.
  let decoy: Server;
  let decoyHits = 0;
  const allowOnly127002 = (address: string) => address === '127.0.0.2';

  beforeAll(async () => {
    decoy = createServer((_request, response) => {
      decoyHits++;
      response.writeHead(200, {'content-type': 'text/html'}).end('<title>public stand-in</title>');
    });
    await new Promise<void>((resolve, reject) => {
      decoy.once('error', reject);
      decoy.listen(server.port, '127.0.0.2', resolve);
    });
  });

  afterAll(async () => {
    decoy.closeAllConnections();
    await new Promise<void>((resolve) => decoy.close(() => resolve()));
  });

  it('refuses a name when any one of its addresses is forbidden, and never connects to either', async () => {
    const lookup = scriptedLookup([v4('127.0.0.2'), v4('127.0.0.1')]);
    const before = decoyHits;
    const error = await failure(
      fetchFrom(`http://mixed.test:${server.port}/`, normalizeConfig({dnsLookup: lookup, allowAddress: allowOnly127002})),
    );
    expect(error.code).toBe('EFORBIDDENURL');
    expect(decoyHits).toBe(before);
    expect(connections).toBe(0);
  });

  it('closes the DNS-rebinding gap: an allowed answer to a validation-only call does not carry over to the connection', async () => {
    // First answer allowed (used only by the validation call), every later one forbidden.
    const lookup = scriptedLookup([v4('127.0.0.2')], [v4('127.0.0.1')]);
    const rebinding = normalizeConfig({dnsLookup: lookup, allowAddress: allowOnly127002});
    const before = decoyHits;
    await expect(resolveAllowedAddresses('rebind.test', rebinding)).resolves.toEqual([v4('127.0.0.2')]);
    const error = await failure(fetchFrom(`http://rebind.test:${server.port}/`, rebinding));
    expect(error.code).toBe('EFORBIDDENURL');
    expect(lookup.calls).toBe(2);
    expect(decoyHits).toBe(before);
    expect(connections).toBe(0);
  });

  it('connects to the address the guarded lookup vetted, even when DNS would answer differently next', async () => {
    const lookup = scriptedLookup([v4('127.0.0.2')], [v4('127.0.0.1')]);
    const page = await fetchFrom(
      `http://rebind.test:${server.port}/`,
      normalizeConfig({dnsLookup: lookup, allowAddress: allowOnly127002}),
    );
    expect(page.html).toBe('<title>public stand-in</title>');
    expect(lookup.calls).toBe(1);
    expect(decoyHits).toBe(1);
    expect(connections).toBe(0);
  });

  it('checks the literal of every request, not just the first (HEAD included)', async () => {
    const deadline = createDeadline(5_000);
    try {
      const config = normalizeConfig({dnsLookup: testLookup, allowAddress: allowOnly127002});
      const error = await failure(
        requestSafely(new URL(`http://127.0.0.1:${server.port}/`), {method: 'HEAD', headers: {}, deadline}, config),
      );
      expect(error.code).toBe('EFORBIDDENURL');
      const response = await requestSafely(
        new URL(`http://127.0.0.2:${server.port}/`),
        {method: 'HEAD', headers: {}, deadline},
        config,
      );
      response.body.destroy();
      expect(response.statusCode).toBe(200);
      expect(connections).toBe(0);
    } finally {
      deadline.dispose();
    }
  });
});

describe('resolveAllowedAddresses', () => {
  const config = normalizeConfig(loopbackConfig);

  it('returns the vetted addresses of a name', async () => {
    await expect(resolveAllowedAddresses('site.test', config)).resolves.toEqual([v4('127.0.0.1')]);
  });

  it('checks IP literals, bracketed or not, without a lookup', async () => {
    const lookup = scriptedLookup([]);
    const literals = normalizeConfig({...loopbackConfig, dnsLookup: lookup});
    await expect(resolveAllowedAddresses('127.0.0.1', literals)).resolves.toEqual([v4('127.0.0.1')]);
    await expect(resolveAllowedAddresses('[::1]', literals)).resolves.toEqual([v6('::1')]);
    await expect(resolveAllowedAddresses('10.0.0.1', literals)).rejects.toMatchObject({code: 'EFORBIDDENURL'});
    expect(lookup.calls).toBe(0);
  });

  it.each(['private.test', 'metadata.test'])('refuses %s with EFORBIDDENURL', async (host) => {
    const error = await failure(resolveAllowedAddresses(host, config));
    expect(error.code).toBe('EFORBIDDENURL');
    expect(error.message).toContain(host);
  });

  it('gives EFETCH for a name that does not resolve', async () => {
    await expect(resolveAllowedAddresses('nowhere.test', config)).rejects.toMatchObject({code: 'EFETCH'});
  });
});

describe('createGuardedLookup', () => {
  const call = (lookup: LookupFunction, options: object) =>
    new Promise<{error: unknown; result: unknown[]}>((resolve) => {
      lookup('dual.test', options, (error, ...result) => resolve({error, result}));
    });
  const dual = scriptedLookup([v4('127.0.0.1'), v6('::1')]);
  const lookup = createGuardedLookup({dnsLookup: dual, allowAddress: normalizeConfig(loopbackConfig).allowAddress});

  it('answers every vetted address to an all: true caller (autoSelectFamily)', async () => {
    await expect(call(lookup, {all: true})).resolves.toEqual({error: null, result: [[v4('127.0.0.1'), v6('::1')]]});
  });

  it('answers one address to a single-address caller, honouring family', async () => {
    await expect(call(lookup, {})).resolves.toEqual({error: null, result: ['127.0.0.1', 4]});
    await expect(call(lookup, {family: 6})).resolves.toEqual({error: null, result: ['::1', 6]});
  });

  it('passes DNS errors through with their code', async () => {
    const failing = createGuardedLookup({dnsLookup: testLookup, allowAddress: () => true});
    const {error} = await new Promise<{error: unknown}>((resolve) => {
      failing('nowhere.test', {}, (error) => resolve({error}));
    });
    expect(error).toMatchObject({code: 'ENOTFOUND'});
  });

  it('hands an EFORBIDDENURL error to the socket when any address is refused', async () => {
    const strict = createGuardedLookup({dnsLookup: dual, allowAddress: (address) => address === '127.0.0.1'});
    const {error} = await call(strict, {all: true});
    expect(error).toBeInstanceOf(LinkpeekError);
    expect(error).toMatchObject({code: 'EFORBIDDENURL'});
  });
});
