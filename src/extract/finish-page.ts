import type {ExtractResult, Recovery} from '../data.js';
import {checkStatus} from '../fetch/fetch-page.js';
import {headersAfterRedirects} from '../fetch/http-client.js';
import {runInsights} from '../insights/run-insights.js';
import {readOEmbed} from '../oembed/parse-oembed.js';
import {addPalettes} from '../palette/add-palettes.js';
import {type PingRequest, pingMedia} from '../ping/ping.js';
import {type DataValues, mediaPaths} from '../rules/apply-data-rules.js';
import type {ResolvedDataRules} from '../rules/data-rules.js';
import {fillEmptyFields} from '../rules/meta.js';
import type {Call} from './call.js';
import {endResult} from './end-result.js';
import type {View} from './read-page.js';
import {askAfter, ofAskedSite, sizeOf} from './site-oembed.js';

/**
 * The finish step of a page: the site's oEmbed when it is owed, the page's embed, the custom `data`
 * rules, then ping (with palette), the screenshot, the PDF and insights at once, and the ending the
 * file path shares.
 * @throws LinkpeekError what checkStatus throws for an error status that is no wall
 */
export async function finishPage(call: Call, view: View, recovery: Recovery | undefined): Promise<ExtractResult> {
  const {url, request, stages, config, deadline, alongside} = call;
  // Not a wall: an error status is the target failing, as it always was (an oEmbed rung's page
  // keeps the wall's status: the answer came from the provider).
  if (recovery?.rung !== 'oembed') checkStatus(new URL(view.page.url), view.page.statusCode);
  const {snapshot, rendered} = view;
  // Credentials meant for the requested origin: none of them follow the page to another origin.
  const headers = headersAfterRedirects(call.callerHeaders, [url.href, ...view.page.redirects.map((hop) => hop.url), view.page.url]);
  // The site's oEmbed after the page, when nothing was asked alongside and no rung answered from it.
  const {page, candidates: found} = alongside !== null || recovery?.rung === 'oembed' || config.siteIndex === null ? view : await askAfter(call, view, headers);
  let candidates = found;
  const pingRequest = {ping: request.ping, headers, pageUrl: page.url, deadline};
  // The oEmbed answer fills fields the page left empty, so it comes before ping.
  // The site's answer asked alongside (the page still of that site) is the embed when it holds one: no second request.
  const alongsideEmbed = request.iframe && alongside !== null && ofAskedSite(call, page.url) ? await alongside.answer.then((answer) => (answer ? readOEmbed(answer.members, answer.url) : null)) : null;
  const embedded = request.iframe
    ? (view.embedded ?? (alongsideEmbed?.iframe ? alongsideEmbed : await stages.fetchIframe(page.url, snapshot, {...sizeOf(request.iframe), headers, deadline}, config, ...call.providers)))
    : undefined;
  if (embedded) candidates = fillEmptyFields(candidates, embedded.fields, request.meta);
  const custom = request.data ? stages.applyDataRules(page.html, request.data, page.url) : undefined;
  // With `palette`, image and logo get their colours once ping has picked them, alongside the
  // screenshot, which reads its own from its bytes (docs/palette.md).
  const pinged = stages.pingUrls(candidates, pingRequest, config).then((linkData) => (request.palette ? addPalettes(linkData, {headers, pageUrl: page.url, deadline}, config) : linkData));
  const customPinged = custom && request.data ? describeDataMedia(call, custom, request.data, pingRequest) : undefined;
  // The screenshot does not depend on ping: both run at once. A rendered page was captured by the same navigation.
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
        config,
      )
    : undefined;
  // The PDF is printed by its own navigation, alongside.
  const printed = request.pdf ? stages.takePdf(page.url, {pdf: request.pdf, headers, deadline, wait: request.wait, emulation: request.emulation, setup: request.page}, config) : undefined;
  // Insights read the page already fetched (technologies), or load it in the guarded browser (lighthouse).
  const insights = request.insights ? runInsights({url: page.url, headers: page.headers, html: page.html}, {insights: request.insights, headers, deadline}, config) : undefined;
  const [linkData, , screenshot, pdf, insightsData] = await Promise.all([pinged, customPinged, shot, printed, insights]);
  return endResult(
    call,
    page,
    linkData,
    {custom, iframe: embedded ? embedded.iframe : undefined, screenshot: screenshot || undefined, pdf: pdf || undefined, insights: insightsData || undefined},
    {prerendered: rendered !== undefined, truncated: page.cut, recovery},
  );
}

/** Replaces each media value of the data rules, in place, with what ping found (or `null`). */
async function describeDataMedia(call: Call, values: DataValues, rules: ResolvedDataRules, request: PingRequest): Promise<void> {
  const found = mediaPaths(values, rules);
  if (found.length === 0) return;
  const described = await pingMedia(found.map(({media, kind}) => ({url: media.url, kind})), request, call.config);
  found.forEach(({set}, index) => set(described[index] ?? null));
}
