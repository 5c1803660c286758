// The proxy options: the config's `proxy` and `allowCallerProxy`, and the per-call `proxy`. Their
// types, defaults and validation; the proxy itself is in proxy.ts and proxy-agent.ts.
import {LinkpeekError} from '../errors.js';
import {assertObject, invalidOption, rejectUnknownKeys} from '../option-checks.js';
import {normalizeProfileHosts} from './profile-options.js';
import type {ProxyUse, ResolvedProxy} from './proxy.js';

/**
 * The config's outbound proxy: a URL (`http://user:pass@proxy.internal:3128`), used for every
 * request, or an object to limit it to some hosts or to the recovery ladder's last rung.
 */
export type ProxySetting =
  | string
  | {
      /** `http:` or `https:` URL of the proxy, with its credentials if it needs them. */
      url: string;
      /** Only requests to these hosts and their subdomains go through it. @default every host */
      hosts?: string[];
      /** `'always'`: every request it covers. `'last'`: only as the recovery ladder's last rung. @default 'always' */
      use?: ProxyUse;
    };

/** The proxy options of the trusted config (part of `ExtractorConfig`). */
export interface ProxyConfigInput {
  /** An outbound HTTP(S) proxy. @default none */
  proxy?: ProxySetting;
  /**
   * Accept a proxy URL in the per-call `proxy` option (the endpoint's `proxy` parameter). Such a
   * proxy must itself pass the address policy. `proxy: false` is always accepted.
   * @default false
   */
  allowCallerProxy?: boolean;
}

/** {@link ProxyConfigInput} with defaults filled in. */
export interface ProxyConfig {
  proxy: ResolvedProxy | null;
  allowCallerProxy: boolean;
}

/** The proxy option of a call (part of `ExtractOptions`). */
export interface ProxyCallOptions {
  /**
   * A proxy URL for every request of this call (only when the config sets `allowCallerProxy`), or
   * `false` for no proxy rung: it turns off a `'last'` proxy of the config, never an `'always'`
   * one (the operator's route out, which only the config turns off). @default the config's `proxy`
   */
  proxy?: string | false;
}

const proxyKeys: readonly string[] = ['url', 'hosts', 'use'];
const proxyUses: readonly ProxyUse[] = ['always', 'last'];

/** Validates the config's `proxy` and `allowCallerProxy`. @throws LinkpeekError EINVALOPTION */
export function normalizeProxyConfig(config: ProxyConfigInput): ProxyConfig {
  const {proxy, allowCallerProxy} = config;
  if (allowCallerProxy !== undefined && typeof allowCallerProxy !== 'boolean') {
    throw invalidOption('allowCallerProxy', 'must be a boolean', allowCallerProxy);
  }
  return {proxy: proxy === undefined ? null : configProxy(proxy), allowCallerProxy: allowCallerProxy ?? false};
}

function configProxy(value: ProxySetting): ResolvedProxy {
  if (typeof value === 'string') return {url: proxyUrl(value, 'proxy'), hosts: null, use: 'always', fromCaller: false};
  assertObject(value, 'proxy');
  rejectUnknownKeys(value, proxyKeys, 'proxy.');
  if (value.use !== undefined && !proxyUses.includes(value.use)) throw invalidOption('proxy.use', "must be 'always' or 'last'", value.use);
  return {
    url: proxyUrl(value.url, 'proxy.url'),
    hosts: value.hosts === undefined ? null : normalizeProfileHosts(value.hosts, 'proxy.hosts'),
    use: value.use ?? 'always',
    fromCaller: false,
  };
}

/**
 * The proxy of one call: the config's unless the call says otherwise. `proxy: false` turns off a
 * `'last'` one (the ladder's extra rung), not an `'always'` one: where the operator's requests
 * leave from is the operator's to decide. A URL replaces it for every request of the call (used `'always'`, on every host), only when
 * the config sets `allowCallerProxy`.
 * @throws LinkpeekError EINVALOPTION (not a proxy URL, or not allowed by the config)
 */
export function normalizeCallProxy(value: unknown, config: ProxyConfig): ResolvedProxy | null {
  if (value === undefined) return config.proxy;
  if (value === false) return config.proxy?.use === 'always' ? config.proxy : null;
  if (typeof value !== 'string') throw invalidOption('proxy', 'must be a proxy URL or false');
  if (!config.allowCallerProxy) {
    throw new LinkpeekError('EINVALOPTION', 'Option `proxy` takes a URL only when the config sets `allowCallerProxy: true`.', {
      data: {proxy: 'is not allowed by the config'},
    });
  }
  return {url: proxyUrl(value, 'proxy'), hosts: null, use: 'always', fromCaller: true};
}

// A proxy URL may carry credentials: errors name the option, never echo the value.
function proxyUrl(value: unknown, name: string): URL {
  if (typeof value !== 'string') throw invalidOption(name, 'must be an http: or https: proxy URL');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidOption(name, 'must be an http: or https: proxy URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalidOption(name, `must be an http: or https: proxy URL (\`${url.protocol}\` proxies are not supported)`);
  }
  if (url.hostname === '' || (url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '') {
    throw invalidOption(name, 'must be a proxy URL without a path, query or fragment, e.g. `http://proxy.internal:3128`');
  }
  return url;
}
