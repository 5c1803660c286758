// `linkpeek batch --queue` and `linkpeek worker` as real processes on a real redis-server.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import {start, type Running} from '../helpers/child.js';
import {describeWithRedis, startRedis, type TestRedis} from '../helpers/redis.js';
import {startQueueSite, type QueueSite} from '../helpers/queue-site.js';

// Every test starts child processes through tsx: allow for a busy machine.
jest.setTimeout(120_000);

type Line = {url: string; status: string; code?: string; statusCode?: number; data?: {title?: string}};

const cli = (args: string[], timeout = 100_000) => start(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {}, timeout);

describeWithRedis('linkpeek batch --queue and linkpeek worker', () => {
  let redis: TestRedis;
  let site: QueueSite;
  let dir: string;
  const workers: Running[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    site = await startQueueSite();
    dir = mkdtempSync(join(tmpdir(), 'linkpeek-test-queue-cli-'));
  });
  afterAll(async () => {
    for (const worker of workers) worker.child.kill('SIGKILL');
    await Promise.all(workers.map((worker) => worker.finished));
    await site?.close();
    await redis?.close();
    rmSync(dir, {recursive: true, force: true});
  });

  it('a producer and two worker processes: one line per unique URL, failures after their attempts, --status, a graceful stop, --forget', async () => {
    const input = join(dir, 'urls.txt');
    const urls = [...Array.from({length: 6}, (_, i) => site.url(`/page/${i}`)), site.url('/page/0'), site.url('/missing/1'), site.url('/down/1'), 'not a url'];
    writeFileSync(input, `# queued\n${urls.join('\n')}\n`);
    const out = join(dir, 'out.ndjson');
    for (let i = 0; i < 2; i++) {
      workers.push(cli(['worker', '--queue', redis.url, '--name', 'c1', '--concurrency', '2', '--allow-loopback', '--no-ping']));
    }
    await Promise.all(workers.map((worker) => worker.waitFor('stderr', /waiting for jobs/)));
    const producer = await cli(['batch', input, '--queue', redis.url, '--name', 'c1', '--out', out, '--attempts', '2', '--no-ping']).finished;
    expect(producer).toMatchObject({code: 0, stdout: ''});
    expect(producer.stderr).toMatch(/linkpeek batch \(queue c1\): done, 9\/9 in [\d.]+s, 3 failed, 0 rate-limited/);
    const lines = readFileSync(out, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Line);
    expect(lines).toHaveLength(9);
    expect(new Set(lines.map((line) => line.url)).size).toBe(9);
    const byUrl = new Map(lines.map((line) => [line.url, line]));
    for (let i = 0; i < 6; i++) expect(byUrl.get(site.url(`/page/${i}`))).toMatchObject({status: 'success', data: {title: `queue /page/${i}`}});
    expect(byUrl.get(site.url('/missing/1'))).toMatchObject({status: 'fail', code: 'EHTTP', statusCode: 404});
    expect(byUrl.get(site.url('/down/1'))).toMatchObject({status: 'fail', code: 'EHTTP', statusCode: 500});
    expect(byUrl.get('not a url')).toMatchObject({status: 'fail', code: 'EINVALURL'});
    expect([site.count('/page/0'), site.count('/missing/1'), site.count('/down/1')]).toEqual([1, 1, 2]);

    const status = await cli(['batch', '--queue', redis.url, '--name', 'c1', '--status']).finished;
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({total: 9, done: 9, failed: 3, left: 0, waiting: 0, active: 0, retrying: 0});

    // SIGTERM: each worker finishes and says what it wrote; between them, all 9 lines.
    for (const worker of workers) worker.child.kill('SIGTERM');
    const ended = await Promise.all(workers.map((worker) => worker.finished));
    expect(ended.map((end) => end.code)).toEqual([0, 0]);
    const written = ended.map((end) => Number(/stopped, (\d+) lines written/.exec(end.stderr)?.[1] ?? NaN));
    expect(written[0]! + written[1]!).toBe(9);
    workers.length = 0;

    // --forget: the batch is gone from Redis, its status all zero.
    const forget = await cli(['batch', '--queue', redis.url, '--name', 'c1', '--forget']).finished;
    expect(forget).toMatchObject({code: 0, stderr: expect.stringMatching(/forgotten/)});
    const after = await cli(['batch', '--queue', redis.url, '--name', 'c1', '--status']).finished;
    expect(JSON.parse(after.stdout)).toMatchObject({total: 0, done: 0, failed: 0, left: 0, waiting: 0});
  });

  it('exits 2 on usage errors, naming the flag', async () => {
    const cases: [string[], RegExp][] = [
      [['batch', 'x.txt', '--queue', 'http://127.0.0.1:1'], /`--queue` must be a redis/],
      [['batch', 'x.txt', '--queue', 'redis://127.0.0.1:1', '--resume'], /`--resume` needs `--out FILE`/],
      [['batch', 'x.txt', '--queue', 'redis://127.0.0.1:1', '--attempts', '0'], /`--attempts` must be a number from 1 to 100/],
      [['batch', 'x.txt', '--name', 'n'], /`--name` is for `linkpeek batch --queue`/],
      [['worker', '--queue', 'redis://127.0.0.1:1', '--embed=title'], /`--embed` is for the HTTP endpoint only/],
    ];
    const ends = await Promise.all(cases.map(([args]) => cli(args).finished));
    ends.forEach(({code, stderr}, i) => {
      expect({args: cases[i]![0], code}).toEqual({args: cases[i]![0], code: 2});
      expect(JSON.parse(stderr)).toMatchObject({code: 'EINVALOPTION', message: expect.stringMatching(cases[i]![1])});
    });
  });
});
