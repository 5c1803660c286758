// The shapes of `data.insights` (docs/insights.md): types only, shared by the result (data.ts), the
// browser provider (Lighthouse's report) and the insights stage, so none of them imports another.

/** A category of a technology, as Wappalyzer names it. */
export interface TechnologyCategory {
  id: number;
  /** e.g. `web-servers`. */
  slug: string;
  /** e.g. `Web servers`. */
  name: string;
}

/** A technology the page uses (`data.insights.technologies`). */
export interface Technology {
  /** e.g. `WordPress`. */
  name: string;
  /** e.g. `wordpress`. */
  slug: string;
  /** The version the matched pattern read (`6.4`), or `null`. */
  version: string | null;
  /** 0-100: how sure the rules are (patterns add up; most say 100 alone). */
  confidence: number;
  /** The technology's own site. */
  website: string | null;
  /** The icon's file name in the Wappalyzer icon set, e.g. `WordPress.svg`. */
  icon: string;
  categories: TechnologyCategory[];
  /** One sentence about it, when the rules have one. */
  description: string | null;
  /** Its CPE name (`cpe:2.3:a:wordpress:wordpress:*:*:*:*:*:*:*:*`), when the rules have one. */
  cpe: string | null;
}

/** One Lighthouse audit's outcome (its `details` tables left out). */
export interface LighthouseAudit {
  title: string;
  /** 0-1, or `null` when the audit is informative, not applicable or failed. */
  score: number | null;
  /** `numeric`, `binary`, `informative`, `notApplicable`, `manual` or `error`. */
  scoreDisplayMode: string;
  /** The measure itself, e.g. 812.5 (milliseconds for timings). */
  numericValue?: number;
  numericUnit?: string;
  /** The measure for people, e.g. `0.8 s`. */
  displayValue?: string;
}

/** `data.insights.lighthouse`: the categories' scores and every audit's outcome. */
export interface LighthouseReport {
  lighthouseVersion: string;
  requestedUrl: string;
  finalUrl: string;
  fetchTime: string;
  /** `performance`, `accessibility`, `best-practices`, `seo`: a title and a 0-1 score each. */
  categories: Record<string, {title: string; score: number | null}>;
  /** Every audit run, by id (`first-contentful-paint`, `document-title`, …). */
  audits: Record<string, LighthouseAudit>;
  /** What Lighthouse warned about while it ran. */
  runWarnings: string[];
}

/** `data.insights`: only what was asked is there. */
export interface Insights {
  /** The technologies the page uses, most specific categories first (`insights.technologies`). */
  technologies?: Technology[];
  /**
   * The Lighthouse audit of the page: the categories' scores and every audit (`insights.lighthouse`);
   * `null` for a link to a file (an image, a PDF), which Lighthouse cannot audit.
   */
  lighthouse?: LighthouseReport | null;
}
