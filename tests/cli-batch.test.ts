import {spawn} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import {chromiumPath, isRunning, processTree} from './helpers/chromium.js';
import {repoRoot, runTs, start} from './helpers/child.js';
import {startServer, type TestServer} from './helpers/server.js';

// Every test starts a child process through tsx: allow for a busy machine.
jest.setTimeout(90_000);

let target: TestServer;
let dir: string;
let inFlight = 0;
let maxInFlight = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'linkpeek-test-batch-'));
  target = await startServer();
  // /page/<n>: a page titled after its path, after `?delay=` ms (default 150); /missing/<n>: a 404.
  target.server.removeAllListeners('request');
  target.server.on('request', (request, response) => {
    target.hits.push(`${request.method} ${request.url}`);
    const url = new URL(request.url ?? '/', 'http://x');
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const timer = setTimeout(
      () => {
        inFlight--;
        if (url.pathname.startsWith('/missing')) response.writeHead(404, {'content-type': 'text/html'}).end('gone');
        else response.writeHead(200, {'content-type': 'text/html'}).end(`<title>batch ${url.pathname}</title>`);
      },
      Number(url.searchParams.get('delay') ?? 150),
    );
    response.on('close', () => {
      if (!response.writableFinished) {
        clearTimeout(timer);
        inFlight--;
      }
    });
  });
});
afterAll(async () => {
  await target.close();
  rmSync(dir, {recursive: true, force: true});
});

const file = (name: string, lines: string[]) => {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
};
const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as {url: string; status: string; code?: string; data?: {title: string}});
const batch = (args: string[]) => start(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'batch', ...args, '--allow-loopback', '--no-ping'], {}, 80_000);

describe('linkpeek batch', () => {
  it('writes one JSON line per URL (results and errors with their code), per-host limited, and exits 0', async () => {
    const input = file('mixed.txt', [
      '# a comment, then a blank line',
      '',
      ...Array.from({length: 8}, (_, i) => target.url(`/page/${i}`)),
      target.url('/page/0'), // a duplicate: extracted once
      target.url('/missing/1'),
      'not a url',
    ]);
    const out = join(dir, 'mixed.ndjson');
    maxInFlight = 0;
    const {code, stdout, stderr} = await batch([input, '--out', out, '--concurrency', '8', '--per-host', '2']).finished;
    expect({code, stdout}).toEqual({code: 0, stdout: ''});
    expect(stderr).toMatch(/linkpeek batch: done, 10\/10 in [\d.]+s, 2 failed/);
    const written = lines(out);
    expect(written).toHaveLength(10);
    const byUrl = new Map(written.map((line) => [line.url, line]));
    for (let i = 0; i < 8; i++) expect(byUrl.get(target.url(`/page/${i}`))).toMatchObject({status: 'success', data: {title: `batch /page/${i}`}});
    expect(byUrl.get(target.url('/missing/1'))).toMatchObject({status: 'fail', code: 'EHTTP'});
    expect(byUrl.get('not a url')).toMatchObject({status: 'fail', code: 'EINVALURL'});
    // Every URL is on one host: never more than --per-host at once, though --concurrency is 8.
    expect(maxInFlight).toBeLessThanOrEqual(2);
    expect(maxInFlight).toBeGreaterThan(0);
  });

  it('reads stdin (-) and writes to stdout', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'batch', '-', '--allow-loopback', '--no-ping'], {cwd: repoRoot});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.stdin.end(`${target.url('/page/a')}\n${target.url('/page/b')}\n`);
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const titles = stdout.trim().split('\n').map((line) => (JSON.parse(line) as {data: {title: string}}).data.title);
    expect(titles.sort()).toEqual(['batch /page/a', 'batch /page/b']);
    expect(stderr).toContain('done, 2/2');
  });

  it('stops cleanly on SIGINT (complete lines only, exit 130), and --resume does the rest', async () => {
    const urls = Array.from({length: 16}, (_, i) => target.url(`/page/slow-${i}?delay=700`));
    const input = file('slow.txt', urls);
    const out = join(dir, 'slow.ndjson');
    const run = batch([input, '--out', out, '--concurrency', '2']);
    // Not a terminal: a plain progress line every 2 s.
    await run.waitFor('stderr', /linkpeek batch: [1-9]\d*\/16 done, 0 failed, [\d.]+\/s, ETA \S+/);
    run.child.kill('SIGINT');
    const stopped = await run.finished;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toMatch(/interrupted after [\d.]+s: \d+\/16 written/);
    const text = readFileSync(out, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const first = lines(out);
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThan(16);
    expect(first.every((line) => line.status === 'success')).toBe(true);

    const resumed = await batch([input, '--out', out, '--concurrency', '4', '--resume']).finished;
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`${first.length} skipped`);
    const all = lines(out);
    expect(all).toHaveLength(16);
    expect(new Set(all.map((line) => line.url))).toEqual(new Set(urls));
  });

  it('SIGKILLed mid-batch, then --resume: the file keeps its lines, nothing is written twice', async () => {
    const urls = Array.from({length: 12}, (_, i) => target.url(`/page/kill-${i}?delay=500`));
    const input = file('kill.txt', urls);
    const out = join(dir, 'kill.ndjson');
    const run = batch([input, '--out', out, '--concurrency', '2']);
    const deadline = Date.now() + 60_000;
    while (!existsSync(out) || lines(out).length < 2) {
      if (Date.now() > deadline) throw new Error('no 2 lines in 60 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    run.child.kill('SIGKILL');
    const killed = await run.finished;
    expect(killed.signal).toBe('SIGKILL');
    const kept = readFileSync(out, 'utf8').replace(/[^\n]*$/, '');
    const first = kept.split('\n').filter(Boolean).length;
    expect(first).toBeLessThan(12);
    const resumed = await batch([input, '--out', out, '--concurrency', '4', '--resume']).finished;
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`${first} skipped`);
    expect(readFileSync(out, 'utf8').startsWith(kept)).toBe(true);
    const all = lines(out);
    expect(all.map((line) => line.url).sort()).toEqual([...urls].sort());
    expect(all.every((line) => line.status === 'success')).toBe(true);
  });

  it('--resume drops a last line cut off by a kill', async () => {
    const input = file('cut.txt', [target.url('/page/c1'), target.url('/page/c2')]);
    const out = join(dir, 'cut.ndjson');
    writeFileSync(out, `${JSON.stringify({url: target.url('/page/c1'), status: 'success'})}\n{"url":"${target.url('/page/c2')}","sta`);
    const {code} = await batch([input, '--out', out, '--resume']).finished;
    expect(code).toBe(0);
    const all = lines(out);
    expect(all.map((line) => line.url)).toEqual([target.url('/page/c1'), target.url('/page/c2')]);
  });

  (chromiumPath ? it : it.skip)('closes the browser on SIGINT during screenshots', async () => {
    const input = file('shots.txt', Array.from({length: 12}, (_, i) => target.url(`/page/shot-${i}?delay=300`)));
    const out = join(dir, 'shots.ndjson');
    const run = batch([input, '--out', out, '--screenshot', '--concurrency', '2']);
    await run.waitFor('stderr', /[1-9]\d*\/12 done/);
    const browser = processTree(run.child.pid as number).slice(1);
    expect(browser.length).toBeGreaterThan(0);
    run.child.kill('SIGINT');
    const {code} = await run.finished;
    expect(code).toBe(130);
    expect(browser.filter(isRunning)).toEqual([]);
    expect(lines(out).every((line) => line.status === 'success')).toBe(true);
  });

  it.each([
    [['--resume'], /--resume/],
    [['--concurrency', '0'], /--concurrency/],
    [['--pingg'], /--pingg/],
    [['--embed=title'], /--embed/],
  ])('exits 2 on the usage error %j', async (args, message) => {
    const input = file('one.txt', [target.url('/page/x')]);
    const {code, stderr} = await runTs('src/cli.ts', ['batch', input, ...args]);
    expect(code).toBe(2);
    expect(JSON.parse(stderr)).toMatchObject({status: 'fail', code: 'EINVALOPTION', message: expect.stringMatching(message)});
  });

  it('exits 2 when the input file cannot be read', async () => {
    const {code, stderr} = await runTs('src/cli.ts', ['batch', join(dir, 'nope.txt')]);
    expect(code).toBe(2);
    expect(JSON.parse(stderr).message).toContain('ENOENT');
    expect(existsSync(join(dir, 'nope.txt'))).toBe(false);
  });
});
