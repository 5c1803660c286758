// The queue mode in one test process: a real redis-server, a real HTTP target, two workers (runWorker)
// and the producer (enqueueBatch) talking only through Redis.
import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import {enqueueBatch} from '../../src/batch/enqueue-batch.js';
import {runWorker, type WorkerSummary} from '../../src/batch/run-worker.js';
import {batchProgress} from '../../src/batch/batch-progress.js';
import {forgetBatch} from '../../src/batch/forget-batch.js';
import {batchKeys, connect, jobIdFor, loadQueuePackages, recordOutcome} from '../../src/batch/queue-store.js';
import {isLinkpeekError} from '../../src/errors.js';
import {loopbackConfig} from '../helpers/policy.js';
import {describeWithRedis, startRedis, type TestRedis} from '../helpers/redis.js';
import {startQueueSite, type QueueSite} from '../helpers/queue-site.js';

jest.setTimeout(60_000);

type Line = {url: string; status: string; code?: string; statusCode?: number; data?: {title?: string; h?: string}};

describeWithRedis('queue mode (enqueueBatch + runWorker)', () => {
  let redis: TestRedis;
  let site: QueueSite;
  const stop = new AbortController();
  let workers: Promise<WorkerSummary>[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    site = await startQueueSite();
    // Imported now: jest refuses an import() between tests, where the workers would first need them.
    await loadQueuePackages();
    // Two workers, as two machines would run them; no host gate here (the gate has its own tests).
    workers = [1, 2].map(() =>
      runWorker({queue: redis.url, name: 'q1', concurrency: 3, config: loopbackConfig, options: {ping: false}, gate: null, signal: stop.signal}),
    );
  });
  afterAll(async () => {
    stop.abort();
    await Promise.all(workers);
    await site?.close();
    await redis?.close();
  });

  const run = async (urls: string[], extra: {name?: string; options?: object} = {}) => {
    const lines: Line[] = [];
    const final = await enqueueBatch({
      queue: redis.url,
      name: extra.name ?? 'q1',
      urls,
      attempts: 3,
      backoff: 100,
      ...(extra.options ? {options: extra.options} : {}),
      write: (line) => lines.push(JSON.parse(line) as Line),
    });
    return {lines, final, byUrl: new Map(lines.map((line) => [line.url, line]))};
  };

  const input = () => [
    ...Array.from({length: 8}, (_, i) => site.url(`/page/${i}`)),
    site.url('/page/0'), // a duplicate: one job, one line
    site.url('/missing/1'),
    site.url('/down/1'),
    'not a url',
  ];

  it('writes one line per unique URL: results, a 404 at once, a 500 after the attempts, a bad URL at once', async () => {
    const {lines, final, byUrl} = await run(input());
    expect(lines).toHaveLength(11);
    expect(byUrl.size).toBe(11);
    for (let i = 0; i < 8; i++) expect(byUrl.get(site.url(`/page/${i}`))).toMatchObject({status: 'success', data: {title: `queue /page/${i}`}});
    expect(site.count('/page/0')).toBe(1);
    // A 404 is the page's answer: not asked again.
    expect(byUrl.get(site.url('/missing/1'))).toMatchObject({status: 'fail', code: 'EHTTP', statusCode: 404});
    expect(site.count('/missing/1')).toBe(1);
    // A 500 may pass: asked `attempts` times, then one failure line, never more.
    expect(byUrl.get(site.url('/down/1'))).toMatchObject({status: 'fail', code: 'EHTTP', statusCode: 500});
    expect(site.count('/down/1')).toBe(3);
    expect(byUrl.get('not a url')).toMatchObject({status: 'fail', code: 'EINVALURL'});
    expect(final).toMatchObject({total: 11, done: 11, failed: 3, skipped: 0, left: 0});
    await expect(batchProgress({queue: redis.url, name: 'q1'})).resolves.toMatchObject({total: 11, done: 11, failed: 3, left: 0, waiting: 0, active: 0, retrying: 0});
  });

  it('re-runs skip what the batch finished: no new fetch, every line written again, the new URL extracted', async () => {
    const before = site.hits.length;
    const {lines, final, byUrl} = await run([...input(), site.url('/page/new')]);
    expect(lines).toHaveLength(12);
    expect(byUrl.get(site.url('/page/new'))).toMatchObject({status: 'success', data: {title: 'queue /page/new'}});
    expect(byUrl.get(site.url('/down/1'))).toMatchObject({status: 'fail', code: 'EHTTP'});
    expect(site.hits.slice(before)).toEqual(['GET /page/new']);
    expect(final).toMatchObject({total: 12, done: 12, failed: 3, skipped: 11, left: 0});
  });

  it('carries the options with each job', async () => {
    const {byUrl} = await run([site.url('/page/opts')], {name: 'q1', options: {data: {h: {selector: 'h1'}}}});
    expect(byUrl.get(site.url('/page/opts'))).toMatchObject({status: 'success', data: {h: 'h /page/opts'}});
  });

  it('keeps batches of different names apart', async () => {
    const before = site.count('/page/1');
    // Batch q2 has no worker yet: enqueue without waiting, then a worker for it finishes it.
    const queued = await enqueueBatch({queue: redis.url, name: 'q2', urls: [site.url('/page/1')], wait: false});
    expect(queued).toMatchObject({total: 1, done: 0, left: 1});
    const stopQ2 = new AbortController();
    const worker = runWorker({queue: redis.url, name: 'q2', config: loopbackConfig, gate: null, signal: stopQ2.signal});
    const {lines} = await run([site.url('/page/1')], {name: 'q2'});
    stopQ2.abort();
    await expect(worker).resolves.toMatchObject({written: 1, failed: 0});
    expect(lines).toMatchObject([{url: site.url('/page/1'), status: 'success'}]);
    expect(site.count('/page/1')).toBe(before + 1);
  });

  it('counts the attempts that met a rate limit, and ends a URL always answering 429 after its attempts', async () => {
    const stopQ3 = new AbortController();
    const worker = runWorker({queue: redis.url, name: 'q3', config: loopbackConfig, options: {ping: false}, gate: null, signal: stopQ3.signal});
    const {lines, final} = await run([site.url('/limited/1')], {name: 'q3'});
    stopQ3.abort();
    await expect(worker).resolves.toEqual({written: 1, failed: 1, retried: 2});
    expect(lines).toMatchObject([{url: site.url('/limited/1'), status: 'fail', code: 'ERATELIMIT'}]);
    expect(site.count('/limited/1')).toBe(3);
    expect(final).toMatchObject({total: 1, done: 1, failed: 1, rateLimited: 3, left: 0});
  });

  it('a worker stopped while its job waits for the host gate hands the job back, unattempted', async () => {
    // A gate that never lets the extraction start, until the worker stops.
    const closedGate = {
      run: <T>(_url: string, _fn: () => Promise<T>, signal?: AbortSignal) =>
        new Promise<T>((_resolve, reject) => {
          if (signal?.aborted) reject(new Error('stopped'));
          signal?.addEventListener('abort', () => reject(new Error('stopped')), {once: true});
        }),
      request: async () => () => {},
      backOff: async () => {},
      slowed: async () => ({}),
      close: async () => {},
    };
    const stopWaiting = new AbortController();
    const waiting = runWorker({queue: redis.url, name: 'q4', config: loopbackConfig, gate: closedGate, signal: stopWaiting.signal});
    await enqueueBatch({queue: redis.url, name: 'q4', urls: [site.url('/page/gated')], wait: false});
    const deadline = Date.now() + 20_000;
    while ((await batchProgress({queue: redis.url, name: 'q4'})).active !== 1) {
      if (Date.now() > deadline) throw new Error('the job never became active');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    stopWaiting.abort();
    await expect(waiting).resolves.toEqual({written: 0, failed: 0, retried: 0});
    await expect(batchProgress({queue: redis.url, name: 'q4'})).resolves.toMatchObject({waiting: 1, active: 0, retrying: 0, done: 0});
    expect(site.count('/page/gated')).toBe(0);
    // The next worker takes it as a first attempt: one try is enough for it.
    const stopNext = new AbortController();
    const next = runWorker({queue: redis.url, name: 'q4', config: loopbackConfig, gate: null, signal: stopNext.signal});
    const {lines} = await run([site.url('/page/gated')], {name: 'q4'});
    stopNext.abort();
    await next;
    expect(lines).toMatchObject([{status: 'success', data: {title: 'queue /page/gated'}}]);
    expect(site.count('/page/gated')).toBe(1);
  });

  it('a worker does not run a job whose line was recorded meanwhile (a producer run again may add it back)', async () => {
    // The race: a producer run again looks at what is finished, a worker finishes a job and it leaves
    // the queue, then the producer adds it back. Made here by recording the line after the job is queued.
    const guarded = site.url('/page/guarded');
    await enqueueBatch({queue: redis.url, name: 'q7', urls: [guarded], wait: false});
    const client = await connect(redis.url);
    try {
      const line = JSON.stringify({url: guarded, status: 'success', data: {}});
      expect(await recordOutcome(client, batchKeys('q7'), {jobId: jobIdFor('q7', guarded), url: guarded, status: 'success', line})).toBe(true);
    } finally {
      await client.quit();
    }
    const stopQ7 = new AbortController();
    // One at a time, in order: once the next URL's line is in, the guarded job was taken and ended.
    const worker = runWorker({queue: redis.url, name: 'q7', concurrency: 1, config: loopbackConfig, options: {ping: false}, gate: null, signal: stopQ7.signal});
    const {lines} = await run([site.url('/page/after-guarded')], {name: 'q7'});
    stopQ7.abort();
    await expect(worker).resolves.toMatchObject({written: 1, failed: 0});
    expect(lines).toMatchObject([{url: site.url('/page/after-guarded'), status: 'success'}]);
    expect(site.count('/page/guarded')).toBe(0);
  });

  it('forgets a batch: every key of it goes, and the next run of the name starts afresh', async () => {
    const keysOf = async (name: string) => {
      const client = await connect(redis.url);
      try {
        return await client.keys(`linkpeek:batch:${name}:*`);
      } finally {
        await client.quit();
      }
    };
    const stopQ5 = new AbortController();
    const worker = runWorker({queue: redis.url, name: 'q5', config: loopbackConfig, gate: null, signal: stopQ5.signal});
    await run([site.url('/page/forget')], {name: 'q5'});
    expect(await keysOf('q5')).toEqual(expect.arrayContaining(['linkpeek:batch:q5:results', 'linkpeek:batch:q5:finished', 'linkpeek:batch:q5:progress']));
    const otherKeys = (await keysOf('q1')).length;
    await forgetBatch({queue: redis.url, name: 'q5'});
    // The worker keeps BullMQ's marker keys alive while it waits; nothing of the batch's data is left.
    expect((await keysOf('q5')).filter((key) => !/:(marker|stalled-check|meta|events|id)$/.test(key))).toEqual([]);
    expect(await keysOf('q1')).toHaveLength(otherKeys);
    await expect(batchProgress({queue: redis.url, name: 'q5'})).resolves.toMatchObject({total: 0, done: 0, left: 0});
    const {lines, final} = await run([site.url('/page/forget')], {name: 'q5'});
    stopQ5.abort();
    await worker;
    expect(lines).toMatchObject([{status: 'success'}]);
    expect(final).toMatchObject({skipped: 0, done: 1});
    expect(site.count('/page/forget')).toBe(2);
  });

  it('refuses a queue that is not a Redis URL and a bad batch name, naming the option', async () => {
    const codeOf = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: unknown) => (isLinkpeekError(error) ? `${error.code} ${Object.keys(error.data ?? {}).join()}` : String(error)));
    await expect(codeOf(enqueueBatch({queue: 'http://127.0.0.1:1', urls: []}))).resolves.toBe('EINVALOPTION queue');
    await expect(codeOf(enqueueBatch({queue: redis.url, name: 'a b', urls: []}))).resolves.toBe('EINVALOPTION name');
    await expect(codeOf(enqueueBatch({queue: redis.url, urls: [], attempts: 0}))).resolves.toBe('EINVALOPTION attempts');
    await expect(codeOf(runWorker({queue: redis.url, concurrency: -1}))).resolves.toBe('EINVALOPTION concurrency');
  });
});
