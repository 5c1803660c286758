import {assertObject, invalidOption, rejectUnknownKeys} from '../option-checks.js';

/** What `insights` asks for, in its object form. */
export interface InsightsOptions {
  /** The technologies the page uses (Wappalyzer rules on the headers and HTML already fetched). @default true */
  technologies?: boolean;
  /** A Lighthouse audit of the page in the guarded browser (slow: seconds). @default false */
  lighthouse?: boolean;
}

/** The insights options of a call (part of `ExtractOptions`). */
export interface InsightsCallOptions {
  /**
   * Add `data.insights`: `true` is `{technologies: true}`; an object picks `technologies` (default
   * `true`) and `lighthouse` (default `false`). @default false
   */
  insights?: boolean | InsightsOptions;
}

/** `insights` once validated; `null` when nothing is asked. */
export interface ResolvedInsights {
  technologies: boolean;
  lighthouse: boolean;
}

const insightKeys = ['technologies', 'lighthouse'];

/** Validates a call's `insights`. @throws LinkpeekError EINVALOPTION */
export function normalizeInsights(insights: InsightsCallOptions['insights']): ResolvedInsights | null {
  if (insights === undefined || insights === false) return null;
  if (insights === true) return {technologies: true, lighthouse: false};
  assertObject(insights, 'insights');
  rejectUnknownKeys(insights, insightKeys, 'insights.');
  const flag = (key: keyof InsightsOptions, fallback: boolean): boolean => {
    const value = insights[key];
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') throw invalidOption(`insights.${key}`, 'must be a boolean', value);
    return value;
  };
  const resolved = {technologies: flag('technologies', true), lighthouse: flag('lighthouse', false)};
  return resolved.technologies || resolved.lighthouse ? resolved : null;
}
