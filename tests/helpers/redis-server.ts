// No jest import here: the bench starts Redis too (tests/helpers/redis.ts adds the jest wrapper).
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

/** True when Debian's `redis-server` is on PATH. */
export const hasRedis = spawnSync('redis-server', ['--version'], {stdio: 'ignore'}).status === 0;

/** A real redis-server on 127.0.0.1, persisting nothing, in a temp dir of its own. */
export interface TestRedis {
  url: string;
  port: number;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Kills the server with SIGKILL (a crash: nothing saved, nothing flushed) and waits for it to exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty, unless started with `appendOnly`). */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const {port} = probe.address() as {port: number};
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Asks the server with Debian's own `redis-cli` whether it is up. */
function answers(port: number): boolean {
  const ping = spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'ping'], {encoding: 'utf8', timeout: 2000});
  return ping.stdout?.trim() === 'PONG';
}

/** `appendOnly`: the server keeps its data in an append-only file in its dir, so a restart keeps it. */
export async function startRedis(options: {appendOnly?: boolean} = {}): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'linkpeek-test-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let output = '';
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', options.appendOnly ? 'yes' : 'no', '--appendfsync', 'always', '--dir', dir, '--protected-mode', 'yes'],
      {stdio: ['ignore', 'pipe', 'pipe']},
    );
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const running = child;
    exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    const deadline = Date.now() + 10_000;
    while (!answers(port)) {
      if (running.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await exited;
    }
    child = undefined;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () => stop(),
    kill: () => stop('SIGKILL'),
    start,
    close: async () => {
      await stop();
      rmSync(dir, {recursive: true, force: true});
    },
  };
}
