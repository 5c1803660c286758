// Screenshots checked by their pixels: the overlay (frame colour, background, the capture inside),
// device emulation, colour scheme, media type, and hide/remove/click/scroll; from extract(), the
// endpoint and the CLI, all against a real Chromium and pages on 127.0.0.1.
import type {LookupFunction} from 'node:net';
import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import {createChromiumProvider, type ChromiumProvider} from '../../src/browser/chromium-provider.js';
import {paddingFor, titleBarHeight} from '../../src/browser/overlay-page.js';
import type {Screenshot} from '../../src/data.js';
import {handleQuery} from '../../src/endpoint/handler.js';
import {createExtractor} from '../../src/extract.js';
import type {ExtractOptions} from '../../src/options.js';
import {isLoopbackAddress} from '../../src/url/address.js';
import {describeWithChromium} from '../helpers/chromium.js';
import {runTs} from '../helpers/child.js';
import {decodePng, near, type DecodedPng} from '../helpers/png.js';
import {loopbackConfig, testLookup} from '../helpers/policy.js';
import {html, startServer, type TestServer} from '../helpers/server.js';

jest.setTimeout(60_000);

const blue = [0x33, 0x66, 0xcc];
const red = [255, 0, 0];
const green = [0, 255, 0];
const magenta = [255, 0, 255];

const pages: Record<string, string> = {
  '/solid': `<!doctype html><html><head><link rel="stylesheet" href="/solid.css"></head><body style="margin:0;background:#3366cc"></body></html>`,
  '/scheme': `<!doctype html><html><head><style>
    body { margin: 0; background: #ffffff; }
    @media (prefers-color-scheme: dark) { body { background: #000000; } }
    @media print { body { background: #00ff00; } }
  </style></head><body></body></html>`,
  '/device': `<!doctype html><html><head><meta name="viewport" content="width=device-width"><style>
    body { margin: 0; background: #ff0000; }
    @media (max-width: 500px) and (pointer: coarse) { body { background: #00ff00; } }
  </style><script>
    document.title = /iPhone/.test(navigator.userAgent) && 'ontouchstart' in window && matchMedia('(pointer: coarse)').matches ? 'mobile' : 'desktop';
  </script></head><body></body></html>`,
  '/clutter': `<!doctype html><html><head><style>
    body { margin: 0; background: #ffffff; }
    div { height: 100px; }
    #banner { background: #ff0000; } #second { background: #3366cc; }
    #target { margin-top: 3000px; background: #ff00ff; }
  </style></head><body>
    <div id="banner"></div><div id="second"></div>
    <button id="go" style="position:absolute;left:0;top:220px;width:50px;height:30px" onclick="document.body.style.background='#00ff00';document.getElementById('second').remove()">go</button>
    <div id="target"></div><div style="height:1000px"></div></body></html>`,
};

let site: TestServer;
let provider: ChromiumProvider;
const ua: string[] = [];

beforeAll(async () => {
  site = await startServer({
    ...Object.fromEntries(Object.entries(pages).map(([path, body]) => [path, html(body)])),
    '/solid.css': (_request, response) => void response.writeHead(200, {'content-type': 'text/css'}).end('body { color: black }'),
    '/bg.svg': (_request, response) =>
      void response
        .writeHead(200, {'content-type': 'image/svg+xml'})
        .end('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#ff00ff"/></svg>'),
    '/ua': (request, response) => {
      ua.push(String(request.headers['user-agent']));
      response.writeHead(200, {'content-type': 'text/html'}).end('<!doctype html><title>ua</title><body style="margin:0">x</body>');
    },
  });
  provider = createChromiumProvider({concurrency: 1});
});

afterAll(async () => {
  await provider?.close();
  await site?.close();
});

const extract = createExtractor({...loopbackConfig, screenshotProvider: {capture: (r) => provider.capture(r), render: (r) => provider.render(r)}});

function decode(shot: Screenshot | null | undefined): DecodedPng {
  const match = /^data:image\/png;base64,(.*)$/s.exec(shot?.url ?? '');
  if (!match) throw new Error(`not a PNG data URI: ${shot?.url.slice(0, 40)}`);
  const image = decodePng(Buffer.from(match[1] as string, 'base64'));
  expect([image.width, image.height]).toEqual([shot?.width, shot?.height]);
  return image;
}

async function shot(path: string, options: ExtractOptions): Promise<DecodedPng> {
  const result = await extract(site.url(path), {ping: false, meta: false, ...options});
  return decode(result.data.screenshot);
}

describeWithChromium('screenshot.overlay', () => {
  const size = {width: 400, height: 300};
  const pad = paddingFor(400, 300);

  it.each([
    ['light', [0xe9, 0xe9, 0xec]],
    ['dark', [0x2a, 0x2a, 0x2e]],
  ] as const)('frames the capture in a %s browser window on a colour background', async (browser, bar) => {
    const image = await shot('/solid', {screenshot: {...size, overlay: {browser, background: '#ff0000'}}});
    expect([image.width, image.height]).toEqual([400 + 2 * pad, 300 + titleBarHeight + 2 * pad]);
    for (const [x, y] of [[1, 1], [image.width - 2, 1], [1, image.height - 2], [image.width - 2, image.height - 2]] as const) {
      expect(near(image.pixel(x, y), red)).toBe(true);
    }
    // The title bar, right of the address field, then the captured page inside.
    expect(image.pixel(pad + 400 - 20, pad + 5)).toEqual([...bar, 255]);
    expect(near(image.pixel(pad + 200, pad + titleBarHeight + 150), blue)).toBe(true);
  });

  it('takes a gradient, an image URL fetched under the policy, and a window without background', async () => {
    const gradient = await shot('/solid', {screenshot: {...size, overlay: {background: 'linear-gradient(to right, #00ff00, #00ff00)'}}});
    expect([gradient.width, gradient.height]).toEqual([400 + 2 * pad, 300 + 2 * pad]);
    expect(near(gradient.pixel(1, 1), green)).toBe(true);
    expect(near(gradient.pixel(pad + 200, pad + 150), blue)).toBe(true);

    const before = site.hits.filter((hit) => hit.startsWith('GET /bg.svg')).length;
    const image = await shot('/solid', {screenshot: {...size, overlay: {browser: 'light', background: site.url('/bg.svg')}}});
    expect(near(image.pixel(1, 1), magenta)).toBe(true);
    expect(site.hits.filter((hit) => hit.startsWith('GET /bg.svg')).length).toBe(before + 1);

    const bare = await shot('/solid', {screenshot: {...size, overlay: {browser: 'dark'}}});
    expect([bare.width, bare.height]).toEqual([400, 300 + titleBarHeight]);
    expect(near(bare.pixel(200, titleBarHeight + 150), blue)).toBe(true);
  });

  it('describes the composed image in the type asked for (jpg)', async () => {
    const result = await extract(site.url('/solid'), {ping: false, screenshot: {...size, type: 'jpeg', overlay: {browser: 'dark', background: 'rgb(255, 0, 0)'}}});
    expect(result.data.screenshot).toMatchObject({type: 'jpg', width: 400 + 2 * pad, height: 300 + titleBarHeight + 2 * pad});
    expect(result.data.screenshot?.url.startsWith('data:image/jpeg;base64,')).toBe(true);
  });

  it('refuses a bad colour (EINVALOPTION) and a forbidden background URL (EFORBIDDENURL) before any capture', async () => {
    await expect(extract(site.url('/solid'), {screenshot: {overlay: {background: 'url(http://x/)'}}})).rejects.toMatchObject({
      code: 'EINVALOPTION',
      data: {'screenshot.overlay.background': expect.any(String)},
    });
    await expect(extract(site.url('/solid'), {screenshot: {overlay: {background: 'linear-gradient(45deg, banana, red)'}}})).rejects.toMatchObject({
      code: 'EINVALOPTION',
    });
    await expect(extract(site.url('/solid'), {screenshot: {overlay: {background: 'http://10.0.0.1/bg.png'}}})).rejects.toMatchObject({
      code: 'EFORBIDDENURL',
      data: {'screenshot.overlay.background': expect.any(String)},
    });
    // A name the policy refuses only once resolved: still before the page is loaded in the browser.
    const lookup = ((hostname: string, options: unknown, callback?: unknown) => {
      if (hostname !== 'forbidden.test') return (testLookup as (...args: unknown[]) => void)(hostname, options, callback);
      const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
      const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
      queueMicrotask(() => (all ? done(null, [{address: '127.0.0.2', family: 4}]) : done(null, '127.0.0.2', 4)));
    }) as LookupFunction;
    const strict = createExtractor({
      allowAddress: (address) => isLoopbackAddress(address) && address !== '127.0.0.2',
      dnsLookup: lookup,
      screenshotProvider: {capture: (r) => provider.capture(r)},
    });
    const cssBefore = site.hits.filter((hit) => hit.startsWith('GET /solid.css')).length;
    await expect(
      strict(site.url('/solid'), {ping: false, screenshot: {overlay: {background: `http://forbidden.test:${site.port}/bg.svg`}}}),
    ).rejects.toMatchObject({code: 'EFORBIDDENURL', data: {'screenshot.overlay.background': expect.any(String)}});
    expect(site.hits.filter((hit) => hit.startsWith('GET /solid.css')).length).toBe(cssBefore);
  });
});

describeWithChromium('device, colorScheme and mediaType', () => {
  it('emulates an iPhone 15: 393 CSS px at DPR 3, a mobile user agent and touch, also when rendering', async () => {
    const result = await extract(site.url('/device'), {ping: false, prerender: true, device: 'iphone 15', screenshot: true});
    expect(result.data.title).toBe('mobile');
    expect(result.data.screenshot).toMatchObject({width: 1179, height: 659 * 3});
    expect(near(decode(result.data.screenshot).pixel(600, 600), green)).toBe(true);
    // The user agent reaches the target: the guard forwards Chromium's request headers.
    await extract(site.url('/ua'), {ping: false, device: 'iPhone 15', screenshot: {width: 300, height: 200}});
    expect(ua.at(-1)).toMatch(/iPhone OS 17/);
    // screenshot.width/height override the device's viewport.
    const narrow = await shot('/device', {device: 'iPhone 15', screenshot: {width: 200, height: 100}});
    expect([narrow.width, narrow.height]).toEqual([600, 300]);
  });

  it('suggests the nearest names for an unknown device', async () => {
    await expect(extract(site.url('/device'), {device: 'iPhone 51'})).rejects.toMatchObject({
      code: 'EINVALOPTION',
      message: expect.stringMatching(/`device`.*nearest: `iPhone \d+/),
    });
  });

  it('shows the page in dark mode, in light mode by default, and as print', async () => {
    const small = {screenshot: {width: 100, height: 100}};
    expect(near((await shot('/scheme', small)).pixel(50, 50), [255, 255, 255])).toBe(true);
    expect(near((await shot('/scheme', {...small, colorScheme: 'dark'})).pixel(50, 50), [0, 0, 0])).toBe(true);
    expect(near((await shot('/scheme', {...small, mediaType: 'print'})).pixel(50, 50), green)).toBe(true);
    // Both at once: neither emulation undoes the other.
    expect(near((await shot('/scheme', {...small, colorScheme: 'light', mediaType: 'print'})).pixel(50, 50), green)).toBe(true);
  });
});

describeWithChromium('hide, remove, click and scroll', () => {
  const view = {width: 300, height: 400};

  it('hides (space kept), removes (space freed), clicks and scrolls before the capture', async () => {
    const plain = await shot('/clutter', {screenshot: view});
    expect(near(plain.pixel(150, 50), red)).toBe(true);
    const hidden = await shot('/clutter', {screenshot: {...view, hide: '#banner'}});
    expect(near(hidden.pixel(150, 50), [255, 255, 255])).toBe(true);
    expect(near(hidden.pixel(150, 150), blue)).toBe(true);
    const removed = await shot('/clutter', {screenshot: {...view, remove: ['#banner', '.absent']}});
    expect(near(removed.pixel(150, 50), blue)).toBe(true);
    const clicked = await shot('/clutter', {screenshot: {...view, click: '#go'}});
    expect(near(clicked.pixel(150, 150), green)).toBe(true);
    const scrolled = await shot('/clutter', {screenshot: {...view, scroll: '#target'}});
    expect(near(scrolled.pixel(150, 50), magenta)).toBe(true);
    // Matching nothing is not an error.
    const none = await shot('/clutter', {screenshot: {...view, hide: '.none', click: '#none', scroll: '#none'}});
    expect(near(none.pixel(150, 50), red)).toBe(true);
  });

  it('refuses a selector that is not CSS, naming the option, in Node or in the browser', async () => {
    await expect(extract(site.url('/clutter'), {screenshot: {hide: 'div[['}})).rejects.toMatchObject({code: 'EINVALOPTION', data: {'screenshot.hide': expect.any(String)}});
    await expect(extract(site.url('/clutter'), {screenshot: {click: ['#go', 'a )']}})).rejects.toMatchObject({data: {'screenshot.click.1': expect.any(String)}});
    // Accepted by css-select's parser, refused by the browser's.
    await expect(extract(site.url('/clutter'), {ping: false, screenshot: {scroll: 'div >'}})).rejects.toMatchObject({code: 'EINVALOPTION', data: {'screenshot.scroll': expect.any(String)}});
  });
});

describeWithChromium('from the endpoint and the CLI', () => {
  const config = {...loopbackConfig, cache: false, screenshotProvider: {capture: (r: Parameters<ChromiumProvider['capture']>[0]) => provider.capture(r)}};

  it('answers an overlay, a device and a dark-mode screenshot', async () => {
    const query = (text: string) => handleQuery(new URLSearchParams(`url=${encodeURIComponent(site.url('/scheme'))}&ping=false&${text}`), config);
    const framed = await query('screenshot.width=300&screenshot.height=200&screenshot.overlay.browser=dark&screenshot.overlay.background=%23ff0000');
    expect(framed.status).toBe(200);
    const framedImage = decode((JSON.parse(String(framed.body)) as {data: {screenshot: Screenshot}}).data.screenshot);
    expect(near(framedImage.pixel(1, 1), red)).toBe(true);
    expect(framedImage.pixel(framedImage.width - paddingFor(300, 200) - 20, paddingFor(300, 200) + 5)).toEqual([0x2a, 0x2a, 0x2e, 255]);

    const device = await query('screenshot=true&device=iPhone%2015');
    expect((JSON.parse(String(device.body)) as {data: {screenshot: Screenshot}}).data.screenshot).toMatchObject({width: 1179, type: 'png'});

    const dark = await query('screenshot.width=100&screenshot.height=100&colorScheme=dark');
    expect(near(decode((JSON.parse(String(dark.body)) as {data: {screenshot: Screenshot}}).data.screenshot).pixel(50, 50), [0, 0, 0])).toBe(true);

    const bad = await query('screenshot=true&device=nokia');
    expect(bad.status).toBe(400);
  });

  it('takes the same flags in the CLI', async () => {
    const {code, stdout, stderr} = await runTs('src/cli.ts', [
      site.url('/scheme'),
      '--allow-loopback',
      '--no-ping',
      '--colorScheme=dark',
      '--device=iPhone 15',
      '--screenshot.overlay.browser=light',
      '--screenshot.overlay.background=#ff0000',
    ]);
    expect([code, stderr]).toEqual([0, '']);
    const image = decode((JSON.parse(stdout) as {data: {screenshot: Screenshot}}).data.screenshot);
    const pad = paddingFor(393, 659);
    expect([image.width, image.height]).toEqual([(393 + 2 * pad) * 3, (659 + titleBarHeight + 2 * pad) * 3]);
    expect(near(image.pixel(3, 3), red)).toBe(true);
    expect(near(image.pixel(Math.floor(image.width / 2), (pad + titleBarHeight + 300) * 3), [0, 0, 0])).toBe(true);
  });
});
