import type {Recovery} from '../data.js';
import type {Deadline} from '../deadline.js';
import {readOEmbed} from '../oembed/parse-oembed.js';
import {pingMedia} from '../ping/ping.js';
import {emptyCandidates, fillEmptyFields, keepMetaFields} from '../rules/meta.js';
import {climb} from '../walls/climb.js';
import {wallRungs} from '../walls/ladder.js';
import {wallError} from '../walls/wall-error.js';
import type {Call} from './call.js';
import {fetchView, renderView} from './fetch-view.js';
import {pick, type View} from './read-page.js';
import {sizeOf} from './site-oembed.js';

/**
 * The recover step, for a page behind a wall: the wall's ladder (docs/walls.md) is climbed, each
 * rung with a share of the time, the wall's answer keeping some. A wall ends in its error (EWALL,
 * remembered by the endpoint), never in ETIMEOUT, and never as data.
 * @throws LinkpeekError the wall's error when no rung got past it
 */
export async function recover(call: Call, walled: View & {wall: NonNullable<View['wall']>}): Promise<{view: View; recovery: Recovery}> {
  const {url, request, config, deadline} = call;
  const wall = walled.wall;
  const canRender = request.prerender === true || (request.prerender === 'auto' && typeof config.screenshotProvider?.render === 'function');
  const rungs = wallRungs<View>(
    wall,
    {url, profiles: config.requestProfiles, proxy: request.proxy, rendered: walled.rendered !== undefined},
    {
      oembed: (until) => oembedView(call, walled, until),
      fetch: (route, until) => fetchView(call, route, until),
      // Challenges run a script, then reload: the browser rung waits for a quiet network unless the caller chose the wait.
      render: canRender ? (route, until) => renderView(call, route, request.wait.waitUntil === 'auto' ? {...request.wait, waitUntil: 'networkidle2'} : request.wait, until) : null,
    },
  );
  const climbed = await climb(rungs, (passed) => passed.wall, deadline);
  if (!climbed.value || !climbed.rung) {
    const tried = climbed.outcomes.map((outcome) => outcome.rung);
    // An error that names the wall, with what a UI can still show. A rate-limited host is not asked again, not even for its icon.
    throw wallError(wall, {url, tried, logo: wall.kind === 'rate-limit' ? null : await siteIcon(call), answered: new URL(walled.page.url)});
  }
  return {
    view: climbed.value,
    recovery: {wall: {kind: wall.kind, signature: wall.signature, ...(wall.vendor ? {vendor: wall.vendor} : {})}, rung: climbed.rung, rungs: climbed.outcomes},
  };
}

/** The oEmbed rung: the provider's answer for the URL asked for stands for the page behind the wall. */
async function oembedView(call: Call, walled: View, until: Deadline): Promise<View | null> {
  const {url, request, stages, alongside} = call;
  const empty = stages.parseHtml('');
  // Nothing of the wall's markup is read: the page is the URL asked for, described by oEmbed.
  const {windows: _windows, oembed: _oembed, ...wallPage} = walled.page;
  if (alongside !== null) {
    // The site's answer, asked alongside, read by its rules (no second request): it stands when
    // they find a title in it. Waited for within the rung's share of the time only.
    const answer = await Promise.race([alongside.answer, new Promise<null>((resolve) => until.signal.addEventListener('abort', () => resolve(null), {once: true}))]);
    if (answer === null) return null;
    const page = {...wallPage, url: url.href, html: '', oembed: answer.members};
    const candidates = pick(call, empty, page);
    if (!candidates.title) return null;
    const embedded = request.iframe ? readOEmbed(answer.members, answer.url) : undefined;
    return {page, snapshot: empty, candidates: keepMetaFields({...candidates, url: candidates.url ?? url.href}, request.meta), wall: null, ...(embedded ? {embedded} : {})};
  }
  const size = request.iframe ? sizeOf(request.iframe) : {};
  const answer = await stages.fetchIframe(url.href, empty, {...size, headers: call.callerHeaders, deadline: until}, call.config, ...call.providers);
  if (!answer.fields.title) return null;
  const candidates = fillEmptyFields({...emptyCandidates(), url: url.href}, answer.fields, request.meta);
  return {page: {...wallPage, url: url.href, html: ''}, snapshot: empty, candidates: keepMetaFields(candidates, request.meta), wall: null, embedded: answer};
}

/** The site's icon for a wall's error: `/favicon.ico`, verified by ping unless `ping.logo` is off. */
async function siteIcon(call: Call): Promise<string | null> {
  const {url, request, deadline} = call;
  const icon = new URL('/favicon.ico', url).href;
  if (!request.ping.logo) return icon;
  const pingRequest = {ping: request.ping, headers: {}, pageUrl: url.href, deadline};
  const [found] = await pingMedia([{url: icon, kind: 'logo'}], pingRequest, call.config).catch(() => [null]);
  return found?.url ?? null;
}
