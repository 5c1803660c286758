import type {Browser} from 'puppeteer-core';
import {LinkpeekError, isLinkpeekError, missingDependency} from '../errors.js';
import {loadOptional} from '../shared/load-optional.js';
import {raceAbort, toPageError} from './guarded-page.js';
import {interceptRequests} from './intercept-requests.js';
import type {AuditRequest, LighthouseReport} from './provider.js';

type LighthouseRun = (url: string, flags: object, config: object, page: unknown) => Promise<{lhr: Lhr} | undefined>;
interface Lhr {
  lighthouseVersion: string;
  requestedUrl?: string;
  finalDisplayedUrl?: string;
  mainDocumentUrl?: string;
  fetchTime: string;
  runtimeError?: {code: string; message: string};
  runWarnings?: string[];
  categories: Record<string, {title: string; score: number | null}>;
  audits: Record<string, {title: string; score: number | null; scoreDisplayMode: string; numericValue?: number; numericUnit?: string; displayValue?: string}>;
}

/** The desktop run the service's audit is: no simulated throttling (the machine is what it is), no screenshots. */
const settings = {
  onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  formFactor: 'desktop',
  screenEmulation: {mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false},
  throttlingMethod: 'provided',
  disableFullPageScreenshot: true,
  skipAudits: ['screenshot-thumbnails', 'final-screenshot'],
  // The context is fresh: there is nothing of the caller's to clear.
  disableStorageReset: true,
};

/**
 * Runs Lighthouse on `request.url` in a fresh incognito context of `browser` whose proxy is
 * `proxyServer` (the black hole): every request of the page is intercepted and fulfilled by Node
 * through `request.fetchResource`, as for a capture; what escapes interception meets the black
 * hole. The context is closed before this returns, whatever happened.
 * @throws LinkpeekError EMISSINGDEP (lighthouse), ETIMEOUT, EFORBIDDENURL (the page itself), ERENDER
 */
export async function auditInContext(browser: Browser, proxyServer: string, request: AuditRequest): Promise<LighthouseReport> {
  const {default: lighthouse} = await loadOptional('lighthouse', () => import('lighthouse') as Promise<{default: LighthouseRun}>, (name, cause) =>
    missingDependency(name, '`insights.lighthouse`', cause),
  );
  const failed = (cause: unknown, documentFailed: boolean) =>
    new LinkpeekError('ERENDER', documentFailed && cause instanceof Error ? `Lighthouse could not load the page: ${cause.message}` : 'Lighthouse could not audit the page.', {cause, url: request.url});
  const signal = AbortSignal.any([AbortSignal.timeout(request.timeout), ...(request.signal ? [request.signal] : [])]);
  const context = await browser.createBrowserContext({proxyServer, proxyBypassList: ['<-loopback>']});
  let documentError: unknown;
  try {
    const work = (async () => {
      const page = await context.newPage();
      await interceptRequests(page, request, {onDocumentError: (error) => (documentError ??= error)});
      const result = await lighthouse(
        request.url,
        {logLevel: 'silent', output: 'json', maxWaitForLoad: Math.max(1_000, request.timeout - 2_000)},
        {extends: 'lighthouse:default', settings},
        page,
      );
      const lhr = result?.lhr;
      if (!lhr) throw failed(new Error('Lighthouse gave no report'), false);
      if (lhr.runtimeError) {
        if (isLinkpeekError(documentError)) throw documentError;
        throw new LinkpeekError('ERENDER', `Lighthouse could not audit the page: ${lhr.runtimeError.code}.`, {cause: new Error(lhr.runtimeError.message), url: request.url});
      }
      return report(lhr, request.url);
    })();
    work.catch(() => {});
    return await raceAbort(work, signal);
  } catch (error) {
    throw toPageError(error, request, signal, documentError, failed, 'audit');
  } finally {
    await context.close().catch(() => {});
  }
}

function report(lhr: Lhr, requestedUrl: string): LighthouseReport {
  const categories = Object.fromEntries(Object.entries(lhr.categories).map(([id, category]) => [id, {title: category.title, score: category.score}]));
  const audits = Object.fromEntries(
    Object.entries(lhr.audits).map(([id, audit]) => [
      id,
      {
        title: audit.title,
        score: audit.score,
        scoreDisplayMode: audit.scoreDisplayMode,
        ...(audit.numericValue === undefined ? {} : {numericValue: audit.numericValue}),
        ...(audit.numericUnit === undefined ? {} : {numericUnit: audit.numericUnit}),
        ...(audit.displayValue === undefined ? {} : {displayValue: audit.displayValue}),
      },
    ]),
  );
  return {
    lighthouseVersion: lhr.lighthouseVersion,
    requestedUrl: lhr.requestedUrl ?? requestedUrl,
    finalUrl: lhr.finalDisplayedUrl ?? lhr.mainDocumentUrl ?? requestedUrl,
    fetchTime: lhr.fetchTime,
    categories,
    audits,
    runWarnings: lhr.runWarnings ?? [],
  };
}
