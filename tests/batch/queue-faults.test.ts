// Faults of the queue mode, with real processes: worker processes (tests/helpers/queue-worker.ts, 2 s
// locks), the `linkpeek batch --queue` producer, and a redis-server that keeps its data in an
// append-only file, so it can be restarted mid-batch. Each test reads the NDJSON the producer wrote:
// every input URL exactly once.
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, afterEach, beforeAll, expect, it, jest} from '@jest/globals';
import {start, type Running} from '../helpers/child.js';
import {describeWithRedis, startRedis, type TestRedis} from '../helpers/redis.js';
import {startQueueSite, type QueueSite} from '../helpers/queue-site.js';

jest.setTimeout(240_000);

type Line = {url: string; status: string; code?: string; data?: {title?: string}};

describeWithRedis('queue mode under faults', () => {
  let redis: TestRedis;
  let site: QueueSite;
  let dir: string;
  const children: Running[] = [];

  const worker = (name: string) => {
    const child = start(process.execPath, ['--import', 'tsx', 'tests/helpers/queue-worker.ts', redis.url, name, '2'], {}, 200_000);
    children.push(child);
    return child;
  };
  const producer = (name: string, urls: string[]) => {
    const input = join(dir, `${name}.txt`);
    writeFileSync(input, `${urls.join('\n')}\n`);
    const out = join(dir, `${name}.ndjson`);
    const child = start(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'batch', input, '--queue', redis.url, '--name', name, '--out', out, '--no-ping'], {}, 200_000);
    children.push(child);
    return {child, out};
  };
  const read = (out: string): Line[] =>
    existsSync(out)
      ? readFileSync(out, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Line)
      : [];
  const until = async (what: string, test: () => boolean, ms = 120_000) => {
    const deadline = Date.now() + ms;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const expectEveryUrlOnce = (lines: Line[], urls: string[]) => {
    expect(lines.map((line) => line.url).sort()).toEqual([...urls].sort());
    for (const line of lines) expect(line).toMatchObject({status: 'success', data: {title: `queue ${new URL(line.url).pathname}`}});
  };

  beforeAll(async () => {
    redis = await startRedis({appendOnly: true});
    site = await startQueueSite();
    dir = mkdtempSync(join(tmpdir(), 'linkpeek-test-queue-faults-'));
  });
  afterEach(async () => {
    for (const child of children) if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill('SIGKILL');
    await Promise.all(children.map((child) => child.finished));
    children.length = 0;
  });
  afterAll(async () => {
    await site?.close();
    await redis?.close();
    rmSync(dir, {recursive: true, force: true});
  });

  it('a worker SIGKILLed mid-job loses nothing: another takes its jobs, each URL is written once', async () => {
    const urls = Array.from({length: 8}, (_, i) => site.url(`/page/k${i}?delay=1500`));
    const first = worker('kill');
    const {child, out} = producer('kill', urls);
    // The first requests arrive: the worker holds them open, mid-job. Kill it there.
    await until('the first request', () => site.hits.some((hit) => hit.includes('/page/k')));
    first.child.kill('SIGKILL');
    const inFlight = new Set(site.hits.filter((hit) => hit.includes('/page/k')).map((hit) => new URL(hit.split(' ')[1] ?? '', 'http://x').pathname));
    expect(inFlight.size).toBeGreaterThan(0);
    expect(read(out)).toEqual([]);
    worker('kill');
    const ended = await child.finished;
    expect({code: ended.code, stderr: ended.stderr}).toMatchObject({code: 0, stderr: expect.stringMatching(/done, 8\/8/)});
    const lines = read(out);
    expectEveryUrlOnce(lines, urls);
    // The killed worker's jobs were fetched again by the other one.
    for (const path of inFlight) expect(site.count(path)).toBe(2);
  });

  it('a producer killed mid-batch and run again: nothing fetched twice, the new file has every URL once', async () => {
    const urls = Array.from({length: 10}, (_, i) => site.url(`/page/p${i}?delay=300`));
    worker('rerun');
    const first = producer('rerun', urls);
    await until('2 lines', () => read(first.out).length >= 2);
    first.child.child.kill('SIGKILL');
    await first.child.finished;
    // The workers go on without it; the second run collects what they finished and what is left.
    const again = producer('rerun', urls);
    const ended = await again.child.finished;
    expect({code: ended.code, stderr: ended.stderr}).toMatchObject({code: 0, stderr: expect.stringMatching(/done, 10\/10 in [\d.]+s, 0 failed, 0 rate-limited, \d+ finished in an earlier run/)});
    expectEveryUrlOnce(read(again.out), urls);
    for (let i = 0; i < 10; i++) expect(site.count(`/page/p${i}`)).toBe(1);
  });

  it('Redis restarted mid-batch and a worker killed: workers and producer reconnect, every URL once', async () => {
    const urls = Array.from({length: 16}, (_, i) => site.url(`/page/r${i}?delay=400`));
    const workers = [worker('restart'), worker('restart')];
    const {child, out} = producer('restart', urls);
    await until('3 lines', () => read(out).length >= 3);
    await redis.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await redis.start();
    await until('8 lines', () => read(out).length >= 8);
    workers[0]!.child.kill('SIGKILL');
    const ended = await child.finished;
    expect({code: ended.code, stderr: ended.stderr}).toMatchObject({code: 0, stderr: expect.stringMatching(/done, 16\/16/)});
    expectEveryUrlOnce(read(out), urls);
    // Nothing was lost with the restart: each page fetched at least once, and none fetched forever.
    for (let i = 0; i < 16; i++) expect(site.count(`/page/r${i}`)).toBeGreaterThanOrEqual(1);
    expect(site.hits.filter((hit) => hit.includes('/page/r')).length).toBeLessThan(16 * 3);
  });
});
