import {createHash} from 'node:crypto';
import {mkdtemp, readFile, rm} from 'node:fs/promises';
import {createServer, type Server} from 'node:http';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import {createChromiumProvider, type ChromiumProvider} from '../../src/browser/chromium-provider.js';
import type {Screenshot} from '../../src/data.js';
import {createDeadline} from '../../src/deadline.js';
import {LinkpeekError} from '../../src/errors.js';
import {readImageInfo} from '../../src/ping/image-info.js';
import {normalizeConfig, normalizeOptions, type ExtractOptions, type ExtractorConfig} from '../../src/options.js';
import type {ScreenshotStore} from '../../src/browser/provider.js';
import {createDataUriStore, createFileStore} from '../../src/screenshot/store.js';
import {takeScreenshot} from '../../src/screenshot/take-screenshot.js';
import {chromiumChildren, describeWithChromium, isRunning, processTree, startRemoteChromium} from '../helpers/chromium.js';
import {loopbackConfig, testLookup} from '../helpers/policy.js';
import {html, redirect, startServer, type TestServer} from '../helpers/server.js';

jest.setTimeout(30_000);

// A 1x1 transparent PNG.
const pixel = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const magic = {
  png: (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 8)).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  webp: (bytes: Uint8Array) =>
    Buffer.from(bytes.subarray(0, 4)).toString('latin1') === 'RIFF' && Buffer.from(bytes.subarray(8, 12)).toString('latin1') === 'WEBP',
};

const boxPage = `<!doctype html><html><head><style>
  body { margin: 0; background: #fff; font-family: sans-serif; }
  #box { position: absolute; left: 40px; top: 30px; width: 300px; height: 120px; background: #0a6; }
  #hidden { display: none; }
</style></head><body><h1 style="margin-top:200px">Hello</h1><div id="box">box</div><div id="hidden">x</div>
<div style="height:2000px"></div></body></html>`;

/** Runs takeScreenshot the way the pipeline does, with its own deadline. */
async function shoot(
  url: string,
  options: Exclude<ExtractOptions['screenshot'], boolean | undefined> & {element?: string} = {},
  config: ExtractorConfig = {},
  timeout = 20_000,
): Promise<Screenshot> {
  const resolved = normalizeConfig({...loopbackConfig, screenshotProvider: provider, ...config});
  const {element, ...screenshot} = options;
  const request = normalizeOptions({screenshot, ...(element ? {element} : {}), timeout}, resolved);
  const deadline = createDeadline(request.timeout);
  try {
    return await takeScreenshot(url, {screenshot: request.screenshot!, headers: request.headers, deadline}, resolved);
  } finally {
    deadline.dispose();
  }
}

/** A store that remembers the bytes it was given, around the default data-URI store. */
function recordingStore(): ScreenshotStore & {saved: Uint8Array[]} {
  const inner = createDataUriStore();
  const saved: Uint8Array[] = [];
  return {saved, save: (image) => (saved.push(image.bytes), inner.save(image))};
}

function decodeDataUri(uri: string): {contentType: string; bytes: Buffer} {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(uri);
  if (!match) throw new Error(`not a base64 data URI: ${uri.slice(0, 40)}`);
  return {contentType: match[1] as string, bytes: Buffer.from(match[2] as string, 'base64')};
}

async function expectCode(promise: Promise<unknown>, code: string): Promise<LinkpeekError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LinkpeekError);
  expect((error as LinkpeekError).code).toBe(code);
  return error as LinkpeekError;
}

let provider: ChromiumProvider;
let site: TestServer;

beforeAll(async () => {
  site = await startServer({
    '/': html(boxPage),
    '/pixel.png': (_request, response) => void response.writeHead(200, {'content-type': 'image/png'}).end(pixel),
    '/old': redirect('/new/page.html'),
    '/new/page.html': html('<!doctype html><body><p>moved</p><img src="pic.png"></body>'),
    '/new/pic.png': (_request, response) => void response.writeHead(200, {'content-type': 'image/png'}).end(pixel),
    '/never': () => {
      // Never answers: holds the page's `load` event until the deadline.
    },
    '/slow-load': html('<!doctype html><body>waiting<img src="/never"></body>'),
  });
  provider = createChromiumProvider({concurrency: 2});
}, 30_000);

afterAll(async () => {
  await provider?.close();
  await site?.close();
});

describeWithChromium('takeScreenshot with the Chromium provider', () => {
  it('captures the viewport as a 1280x800 PNG and describes the file it stored', async () => {
    const store = recordingStore();
    const shot = await shoot(site.url('/'), {}, {screenshotStore: store});
    expect(store.saved).toHaveLength(1);
    const bytes = store.saved[0] as Uint8Array;
    expect(magic.png(bytes)).toBe(true);
    expect(shot).toMatchObject({type: 'png', width: 1280, height: 800, size: bytes.byteLength});
    expect(shot.size_pretty).toMatch(/^\d+(\.\d+)? kB$/);
    // The data URI holds exactly the bytes that were described.
    const decoded = decodeDataUri(shot.url);
    expect(decoded.contentType).toBe('image/png');
    expect(decoded.bytes.equals(Buffer.from(bytes))).toBe(true);
    expect(readImageInfo(decoded.bytes)).toMatchObject({width: 1280, height: 800, size: shot.size});
  });

  it('clips to `element`: a 300x120 CSS px box at deviceScaleFactor 2 gives a 600x240 image', async () => {
    const shot = await shoot(site.url('/'), {element: '#box', deviceScaleFactor: 2});
    expect(shot).toMatchObject({width: 600, height: 240, type: 'png'});
    expect(readImageInfo(decodeDataUri(shot.url).bytes)).toMatchObject({width: 600, height: 240});
  });

  it('fails with ENOELEMENT when `element` matches nothing, or only an element that is not rendered', async () => {
    const missing = await expectCode(shoot(site.url('/'), {element: '#nope'}), 'ENOELEMENT');
    expect(missing.message).toContain('#nope');
    await expectCode(shoot(site.url('/'), {element: '#hidden'}), 'ENOELEMENT');
  });

  it('fails with EINVALOPTION when `element` is not a valid CSS selector', async () => {
    await expectCode(shoot(site.url('/'), {element: 'div[['}), 'EINVALOPTION');
  });

  // Puppeteer's own query syntax is not CSS: it must not match nothing (ENOELEMENT) or something.
  it.each(['>>>', 'div >>> #box', '::-p-text(box)', '::-p-xpath(//div)'])('fails with EINVALOPTION for %j, not CSS', async (element) => {
    const error = await expectCode(shoot(site.url('/'), {element}), 'EINVALOPTION');
    expect(error.data).toEqual({element: 'must be a valid CSS selector'});
  });

  it.each(['png', 'jpeg', 'webp'] as const)('encodes type %s, checked by magic bytes', async (type) => {
    const store = recordingStore();
    const shot = await shoot(site.url('/'), {type, width: 640, height: 400}, {screenshotStore: store});
    expect(magic[type](store.saved[0] as Uint8Array)).toBe(true);
    // data.screenshot.type is the file extension, as data.image.type is.
    expect(shot).toMatchObject({type: type === 'jpeg' ? 'jpg' : type, width: 640, height: 400});
    expect(decodeDataUri(shot.url).contentType).toBe(`image/${type}`);
  });

  it('captures the whole scrollable page with `fullPage`', async () => {
    const shot = await shoot(site.url('/'), {fullPage: true, width: 800, height: 600});
    expect(shot.width).toBe(800);
    expect(shot.height).toBeGreaterThan(2000);
  });

  it('follows a redirect in Node and resolves relative URLs against the final address', async () => {
    const before = site.hits.length;
    await shoot(site.url('/old'));
    expect(site.hits.slice(before)).toEqual(expect.arrayContaining(['GET /old', 'GET /new/page.html', 'GET /new/pic.png']));
  });

  it('sends the caller headers to the page origin only, never to third-party subresources', async () => {
    const seen: Record<string, string | undefined> = {};
    const other = await startServer({
      '/third.png': (request, response) => {
        seen.third = request.headers['x-token'] as string | undefined;
        response.writeHead(200, {'content-type': 'image/png'}).end(pixel);
      },
    });
    site.route('/with-third', (request, response) => {
      seen.page = request.headers['x-token'] as string | undefined;
      response.writeHead(200, {'content-type': 'text/html'}).end(`<img src="${other.url('/third.png')}">`);
    });
    try {
      const resolved = normalizeConfig({...loopbackConfig, screenshotProvider: provider});
      const request = normalizeOptions({screenshot: true, headers: {'x-token': 'secret-1'}}, resolved);
      const deadline = createDeadline(20_000);
      await takeScreenshot(site.url('/with-third'), {screenshot: request.screenshot!, headers: request.headers, deadline}, resolved);
      deadline.dispose();
      expect(seen).toEqual({page: 'secret-1', third: undefined});
      expect(other.hits).toEqual(['GET /third.png']);
    } finally {
      await other.close();
    }
  });

  it('fails with ETIMEOUT when the page does not finish loading within the deadline', async () => {
    await expectCode(shoot(site.url('/slow-load'), {}, {}, 1_500), 'ETIMEOUT');
  });

  it('runs 4 concurrent captures on one shared browser process', async () => {
    const shots = await Promise.all([0, 1, 2, 3].map(() => shoot(site.url('/'), {width: 400, height: 300})));
    for (const shot of shots) expect(shot).toMatchObject({width: 400, height: 300});
    expect(provider.pid).toBeDefined();
    expect(chromiumChildren()).toEqual([provider.pid]);
  });

  it('relaunches the browser on the next capture after it was killed', async () => {
    await shoot(site.url('/'), {width: 320, height: 200});
    const first = provider.pid as number;
    process.kill(first, 'SIGKILL');
    const shot = await shoot(site.url('/'), {width: 320, height: 200});
    expect(shot).toMatchObject({width: 320, height: 200});
    expect(provider.pid).toBeDefined();
    expect(provider.pid).not.toBe(first);
  });

  it('writes `<sha256>.<ext>` with the file store and returns baseUrl + name for the exact bytes', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'linkpeek-store-'));
    try {
      const shot = await shoot(site.url('/'), {type: 'jpeg'}, {screenshotStore: createFileStore({directory, baseUrl: 'https://cdn.example/shots'})});
      const name = shot.url.slice('https://cdn.example/shots/'.length);
      expect(name).toMatch(/^[0-9a-f]{64}\.jpg$/);
      const bytes = await readFile(join(directory, name));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(name.slice(0, 64));
      expect(bytes.byteLength).toBe(shot.size);
      expect(readImageInfo(bytes)).toMatchObject({type: 'jpeg', width: shot.width, height: shot.height});
    } finally {
      await rm(directory, {recursive: true, force: true});
    }
  });
});

describeWithChromium('the browser under the address policy', () => {
  let secret: TestServer;
  let secretConnections = 0;
  let page: Server;
  let pageOrigin = '';
  // The page lives on 127.0.0.2, the "private" target on 127.0.0.1: the policy tells them apart.
  const onlyPageHost: ExtractorConfig = {allowAddress: (address) => address === '127.0.0.2', dnsLookup: testLookup};

  beforeAll(async () => {
    secret = await startServer({'/secret': html('secret'), '/secret.png': (_q, response) => void response.end(pixel)});
    secret.server.on('connection', () => secretConnections++);
    secret.server.on('upgrade', (_request, socket) => socket.destroy());
    const target = `http://127.0.0.1:${secret.port}`;
    const body = `<!doctype html><body><h1>public page</h1>
      <img src="${target}/secret.png">
      <img src="http://localhost:${secret.port}/secret.png?name">
      <iframe src="${target}/secret?iframe"></iframe>
      <link rel="stylesheet" href="${target}/secret?css">
      <script src="${target}/secret?script"></script>
      <img src="/to-secret">
      <iframe src="file:///etc/passwd"></iframe>
      <script>
        fetch('${target}/secret?fetch').catch(() => {});
        try { new WebSocket('ws://127.0.0.1:${secret.port}/secret?ws'); } catch {}
        new Worker(URL.createObjectURL(new Blob(["fetch('${target}/secret?worker').catch(() => {})"])));
      </script></body>`;
    page = createServer((request, response) => {
      if (request.url === '/to-secret') response.writeHead(302, {location: `${target}/secret.png?redirect`}).end();
      else response.writeHead(200, {'content-type': 'text/html'}).end(body);
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.2', resolve));
    pageOrigin = `http://127.0.0.2:${(page.address() as {port: number}).port}`;
  });

  afterAll(async () => {
    page.closeAllConnections();
    await new Promise((resolve) => page.close(resolve));
    await secret.close();
  });

  it('never lets the page reach a refused address: img, iframe, css, script, fetch, redirect, worker, WebSocket', async () => {
    const shot = await shoot(`${pageOrigin}/`, {waitForTimeout: 500}, onlyPageHost);
    expect(shot).toMatchObject({type: 'png', width: 1280, height: 800});
    expect(secret.hits).toEqual([]);
    expect(secretConnections).toBe(0);
  });

  it('loads the same subresources when the policy allows loopback (so the test above can fail)', async () => {
    await shoot(`${pageOrigin}/`, {waitForTimeout: 500}, loopbackConfig);
    expect(secret.hits).toEqual(
      expect.arrayContaining(['GET /secret.png', 'GET /secret?iframe', 'GET /secret?fetch', 'GET /secret.png?redirect']),
    );
    secret.hits.length = 0;
    secretConnections = 0;
  });

  it('refuses the page itself with EFORBIDDENURL when its address is not allowed', async () => {
    const before = site.hits.length;
    await expectCode(shoot(site.url('/'), {}, {allowAddress: () => false}), 'EFORBIDDENURL');
    expect(site.hits.length).toBe(before);
  });
});

describeWithChromium('createChromiumProvider lifecycle', () => {
  it('close() leaves no Chromium process behind', async () => {
    const own = createChromiumProvider();
    const resolved = normalizeConfig({...loopbackConfig, screenshotProvider: own});
    const deadline = createDeadline(20_000);
    await takeScreenshot(site.url('/'), {screenshot: normalizeOptions({screenshot: true}, resolved).screenshot!, headers: {}, deadline}, resolved);
    deadline.dispose();
    const tree = processTree(own.pid as number);
    expect(tree.length).toBeGreaterThan(1);
    await own.close();
    expect(tree.filter(isRunning)).toEqual([]);
    expect(own.pid).toBeUndefined();
    await expectCode(own.capture({} as never), 'ESCREENSHOT');
  });

  it('connects to a running browser through browserWSEndpoint and leaves it running on close()', async () => {
    const remote = await startRemoteChromium();
    try {
      const connected = createChromiumProvider({browserWSEndpoint: remote.endpoint});
      const shot = await shoot(site.url('/'), {element: '#box'}, {screenshotProvider: connected});
      expect(shot).toMatchObject({width: 300, height: 120});
      expect(connected.pid).toBeUndefined();
      await connected.close();
      expect(isRunning(remote.process.pid as number)).toBe(true);
    } finally {
      await remote.stop();
    }
  });

  it('fails with ENOBROWSER and the install hint when the executable is missing or not a browser', async () => {
    const missing = createChromiumProvider({executablePath: '/nonexistent/chromium'});
    const error = await expectCode(shoot(site.url('/'), {}, {screenshotProvider: missing}), 'ENOBROWSER');
    expect(error.message).toContain('apt-get install -y chromium');
    await missing.close();
    const notBrowser = createChromiumProvider({executablePath: '/bin/false', launchTimeout: 5_000});
    await expectCode(shoot(site.url('/'), {}, {screenshotProvider: notBrowser}), 'ENOBROWSER');
    await notBrowser.close();
  });

  it('without a provider in the config, launches a one-off browser and closes it again', async () => {
    const resolved = normalizeConfig(loopbackConfig);
    const deadline = createDeadline(20_000);
    const before = chromiumChildren();
    const shot = await takeScreenshot(site.url('/'), {screenshot: normalizeOptions({screenshot: true}, resolved).screenshot!, headers: {}, deadline}, resolved);
    deadline.dispose();
    expect(shot).toMatchObject({width: 1280, height: 800});
    expect(chromiumChildren().filter(isRunning)).toEqual(before.filter(isRunning));
  });
});
