import {expect, it, jest} from '@jest/globals';
import {start} from '../helpers/child.js';
import {describeWithChromium, isRunning} from '../helpers/chromium.js';

jest.setTimeout(60_000);

// A library must never take over the process's signals: puppeteer's launch installs SIGINT,
// SIGTERM and SIGHUP handlers by default (SIGTERM then no longer ends the app, SIGINT exits 130
// behind its back), so linkpeek launches with them off.
describeWithChromium('an app embedding createChromiumProvider()', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)('still ends on %s after its first screenshot, by the signal, and its browser goes too', async (signal) => {
    const app = start(process.execPath, ['--import', 'tsx', 'tests/browser/apps/embedding-app.ts'], {}, 30_000);
    const [, pid] = await app.waitFor('stdout', /ready (\d+)/);
    app.child.kill(signal);
    const exited = await app.finished;
    expect({code: exited.code, signal: exited.signal}).toEqual({code: null, signal});
    // The browser runs on a pipe: it exits with the app.
    for (let waited = 0; isRunning(Number(pid)) && waited < 5_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isRunning(Number(pid))).toBe(false);
  });
});
