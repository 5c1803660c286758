import prettyBytes from 'pretty-bytes';
import {resolveAllowedAddresses} from '../url/address-guard.js';
import {createChromiumProvider} from '../browser/chromium-provider.js';
import type {Screenshot} from '../data.js';
import type {Deadline} from '../deadline.js';
import {LinkpeekError, isLinkpeekError} from '../errors.js';
import {requestSafely} from '../fetch/http-client.js';
import {readImageInfo} from '../ping/image-info.js';
import type {ResolvedConfig} from '../options.js';
import type {ResolvedScreenshotOptions, ResourceFetcher} from '../browser/provider.js';
import {createDataUriStore} from './store.js';
import {readBody} from '../fetch/read-body.js';

/** What {@link takeScreenshot} needs from the `extract()` call. */
export interface ScreenshotRequest {
  screenshot: ResolvedScreenshotOptions;
  /** Caller headers for the target (spec rule 9); sent to the page's own origin only. */
  headers: Record<string, string>;
  deadline: Deadline;
}

const defaultStore = createDataUriStore();

/**
 * Captures `pageUrl` with `config.screenshotProvider` and stores the image with
 * `config.screenshotStore` (default: a `data:` URI). Every request the browser makes goes through
 * the extractor's address policy. Without a provider in the config, a one-off Chromium is launched
 * and closed again: correct but slow, so apps should share one `createChromiumProvider()`.
 * `width`, `height`, `type` and `size` are read from the image bytes.
 * @throws LinkpeekError ENOBROWSER, ENOELEMENT, ETIMEOUT, EFORBIDDENURL, ESCREENSHOT, EABORTED
 */
export async function takeScreenshot(pageUrl: string, request: ScreenshotRequest, config: ResolvedConfig): Promise<Screenshot> {
  const {deadline} = request;
  const provider = config.screenshotProvider ?? createChromiumProvider({concurrency: 1});
  try {
    const result = await provider
      .capture({
        ...request.screenshot,
        url: pageUrl,
        headers: request.headers,
        timeout: Math.max(1, deadline.remaining()),
        signal: deadline.signal,
        checkUrl: async (url) => {
          await resolveAllowedAddresses(new URL(url).hostname, config);
        },
        fetchResource: createResourceFetcher(deadline, config),
      })
      .catch((error: unknown) => {
        if (deadline.signal.aborted && isLinkpeekError(deadline.signal.reason)) throw deadline.signal.reason;
        if (isLinkpeekError(error)) throw error;
        throw new LinkpeekError('ESCREENSHOT', 'The screenshot provider failed.', {cause: error, url: pageUrl});
      });
    const info = readImageInfo(result.bytes);
    const store = config.screenshotStore ?? defaultStore;
    const url = await store.save({bytes: result.bytes, type: info.type, contentType: info.contentType}).catch((error: unknown) => {
      throw new LinkpeekError('ESCREENSHOT', 'The screenshot could not be stored.', {cause: error, url: pageUrl});
    });
    return {url, width: info.width, height: info.height, type: info.type, size: info.size, size_pretty: prettyBytes(info.size)};
  } finally {
    if (!config.screenshotProvider) await provider.close?.().catch(() => {});
  }
}

/**
 * Fetches the browser's requests in Node through `requestSafely`, so the address that was checked
 * is the one connected to. Only GET and HEAD are forwarded: a screenshot needs nothing else, and
 * page scripts must not be able to POST to the target's neighbours. Each body is capped at
 * `config.maxBodySize`.
 */
export function createResourceFetcher(deadline: Deadline, config: ResolvedConfig): ResourceFetcher {
  return async (url, {method, headers}) => {
    if (method !== 'GET' && method !== 'HEAD') {
      throw new LinkpeekError('EFETCH', `The browser's \`${method}\` request was not forwarded.`);
    }
    const response = await requestSafely(new URL(url), {method, headers, deadline}, config);
    const {bytes, truncated} = await readBody(response.body, config.maxBodySize);
    if (truncated) throw new LinkpeekError('ETOOLARGE', `A resource of the page exceeded ${config.maxBodySize} bytes.`);
    return {url: response.url, statusCode: response.statusCode, headers: response.headers, body: bytes};
  };
}
