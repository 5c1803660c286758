import type {IncomingMessage} from 'node:http';
import type {LookupFunction} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createDeadline} from '../../src/deadline.js';
import {fetchPage} from '../../src/fetch/fetch-page.js';
import {requestSafely} from '../../src/fetch/http-client.js';
import {normalizeProfileConfig, normalizeRequestProfiles} from '../../src/fetch/profile-options.js';
import {defaultRequestProfiles, hostMatches, profileFor, profileHeaders, type RequestProfile} from '../../src/fetch/request-profiles.js';
import {refusedHeaders} from '../../src/fetch/options.js';
import {normalizeConfig} from '../../src/options.js';
import {isLoopback} from '../helpers/policy.js';
import {readDoc, section, tableStartingWith} from '../helpers/readme.js';
import {startServer, type TestServer} from '../helpers/server.js';

// A simulated web: the names of real sites mapped to loopback for this test only (never a real DNS query).
const names: Record<string, string> = {
  'www.youtube.com': '127.0.0.1',
  'youtu.be': '127.0.0.1',
  'consent.youtube.com': '127.0.0.1',
  'x.com': '127.0.0.1',
  'elsewhere.test': '127.0.0.1',
};
const lookup = ((hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const address = names[hostname.toLowerCase()];
  queueMicrotask(() => {
    if (!address) done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND'}));
    else done(null, [{address, family: 4}]);
  });
}) as LookupFunction;
const config = normalizeConfig({allowAddress: isLoopback, dnsLookup: lookup});

let site: TestServer;
/** What each request carried, as `host path cookie user-agent accept-language`. */
const seen: {host: string; path: string; cookie: string | undefined; userAgent: string | undefined; acceptLanguage: string | undefined}[] = [];
const url = (host: string, path: string) => new URL(`http://${host}:${site.port}${path}`);

function record(request: IncomingMessage) {
  const parsed = new URL(request.url ?? '/', 'http://x');
  seen.push({
    host: (request.headers.host ?? '').replace(/:\d+$/, ''),
    path: parsed.pathname,
    cookie: request.headers.cookie,
    userAgent: request.headers['user-agent'],
    acceptLanguage: request.headers['accept-language'],
  });
}

beforeAll(async () => {
  site = await startServer();
  const page = (body: string) => ({'content-type': 'text/html; charset=utf-8', 'content-length': String(Buffer.byteLength(body))});
  // YouTube from the EU: without the consent cookie, a redirect to the consent interstitial.
  site.route('/watch', (request, response) => {
    record(request);
    if (!/(?:^|;\s*)SOCS=CAI(?:;|$)/.test(request.headers.cookie ?? '')) {
      const next = encodeURIComponent(url('www.youtube.com', '/watch?v=abc').href);
      response.writeHead(302, {location: url('consent.youtube.com', `/m?continue=${next}`).href}).end();
      return;
    }
    const body = '<title>Harbour lights - YouTube</title><meta property="og:title" content="Harbour lights">';
    response.writeHead(200, page(body)).end(body);
  });
  site.route('/m', (request, response) => {
    record(request);
    const body = '<title>Before you continue to YouTube</title><form action="https://consent.youtube.com/save"></form>';
    response.writeHead(200, page(body)).end(body);
  });
  // A short link on a profile host that leads off the profile's hosts.
  site.route('/away', (request, response) => {
    record(request);
    response.writeHead(302, {location: url('elsewhere.test', '/echo').href}).end();
  });
  site.route('/echo', (request, response) => {
    record(request);
    response.writeHead(200, page('<title>echo</title>')).end('<title>echo</title>');
  });
  // X: Open Graph only for agents that say they are a bot.
  site.route('/status', (request, response) => {
    record(request);
    const body = /bot/i.test(request.headers['user-agent'] ?? '')
      ? '<meta property="og:title" content="Ann on X"><meta property="og:description" content="the post">'
      : '<meta property="og:site_name" content="Twitter"><noscript>JavaScript is not available.</noscript>';
    response.writeHead(200, page(body)).end(body);
  });
});

afterAll(() => site.close());

const deadline = () => createDeadline(5_000);
const googleConsent = () => profileFor(url('www.youtube.com', '/watch'), defaultRequestProfiles, 'first');
const previewerBot = () => profileFor(url('x.com', '/status'), defaultRequestProfiles, 'retry');

describe('profileFor', () => {
  it('picks a profile by host and use: the consent cookie for YouTube and Google first, the bot agent for X on a retry', () => {
    expect(profileFor('https://www.youtube.com/watch?v=abc', defaultRequestProfiles, 'first')?.id).toBe('google-consent');
    expect(profileFor('https://youtu.be/abc', defaultRequestProfiles, 'first')?.id).toBe('google-consent');
    expect(profileFor('https://www.google.com/maps', defaultRequestProfiles, 'first')?.id).toBe('google-consent');
    expect(profileFor('https://www.youtube.com/watch?v=abc', defaultRequestProfiles, 'retry')).toBeUndefined();
    expect(profileFor('https://x.com/ann/status/1', defaultRequestProfiles, 'retry')?.id).toBe('previewer-bot');
    expect(profileFor('https://mobile.twitter.com/ann/status/1', defaultRequestProfiles, 'retry')?.id).toBe('previewer-bot');
    expect(profileFor('https://x.com/ann/status/1', defaultRequestProfiles, 'first')).toBeUndefined();
    expect(profileFor('https://example.com/', defaultRequestProfiles, 'first')).toBeUndefined();
  });

  it('matches a host and its subdomains only, not a name that merely ends the same way', () => {
    expect(hostMatches('youtube.com', ['youtube.com'])).toBe(true);
    expect(hostMatches('m.youtube.com', ['youtube.com'])).toBe(true);
    expect(hostMatches('WWW.YouTube.com.', ['youtube.com'])).toBe(true);
    expect(hostMatches('notyoutube.com', ['youtube.com'])).toBe(false);
    expect(hostMatches('youtube.com.evil.test', ['youtube.com'])).toBe(false);
  });

  it('prefers the first profile in the list on a shared host: config entries come before the defaults', () => {
    const profiles = normalizeRequestProfiles({mine: {hosts: ['youtube.com'], cookies: {PREF: 'x'}, use: 'first'}});
    expect(profileFor('https://www.youtube.com/', profiles, 'first')?.id).toBe('mine');
  });
});

describe('profileHeaders', () => {
  it("gives a profile's headers for its hosts only, the cookies as one Cookie header", () => {
    const profile: RequestProfile = {
      id: 'p',
      hosts: ['site.test'],
      userAgent: 'agent/1',
      acceptLanguage: 'de-DE',
      cookies: {a: '1', b: '2'},
      headers: {'X-Extra': 'yes'},
      use: 'first',
      why: 'test',
    };
    expect(profileHeaders(profile, 'www.site.test')).toEqual({'user-agent': 'agent/1', 'accept-language': 'de-DE', cookie: 'a=1; b=2', 'x-extra': 'yes'});
    expect(profileHeaders(profile, 'other.test')).toEqual({});
    expect(profileHeaders(undefined, 'site.test')).toEqual({});
  });
});

describe('a profile on the wire', () => {
  it('without the consent cookie, YouTube answers with its consent interstitial', async () => {
    const page = await fetchPage(url('www.youtube.com', '/watch?v=abc'), {headers: {}, deadline: deadline()}, config);
    expect(new URL(page.url).hostname).toBe('consent.youtube.com');
    expect(page.html).toContain('Before you continue to YouTube');
  });

  it("with the google-consent profile, the first request carries SOCS=CAI and gets the video's page", async () => {
    seen.length = 0;
    const page = await fetchPage(url('www.youtube.com', '/watch?v=abc'), {headers: {}, deadline: deadline(), profile: googleConsent()}, config);
    expect(page.html).toContain('og:title" content="Harbour lights"');
    expect(page.redirects).toEqual([]);
    expect(seen).toEqual([{host: 'www.youtube.com', path: '/watch', cookie: 'SOCS=CAI', userAgent: config.userAgent, acceptLanguage: undefined}]);
  });

  it("keeps the profile's cookies on its hosts: a redirect to another host sends none, and the config's user agent again", async () => {
    seen.length = 0;
    const profile: RequestProfile = {id: 'p', hosts: ['youtu.be'], userAgent: 'profile-agent/1', cookies: {SOCS: 'CAI'}, use: 'first', why: 'test'};
    const page = await fetchPage(url('youtu.be', '/away'), {headers: {}, deadline: deadline(), profile}, config);
    expect(page.url).toBe(url('elsewhere.test', '/echo').href);
    expect(seen).toEqual([
      {host: 'youtu.be', path: '/away', cookie: 'SOCS=CAI', userAgent: 'profile-agent/1', acceptLanguage: undefined},
      {host: 'elsewhere.test', path: '/echo', cookie: undefined, userAgent: config.userAgent, acceptLanguage: undefined},
    ]);
  });

  it('follows a redirect between two hosts of the profile with the cookie on both', async () => {
    seen.length = 0;
    const profile: RequestProfile = {id: 'p', hosts: ['youtube.com'], cookies: {PREF: 'f1'}, use: 'first', why: 'test'};
    await fetchPage(url('www.youtube.com', '/watch?v=abc'), {headers: {}, deadline: deadline(), profile}, config);
    expect(seen.map((hit) => `${hit.host} ${hit.cookie}`)).toEqual(['www.youtube.com PREF=f1', 'consent.youtube.com PREF=f1']);
  });

  it("lets the caller's headers win over the profile's", async () => {
    seen.length = 0;
    const headers = {cookie: 'SOCS=CAI; mine=1', 'user-agent': 'caller-agent/2'};
    await fetchPage(url('www.youtube.com', '/watch?v=abc'), {headers, deadline: deadline(), profile: googleConsent()}, config);
    expect(seen).toEqual([{host: 'www.youtube.com', path: '/watch', cookie: 'SOCS=CAI; mine=1', userAgent: 'caller-agent/2', acceptLanguage: undefined}]);
  });

  it("on a retry, X's previewer-bot profile gets the Open Graph tags a browser-like agent does not", async () => {
    const plain = await fetchPage(url('x.com', '/status'), {headers: {}, deadline: deadline()}, config);
    expect(plain.html).toContain('JavaScript is not available.');
    seen.length = 0;
    const retried = await fetchPage(url('x.com', '/status'), {headers: {}, deadline: deadline(), profile: previewerBot()}, config);
    expect(retried.html).toContain('og:title" content="Ann on X"');
    expect(seen[0]?.userAgent).toMatch(/^Mozilla\/5\.0 \(compatible; linkpeek-bot\/[\d.]+; \+https:\/\/github\.com\/linkpeek\/linkpeek\)$/);
  });

  it('applies to HEAD requests of requestSafely too (pings), with Accept-Language', async () => {
    seen.length = 0;
    const profile: RequestProfile = {id: 'p', hosts: ['elsewhere.test'], acceptLanguage: 'fr-FR', use: 'retry', why: 'test'};
    const response = await requestSafely(url('elsewhere.test', '/echo'), {method: 'HEAD', headers: {}, deadline: deadline(), profile}, config);
    response.body.destroy();
    expect(seen).toEqual([{host: 'elsewhere.test', path: '/echo', cookie: undefined, userAgent: config.userAgent, acceptLanguage: 'fr-FR'}]);
  });
});

describe('the requestProfiles option', () => {
  const ids = (value: unknown) => normalizeRequestProfiles(value).map((profile) => profile.id);

  it('defaults to the shipped profiles, every one with a reason', () => {
    expect(ids(undefined)).toEqual(['google-consent', 'previewer-bot']);
    for (const profile of defaultRequestProfiles) expect(profile.why.length).toBeGreaterThan(40);
  });

  it('turns all defaults off with false, or one by id', () => {
    expect(ids(false)).toEqual([]);
    expect(ids({'previewer-bot': false})).toEqual(['google-consent']);
  });

  it("overrides a default's fields by id, keeping the others", () => {
    const [google] = normalizeRequestProfiles({'google-consent': {hosts: ['youtube.com', 'google.de'], acceptLanguage: 'en'}});
    expect(google).toEqual({...defaultRequestProfiles[0], hosts: ['youtube.com', 'google.de'], acceptLanguage: 'en'});
  });

  it('adds a new profile, normalizing its hosts', () => {
    const [added] = normalizeRequestProfiles({wiki: {hosts: ['*.Wiki.Example', '.b.example', 'bücher.example'], cookies: {sso: 'abc'}, use: 'first'}});
    expect(added).toEqual({id: 'wiki', hosts: ['wiki.example', 'b.example', 'xn--bcher-kva.example'], cookies: {sso: 'abc'}, use: 'first', why: 'Set in config.'});
  });

  it("does not change the shipped defaults when a config overrides one", () => {
    normalizeRequestProfiles({'google-consent': {cookies: {SOCS: 'other'}}})[0]!.hosts.push('mutated.example');
    expect(defaultRequestProfiles[0]?.cookies).toEqual({SOCS: 'CAI'});
    expect(defaultRequestProfiles[0]?.hosts).not.toContain('mutated.example');
  });

  it('names what is wrong, with a did-you-mean hint, and never echoes a cookie or header value', async () => {
    const message = (value: unknown) => {
      try {
        normalizeRequestProfiles(value);
      } catch (error) {
        return `${(error as {code: string}).code} ${(error as Error).message}`;
      }
      return 'no error';
    };
    expect(message({'google-consnt': false})).toBe('EINVALOPTION Option `requestProfiles.google-consnt` names no default profile. Did you mean `google-consent`?');
    expect(message({'google-consnt': {cookies: {SOCS: 'CAI'}}})).toMatch(/names no default profile\. Did you mean `google-consent`\?/);
    expect(message({mine: {cookies: {a: 'b'}}})).toBe('EINVALOPTION Option `requestProfiles.mine` is a new profile: it needs `hosts` and `use`.');
    expect(message({'google-consent': {cookie: {SOCS: 'CAI'}}})).toBe(
      'EINVALOPTION Unknown option `requestProfiles.google-consent.cookie`. Did you mean `requestProfiles.google-consent.cookies`?',
    );
    expect(message({'google-consent': {use: 'always'}})).toMatch(/`requestProfiles.google-consent.use` must be 'first' or 'retry'/);
    expect(message({'google-consent': {hosts: []}})).toMatch(/`requestProfiles.google-consent.hosts` must be a non-empty array/);
    expect(message({'google-consent': {hosts: ['https://youtube.com/']}})).toMatch(/`requestProfiles.google-consent.hosts.0` must be a bare host name/);
    expect(message({'google-consent': {hosts: ['youtube.com:443']}})).toMatch(/must be a bare host name/);
    const secret = 'hunter2 secret;';
    const cookie = message({'google-consent': {cookies: {SID: secret}}});
    expect(cookie).toMatch(/`requestProfiles.google-consent.cookies.SID` must be a cookie value/);
    expect(cookie).not.toContain('hunter2');
    const header = message({'google-consent': {headers: {authorization: 'Bearer hunter2\n'}}});
    expect(header).toMatch(/`requestProfiles.google-consent.headers.authorization` must be a non-empty single-line string/);
    expect(header).not.toContain('hunter2');
    expect(message({'google-consent': {headers: {Host: 'evil.test'}}})).toMatch(/`requestProfiles.google-consent.headers.Host` may not be set by a profile/);
    expect(message({'google-consent': {headers: {'Proxy-Foo': 'x'}}})).toMatch(/may not be set by a profile/);
    expect(message('on')).toMatch(/`requestProfiles` must be an object/);
  });

  it('refuses every header a caller may not set, and proxy-*', () => {
    for (const name of [...refusedHeaders, 'proxy-anything']) {
      expect(() => normalizeRequestProfiles({'google-consent': {headers: {[name]: 'x'}}})).toThrow(/may not be set by a profile/);
    }
  });

  it('normalizeProfileConfig fills the stage config with the profiles in force', () => {
    expect(normalizeProfileConfig({}).requestProfiles.map((profile) => profile.id)).toEqual(['google-consent', 'previewer-bot']);
    expect(normalizeProfileConfig({requestProfiles: false})).toEqual({requestProfiles: []});
  });

  it('a default turned off in config sends nothing: YouTube answers with its interstitial again', async () => {
    seen.length = 0;
    const profile = profileFor(url('www.youtube.com', '/watch'), normalizeRequestProfiles({'google-consent': false}), 'first');
    expect(profile).toBeUndefined();
    const page = await fetchPage(url('www.youtube.com', '/watch?v=abc'), {headers: {}, deadline: deadline(), profile}, config);
    expect(page.html).toContain('Before you continue to YouTube');
    expect(seen.map((hit) => hit.cookie)).toEqual([undefined, undefined]);
  });
});

describe('the docs', () => {
  // The table of docs/walls.md, under "Request profiles".
  const table = () => {
    const doc = readDoc('docs/walls.md');
    const found = tableStartingWith(section(doc, 'The profiles linkpeek ships', section(doc, '## Request profiles')).body, 'Profile');
    expect(found.header).toEqual(['Profile', 'Hosts', 'Sends', 'Used', 'Why']);
    return found;
  };
  const sends = (profile: RequestProfile) =>
    [
      ...(profile.userAgent === undefined ? [] : [`user agent \`${profile.userAgent}\``]),
      ...(profile.acceptLanguage === undefined ? [] : [`\`Accept-Language: ${profile.acceptLanguage}\``]),
      ...Object.entries(profile.cookies ?? {}).map(([name, value]) => `cookie \`${name}=${value}\``),
      ...Object.entries(profile.headers ?? {}).map(([name, value]) => `header \`${name}: ${value}\``),
    ].join(', ');

  it('list every shipped profile with its hosts, what it sends, when, and why, as the code has them', () => {
    expect(table().rows).toEqual(
      defaultRequestProfiles.map((profile) => [
        `\`${profile.id}\``,
        profile.hosts.map((host) => `\`${host}\``).join(', '),
        sends(profile),
        `\`${profile.use}\``,
        profile.why,
      ]),
    );
  });
});
