import type {DataRules, ResolvedDataRules} from './data-rules.js';
import {normalizeDataRules} from './data-rules.js';
import {type MetaField, type MetaOptions, normalizeMeta} from './meta.js';
import {checkSites} from './sites/check-sites.js';
import {defaultSiteIndex, withSites} from './sites/index.js';
import type {SiteIndex} from './sites/site-index.js';
import type {SiteRules} from './sites/site.js';

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

/** The rules options of the trusted config (part of `ExtractorConfig`). */
export interface RulesConfigInput {
  /**
   * Site rules of your own (docs/sites.md), added to the default sites: one with the `id` of a
   * default replaces it, and yours take a host from a default. `false` runs the general rules alone,
   * on every page.
   * @default [] (the default sites, `defaultSites`)
   */
  sites?: readonly SiteRules[] | false;
}

/** The rules config resolved: the sites by host, made once per extractor; `null` for none. */
export interface RulesConfig {
  siteIndex: SiteIndex | null;
}

/** Validates `sites` and indexes them with the defaults. @throws LinkpeekError EINVALOPTION naming `sites[i]...` */
export function normalizeRulesConfig(config: RulesConfigInput): RulesConfig {
  const {sites} = config;
  if (sites === undefined) return {siteIndex: defaultSiteIndex};
  if (sites === false) return {siteIndex: null};
  const own = checkSites(sites, 'sites');
  return {siteIndex: own.length === 0 ? defaultSiteIndex : withSites(...own)};
}
