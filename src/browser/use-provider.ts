import type {Deadline} from '../deadline.js';
import {type ErrorCode, LinkpeekError, isLinkpeekError} from '../errors.js';
import type {BrowserConfig} from './options.js';
import {createChromiumProvider} from './chromium-provider.js';
import type {ScreenshotProvider} from './provider.js';

/**
 * Runs `call` on the config's browser provider or, without one, on a one-off Chromium that is
 * closed afterwards (correct but slow; apps share one `createChromiumProvider()`). Whatever ends
 * the call is reported as one LinkpeekError: the deadline's own reason when it fired, a
 * LinkpeekError as it is, anything else as `failure` (`code`, `message`) about `url`.
 */
export async function useProvider<T>(
  config: Pick<BrowserConfig, 'screenshotProvider'>,
  deadline: Deadline,
  url: string | URL,
  failure: {code: ErrorCode; message: string},
  call: (provider: ScreenshotProvider) => Promise<T>,
): Promise<T> {
  const provider = config.screenshotProvider ?? createChromiumProvider({concurrency: 1});
  try {
    return await call(provider).catch((error: unknown) => {
      if (deadline.signal.aborted && isLinkpeekError(deadline.signal.reason)) throw deadline.signal.reason;
      if (isLinkpeekError(error)) throw error;
      throw new LinkpeekError(failure.code, failure.message, {cause: error, url});
    });
  } finally {
    if (!config.screenshotProvider) await provider.close?.().catch(() => {});
  }
}
