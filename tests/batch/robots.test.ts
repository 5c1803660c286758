// robots.txt for batch runs (issue 27 part B): read through the guarded transport from a real
// loopback server, once per origin (also when many URLs of it come at once, and across workers
// through a real redis-server), matched for linkpeek's token; a disallowed URL is an EROBOTS line
// and is never fetched. Then `linkpeek batch --robots --per-second` end to end.
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Redis} from 'ioredis';
import {createExtractor} from '../../src/extract.js';
import {redisRobotsStore, robotsAgent, robotsCheck} from '../../src/batch/robots.js';
import {runBatch} from '../../src/batch/run-batch.js';
import {start} from '../helpers/child.js';
import {isLoopback} from '../helpers/policy.js';
import {startMultiSiteWeb, type MultiSiteWeb} from '../helpers/multi-site-web.js';
import {describeWithRedis, startRedis, type TestRedis} from '../helpers/redis.js';

jest.setTimeout(60_000);

const rules = [
  'User-agent: *',
  'Disallow: /private/',
  '',
  'User-agent: linkpeek',
  'Disallow: /no-previews/',
  'Allow: /no-previews/this-one',
  '',
  'User-agent: otherbot',
  'Disallow: /',
].join('\n');

let web: MultiSiteWeb;
beforeAll(async () => {
  web = await startMultiSiteWeb({
    'www.rules.com': {robots: rules, latencyMs: 20, links: 'plain'},
    'www.none.com': {robots: 404, links: 'plain'},
    'www.broken.com': {robots: 503, links: 'plain'},
    'www.shared.com': {robots: 'User-agent: *\nDisallow: /x\n', links: 'plain'},
    'www.together.com': {robots: 'User-agent: *\nDisallow: /x\n', links: 'plain'},
    'www.batch.com': {robots: 'User-agent: linkpeek\nDisallow: /private\n', latencyMs: 50, links: 'plain'},
  });
});
afterAll(() => web.close());

const check = (extra: Parameters<typeof robotsCheck>[0] = {}) => robotsCheck({allowAddress: isLoopback, dnsLookup: web.lookup, ...extra});

it('reads the robots token from the user agent', () => {
  expect(robotsAgent('Mozilla/5.0 (compatible; linkpeek/0.1; +https://github.com/linkpeek/linkpeek)')).toBe('linkpeek');
  expect(robotsAgent('mybot/2.0 (+https://example.com/bot)')).toBe('mybot');
  expect(robotsAgent('')).toBe('*');
});

it("obeys linkpeek's own group over *, Allow over a shorter Disallow, and reads each origin once", async () => {
  const robots = check();
  const url = (path: string) => web.url('www.rules.com', path);
  // Many URLs of the origin at once: one robots.txt request.
  const outcomes = await Promise.all(
    ['/a', '/private/b', '/no-previews/c', '/no-previews/this-one', '/d'].map((path) =>
      robots.check(url(path)).then(
        () => 'allowed',
        (error: {code: string}) => error.code,
      ),
    ),
  );
  // linkpeek's group replaces *: /private/ is allowed for linkpeek, /no-previews/ is not.
  expect(outcomes).toEqual(['allowed', 'allowed', 'EROBOTS', 'allowed', 'allowed']);
  expect(web.stats('rules.com').robots).toBe(1);
  await robots.check(url('/again'));
  expect(robots.fetched).toBe(1);
  expect(web.stats('rules.com').robots).toBe(1);
  // Another agent reads another group: otherbot may fetch nothing.
  await expect(check({userAgent: 'otherbot/1.0'}).check(url('/a'))).rejects.toMatchObject({code: 'EROBOTS', url: url('/a')});
});

it('a 404 robots.txt allows everything; a 503 disallows everything (RFC 9309), with a message that says why', async () => {
  const robots = check();
  await expect(robots.check(web.url('www.none.com', '/anything'))).resolves.toBeUndefined();
  const refused = robots.check(web.url('www.broken.com', '/page'));
  await expect(refused).rejects.toMatchObject({code: 'EROBOTS', status: 424});
  await expect(refused).rejects.toThrow(/robots\.txt answered HTTP 503/);
});

it('runBatch with robots writes an EROBOTS line for a disallowed URL and never fetches it', async () => {
  const extract = createExtractor({allowAddress: isLoopback, dnsLookup: web.lookup});
  const written: string[] = [];
  const before = web.stats('batch.com').requests;
  const urls = [web.url('www.batch.com', '/open/1'), web.url('www.batch.com', '/private/2'), web.url('www.batch.com', '/open/3')];
  const state = await runBatch({
    urls,
    concurrency: 4,
    perSecond: 50,
    robots: check(),
    write: (line) => written.push(line),
    extract: (url, signal) => extract(url, {ping: false, signal}),
  });
  expect(state).toMatchObject({total: 3, done: 3, failed: 1});
  const lines = new Map(written.map((line) => JSON.parse(line) as {url: string; status: string; code?: string}).map((line) => [line.url, line]));
  expect(lines.get(urls[1]!)).toMatchObject({status: 'fail', code: 'EROBOTS'});
  expect(lines.get(urls[0]!)).toMatchObject({status: 'success'});
  expect(web.stats('batch.com').requests - before).toBe(2);
  expect(web.stats('batch.com').robots).toBe(1);
});

describeWithRedis('robots.txt shared through Redis', () => {
  let redis: TestRedis;
  let clients: Redis[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await redis.close();
  });

  it('two checkers (two workers) with their own connections read an origin once', async () => {
    clients = [new Redis(redis.url), new Redis(redis.url)];
    const [one, two] = clients.map((client) => check({store: redisRobotsStore(client)}));
    await expect(one!.check(web.url('www.shared.com', '/x/1'))).rejects.toMatchObject({code: 'EROBOTS'});
    await expect(two!.check(web.url('www.shared.com', '/x/2'))).rejects.toMatchObject({code: 'EROBOTS'});
    await expect(two!.check(web.url('www.shared.com', '/y'))).resolves.toBeUndefined();
    expect(web.stats('shared.com').robots).toBe(1);
    expect(one!.fetched + two!.fetched).toBe(1);
    // Kept with a TTL: the entry expires by itself.
    const ttl = await clients[0]!.pttl(`linkpeek:robots:${new URL(web.url('www.shared.com', '/')).origin}`);
    expect(ttl).toBeGreaterThan(3_000_000);
    expect(ttl).toBeLessThanOrEqual(3_600_000);
  });

  it('four checkers (four workers) asking at the same moment still read an origin once: one claims it, the others wait for its read', async () => {
    const more = [new Redis(redis.url), new Redis(redis.url), new Redis(redis.url), new Redis(redis.url)];
    clients.push(...more);
    const checkers = more.map((client) => check({store: redisRobotsStore(client)}));
    const outcomes = await Promise.all(
      checkers.map((robots, i) =>
        robots.check(web.url('www.together.com', i % 2 ? '/x/1' : '/y')).then(
          () => 'allowed',
          (error: {code: string}) => error.code,
        ),
      ),
    );
    expect(outcomes).toEqual(['allowed', 'EROBOTS', 'allowed', 'EROBOTS']);
    expect(web.stats('together.com').robots).toBe(1);
    expect(checkers.reduce((sum, robots) => sum + robots.fetched, 0)).toBe(1);
  });
});

describe('linkpeek batch --robots --per-second --per-host', () => {
  let dir: string;
  let local: MultiSiteWeb;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'linkpeek-polite-cli-'));
    // The CLI resolves names with the system's DNS: the site is 127.0.0.1 itself.
    local = await startMultiSiteWeb({'127.0.0.1': {robots: 'User-agent: *\nDisallow: /private\n', latencyMs: 400, links: 'plain'}}, 1);
  });
  afterAll(async () => {
    await local.close();
    rmSync(dir, {recursive: true, force: true});
  });

  it('writes EROBOTS lines for disallowed URLs and keeps the site under its limits', async () => {
    const urls = [...Array.from({length: 6}, (_, i) => `/open/${i}`), '/private/a', '/private/b'].map((path) => local.url('127.0.0.1', path));
    const input = join(dir, 'urls.txt');
    writeFileSync(input, `${urls.join('\n')}\n`);
    const out = join(dir, 'out.ndjson');
    const run = start(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', 'batch', input, '--out', out, '--concurrency', '8', '--per-host', '1', '--per-second', '3', '--robots', '--allow-loopback', '--no-ping'],
      {},
      50_000,
    );
    const {code, stderr} = await run.finished;
    expect({code, stderr: stderr.slice(-200)}).toMatchObject({code: 0});
    const lines = readFileSync(out, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as {url: string; status: string; code?: string});
    expect(lines).toHaveLength(8);
    expect(lines.filter((line) => line.code === 'EROBOTS').map((line) => line.url).sort()).toEqual(urls.slice(6).sort());
    expect(lines.filter((line) => line.status === 'success')).toHaveLength(6);
    const stats = local.stats('127.0.0.1');
    expect(stats.requests).toBe(6);
    expect(stats.robots).toBe(1);
    expect(stats.maxInFlight).toBe(1);
    expect(local.maxInWindow('127.0.0.1', 700)).toBeLessThanOrEqual(3); // 300 ms for delivery drift, as in host-gate.test.ts
  });

  it('refuses a bad --per-second as a usage error, for batch and for worker', async () => {
    const [batch, worker] = await Promise.all([
      start(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'batch', '-', '--per-second', '1.5']).finished,
      start(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'worker', '--queue', 'redis://127.0.0.1:1', '--per-second', '0']).finished,
    ]);
    for (const {code, stderr} of [batch, worker]) {
      expect(code).toBe(2);
      expect(stderr).toContain('`--per-second` must be');
    }
  });
});
