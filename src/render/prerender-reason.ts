import type {Candidates} from '../data.js';
import type {RenderConfig} from './options.js';
import {looksClientRendered} from './looks-client-rendered.js';

/**
 * Under `prerender: 'auto'`, why a statically fetched page should be rendered, or `null`: its host
 * is in `config.prerenderHosts` (`'host'`), or it looks client-rendered (see
 * {@link looksClientRendered}). Never a reason when the config has no provider that can render:
 * 'auto' then quietly keeps the static result.
 */
export function prerenderReason(
  page: {url: string; html: string},
  candidates: Pick<Candidates, 'title' | 'description' | 'image'>,
  config: Pick<RenderConfig, 'screenshotProvider' | 'prerenderHosts'>,
): string | null {
  if (typeof config.screenshotProvider?.render !== 'function') return null;
  if (matchesHost(new URL(page.url).hostname, config.prerenderHosts)) return 'host';
  return looksClientRendered(page.html, candidates);
}

/** `hostname` is one of `hosts` or a subdomain of one. */
export function matchesHost(hostname: string, hosts: readonly string[]): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return hosts.some((host) => name === host || name.endsWith(`.${host}`));
}
