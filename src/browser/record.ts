import {mkdtemp, readFile, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {imageSize} from '../shared/lazy-image-size.js';
import type {Browser, CDPSession, Page} from 'puppeteer-core';
import {LinkpeekError} from '../errors.js';
import {viewportOf} from './capture.js';
import {assertEncoder, startEncoder} from './encoder.js';
import {failedAs, inGuardedPage} from './guarded-page.js';
import type {PageSetup, RecordRequest, RecordResult} from './provider.js';

// The longest side of the video frames, in pixels: a 2x window of 1280x800 is filmed at 1920x1200,
// which one ffmpeg thread encodes about as fast as the frames come.
const maxFrameSide = 1920;
// The first frame must come this soon after the screencast starts (Chromium sends one at once).
const firstFrameTimeout = 5_000;
// How long the filming may still take to end after the deadline (its encoder is killed at once).
const settleAfterAbort = 5_000;

const pageDefaults: PageSetup = {javascript: true, animations: true, adblock: true, styles: [], scripts: [], modules: []};

/**
 * Films `request.url` in a fresh incognito context of `browser` (proxy: the black hole), every
 * request guarded: once loaded and waited for, the page runs, animations on, for
 * `request.animated.duration` ms, while Chromium's screencast frames go to ffmpeg at
 * `request.animated.fps` (the last frame repeated while the page does not change). The video is
 * written in a temporary directory, read and returned; the directory, the ffmpeg process and the
 * browser context are gone before this returns, whatever happened (ffmpeg is killed at the deadline).
 * @throws LinkpeekError EMISSINGDEP (no ffmpeg, checked before the page opens), ETIMEOUT (or the
 * signal's own reason), EFORBIDDENURL, ESCREENSHOT
 */
export async function recordInContext(browser: Browser, proxyServer: string, request: RecordRequest, ffmpegPath: string): Promise<RecordResult> {
  await assertEncoder(ffmpegPath, request.animated.type);
  const signal = AbortSignal.any([AbortSignal.timeout(request.timeout), ...(request.signal ? [request.signal] : [])]);
  const load = {
    ...request,
    viewport: viewportOf(request, request.emulation),
    settle: false,
    still: true,
    // A video of a page whose animations were stopped would show nothing move.
    setup: {...pageDefaults, ...request.setup, animations: true},
  };
  const directory = await mkdtemp(join(tmpdir(), 'linkpeek-record-'));
  let filming: Promise<RecordResult> | undefined;
  try {
    return await inGuardedPage(
      browser,
      proxyServer,
      load,
      ({page}) => {
        filming = film(page, request, {directory, signal, ffmpegPath});
        return filming;
      },
      failedAs('ESCREENSHOT', request.url, {load: 'The page could not be loaded for the recording', task: 'The page could not be recorded.'}),
      'record',
    );
  } finally {
    // Ended by the deadline, the filming still winds down (its ffmpeg killed by the signal, its page
    // closing): the directory goes once it did.
    if (filming) await Promise.race([filming.catch(() => {}), new Promise((resolve) => setTimeout(resolve, settleAfterAbort).unref())]);
    await rm(directory, {recursive: true, force: true});
  }
}


/** Screencasts the loaded page into ffmpeg for the asked duration, at a steady frame rate. */
async function film(page: Page, request: RecordRequest, context: {directory: string; signal: AbortSignal; ffmpegPath: string}): Promise<RecordResult> {
  const {duration, fps, type} = request.animated;
  const {signal} = context;
  const path = join(context.directory, `recording.${type}`);
  const session: CDPSession = await page.createCDPSession();
  let latest: Buffer | undefined;
  let arrived: () => void = () => {};
  const first = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  session.on('Page.screencastFrame', (event) => {
    latest = Buffer.from(event.data, 'base64');
    arrived();
    session.send('Page.screencastFrameAck', {sessionId: event.sessionId}).catch(() => {});
  });
  const scale = Math.min(request.deviceScaleFactor, maxFrameSide / Math.max(request.width, request.height));
  await session.send('Page.startScreencast', {
    format: 'jpeg',
    quality: 85,
    maxWidth: Math.round(request.width * scale),
    maxHeight: Math.round(request.height * scale),
    everyNthFrame: 1,
  });
  const encoder = startEncoder(context.ffmpegPath, {path, type, fps, maxSize: request.maxSize, signal});
  try {
    await Promise.race([first, wait(firstFrameTimeout, signal)]);
    if (!latest) throw signal.aborted ? signal.reason : new LinkpeekError('ESCREENSHOT', 'The browser sent no frame of the page to record.', {url: request.url});
    const size = imageSize(latest);
    const frames = Math.max(1, Math.round((duration * fps) / 1000));
    const start = performance.now();
    let written = 0;
    // Frames are due by the clock: a write that waited on a busy encoder is made up by repeating
    // the latest frame, so the video always lasts `duration` whatever the machine's load.
    while (written < frames) {
      if (signal.aborted) throw signal.reason;
      const due = Math.min(frames, Math.floor(((performance.now() - start) * fps) / 1000) + 1);
      while (written < due) {
        await encoder.write(latest);
        written++;
      }
      if (written < frames) await wait(1000 / fps, signal);
    }
    await session.send('Page.stopScreencast').catch(() => {});
    await encoder.finish();
    if (signal.aborted) throw signal.reason;
    const bytes = await readFile(path);
    // ffmpeg stopped writing at the cap (`-fs`): the file is cut, not the video asked for.
    if (bytes.byteLength >= request.maxSize) {
      throw new LinkpeekError('ESCREENSHOT', `The recording of the page exceeded ${request.maxSize} bytes.`, {url: request.url, data: {'screenshot.animated': `exceeded ${request.maxSize} bytes`}});
    }
    return {
      bytes,
      type,
      width: size.width - (size.width % 2),
      height: size.height - (size.height % 2),
      duration: Math.round((written * 1000) / fps),
      fps,
      codec: encoder.codec,
    };
  } finally {
    // A no-op once it finished; on any failure ffmpeg must not outlive the call.
    await encoder.kill();
    await session.detach().catch(() => {});
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, {once: true});
  });
}
