import {readdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import {createChromiumProvider, type ChromiumProviderOptions} from '../../src/browser/chromium-provider.js';
import {createPageGuard} from '../../src/browser/resource-fetcher.js';
import {createDeadline} from '../../src/deadline.js';
import {LinkpeekError} from '../../src/errors.js';
import {normalizeConfig, normalizeOptions} from '../../src/options.js';
import {chromiumChildren, describeWithChromium, isRunning, processTree} from '../helpers/chromium.js';
import {loopbackConfig} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';

jest.setTimeout(60_000);

let site: TestServer;

beforeAll(async () => {
  site = await startServer({
    '/': (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end('<title>fine</title><h1>fine</h1>'),
    // Slow enough that the recycled browser still has pages running when the next one starts.
    '/slow': (_request, response) => {
      setTimeout(() => response.writeHead(200, {'content-type': 'text/html'}).end('<title>slow</title><h1>slow</h1>'), 300);
    },
  });
});
afterAll(() => site.close());

const ownProfiles = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`linkpeek-chromium-${process.pid}-`));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  for (let waited = 0; !condition() && waited < ms; waited += 50) await sleep(50);
}

function runner(options: ChromiumProviderOptions) {
  const provider = createChromiumProvider(options);
  const config = normalizeConfig({...loopbackConfig, screenshotProvider: provider});
  const screenshot = normalizeOptions({screenshot: true}, config).screenshot!;
  const run = (path: string, action: 'capture' | 'render' = 'capture') => {
    const deadline = createDeadline(20_000);
    const guard = createPageGuard(site.url(path), {}, deadline, config);
    const work =
      action === 'capture'
        ? provider.capture({...guard, ...screenshot, timeout: 20_000, signal: deadline.signal})
        : provider.render({...guard, waitUntil: 'load', waitForSelector: null, waitForTimeout: 0, screenshot: null, timeout: 20_000, signal: deadline.signal});
    return (work as Promise<unknown>).finally(() => deadline.dispose());
  };
  return {provider, run};
}

describeWithChromium('browser recycling', () => {
  it('replaces the browser after `recycleAfter` pages without failing the pages in flight, and closes the old one', async () => {
    const {provider, run} = runner({concurrency: 2, recycleAfter: 3});
    // Which browsers run, sampled while the pages go through.
    const seen = new Set<number>();
    const trees = new Map<number, number[]>();
    let mostAtOnce = 0;
    const sampler = setInterval(() => {
      const browsers = chromiumChildren();
      mostAtOnce = Math.max(mostAtOnce, browsers.length);
      for (const pid of browsers) {
        seen.add(pid);
        trees.set(pid, [...new Set([...(trees.get(pid) ?? []), ...processTree(pid)])]);
      }
    }, 20);
    try {
      const outcomes = await Promise.allSettled(
        Array.from({length: 8}, (_, index) => run('/slow', index % 4 === 3 ? 'render' : 'capture')),
      );
      clearInterval(sampler);
      // None failed.
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      // 8 pages, 3 per browser: three browsers, and a retired one was still finishing its pages
      // while the next one already ran.
      expect(seen.size).toBe(3);
      expect(mostAtOnce).toBeGreaterThanOrEqual(2);
      const current = provider.pid as number;
      expect(seen.has(current)).toBe(true);
      // The retired browsers and their helpers are gone, and so are their profiles.
      const retired = [...seen].filter((pid) => pid !== current).flatMap((pid) => trees.get(pid) ?? []);
      await until(() => !retired.some(isRunning) && ownProfiles().length === 1);
      expect(retired.filter(isRunning)).toEqual([]);
      expect(ownProfiles()).toHaveLength(1);
      expect(chromiumChildren()).toEqual([current]);
      await provider.close();
      expect(processTree(current).slice(1)).toEqual([]);
      expect(ownProfiles()).toEqual([]);
    } finally {
      clearInterval(sampler);
      await provider.close();
    }
  });

  it('replaces the browser once its memory passes `maxMemory`', async () => {
    // 1 byte: the first reading is over the threshold.
    const {provider, run} = runner({concurrency: 1, maxMemory: 1});
    try {
      await run('/');
      const first = chromiumChildren();
      expect(first).toHaveLength(1);
      const tree = processTree(first[0] as number);
      // Retired with no page left: closed at once, with nothing new launched until the next page.
      await until(() => !tree.some(isRunning) && ownProfiles().length === 0);
      expect(tree.filter(isRunning)).toEqual([]);
      expect(ownProfiles()).toEqual([]);
      expect(provider.pid).toBeUndefined();
      // The first browser is gone, so this capture ran on a fresh one. That one may itself be retired
      // already when its own reading came a second after the last (every reading passes 1 byte).
      await expect(run('/')).resolves.toBeDefined();
      expect(provider.pid).not.toBe(first[0]);
      await provider.close();
      expect(chromiumChildren()).toEqual([]);
      expect(ownProfiles()).toEqual([]);
    } finally {
      await provider.close();
    }
  });

  it('refuses a `recycleAfter` or `maxMemory` that is not a positive number', () => {
    for (const options of [{recycleAfter: 0}, {recycleAfter: 1.5}, {maxMemory: -1}, {maxMemory: Number.NaN}]) {
      expect(() => createChromiumProvider(options)).toThrow(LinkpeekError);
    }
    expect(() => createChromiumProvider({recycleAfter: Infinity, maxMemory: Infinity})).not.toThrow();
  });
});
