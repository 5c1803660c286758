import type {Deadline} from '../deadline.js';
import {LinkpeekError} from '../errors.js';
import type {LighthouseReport} from '../browser/provider.js';
import type {BrowserConfig} from '../browser/options.js';
import {createPageGuard} from '../browser/resource-fetcher.js';
import {useProvider} from '../browser/use-provider.js';

/**
 * Audits `pageUrl` with Lighthouse on the config's browser provider (a one-off Chromium without
 * one), within the call's deadline, every request of the page going through the address policy.
 * @throws LinkpeekError EMISSINGDEP (lighthouse), ENOBROWSER (a provider that cannot audit),
 *   ETIMEOUT, EFORBIDDENURL, ERENDER
 */
export function runLighthouse(pageUrl: string, headers: Record<string, string>, deadline: Deadline, config: BrowserConfig): Promise<LighthouseReport> {
  return useProvider(config, deadline, pageUrl, {code: 'ERENDER', message: 'Lighthouse could not audit the page.'}, (provider) => {
    if (typeof provider.audit !== 'function') {
      throw new LinkpeekError('ENOBROWSER', 'The screenshot provider cannot run Lighthouse (it has no `audit`): `insights.lighthouse` needs one that has.', {url: pageUrl});
    }
    return provider.audit({...createPageGuard(pageUrl, headers, deadline, config), timeout: Math.max(1, deadline.remaining()), signal: deadline.signal});
  });
}
