// An outbound HTTP(S) proxy for the fetch stage: which requests go through it, and the address
// check a proxied request needs first (the connect-time check only sees the proxy's address).
import type {Deadline} from '../deadline.js';
import {resolveAllowedAddresses, type GuardConfig} from '../url/address-guard.js';
import {hostMatches} from './request-profiles.js';

/** When a configured proxy is used. */
export type ProxyUse = 'always' | 'last';

/** A proxy once validated (config `proxy`, or a caller's per-call `proxy`). */
export interface ResolvedProxy {
  /** `http:` or `https:`, host and port, and the proxy's own credentials if it needs them (never shown). */
  url: URL;
  /** Only requests to these hosts (and their subdomains) go through it; `null`: every request. */
  hosts: string[] | null;
  /** `'always'`: from the first request on. `'last'`: only as the recovery ladder's last rung. */
  use: ProxyUse;
  /**
   * A proxy a caller named (per-call `proxy`), not the operator: its own address must pass the
   * address policy like any target. The config's proxy is trusted (it may sit on loopback or a
   * private network).
   */
  fromCaller: boolean;
}

/** The proxy's `host:port`, for messages: never its credentials. */
export function proxyName(proxy: ResolvedProxy): string {
  return proxy.url.host;
}

/** True when a request to `hostname` goes through `proxy` (its `hosts`, or every host). */
export function proxyCovers(proxy: ResolvedProxy, hostname: string): boolean {
  return proxy.hosts === null || hostMatches(hostname, proxy.hosts);
}

/**
 * The proxy a request of a given rung uses: on the first fetch (`'first'`) only a proxy used
 * `'always'`; on the recovery ladder's last rung (`'last'`) any proxy. `null` for none.
 */
export function proxyForRung(proxy: ResolvedProxy | null | undefined, rung: 'first' | 'last'): ResolvedProxy | null {
  if (!proxy) return null;
  return rung === 'last' || proxy.use === 'always' ? proxy : null;
}

/**
 * Checks a target before it is asked of a proxy: its host is resolved with `config.dnsLookup` and
 * every address must pass `config.allowAddress` (an IP literal is checked as it is, a loopback
 * name by name). The proxy resolves the name again on its own: what it connects to is not checked
 * here (see docs/security.md, "Through a proxy").
 * @throws LinkpeekError EFORBIDDENURL (an address is refused), EFETCH (the name does not resolve),
 *   or the deadline's reason when it ends first
 */
export async function assertProxiedTargetAllowed(url: URL, deadline: Deadline, config: GuardConfig): Promise<void> {
  if (deadline.signal.aborted) throw deadline.signal.reason;
  const check = resolveAllowedAddresses(url.hostname, config);
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(deadline.signal.reason);
    deadline.signal.addEventListener('abort', onAbort, {once: true});
  });
  // A lookup that hangs must not outlive the call's budget.
  aborted.catch(() => {});
  check.catch(() => {});
  try {
    await Promise.race([check, aborted]);
  } finally {
    if (onAbort) deadline.signal.removeEventListener('abort', onAbort);
  }
}
