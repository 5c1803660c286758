import pLimit from 'p-limit';
import {listenBlackHole} from './black-hole-proxy.js';
import {captureInContext} from './capture.js';
import {toPageError} from './guarded-page.js';
import {renderInContext} from './render.js';
import {type LaunchOptions, type OpenedBrowser, openBrowser} from './launch.js';
import {LinkpeekError} from '../errors.js';
import type {CaptureRequest, CaptureResult, RenderRequest, RenderResult, ScreenshotProvider} from './provider.js';

// Defined with the launch code; re-exported so imports from this module keep working.
export {chromiumCandidates, findExecutable} from './launch.js';

/** Options of {@link createChromiumProvider}. */
export interface ChromiumProviderOptions extends LaunchOptions {
  /** Captures running at once on the one browser; further captures wait in a queue. @default 2 */
  concurrency?: number;
}

/** A {@link ScreenshotProvider} backed by one shared Chromium. */
export interface ChromiumProvider extends ScreenshotProvider {
  render(request: RenderRequest): Promise<RenderResult>;
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
  const limit = pLimit(concurrency);
  let session: Promise<Session> | undefined;
  let pid: number | undefined;
  let closed = false;
  // The current session once it settled, or undefined if there is none or its start failed.
  const settledSession = () => session?.catch(() => undefined);

  const getSession = async (): Promise<Session> => {
    // No await before `session` is set when there is none: two captures starting together must
    // share one launch.
    if (session) {
      const current = await settledSession();
      if (current?.browser.connected) return current;
      // A crashed browser: drop it and start over.
      if (current) await current.dispose();
      session = undefined;
    }
    const started = startSession(options);
    session = started;
    started.then(
      (current) => {
        pid = current.pid;
        current.browser.once('disconnected', () => {
          if (session === started) pid = undefined;
        });
      },
      () => {
        // A failed launch is retried by the next capture.
        if (session === started) session = undefined;
      },
    );
    return started;
  };

  /** Runs `work` on the shared browser, in the queue; one retry on a fresh browser if it died under the work. */
  const inQueue = <T>(
    request: {url: string; timeout: number; signal?: AbortSignal},
    action: 'capture' | 'render',
    work: (session: Session) => Promise<T>,
  ) => {
    const once = async (): Promise<T> => {
      if (closed) throw new LinkpeekError(action === 'render' ? 'ERENDER' : 'ESCREENSHOT', 'The Chromium provider is closed.');
      // The deadline may have passed while this work waited in the queue.
      if (request.signal?.aborted) {
        const failed = (cause: unknown) =>
          new LinkpeekError(action === 'render' ? 'ERENDER' : 'ESCREENSHOT', `The page could not be ${action === 'render' ? 'rendered' : 'captured'}.`, {cause, url: request.url});
        throw toPageError(request.signal.reason, request, request.signal, undefined, failed, action);
      }
      return work(await getSession());
    };
    return limit(async () => {
      try {
        return await once();
      } catch (error) {
        const current = await settledSession();
        if (!closed && current && !current.browser.connected && !request.signal?.aborted) return once();
        throw error;
      }
    });
  };

  return {
    get pid() {
      return pid;
    },
    capture: (request: CaptureRequest): Promise<CaptureResult> =>
      inQueue(request, 'capture', (current) => captureInContext(current.browser, current.blackHole, request)),
    render: (request: RenderRequest): Promise<RenderResult> =>
      inQueue(request, 'render', (current) => renderInContext(current.browser, current.blackHole, request)),
    async close() {
      closed = true;
      const current = await settledSession();
      session = undefined;
      pid = undefined;
      await current?.dispose();
    },
  };
}

/** A browser plus the black-hole proxy its capture contexts use; `dispose` releases both. */
interface Session extends OpenedBrowser {
  /** `http://127.0.0.1:<port>` of a listener that drops every connection. */
  blackHole: string;
}

async function startSession(options: ChromiumProviderOptions): Promise<Session> {
  const blackHole = await listenBlackHole();
  try {
    const opened = await openBrowser(options);
    return {
      browser: opened.browser,
      pid: opened.pid,
      blackHole: blackHole.url,
      async dispose() {
        await opened.dispose();
        await blackHole.close();
      },
    };
  } catch (error) {
    await blackHole.close();
    throw error;
  }
}
