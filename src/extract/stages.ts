import type {ResolvedConfig} from '../options.js';
import {fetchTarget} from '../fetch/fetch-page.js';
import {fetchIframe} from '../oembed/fetch-iframe.js';
import {fetchSiteOEmbed} from '../oembed/site-oembed.js';
import {parseHtml} from '../parse/parse-html.js';
import {pingUrls} from '../ping/ping.js';
import {renderPage} from '../render/render-page.js';
import {applyDataRules} from '../rules/apply-data-rules.js';
import {resolveUrls} from '../rules/resolve-urls.js';
import {pickFields} from '../rules/rules.js';
import {takePdf} from '../screenshot/take-pdf.js';
import {takeScreenshot} from '../screenshot/take-screenshot.js';
import {validateUrl} from '../url/validate-url.js';
import {detectWall} from '../walls/detect-wall.js';

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
  fetchPage: TakingResolvedConfig<typeof fetchTarget>;
  parseHtml: typeof parseHtml;
  pickFields: typeof pickFields;
  resolveUrls: typeof resolveUrls;
  pingUrls: TakingResolvedConfig<typeof pingUrls>;
  takeScreenshot: TakingResolvedConfig<typeof takeScreenshot>;
  takePdf: TakingResolvedConfig<typeof takePdf>;
  renderPage: TakingResolvedConfig<typeof renderPage>;
  fetchIframe: TakingResolvedConfig<typeof fetchIframe>;
  fetchSiteOEmbed: TakingResolvedConfig<typeof fetchSiteOEmbed>;
  applyDataRules: typeof applyDataRules;
  detectWall: typeof detectWall;
}

export const defaultStages: Stages = {
  validateUrl,
  fetchPage: fetchTarget,
  parseHtml,
  pickFields,
  resolveUrls,
  pingUrls,
  takeScreenshot,
  takePdf,
  renderPage,
  fetchIframe,
  fetchSiteOEmbed,
  applyDataRules,
  detectWall,
};
