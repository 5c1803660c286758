import {getDomain} from 'tldts';
import type {RecoveryRung} from '../data.js';
import {LinkpeekError} from '../errors.js';
import type {Wall} from './detect-wall.js';

/** A recovery rung: how a wall was got past, or was tried. */
export type RungName = RecoveryRung;

/** How each kind of wall is named in messages. */
const wallNames: Record<Wall['kind'], string> = {
  consent: 'a cookie-consent wall',
  challenge: 'a bot challenge',
  captcha: 'a captcha (robot check)',
  login: 'a login wall',
  'unsupported-browser': 'an "update your browser" page',
  paywall: 'a paywall barrier',
  'rate-limit': 'a rate limit',
};

const rungNames: Record<RungName, string> = {oembed: 'oEmbed', profile: 'a request profile', browser: 'the browser', proxy: 'the proxy'};

/** What an error for a wall still says of the target, for a UI to show honestly. */
export interface WallFacts {
  /** The URL asked for (without credentials). */
  url: URL;
  /** The rungs tried, in order; empty when none applied. */
  tried: readonly RungName[];
  /** The site's icon, when one was found and reachable. */
  logo?: string | null;
}

/** The publisher a wall leaves to show: the registrable domain of the host (`youtube.com`). */
export function publisherOf(url: URL): string {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return getDomain(host, {allowPrivateDomains: false}) ?? host;
}

/**
 * The error for a wall no rung got past: `ERATELIMIT` (429, `retryAfter` carried through) for a rate
 * limit, `EWALL` (424, `data.kind`) for the others. The message names the wall and what to try next;
 * `data` holds what a UI can still show: `url`, `publisher` (the domain), `logo` when found, `kind`
 * and `vendor`.
 */
export function wallError(wall: Wall, facts: WallFacts): LinkpeekError {
  const host = facts.url.host;
  const vendor = wall.vendor ? ` (${wall.vendor})` : '';
  const tried = facts.tried.length > 0 ? ` Tried: ${facts.tried.map((rung) => rungNames[rung]).join(', ')}.` : '';
  const retryAfter = wall.retryAfter === undefined ? undefined : Math.max(1, Math.ceil(wall.retryAfter / 1000));
  const data: Record<string, string> = {url: facts.url.href, publisher: publisherOf(facts.url), kind: wall.kind};
  if (wall.vendor) data.vendor = wall.vendor;
  if (facts.logo) data.logo = facts.logo;
  if (wall.kind === 'rate-limit') {
    const wait = retryAfter === undefined ? 'Retry later' : `Retry after ${retryAfter} s`;
    return new LinkpeekError('ERATELIMIT', `The target \`${host}\` is rate limiting requests${vendor}.${tried} ${wait}, or set a proxy.`, {
      url: facts.url,
      data,
      ...(retryAfter === undefined ? {} : {retryAfter}),
    });
  }
  return new LinkpeekError(
    'EWALL',
    `The target \`${host}\` answered ${wallNames[wall.kind]}${vendor} instead of the page.${tried} Add a request profile for the host, set a proxy, or allow \`prerender\` (see docs/walls.md).`,
    {url: facts.url, data, ...(retryAfter === undefined ? {} : {retryAfter})},
  );
}
