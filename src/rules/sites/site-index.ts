import {getPublicSuffix} from 'tldts';
import type {SiteRules} from './site.js';

/**
 * The sites by host, looked up once per page: a page of no listed site costs a few map lookups (one
 * per label of its host), and no public-suffix parse unless a `name.*` entry matched a label.
 */
export interface SiteIndex {
  /** By domain (`youtube.com`): the host and each of its parent domains are looked up. */
  domains: ReadonlyMap<string, SiteRules>;
  /** By the name of a `name.*` entry (`amazon`). */
  names: ReadonlyMap<string, SiteRules>;
  /** The sites, in the order given. */
  sites: readonly SiteRules[];
}

/** An index of `sites`; a later site takes a host from an earlier one (a user's own site over a default). */
export function siteIndex(sites: readonly SiteRules[]): SiteIndex {
  const domains = new Map<string, SiteRules>();
  const names = new Map<string, SiteRules>();
  for (const site of sites) {
    for (const host of site.hosts) {
      const key = host.toLowerCase();
      if (key.endsWith('.*')) names.set(key.slice(0, -2), site);
      else domains.set(key, site);
    }
  }
  return {domains, names, sites};
}

/** The lowercase host of an absolute URL, read without a URL parse (`https://u:p@WWW.X.com:8/a` → `www.x.com`). */
export function hostOf(url: string): string {
  const scheme = url.indexOf('://');
  if (scheme === -1) return '';
  let start = scheme + 3;
  let end = start;
  while (end < url.length) {
    const code = url.charCodeAt(end);
    // '/', '?', '#' end the authority.
    if (code === 47 || code === 63 || code === 35) break;
    // '@' ends the user info: the host starts after it.
    if (code === 64) start = end + 1;
    end++;
  }
  let host = url.slice(start, end);
  const port = host.lastIndexOf(':');
  if (port !== -1 && !host.endsWith(']')) host = host.slice(0, port);
  if (host.endsWith('.')) host = host.slice(0, -1);
  return host.toLowerCase();
}

/** The site whose rules apply to a page at `url`, or `null`. */
export function siteFor(index: SiteIndex, url: string): SiteRules | null {
  const host = hostOf(url);
  if (host === '') return null;
  let from = 0;
  for (;;) {
    const found = index.domains.get(from === 0 ? host : host.slice(from));
    if (found !== undefined) return found;
    if (index.names.size !== 0) {
      const dot = host.indexOf('.', from);
      if (dot === -1) return null;
      const named = index.names.get(host.slice(from, dot));
      // `amazon.*` covers amazon.<public suffix> only: not amazon.example.com.
      if (named !== undefined && getPublicSuffix(host) === host.slice(dot + 1)) return named;
      from = dot + 1;
    } else {
      const dot = host.indexOf('.', from);
      if (dot === -1) return null;
      from = dot + 1;
    }
  }
}
