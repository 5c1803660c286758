import type {BrowserConfig} from '../browser/options.js';
import {invalidOption} from '../option-checks.js';

/** The render options of the trusted config (part of `ExtractorConfig`). */
export interface RenderConfigInput {
  /**
   * Hosts known to need rendering: under `prerender: 'auto'` they are always rendered. An entry
   * matches that host and its subdomains (`example.com` matches `app.example.com`).
   * @default []
   */
  prerenderHosts?: string[];
}

/** What rendering reads from the config (the browser's part too), defaults filled in. */
export interface RenderConfig extends BrowserConfig {
  /** Lowercase host names, without a leading dot. */
  prerenderHosts: string[];
}

/** The render option of a call (part of `ExtractOptions`). */
export interface RenderCallOptions {
  /**
   * Read the page a browser sees, after its scripts ran. `false`: the HTML the server sends, never a
   * browser. `true`: always render (ENOBROWSER without a browser). `'auto'`: fetch statically and
   * render only when the result looks client-rendered or the host is in `prerenderHosts`, and only
   * when the config's `screenshotProvider` can render.
   * @default 'auto'
   */
  prerender?: boolean | 'auto';
}

/** Defaults of {@link RenderConfigInput}. */
export const defaultRenderConfig = {prerenderHosts: []} as const;

/** Validates the render options of the config and fills their defaults. @throws LinkpeekError EINVALOPTION */
export function normalizeRenderConfig(config: RenderConfigInput): Omit<RenderConfig, keyof BrowserConfig> {
  return {prerenderHosts: normalizeHosts(config.prerenderHosts)};
}

/** Validates a call's `prerender`. @throws LinkpeekError EINVALOPTION */
export function normalizePrerender(prerender: RenderCallOptions['prerender']): boolean | 'auto' {
  if (prerender !== undefined && prerender !== true && prerender !== false && prerender !== 'auto') {
    throw invalidOption('prerender', "must be true, false or 'auto'", prerender);
  }
  return prerender ?? 'auto';
}

function normalizeHosts(hosts: RenderConfigInput['prerenderHosts']): string[] {
  if (hosts === undefined) return [];
  if (!Array.isArray(hosts) || hosts.some((host) => typeof host !== 'string' || host.trim() === '')) {
    throw invalidOption('prerenderHosts', 'must be an array of host names', hosts);
  }
  return hosts.map((host) => host.trim().toLowerCase().replace(/^\*?\./, ''));
}
