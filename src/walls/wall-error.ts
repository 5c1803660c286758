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

/**
 * What can get past each kind of wall, in the order to try: a login wall or a paywall wants the
 * caller's own session (its cookies in `headers`), a consent page the site's consent cookie, a
 * challenge a browser or another address.
 */
const remedies: Record<Exclude<Wall['kind'], 'rate-limit'>, readonly Remedy[]> = {
  consent: ['profile', 'prerender', 'proxy'],
  challenge: ['prerender', 'proxy', 'profile'],
  captcha: ['proxy', 'prerender'],
  login: ['headers', 'profile'],
  'unsupported-browser': ['profile', 'prerender'],
  paywall: ['headers', 'profile'],
};

type Remedy = 'profile' | 'prerender' | 'proxy' | 'headers';

const remedyNames: Record<Remedy, string> = {
  profile: 'add a request profile for the host (its cookies or user agent)',
  prerender: 'allow `prerender`',
  proxy: 'set a proxy',
  headers: "send the caller's own session in `headers` (its cookies)",
};

/** The remedies worth naming: a rung already tried is left out. */
function remedyFor(kind: Exclude<Wall['kind'], 'rate-limit'>, tried: readonly RungName[]): string {
  const triedRemedy: Partial<Record<Remedy, RungName>> = {prerender: 'browser', proxy: 'proxy'};
  const left = remedies[kind].filter((remedy) => {
    const rung = triedRemedy[remedy];
    return rung === undefined || !tried.includes(rung);
  });
  const names = left.map((remedy) => remedyNames[remedy]);
  if (names.length === 0) return 'Nothing linkpeek can do gets past it (see docs/walls.md).';
  const sentence = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')}, or ${names[names.length - 1]!}`;
  return `To get past it, ${sentence} (see docs/walls.md).`;
}

const rungNames: Record<RungName, string> = {oembed: 'oEmbed', profile: 'a request profile', browser: 'the browser', proxy: 'the proxy'};

/** What an error for a wall still says of the target, for a UI to show honestly. */
export interface WallFacts {
  /** The URL asked for (without credentials). */
  url: URL;
  /** The rungs tried, in order; empty when none applied. */
  tried: readonly RungName[];
  /** The site's icon, when one was found and reachable. */
  logo?: string | null;
  /** The URL that answered (after redirects), when it is not the one asked for: a rate limit is that host's. */
  answered?: URL;
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
    // The host that answered 429 is the one limiting: a shortener's link to it is not the shortener's limit.
    if (facts.answered && facts.answered.origin !== facts.url.origin) data.origin = facts.answered.origin;
    const wait = retryAfter === undefined ? 'Retry later' : `Retry after ${retryAfter} s`;
    return new LinkpeekError('ERATELIMIT', `The target \`${host}\` is rate limiting requests${vendor}.${tried} ${wait}, or set a proxy.`, {
      url: facts.url,
      data,
      ...(retryAfter === undefined ? {} : {retryAfter}),
    });
  }
  return new LinkpeekError(
    'EWALL',
    `The target \`${host}\` answered ${wallNames[wall.kind]}${vendor} instead of the page.${tried} ${remedyFor(wall.kind, facts.tried)}`,
    {url: facts.url, data, ...(retryAfter === undefined ? {} : {retryAfter})},
  );
}
