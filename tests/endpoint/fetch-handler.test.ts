// What the Web handler and the Fastify plugin do beyond the shared contract (which
// tests/endpoint/handler.test.ts runs on them): the client's disconnect cancels the extraction in
// each framework, basePath, the assets under the mount, Fastify's logger, and `import 'linkpeek'`
// without Fastify installed.
import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import {Writable} from 'node:stream';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import Fastify from 'fastify';
import {createFetchHandler} from '../../src/endpoint/fetch-handler.js';
import {linkpeek} from '../../src/endpoint/fastify-plugin.js';
import {playgroundCsp} from '../../src/endpoint/playground.js';
import {builtFresh, start} from '../helpers/child.js';
import {frameworkMounts} from '../helpers/framework-mounts.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, startServer, type TestServer} from '../helpers/server.js';

let target: TestServer;
/** What happened to each request of `/slow`: `cancelled` when linkpeek hung up before the answer. */
const slowOutcomes: string[] = [];

beforeAll(async () => {
  target = await startServer({
    '/page': html('<!doctype html><html><head><title>Plain page</title></head><body>no media</body></html>'),
    '/slow': (_request, response) => {
      const timer = setTimeout(() => response.writeHead(200, {'content-type': 'text/html'}).end('<title>slow page</title>'), 1500);
      response.on('close', () => {
        clearTimeout(timer);
        slowOutcomes.push(response.writableEnded ? 'answered' : 'cancelled');
      });
    },
  });
});
afterAll(() => target.close());

const until = async (condition: () => boolean, timeout = 5_000) => {
  for (const started = Date.now(); !condition(); ) {
    if (Date.now() - started > timeout) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
const hits = (tag: string) => target.hits.filter((hit) => hit.endsWith(`/slow?${tag}`)).length;
const query = (params: Record<string, string>) => new URLSearchParams({ping: 'false', prerender: 'false', ...params}).toString();

describe.each(frameworkMounts)('a client that disconnects from %s', (name, mount) => {
  it('cancels its extraction', async () => {
    const {base, close} = await mount({...loopbackConfig});
    try {
      slowOutcomes.length = 0;
      const tag = encodeURIComponent(name);
      const client = new AbortController();
      const call = fetch(`${base}?${query({url: target.url(`/slow?${tag}`)})}`, {signal: client.signal}).catch(() => 'aborted');
      await until(() => hits(tag) === 1);
      client.abort();
      expect(await call).toBe('aborted');
      // The target sees linkpeek hang up well before its 1.5 s answer.
      await until(() => slowOutcomes.length === 1, 1_000);
      expect(slowOutcomes).toEqual(['cancelled']);
    } finally {
      await close();
    }
  });
});

describe('createFetchHandler', () => {
  it("takes the Request's signal (a Next.js route handler, no server in between)", async () => {
    slowOutcomes.length = 0;
    const handler = createFetchHandler({...loopbackConfig});
    const client = new AbortController();
    const answer = handler(new Request(`http://localhost/?${query({url: target.url('/slow?request-signal')})}`, {signal: client.signal}));
    await until(() => hits('request-signal') === 1);
    client.abort();
    expect((await answer).status).toBe(499);
    await until(() => slowOutcomes.length === 1, 1_000);
    expect(slowOutcomes).toEqual(['cancelled']);
  });

  it('answers at basePath (with or without a trailing slash) and 404 elsewhere', async () => {
    const handler = createFetchHandler({...loopbackConfig, basePath: '/api/preview/'});
    const ask = (path: string) => handler(new Request(`http://localhost${path}?${query({url: target.url('/page')})}`));
    for (const path of ['/api/preview', '/api/preview/']) {
      const response = await ask(path);
      expect([path, response.status, (await response.json()).data.title]).toEqual([path, 200, 'Plain page']);
    }
    for (const path of ['/', '/api', '/api/previews', '/api/preview/other']) {
      const response = await ask(path);
      expect([path, response.status]).toEqual([path, 404]);
      expect(await response.json()).toEqual({status: 'fail', message: 'Not found: linkpeek answers at the root of its mount.'});
    }
  });

  it('serves the playground and stored screenshots under basePath', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'linkpeek-fetch-'));
    await writeFile(join(directory, 'abc.png'), Buffer.from('png bytes'));
    try {
      const handler = createFetchHandler({basePath: '/lp', playground: true, screenshotDirectory: directory, screenshotPath: '/shots/'});
      const page = await handler(new Request('http://localhost/lp', {headers: {accept: 'text/html'}}));
      expect([page.status, page.headers.get('content-security-policy')]).toEqual([200, playgroundCsp]);
      expect(await page.text()).toContain('<title>linkpeek playground</title>');
      const script = await handler(new Request('http://localhost/lp/playground.js'));
      expect([script.status, script.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
      const head = await handler(new Request('http://localhost/lp/playground.js', {method: 'HEAD'}));
      expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, String(Buffer.byteLength(await script.text())), '']);
      const shot = await handler(new Request('http://localhost/lp/shots/abc.png'));
      expect([shot.status, shot.headers.get('content-type'), await shot.text()]).toEqual([200, 'image/png', 'png bytes']);
      expect((await handler(new Request('http://localhost/lp/shots/none.png'))).status).toBe(404);
    } finally {
      await rm(directory, {recursive: true, force: true});
    }
  });

  it('rejects an invalid config or basePath at once', () => {
    expect(() => createFetchHandler({cacheTtl: -1})).toThrow(expect.objectContaining({code: 'EINVALOPTION'}));
    expect(() => createFetchHandler({basePath: 'api'})).toThrow(expect.objectContaining({code: 'EINVALOPTION', message: expect.stringContaining('basePath')}));
    expect(() => createFetchHandler({playground: 'yes' as never})).toThrow(expect.objectContaining({code: 'EINVALOPTION'}));
  });
});

describe('the Fastify plugin', () => {
  it("logs internal errors with Fastify's logger and still calls onError", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const reported: string[] = [];
    const app = Fastify({logger: {level: 'error', stream}});
    await app.register(linkpeek, {
      ...loopbackConfig,
      prefix: '/preview',
      onError: (error) => reported.push(error.code),
      stages: {
        parseHtml: () => {
          throw new TypeError('secret internal detail');
        },
      },
    });
    const base = await app.listen({port: 0, host: '127.0.0.1'});
    const response = await fetch(`${base}/preview?${query({url: target.url('/page')})}`);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({status: 'error', code: 'EINTERNAL', message: 'An internal error occurred.'});
    expect(reported).toEqual(['EINTERNAL']);
    expect(lines).toEqual([expect.objectContaining({level: 50, code: 'EINTERNAL', msg: 'linkpeek: An internal error occurred.'})]);
    await app.close();
  });

  it('serves the playground under its prefix, answers other paths 404, and refuses a bad config at registration', async () => {
    const app = Fastify();
    await app.register(linkpeek, {prefix: '/preview', playground: true});
    const base = await app.listen({port: 0, host: '127.0.0.1'});
    const page = await fetch(`${base}/preview/`, {headers: {accept: 'text/html'}});
    expect([page.status, page.headers.get('content-security-policy')]).toEqual([200, playgroundCsp]);
    expect((await fetch(`${base}/preview/playground.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await fetch(`${base}/preview/nothing.js`)).status).toBe(404);
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
    await app.close();
    const bad = Fastify();
    await expect(bad.register(linkpeek, {cacheTtl: -1}).ready()).rejects.toMatchObject({code: 'EINVALOPTION'});
  });
});

it("imports 'linkpeek' (createFetchHandler included) with fastify and fastify-plugin unresolvable", async () => {
  // A resolve hook that refuses both packages, as on a machine without them.
  const hook = `export async function resolve(specifier, context, next) {
    if (/^fastify(-plugin)?($|\\/)/.test(specifier)) throw new Error('not installed: ' + specifier);
    return next(specifier, context);
  }`;
  const register = `import {register} from 'node:module'; register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}));`;
  // The built package when dist/ was built from these sources (as npm test leaves it): the same code
  // without tsx's start, about 2 s of CPU; else the sources through tsx, so an edit is what runs.
  const built = builtFresh(['dist/endpoint.js', 'dist/fastify.js']);
  const [endpointModule, pluginModule] = built ? ['./dist/endpoint.js', './dist/fastify.js'] : ['./src/endpoint/index.ts', './src/endpoint/fastify-plugin.ts'];
  const script = `const {createFetchHandler} = await import('${endpointModule}');
    const answer = await createFetchHandler()(new Request('http://localhost/'));
    console.log(answer.status);
    await import('${pluginModule}').then(() => console.log('loaded'), (error) => console.log(error.message));`;
  const {code, stdout} = await start(process.execPath, [...(built ? [] : ['--import', 'tsx']), '--import', `data:text/javascript,${encodeURIComponent(register)}`, '--input-type=module', '-e', script]).finished;
  expect({code, stdout}).toEqual({code: 0, stdout: '400\nnot installed: fastify-plugin\n'});
}, 60_000);
