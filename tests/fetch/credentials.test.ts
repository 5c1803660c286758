import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createExtractor} from '../../src/extract.js';
import {createDeadline} from '../../src/deadline.js';
import {LinkpeekError} from '../../src/errors.js';
import {handleQuery, type HandlerConfig} from '../../src/endpoint/handler.js';
import {fetchPage, type Page} from '../../src/fetch/fetch-page.js';
import {normalizeConfig} from '../../src/options.js';
import {splitCredentials} from '../../src/url/credentials.js';
import {validateUrl} from '../../src/url/validate-url.js';
import {loopbackConfig} from '../helpers/policy.js';
import {startServer, type Route, type TestServer} from '../helpers/server.js';
import {failure} from '../helpers/failure.js';

// `site.test` and `cdn.test` both answer 127.0.0.1 (tests/helpers/policy.ts): two origins by port.
let site: TestServer;
let cdn: TestServer;
/** Every request's authorization header, as `<server> <path> <header or "none">`. */
const seen: string[] = [];
const secret = 's%C3%A9same-9731';
const decodedSecret = 'sésame-9731';
const basic = (userPass: string) => `Basic ${Buffer.from(userPass, 'utf8').toString('base64')}`;

const recording = (name: string, route: Route): Route => (request, response) => {
  seen.push(`${name} ${new URL(request.url ?? '/', 'http://x').pathname} ${request.headers.authorization ?? 'none'}`);
  return route(request, response);
};
const page = (body: string): Route => (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end(body);

beforeAll(async () => {
  site = await startServer();
  cdn = await startServer();
  const siteUrl = (path: string) => `http://site.test:${site.port}${path}`;
  const cdnUrl = (path: string) => `http://cdn.test:${cdn.port}${path}`;
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const image: Route = (_request, response) => void response.writeHead(200, {'content-type': 'image/png'}).end(png);
  const routes: Record<string, Route> = {
    '/page': page(`<title>private page</title><meta property="og:image" content="${siteUrl('/own.png')}">
      <link rel="icon" href="${cdnUrl('/logo.png')}">`),
    '/own.png': image,
    '/same-origin': (_request, response) => void response.writeHead(302, {location: '/page'}).end(),
    '/other-origin': (_request, response) => void response.writeHead(302, {location: cdnUrl('/page')}).end(),
    '/location-with-credentials': (_request, response) =>
      void response.writeHead(302, {location: `http://mallory:stolen@cdn.test:${cdn.port}/page`}).end(),
    '/login': (request, response) => {
      if (request.headers.authorization) response.writeHead(403, {'content-type': 'text/html'}).end('no');
      else response.writeHead(401, {'www-authenticate': 'Basic realm="x"', 'content-type': 'text/html'}).end('who?');
    },
  };
  for (const [path, route] of Object.entries(routes)) site.route(path, recording('site', route));
  cdn.route('/page', recording('cdn', page('<title>cdn page</title>')));
  cdn.route('/logo.png', recording('cdn', image));
});
afterAll(async () => {
  await site.close();
  await cdn.close();
});

const config = normalizeConfig(loopbackConfig);
const withCredentials = (path: string, userInfo = `ann:${secret}`) => `http://${userInfo}@site.test:${site?.port}${path}`;

async function fetchWith(url: string, headers: Record<string, string> = {}): Promise<Page> {
  const deadline = createDeadline(5_000);
  try {
    return await fetchPage(validateUrl(url, config.allowAddress), {headers, deadline}, config);
  } finally {
    deadline.dispose();
  }
}


/** Nothing the caller can read holds the user name or the password, in any spelling. */
function expectNoCredentials(value: unknown) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  for (const needle of ['ann:', 'sésame', 's%C3%A9same', '9731', 'mallory', 'stolen']) expect(text).not.toContain(needle);
}

describe('splitCredentials', () => {
  it('turns user:password@ into a Basic header (percent-decoded, UTF-8) and a URL without them', () => {
    const {url, authorization} = splitCredentials(new URL('https://ann:s%C3%A9same@example.com/a?b#c'));
    expect(url.href).toBe('https://example.com/a?b#c');
    expect(authorization).toBe(basic('ann:sésame'));
    expect(splitCredentials(new URL('https://ann@example.com/')).authorization).toBe(basic('ann:'));
    expect(splitCredentials(new URL('https://:pw@example.com/')).authorization).toBe(basic(':pw'));
    expect(splitCredentials(new URL('https://a%zz:b@example.com/')).authorization).toBe(basic('a%zz:b'));
    expect(splitCredentials(new URL('https://example.com/'))).toEqual({url: new URL('https://example.com/'), authorization: undefined});
  });

  it('leaves the URL it is given untouched', () => {
    const input = new URL('https://ann:pw@example.com/');
    splitCredentials(input);
    expect(input.href).toBe('https://ann:pw@example.com/');
  });
});

describe('validateUrl with credentials', () => {
  it('accepts them (the WHATWG parser does) and keeps them for the caller to take out', () => {
    expect(validateUrl('http://user:pass@example.com/').href).toBe('http://user:pass@example.com/');
  });

  it('judges the host after the @, in every spelling, and never echoes the credentials', () => {
    expect(validateUrl('http://127.0.0.1:80@example.com/').hostname).toBe('example.com');
    for (const input of [
      'http://example.com@127.0.0.1/',
      `http://ann:${secret}@127.0.0.1/`,
      `http://ann:${secret}@0x7f.1/`,
      `http://ann:${secret}@2130706433/`,
      `http://ann:${secret}@[::ffff:127.0.0.1]/`,
      `http://ann:${secret}@169.254.169.254/latest/`,
      `http://ann:${secret}@localhost./`,
      `http://ann:${secret}@app.localhost/`,
    ]) {
      let error: unknown;
      try {
        validateUrl(input);
      } catch (caught) {
        error = caught;
      }
      expect({input, code: (error as LinkpeekError).code}).toEqual({input, code: 'EFORBIDDENURL'});
      expectNoCredentials((error as LinkpeekError).message);
      expectNoCredentials((error as LinkpeekError).toJSON());
    }
  });
});

describe('fetchPage with credentials in the URL', () => {
  it('sends them as Basic authentication and returns no URL that holds them', async () => {
    seen.length = 0;
    const fetched = await fetchWith(withCredentials('/page#top'));
    expect(seen).toEqual([`site /page ${basic(`ann:${decodedSecret}`)}`]);
    expect(fetched.url).toBe(`http://site.test:${site.port}/page#top`);
    expectNoCredentials({url: fetched.url, requestedUrl: fetched.requestedUrl, redirects: fetched.redirects, headers: fetched.headers});
  });

  it('keeps sending them on a redirect within the origin, never after one to another origin', async () => {
    seen.length = 0;
    const same = await fetchWith(withCredentials('/same-origin'));
    expect(seen).toEqual([`site /same-origin ${basic(`ann:${decodedSecret}`)}`, `site /page ${basic(`ann:${decodedSecret}`)}`]);
    expectNoCredentials(same.redirects);

    seen.length = 0;
    const other = await fetchWith(withCredentials('/other-origin'));
    expect(seen).toEqual([`site /other-origin ${basic(`ann:${decodedSecret}`)}`, 'cdn /page none']);
    expectNoCredentials({url: other.url, redirects: other.redirects});
  });

  it('never sends credentials a target wrote into its Location', async () => {
    seen.length = 0;
    const fetched = await fetchWith(`http://site.test:${site.port}/location-with-credentials`);
    expect(seen).toEqual(['site /location-with-credentials none', 'cdn /page none']);
    expectNoCredentials(fetched);
  });

  it('lets an explicit `authorization` header win over the URL', async () => {
    seen.length = 0;
    await fetchWith(withCredentials('/page'), {authorization: 'Bearer explicit'});
    expect(seen).toEqual(['site /page Bearer explicit']);
  });

  it('keeps them out of errors: EHTTP, EFETCH, EFORBIDDENURL', async () => {
    const denied = await failure(fetchWith(withCredentials('/login')));
    expect(denied.code).toBe('EHTTP');
    const refused = await failure(fetchWith(`http://ann:${secret}@site.test:1/page`));
    expect(refused.code).toBe('EFETCH');
    const forbidden = await failure(fetchWith(`http://ann:${secret}@private.test:${site.port}/page`));
    expect(forbidden.code).toBe('EFORBIDDENURL');
    for (const error of [denied, refused, forbidden]) {
      expectNoCredentials(error.message);
      expectNoCredentials(error.toJSON());
      expectNoCredentials(String(error.url));
    }
  });
});

describe('extract() with credentials in the URL', () => {
  it('pings the page origin with them, never another origin, and returns nothing that holds them', async () => {
    seen.length = 0;
    const result = await createExtractor(loopbackConfig)(withCredentials('/page'), {prerender: false});
    expectNoCredentials(result);
    const auth = basic(`ann:${decodedSecret}`);
    expect(seen.filter((line) => line.startsWith('site /page'))).toEqual([`site /page ${auth}`]);
    // The page's own image was pinged with them (it was not before the library path split them).
    expect(seen.filter((line) => line.includes('/own.png'))).not.toEqual([]);
    expect(seen.filter((line) => line.includes('/own.png')).every((line) => line.endsWith(auth))).toBe(true);
    expect(seen.filter((line) => line.startsWith('cdn ')).every((line) => line.endsWith(' none'))).toBe(true);
    expect(result.data.image).toMatchObject({url: `http://site.test:${site.port}/own.png`, type: 'png'});
  });
});

describe('the endpoint with credentials in `url`', () => {
  it('fetches with them, pings with them on the page origin only, answers and caches nothing that holds them', async () => {
    const stored: string[] = [];
    const store = new Map<string, unknown>();
    const handlerConfig: HandlerConfig = {
      ...loopbackConfig,
      cache: {
        get: async (key: string) => store.get(key) as never,
        set: async (key: string, value: unknown) => void (stored.push(key, JSON.stringify(value)), store.set(key, value)),
        delete: async (key: string) => store.delete(key),
      },
    };
    const params = new URLSearchParams({url: withCredentials('/page'), prerender: 'false'});
    seen.length = 0;
    const [first, second] = await Promise.all([handleQuery(params, handlerConfig), handleQuery(params, handlerConfig)]);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['x-cache-status']).toBe('BYPASS');
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expectNoCredentials(answer.body);
      expect(JSON.parse(answer.body as string).data).toMatchObject({title: 'private page', url: `http://site.test:${site.port}/page`});
    }
    const auth = basic(`ann:${decodedSecret}`);
    // Not coalesced: each call fetched the page; the page's own image got the credentials, the
    // other origin's logo never did.
    expect(seen.filter((line) => line.startsWith('site /page'))).toEqual([`site /page ${auth}`, `site /page ${auth}`]);
    expect(seen.filter((line) => line.includes('/own.png')).every((line) => line.endsWith(auth))).toBe(true);
    expect(seen.filter((line) => line.startsWith('cdn ')).length).toBeGreaterThan(0);
    expect(seen.filter((line) => line.startsWith('cdn ')).every((line) => line.endsWith(' none'))).toBe(true);
    expect(stored).toEqual([]);
  });

  it('answers errors without them', async () => {
    const forbidden = await handleQuery(new URLSearchParams({url: `http://ann:${secret}@127.0.0.1:${site.port}/page`}), {});
    expect(forbidden.status).toBe(400);
    expect(JSON.parse(forbidden.body as string)).toMatchObject({code: 'EFORBIDDENURL', url: `http://127.0.0.1:${site.port}/page`});
    expectNoCredentials(forbidden.body);
    const denied = await handleQuery(new URLSearchParams({url: withCredentials('/login')}), {...loopbackConfig});
    // A 403 with next to no content is a wall for the endpoint (issue 35's generic signals): an error without the credentials all the same.
    expect(JSON.parse(denied.body as string)).toMatchObject({code: 'EWALL', data: {kind: 'challenge', publisher: 'site.test'}});
    expectNoCredentials(denied.body);
  });
});
