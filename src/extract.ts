import type {ExtractResult} from './data.js';
import {createDeadline} from './deadline.js';
import {LinkpeekError, isLinkpeekError, toLinkpeekError} from './errors.js';
import {fetchPage} from './fetch/fetch-page.js';
import {headersAfterRedirects} from './fetch/http-client.js';
import {normalizeConfig, normalizeOptions, type ExtractOptions, type ExtractorConfig} from './options.js';
import {parseHtml} from './parse/parse-html.js';
import {pingUrls} from './ping/ping.js';
import {documentBase, resolveUrls} from './rules/resolve-urls.js';
import {pickFields} from './rules/rules.js';
import {takeScreenshot} from './screenshot/take-screenshot.js';
import {validateUrl} from './url/validate-url.js';

/** The stages of the pipeline; any of them can be replaced through `createExtractor({ stages })`. */
export interface Stages {
  validateUrl: typeof validateUrl;
  fetchPage: typeof fetchPage;
  parseHtml: typeof parseHtml;
  pickFields: typeof pickFields;
  resolveUrls: typeof resolveUrls;
  pingUrls: typeof pingUrls;
  takeScreenshot: typeof takeScreenshot;
}

export const defaultStages: Stages = {
  validateUrl,
  fetchPage,
  parseHtml,
  pickFields,
  resolveUrls,
  pingUrls,
  takeScreenshot,
};

/** Extracts link data from `input`. */
export type Extract = (input: string | URL, options?: ExtractOptions) => Promise<ExtractResult>;

/** Trusted config for {@link createExtractor}, plus stage overrides. */
export interface CreateExtractorConfig extends ExtractorConfig {
  /** Replace pipeline stages, e.g. `{ fetchPage: myFetch }`. */
  stages?: Partial<Stages>;
}

/**
 * Builds an `extract()` bound to one trusted configuration.
 * @throws LinkpeekError EINVALOPTION when the config is invalid.
 */
export function createExtractor(config: CreateExtractorConfig = {}): Extract {
  const {stages: overrides = {}, ...rest} = config;
  const resolved = normalizeConfig(rest);
  for (const [name, stage] of Object.entries(overrides)) {
    if (!(name in defaultStages) || typeof stage !== 'function') {
      throw new LinkpeekError('EINVALOPTION', `Option \`stages.${name}\` must be a known stage function.`);
    }
  }
  const stages: Stages = {...defaultStages, ...overrides};

  return async function extract(input, options = {}) {
    const request = normalizeOptions(options, resolved);
    const deadline = createDeadline(request.timeout, request.signal);
    try {
      const url = stages.validateUrl(input, resolved.allowAddress);
      const page = await stages.fetchPage(url, {headers: request.headers, deadline}, resolved);
      const snapshot = stages.parseHtml(page.html);
      const candidates = stages.resolveUrls(
        stages.pickFields(snapshot, page),
        documentBase(snapshot.baseHref, page.url),
      );
      // Credentials meant for the requested origin: none of them follow the page to another origin.
      const headers = headersAfterRedirects(request.headers, [url.href, ...page.redirects.map((hop) => hop.url), page.url]);
      const pinged = stages.pingUrls(candidates, {ping: request.ping, headers, pageUrl: page.url, deadline}, resolved);
      // The screenshot does not depend on ping: both run at once.
      const shot = request.screenshot
        ? stages.takeScreenshot(page.url, {screenshot: request.screenshot, headers, deadline}, resolved)
        : undefined;
      const [data, screenshot] = await Promise.all([pinged, shot]);
      if (screenshot) data.screenshot = screenshot;
      return {status: 'success', data, statusCode: page.statusCode, redirects: page.redirects};
    } catch (error) {
      // A stage that rejected because the deadline fired reports the deadline's reason.
      if (deadline.signal.aborted && !isLinkpeekError(error)) throw deadline.signal.reason;
      throw toLinkpeekError(error);
    } finally {
      deadline.dispose();
    }
  };
}

/** `extract()` with the default, public-only configuration. */
export const extract: Extract = (input, options) => defaultExtract()(input, options);

let shared: Extract | undefined;
// Created on first use so importing linkpeek does no work.
const defaultExtract = (): Extract => (shared ??= createExtractor());
