import type {ChildProcess} from 'node:child_process';
import {constants} from 'node:fs';
import {access} from 'node:fs/promises';
import {basename} from 'node:path';
import type {Browser} from 'puppeteer-core';
import {createProfileDir, removeProfileDir, sweepStaleProfiles} from './profile.js';
import {LinkpeekError} from '../errors.js';
import {descendantPids, waitForExit} from './process-tree.js';
import {loadPuppeteer} from './puppeteer.js';

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

/** How {@link openBrowser} finds, launches or connects to Chromium. */
export interface LaunchOptions {
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
  /** Milliseconds to wait for the browser to start or to connect. @default 30000 */
  launchTimeout?: number;
  /** Milliseconds any single DevTools protocol call may take. @default 20000 */
  protocolTimeout?: number;
}

/** A browser that {@link openBrowser} launched or connected to. */
export interface OpenedBrowser {
  browser: Browser;
  /** PID of the launched browser; `undefined` when connected to a remote one. */
  pid: number | undefined;
  /**
   * Closes a launched browser, waits until its process exited and removes its profile; only
   * disconnects from a remote one. Never throws.
   */
  dispose(): Promise<void>;
}

/**
 * Connects to `options.browserWSEndpoint`, or else launches the executable that
 * {@link findExecutable} picks, with a fresh profile and linkpeek's offline switches.
 * @throws LinkpeekError ENOBROWSER, EMISSINGDEP (puppeteer-core not installed)
 */
export async function openBrowser(options: LaunchOptions): Promise<OpenedBrowser> {
  const {default: puppeteer} = await loadPuppeteer();
  const protocolTimeout = options.protocolTimeout ?? 20_000;
  if (options.browserWSEndpoint) {
    const browser = await puppeteer
      .connect({browserWSEndpoint: options.browserWSEndpoint, protocolTimeout, defaultViewport: null})
      .catch((error: unknown) => {
        throw new LinkpeekError('ENOBROWSER', 'Could not connect to the browser at `browserWSEndpoint`.', {cause: error});
      });
    return {browser, pid: undefined, dispose: () => browser.disconnect().catch(() => {})};
  }
  const executablePath = await findExecutable(options.executablePath);
  await sweepStaleProfiles();
  const userDataDir = await createProfileDir();
  const sandbox = options.sandbox ?? process.getuid?.() !== 0;
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath,
      headless: options.headless ?? (basename(executablePath).includes('headless-shell') ? 'shell' : true),
      // A pipe instead of a WebSocket: Chromium exits by itself if this process is killed.
      pipe: true,
      // A library never takes over the process's signals: by default puppeteer's launch adds
      // SIGINT (exit 130), SIGTERM and SIGHUP handlers, so an app would no longer end on SIGTERM.
      // The pipe already takes Chromium down with this process; `close()` is the app's to call.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      userDataDir,
      args: [...baseArgs, ...(sandbox ? [] : ['--no-sandbox']), ...(options.args ?? [])],
      timeout: options.launchTimeout ?? 30_000,
      protocolTimeout,
      defaultViewport: null,
    });
  } catch (error) {
    await removeProfileDir(userDataDir);
    throw new LinkpeekError('ENOBROWSER', `Could not start Chromium at \`${executablePath}\`. ${installHint}`, {cause: error});
  }
  const child = browser.process();
  const exited = new Promise<void>((resolve) => {
    if (!child || hasExited(child)) resolve();
    else child.once('exit', () => resolve());
  });
  // The profile is removed only after the process exited: removing it on 'disconnected' races
  // Chromium's last writes (ENOTEMPTY, CHROMIUM.md §1.1).
  void exited.then(() => removeProfileDir(userDataDir).catch(() => {}));
  return {
    browser,
    pid: child?.pid,
    async dispose() {
      // Taken before closing: once the browser exits its helpers are re-parented and untraceable.
      const helpers = child?.pid === undefined ? [] : descendantPids(child.pid);
      await browser.close().catch(() => {});
      if (child && !hasExited(child)) child.kill('SIGKILL');
      await exited;
      await waitForExit(helpers);
      await removeProfileDir(userDataDir).catch(() => {});
    },
  };
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

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}
