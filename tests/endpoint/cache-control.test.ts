// Per-request cache control (issue 37 item 1): `ttl`, `staleTtl` and `cacheKey` as the hosted
// service takes them, validated (EINVALTTL, EINVALSTTL) and reflected in X-Cache-Status,
// X-Cache-TTL, X-Timestamp and Cache-Control. A real target on 127.0.0.1 counts its fetches; an
// entry made old is one whose stored time is moved back in the (real, in-memory) store.
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {cacheControl, customCacheKey, entryState, maxCacheKeyLength, maxTtl, minTtl, parseDuration, resolveCachePolicy, type CachePolicy} from '../../src/endpoint/cache-control.js';
import {handleQuery, type HandlerConfig} from '../../src/endpoint/handler.js';
import {parseQuery} from '../../src/endpoint/parse-query.js';
import {createMemoryCache, type CacheEntry, type CacheStore} from '../../src/endpoint/result-cache.js';
import {defaultRetry, maxRetry} from '../../src/fetch/retry.js';
import {thrown} from '../helpers/failure.js';
import {loopbackConfig} from '../helpers/policy.js';
import {readDoc, section, soleCode, tableStartingWith} from '../helpers/readme.js';
import {type CountingServer, startCountingServer} from '../helpers/server.js';

const hour = 3_600_000;
const day = 24 * hour;

const errorOf = thrown;

describe('parseDuration', () => {
  it.each([
    ['86400000', day],
    ['1d', day],
    ['1 day', day],
    ['2days', 2 * day],
    ['12h', 12 * hour],
    ['1.5 hours', 1.5 * hour],
    ['90min', 90 * 60_000],
    ['1m', 60_000],
    ['30s', 30_000],
    ['2w', 14 * day],
    ['0', 0],
    ['250ms', 250],
  ] as const)('reads %s as %i ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['soon', '-1', '1y', '1 d ago', '', 'd', '1e9'])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });
});

describe('resolveCachePolicy', () => {
  it('takes the default ttl when none is given, and the aliases min and max', () => {
    expect(resolveCachePolicy({}, hour)).toEqual({ttl: hour, staleTtl: null, key: null});
    expect(resolveCachePolicy({ttl: 'min'}, hour).ttl).toBe(minTtl);
    expect(resolveCachePolicy({ttl: 'MAX'}, hour).ttl).toBe(maxTtl);
    expect(maxTtl).toBe(31 * day);
    expect(resolveCachePolicy({ttl: '1d'}, hour).ttl).toBe(day);
    expect(resolveCachePolicy({ttl: '60000'}, hour).ttl).toBe(60_000);
    expect(resolveCachePolicy({ttl: '31d'}, hour).ttl).toBe(maxTtl);
  });

  it.each(['59999', '30s', '32d', '2678400001', 'forever', '-1d', ''])('answers ttl=%j with EINVALTTL (400) naming ttl', (ttl) => {
    const error = errorOf(() => resolveCachePolicy({ttl}, hour));
    expect(error).toMatchObject({code: 'EINVALTTL', status: 400});
    expect(Object.keys(error.data ?? {})).toEqual(['ttl']);
  });

  it('takes a staleTtl below the ttl, 0 included', () => {
    expect(resolveCachePolicy({ttl: '1d', staleTtl: '1h'}, hour)).toEqual({ttl: day, staleTtl: hour, key: null});
    expect(resolveCachePolicy({staleTtl: '0'}, hour).staleTtl).toBe(0);
    expect(resolveCachePolicy({staleTtl: '59m'}, hour).staleTtl).toBe(59 * 60_000);
  });

  it.each([
    ['equal to the ttl', {ttl: '1h', staleTtl: '1h'}],
    ['above the ttl', {ttl: '1h', staleTtl: '2h'}],
    ['above the default ttl', {staleTtl: '2h'}],
    ['not a duration', {staleTtl: 'soon'}],
    ['negative', {staleTtl: '-5'}],
  ] as const)('answers a staleTtl %s with EINVALSTTL (400) naming staleTtl', (_case, params) => {
    const error = errorOf(() => resolveCachePolicy(params, hour));
    expect(error).toMatchObject({code: 'EINVALSTTL', status: 400});
    expect(Object.keys(error.data ?? {})).toEqual(['staleTtl']);
  });

  it('checks the ttl before the staleTtl', () => {
    expect(errorOf(() => resolveCachePolicy({ttl: '5s', staleTtl: '1h'}, hour)).code).toBe('EINVALTTL');
  });

  it('takes a cacheKey of printable characters and refuses others with EINVALOPTION', () => {
    expect(resolveCachePolicy({cacheKey: 'home-card:v2'}, hour).key).toBe('home-card:v2');
    for (const bad of ['', 'a b', 'x'.repeat(257), 'line\nbreak', 'é']) {
      const error = errorOf(() => resolveCachePolicy({cacheKey: bad}, hour));
      expect(error).toMatchObject({code: 'EINVALOPTION', data: {cacheKey: expect.any(String)}});
      expect(error.message).not.toContain(bad === '' ? '""' : bad);
    }
  });
});

describe('parseQuery: the cache parameters', () => {
  const parse = (query: string) => parseQuery(new URLSearchParams(query));

  it('keeps ttl, staleTtl and cacheKey as given (any spelling), out of the extract options', () => {
    const parsed = parse('url=https://a.test/&ttl=1d&stale_ttl=0&cache_key=k');
    expect(parsed.cache).toEqual({ttl: '1d', staleTtl: '0', cacheKey: 'k'});
    expect(parsed.options).toEqual({});
    expect(parse('url=https://a.test/').cache).toEqual({});
  });

  it('refuses a cache parameter given twice, in any spelling', () => {
    expect(errorOf(() => parse('url=https://a.test/&ttl=1d&TTL=2d')).code).toBe('EINVALOPTION');
    expect(errorOf(() => parse('url=https://a.test/&staleTtl=0&stale_ttl=0')).code).toBe('EINVALOPTION');
  });
});

describe('entryState and cacheControl', () => {
  const at = (age: number): CacheEntry => ({storedAt: 1_000_000 - age, result: {} as CacheEntry['result']});
  const now = 1_000_000;
  const plain: CachePolicy = {ttl: hour, staleTtl: null, key: null};
  const swr: CachePolicy = {ttl: hour, staleTtl: 10 * 60_000, key: null};

  it.each([
    ['no staleTtl, young', 'fresh', plain, 0, 59 * 60_000],
    ['no staleTtl, past the ttl', 'expired', plain, 0, hour],
    ['no staleTtl, past the ttl, embed grace', 'stale', plain, hour, hour + 1],
    ['no staleTtl, past the grace', 'expired', plain, hour, 2 * hour],
    ['staleTtl, younger', 'fresh', swr, 0, 10 * 60_000 - 1],
    ['staleTtl, from it', 'stale', swr, 0, 10 * 60_000],
    ['staleTtl, up to the ttl', 'stale', swr, 0, hour - 1],
    ['staleTtl, past the ttl', 'expired', swr, 0, hour],
    ['staleTtl 0, just stored', 'stale', {...swr, staleTtl: 0}, 0, 0],
  ] as const)('%s is %s', (_case, state, policy, grace, age) => {
    expect(entryState(at(age), policy, grace, now)).toBe(state);
  });

  it('gives max-age as the fresh time left, with stale-while-revalidate for a staleTtl', () => {
    expect(cacheControl('MISS', plain, now, now)).toBe('public, max-age=3600');
    expect(cacheControl('HIT', plain, now - 600_000, now)).toBe('public, max-age=3000');
    expect(cacheControl('HIT', swr, now - 60_000, now)).toBe('public, max-age=540, stale-while-revalidate=3000');
    expect(cacheControl('STALE', swr, now - 20 * 60_000, now)).toBe('public, max-age=0, must-revalidate');
    expect(cacheControl('BYPASS', plain, null, now)).toBe('public, max-age=3600');
  });
});

describe('the endpoint with ttl, staleTtl and cacheKey', () => {
  /** Each page's title counts its fetches: `/page` → `/page 1`, then `/page 2`... */
  let target: CountingServer;
  let store: CacheStore<CacheEntry>;
  let config: HandlerConfig;

  beforeAll(async () => {
    target = await startCountingServer();
    store = createMemoryCache();
    config = {...loopbackConfig, cache: store};
  });
  afterAll(async () => {
    await target.close();
  });

  const fetches = (path: string) => target.fetches(path);
  const ask = async (path: string, params: Record<string, string> = {}, on: HandlerConfig = config) => {
    const answer = await handleQuery(new URLSearchParams({url: target.url(path), ping: 'false', ...params}), on);
    const body = JSON.parse(String(answer.body)) as {status: string; code?: string; data?: Record<string, unknown>; more?: string};
    return {status: answer.status, headers: answer.headers, body, title: body.data?.title};
  };
  /** Moves an entry's stored time `ms` back, as if it had been made that long ago. */
  const age = async (key: string, ms: number) => {
    const entry = (await store.get(key)) as CacheEntry;
    await store.set(key, {...entry, storedAt: entry.storedAt - ms}, maxTtl);
  };
  /** Waits until the entry of `cacheKey` holds the page titled `title` (a refresh stored), or fails after 10 s. */
  const storedTitle = async (cacheKey: string, title: string) => {
    const stored = async () => (await store.get(customCacheKey(cacheKey)))?.result.data.title;
    for (let wait = 0; (await stored()) !== title && wait < 200; wait++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await stored()).toBe(title);
  };
  /** Waits until `path` was fetched `count` times (a background refresh), or fails after 10 s. */
  const fetchedTimes = async (path: string, count: number) => {
    for (let wait = 0; fetches(path) < count && wait < 200; wait++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetches(path)).toBe(count);
  };

  it('reflects the default ttl (config cacheTtl) in X-Cache-TTL, X-Timestamp and Cache-Control', async () => {
    const before = Date.now();
    const first = await ask('/default');
    expect(first.headers).toMatchObject({'x-cache-status': 'MISS', 'x-cache-ttl': String(hour), 'cache-control': 'public, max-age=3600'});
    const stamp = Number(first.headers['x-timestamp']);
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(Date.now());
    const second = await ask('/default');
    expect(second.headers).toMatchObject({'x-cache-status': 'HIT', 'x-cache-ttl': String(hour), 'x-timestamp': String(stamp)});
    expect(second.headers['cache-control']).toMatch(/^public, max-age=(3600|3599)$/);
    expect(fetches('/default')).toBe(1);
  });

  it('keeps an answer for the ttl asked (1d, max)', async () => {
    const first = await ask('/day', {ttl: '1d'});
    expect(first.headers).toMatchObject({'x-cache-status': 'MISS', 'x-cache-ttl': String(day), 'cache-control': 'public, max-age=86400'});
    const max = await ask('/max', {ttl: 'max'});
    expect(max.headers).toMatchObject({'x-cache-ttl': String(maxTtl), 'cache-control': `public, max-age=${maxTtl / 1000}`});
  });

  it("judges an entry by the request's own ttl: a day-old entry is a HIT for ttl=max, a MISS for the default hour", async () => {
    const key = customCacheKey('old-day');
    expect((await ask('/old', {cacheKey: 'old-day', ttl: 'max'})).headers['x-cache-status']).toBe('MISS');
    await age(key, day);
    const long = await ask('/old', {cacheKey: 'old-day', ttl: 'max'});
    expect(long.headers['x-cache-status']).toBe('HIT');
    expect(long.title).toBe('/old 1');
    expect(Number(long.headers['x-timestamp'])).toBeLessThan(Date.now() - day + 60_000);
    const short = await ask('/old', {cacheKey: 'old-day'});
    expect(short).toMatchObject({title: '/old 2', headers: {'x-cache-status': 'MISS', 'x-cache-ttl': String(hour)}});
    expect(fetches('/old')).toBe(2);
  });

  it('answers a bad ttl or staleTtl with its code, 400 and no-store, fetching nothing', async () => {
    const ttl = await ask('/invalid', {ttl: '30s'});
    expect(ttl.status).toBe(400);
    expect(ttl.body).toMatchObject({status: 'fail', code: 'EINVALTTL', data: {ttl: expect.any(String)}, more: expect.stringMatching(/#einvalttl$/)});
    expect(ttl.headers).toMatchObject({'cache-control': 'no-store', 'x-cache-status': 'BYPASS'});
    expect(ttl.headers['x-cache-ttl']).toBeUndefined();
    const stale = await ask('/invalid', {ttl: '1h', staleTtl: '1h'});
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({code: 'EINVALSTTL', data: {staleTtl: expect.any(String)}, more: expect.stringMatching(/#einvalsttl$/)});
    expect(fetches('/invalid')).toBe(0);
  });

  it('serves a JSON answer older than staleTtl at once (STALE) and refreshes it in the background', async () => {
    const key = customCacheKey('swr');
    const params = {cacheKey: 'swr', ttl: '1d', staleTtl: '1h'};
    const first = await ask('/swr', params);
    expect(first.headers).toMatchObject({'x-cache-status': 'MISS', 'cache-control': 'public, max-age=3600, stale-while-revalidate=82800'});
    expect((await ask('/swr', params)).headers['x-cache-status']).toBe('HIT');
    await age(key, 2 * hour);
    const stale = await ask('/swr', params);
    expect(stale).toMatchObject({title: '/swr 1', headers: {'x-cache-status': 'STALE', 'x-cache-ttl': String(day), 'cache-control': 'public, max-age=0, must-revalidate'}});
    await fetchedTimes('/swr', 2);
    // The refreshed entry is stored: the next answer is a HIT with the new page.
    await storedTitle('swr', '/swr 2');
    const fresh = await ask('/swr', params);
    expect(fresh).toMatchObject({title: '/swr 2', headers: {'x-cache-status': 'HIT'}});
    expect(Number(fresh.headers['x-timestamp'])).toBeGreaterThan(Number(stale.headers['x-timestamp']));
  });

  it('with staleTtl=0 answers every cached request STALE, refreshing at most once per forceInterval', async () => {
    const params = {cacheKey: 'zero', staleTtl: '0'};
    expect((await ask('/zero', params)).headers['x-cache-status']).toBe('MISS');
    const second = await ask('/zero', params);
    expect(second).toMatchObject({title: '/zero 1', headers: {'x-cache-status': 'STALE'}});
    await fetchedTimes('/zero', 2);
    await storedTitle('zero', '/zero 2');
    // Within the forceInterval (10 s by default) a stale answer starts no other refresh.
    for (let i = 0; i < 3; i++) expect(await ask('/zero', params)).toMatchObject({title: '/zero 2', headers: {'x-cache-status': 'STALE'}});
    expect(fetches('/zero')).toBe(2);
    // A request without staleTtl sees the refreshed entry as fresh.
    expect(await ask('/zero', {cacheKey: 'zero'})).toMatchObject({title: '/zero 2', headers: {'x-cache-status': 'HIT'}});
  });

  it('with forceInterval 0, refreshes on every stale answer', async () => {
    const eager: HandlerConfig = {...loopbackConfig, cache: createMemoryCache(), forceInterval: 0};
    expect((await ask('/eager', {staleTtl: '0'}, eager)).headers['x-cache-status']).toBe('MISS');
    for (let round = 2; round <= 4; round++) {
      expect((await ask('/eager', {staleTtl: '0'}, eager)).headers['x-cache-status']).toBe('STALE');
      await fetchedTimes('/eager', round);
    }
  });

  it('lets callers sharing a cacheKey share one entry, whatever the URL', async () => {
    const first = await ask('/shared-a', {cacheKey: 'card'});
    expect(first).toMatchObject({title: '/shared-a 1', headers: {'x-cache-status': 'MISS'}});
    const other = await ask('/shared-b', {cacheKey: 'card'});
    expect(other).toMatchObject({title: '/shared-a 1', headers: {'x-cache-status': 'HIT', 'x-timestamp': first.headers['x-timestamp']}});
    expect(fetches('/shared-b')).toBe(0);
    // Another key, or none, is another entry.
    expect((await ask('/shared-b', {cacheKey: 'card-2'})).headers['x-cache-status']).toBe('MISS');
    expect((await ask('/shared-a')).headers['x-cache-status']).toBe('MISS');
    expect(fetches('/shared-a')).toBe(2);
  });

  it('honours force on a cacheKey once per forceInterval per key', async () => {
    expect((await ask('/forced', {cacheKey: 'forced'})).headers['x-cache-status']).toBe('MISS');
    const forced = await ask('/forced', {cacheKey: 'forced', force: 'true'});
    expect(forced).toMatchObject({title: '/forced 2', headers: {'x-cache-status': 'BYPASS', 'x-cache-ttl': String(hour)}});
    const again = await ask('/forced-elsewhere', {cacheKey: 'forced', force: 'true'});
    expect(again).toMatchObject({title: '/forced 2', headers: {'x-cache-status': 'HIT'}});
    expect(fetches('/forced-elsewhere')).toBe(0);
  });

  it('validates the cache parameters of a private call but keeps it out of the cache', async () => {
    const bad = await ask('/private', {'headers.authorization': 'Bearer x', ttl: '1s'});
    expect(bad.body.code).toBe('EINVALTTL');
    const answer = await ask('/private', {'headers.authorization': 'Bearer x', ttl: '1d', cacheKey: 'private'});
    expect(answer.headers).toMatchObject({'x-cache-status': 'BYPASS', 'cache-control': 'private, no-store'});
    expect(answer.headers['x-cache-ttl']).toBeUndefined();
    expect(await store.get(customCacheKey('private'))).toBeUndefined();
  });

  it('reports no ttl when nothing is cached (cache: false)', async () => {
    const answer = await ask('/uncached', {ttl: '1d'}, {...loopbackConfig, cache: false});
    expect(answer.headers).toMatchObject({'x-cache-status': 'BYPASS', 'cache-control': 'public, max-age=86400'});
    expect(answer.headers['x-cache-ttl']).toBeUndefined();
    // Caller headers make the answer private with or without a cache.
    const private_ = await ask('/uncached', {'headers.authorization': 'Bearer x'}, {...loopbackConfig, cache: false});
    expect(private_.headers).toMatchObject({'x-cache-status': 'BYPASS', 'cache-control': 'private, no-store'});
  });
});

describe('docs/endpoint.md states the cache parameters as the code takes them', () => {
  const doc = readDoc('docs/endpoint.md');
  const query = tableStartingWith(section(doc, 'Query parameters').body, 'Parameter');
  const row = (name: string) => query.rows.find((cells) => soleCode(cells[0] ?? '') === name);

  it('lists ttl, staleTtl, cacheKey and retry with their defaults and ranges', () => {
    for (const name of ['ttl', 'staleTtl', 'cacheKey', 'retry']) expect([name, row(name) !== undefined]).toEqual([name, true]);
    expect(row('retry')?.[2]).toBe(`\`${defaultRetry}\``);
    expect(row('retry')?.[1]).toBe(`number 0-${maxRetry}`);
    expect(row('ttl')?.[2]).toBe(`\`cacheTtl\` (${hour / 3_600_000} h)`);
    expect(row('ttl')?.[3]).toContain('1 minute (`min`) to 31 days (`max`)');
    expect(row('cacheKey')?.[1]).toContain(`1-${maxCacheKeyLength}`);
    // Every duration the table shows is one the parser reads.
    for (const example of ['1m', '12h', '1d']) expect(parseDuration(example)).toBeGreaterThan(0);
  });

  it('shows the headers the endpoint sends for ttl=1d&staleTtl=1h in its curl example', () => {
    const example = section(doc, '`ttl`, `staleTtl` and `cacheKey`').body;
    const policy = resolveCachePolicy({ttl: '1d', staleTtl: '1h'}, hour);
    expect(example).toContain(`# x-cache-ttl: ${policy.ttl}`);
    expect(example).toContain(`# cache-control: ${cacheControl('MISS', policy, 0, 0)}`);
  });
});
