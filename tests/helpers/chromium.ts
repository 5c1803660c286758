import {spawn, type ChildProcess} from 'node:child_process';
import {accessSync, constants, readdirSync, readFileSync} from 'node:fs';
import {mkdtempSync} from 'node:fs';
import {rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe} from '@jest/globals';
import {chromiumCandidates} from '../../src/browser/chromium-provider.js';

/** The Chromium binary the tests use (env `CHROMIUM_PATH` first), or undefined when none is installed. */
export const chromiumPath = [process.env.CHROMIUM_PATH, ...chromiumCandidates].find((path): path is string => {
  if (!path) return false;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
});

/**
 * `describe` when Chromium is installed. Without it the suite fails in CI (`CI=true`), where a
 * missing browser is a broken setup, and is skipped with a message on a developer machine.
 */
export const describeWithChromium = ((): typeof describe | typeof describe.skip => {
  if (chromiumPath) return describe;
  const hint = 'No Chromium found: install it with `apt-get install -y chromium chromium-headless-shell`.';
  if (process.env.CI === 'true') throw new Error(hint);
  process.stderr.write(`Skipping screenshot tests. ${hint}\n`);
  return describe.skip;
})();

/** The command line of a process, or undefined if it is gone. */
function readStat(pid: number): {ppid: number; state: string} | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces and parentheses; fields resume after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {state: fields[0] ?? '', ppid: Number(fields[1])};
  } catch {
    return undefined;
  }
}

/** True while `pid` exists and is not a zombie (an exited process nobody reaped yet). */
export function isRunning(pid: number): boolean {
  const stat = readStat(pid);
  return stat !== undefined && stat.state !== 'Z';
}

/** `pid` and all its descendants, read from /proc. */
export function processTree(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const child = Number(entry);
    if (!Number.isInteger(child)) continue;
    const stat = readStat(child);
    if (!stat) continue;
    parents.set(stat.ppid, [...(parents.get(stat.ppid) ?? []), child]);
  }
  const tree = [pid];
  for (let index = 0; index < tree.length; index++) tree.push(...(parents.get(tree[index] as number) ?? []));
  return tree;
}

/** Direct children of this process that run a Chromium binary. */
export function chromiumChildren(): number[] {
  return processTree(process.pid)
    .slice(1)
    .filter((pid) => readStat(pid)?.ppid === process.pid)
    .filter((pid) => {
      try {
        return /chrom/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '');
      } catch {
        return false;
      }
    });
}

/** A Chromium started by the test itself, for `browserWSEndpoint`. */
export interface RemoteChromium {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts Chromium with `--remote-debugging-port=0` on 127.0.0.1 and reads its DevTools endpoint. */
export async function startRemoteChromium(): Promise<RemoteChromium> {
  if (!chromiumPath) throw new Error('No Chromium installed.');
  const profile = mkdtempSync(join(tmpdir(), 'linkpeek-test-remote-'));
  const child = spawn(
    chromiumPath,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    {stdio: ['ignore', 'ignore', 'pipe']},
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`No DevTools endpoint in: ${output}`)), 20_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', () => reject(new Error(`Chromium exited early: ${output}`)));
  });
  return {
    endpoint,
    process: child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      // Helper processes may still write to the profile for a moment after the main one exited.
      await rm(profile, {recursive: true, force: true, maxRetries: 10, retryDelay: 200});
    },
  };
}
