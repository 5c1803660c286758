import prettyBytes from 'pretty-bytes';
import type {Pdf} from '../data.js';
import {LinkpeekError} from '../errors.js';
import type {ScreenshotConfig} from './options.js';
import type {ResolvedPdfOptions} from '../browser/provider.js';
import type {ResolvedWait} from '../browser/options.js';
import {guardedNavigation, type PageNavigationRequest} from './page-navigation.js';
import {useProvider} from '../browser/use-provider.js';
import {createDataUriStore} from './store.js';

/** What {@link takePdf} needs from the `extract()` call. */
export interface PdfRequest extends PageNavigationRequest {
  pdf: ResolvedPdfOptions;
  wait: ResolvedWait;
}

const defaultStore = createDataUriStore();
const magic = Buffer.from('%PDF-');

/**
 * Prints `pageUrl` to a PDF with `config.screenshotProvider` (its `print`) and stores it with
 * `config.screenshotStore` as a screenshot is (default: a `data:` URI). Every request the browser
 * makes goes through the extractor's address policy; the PDF is capped at `config.maxPdfSize`.
 * Without a provider in the config, a one-off Chromium is launched and closed again.
 * @throws LinkpeekError ENOBROWSER (no browser, or a provider that cannot print), ETIMEOUT,
 *   EFORBIDDENURL, EPAGERANGE, EPDFTOOLARGE, ESCREENSHOT, EABORTED
 */
export async function takePdf(pageUrl: string, request: PdfRequest, config: ScreenshotConfig & {maxPdfSize: number}): Promise<Pdf> {
  const {deadline} = request;
  const navigation = await guardedNavigation(pageUrl, request, config);
  const printed = await useProvider(config, deadline, pageUrl, {code: 'ESCREENSHOT', message: 'The browser could not print the page.'}, (provider) => {
    if (!provider.print) throw new LinkpeekError('ENOBROWSER', 'The screenshot provider cannot print pages (it has no `print`).');
    return provider.print({
      ...navigation(),
      ...request.wait,
      pdf: request.pdf,
      maxSize: config.maxPdfSize,
    });
  });
  const bytes = Buffer.from(printed.bytes.buffer, printed.bytes.byteOffset, printed.bytes.byteLength);
  if (!bytes.subarray(0, magic.length).equals(magic)) throw new LinkpeekError('ESCREENSHOT', 'The provider returned something that is not a PDF.', {url: pageUrl});
  if (bytes.byteLength > config.maxPdfSize) {
    throw new LinkpeekError('EPDFTOOLARGE', `The PDF of the page exceeded ${config.maxPdfSize} bytes (\`maxPdfSize\`).`, {data: {pdf: `exceeded ${config.maxPdfSize} bytes`}});
  }
  const store = config.screenshotStore ?? defaultStore;
  const url = await store.save({bytes, type: 'pdf', contentType: 'application/pdf'}).catch((error: unknown) => {
    throw new LinkpeekError('ESCREENSHOT', 'The PDF could not be stored.', {cause: error, url: pageUrl});
  });
  return {url, type: 'pdf', size: bytes.byteLength, size_pretty: prettyBytes(bytes.byteLength)};
}
