import type {Candidates, ExtractResult, Recovery} from './data.js';
import type {Page} from './shared/page.js';
import {createDeadline, type Deadline} from './deadline.js';
import {LinkpeekError, isLinkpeekError, toLinkpeekError, withUrl} from './errors.js';
import {asPage, checkStatus, type FileResponse, fetchTarget} from './fetch/fetch-page.js';
import {fileResult} from './files/file-result.js';
import {proxyForRung} from './fetch/proxy.js';
import {retryStatuses, withRetries} from './fetch/retry.js';
import {profileFor} from './fetch/request-profiles.js';
import {headersAfterRedirects} from './fetch/http-client.js';
import {responseHeaders} from './fetch/response-headers.js';
import {normalizeConfig, normalizeOptions, type ExtractOptions, type ExtractorConfig, type ResolvedConfig} from './options.js';
import {parseHtml} from './parse/parse-html.js';
import {addPalettes} from './palette/add-palettes.js';
import {runInsights} from './insights/run-insights.js';
import {addFileInsights} from './insights/file-insights.js';
import {fetchIframe, type IframeResult} from './oembed/fetch-iframe.js';
import {readOEmbed} from './oembed/parse-oembed.js';
import {fetchSiteOEmbed, type SiteOEmbedAnswer} from './oembed/site-oembed.js';
import type {Snapshot} from './parse/snapshot.js';
import {type PingRequest, pingMedia, pingUrls} from './ping/ping.js';
import {applyDataRules, type DataValues, mediaPaths} from './rules/apply-data-rules.js';
import type {ResolvedDataRules} from './rules/data-rules.js';
import {emptyCandidates, fillEmptyFields, keepMetaFields, nullSkippedFields} from './rules/meta.js';
import {prerenderReason} from './render/prerender-reason.js';
import {type RenderedPage, renderPage} from './render/render-page.js';
import {documentBase, resolveUrls} from './rules/resolve-urls.js';
import {isOwnStage, settledCheck} from './rules/settled-fields.js';
import {pickFields, rules, siteFor} from './rules/rules.js';
import {leftEmpty, wantsOEmbed} from './rules/sites/oembed-rules.js';
import type {SiteRules} from './rules/sites/site.js';
import {takeScreenshot} from './screenshot/take-screenshot.js';
import {takePdf} from './screenshot/take-pdf.js';
import {codePage} from './screenshot/code-page.js';
import {splitCredentials} from './url/credentials.js';
import {validateUrl} from './url/validate-url.js';
import {climb} from './walls/climb.js';
import {detectWall, type Wall} from './walls/detect-wall.js';
import {type Route, wallRungs} from './walls/ladder.js';
import {wallError} from './walls/wall-error.js';
import {wallSettled} from './walls/wall-settled.js';

/**
 * A stage's type with its config slice (`FetchConfig`, `PingConfig`, …: every slice holds the address
 * policy) widened to the whole ResolvedConfig, which the pipeline passes: an override may read any option.
 */
type TakingResolvedConfig<F> = F extends (...args: infer A) => infer R
  ? (...args: {[K in keyof A]: 'allowAddress' extends keyof A[K] ? ResolvedConfig : A[K]}) => R
  : never;

/** The stages of the pipeline; any of them can be replaced through `createExtractor({ stages })`. */
export interface Stages {
  validateUrl: typeof validateUrl;
  fetchPage: TakingResolvedConfig<typeof fetchTarget>;
  parseHtml: typeof parseHtml;
  pickFields: typeof pickFields;
  resolveUrls: typeof resolveUrls;
  pingUrls: TakingResolvedConfig<typeof pingUrls>;
  takeScreenshot: TakingResolvedConfig<typeof takeScreenshot>;
  takePdf: TakingResolvedConfig<typeof takePdf>;
  renderPage: TakingResolvedConfig<typeof renderPage>;
  fetchIframe: TakingResolvedConfig<typeof fetchIframe>;
  fetchSiteOEmbed: TakingResolvedConfig<typeof fetchSiteOEmbed>;
  applyDataRules: typeof applyDataRules;
  detectWall: typeof detectWall;
}

export const defaultStages: Stages = {
  validateUrl,
  fetchPage: fetchTarget,
  parseHtml,
  pickFields,
  resolveUrls,
  pingUrls,
  takeScreenshot,
  takePdf,
  renderPage,
  fetchIframe,
  fetchSiteOEmbed,
  applyDataRules,
  detectWall,
};

/** One read of the target: the page, what the rules found in it, and the wall in front of it, if any. */
interface View {
  page: Page;
  snapshot: Snapshot;
  candidates: Candidates;
  wall: Wall | null;
  /** The browser's page, when this read was rendered. */
  rendered?: RenderedPage;
  /** The oEmbed answer, when the view was made from it (the oEmbed rung). */
  embedded?: IframeResult;
}

function sizeOf(iframe: {maxWidth: number | null; maxHeight: number | null}): {maxWidth?: number; maxHeight?: number} {
  return {...(iframe.maxWidth === null ? {} : {maxWidth: iframe.maxWidth}), ...(iframe.maxHeight === null ? {} : {maxHeight: iframe.maxHeight})};
}

const autoFallbackCodes: ReadonlySet<string> = new Set(['ENOBROWSER', 'ERENDER', 'EFORBIDDENURL']);

/** Extracts link data from `input`. */
export type Extract = (input: string | URL, options?: ExtractOptions) => Promise<ExtractResult>;

/** Trusted config for {@link createExtractor}, plus stage overrides. */
export interface CreateExtractorConfig extends ExtractorConfig {
  /** Replace pipeline stages, e.g. `{ fetchPage: myFetch }`. */
  stages?: Partial<Stages>;
}

/**
 * Builds an `extract()` bound to one trusted configuration.
 * @throws LinkpeekError EINVALOPTION when the config is invalid.
 */
export function createExtractor(config: CreateExtractorConfig = {}): Extract {
  const {stages: overrides = {}, ...rest} = config;
  const resolved = normalizeConfig(rest);
  for (const [name, stage] of Object.entries(overrides)) {
    if (!(name in defaultStages) || typeof stage !== 'function') {
      throw new LinkpeekError('EINVALOPTION', `Option \`stages.${name}\` must be a known stage function.`);
    }
  }
  const stages: Stages = {...defaultStages, ...overrides};
  // The bundled oEmbed registry is the stage's own default: only a configured list is passed.
  const providers = resolved.oembedProviders ? ([resolved.oembedProviders] as const) : ([] as const);

  /** Replaces each media value of the data rules, in place, with what ping found (or `null`). */
  const describeDataMedia = async (values: DataValues, rules: ResolvedDataRules, request: PingRequest): Promise<void> => {
    const found = mediaPaths(values, rules);
    if (found.length === 0) return;
    const described = await pingMedia(found.map(({media, kind}) => ({url: media.url, kind})), request, resolved);
    found.forEach(({set}, index) => set(described[index] ?? null));
  };

  return async function extract(input, options = {}) {
    // Every error names the URL asked for (ETIMEOUT and option errors too), as the endpoint's body does.
    const asked = askedUrl(input);
    const named = (error: unknown) => (asked ? withUrl(toLinkpeekError(error), asked) : toLinkpeekError(error));
    let request: ReturnType<typeof normalizeOptions>;
    try {
      request = normalizeOptions(options, resolved);
    } catch (error) {
      throw named(error);
    }
    const deadline = createDeadline(request.timeout, request.signal);
    // Ends what was started alongside and is no longer awaited (a site's oEmbed request) when the call returns.
    const returned = new AbortController();
    try {
      // Credentials in the URL become an authorization header for the caller's headers, which
      // only ever go to the page's own origin; from here on no URL carries them.
      const {url, authorization} = splitCredentials(stages.validateUrl(input, resolved.allowAddress));
      const callerHeaders =
        authorization && request.headers.authorization === undefined ? {...request.headers, authorization} : request.headers;
      const anyMeta = Object.values(request.meta).some(Boolean);
      const pick = (snapshot: Snapshot, page: Page) => {
        // With every default field off, the field rules are not run at all.
        const found = anyMeta
          ? stages.resolveUrls(stages.pickFields(snapshot, page, rules, resolved.siteIndex), documentBase(snapshot.baseHref, page.url))
          : emptyCandidates();
        return keepMetaFields(found, request.meta);
      };
      const read = (page: Page) => {
        const snapshot = stages.parseHtml(page.html, page.windows);
        return {snapshot, candidates: pick(snapshot, page)};
      };
      // A site's oEmbed is a source for its rules (docs/sites.md): asked alongside the page for a
      // `parallel` site, after it for the others. A failure leaves the page's own fields standing.
      const siteIndex = resolved.siteIndex;
      const askSite = (site: SiteRules, pageUrl: string, headers: Record<string, string>, until: Deadline = deadline): Promise<SiteOEmbedAnswer | null> => {
        const builder = site.oembed?.endpoint;
        let endpoint: string | null | undefined;
        try {
          endpoint = builder ? builder(pageUrl) : undefined;
        } catch {
          endpoint = null;
        }
        if (endpoint === null) return Promise.resolve(null);
        const size = request.iframe ? sizeOf(request.iframe) : {};
        // The call's deadline, when it ends, fails the page's own steps: never this request's.
        return stages.fetchSiteOEmbed(pageUrl, {...size, ...(endpoint === undefined ? {} : {endpoint}), headers, deadline: until}, resolved, ...providers).catch(() => null);
      };
      const askedSite = siteIndex === null ? null : siteFor(siteIndex, url.href);
      // `undefined` while the answer asked alongside is on its way.
      let alongsideAnswer: SiteOEmbedAnswer | null | undefined;
      const alongside =
        wantsOEmbed(askedSite, request.meta) && askedSite.oembed.parallel
          ? askSite(askedSite, url.href, callerHeaders, {...deadline, signal: AbortSignal.any([deadline.signal, returned.signal])}).then((answer) => (alongsideAnswer = answer))
          : null;
      /** Whether a page at `pageUrl` is of the site whose oEmbed was asked alongside. */
      const ofAskedSite = (pageUrl: string) => alongside !== null && siteIndex !== null && siteFor(siteIndex, pageUrl) === askedSite;
      /**
       * {@link inspect}, with the answer asked alongside when the page is of that site: at once when it
       * came; else the page is read first, and the answer waited for only when the page left a field
       * it gives empty (a wall waits in the oEmbed rung instead).
       */
      const inspectAlong = async (page: Page, rendered?: RenderedPage): Promise<View> => {
        if (alongside === null || askedSite === null || !ofAskedSite(page.url)) return inspect(page, rendered);
        if (alongsideAnswer !== undefined) return inspect(alongsideAnswer ? {...page, oembed: alongsideAnswer.members} : page, rendered);
        const view = inspect(page, rendered);
        if (view.wall !== null || !leftEmpty(view.candidates, askedSite, request.meta)) return view;
        const answer = await alongside;
        if (answer === null) return view;
        const withAnswer = {...page, oembed: answer.members};
        return {...view, page: withAnswer, candidates: pick(view.snapshot, withAnswer)};
      };
      /** Reads a page and looks for a wall in front of it (any status: error pages are read for this). */
      const inspect = (page: Page, rendered?: RenderedPage): View => {
        const {snapshot, candidates} = read(page);
        const wall = stages.detectWall({...page, snapshot}, resolved.wallSignatures, {generic: resolved.wallGeneric});
        return {page, snapshot, candidates, wall, ...(rendered ? {rendered} : {})};
      };
      // A page still arriving near the deadline is cut there once its <head> came with what the
      // fields need (a title or a description when default fields are asked), rather than ending in
      // ETIMEOUT. Custom `data` rules may select anything in the body: they force a full read.
      const enough = (html: string) => {
        if (!/<\/head\s*>|<body[\s>]/i.test(html)) return false;
        if (!anyMeta) return true;
        const {candidates} = read({requestedUrl: url.href, url: url.href, statusCode: 200, headers: {}, contentType: 'text/html', charset: 'utf-8', html, truncated: true, redirects: []});
        return candidates.title !== null || candidates.description !== null;
      };
      // The early stop: once the <head> closed, the rest is not read when it cannot change the result.
      const settled = settledCheck(request, {
        ownRules: isOwnStage(stages.parseHtml, parseHtml) && isOwnStage(stages.pickFields, pickFields),
        sites: resolved.siteIndex,
        wallSettled: (page, snapshot) => wallSettled({...page, snapshot}, resolved.wallSignatures, {generic: resolved.wallGeneric}),
        mayRender: request.prerender === 'auto' && typeof resolved.screenshotProvider?.render === 'function',
      });
      // `until`: the call's deadline, or a wall rung's share of it.
      const fetchTargetAlong = (route: Route, until: Deadline = deadline) =>
        stages.fetchPage(url, {headers: callerHeaders, deadline: until, ...route, errorPages: true, ...(request.data ? {} : {enough}), ...(settled ? {settled} : {})}, resolved);
      const fetchAlong = async (route: Route, until: Deadline = deadline) => inspectAlong(asPage(await fetchTargetAlong(route, until)));
      const renderAlong = async (route: Route, wait = request.wait, until: Deadline = deadline) => {
        const page = await stages.renderPage(
          url,
          {headers: callerHeaders, deadline: until, wait, emulation: request.emulation, setup: request.page, screenshot: request.screenshot, ...route, errorPages: true},
          resolved,
        );
        return inspectAlong(page, page);
      };
      /** The oEmbed rung: the provider's answer for the URL asked for stands for the page behind the wall. */
      const oembedView = async (walled: View, until: Deadline = deadline): Promise<View | null> => {
        const empty = stages.parseHtml('');
        // Nothing of the wall's markup is read: the page is the URL asked for, described by oEmbed.
        const {windows: _windows, oembed: _oembed, ...wallPage} = walled.page;
        if (alongside !== null) {
          // The site's answer, asked alongside, read by its rules (no second request): it stands when
          // they find a title in it.
          // Waited for within the rung's share of the time only.
          const answer = await Promise.race([alongside, new Promise<null>((resolve) => until.signal.addEventListener('abort', () => resolve(null), {once: true}))]);
          if (answer === null) return null;
          const page = {...wallPage, url: url.href, html: '', oembed: answer.members};
          const candidates = pick(empty, page);
          if (!candidates.title) return null;
          const embedded = request.iframe ? readOEmbed(answer.members, answer.url) : undefined;
          return {page, snapshot: empty, candidates: keepMetaFields({...candidates, url: candidates.url ?? url.href}, request.meta), wall: null, ...(embedded ? {embedded} : {})};
        }
        const size = request.iframe ? sizeOf(request.iframe) : {};
        const answer = await stages.fetchIframe(url.href, empty, {...size, headers: callerHeaders, deadline: until}, resolved, ...providers);
        if (!answer.fields.title) return null;
        const candidates = fillEmptyFields({...emptyCandidates(), url: url.href}, answer.fields, request.meta);
        return {page: {...wallPage, url: url.href, html: ''}, snapshot: empty, candidates: keepMetaFields(candidates, request.meta), wall: null, embedded: answer};
      };
      /** The site's icon for a wall's error: `/favicon.ico`, verified by ping unless `ping.logo` is off. */
      const siteIcon = async (): Promise<string | null> => {
        const icon = new URL('/favicon.ico', url).href;
        if (!request.ping.logo) return icon;
        const pingRequest = {ping: request.ping, headers: {}, pageUrl: url.href, deadline};
        const [found] = await pingMedia([{url: icon, kind: 'logo'}], pingRequest, resolved).catch(() => [null]);
        return found?.url ?? null;
      };
      const screenshotOptions = request.screenshot;
      const describeFile = async (file: FileResponse) =>
        await fileResult(file, {
          requestedUrl: url.href,
          headers: callerHeaders,
          signal: deadline.signal,
          meta: request.meta,
          iframe: Boolean(request.iframe),
          ping: (candidates, pageUrl, headers) => stages.pingUrls(candidates, {ping: request.ping, headers, pageUrl, deadline}, resolved),
          // A PDF's first page, drawn by the files stage, is stored and described as a capture is.
          screenshot: screenshotOptions
            ? async (pageUrl, headers, captured, code) => {
                const shoot = (target: string) =>
                  stages.takeScreenshot(
                    target,
                    // A file does not move: its screenshot has no `animated` video.
                    {screenshot: {...screenshotOptions, animated: null}, headers, deadline, emulation: request.emulation, setup: request.page, ...(request.palette ? {palette: true} : {}), ...(captured ? {captured} : {})},
                    resolved,
                  );
                if (!code || !screenshotOptions.codeScheme) return shoot(pageUrl);
                // The highlighted text is a page of its own, loaded from a data: URL: it asks for nothing.
                const html = await codePage(code, screenshotOptions.codeScheme);
                return shoot(`data:text/html;base64,${Buffer.from(html).toString('base64')}`).catch((error: unknown) => {
                  // Errors name the file's URL, not the data: URL of its page.
                  throw isLinkpeekError(error) ? new LinkpeekError(error.code, error.message, {url: pageUrl, cause: error, ...(error.data ? {data: error.data} : {})}) : error;
                });
              }
            : null,
          code: Boolean(screenshotOptions?.codeScheme),
          pageImage: screenshotOptions,
          // With `palette`, the file (when it is an image: from the bytes already read) and the logo get their colours as a page's do.
          palette: request.palette ? (data, pageUrl, headers, known) => addPalettes(data, {headers, pageUrl, deadline, known}, resolved) : null,
        });
      const firstRoute: Route = {profile: profileFor(url, resolved.requestProfiles, 'first'), proxy: proxyForRung(request.proxy, 'first')};
      // A file (an image, a PDF, a feed…; with prerender: true, what the browser would not show as a
      // page) is described by the files stage: no wall, no render, no page rules (docs/files.md).
      const readFirst = async (): Promise<View | FileResponse> => {
        const read =
          request.prerender === true
            ? await renderAlong(firstRoute).catch((error: unknown) => (isLinkpeekError(error) && error.code === 'ENOTHTML' ? fetchTargetAlong(firstRoute) : Promise.reject(error)))
            : await fetchTargetAlong(firstRoute);
        if ('kind' in read && read.kind === 'file') return read;
        return 'snapshot' in read ? read : await inspectAlong(read);
      };
      // A failure another try may fix (a reset connection, a 503 page that is no wall) is tried
      // again `retry` times, with backoff, within the deadline; the last answer stands.
      const {value: first} = await withRetries(request.retry, deadline, readFirst, (read) => 'snapshot' in read && read.wall === null && retryStatuses.has(read.page.statusCode));
      if ('kind' in first && first.kind === 'file') return await addFileInsights(await describeFile(first), first, request.insights, deadline);
      let view = first as View;
      // With `javascript: false` a browser would read the page as served: the static read already is that.
      if (request.prerender === 'auto' && request.page.javascript && view.wall === null && prerenderReason(view.page, view.candidates, resolved) !== null) {
        // Best effort: a browser that cannot start or render, or a page whose scripts reach for a
        // refused address (the page itself passed the policy), leaves the static result standing.
        const seen = await renderAlong(firstRoute).catch((error: unknown) => {
          if (isLinkpeekError(error) && autoFallbackCodes.has(error.code)) return undefined;
          throw error;
        });
        // A render that met a wall (the page's scripts put it up) leaves the static result standing too.
        if (seen && seen.wall === null) view = seen;
      }
      let recovery: Recovery | undefined;
      if (view.wall !== null) {
        const wall = view.wall;
        const canRender = request.prerender === true || (request.prerender === 'auto' && typeof resolved.screenshotProvider?.render === 'function');
        const rungs = wallRungs<View>(
          wall,
          {url, profiles: resolved.requestProfiles, proxy: request.proxy, rendered: view.rendered !== undefined},
          {
            oembed: (until) => oembedView(view, until),
            fetch: fetchAlong,
            // Challenges run a script, then reload: the browser rung waits for a quiet network
            // unless the caller chose the wait.
            render: canRender ? (route, until) => renderAlong(route, request.wait.waitUntil === 'auto' ? {...request.wait, waitUntil: 'networkidle2'} : request.wait, until) : null,
          },
        );
        // Each rung gets a share of the time and the wall's answer keeps some: a wall ends in its
        // error (EWALL, remembered by the endpoint), never in ETIMEOUT.
        const climbed = await climb(rungs, (passed) => passed.wall, deadline);
        if (!climbed.value || !climbed.rung) {
          const tried = climbed.outcomes.map((outcome) => outcome.rung);
          // Never a wall as data: an error that names it, with what a UI can still show.
          // A rate-limited host is not asked again, not even for its icon.
          throw wallError(wall, {url, tried, logo: wall.kind === 'rate-limit' ? null : await siteIcon(), answered: new URL(view.page.url)});
        }
        view = climbed.value;
        recovery = {wall: {kind: wall.kind, signature: wall.signature, ...(wall.vendor ? {vendor: wall.vendor} : {})}, rung: climbed.rung, rungs: climbed.outcomes};
      }
      // Not a wall: an error status is the target failing, as it always was (an oEmbed rung's page
      // keeps the wall's status: the answer came from the provider).
      if (recovery?.rung !== 'oembed') checkStatus(new URL(view.page.url), view.page.statusCode);
      let {page, snapshot, candidates} = view;
      const rendered = view.rendered;
      // Credentials meant for the requested origin: none of them follow the page to another origin.
      const headers = headersAfterRedirects(callerHeaders, [url.href, ...page.redirects.map((hop) => hop.url), page.url]);
      // A site's oEmbed asked after the page (nothing was asked alongside): only when the page left a
      // field its answer gives empty. Its rules then read the page and the answer together.
      const pageSite = alongside !== null || recovery?.rung === 'oembed' || siteIndex === null ? null : siteFor(siteIndex, page.url);
      if (wantsOEmbed(pageSite, request.meta) && leftEmpty(candidates, pageSite, request.meta)) {
        const answer = await askSite(pageSite, page.url, headers);
        if (answer !== null) {
          page = {...page, oembed: answer.members};
          candidates = pick(snapshot, page);
        }
      }
      const pingRequest = {ping: request.ping, headers, pageUrl: page.url, deadline};
      // The oEmbed answer fills fields the page left empty, so it comes before ping.
      // The site's answer asked alongside (the page still of that site) is the embed when it holds one: no second request.
      const alongsideEmbed = request.iframe && alongside !== null && ofAskedSite(page.url) ? await alongside.then((answer) => (answer ? readOEmbed(answer.members, answer.url) : null)) : null;
      const embedded = request.iframe
        ? (view.embedded ??
          (alongsideEmbed?.iframe ? alongsideEmbed : await stages.fetchIframe(page.url, snapshot, {...sizeOf(request.iframe), headers, deadline}, resolved, ...providers)))
        : undefined;
      if (embedded) candidates = fillEmptyFields(candidates, embedded.fields, request.meta);
      const custom = request.data ? stages.applyDataRules(page.html, request.data, page.url) : undefined;
      // With `palette`, image and logo get their colours once ping has picked them, alongside the
      // screenshot, which reads its own from its bytes (docs/palette.md).
      const pinged = stages
        .pingUrls(candidates, pingRequest, resolved)
        .then((found) => (request.palette ? addPalettes(found, {headers, pageUrl: page.url, deadline}, resolved) : found));
      const customPinged = custom && request.data ? describeDataMedia(custom, request.data, pingRequest) : undefined;
      // The screenshot does not depend on ping: both run at once. A rendered page was captured by
      // the same navigation.
      const shot = request.screenshot
        ? stages.takeScreenshot(
            page.url,
            {
              screenshot: request.screenshot,
              headers,
              deadline,
              emulation: request.emulation,
              setup: request.page,
              ...(request.palette ? {palette: true} : {}),
              ...(rendered?.capture ? {captured: rendered.capture} : {}),
            },
            resolved,
          )
        : undefined;
      // The PDF is printed by its own navigation, alongside.
      const printed = request.pdf
        ? stages.takePdf(page.url, {pdf: request.pdf, headers, deadline, wait: request.wait, emulation: request.emulation, setup: request.page}, resolved)
        : undefined;
      // Insights read the page already fetched (technologies), or load it in the guarded browser (lighthouse).
      const insights = request.insights ? runInsights({url: page.url, headers: page.headers, html: page.html}, {insights: request.insights, headers, deadline}, resolved) : undefined;
      const [linkData, , screenshot, pdf, insightsData] = await Promise.all([pinged, customPinged, shot, printed, insights]);
      // A data rule named like a default field replaces it (documented).
      const data: ExtractResult['data'] = {...nullSkippedFields(linkData, request.meta), ...custom};
      if (embedded) data.iframe = embedded.iframe;
      if (screenshot) data.screenshot = screenshot;
      if (pdf) data.pdf = pdf;
      if (insightsData) data.insights = insightsData;
      return {
        status: 'success',
        data,
        statusCode: page.statusCode,
        redirects: page.redirects,
        headers: responseHeaders(page.headers),
        prerendered: rendered !== undefined,
        ...(page.cut ? {truncated: page.cut} : {}),
        ...(recovery ? {recovery} : {}),
      };
    } catch (error) {
      // A stage that rejected because the deadline fired reports the deadline's reason.
      if (deadline.signal.aborted && !isLinkpeekError(error)) throw named(deadline.signal.reason);
      throw named(error);
    } finally {
      returned.abort();
      deadline.dispose();
    }
  };
}

/**
 * The input as the URL an error may name: only an http(s) URL that parses (credentials are stripped
 * by the error). Anything else is not echoed, as validateUrl does not echo it.
 */
function askedUrl(input: unknown): string | undefined {
  if (typeof input !== 'string' && !(input instanceof URL)) return undefined;
  try {
    const url = new URL(String(input));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** `extract()` with the default, public-only configuration. */
export const extract: Extract = (input, options) => defaultExtract()(input, options);

let shared: Extract | undefined;
// Created on first use so importing linkpeek does no work.
const defaultExtract = (): Extract => (shared ??= createExtractor());
