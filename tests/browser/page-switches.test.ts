// The browser's switches of issue 37 (javascript, animations, viewport, styles, scripts, modules,
// adblock) and `pdf`, through the endpoint as a client sends them: a real Chromium, real pages on
// 127.0.0.1, the real handler. Every request the pages make is counted at the target server.
import {mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createChromiumProvider} from '../../src/browser/chromium-provider.js';
import {handleQuery, type HandlerConfig} from '../../src/endpoint/handler.js';
import {parseQuery} from '../../src/endpoint/parse-query.js';
import {createExtractor} from '../../src/extract.js';
import {isLinkpeekError} from '../../src/errors.js';
import {normalizeConfig, normalizeOptions} from '../../src/options.js';
import {createFileStore} from '../../src/screenshot/store.js';
import {describeWithChromium} from '../helpers/chromium.js';
import {decodePng, near} from '../helpers/png.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, startServer, type TestServer} from '../helpers/server.js';

const provider = createChromiumProvider();
let target: TestServer;
// A page whose server sends one title and whose script writes another (an empty mount point, so
// prerender 'auto' renders it).
const scripted = `<!doctype html><html><head><title>Served title</title>
  <script>document.title = 'Written by script'; addEventListener('DOMContentLoaded', () => { document.getElementById('root').textContent = 'app'; });</script>
  </head><body><div id="root"></div></body></html>`;
const plain = `<!doctype html><html><head><title>Plain</title><meta name="description" content="A plain page.">
  <style>body { margin: 0; }</style></head><body><p>Plain page</p></body></html>`;

beforeAll(async () => {
  target = await startServer({
    '/scripted': html(scripted),
    '/plain': html(plain),
    // steps(1, end): the start colour (red) until the 60 s animation ends, then the end one (blue), kept by `forwards`.
    '/animated': html(`<!doctype html><html><head><title>Animated</title><style>
      html, body { margin: 0; background: #fff; }
      @keyframes turn { from { background: rgb(255, 0, 0); } to { background: rgb(0, 0, 255); } }
      #box { width: 200px; height: 200px; animation: turn 60s steps(1, end) forwards; }
      </style></head><body><div id="box"></div></body></html>`),
    '/green.css': (_request, response) => void response.writeHead(200, {'content-type': 'text/css'}).end('body { background: rgb(0, 128, 0) !important; }'),
    '/ads': html(`<!doctype html><html><head><title>With ads</title>
      <script src="/adsbygoogle.js"></script><script src="/app.js"></script></head><body><p>Content</p></body></html>`),
    '/adsbygoogle.js': (_request, response) => void response.writeHead(200, {'content-type': 'text/javascript'}).end('window.adLoaded = true;'),
    '/app.js': (_request, response) => void response.writeHead(200, {'content-type': 'text/javascript'}).end('window.appLoaded = true;'),
    '/beacon': (_request, response) => void response.writeHead(200, {'content-type': 'text/plain'}).end('ok'),
    '/long': html(`<!doctype html><html><head><title>Long</title></head><body>${'<p style="height:900px">page</p>'.repeat(6)}</body></html>`),
  });
});

afterAll(async () => {
  await target.close();
  await provider.close();
});

const config: HandlerConfig = {...loopbackConfig, screenshotProvider: provider, cache: false, timeout: 20_000, maxTimeout: 30_000};
const page = (path: string) => `http://site.test:${target.port}${path}`;
const hits = (path: string) => target.hits.filter((hit) => hit.startsWith(`GET ${path}`)).length;

async function ask(query: string, handler: HandlerConfig = config) {
  const answer = await handleQuery(new URLSearchParams(query), handler);
  const body = answer.body;
  const json = () => JSON.parse(String(body)) as {status: string; code?: string; data: Record<string, never>};
  return {...answer, json};
}

/** The PNG of `data.screenshot` (a data: URI of the default store). */
function screenshotOf(data: Record<string, unknown>) {
  const url = (data.screenshot as {url: string}).url;
  return decodePng(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
}

describeWithChromium('javascript', () => {
  it('renders a client-rendered page with its scripts by default (the title they wrote)', async () => {
    const answer = await ask(`url=${encodeURIComponent(page('/scripted?on'))}&ping=false`);
    expect(answer.status).toBe(200);
    expect(answer.json().data).toMatchObject({title: 'Written by script'});
  }, 60_000);

  it('javascript=false: the page as served, under prerender auto and prerender=true', async () => {
    const auto = await ask(`url=${encodeURIComponent(page('/scripted?auto'))}&ping=false&javascript=false`);
    expect(auto.status).toBe(200);
    expect(auto.json()).toMatchObject({data: {title: 'Served title'}, prerendered: false});
    const rendered = await ask(`url=${encodeURIComponent(page('/scripted?render'))}&ping=false&javascript=false&prerender=true`);
    expect(rendered.status).toBe(200);
    expect(rendered.json()).toMatchObject({data: {title: 'Served title'}, prerendered: true});
  }, 60_000);

  it('refuses scripts with javascript=false', async () => {
    const answer = await ask(`url=${encodeURIComponent(page('/plain'))}&javascript=false&scripts=${encodeURIComponent('document.title = 1')}`);
    expect(answer.status).toBe(400);
    expect(answer.json()).toMatchObject({code: 'EINVALOPTION', data: {scripts: expect.any(String)}});
  });
});

describeWithChromium('styles, scripts and modules', () => {
  it('styles: inline CSS and a stylesheet URL show in the screenshot', async () => {
    const inline = await ask(`url=${encodeURIComponent(page('/plain?inline'))}&ping=false&screenshot&styles=${encodeURIComponent('body { background: rgb(0, 0, 255) !important; }')}`);
    expect(inline.status).toBe(200);
    expect(near(screenshotOf(inline.json().data).pixel(600, 700), [0, 0, 255])).toBe(true);
    const linked = await ask(`url=${encodeURIComponent(page('/plain?linked'))}&ping=false&screenshot&styles.0=${encodeURIComponent(page('/green.css'))}`);
    expect(linked.status).toBe(200);
    expect(near(screenshotOf(linked.json().data).pixel(600, 700), [0, 128, 0])).toBe(true);
    expect(hits('/green.css')).toBe(1);
    // Without styles the page is white.
    const bare = await ask(`url=${encodeURIComponent(page('/plain?bare'))}&ping=false&screenshot`);
    expect(near(screenshotOf(bare.json().data).pixel(600, 700), [255, 255, 255])).toBe(true);
  }, 60_000);

  it('scripts and modules run in the page (the rendered DOM and the capture show what they did)', async () => {
    const script = encodeURIComponent("document.body.style.background = 'rgb(255, 0, 0)'; document.title = 'Scripted';");
    const module = encodeURIComponent("const name = await Promise.resolve('Module'); document.querySelector('p').textContent = name;");
    const answer = await ask(`url=${encodeURIComponent(page('/plain?scripts'))}&ping=false&prerender=true&screenshot&scripts=${script}&modules=${module}`);
    expect(answer.status).toBe(200);
    const {data} = answer.json();
    expect(data).toMatchObject({title: 'Scripted', description: 'A plain page.'});
    expect(near(screenshotOf(data).pixel(600, 700), [255, 0, 0])).toBe(true);
  }, 60_000);

  it("a hostile script reaches nothing the page could not: forbidden addresses are refused, POST is not forwarded", async () => {
    const beaconsBefore = target.hits.filter((hit) => hit.startsWith('POST /beacon')).length;
    const hostile = encodeURIComponent(`
      const tries = await Promise.all([
        fetch('http://private.test/').then(() => 'reached', () => 'refused'),
        fetch('http://169.254.169.254/latest/meta-data/').then(() => 'reached', () => 'refused'),
        fetch('${page('/beacon')}', {method: 'POST', body: 'secret'}).then(() => 'reached', () => 'refused'),
        fetch('${page('/beacon')}').then((r) => r.text(), () => 'refused'),
      ]);
      document.title = tries.join(' ');
      document.body.append(Object.assign(document.createElement('i'), {id: 'tried'}));`);
    // Read once the module is through (its four requests settled), not after a fixed 300 ms: a clean CI
    // run read the page's own title there, before the module had set it.
    const answer = await ask(`url=${encodeURIComponent(page('/plain?hostile'))}&ping=false&prerender=true&modules=${hostile}&waitForSelector=${encodeURIComponent('#tried')}`);
    expect(answer.status).toBe(200);
    expect(answer.json().data).toMatchObject({title: 'refused refused refused ok'});
    expect(target.hits.filter((hit) => hit.startsWith('POST /beacon')).length).toBe(beaconsBefore);
  }, 60_000);

  it('a stylesheet URL at a forbidden address is EINVALOPTION naming the entry, never fetched', async () => {
    const answer = await ask(`url=${encodeURIComponent(page('/plain?forbidden-css'))}&ping=false&screenshot&styles=${encodeURIComponent('http://private.test/x.css')}`);
    expect(answer.status).toBe(400);
    expect(answer.json()).toMatchObject({code: 'EINVALOPTION', data: {styles: 'could not be loaded into the page'}});
  }, 60_000);
});

describeWithChromium('animations', () => {
  it('are stopped by default: the element is captured in its end state; animations=true leaves them running', async () => {
    const stopped = await ask(`url=${encodeURIComponent(page('/animated?stopped'))}&ping=false&screenshot`);
    expect(stopped.status).toBe(200);
    expect(near(screenshotOf(stopped.json().data).pixel(100, 100), [0, 0, 255])).toBe(true);
    const running = await ask(`url=${encodeURIComponent(page('/animated?running'))}&ping=false&screenshot&animations=true`);
    expect(running.status).toBe(200);
    expect(near(screenshotOf(running.json().data).pixel(100, 100), [255, 0, 0])).toBe(true);
  }, 60_000);
});

describeWithChromium('viewport', () => {
  it('sets the window, and is merged over the device (as the hosted service does)', async () => {
    const own = await ask(`url=${encodeURIComponent(page('/plain?vp'))}&ping=false&screenshot&viewport.width=400&viewport.height=300`);
    expect(own.status).toBe(200);
    expect(own.json().data).toMatchObject({screenshot: {width: 400, height: 300}});
    const merged = await ask(`url=${encodeURIComponent(page('/plain?vp-device'))}&ping=false&screenshot&device=${encodeURIComponent('iPhone 15')}&viewport.width=500`);
    expect(merged.status).toBe(200);
    // iPhone 15: 393x659 at DPR 3; the width is the caller's.
    expect(merged.json().data).toMatchObject({screenshot: {width: 1500, height: 1977}});
    const bad = await ask(`url=${encodeURIComponent(page('/plain'))}&viewport.width=0`);
    expect(bad.json()).toMatchObject({code: 'EINVALOPTION', data: {'viewport.width': expect.any(String)}});
  }, 60_000);
});

describeWithChromium('adblock', () => {
  it('blocks a request a filter rule matches, counts it in Server-Timing, and loads the rest', async () => {
    const before = {ad: hits('/adsbygoogle.js'), app: hits('/app.js')};
    const answer = await ask(`url=${encodeURIComponent(page('/ads?blocked'))}&ping=false&screenshot`);
    expect(answer.status).toBe(200);
    expect(answer.headers['server-timing']).toMatch(/(^|, )adblock;desc=1(,|$)/);
    expect(hits('/adsbygoogle.js')).toBe(before.ad);
    expect(hits('/app.js')).toBe(before.app + 1);
  }, 60_000);

  it('adblock=false lets it through', async () => {
    const before = hits('/adsbygoogle.js');
    const answer = await ask(`url=${encodeURIComponent(page('/ads?allowed'))}&ping=false&screenshot&adblock=false`);
    expect(answer.status).toBe(200);
    expect(answer.headers['server-timing']).not.toMatch(/adblock/);
    expect(hits('/adsbygoogle.js')).toBe(before + 1);
  }, 60_000);
});

describeWithChromium('pdf', () => {
  it('pdf=true adds data.pdf; embed=pdf.url answers the PDF bytes', async () => {
    const answer = await ask(`url=${encodeURIComponent(page('/plain?pdf'))}&ping=false&pdf=true`);
    expect(answer.status).toBe(200);
    const pdf = answer.json().data.pdf as unknown as {url: string; type: string; size: number; size_pretty: string};
    expect(pdf).toEqual({url: expect.stringMatching(/^data:application\/pdf;base64,/), type: 'pdf', size: expect.any(Number), size_pretty: expect.any(String)});
    const bytes = Buffer.from(pdf.url.slice(pdf.url.indexOf(',') + 1), 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.byteLength).toBe(pdf.size);
    const embedded = await ask(`url=${encodeURIComponent(page('/plain?pdf-embed'))}&embed=pdf.url`);
    expect(embedded.status).toBe(200);
    expect(embedded.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(embedded.body).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(embedded.headers['server-timing']).toMatch(/(^|, )pdf;dur=/);
  }, 60_000);

  it('takes the service options: format, margin, scale, landscape, page ranges', async () => {
    const count = (bytes: Buffer) => (bytes.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    const all = await ask(`url=${encodeURIComponent(page('/long?all'))}&embed=pdf.url&pdf.format=Letter&pdf.margin=1cm`);
    expect(all.status).toBe(200);
    const pages = count(Buffer.from(all.body));
    expect(pages).toBeGreaterThan(2);
    const some = await ask(`url=${encodeURIComponent(page('/long?some'))}&embed=pdf.url&pdf.pageRanges=1-2&pdf.landscape=true&pdf.scale=0.5&pdf.margin.top=2cm`);
    expect(some.status).toBe(200);
    expect(count(Buffer.from(some.body))).toBe(2);
  }, 60_000);

  it('EPAGERANGE for a malformed range, or one past the last page', async () => {
    const malformed = await ask(`url=${encodeURIComponent(page('/plain'))}&pdf.pageRanges=a-b`);
    expect(malformed.status).toBe(400);
    expect(malformed.json()).toMatchObject({code: 'EPAGERANGE', data: {'pdf.pageRanges': expect.any(String)}});
    const beyond = await ask(`url=${encodeURIComponent(page('/plain?beyond'))}&ping=false&pdf.pageRanges=7-9`);
    expect(beyond.status).toBe(400);
    expect(beyond.json()).toMatchObject({code: 'EPAGERANGE'});
  }, 60_000);

  it('EPDFTOOLARGE past maxPdfSize', async () => {
    const answer = await ask(`url=${encodeURIComponent(page('/long?large'))}&ping=false&pdf`, {...config, maxPdfSize: 2000});
    expect(answer.status).toBe(424);
    expect(answer.json()).toMatchObject({code: 'EPDFTOOLARGE', data: {pdf: expect.any(String)}});
  }, 60_000);

  it('is stored in a file store as <sha256>.pdf and read back by embed', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'linkpeek-pdf-'));
    try {
      const stored: HandlerConfig = {...config, screenshotStore: createFileStore({directory, baseUrl: 'http://cdn.test/files/'}), screenshotDirectory: directory};
      const answer = await ask(`url=${encodeURIComponent(page('/plain?stored'))}&ping=false&pdf`, stored);
      expect(answer.json().data).toMatchObject({pdf: {url: expect.stringMatching(/^http:\/\/cdn\.test\/files\/[0-9a-f]{64}\.pdf$/), type: 'pdf'}});
      expect(readdirSync(directory).filter((name) => name.endsWith('.pdf'))).toHaveLength(1);
      const embedded = await ask(`url=${encodeURIComponent(page('/plain?stored'))}&ping=false&pdf&embed=pdf.url`, stored);
      expect(embedded.status).toBe(200);
      expect(embedded.headers['content-type']).toBe('application/pdf');
      expect(Buffer.from(embedded.body).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      rmSync(directory, {recursive: true, force: true});
    }
  }, 60_000);
});

describe('the parameters as the endpoint and the CLI read them', () => {
  const parse = (query: string) => parseQuery(new URLSearchParams(`url=https://a.test/&${query}`)).options;
  const resolved = (query: string) => normalizeOptions(parse(query), normalizeConfig(loopbackConfig));
  function code(run: () => unknown): [string | undefined, string[]] {
    try {
      run();
    } catch (error) {
      if (isLinkpeekError(error)) return [error.code, Object.keys(error.data ?? {})];
      throw error;
    }
    return [undefined, []];
  }

  it('reads the switches, viewport, lists of styles and the pdf options', () => {
    expect(parse('javascript=false&animations&adblock=false')).toEqual({javascript: false, animations: true, adblock: false});
    expect(parse('viewport.width=500&viewport.is_mobile=true')).toEqual({viewport: {width: 500, isMobile: true}});
    expect(parse('styles=a&scripts.0=b&scripts.1=c')).toEqual({styles: 'a', scripts: ['b', 'c']});
    expect(parse('pdf')).toEqual({pdf: true});
    expect(parse('embed=pdf.url')).toEqual({pdf: true});
    expect(parse('pdf.format=Letter&pdf.margin.top=1cm&pdf.scale=0.5&pdf.landscape')).toEqual({pdf: {format: 'Letter', margin: {top: '1cm'}, scale: 0.5, landscape: true}});
    expect(resolved('pdf.margin=2cm&pdf.page_ranges=1-2').pdf).toMatchObject({format: 'A4', margin: {top: '2cm', left: '2cm'}, pageRanges: '1-2'});
    expect(resolved('viewport.width=500').emulation.viewport).toEqual({width: 500, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false});
    expect(resolved('').page).toEqual({javascript: true, animations: false, adblock: true, styles: [], scripts: [], modules: []});
  });

  it('refuses what is malformed, naming it', () => {
    expect(code(() => parse('pdf=false&pdf.scale=1'))).toEqual(['EINVALOPTION', ['pdf']]);
    expect(code(() => parse('styles=a&styles.0=b'))).toEqual(['EINVALOPTION', ['styles']]);
    expect(code(() => parse('styles.1=b'))).toEqual(['EINVALOPTION', ['styles']]);
    expect(code(() => parse('viewport.depth=2'))).toEqual(['EINVALOPTION', ['viewport.depth']]);
    expect(code(() => parse('pdf.margin=1cm&pdf.margin.top=2cm'))).toEqual(['EINVALOPTION', ['pdf.margin']]);
    expect(code(() => resolved('pdf.format=B5'))).toEqual(['EINVALOPTION', ['pdf.format']]);
    expect(code(() => resolved('pdf.scale=3'))).toEqual(['EINVALOPTION', ['pdf.scale']]);
    expect(code(() => resolved('pdf.width=10cm'))).toEqual(['EINVALOPTION', ['pdf.height']]);
    expect(code(() => resolved('pdf.margin=1em'))).toEqual(['EINVALOPTION', ['pdf.margin']]);
    for (const ranges of ['0-2', '3-1', 'x', '1,,2']) expect(code(() => resolved(`pdf.pageRanges=${ranges}`))).toEqual(['EPAGERANGE', ['pdf.pageRanges']]);
    expect(code(() => resolved('javascript=yes'))).toEqual(['EINVALOPTION', ['javascript']]);
    expect(code(() => normalizeOptions({styles: ['a', '']}, normalizeConfig(loopbackConfig)))).toEqual(['EINVALOPTION', ['styles.1']]);
  });
});

describeWithChromium('extract()', () => {
  it('takes the same options: a PDF of the page as served, with its scripts off', async () => {
    const extract = createExtractor({...loopbackConfig, screenshotProvider: provider, timeout: 20_000});
    const result = await extract(page('/scripted?extract'), {ping: false, prerender: true, javascript: false, pdf: {format: 'A5', landscape: true}});
    expect(result.data.title).toBe('Served title');
    expect(result.data.pdf).toMatchObject({type: 'pdf', url: expect.stringMatching(/^data:application\/pdf;base64,JVBERi0/)});
  }, 60_000);
});

describeWithChromium('adblockFilters', () => {
  it("blocks what the config's extra lists match as well as what the bundled list does, counting both", async () => {
    const before = {ad: hits('/adsbygoogle.js'), app: hits('/app.js')};
    const answer = await ask(`url=${encodeURIComponent(page('/ads?extra'))}&ping=false&screenshot`, {...config, adblockFilters: ['! the app bundle, as a list of ours would', '/app.js']});
    expect(answer.status).toBe(200);
    expect(answer.headers['server-timing']).toMatch(/(^|, )adblock;desc=2(,|$)/);
    expect({ad: hits('/adsbygoogle.js'), app: hits('/app.js')}).toEqual(before);
  }, 60_000);

  it('refuses what is not the text of a filter list, naming the option', () => {
    for (const [value, name] of [[42, 'adblockFilters'], [['/ads.js', 3], 'adblockFilters.1']] as const) {
      let thrown: unknown;
      try {
        normalizeConfig({...loopbackConfig, adblockFilters: value as never});
      } catch (error) {
        thrown = error;
      }
      expect(isLinkpeekError(thrown) && {code: thrown.code, data: thrown.data && Object.keys(thrown.data)}).toEqual({code: 'EINVALOPTION', data: [name]});
    }
    expect(normalizeConfig({...loopbackConfig, adblockFilters: '||ads.example^'}).adblockFilters).toBe('||ads.example^');
    expect(normalizeConfig(loopbackConfig).adblockFilters).toBeNull();
  });
});
