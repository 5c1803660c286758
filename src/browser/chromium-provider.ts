import pLimit from 'p-limit';
import {listenBlackHole} from './black-hole-proxy.js';
import {captureInContext} from './capture.js';
import {contextsClosed, toPageError} from './guarded-page.js';
import {renderInContext} from './render.js';
import {printInContext} from './print.js';
import {auditInContext} from './lighthouse-audit.js';
import {recordInContext} from './record.js';
import {assertEncoder} from './encoder.js';
import {type LaunchOptions, type OpenedBrowser, openBrowser} from './launch.js';
import {LinkpeekError} from '../errors.js';
import {treeRss} from './process-tree.js';
import type {
  AuditRequest,
  CaptureRequest,
  CaptureResult,
  LighthouseReport,
  PrintRequest,
  PrintResult,
  RecordRequest,
  RecordResult,
  RenderRequest,
  RenderResult,
  ScreenshotProvider,
} from './provider.js';

// Defined with the launch code; re-exported so imports from this module keep working.
export {chromiumCandidates, findExecutable} from './launch.js';

/** Options of {@link createChromiumProvider}. */
export interface ChromiumProviderOptions extends LaunchOptions {
  /** Captures running at once on the one browser; further captures wait in a queue. @default 2 */
  concurrency?: number;
  /**
   * Pages (captures and renders) after which a launched browser is replaced: new work goes to a
   * fresh browser while the old one finishes its pages, then it is closed. `Infinity`: never.
   * @default 500
   */
  recycleAfter?: number;
  /**
   * Bytes of resident memory (the RSS sum of the launched browser's processes, read from /proc at
   * most once a second, when a page finishes) above which the browser is replaced the same way.
   * @default Infinity (off)
   */
  maxMemory?: number;
  /**
   * The ffmpeg that encodes `screenshot.animated` videos: a command on `PATH` or a path. Checked when
   * a video is first asked for; missing, the recording fails with EMISSINGDEP.
   * @default 'ffmpeg'
   */
  ffmpegPath?: string;
}

/** A {@link ScreenshotProvider} backed by one shared Chromium. */
export interface ChromiumProvider extends ScreenshotProvider {
  render(request: RenderRequest): Promise<RenderResult>;
  print(request: PrintRequest): Promise<PrintResult>;
  audit(request: AuditRequest): Promise<LighthouseReport>;
  record(request: RecordRequest): Promise<RecordResult>;
  /** Closes the launched browser and waits until its processes are gone (disconnects from a remote one). */
  close(): Promise<void>;
  /** PID of the launched browser; `undefined` before the first capture, after `close()` or when connected remotely. */
  readonly pid: number | undefined;
}

/**
 * Creates the default screenshot provider, which also renders pages (`prerender`): puppeteer-core
 * driving a locally installed Chromium, launched lazily on first use and shared by all captures and
 * renders, with a queue of `concurrency` pages at a time and a fresh incognito context per page. A browser that crashes or
 * disconnects is relaunched on the next capture. Call `close()` when the app shuts down.
 *
 * Every request the page makes is intercepted: `data:`, `blob:` and `about:` load as usual, other
 * non-http(s) schemes are blocked, and http(s) requests are checked with `checkUrl` and fulfilled
 * by Node through `fetchResource` (linkpeek's SSRF-safe transport). Anything that escapes
 * interception (WebSocket, WebRTC) meets a black-hole proxy and a resolver that resolves nothing.
 *
 * @example
 * const screenshotProvider = createChromiumProvider();
 * const extract = createExtractor({screenshotProvider});
 * process.on('SIGTERM', () => screenshotProvider.close());
 * @throws LinkpeekError from `capture`: ENOBROWSER (Chromium missing or not launchable),
 * ENOELEMENT, ETIMEOUT, EFORBIDDENURL (the page itself is forbidden), ESCREENSHOT; from `render`:
 * ENOBROWSER, ETIMEOUT, EFORBIDDENURL, ERENDER
 */
export function createChromiumProvider(options: ChromiumProviderOptions = {}): ChromiumProvider {
  const concurrency = options.concurrency ?? 2;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new LinkpeekError('EINVALOPTION', 'Option `concurrency` must be a positive integer.');
  }
  const recycleAfter = options.recycleAfter ?? 500;
  if (!(recycleAfter === Infinity || (Number.isInteger(recycleAfter) && recycleAfter >= 1))) {
    throw new LinkpeekError('EINVALOPTION', 'Option `recycleAfter` must be a positive integer or Infinity.');
  }
  const ffmpegPath = options.ffmpegPath ?? 'ffmpeg';
  if (typeof ffmpegPath !== 'string' || ffmpegPath === '') throw new LinkpeekError('EINVALOPTION', 'Option `ffmpegPath` must be a non-empty string.');
  const maxMemory = options.maxMemory ?? Infinity;
  if (!(maxMemory === Infinity || (Number.isFinite(maxMemory) && maxMemory > 0))) {
    throw new LinkpeekError('EINVALOPTION', 'Option `maxMemory` must be a positive number of bytes or Infinity.');
  }
  const limit = pLimit(concurrency);
  // The session new work goes to: `session` while it launches, `live` once it runs.
  let session: Promise<Session> | undefined;
  let live: Session | undefined;
  let closed = false;
  // Disposals of retired or crashed browsers still running; `close()` waits for them.
  const disposals = new Set<Promise<void>>();
  let lastSample = 0;

  const dispose = (current: Session) => {
    if (current.disposing) return;
    const disposing = current.dispose().finally(() => disposals.delete(disposing));
    current.disposing = disposing;
    disposals.add(disposing);
  };

  /** No new work goes to `current`; it is closed once its last page finished. */
  const retire = (current: Session) => {
    current.retiring = true;
    if (live === current) {
      live = undefined;
      session = undefined;
    }
    if (current.active === 0) dispose(current);
  };

  /** The session the next page runs on, launched if needed, with that page counted in. */
  const acquire = async (): Promise<Session> => {
    let mine: Promise<Session> | undefined;
    for (;;) {
      if (!session) {
        // No await between the check and the assignment: two pages starting together share one launch.
        mine = startSession(options);
        session = mine;
      }
      const pending = session;
      let current: Session;
      try {
        current = await pending;
      } catch (error) {
        if (session === pending) session = undefined;
        // A failed launch fails the page that started it; the pages that waited on it try again.
        if (pending === mine) throw error;
        continue;
      }
      if (session !== pending) continue;
      live = current;
      if (closed) {
        retire(current);
        throw new LinkpeekError('ESCREENSHOT', 'The Chromium provider is closed.');
      }
      if (!current.browser.connected || current.retiring) {
        // A crashed browser: its pages fail and finish, then it is disposed.
        retire(current);
        continue;
      }
      current.pages++;
      current.active++;
      // Recycling only makes sense for a browser this process launched.
      if (current.pid !== undefined && current.pages >= recycleAfter) retire(current);
      return current;
    }
  };

  const release = (current: Session) => {
    current.active--;
    if (!current.retiring && current.pid !== undefined && maxMemory !== Infinity && Date.now() - lastSample >= memorySampleInterval) {
      lastSample = Date.now();
      const rss = treeRss(current.pid);
      if (rss !== undefined && rss > maxMemory) retire(current);
    }
    if (current.retiring && current.active === 0) dispose(current);
  };

  /** Runs `work` on the shared browser, in the queue; one retry on a fresh browser if it died under the work. */
  const inQueue = <T>(
    request: {url: string; timeout: number; signal?: AbortSignal},
    action: 'capture' | 'render' | 'print' | 'record',
    work: (session: Session) => Promise<T>,
  ) => {
    let used: Session | undefined;
    const once = async (): Promise<T> => {
      used = undefined;
      if (closed) throw new LinkpeekError(action === 'render' ? 'ERENDER' : 'ESCREENSHOT', 'The Chromium provider is closed.');
      // The deadline may have passed while this work waited in the queue.
      if (request.signal?.aborted) {
        const failed = (cause: unknown) =>
          new LinkpeekError(action === 'render' ? 'ERENDER' : 'ESCREENSHOT', `The page could not be ${{capture: 'captured', render: 'rendered', print: 'printed', record: 'recorded'}[action]}.`, {cause, url: request.url});
        throw toPageError(request.signal.reason, request, request.signal, undefined, failed, action);
      }
      const current = await acquire();
      used = current;
      try {
        return await work(current);
      } finally {
        release(current);
      }
    };
    return limit(async () => {
      try {
        return await once();
      } catch (error) {
        if (!closed && used && !used.browser.connected && !request.signal?.aborted) return once();
        throw error;
      }
    });
  };

  return {
    get pid() {
      return live?.browser.connected ? live.pid : undefined;
    },
    capture: (request: CaptureRequest): Promise<CaptureResult> =>
      inQueue(request, 'capture', (current) => captureInContext(current.browser, current.blackHole, request)),
    render: (request: RenderRequest): Promise<RenderResult> =>
      inQueue(request, 'render', (current) => renderInContext(current.browser, current.blackHole, request)),
    print: (request: PrintRequest): Promise<PrintResult> =>
      inQueue(request, 'print', (current) => printInContext(current.browser, current.blackHole, request)),
    // Without ffmpeg, no browser is launched for nothing.
    record: async (request: RecordRequest): Promise<RecordResult> =>
      assertEncoder(ffmpegPath, request.animated.type).then(() => inQueue(request, 'record', (current) => recordInContext(current.browser, current.blackHole, request, ffmpegPath))),
    audit: (request: AuditRequest): Promise<LighthouseReport> =>
      inQueue(request, 'render', (current) => auditInContext(current.browser, current.blackHole, request)),
    async close() {
      closed = true;
      const pending = session;
      session = undefined;
      live = undefined;
      const current = await pending?.catch(() => undefined);
      if (current) dispose(current);
      while (disposals.size > 0) await Promise.all(disposals);
    },
  };
}

// The browser's memory is read at most this often (milliseconds), when a page finishes.
const memorySampleInterval = 1_000;

/** A browser plus the black-hole proxy its capture contexts use; `dispose` releases both. */
interface Session extends OpenedBrowser {
  /** `http://127.0.0.1:<port>` of a listener that drops every connection. */
  blackHole: string;
  /** Pages (captures and renders) started on this browser. */
  pages: number;
  /** Pages running on it now. */
  active: number;
  /** No new page goes to it: it is closed once `active` is 0. */
  retiring: boolean;
  /** Set once its disposal started. */
  disposing?: Promise<void>;
}

async function startSession(options: ChromiumProviderOptions): Promise<Session> {
  const blackHole = await listenBlackHole();
  try {
    const opened = await openBrowser(options);
    return {
      browser: opened.browser,
      pid: opened.pid,
      blackHole: blackHole.url,
      pages: 0,
      active: 0,
      retiring: false,
      async dispose() {
        // The contexts of finished pages still closing in the background end first (bounded: a
        // browser that hangs is killed all the same).
        await Promise.race([contextsClosed(opened.browser), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
        await opened.dispose();
        await blackHole.close();
      },
    };
  } catch (error) {
    await blackHole.close();
    throw error;
  }
}
