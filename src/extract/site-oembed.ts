import type {Deadline} from '../deadline.js';
import type {SiteOEmbedAnswer} from '../oembed/site-oembed.js';
import type {RenderedPage} from '../render/render-page.js';
import {siteFor} from '../rules/rules.js';
import {leftEmpty, wantsOEmbed} from '../rules/sites/oembed-rules.js';
import type {SiteRules} from '../rules/sites/site.js';
import type {Page} from '../shared/page.js';
import type {Call} from './call.js';
import {inspectPage, pick, type View} from './read-page.js';

/*
 * The site oEmbed step. A site's oEmbed is a source for its rules (docs/sites.md): asked alongside the
 * page for a `parallel` site, after it for the others. A failure leaves the page's own fields standing.
 */

/** `maxWidth` / `maxHeight` of the `iframe` option, as the oEmbed requests take them. */
export function sizeOf(iframe: {maxWidth: number | null; maxHeight: number | null}): {maxWidth?: number; maxHeight?: number} {
  return {...(iframe.maxWidth === null ? {} : {maxWidth: iframe.maxWidth}), ...(iframe.maxHeight === null ? {} : {maxHeight: iframe.maxHeight})};
}

/** Asks `site`'s oEmbed about `pageUrl`; `null` when it has no endpoint for it or the request failed. */
export function askSite(call: Call, site: SiteRules, pageUrl: string, headers: Record<string, string>, until: Deadline = call.deadline): Promise<SiteOEmbedAnswer | null> {
  const builder = site.oembed?.endpoint;
  let endpoint: string | null | undefined;
  try {
    endpoint = builder ? builder(pageUrl) : undefined;
  } catch {
    endpoint = null;
  }
  if (endpoint === null) return Promise.resolve(null);
  const size = call.request.iframe ? sizeOf(call.request.iframe) : {};
  // The call's deadline, when it ends, fails the page's own steps: never this request's.
  return call.stages.fetchSiteOEmbed(pageUrl, {...size, ...(endpoint === undefined ? {} : {endpoint}), headers, deadline: until}, call.config, ...call.providers).catch(() => null);
}

/** Starts the asked site's oEmbed request alongside the page, when the site asks for that (`parallel`). */
export function askAlongside(call: Call): void {
  const site = call.askedSite;
  if (!wantsOEmbed(site, call.request.meta) || !site.oembed.parallel) return;
  const {deadline} = call;
  const until = {...deadline, signal: AbortSignal.any([deadline.signal, call.returned])};
  const alongside: NonNullable<Call['alongside']> = {answer: Promise.resolve(null), came: undefined};
  alongside.answer = askSite(call, site, call.url.href, call.callerHeaders, until).then((answer) => (alongside.came = answer));
  call.alongside = alongside;
}

/** Whether a page at `pageUrl` is of the site whose oEmbed was asked alongside. */
export function ofAskedSite(call: Call, pageUrl: string): boolean {
  const siteIndex = call.config.siteIndex;
  return call.alongside !== null && siteIndex !== null && siteFor(siteIndex, pageUrl) === call.askedSite;
}

/**
 * {@link inspectPage}, with the answer asked alongside when the page is of that site: at once when
 * it came; else the page is read first, and the answer waited for only when the page left a field
 * it gives empty (a wall waits in the oEmbed rung instead).
 */
export async function inspectAlong(call: Call, page: Page, rendered?: RenderedPage): Promise<View> {
  const {alongside, askedSite} = call;
  if (alongside === null || askedSite === null || !ofAskedSite(call, page.url)) return inspectPage(call, page, rendered);
  if (alongside.came !== undefined) return inspectPage(call, alongside.came ? {...page, oembed: alongside.came.members} : page, rendered);
  const view = inspectPage(call, page, rendered);
  if (view.wall !== null || !leftEmpty(view.candidates, askedSite, call.request.meta)) return view;
  const answer = await alongside.answer;
  if (answer === null) return view;
  const withAnswer = {...page, oembed: answer.members};
  return {...view, page: withAnswer, candidates: pick(call, view.snapshot, withAnswer)};
}

/**
 * A site's oEmbed asked after the page (nothing was asked alongside): only when the page left a
 * field its answer gives empty. Its rules then read the page and the answer together (the page is
 * read again: only the rules, on the same parse).
 */
export async function askAfter(call: Call, view: View, headers: Record<string, string>): Promise<Pick<View, 'page' | 'candidates'>> {
  const siteIndex = call.config.siteIndex;
  const pageSite = siteIndex === null ? null : siteFor(siteIndex, view.page.url);
  if (!wantsOEmbed(pageSite, call.request.meta) || !leftEmpty(view.candidates, pageSite, call.request.meta)) return view;
  const answer = await askSite(call, pageSite, view.page.url, headers);
  if (answer === null) return view;
  const page = {...view.page, oembed: answer.members};
  return {page, candidates: pick(call, view.snapshot, page)};
}
