import type {Browser, Page} from 'puppeteer-core';
import {LinkpeekError, isLinkpeekError} from '../errors.js';
import {viewportOf} from './capture.js';
import {failedAs, inGuardedPage} from './guarded-page.js';
import {defaultViewport} from './options.js';
import type {PrintRequest, PrintResult, ResolvedPdfOptions} from './provider.js';

/**
 * Prints `request.url` to a PDF in a fresh incognito context of `browser` (proxy: the black hole):
 * the page loads with every request guarded, the waits end, and Chromium prints it, as the screen
 * shows it unless `mediaType` is `print`. The PDF is read as a stream and stopped past
 * `request.maxSize`. The context is closed before this returns, whatever happened.
 * @throws LinkpeekError ETIMEOUT (or the signal's own reason), EFORBIDDENURL, EPAGERANGE (a range
 * beyond the last page), EPDFTOOLARGE, EINVALOPTION (an injected style or script that cannot load),
 * ESCREENSHOT
 */
export function printInContext(browser: Browser, proxyServer: string, request: PrintRequest): Promise<PrintResult> {
  const window = request.emulation?.viewport ?? request.emulation?.device?.viewport ?? defaultViewport;
  const load = {...request, viewport: viewportOf(window, request.emulation), settle: false, still: true};
  return inGuardedPage(
    browser,
    proxyServer,
    load,
    async ({page}) => {
      // The hosted service prints what the screen shows; `mediaType: 'print'` asks for the print styles.
      if (request.emulation?.mediaType !== 'print') await page.emulateMediaType('screen');
      return {bytes: await printPdf(page, request.pdf, request.maxSize)};
    },
    failedAs('ESCREENSHOT', request.url, {load: 'The page could not be loaded for the PDF', task: 'The page could not be printed to a PDF.'}),
    'print',
  );
}


/** Prints a loaded page, reading the PDF as a stream so that one past `maxSize` is never held whole. */
async function printPdf(page: Page, pdf: ResolvedPdfOptions, maxSize: number): Promise<Uint8Array> {
  let stream: ReadableStream<Uint8Array>;
  try {
    stream = await page.createPDFStream({
      ...(pdf.format ? {format: pdf.format as 'A4'} : {}),
      ...(pdf.width ? {width: pdf.width} : {}),
      ...(pdf.height ? {height: pdf.height} : {}),
      margin: pdf.margin,
      scale: pdf.scale,
      landscape: pdf.landscape,
      pageRanges: pdf.pageRanges,
      printBackground: pdf.printBackground,
      // The call's own deadline bounds it (the guarded page's signal).
      timeout: 0,
    });
  } catch (error) {
    // Chromium checks the ranges against the page count: "Page range exceeds page count".
    if (!isLinkpeekError(error) && error instanceof Error && /page range/i.test(error.message)) {
      throw new LinkpeekError('EPAGERANGE', `Option \`pdf.pageRanges\` (\`${pdf.pageRanges}\`) names pages the printed page does not have.`, {
        cause: error,
        data: {'pdf.pageRanges': 'names pages the printed page does not have'},
      });
    }
    throw error;
  }
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxSize) {
      await reader.cancel().catch(() => {});
      throw new LinkpeekError('EPDFTOOLARGE', `The PDF of the page exceeded ${maxSize} bytes (\`maxPdfSize\`).`, {data: {pdf: `exceeded ${maxSize} bytes`}});
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
