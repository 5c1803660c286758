import {constants} from 'node:fs';
import {access, mkdtemp, readdir, rm} from 'node:fs/promises';
import {createServer, type Server, isIP} from 'node:net';
import {tmpdir} from 'node:os';
import {basename, join} from 'node:path';
import pLimit from 'p-limit';
import puppeteer, {type Browser, type HTTPRequest, type Page, TimeoutError} from 'puppeteer-core';
import {LinkpeekError, isLinkpeekError} from './errors.js';
import type {CaptureRequest, CaptureResult, ScreenshotProvider} from './screenshot-provider.js';
import {refusedHeaders} from './options.js';

/** Options of {@link createChromiumProvider}. */
export interface ChromiumProviderOptions {
  /**
   * Chromium or Chrome binary to launch.
   * @default env `CHROMIUM_PATH`, else the first of `/usr/lib/chromium/chromium-headless-shell`,
   * `/usr/lib/chromium/chromium`, `/usr/bin/chromium` that exists
   */
  executablePath?: string;
  /**
   * Connect to an already running browser (`ws://host:port/devtools/browser/<id>`) instead of
   * launching one. `close()` then disconnects and leaves that browser running.
   */
  browserWSEndpoint?: string;
  /**
   * Headless mode: `'shell'` for `chromium-headless-shell` (2-3x cheaper), `true` for the full browser.
   * @default 'shell' when the executable's name contains `headless-shell`, else `true`
   */
  headless?: true | 'shell';
  /** Extra command-line switches, appended to linkpeek's. @default [] */
  args?: string[];
  /**
   * Keep Chromium's sandbox. Chromium cannot sandbox itself as root, so it is off for root.
   * @default true unless the process runs as root
   */
  sandbox?: boolean;
  /** Captures running at once on the one browser; further captures wait in a queue. @default 2 */
  concurrency?: number;
  /** Milliseconds to wait for the browser to start or to connect. @default 30000 */
  launchTimeout?: number;
  /** Milliseconds any single DevTools protocol call may take. @default 20000 */
  protocolTimeout?: number;
}

/** A {@link ScreenshotProvider} backed by one shared Chromium. */
export interface ChromiumProvider extends ScreenshotProvider {
  /** Closes the launched browser and waits until its processes are gone (disconnects from a remote one). */
  close(): Promise<void>;
  /** PID of the launched browser; `undefined` before the first capture, after `close()` or when connected remotely. */
  readonly pid: number | undefined;
}

/** Where Debian puts Chromium, cheapest first. */
export const chromiumCandidates = [
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
];

const installHint = 'Install it with `apt-get install -y chromium` (or `chromium-headless-shell`), or set `CHROMIUM_PATH`.';

// Without these Chromium phones home on start and stalls on a closed network (CHROMIUM.md §1).
const baseArgs = [
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--hide-scrollbars',
  '--mute-audio',
  // The browser never resolves names itself: every http(s) request is fulfilled by Node through
  // the address policy, so a name Chromium would resolve can only be a leak (DNS prefetch, etc.).
  '--host-resolver-rules=MAP * ~NOTFOUND',
  // WebRTC may only use the (black-hole) proxy: no UDP to private addresses, no local IP leak.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];

const profilePrefix = 'linkpeek-chromium-';

const disableAnimations = `
  *, *::before, *::after {
    animation-duration: 0s !important; animation-delay: 0s !important;
    transition-duration: 0s !important; transition-delay: 0s !important;
    caret-color: transparent !important; scroll-behavior: auto !important;
  }`;

// Cap on waiting for web fonts after load: a font that never arrives must not eat the budget.
const fontsTimeout = 3_000;

interface Session {
  browser: Browser;
  /** `http://127.0.0.1:<port>` of a listener that drops every connection. */
  blackHole: string;
  dispose(): Promise<void>;
}

/**
 * Creates the default screenshot provider: puppeteer-core driving a locally installed Chromium,
 * launched lazily on the first capture and shared by all captures, with a queue of `concurrency`
 * captures at a time and a fresh incognito context per capture. A browser that crashes or
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
 * ENOELEMENT, ETIMEOUT, EFORBIDDENURL (the page itself is forbidden), ESCREENSHOT
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

  const getSession = async (): Promise<Session> => {
    if (session) {
      const current = await session.catch(() => undefined);
      if (current?.browser.connected) return current;
      // A crashed browser: drop it and start over.
      if (current) await current.dispose();
      session = undefined;
    }
    const started = startSession(options, (startedPid) => (pid = startedPid));
    session = started;
    started.then(
      ({browser}) =>
        browser.once('disconnected', () => {
          if (session === started) pid = undefined;
        }),
      () => {
        // A failed launch is retried by the next capture.
        if (session === started) session = undefined;
      },
    );
    return started;
  };

  const captureOnce = async (request: CaptureRequest): Promise<CaptureResult> => {
    if (closed) throw new LinkpeekError('ESCREENSHOT', 'The screenshot provider is closed.');
    // The deadline may have passed while this capture waited in the queue.
    if (request.signal?.aborted) throw toCaptureError(request.signal.reason, {documentError: undefined}, request.signal, request);
    const current = await getSession();
    return captureInContext(current, request);
  };

  return {
    get pid() {
      return pid;
    },
    capture: (request) =>
      limit(async () => {
        try {
          return await captureOnce(request);
        } catch (error) {
          // The browser died under this capture: one retry on a fresh browser, if time is left.
          const current = await session?.catch(() => undefined);
          if (!closed && current && !current.browser.connected && !request.signal?.aborted) {
            return captureOnce(request);
          }
          throw error;
        }
      }),
    async close() {
      closed = true;
      const current = await session?.catch(() => undefined);
      session = undefined;
      pid = undefined;
      await current?.dispose();
    },
  };
}

async function startSession(options: ChromiumProviderOptions, onPid: (pid: number | undefined) => void): Promise<Session> {
  const {server, address} = await listenBlackHole();
  try {
    const protocolTimeout = options.protocolTimeout ?? 20_000;
    if (options.browserWSEndpoint) {
      const browser = await puppeteer
        .connect({browserWSEndpoint: options.browserWSEndpoint, protocolTimeout, defaultViewport: null})
        .catch((error: unknown) => {
          throw new LinkpeekError('ENOBROWSER', 'Could not connect to the browser at `browserWSEndpoint`.', {cause: error});
        });
      return {
        browser,
        blackHole: address,
        async dispose() {
          await browser.disconnect().catch(() => {});
          await closeServer(server);
        },
      };
    }
    const executablePath = await findExecutable(options.executablePath);
    await sweepStaleProfiles();
    const userDataDir = await mkdtemp(join(tmpdir(), `${profilePrefix}${process.pid}-`));
    const sandbox = options.sandbox ?? process.getuid?.() !== 0;
    const headless = options.headless ?? (basename(executablePath).includes('headless-shell') ? 'shell' : true);
    let browser: Browser;
    try {
      browser = await puppeteer.launch({
        executablePath,
        headless,
        // A pipe instead of a WebSocket: Chromium exits by itself if this process is killed.
        pipe: true,
        userDataDir,
        args: [...baseArgs, ...(sandbox ? [] : ['--no-sandbox']), ...(options.args ?? [])],
        timeout: options.launchTimeout ?? 30_000,
        protocolTimeout,
        defaultViewport: null,
      });
    } catch (error) {
      await rm(userDataDir, {recursive: true, force: true, maxRetries: 10, retryDelay: 100});
      throw new LinkpeekError('ENOBROWSER', `Could not start Chromium at \`${executablePath}\`. ${installHint}`, {cause: error});
    }
    const child = browser.process();
    onPid(child?.pid);
    const exited = new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    // The profile is removed only after the process exited: removing it on 'disconnected' races
    // Chromium's last writes (ENOTEMPTY, CHROMIUM.md §1.1).
    void exited.then(() => rm(userDataDir, {recursive: true, force: true, maxRetries: 10, retryDelay: 100}).catch(() => {}));
    return {
      browser,
      blackHole: address,
      async dispose() {
        await browser.close().catch(() => {});
        if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
        await rm(userDataDir, {recursive: true, force: true, maxRetries: 10, retryDelay: 100}).catch(() => {});
        await closeServer(server);
      },
    };
  } catch (error) {
    await closeServer(server);
    throw error;
  }
}

/**
 * Finds the browser binary: the option, then env `CHROMIUM_PATH`, then Debian's locations.
 * @throws LinkpeekError ENOBROWSER
 */
export async function findExecutable(explicit?: string): Promise<string> {
  const chosen = explicit ?? process.env.CHROMIUM_PATH;
  const candidates = chosen ? [chosen] : chromiumCandidates;
  for (const candidate of candidates) {
    if (await isExecutable(candidate)) return candidate;
  }
  throw new LinkpeekError(
    'ENOBROWSER',
    chosen
      ? `No executable browser at \`${chosen}\`. ${installHint}`
      : `No Chromium found (looked in ${chromiumCandidates.join(', ')}). ${installHint}`,
  );
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// Profiles left behind by a process that was killed before it could clean up (CHROMIUM.md §1.2).
async function sweepStaleProfiles(): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(profilePrefix))
      .filter((name) => !isAlive(Number(name.slice(profilePrefix.length).split('-')[0])))
      .map((name) => rm(join(tmpdir(), name), {recursive: true, force: true, maxRetries: 2}).catch(() => {})),
  );
}

function isAlive(processId: number): boolean {
  if (!Number.isInteger(processId) || processId <= 0) return true;
  try {
    process.kill(processId, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// A proxy that accepts and drops every connection. Each capture's context uses it, so a request
// that bypasses interception (WebSocket, WebRTC over TCP) cannot reach anything.
async function listenBlackHole(): Promise<{server: Server; address: string}> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.unref();
  const {port} = server.address() as {port: number};
  return {server, address: `http://127.0.0.1:${port}`};
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

async function captureInContext(session: Session, request: CaptureRequest): Promise<CaptureResult> {
  const signals = [AbortSignal.timeout(request.timeout), ...(request.signal ? [request.signal] : [])];
  const signal = AbortSignal.any(signals);
  const context = await session.browser
    .createBrowserContext({proxyServer: session.blackHole, proxyBypassList: ['<-loopback>']})
    .catch((error: unknown) => {
      throw new LinkpeekError('ESCREENSHOT', 'The browser could not open a new context.', {cause: error});
    });
  const state: RouteState = {documentError: undefined};
  try {
    const work = context.newPage().then((page) => capturePage(page, request, state));
    // Closing the context in `finally` ends whatever the page was still doing.
    work.catch(() => {});
    return await raceAbort(work, signal);
  } catch (error) {
    throw toCaptureError(error, state, signal, request);
  } finally {
    await context.close().catch(() => {});
  }
}

interface RouteState {
  /** Why the main document could not be fetched, reported instead of Chromium's net::ERR_*. */
  documentError: unknown;
}

async function capturePage(page: Page, request: CaptureRequest, state: RouteState): Promise<CaptureResult> {
  const deadline = Date.now() + request.timeout;
  const remaining = () => Math.max(1, deadline - Date.now());
  page.setDefaultTimeout(request.timeout);
  await page.setBypassServiceWorker(true);
  await page.setBypassCSP(true);
  await page.setViewport({width: request.width, height: request.height, deviceScaleFactor: request.deviceScaleFactor});
  await page.emulateMediaFeatures([{name: 'prefers-reduced-motion', value: 'reduce'}]);
  await page.evaluateOnNewDocument((css: string) => {
    const add = () => {
      const style = document.createElement('style');
      style.textContent = css;
      document.documentElement.append(style);
    };
    if (document.documentElement) add();
    else document.addEventListener('DOMContentLoaded', add, {once: true});
  }, disableAnimations);
  await page.setRequestInterception(true);
  const pageOrigin = new URL(request.url).origin;
  page.on('request', (intercepted) => {
    void routeRequest(intercepted, request, pageOrigin, state, page);
  });

  await page.goto(request.url, {waitUntil: request.waitUntil, timeout: remaining()});
  await page
    .evaluate((cap: number) => Promise.race([document.fonts.ready, new Promise((resolve) => setTimeout(resolve, cap))]), Math.min(fontsTimeout, remaining()))
    .catch(() => {});
  if (request.waitForSelector) await page.waitForSelector(request.waitForSelector, {timeout: remaining()});
  if (request.waitForTimeout > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(request.waitForTimeout, remaining())));

  const format = {type: request.type, ...(request.type === 'png' ? {} : {quality: request.quality})} as const;
  if (request.element) {
    const element = await page.$(request.element).catch((error: unknown) => {
      throw new LinkpeekError('EINVALOPTION', `Option \`element\` is not a valid CSS selector.`, {cause: error});
    });
    // Never pass a full-page image off as the element: no box, no screenshot.
    const box = await element?.boundingBox();
    if (!element || !box || box.width < 1 || box.height < 1) {
      throw new LinkpeekError('ENOELEMENT', `No visible element matches \`${request.element}\` on the page.`);
    }
    const bytes = await element.screenshot(format);
    return {bytes, type: request.type};
  }
  const bytes = await page.screenshot({...format, fullPage: request.fullPage});
  return {bytes, type: request.type};
}

const passThroughSchemes = new Set(['data:', 'blob:', 'about:']);
// Hop-by-hop or encoding headers that describe Node's connection, not the body handed to Chromium.
const droppedResponseHeaders = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

async function routeRequest(
  intercepted: HTTPRequest,
  capture: CaptureRequest,
  pageOrigin: string,
  state: RouteState,
  page: Page,
): Promise<void> {
  const isDocument = intercepted.isNavigationRequest() && intercepted.frame() === page.mainFrame();
  try {
    const url = new URL(intercepted.url());
    if (passThroughSchemes.has(url.protocol)) return await intercepted.continue();
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new LinkpeekError('EFORBIDDENURL', `The page requested \`${url.protocol}\` which is not allowed.`);
    }
    await capture.checkUrl(url.href);
    if (!capture.fetchResource) {
      // Without a Node-side fetcher Chromium would resolve the name again by itself (DNS
      // rebinding), so only IP literals, already checked, may go through.
      if (isIP(url.hostname.replace(/^\[|\]$/g, '')) === 0) {
        throw new LinkpeekError('EFORBIDDENURL', 'Host names need `fetchResource` to be loaded safely.');
      }
      return await intercepted.continue();
    }
    const response = await capture.fetchResource(url.href, {
      method: intercepted.method(),
      headers: requestHeaders(intercepted, url, pageOrigin, capture.headers),
      ...(intercepted.hasPostData() ? {body: Buffer.from((await intercepted.fetchPostData()) ?? '')} : {}),
    });
    if (stripHash(response.url) !== stripHash(url.href)) {
      // Redirects were followed (and re-validated) in Node; tell Chromium where it ended up so
      // relative URLs resolve against the final address. Its next request is intercepted again.
      return await intercepted.respond({status: 302, headers: {location: response.url}, contentType: 'text/plain', body: ''});
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined && !droppedResponseHeaders.has(name)) headers[name] = value;
    }
    const contentType = response.headers['content-type'];
    await intercepted.respond({
      status: response.statusCode,
      headers,
      contentType: typeof contentType === 'string' ? contentType : '',
      body: response.body,
    });
  } catch (error) {
    if (isDocument) state.documentError ??= error;
    if (!intercepted.isInterceptResolutionHandled()) {
      await intercepted.abort(isLinkpeekError(error) && error.code === 'EFORBIDDENURL' ? 'blockedbyclient' : 'failed').catch(() => {});
    }
  }
}

function requestHeaders(
  intercepted: HTTPRequest,
  url: URL,
  pageOrigin: string,
  callerHeaders: Record<string, string>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(intercepted.headers())) {
    const lower = name.toLowerCase();
    if (!refusedHeaders.has(lower) && !lower.startsWith('proxy-')) headers[lower] = value;
  }
  // The caller's headers (spec rule 9: credentials for the target) go to the target's origin only,
  // never to third-party subresources.
  if (url.origin === pageOrigin) Object.assign(headers, callerHeaders);
  return headers;
}

function stripHash(href: string): string {
  const index = href.indexOf('#');
  return index === -1 ? href : href.slice(0, index);
}

function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, {once: true});
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function toCaptureError(error: unknown, state: RouteState, signal: AbortSignal, request: CaptureRequest): LinkpeekError {
  // The caller's own deadline (ETIMEOUT) or abort (EABORTED) wins.
  if (request.signal?.aborted && isLinkpeekError(request.signal.reason)) return request.signal.reason;
  if (signal.aborted || error instanceof TimeoutError) {
    return new LinkpeekError('ETIMEOUT', `The page took longer than ${request.timeout} ms to capture.`, {
      cause: error,
      url: request.url,
    });
  }
  if (isLinkpeekError(error)) return error;
  // The page itself was refused or unreachable: report why, not Chromium's net::ERR_BLOCKED_BY_CLIENT.
  if (isLinkpeekError(state.documentError)) {
    const reason = state.documentError;
    if (reason.code === 'EFORBIDDENURL' || reason.code === 'ETIMEOUT') return reason;
    return new LinkpeekError('ESCREENSHOT', `The page could not be loaded for the screenshot: ${reason.message}`, {
      cause: reason,
      url: request.url,
    });
  }
  return new LinkpeekError('ESCREENSHOT', 'The page could not be captured.', {cause: error, url: request.url});
}
