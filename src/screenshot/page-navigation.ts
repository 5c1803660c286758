import type {Deadline} from '../deadline.js';
import type {ScreenshotConfig} from './options.js';
import type {Emulation, NavigationRequest, PageSetup} from '../browser/provider.js';
import {pageBlocker} from '../browser/adblock.js';
import {createPageGuard} from '../browser/resource-fetcher.js';

/** What the screenshot stage's browser work (shot, PDF, video) shares from the call. */
export interface PageNavigationRequest {
  /** Caller headers for the target (spec rule 9); sent to the page's own origin only. */
  headers: Record<string, string>;
  deadline: Deadline;
  emulation?: Emulation;
  setup?: PageSetup;
}

/** A {@link NavigationRequest} without its waits, which each kind of work takes from its own options. */
export type GuardedNavigation = Omit<NavigationRequest, 'waitUntil' | 'waitForSelector' | 'waitForTimeout'>;

/**
 * The part of a provider request every page of the screenshot stage has: every request guarded by
 * the extractor's address policy, the ad blocker (loaded here, before the browser is asked), the
 * emulation and setup, and the call's deadline. It is a function so that the time left is read when
 * the provider is ready (a browser launch may have taken some).
 */
export async function guardedNavigation(pageUrl: string, request: PageNavigationRequest, config: ScreenshotConfig): Promise<() => GuardedNavigation> {
  const {deadline} = request;
  const blocker = await pageBlocker(request.setup?.adblock ?? true, config.adblockFilters);
  return () => ({
    ...createPageGuard(pageUrl, request.headers, deadline, config),
    ...(blocker ? {blocker} : {}),
    ...(request.emulation ? {emulation: request.emulation} : {}),
    ...(request.setup ? {setup: request.setup} : {}),
    timeout: Math.max(1, deadline.remaining()),
    signal: deadline.signal,
  });
}
