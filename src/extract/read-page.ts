import type {Candidates} from '../data.js';
import type {IframeResult} from '../oembed/fetch-iframe.js';
import {parseHtml} from '../parse/parse-html.js';
import type {Snapshot} from '../parse/snapshot.js';
import type {RenderedPage} from '../render/render-page.js';
import {emptyCandidates, keepMetaFields} from '../rules/meta.js';
import {documentBase} from '../rules/resolve-urls.js';
import {pickFields, rules} from '../rules/rules.js';
import {isOwnStage, settledCheck} from '../rules/settled-fields.js';
import type {Page} from '../shared/page.js';
import type {Wall} from '../walls/detect-wall.js';
import {wallSettled} from '../walls/wall-settled.js';
import type {Call} from './call.js';

/** One read of the target: the page, what the rules found in it, and the wall in front of it, if any. */
export interface View {
  page: Page;
  snapshot: Snapshot;
  candidates: Candidates;
  wall: Wall | null;
  /** The browser's page, when this read was rendered. */
  rendered?: RenderedPage;
  /** The oEmbed answer, when the view was made from it (the oEmbed rung). */
  embedded?: IframeResult;
}

/** The fields the rules find in a parsed page, those `meta` turns off emptied (with every default field off, no rule runs). */
export function pick(call: Call, snapshot: Snapshot, page: Page): Candidates {
  const {stages, config} = call;
  const found = call.anyMeta
    ? stages.resolveUrls(stages.pickFields(snapshot, page, rules, config.siteIndex), documentBase(snapshot.baseHref, page.url))
    : emptyCandidates();
  return keepMetaFields(found, call.request.meta);
}

/** The read step: parses a page and runs the rules over it. */
export function readPage(call: Call, page: Page): {snapshot: Snapshot; candidates: Candidates} {
  const snapshot = call.stages.parseHtml(page.html, page.windows);
  return {snapshot, candidates: pick(call, snapshot, page)};
}

/** The detect-wall step, after the read: any status is looked at (error pages are read for this). */
export function inspectPage(call: Call, page: Page, rendered?: RenderedPage): View {
  const {snapshot, candidates} = readPage(call, page);
  const wall = call.stages.detectWall({...page, snapshot}, call.config.wallSignatures, {generic: call.config.wallGeneric});
  return {page, snapshot, candidates, wall, ...(rendered ? {rendered} : {})};
}

/**
 * Whether a page still arriving near the deadline may be cut there: its <head> came with what the
 * fields need (a title or a description when default fields are asked), rather than ending in
 * ETIMEOUT. Custom `data` rules may select anything in the body: they force a full read (no check).
 */
export function enoughCheck(call: Call): ((html: string) => boolean) | undefined {
  if (call.request.data) return undefined;
  const href = call.url.href;
  return (html) => {
    if (!/<\/head\s*>|<body[\s>]/i.test(html)) return false;
    if (!call.anyMeta) return true;
    const {candidates} = readPage(call, {requestedUrl: href, url: href, statusCode: 200, headers: {}, contentType: 'text/html', charset: 'utf-8', html, truncated: true, redirects: []});
    return candidates.title !== null || candidates.description !== null;
  };
}

/** The early stop: once the <head> closed, the rest is not read when it cannot change the result. */
export function settledFor(call: Call): ReturnType<typeof settledCheck> {
  const {request, stages, config} = call;
  return settledCheck(request, {
    ownRules: isOwnStage(stages.parseHtml, parseHtml) && isOwnStage(stages.pickFields, pickFields),
    sites: config.siteIndex,
    wallSettled: (page, snapshot) => wallSettled({...page, snapshot}, config.wallSignatures, {generic: config.wallGeneric}),
    mayRender: request.prerender === 'auto' && typeof config.screenshotProvider?.render === 'function',
  });
}
