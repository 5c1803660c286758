import type {Deadline} from '../deadline.js';
import {isLinkpeekError} from '../errors.js';
import {asPage, type FileResponse} from '../fetch/fetch-page.js';
import {proxyForRung} from '../fetch/proxy.js';
import {profileFor} from '../fetch/request-profiles.js';
import {retryStatuses, withRetries} from '../fetch/retry.js';
import type {ResolvedWait} from '../options.js';
import {prerenderReason} from '../render/prerender-reason.js';
import type {Page} from '../shared/page.js';
import type {Route} from '../walls/ladder.js';
import type {Call} from './call.js';
import {enoughCheck, settledFor, type View} from './read-page.js';
import {inspectAlong} from './site-oembed.js';

/*
 * The fetch step: the target asked for along a route (a request profile and a proxy), by a plain
 * fetch or in the browser, then read and looked at for a wall. The wall ladder asks again through
 * the same functions.
 */

/** Fetches the target along `route` within `until` (the call's deadline, or a wall rung's share of it): a page or a file. */
export function fetchTarget(call: Call, route: Route, until: Deadline = call.deadline): Promise<Page | FileResponse> {
  // The cut checks are made once per call, at its first fetch.
  const {enough, settled} = (call.cuts ??= {enough: enoughCheck(call), settled: settledFor(call)});
  return call.stages.fetchPage(
    call.url,
    {headers: call.callerHeaders, deadline: until, ...route, errorPages: true, ...(enough ? {enough} : {}), ...(settled ? {settled} : {})},
    call.config,
  );
}

/** Fetches the target along `route`, then reads it and looks for a wall (a file is read as a page: the rungs only want pages). */
export async function fetchView(call: Call, route: Route, until: Deadline = call.deadline): Promise<View> {
  return inspectAlong(call, asPage(await fetchTarget(call, route, until)));
}

/** Renders the target in the guarded browser along `route`, then reads it and looks for a wall. */
export async function renderView(call: Call, route: Route, wait: ResolvedWait = call.request.wait, until: Deadline = call.deadline): Promise<View> {
  const {request} = call;
  const page = await call.stages.renderPage(
    call.url,
    {headers: call.callerHeaders, deadline: until, wait, emulation: request.emulation, setup: request.page, screenshot: request.screenshot, ...route, errorPages: true},
    call.config,
  );
  return inspectAlong(call, page, page);
}

/** The route of the first attempt: the host's `first` request profile and the call's `always` proxy. */
export function firstRoute(call: Call): Route {
  return {profile: profileFor(call.url, call.config.requestProfiles, 'first'), proxy: proxyForRung(call.request.proxy, 'first')};
}

/**
 * The first read of the target: fetched (or rendered with `prerender: true`; what the browser would
 * not show as a page is fetched), read and looked at for a wall. A file (an image, a PDF, a feed…)
 * comes back as it is, for the files stage. A failure another try may fix (a reset connection, a
 * 503 page that is no wall) is tried again `retry` times, with backoff, within the deadline; the
 * last answer stands.
 */
export async function readFirst(call: Call): Promise<View | FileResponse> {
  const {request, deadline} = call;
  const route = firstRoute(call);
  const once = async (): Promise<View | FileResponse> => {
    const read =
      request.prerender === true
        ? await renderView(call, route).catch((error: unknown) => (isLinkpeekError(error) && error.code === 'ENOTHTML' ? fetchTarget(call, route) : Promise.reject(error)))
        : await fetchTarget(call, route);
    if ('kind' in read && read.kind === 'file') return read;
    return 'snapshot' in read ? read : await inspectAlong(call, read);
  };
  const {value} = await withRetries(request.retry, deadline, once, (read) => 'snapshot' in read && read.wall === null && retryStatuses.has(read.page.statusCode));
  return value;
}

/** Whether the first read is a file, for the files stage. */
export function isFile(read: View | FileResponse): read is FileResponse {
  return 'kind' in read && read.kind === 'file';
}

const autoFallbackCodes: ReadonlySet<string> = new Set(['ENOBROWSER', 'ERENDER', 'EFORBIDDENURL']);

/**
 * `prerender: 'auto'`: the page is read again in the browser when the static read shows it needs
 * scripts (render/prerender-reason.ts). With `javascript: false` a browser would read the page as
 * served: the static read already is that. Best effort: a browser that cannot start or render, a
 * page whose scripts reach for a refused address (the page itself passed the policy), or a render
 * that met a wall (the page's scripts put it up) leaves the static result standing.
 */
export async function renderIfNeeded(call: Call, view: View): Promise<View> {
  const {request} = call;
  if (request.prerender !== 'auto' || !request.page.javascript || view.wall !== null || prerenderReason(view.page, view.candidates, call.config) === null) return view;
  const seen = await renderView(call, firstRoute(call)).catch((error: unknown) => {
    if (isLinkpeekError(error) && autoFallbackCodes.has(error.code)) return undefined;
    throw error;
  });
  return seen && seen.wall === null ? seen : view;
}
