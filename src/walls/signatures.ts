// What a wall looks like, as data: one row per wall, each with the markers it needs. detect-wall.ts
// reads this table; docs/walls.md shows it (a test holds the two together). A marker alone is
// rarely enough: rows combine status, headers, URL and title, and read the markup only once those
// matched, so that a page that is not a wall costs a few header and title lookups.

/** What kind of wall stands in front of the page. */
export type WallKind = 'consent' | 'challenge' | 'captcha' | 'login' | 'unsupported-browser' | 'paywall' | 'rate-limit';

/** Every {@link WallKind}, in the order the docs list them. */
export const wallKinds: readonly WallKind[] = ['consent', 'challenge', 'captcha', 'login', 'unsupported-browser', 'paywall', 'rate-limit'];

/**
 * A value to look for. A RegExp is tested as written (without the `g` or `y` flag). A string's
 * meaning depends on the marker, the natural one for what it reads: see {@link WallMarker}.
 */
export type TextPattern = string | RegExp;

/**
 * One thing to look for in an answer. Strings match case-insensitively, as:
 * - `status`: the final status is this one (or one of these);
 * - `header`: the response has this header (lowercase name); with `value`, one equal to it;
 * - `cookie`: a `Set-Cookie` sets a cookie of this name;
 * - `host`: the final URL's host is this domain or a subdomain of it;
 * - `path`: the final URL's path starts with this;
 * - `query`: the final URL has a query parameter of this name;
 * - `redirected`: the answer came after at least one redirect (the page asked for was not it);
 * - `title`: the page's `<title>` is this (whitespace collapsed);
 * - `untitled`: the page has no `<title>`, or an empty one;
 * - `meta`: a `<meta>` whose `property` or `name` is this; with `value`, whose content equals it;
 * - `link`: a `<link>` whose `rel` holds this; with `href`, whose href contains it;
 * - `markup`: the HTML contains this.
 *
 * `meta`, `link` and `markup` read the body: they are *costly* markers, read only after every cheap
 * marker of the row's `all` matched. The others are cheap.
 */
export type WallMarker =
  | {status: number | readonly number[]}
  | {header: string; value?: TextPattern}
  | {cookie: string}
  | {host: TextPattern}
  | {path: TextPattern}
  | {query: TextPattern}
  | {redirected: true}
  | {title: TextPattern}
  | {untitled: true}
  | {meta: string; value?: TextPattern}
  | {link: string; href?: TextPattern}
  | {markup: TextPattern};

/**
 * One wall: the answer is this wall when every marker of `all` matches, at least `min` (default 1)
 * of `some` match (when there is a `some`), and none of `none` matches.
 */
export interface WallSignature {
  /** A stable name, lowercase words joined by `-` (e.g. `cloudflare-challenge`): a config row with the same id replaces this one. */
  id: string;
  kind: WallKind;
  /** Who serves the wall (`Cloudflare`, `Google`…), when one vendor does. */
  vendor?: string;
  /** Markers that must all match. At least one must be cheap (not `meta`, `link` or `markup`): it gates the rest. */
  all: readonly WallMarker[];
  /** Markers of which at least `min` must match too. */
  some?: readonly WallMarker[];
  /** How many of `some` must match; default 1. */
  min?: number;
  /** Markers none of which may match: what the real page has and the wall has not (its own `og:url`…). */
  none?: readonly WallMarker[];
}

// Titles of the consent pages that consent-management platforms put in place of a page.
const consentTitle = /privacy|cookie|consent|datenschutz|einwilligung|zustimmung|confidentialit|before you continue/i;
// What an article has that a consent page, an "update your browser" page or a barrier has not.
const realPage: readonly WallMarker[] = [{meta: 'og:title'}, {meta: 'og:description'}, {markup: '<article'}];

/**
 * The walls linkpeek knows, most specific first: the first row that matches names the wall. Extend
 * or override it through the `walls` config (see docs/walls.md).
 */
export const defaultWallSignatures: readonly WallSignature[] = [
  // Consent interstitials.
  {
    id: 'youtube-consent', kind: 'consent', vendor: 'Google',
    all: [{host: 'consent.youtube.com'}],
    some: [{query: 'continue'}, {title: /^Before you continue/i}, {markup: /consent\.youtube\.com\/save/i}],
  },
  {
    id: 'google-consent', kind: 'consent', vendor: 'Google',
    all: [{host: /^consent\.google\.[a-z.]+$/i}],
    some: [{query: 'continue'}, {title: /^Before you continue/i}, {markup: /consent\.google\.[a-z.]+\/save/i}],
  },
  {
    id: 'google-consent-page', kind: 'consent', vendor: 'Google',
    all: [{title: /^Before you continue to (?:Google|YouTube)\b/i}, {markup: /consent\.(?:google|youtube)\.[a-z.]+\/save/i}],
  },
  {
    id: 'yahoo-consent', kind: 'consent', vendor: 'Yahoo',
    all: [{host: /^(?:guce|consent)\.yahoo\.com$/i}],
    some: [{path: /^\/(?:consent|v2\/collectConsent)/i}, {title: /part of the Yahoo family of brands/i}],
  },
  {
    id: 'sourcepoint-consent', kind: 'consent', vendor: 'SourcePoint',
    all: [{title: consentTitle}, {markup: /sourcepoint|privacy-mgmt\.com|_sp_queue/i}],
    none: realPage,
  },
  {
    id: 'onetrust-consent', kind: 'consent', vendor: 'OneTrust',
    all: [{title: consentTitle}, {markup: /onetrust|otSDKStub|optanon/i}],
    none: realPage,
  },
  {
    id: 'didomi-consent', kind: 'consent', vendor: 'Didomi',
    all: [{title: consentTitle}, {markup: /didomi/i}],
    none: realPage,
  },
  // Bot challenges and blocks.
  {
    id: 'cloudflare-challenge', kind: 'challenge', vendor: 'Cloudflare',
    all: [{header: 'cf-mitigated', value: 'challenge'}],
  },
  {
    id: 'cloudflare-challenge-page', kind: 'challenge', vendor: 'Cloudflare',
    all: [{title: /^Just a moment(?:\.\.\.|…)?$/i}],
    some: [{markup: '_cf_chl_opt'}, {markup: /\/cdn-cgi\/challenge-platform\/[^"']*orchestrate/}],
  },
  {
    id: 'cloudflare-challenge-403', kind: 'challenge', vendor: 'Cloudflare',
    all: [{status: [403, 503]}, {header: 'server', value: 'cloudflare'}],
    some: [{markup: '_cf_chl_opt'}, {markup: /\/cdn-cgi\/challenge-platform\/[^"']*orchestrate/}],
  },
  {
    id: 'cloudflare-block', kind: 'challenge', vendor: 'Cloudflare',
    all: [{status: 403}, {header: 'server', value: 'cloudflare'}],
    some: [{title: /^Attention Required! \| Cloudflare$/i}, {markup: 'id="cf-error-details"'}, {markup: 'Sorry, you have been blocked'}],
  },
  {
    id: 'vercel-challenge', kind: 'challenge', vendor: 'Vercel',
    all: [{header: 'x-vercel-mitigated', value: 'challenge'}],
  },
  {
    id: 'akamai-block', kind: 'challenge', vendor: 'Akamai',
    all: [{status: 403}, {title: 'Access Denied'}],
    some: [{header: 'server', value: 'AkamaiGHost'}, {markup: 'errors.edgesuite.net'}, {markup: /Reference&#32;#|Reference #\d/}],
  },
  {
    id: 'aws-waf-challenge', kind: 'challenge', vendor: 'AWS WAF',
    all: [{header: 'x-amzn-waf-action', value: 'challenge'}],
  },
  {
    id: 'aws-waf-captcha', kind: 'captcha', vendor: 'AWS WAF',
    all: [{header: 'x-amzn-waf-action', value: 'captcha'}],
  },
  {
    id: 'aws-waf-page', kind: 'challenge', vendor: 'AWS WAF',
    all: [{status: [202, 405]}],
    some: [{markup: 'gokuProps'}, {markup: /token\.awswaf\.com|\/awswaf\//}],
  },
  {
    id: 'imperva-block', kind: 'challenge', vendor: 'Imperva',
    all: [{untitled: true}],
    some: [{markup: /_Incapsula_Resource\?CWUDNSAI=/}, {markup: 'Incapsula incident ID'}],
  },
  {
    id: 'datadome', kind: 'captcha', vendor: 'DataDome',
    all: [{status: [401, 403, 405, 429]}],
    some: [{header: 'x-dd-b', value: /^[12]$/}, {markup: 'captcha-delivery.com'}],
  },
  {
    id: 'perimeterx', kind: 'captcha', vendor: 'HUMAN (PerimeterX)',
    all: [{title: /^Access to this page has been denied\.?$/i}],
    some: [{markup: 'px-captcha'}, {markup: '_pxAppId'}, {markup: 'Press & Hold'}],
  },
  {
    id: 'perimeterx-block', kind: 'captcha', vendor: 'HUMAN (PerimeterX)',
    all: [{status: 403}],
    some: [{markup: 'id="px-captcha"'}, {markup: /window\._pxAppId/}],
  },
  {
    id: 'amazon-robot-check', kind: 'captcha', vendor: 'Amazon',
    all: [{title: /^(?:Amazon\.[a-z.]+|Robot Check)$/i}, {markup: '/errors/validateCaptcha'}],
  },
  {
    id: 'reddit-block', kind: 'challenge', vendor: 'Reddit',
    all: [{status: 403}, {header: 'server', value: 'snooserv'}],
    some: [{markup: 'blocked by network security'}, {untitled: true}],
  },
  {
    id: 'youtube-shell', kind: 'challenge', vendor: 'YouTube',
    all: [{host: 'youtube.com'}, {title: /^-\s*YouTube$/i}],
    none: [{meta: 'og:title'}],
  },
  // Login and browser gates.
  {
    id: 'linkedin-999', kind: 'login', vendor: 'LinkedIn',
    all: [{status: 999}],
    some: [{host: 'linkedin.com'}, {markup: '/authwall'}],
  },
  {
    id: 'linkedin-authwall', kind: 'login', vendor: 'LinkedIn',
    all: [{host: 'linkedin.com'}],
    some: [{path: '/authwall'}, {link: 'canonical', href: '/authwall'}],
  },
  {
    id: 'instagram-login', kind: 'login', vendor: 'Instagram',
    all: [{host: 'instagram.com'}, {path: '/accounts/login'}],
    some: [{redirected: true}, {query: 'next'}],
  },
  {
    id: 'instagram-login-page', kind: 'login', vendor: 'Instagram',
    all: [{host: 'instagram.com'}, {title: /^Log ?in • Instagram$/i}],
    none: [{path: '/accounts/login'}, {meta: 'og:url'}, {link: 'canonical'}],
  },
  {
    id: 'facebook-unsupported-browser', kind: 'unsupported-browser', vendor: 'Facebook',
    all: [{host: 'facebook.com'}, {path: '/unsupportedbrowser'}],
  },
  {
    id: 'facebook-login', kind: 'login', vendor: 'Facebook',
    all: [{host: 'facebook.com'}, {path: /^\/login(?:\.php|\/|$)/}],
    some: [{redirected: true}, {query: 'next'}],
  },
  {
    id: 'facebook-login-page', kind: 'login', vendor: 'Facebook',
    all: [{host: 'facebook.com'}, {title: /^(?:Log into Facebook|Log in to Facebook|Log in or sign up to view|Facebook - log in or sign up)/i}],
    none: [{path: /^\/(?:login|$)/}],
  },
  {
    id: 'x-javascript', kind: 'unsupported-browser', vendor: 'X',
    all: [{host: /(?:^|\.)(?:x|twitter)\.com$/i}, {untitled: true}],
    some: [{markup: 'JavaScript is not available'}, {meta: 'og:site_name', value: /^(?:Twitter|X)$/i}],
    none: [{meta: 'og:title'}],
  },
  {
    id: 'update-browser', kind: 'unsupported-browser',
    all: [{title: /(?:update|upgrade) your browser|unsupported browser|browser (?:is )?not supported|browser is (?:out of date|outdated)/i}],
    none: [...realPage, {meta: 'description'}],
  },
  // Paywall barriers (a metered paywall over the article keeps the article's og tags and JSON-LD).
  {
    id: 'paywall-barrier', kind: 'paywall',
    all: [{title: /^(?:Subscribe (?:now )?to (?:read|continue|keep reading|unlock)|Subscription required|Subscribers? only|For subscribers)\b/i}],
    none: [{markup: /"@type"\s*:\s*"(?:News|Blog)?Article"/}, {meta: 'article:published_time'}],
  },
  // Rate limits.
  {
    id: 'reddit-rate-limit', kind: 'rate-limit', vendor: 'Reddit',
    all: [{status: 429}, {host: 'reddit.com'}],
  },
  {
    id: 'http-429', kind: 'rate-limit',
    all: [{status: 429}],
  },
];
