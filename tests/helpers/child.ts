import {spawn, type ChildProcess} from 'node:child_process';
import {readdirSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';

/** The repository root: child processes run from there so `--import tsx` resolves. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Running {
  child: ChildProcess;
  /** Resolves with the first match of `pattern` in the stream's output so far or to come. */
  waitFor(stream: 'stdout' | 'stderr', pattern: RegExp): Promise<RegExpMatchArray>;
  /** Resolves when the process has exited, with everything it printed. */
  finished: Promise<Finished>;
}

/** The newest modification time of the files under `directory`. */
function newestUnder(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, {withFileTypes: true})) {
    const path = join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(path) : statSync(path).mtimeMs);
  }
  return newest;
}

let newestSource: number | undefined;
/**
 * Whether every one of `files` (paths from the repository root, under dist/) was built after the
 * last change under `src/` (as `npm test` leaves them: it builds before jest runs).
 */
export function builtFresh(files: string[]): boolean {
  newestSource ??= newestUnder(join(repoRoot, 'src'));
  try {
    return files.every((file) => statSync(join(repoRoot, file)).mtimeMs >= (newestSource as number));
  } catch {
    return false;
  }
}

let builtCliFresh: boolean | undefined;
/** Whether `dist/cli.js` was built from the sources as they are. */
function builtCliIsFresh(): boolean {
  builtCliFresh ??= builtFresh(['dist/cli.js']);
  return builtCliFresh;
}

/**
 * The CLI through tsx (`--import tsx src/cli.ts …`, or `--import tsx --import <preload> … src/cli.ts …`)
 * runs as the built `dist/cli.js` when that was built from the sources as they are: the same code,
 * started with a quarter of the CPU (0.55 s against 2.3 s a process), which the many CLI processes
 * of the suites add up. A preload after tsx stays (it needs no TypeScript). A stale or missing build
 * keeps tsx, so an edit is always what runs.
 */
function cliArgs(args: string[]): string[] {
  if (args[0] !== '--import' || args[1] !== 'tsx') return args;
  let i = 2;
  while (args[i] === '--import' && i + 1 < args.length) i += 2;
  if (args[i] !== 'src/cli.ts' || !builtCliIsFresh()) return args;
  return [...args.slice(2, i), 'dist/cli.js', ...args.slice(i + 1)];
}

/**
 * Starts `command args` in the repository root with `env` added. The process is killed after
 * `timeout` ms so a hung child can never outlive the test.
 */
export function start(command: string, args: string[], env: Record<string, string> = {}, timeout = 60_000): Running {
  const child = spawn(command, command === process.execPath ? cliArgs(args) : args, {cwd: repoRoot, env: {...process.env, ...env}, stdio: ['ignore', 'pipe', 'pipe']});
  const output = {stdout: '', stderr: ''};
  const waiters: {stream: 'stdout' | 'stderr'; pattern: RegExp; resolve: (match: RegExpMatchArray) => void}[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      const match = output[waiter.stream].match(waiter.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  };
  child.stdout?.on('data', (chunk: Buffer) => ((output.stdout += chunk), check()));
  child.stderr?.on('data', (chunk: Buffer) => ((output.stderr += chunk), check()));
  const killer = setTimeout(() => child.kill('SIGKILL'), timeout);
  const finished = new Promise<Finished>((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolve({code, signal, ...output});
    });
  });
  return {
    child,
    finished,
    waitFor: (stream, pattern) =>
      new Promise((resolve, reject) => {
        waiters.push({stream, pattern, resolve});
        check();
        void finished.then((result) => reject(new Error(`exited (${result.code}) before printing ${pattern}:\n${result.stdout}\n${result.stderr}`)));
      }),
  };
}

/** Runs a TypeScript file with `node --import tsx` to completion. */
export function runTs(file: string, args: string[] = [], env: Record<string, string> = {}): Promise<Finished> {
  return start(process.execPath, ['--import', 'tsx', file, ...args], env).finished;
}
