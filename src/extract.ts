import type {ExtractResult} from './data.js';
import type {Page} from './shared/page.js';
import {createDeadline} from './deadline.js';
import {LinkpeekError, isLinkpeekError, toLinkpeekError} from './errors.js';
import {fetchPage} from './fetch/fetch-page.js';
import {headersAfterRedirects} from './fetch/http-client.js';
import {responseHeaders} from './fetch/response-headers.js';
import {normalizeConfig, normalizeOptions, type ExtractOptions, type ExtractorConfig, type ResolvedConfig} from './options.js';
import {parseHtml} from './parse/parse-html.js';
import {fetchIframe} from './oembed/fetch-iframe.js';
import {type PingRequest, pingMedia, pingUrls} from './ping/ping.js';
import {applyDataRules, type DataValues, mediaPaths} from './rules/apply-data-rules.js';
import type {ResolvedDataRules} from './rules/data-rules.js';
import {emptyCandidates, fillEmptyFields, keepMetaFields, nullSkippedFields} from './rules/meta.js';
import {prerenderReason} from './render/prerender-reason.js';
import {type RenderedPage, renderPage} from './render/render-page.js';
import {documentBase, resolveUrls} from './rules/resolve-urls.js';
import {pickFields} from './rules/rules.js';
import {takeScreenshot} from './screenshot/take-screenshot.js';
import {splitCredentials} from './url/credentials.js';
import {validateUrl} from './url/validate-url.js';

/**
 * A stage's type with its config slice (`FetchConfig`, `PingConfig`, …: every slice holds the address
 * policy) widened to the whole ResolvedConfig, which the pipeline passes: an override may read any option.
 */
type TakingResolvedConfig<F> = F extends (...args: infer A) => infer R
  ? (...args: {[K in keyof A]: 'allowAddress' extends keyof A[K] ? ResolvedConfig : A[K]}) => R
  : never;

/** The stages of the pipeline; any of them can be replaced through `createExtractor({ stages })`. */
export interface Stages {
  validateUrl: typeof validateUrl;
  fetchPage: TakingResolvedConfig<typeof fetchPage>;
  parseHtml: typeof parseHtml;
  pickFields: typeof pickFields;
  resolveUrls: typeof resolveUrls;
  pingUrls: TakingResolvedConfig<typeof pingUrls>;
  takeScreenshot: TakingResolvedConfig<typeof takeScreenshot>;
  renderPage: TakingResolvedConfig<typeof renderPage>;
  fetchIframe: TakingResolvedConfig<typeof fetchIframe>;
  applyDataRules: typeof applyDataRules;
}

export const defaultStages: Stages = {
  validateUrl,
  fetchPage,
  parseHtml,
  pickFields,
  resolveUrls,
  pingUrls,
  takeScreenshot,
  renderPage,
  fetchIframe,
  applyDataRules,
};

function sizeOf(iframe: {maxWidth: number | null; maxHeight: number | null}): {maxWidth?: number; maxHeight?: number} {
  return {...(iframe.maxWidth === null ? {} : {maxWidth: iframe.maxWidth}), ...(iframe.maxHeight === null ? {} : {maxHeight: iframe.maxHeight})};
}

const autoFallbackCodes: ReadonlySet<string> = new Set(['ENOBROWSER', 'ERENDER', 'EFORBIDDENURL']);

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
  // The bundled oEmbed registry is the stage's own default: only a configured list is passed.
  const providers = resolved.oembedProviders ? ([resolved.oembedProviders] as const) : ([] as const);

  /** Replaces each media value of the data rules, in place, with what ping found (or `null`). */
  const describeDataMedia = async (values: DataValues, rules: ResolvedDataRules, request: PingRequest): Promise<void> => {
    const found = mediaPaths(values, rules);
    if (found.length === 0) return;
    const described = await pingMedia(found.map(({media, kind}) => ({url: media.url, kind})), request, resolved);
    found.forEach(({set}, index) => set(described[index] ?? null));
  };

  return async function extract(input, options = {}) {
    const request = normalizeOptions(options, resolved);
    const deadline = createDeadline(request.timeout, request.signal);
    try {
      // Credentials in the URL become an authorization header for the caller's headers, which
      // only ever go to the page's own origin; from here on no URL carries them.
      const {url, authorization} = splitCredentials(stages.validateUrl(input, resolved.allowAddress));
      const callerHeaders =
        authorization && request.headers.authorization === undefined ? {...request.headers, authorization} : request.headers;
      const render = () =>
        stages.renderPage(
          url,
          {headers: callerHeaders, deadline, wait: request.wait, emulation: request.emulation, screenshot: request.screenshot},
          resolved,
        );
      const anyMeta = Object.values(request.meta).some(Boolean);
      const read = (page: Page) => {
        const snapshot = stages.parseHtml(page.html, page.windows);
        // With every default field off, the field rules are not run at all.
        const found = anyMeta
          ? stages.resolveUrls(stages.pickFields(snapshot, page), documentBase(snapshot.baseHref, page.url))
          : emptyCandidates();
        return {snapshot, candidates: keepMetaFields(found, request.meta)};
      };
      let page: Page | RenderedPage;
      let rendered: RenderedPage | undefined;
      if (request.prerender === true) {
        page = rendered = await render();
      } else {
        page = await stages.fetchPage(url, {headers: callerHeaders, deadline}, resolved);
      }
      let {snapshot, candidates} = read(page);
      if (request.prerender === 'auto' && prerenderReason(page, candidates, resolved) !== null) {
        // Best effort: a browser that cannot start or render, or a page whose scripts reach for a
        // refused address (the page itself passed the policy), leaves the static result standing.
        rendered = await render().catch((error: unknown) => {
          if (isLinkpeekError(error) && autoFallbackCodes.has(error.code)) return undefined;
          throw error;
        });
        if (rendered) {
          page = rendered;
          ({snapshot, candidates} = read(page));
        }
      }
      // Credentials meant for the requested origin: none of them follow the page to another origin.
      const headers = headersAfterRedirects(callerHeaders, [url.href, ...page.redirects.map((hop) => hop.url), page.url]);
      const pingRequest = {ping: request.ping, headers, pageUrl: page.url, deadline};
      // The oEmbed answer fills fields the page left empty, so it comes before ping.
      const embedded = request.iframe
        ? await stages.fetchIframe(page.url, snapshot, {...sizeOf(request.iframe), headers, deadline}, resolved, ...providers)
        : undefined;
      if (embedded) candidates = fillEmptyFields(candidates, embedded.fields, request.meta);
      const custom = request.data ? stages.applyDataRules(page.html, request.data, page.url) : undefined;
      const pinged = stages.pingUrls(candidates, pingRequest, resolved);
      const customPinged = custom && request.data ? describeDataMedia(custom, request.data, pingRequest) : undefined;
      // The screenshot does not depend on ping: both run at once. A rendered page was captured by
      // the same navigation.
      const shot = request.screenshot
        ? stages.takeScreenshot(
            page.url,
            {
              screenshot: request.screenshot,
              headers,
              deadline,
              emulation: request.emulation,
              ...(rendered?.capture ? {captured: rendered.capture} : {}),
            },
            resolved,
          )
        : undefined;
      const [linkData, , screenshot] = await Promise.all([pinged, customPinged, shot]);
      // A data rule named like a default field replaces it (documented).
      const data: ExtractResult['data'] = {...nullSkippedFields(linkData, request.meta), ...custom};
      if (embedded) data.iframe = embedded.iframe;
      if (screenshot) data.screenshot = screenshot;
      return {
        status: 'success',
        data,
        statusCode: page.statusCode,
        redirects: page.redirects,
        headers: responseHeaders(page.headers),
        prerendered: rendered !== undefined,
      };
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
