import {describe, expect, it} from '@jest/globals';
import {createDeadline} from '../../src/deadline.js';
import {normalizeConfig, normalizeOptions} from '../../src/options.js';
import type {CaptureRequest, ScreenshotProvider} from '../../src/browser/provider.js';
import {takeScreenshot} from '../../src/screenshot/take-screenshot.js';
import {loopbackConfig} from '../helpers/policy.js';

// A real, if tiny, provider: it returns fixed image bytes, as an app's own provider might.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function run(provider: ScreenshotProvider, screenshot: object | true = true) {
  const config = normalizeConfig({...loopbackConfig, screenshotProvider: provider});
  const options = normalizeOptions({screenshot}, config);
  const deadline = createDeadline(5_000);
  try {
    return await takeScreenshot('http://127.0.0.1:9/page', {screenshot: options.screenshot!, headers: {}, deadline}, config);
  } finally {
    deadline.dispose();
  }
}

describe('takeScreenshot with an app-supplied provider', () => {
  it('hands the provider the resolved options, the page URL and the policy callbacks', async () => {
    const seen: CaptureRequest[] = [];
    const shot = await run({capture: async (request) => (seen.push(request), {bytes: png, type: 'png'})}, {type: 'jpeg', width: 640});
    expect(seen[0]).toMatchObject({url: 'http://127.0.0.1:9/page', type: 'jpeg', width: 640, height: 800, element: null});
    expect(typeof seen[0]?.fetchResource).toBe('function');
    // The figures come from the bytes, not from what was requested.
    expect(shot).toMatchObject({type: 'png', width: 1, height: 1, size: png.byteLength, size_pretty: `${png.byteLength} B`});
  });

  it('gives the provider a checkUrl that refuses what the policy refuses', async () => {
    let verdicts: string[] = [];
    await run({
      async capture(request) {
        verdicts = await Promise.all(
          ['http://127.0.0.1/', 'http://10.0.0.1/', 'http://private.test/', 'http://[::1]:8/'].map((url) =>
            request.checkUrl(url).then(() => 'allowed', (error: {code: string}) => error.code),
          ),
        );
        return {bytes: png, type: 'png'};
      },
    });
    expect(verdicts).toEqual(['allowed', 'EFORBIDDENURL', 'EFORBIDDENURL', 'allowed']);
  });

  it('turns a provider failure into ESCREENSHOT and bytes that are no image into ESCREENSHOT', async () => {
    await expect(run({capture: async () => Promise.reject(new Error('boom'))})).rejects.toMatchObject({code: 'ESCREENSHOT'});
    await expect(run({capture: async () => ({bytes: Buffer.from('nope'), type: 'png'})})).rejects.toMatchObject({code: 'ESCREENSHOT'});
  });
});
