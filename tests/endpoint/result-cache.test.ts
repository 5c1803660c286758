import {describe, expect, it} from '@jest/globals';
import {cacheKey, createCoalescer, createMemoryCache, freshness, type CacheEntry} from '../../src/endpoint/result-cache.js';
import {normalizeConfig, normalizeOptions} from '../../src/options.js';
import type {ExtractResult} from '../../src/data.js';

const config = normalizeConfig();
const resolve = (options: Parameters<typeof normalizeOptions>[0]) => normalizeOptions(options, config);
const result = {status: 'success', data: {title: 'x'}, statusCode: 200, redirects: []} as unknown as ExtractResult;

describe('cacheKey', () => {
  it('is the same for the same request written differently', () => {
    const a = cacheKey('https://A.test/page', resolve({ping: {audio: false}, screenshot: {fullPage: true, type: 'png'}}));
    const b = cacheKey('https://a.test/page', resolve({screenshot: {type: 'png', fullPage: true}, ping: {audio: false, image: true}}));
    expect(a).toBe(b);
  });

  it('differs when an option that changes the result differs', () => {
    const base = cacheKey('https://a.test/', resolve({}));
    expect(cacheKey('https://a.test/', resolve({ping: false}))).not.toBe(base);
    expect(cacheKey('https://a.test/', resolve({screenshot: true}))).not.toBe(base);
    expect(cacheKey('https://a.test/?q=1', resolve({}))).not.toBe(base);
    // The fragment is never sent, so it does not make another entry.
    expect(cacheKey('https://a.test/#a', resolve({}))).toBe(cacheKey('https://a.test/#b', resolve({})));
    expect(cacheKey('https://a.test/#a', resolve({}))).toBe(base);
    expect(cacheKey('https://a.test/', resolve({meta: false}))).not.toBe(base);
    expect(cacheKey('https://a.test/', resolve({iframe: true}))).not.toBe(base);
    expect(cacheKey('https://a.test/', resolve({prerender: false}))).not.toBe(base);
  });

  it('ignores the timeout', () => {
    expect(cacheKey('https://a.test/', resolve({timeout: 500}))).toBe(cacheKey('https://a.test/', resolve({})));
  });
});

describe('createMemoryCache', () => {
  it('keeps entries until their ttl and evicts the least recently used past max', async () => {
    const cache = createMemoryCache<CacheEntry>({max: 2});
    const entry = {result, storedAt: 1};
    await cache.set('a', entry);
    await cache.set('b', entry);
    await cache.get('a');
    await cache.set('c', entry);
    expect(await cache.get('a')).toBe(entry);
    expect(await cache.get('b')).toBeUndefined();
    await cache.set('short', entry, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await cache.get('short')).toBeUndefined();
    await cache.delete('a');
    expect(await cache.get('a')).toBeUndefined();
  });
});

it('evicts by size so large entries (inline screenshots) cannot fill memory', async () => {
  const cache = createMemoryCache<{blob: string}>({maxSize: 2500});
  await cache.set('a', {blob: 'x'.repeat(1000)});
  await cache.set('b', {blob: 'x'.repeat(1000)});
  await cache.set('c', {blob: 'x'.repeat(1000)});
  expect(await cache.get('a')).toBeUndefined();
  expect(await cache.get('c')).toEqual({blob: 'x'.repeat(1000)});
});

describe('freshness', () => {
  const entry = {result, storedAt: 1000};
  it.each([
    [1500, 'fresh'],
    [2000, 'stale'],
    [2999, 'stale'],
    [3000, 'expired'],
  ] as const)('at %i ms is %s (ttl 1000, staleTtl 1000)', (now, state) => {
    expect(freshness(entry, 1000, 1000, now)).toBe(state);
  });
});

describe('createCoalescer', () => {
  it('runs one task for concurrent calls with the same key and a new one afterwards', async () => {
    const coalesce = createCoalescer<number>();
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const task = async () => {
      runs++;
      await gate;
      return runs;
    };
    const calls = Array.from({length: 5}, () => coalesce('k', task));
    const other = coalesce('other', async () => 42);
    release();
    expect(await Promise.all(calls)).toEqual([1, 1, 1, 1, 1]);
    expect(await other).toBe(42);
    expect(await coalesce('k', task)).toBe(2);
  });

  it('shares a rejection and forgets it, so the next call retries', async () => {
    const coalesce = createCoalescer<number>();
    const failing = coalesce('k', async () => {
      throw new Error('down');
    });
    await expect(Promise.all([failing, coalesce('k', async () => 1)])).rejects.toThrow('down');
    expect(await coalesce('k', async () => 7)).toBe(7);
  });
});
