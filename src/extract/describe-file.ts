import type {ExtractResult} from '../data.js';
import {isLinkpeekError, LinkpeekError} from '../errors.js';
import type {FileResponse} from '../fetch/fetch-page.js';
import {fileResult} from '../files/file-result.js';
import {addFileInsights} from '../insights/file-insights.js';
import {addPalettes} from '../palette/add-palettes.js';
import {codePage} from '../screenshot/code-page.js';
import type {Call} from './call.js';
import {endResult} from './end-result.js';

/**
 * The file path: a target that answered with a file (an image, a PDF, a feed…; with
 * `prerender: true`, what the browser would not show as a page) is described by the files stage
 * (docs/files.md): no wall, no render, no page rules. It ends as a page does.
 */
export async function describeFile(call: Call, file: FileResponse): Promise<ExtractResult> {
  const {url, request, stages, config, deadline} = call;
  const screenshotOptions = request.screenshot;
  const read = await fileResult(file, {
    requestedUrl: url.href,
    headers: call.callerHeaders,
    signal: deadline.signal,
    meta: request.meta,
    ping: (candidates, pageUrl, headers) => stages.pingUrls(candidates, {ping: request.ping, headers, pageUrl, deadline}, config),
    // A PDF's first page, drawn by the files stage, is stored and described as a capture is.
    screenshot: screenshotOptions
      ? async (pageUrl, headers, captured, code) => {
          const shoot = (target: string) =>
            stages.takeScreenshot(
              target,
              // A file does not move: its screenshot has no `animated` video.
              {screenshot: {...screenshotOptions, animated: null}, headers, deadline, emulation: request.emulation, setup: request.page, ...(request.palette ? {palette: true} : {}), ...(captured ? {captured} : {})},
              config,
            );
          if (!code || !screenshotOptions.codeScheme) return shoot(pageUrl);
          // The highlighted text is a page of its own, loaded from a data: URL: it asks for nothing.
          const html = await codePage(code, screenshotOptions.codeScheme);
          return shoot(`data:text/html;base64,${Buffer.from(html).toString('base64')}`).catch((error: unknown) => {
            // Errors name the file's URL, not the data: URL of its page.
            throw isLinkpeekError(error) ? new LinkpeekError(error.code, error.message, {url: pageUrl, cause: error, ...(error.data ? {data: error.data} : {})}) : error;
          });
        }
      : null,
    code: Boolean(screenshotOptions?.codeScheme),
    pageImage: screenshotOptions,
    // With `palette`, the file (when it is an image: from the bytes already read) and the logo get their colours as a page's do.
    palette: request.palette ? (data, pageUrl, headers, known) => addPalettes(data, {headers, pageUrl, deadline, known}, config) : null,
  });
  // A file has no oEmbed markup: with `iframe`, it is `null`.
  const result = await endResult(call, file, read.data, {iframe: request.iframe ? null : undefined, screenshot: read.screenshot}, {prerendered: false, file: read.file});
  // Insights of a file: technologies from its response alone (docs/insights.md).
  return addFileInsights(result, file, request.insights, deadline);
}
