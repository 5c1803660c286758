import type {DataRules, ResolvedDataRules} from './data-rules.js';
import {normalizeDataRules} from './data-rules.js';
import {type MetaField, type MetaOptions, normalizeMeta} from './meta.js';

/** The rules options of a call (part of `ExtractOptions`): which fields to compute, and custom ones. */
export interface RulesCallOptions {
  /**
   * The default fields to compute: `false` skips them all (only `data` rules, `iframe` and
   * `screenshot` are computed), `{ logo: false }` skips one, `{ title: true, image: true }` keeps only
   * those. A skipped field is `null`.
   * @default true
   */
  meta?: MetaOptions;
  /**
   * Custom extraction rules: each named rule (CSS `selector` or `selectorAll`, `attr`, `type`,
   * nested rules in `attr`, or a list of fallbacks) adds `data.<name>`. A name of a default field
   * replaces that field.
   * @example { price: { selector: '.price', type: 'number' } }
   */
  data?: DataRules;
}

/** A call's rules options resolved: every field on or off; `data` `null` when no rule was given. */
export interface ResolvedRulesOptions {
  meta: Record<MetaField, boolean>;
  data: ResolvedDataRules | null;
}

/** Validates a call's `meta` and `data`. @throws LinkpeekError EINVALOPTION */
export function normalizeRulesOptions(options: RulesCallOptions): ResolvedRulesOptions {
  return {meta: normalizeMeta(options.meta), data: options.data === undefined ? null : normalizeDataRules(options.data)};
}
