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

  const worker = (name: string, url = redis.url) => {
    const child = start(process.execPath, ['--import', 'tsx', 'tests/helpers/queue-worker.ts', url, name, '2'], {}, 200_000);
    children.push(child);
    return child;
  };
  const producer = (name: string, urls: string[], {url = redis.url, flags = []}: {url?: string; flags?: string[]} = {}) => {
    const input = join(dir, `${name}.txt`);
    writeFileSync(input, `${urls.join('\n')}\n`);
    const out = join(dir, `${name}.ndjson`);
    const child = start(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'batch', input, '--queue', url, '--name', name, '--out', out, '--no-ping', ...flags], {}, 200_000);
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
  const exited = (child: Running) => child.child.exitCode !== null || child.child.signalCode !== null;

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

  it('Redis SIGKILLed and restarted empty mid-batch: the producer queues what was lost again, every URL once', async () => {
    // A Redis that persists nothing: killed, it comes back without jobs, lines or progress.
    const bare = await startRedis();
    try {
      const urls = Array.from({length: 16}, (_, i) => site.url(`/page/e${i}?delay=400`));
      worker('empty', bare.url);
      worker('empty', bare.url);
      const {child, out} = producer('empty', urls, {url: bare.url});
      await until('3 lines', () => read(out).length >= 3);
      const before = read(out).length;
      await bare.kill();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await bare.start();
      const ended = await child.finished;
      expect({code: ended.code, stderr: ended.stderr}).toMatchObject({code: 0, stderr: expect.stringMatching(/done, 16\/16 in [\d.]+s, 0 failed/)});
      expectEveryUrlOnce(read(out), urls);
      // The lost jobs were extracted again after the restart: more requests than pages not yet written at the kill.
      const fetched = site.hits.filter((hit) => hit.includes('/page/e')).length;
      expect(fetched).toBeGreaterThanOrEqual(16);
      expect(before).toBeLessThan(16);
    } finally {
      for (const running of children) if (!exited(running)) running.child.kill('SIGKILL');
      await Promise.all(children.map((running) => running.finished));
      await bare.close();
    }
  });

  it('a job that kills its worker process is quarantined after 3 crashes: an EWORKERCRASH line, the other URLs unharmed', async () => {
    // tests/helpers/queue-worker.ts's test hook: a URL on host crash.test kills the worker (SIGKILL).
    const good = Array.from({length: 10}, (_, i) => site.url(`/page/q${i}?delay=300`));
    const bad = `http://crash.test:${site.port}/page/boom`;
    const urls = [...good.slice(0, 5), bad, ...good.slice(5)];
    // A supervisor, as systemd or Kubernetes would be: two workers up at all times, a dead one replaced.
    let deaths = 0;
    let running = [worker('crash'), worker('crash')];
    const {child, out} = producer('crash', urls);
    while (!exited(child)) {
      for (const one of running.filter(exited)) {
        if (one.child.signalCode === 'SIGKILL') deaths++;
        running = [...running.filter((other) => other !== one), worker('crash')];
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const ended = await child.finished;
    expect({code: ended.code, stderr: ended.stderr}).toMatchObject({code: 0, stderr: expect.stringMatching(/done, 11\/11 in [\d.]+s, 1 failed/)});
    const lines = read(out);
    expect(lines.map((line) => line.url).sort()).toEqual([...urls].sort());
    const byUrl = new Map(lines.map((line) => [line.url, line]));
    expect(byUrl.get(bad)).toMatchObject({status: 'error', code: 'EWORKERCRASH', message: expect.stringMatching(/3 times/)});
    for (const url of good) expect(byUrl.get(url)).toMatchObject({status: 'success', data: {title: `queue ${new URL(url).pathname}`}});
    expect(deaths).toBe(3);
  });

  it('a producer SIGKILLed mid-batch and restarted with --resume keeps its file and appends: every URL once', async () => {
    const urls = Array.from({length: 12}, (_, i) => site.url(`/page/m${i}?delay=300`));
    worker('resume');
    const first = producer('resume', urls, {flags: ['--resume']});
    await until('3 lines', () => read(first.out).length >= 3);
    first.child.child.kill('SIGKILL');
    await first.child.finished;
    // Complete lines only: a line the kill cut off is dropped by --resume.
    const kept = readFileSync(first.out, 'utf8').replace(/[^\n]*$/, '');
    const again = producer('resume', urls, {flags: ['--resume']});
    const ended = await again.child.finished;
    expect({code: ended.code, stderr: ended.stderr}).toMatchObject({code: 0, stderr: expect.stringMatching(/done, 12\/12 in [\d.]+s, 0 failed/)});
    const text = readFileSync(again.out, 'utf8');
    // Appended: the first run's lines are where they were, none written again.
    expect(text.startsWith(kept)).toBe(true);
    expectEveryUrlOnce(read(again.out), urls);
    for (let i = 0; i < 12; i++) expect(site.count(`/page/m${i}`)).toBe(1);
  });
});
