import prettyBytes from 'pretty-bytes';
import type {Pdf} from '../data.js';
import type {Deadline} from '../deadline.js';
import {LinkpeekError} from '../errors.js';
import type {ScreenshotConfig} from './options.js';
import type {Emulation, PageSetup, ResolvedPdfOptions} from '../browser/provider.js';
import type {ResolvedWait} from '../browser/options.js';
import {pageBlocker} from '../browser/adblock.js';
import {createPageGuard} from '../browser/resource-fetcher.js';
import {useProvider} from '../browser/use-provider.js';
import {createDataUriStore} from './store.js';

/** What {@link takePdf} needs from the `extract()` call. */
export interface PdfRequest {
  pdf: ResolvedPdfOptions;
  /** Caller headers for the target (spec rule 9); sent to the page's own origin only. */
  headers: Record<string, string>;
  deadline: Deadline;
  wait: ResolvedWait;
  /** Device, colour scheme, media type and window of the page. Absent: none emulated. */
  emulation?: Emulation;
  /** Scripts, animations, ad blocking, injected styles and scripts. Absent: the defaults. */
  setup?: PageSetup;
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
  const blocker = await pageBlocker(request.setup?.adblock ?? true, config.adblockFilters);
  const printed = await useProvider(config, deadline, pageUrl, {code: 'ESCREENSHOT', message: 'The browser could not print the page.'}, (provider) => {
    if (!provider.print) throw new LinkpeekError('ENOBROWSER', 'The screenshot provider cannot print pages (it has no `print`).');
    return provider.print({
      ...createPageGuard(pageUrl, request.headers, deadline, config),
      ...(blocker ? {blocker} : {}),
      ...request.wait,
      ...(request.emulation ? {emulation: request.emulation} : {}),
      ...(request.setup ? {setup: request.setup} : {}),
      pdf: request.pdf,
      maxSize: config.maxPdfSize,
      timeout: Math.max(1, deadline.remaining()),
      signal: deadline.signal,
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
