import type {FetchConfig} from '../fetch/options.js';
import {assertObject, boundedNumber, invalidOption, rejectUnknownKeys} from '../option-checks.js';
import type {OEmbedProvider} from './registry.js';

/** The oEmbed options of the trusted config (part of `ExtractorConfig`). */
export interface OEmbedConfigInput {
  /**
   * oEmbed providers for `iframe` when the page has no discovery link, first match wins. To add
   * your own, pass `[...mine, ...bundledProviders()]`.
   * @default the bundled registry (oembed-providers)
   */
  oembedProviders?: readonly OEmbedProvider[];
}

/** What the oEmbed requests read from the config (the transport's part too), defaults filled in. */
export interface OEmbedConfig extends FetchConfig {
  /** Milliseconds one oEmbed request may take: the config's `pingTimeout` (validated with ping's options). */
  pingTimeout: number;
  /** `null`: the bundled registry, loaded on first use. */
  oembedProviders: readonly OEmbedProvider[] | null;
}

/** The `iframe` object form: the size the provider is asked to fit its markup into. */
export interface IframeOptions {
  /** Maximum width in pixels, forwarded to the provider as `maxwidth`. */
  maxWidth?: number;
  /** Maximum height in pixels, forwarded to the provider as `maxheight`. */
  maxHeight?: number;
}

/** The iframe option of a call (part of `ExtractOptions`). */
export interface OEmbedCallOptions {
  /**
   * Add `data.iframe`: the provider's embeddable player or widget, through oEmbed (discovered on
   * the page, else from the bundled provider registry). An object forwards `maxWidth`/`maxHeight`.
   * @default false
   */
  iframe?: boolean | IframeOptions;
}

/** A call's `iframe` resolved: `null` when off. */
export type ResolvedIframe = {maxWidth: number | null; maxHeight: number | null} | null;

/** Validates the oEmbed options of the config. @throws LinkpeekError EINVALOPTION */
export function normalizeOEmbedConfig(config: OEmbedConfigInput): Pick<OEmbedConfig, 'oembedProviders'> {
  return {oembedProviders: normalizeProviders(config.oembedProviders)};
}

/** Validates a call's `iframe`. @throws LinkpeekError EINVALOPTION */
export function normalizeIframe(iframe: OEmbedCallOptions['iframe']): ResolvedIframe {
  if (iframe === undefined || iframe === false) return null;
  if (iframe === true) return {maxWidth: null, maxHeight: null};
  assertObject(iframe, 'iframe');
  rejectUnknownKeys(iframe, ['maxWidth', 'maxHeight'], 'iframe.');
  const size = (key: 'maxWidth' | 'maxHeight') =>
    iframe[key] === undefined ? null : boundedNumber(iframe[key], `iframe.${key}`, 1, 8192, 1);
  return {maxWidth: size('maxWidth'), maxHeight: size('maxHeight')};
}

function normalizeProviders(providers: OEmbedConfigInput['oembedProviders']): readonly OEmbedProvider[] | null {
  if (providers === undefined) return null;
  if (!Array.isArray(providers) || providers.some((provider) => typeof provider !== 'object' || provider === null || !Array.isArray(provider.endpoints))) {
    throw invalidOption('oembedProviders', 'must be an array of providers, each with `endpoints`');
  }
  return providers;
}
