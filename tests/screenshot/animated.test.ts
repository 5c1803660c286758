// screenshot.animated (issue 37 item 5): a short video of the page, filmed by the guarded Chromium's
// screencast and encoded by a real ffmpeg, stored as screenshots are. Real servers on 127.0.0.1,
// real Chromium, real ffmpeg (and ffprobe to read the videos back).
import {execFile, execFileSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {promisify} from 'node:util';
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import {createChromiumProvider} from '../../src/browser/chromium-provider.js';
import {createHandler} from '../../src/endpoint/handler.js';
import {createExtractor} from '../../src/extract.js';
import {isLinkpeekError, type LinkpeekError} from '../../src/errors.js';
import {describeWithChromium} from '../helpers/chromium.js';
import {sample, serve} from '../helpers/files.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, startServer, type TestServer} from '../helpers/server.js';

jest.setTimeout(120_000);

const run = promisify(execFile);

/** Whether `ffmpeg` and `ffprobe` run here. CI installs them (.ci/run): there, their absence fails the suite. */
const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], {stdio: 'ignore'});
    execFileSync('ffprobe', ['-version'], {stdio: 'ignore'});
    return true;
  } catch {
    const hint = 'No ffmpeg found: install it with `apt-get install -y ffmpeg`.';
    if (process.env.CI === 'true') throw new Error(hint);
    process.stderr.write(`Skipping the screenshot.animated recordings. ${hint}\n`);
    return false;
  }
})();
const describeWithFfmpeg = hasFfmpeg ? describeWithChromium : describe.skip;

// Videos are written under this process's own temporary directory, so the test can see that none is left.
const temporary = mkdtempSync(join(tmpdir(), 'linkpeek-animated-test-'));
process.env.TMPDIR = temporary;

// A page whose whole background moves from red to blue and back, every 2 s: frames a second apart differ.
const moving = `<html><head><title>Tide</title><style>
  html, body { margin: 0; height: 100%; }
  body { animation: tide 2s linear infinite alternate; }
  @keyframes tide { from { background: #ff0000; } to { background: #0000ff; } }
</style></head><body></body></html>`;

let target: TestServer;
const provider = createChromiumProvider({concurrency: 2});
const extract = createExtractor({...loopbackConfig, screenshotProvider: provider});

beforeAll(async () => {
  target = await startServer({
    '/tide': html(moving),
    '/photo.png': serve(sample('png'), 'image/png'),
  });
});
afterAll(async () => {
  await target.close();
  await provider.close();
  rmSync(temporary, {recursive: true, force: true});
});

const page = (path: string) => `http://site.test:${target.port}${path}`;
const bytesOf = (uri: string) => Buffer.from(uri.slice(uri.indexOf(',') + 1), 'base64');

/** What ffprobe reads from a video file: codec, size, duration (s) and frame count. */
async function probe(bytes: Buffer, extension: string) {
  const file = join(mkdtempSync(join(temporary, 'probe-')), `video.${extension}`);
  await import('node:fs/promises').then(({writeFile}) => writeFile(file, bytes));
  const {stdout} = await run('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height,nb_read_frames:format=duration', '-of', 'json', file]);
  const parsed = JSON.parse(stdout) as {streams: {codec_name: string; width: number; height: number; nb_read_frames: string}[]; format: {duration: string}};
  const stream = parsed.streams[0]!;
  return {file, codec: stream.codec_name, width: stream.width, height: stream.height, frames: Number(stream.nb_read_frames), duration: Number(parsed.format.duration)};
}

/** The mean colour of the video's frame at `seconds`. */
async function colourAt(file: string, seconds: number): Promise<[number, number, number]> {
  const {stdout} = await run('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1', '-vf', 'scale=16:16', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], {encoding: 'buffer'});
  const sum = [0, 0, 0];
  for (let index = 0; index < stdout.length; index += 3) for (let channel = 0; channel < 3; channel++) sum[channel]! += stdout[index + channel]!;
  const pixels = stdout.length / 3;
  return sum.map((total) => Math.round(total / pixels)) as [number, number, number];
}

/** ffmpeg processes whose parent is this test process. */
function ffmpegChildren(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(fields[1]) === process.pid && stat.includes('(ffmpeg)');
      } catch {
        return false;
      }
    })
    .map(Number);
}

const leftovers = () => readdirSync(temporary).filter((name) => name.startsWith('linkpeek-record-'));

describeWithFfmpeg('screenshot.animated', () => {
  it('records an MP4 (H.264) of the moving page next to the still: its magic bytes, its length, its frames moving', async () => {
    // Filming lasts its duration plus the page's load, and competes with the browser for the CPU: a minute.
    const {data} = await extract(page('/tide'), {ping: false, timeout: 60_000, screenshot: {width: 320, height: 240, animated: {duration: 2000, fps: 10}}});
    const shot = data.screenshot!;
    expect(shot.type).toBe('png');
    const animated = shot.animated!;
    expect({type: animated.type, width: animated.width, height: animated.height, duration: animated.duration, duration_pretty: animated.duration_pretty, fps: animated.fps, codec: animated.codec, backend: animated.backend}).toEqual({
      type: 'mp4',
      width: 320,
      height: 240,
      duration: 2000,
      duration_pretty: '2s',
      fps: 10,
      codec: 'h264',
      backend: 'ffmpeg',
    });
    expect(animated.url.startsWith('data:video/mp4;base64,')).toBe(true);
    const bytes = bytesOf(animated.url);
    expect(animated.size).toBe(bytes.byteLength);
    // An ISO BMFF file: a box whose type is `ftyp` at offset 4.
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const probed = await probe(bytes, 'mp4');
    expect({codec: probed.codec, width: probed.width, height: probed.height, frames: probed.frames}).toEqual({codec: 'h264', width: 320, height: 240, frames: 20});
    expect(probed.duration).toBeGreaterThan(1.8);
    expect(probed.duration).toBeLessThan(2.3);
    // The animation ran while filmed (animations are frozen only for stills): its frames a second apart differ in colour.
    const [early, late] = [await colourAt(probed.file, 0.05), await colourAt(probed.file, 1.5)];
    const distance = Math.abs(early[0] - late[0]) + Math.abs(early[2] - late[2]);
    expect(distance).toBeGreaterThan(60);
    expect(leftovers()).toEqual([]);
  });

  it('records a WebM (VP8) when type is webm: the EBML magic', async () => {
    const {data} = await extract(page('/tide?webm'), {ping: false, timeout: 60_000, screenshot: {width: 240, height: 160, animated: {duration: 1000, fps: 8, type: 'webm'}}});
    const animated = data.screenshot!.animated!;
    const bytes = bytesOf(animated.url);
    expect(bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(animated.url.startsWith('data:video/webm;base64,')).toBe(true);
    const probed = await probe(bytes, 'webm');
    expect({type: animated.type, codec: probed.codec, width: probed.width, frames: probed.frames}).toEqual({type: 'webm', codec: 'vp8', width: 240, frames: 8});
    expect(bytes.byteLength).toBeGreaterThan(1000);
  });

  it('ends at the deadline with ETIMEOUT: ffmpeg killed, the temporary files removed, the page closed', async () => {
    const started = Date.now();
    const error = (await extract(page('/tide?deadline'), {ping: false, timeout: 4000, screenshot: {width: 320, height: 240, animated: {duration: 10_000}}}).catch((thrown: unknown) => thrown)) as LinkpeekError;
    expect(isLinkpeekError(error) && error.code).toBe('ETIMEOUT');
    // Well before the 10 s the video would have lasted.
    expect(Date.now() - started).toBeLessThan(9_500);
    // extract() answers at its deadline; the recording winds down right after it (ffmpeg killed by
    // the same deadline, then the directory removed), within a few seconds however loaded the machine.
    for (let waited = 0; waited < 10_000 && (ffmpegChildren().length > 0 || leftovers().length > 0); waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ffmpegChildren()).toEqual([]);
    expect(leftovers()).toEqual([]);
    // The browser is still usable: its page was closed, not left filming.
    const {data} = await extract(page('/tide?after'), {ping: false, timeout: 60_000, screenshot: {width: 200, height: 100}});
    expect(data.screenshot?.width).toBe(200);
  });

  it('gives a file link no video: a file does not move', async () => {
    const {data} = await extract(page('/photo.png'), {ping: false, timeout: 60_000, screenshot: {animated: true}});
    expect(data.screenshot).toBeDefined();
    expect(data.screenshot?.animated).toBeUndefined();
  });

  it('works through the endpoint: screenshot.animated.* parameters, the JSON shape, embed=screenshot.animated.url gives the video', async () => {
    const server: Server = createServer(createHandler({...loopbackConfig, screenshotProvider: provider, cache: false, timeout: 60_000, maxTimeout: 60_000}));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const query = `url=${encodeURIComponent(page('/tide?endpoint'))}&ping=false&screenshot.width=320&screenshot.height=200&screenshot.animated.duration=1000&screenshot.animated.fps=5`;
      const json = (await (await fetch(`${endpoint}?${query}`)).json()) as {status: string; data: {screenshot: {animated: Record<string, unknown>}}};
      expect(json.status).toBe('success');
      expect(Object.keys(json.data.screenshot.animated)).toEqual(['url', 'type', 'size', 'size_pretty', 'width', 'height', 'duration', 'duration_pretty', 'fps', 'codec', 'backend']);
      expect(json.data.screenshot.animated).toMatchObject({type: 'mp4', duration: 1000, fps: 5, width: 320, height: 200});
      const embedded = await fetch(`${endpoint}?${query}&embed=screenshot.animated.url`);
      expect(embedded.status).toBe(200);
      expect(embedded.headers.get('content-type')).toBe('video/mp4');
      expect(Buffer.from(await embedded.arrayBuffer()).subarray(4, 8).toString('latin1')).toBe('ftyp');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describeWithChromium('screenshot.animated without ffmpeg', () => {
  const missing = createChromiumProvider({ffmpegPath: join(temporary, 'no-ffmpeg-here')});
  afterAll(() => missing.close());

  it('fails with EMISSINGDEP naming ffmpeg and the apt-get command', async () => {
    const extractWithout = createExtractor({...loopbackConfig, screenshotProvider: missing});
    const error = (await extractWithout(page('/tide?missing'), {ping: false, screenshot: {animated: true}}).catch((thrown: unknown) => thrown)) as LinkpeekError;
    expect(isLinkpeekError(error) && error.code).toBe('EMISSINGDEP');
    expect(error.message).toContain('ffmpeg');
    expect(error.message).toContain('apt-get install ffmpeg');
    expect(error.data).toMatchObject({package: 'ffmpeg', install: 'apt-get install ffmpeg'});
  });

  it('answers 501 EMISSINGDEP through the endpoint', async () => {
    const server: Server = createServer(createHandler({...loopbackConfig, screenshotProvider: missing, cache: false}));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const response = await fetch(`${endpoint}?url=${encodeURIComponent(page('/tide?missing-endpoint'))}&ping=false&screenshot.animated=true`);
      expect(response.status).toBe(501);
      const body = (await response.json()) as {status: string; code: string; message: string};
      expect({status: body.status, code: body.code}).toEqual({status: 'error', code: 'EMISSINGDEP'});
      expect(body.message).toContain('apt-get install ffmpeg');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('screenshot.animated options', () => {
  it.each([
    [{duration: 20_000}, 'screenshot.animated.duration'],
    [{duration: 50}, 'screenshot.animated.duration'],
    [{fps: 120}, 'screenshot.animated.fps'],
    [{type: 'gif'}, 'screenshot.animated.type'],
    [{speed: 2}, 'screenshot.animated.speed'],
    ['yes', 'screenshot.animated'],
  ])('refuses %j with EINVALOPTION naming %s, before any request', async (value, name) => {
    const hits = target.hits.length;
    const error = (await extract(page('/tide'), {screenshot: {animated: value as never}}).catch((thrown: unknown) => thrown)) as LinkpeekError;
    expect(error.code).toBe('EINVALOPTION');
    expect(Object.keys(error.data ?? {})).toEqual([name]);
    expect(target.hits.length).toBe(hits);
  });
});
