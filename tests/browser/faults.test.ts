import {readdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import {createChromiumProvider} from '../../src/browser/chromium-provider.js';
import {createPageGuard} from '../../src/browser/resource-fetcher.js';
import {createDeadline} from '../../src/deadline.js';
import {LinkpeekError} from '../../src/errors.js';
import {normalizeConfig, normalizeOptions} from '../../src/options.js';
import {describeWithChromium, isRunning, processTree} from '../helpers/chromium.js';
import {loopbackConfig} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';

jest.setTimeout(60_000);

let site: TestServer;
/** Called when the target receives a request for `/slow`: the test kills the browser then. */
let onSlow: () => void = () => {};

beforeAll(async () => {
  site = await startServer({
    '/': (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end('<title>fine</title><h1>fine</h1>'),
    '/slow': (_request, response) => {
      onSlow();
      setTimeout(() => response.writeHead(200, {'content-type': 'text/html'}).end('<title>slow</title><h1>slow</h1>'), 800);
    },
  });
});
afterAll(() => site.close());

const ownProfiles = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`linkpeek-chromium-${process.pid}-`));

type Action = 'capture' | 'render';

function runner(action: Action) {
  const provider = createChromiumProvider({concurrency: 2});
  const config = normalizeConfig({...loopbackConfig, screenshotProvider: provider});
  const screenshot = normalizeOptions({screenshot: true}, config).screenshot!;
  const run = (path: string) => {
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

describeWithChromium('Chromium killed in the middle of a capture or a render', () => {
  it.each(['capture', 'render'] as const)('%s killed again after its retry ends in ESCREENSHOT/ERENDER, and the next one works', async (action) => {
    const {provider, run} = runner(action);
    try {
      await run('/');
      const killedPids: number[] = [];
      onSlow = () => {
        const pid = provider.pid as number;
        killedPids.push(pid);
        process.kill(pid, 'SIGKILL');
      };
      const error = await run('/slow').then(
        () => undefined,
        (caught: unknown) => caught,
      );
      onSlow = () => {};
      expect(killedPids.length).toBe(2);
      expect(error).toBeInstanceOf(LinkpeekError);
      expect((error as LinkpeekError).code).toBe(action === 'capture' ? 'ESCREENSHOT' : 'ERENDER');
      await expect(run('/')).resolves.toBeDefined();
      await provider.close();
      expect(ownProfiles()).toEqual([]);
    } finally {
      onSlow = () => {};
      await provider.close();
    }
  });

  it.each(['capture', 'render'] as const)(
    '%s is retried once on a fresh browser, the next one works, close() leaves no process and no profile',
    async (action) => {
      const {provider, run} = runner(action);
      try {
        await run('/');
        const first = provider.pid as number;
        const firstTree = processTree(first);
        let killed = false;
        onSlow = () => {
          if (killed) return;
          killed = true;
          process.kill(first, 'SIGKILL');
        };
        const started = Date.now();
        const outcome = await run('/slow').then(
          () => 'done',
          (error: unknown) => {
            expect(error).toBeInstanceOf(LinkpeekError);
            return (error as LinkpeekError).code;
          },
        );
        onSlow = () => {};
        expect(killed).toBe(true);
        // The provider saw its browser die under the work and ran it once more on a fresh one.
        expect(outcome).toBe('done');
        expect(Date.now() - started).toBeLessThan(15_000);
        // The killed browser and its helpers are gone.
        for (let waited = 0; firstTree.some(isRunning) && waited < 5_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(firstTree.filter(isRunning)).toEqual([]);
        // The next one works, on a fresh browser.
        await expect(run('/')).resolves.toBeDefined();
        expect(provider.pid).not.toBe(first);
        const second = processTree(provider.pid as number);
        await provider.close();
        expect(second.filter(isRunning)).toEqual([]);
        expect(ownProfiles()).toEqual([]);
      } finally {
        onSlow = () => {};
        await provider.close();
      }
    },
  );
});
