import type {Deadline} from '../deadline.js';
import {proxyCovers, proxyForRung, type ResolvedProxy} from '../fetch/proxy.js';
import {profileFor, type RequestProfile} from '../fetch/request-profiles.js';
import type {Rung} from './climb.js';
import type {Wall} from './detect-wall.js';

/** The way a page is asked for again: which request profile and which proxy. */
export interface Route {
  profile: RequestProfile | undefined;
  proxy: ResolvedProxy | null;
}

/** What the recovery ladder may do, given by the pipeline (which owns the stages). Each runs within the rung's `deadline`. */
export interface LadderMeans<V> {
  /** Ask the provider's oEmbed endpoint for the URL asked for; `null` when no provider answered. */
  oembed(deadline: Deadline): Promise<V | null>;
  /** Fetch the page again along `route`. */
  fetch(route: Route, deadline: Deadline): Promise<V>;
  /** Render the page in the guarded browser along `route`; `null` when `prerender` or the config does not allow it. */
  render: ((route: Route, deadline: Deadline) => Promise<V>) | null;
}

/** What the first attempt was, for choosing the rungs that can still help. */
export interface LadderPlan {
  url: URL;
  /** Every request profile (config ones first). */
  profiles: readonly RequestProfile[];
  /** The call's proxy (the config's, or the caller's), `null` for none. */
  proxy: ResolvedProxy | null;
  /** The first attempt was already a browser render (`prerender: true`, or `auto` rendered it). */
  rendered: boolean;
}

/**
 * The rungs that can get past `wall`, cheapest first (docs/walls.md, "Recovery"):
 * 1. `oembed`: the provider's oEmbed answer for the URL asked for (YouTube, X, TikTok… answer it
 *    without a wall);
 * 2. `profile`: a fetch with the host's `retry` request profile, when there is one;
 * 3. `browser`: the guarded browser, when allowed and not already tried (challenges whose script
 *    lets a browser through);
 * 4. `proxy`: a fetch through a `'last'` proxy that covers the host (an `'always'` one carried the
 *    first fetch already).
 * A rate limit gets only the rungs that do not ask the same host from the same address again:
 * oEmbed and the proxy.
 */
export function wallRungs<V>(wall: Wall, plan: LadderPlan, means: LadderMeans<V>): Rung<V>[] {
  const first = profileFor(plan.url, plan.profiles, 'first');
  const retry = profileFor(plan.url, plan.profiles, 'retry');
  const firstProxy = proxyForRung(plan.proxy, 'first');
  const host = plan.url.hostname;
  const sameAddress = wall.kind === 'rate-limit';
  const rungs: Rung<V>[] = [{name: 'oembed', run: (deadline) => means.oembed(deadline)}];
  if (retry && !sameAddress) rungs.push({name: 'profile', run: (deadline) => means.fetch({profile: retry, proxy: firstProxy}, deadline)});
  const render = means.render;
  if (render && !plan.rendered && !sameAddress) rungs.push({name: 'browser', run: (deadline) => render({profile: first ?? retry, proxy: firstProxy}, deadline)});
  // A proxy used 'always' already carried the first fetch (or does not cover the host): only a
  // 'last' one is a rung of its own.
  const last = plan.proxy;
  if (last?.use === 'last' && proxyCovers(last, host)) {
    rungs.push({name: 'proxy', run: (deadline) => means.fetch({profile: retry ?? first, proxy: last}, deadline)});
  }
  return rungs;
}
