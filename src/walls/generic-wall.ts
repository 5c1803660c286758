// The generic signals: what walls have in common whoever serves them (docs/walls.md, "Generic
// signals"). None names a vendor. Each signal has a weight; evidence of a real page weighs against
// them; the page is a wall when the balance reaches `wallThreshold` and at least one signal is more
// than the shape of a thin page (an app shell is thin too).
import type {MetaTag} from '../parse/snapshot.js';
import {getDomain} from 'tldts';
import type {PageFacts} from './page-facts.js';
import {readShape, type PageShape} from './page-shape.js';
import type {WallKind} from './signatures.js';
import {hasEmptySlot, isWallWording, textWordings, titleWording, type WordingKind} from './wordings.js';

/** One signal that held: its name, its weight (negative for evidence of a real page), the kind it points to, and what was seen. */
export interface Signal {
  name: SignalName;
  weight: number;
  kind?: WallKind;
  seen: string;
}

/** The signals and their weights, as docs/walls.md lists them. */
export const signalWeights = {
  // Specific: what walls say and do.
  'wall-redirect': 4,
  'title-wording': 3,
  'title-login': 2,
  'captcha-widget': 3,
  'script-and-cookies': 3,
  'text-wording': 2,
  'login-form': 1,
  'status-999': 3,
  'error-status': 1,
  'empty-title-slot': 2,
  // Shape: what thin pages have (a wall, and an app shell too).
  'little-text': 1,
  'no-content-metadata': 1,
  'script-only': 1,
  'meta-refresh': 1,
  'no-own-title': 1,
  'script-prompt': 1,
  // Evidence of a real page (subtracted).
  'description': -1,
  'main-text': -2,
  'heading': -1,
  'subheadings': -1,
  'content-jsonld': -3,
  'canonical-asked': -1,
  'enough-text': -2,
  'much-text': -3,
  'published-time': -2,
} as const;

export type SignalName = keyof typeof signalWeights;

/** Signals that only say a page is thin: a wall needs one more than these. */
export const shapeSignals: ReadonlySet<SignalName> = new Set(['little-text', 'no-content-metadata', 'script-only', 'meta-refresh', 'no-own-title', 'script-prompt']);

/** The balance at which the signals name a wall. */
export const wallThreshold = 4;

/** The weight of real-page evidence at which a row whose markers are the page's own words (title, markup) stands down. */
export const realPageVeto = 3;

/** Statuses walls are served with (besides 200): an error with a body unlike content. */
export const wallStatuses: ReadonlySet<number> = new Set([401, 403, 405, 429, 503]);

// Paths and hosts a content URL is sent to when a wall stands in front of it.
const wallPaths: readonly [RegExp, WallKind][] = [
  [/\/(?:log[-_]?in|sign[-_]?in|auth(?:wall|enticate)?|sso|session\/new|anmelden|connexion|iniciar-sesion)(?:[/.?_-]|$)/i, 'login'],
  [/\/(?:consent|cookie-?(?:consent|wall|settings)|privacy-?(?:gate|wall|consent)|gdpr|collectconsent)(?:[/.?_-]|$)/i, 'consent'],
  [/\/(?:captcha|validatecaptcha|robot-?check|bot-?check|are-?you-?human)(?:[/.?_-]|$)/i, 'captcha'],
  [/\/(?:challenge|blocked|block-?page|access-?denied|security-?check)(?:[/.?_-]|$)/i, 'challenge'],
  [/\/(?:unsupported-?browser|browser-?(?:not-?supported|upgrade|update)|unsupported|upgrade-?browser)(?:[/.?_-]|$)/i, 'unsupported-browser'],
  [/\/(?:subscribe|paywall|barrier)(?:[/.?_-]|$)/i, 'paywall'],
];
const wallHosts: readonly [RegExp, WallKind][] = [
  [/^(?:login|signin|auth|sso|accounts?|id)\./i, 'login'],
  [/^(?:consent|guce|cmp|privacy-?gate)\./i, 'consent'],
  [/^(?:captcha|challenge|verify)\./i, 'captcha'],
];

/** What a path or host is for, when it is a wall's. */
function wallPlace(url: URL): WallKind | null {
  for (const [pattern, kind] of wallPaths) if (pattern.test(url.pathname)) return kind;
  for (const [pattern, kind] of wallHosts) if (pattern.test(url.hostname)) return kind;
  return null;
}

function parse(href: string): URL | null {
  try {
    return new URL(href);
  } catch {
    return null;
  }
}

/** The URL asked for: the first hop of the redirects, else the final URL. */
export function askedUrl(facts: PageFacts): URL | null {
  const first = facts.input.redirects?.[0];
  if (first === undefined) return facts.url();
  return parse(typeof first === 'string' ? first : first.url);
}

const metaOf = (metas: readonly MetaTag[], key: string): string | undefined =>
  metas.find((meta) => (meta.name ?? meta.property ?? '').toLowerCase() === key && meta.content.trim() !== '')?.content;

const contentTypes = /^(?:(?:News|Blog|Scholarly|Tech)?Article|Report|BlogPosting|LiveBlogPosting|Product|VideoObject|AudioObject|Recipe|Event|Review|Book|Movie|Course|JobPosting|SoftwareApplication|Podcast\w*|MusicRecording|Dataset|QAPage|HowTo)$/;

/** Whether the page's own head looks like a wall might be in front of it: only then is the body read. */
export function genericGateOpens(facts: PageFacts): boolean {
  const {statusCode} = facts.input;
  if (statusCode === 999 || wallStatuses.has(statusCode)) return true;
  if ((facts.input.redirects?.length ?? 0) > 0) {
    const url = facts.url();
    if (url && wallPlace(url) !== null) return true;
  }
  const title = facts.title();
  if (title === null || hasEmptySlot(title) || titleWording(title) !== null || ownTitleIsHost(title, facts)) return true;
  const metas = facts.metas();
  return metaOf(metas, 'description') === undefined && metaOf(metas, 'og:description') === undefined;
}

function ownTitleIsHost(title: string, facts: PageFacts): boolean {
  const host = facts.host();
  if (host === null) return false;
  // The host and the names below have no spaces: a title with one (nearly every title) is none of them, without the domain lookup.
  if (/\s/.test(title) && !/\s/.test(host)) return false;
  const lower = title.toLowerCase();
  const domain = getDomain(host) ?? host;
  return lower === host || lower === domain || lower === host.replace(/^www\./, '') || lower === domain.split('.')[0];
}

/** Evidence of a real page: what weighs against a wall (also against a row matched on the page's own words). */
export function realPageSignals(facts: PageFacts, shape: PageShape): Signal[] {
  const signals: Signal[] = [];
  const add = (name: SignalName, seen: string) => signals.push({name, weight: signalWeights[name], seen});
  const metas = facts.metas();
  const description = metaOf(metas, 'description');
  if (description !== undefined && description.length >= 30 && !isWallWording(description)) add('description', `meta description ${JSON.stringify(clip(description))}`);
  // Walls put their few words in a <main> at times, hardly ever in an <article>.
  if (shape.articleTextLength >= 80) add('main-text', `${shape.articleTextLength} characters in <article>`);
  else if (shape.mainTextLength >= 150) add('main-text', `${shape.mainTextLength} characters in <main>`);
  if (shape.h1 !== null && shape.h1.length >= 3 && !isWallWording(shape.h1) && !ownTitleIsHost(shape.h1, facts)) add('heading', `h1 ${JSON.stringify(clip(shape.h1))}`);
  const sections = shape.subheadings.filter((heading) => !isWallWording(heading));
  if (sections.length >= 2) add('subheadings', `${sections.length} headings (${sections.slice(0, 2).map((each) => JSON.stringify(clip(each))).join(', ')}…)`);
  const content = shape.jsonldTypes.find((type) => contentTypes.test(type));
  if (content !== undefined) add('content-jsonld', `JSON-LD ${content}`);
  // The page says it is the URL asked for (a wall says it is the login page, or nothing).
  const canonical = facts.links().find((link) => link.rel.split(' ').includes('canonical'))?.href;
  const ogUrl = metaOf(metas, 'og:url');
  const asked = askedUrl(facts);
  if (asked !== null) {
    if (canonical !== undefined && sameUrl(canonical, asked)) add('canonical-asked', `canonical ${clip(canonical)}`);
    else if (ogUrl !== undefined && sameUrl(ogUrl, asked)) add('canonical-asked', `og:url ${clip(ogUrl)}`);
  }
  if (shape.textLength >= 2500) add('much-text', `${shape.textLength} characters of text`);
  else if (shape.textLength >= 1000) add('enough-text', `${shape.textLength} characters of text`);
  if (metaOf(metas, 'article:published_time') !== undefined) add('published-time', 'meta article:published_time');
  return signals;
}

function sameUrl(href: string, asked: URL): boolean {
  let url: URL;
  try {
    url = new URL(href, asked);
  } catch {
    return false;
  }
  const strip = (each: URL) => `${each.hostname.replace(/^www\./, '')}${each.pathname.replace(/\/+$/, '')}${each.search}`;
  return strip(url) === strip(asked);
}

/** The signals of a wall that hold on the page. */
function wallSignals(facts: PageFacts, shape: PageShape): Signal[] {
  const signals: Signal[] = [];
  const add = (name: SignalName, seen: string, kind?: WallKind) => signals.push({name, weight: signalWeights[name], seen, ...(kind ? {kind} : {})});
  const {statusCode} = facts.input;
  const url = facts.url();
  const asked = askedUrl(facts);
  // A content URL sent to a login, consent, captcha or challenge place.
  if ((facts.input.redirects?.length ?? 0) > 0 && url !== null && asked !== null) {
    const place = wallPlace(url);
    if (place !== null && wallPlace(asked) === null && !(asked.pathname === '/' && place === 'login')) add('wall-redirect', `redirected to ${clip(url.host + url.pathname)}`, place);
  }
  const title = facts.title();
  const wording = title === null ? null : titleWording(title);
  // A login page asked for itself (its own path, the site's root) is the page shared on purpose.
  const loginAsked = asked !== null && (asked.pathname === '/' || wallPlace(asked) === 'login');
  if (wording !== null && title !== null) {
    if (wording.kind !== 'login' || wording.strong) {
      if (wording.kind !== 'login' || !loginAsked) add('title-wording', `title ${JSON.stringify(clip(title))}`, wording.kind);
    } else if (!loginAsked) add('title-login', `title ${JSON.stringify(clip(title))}`, 'login');
  }
  if (signals.some((signal) => signal.kind === 'login') && shape.password) add('login-form', 'a password field', 'login');
  if (shape.widget !== null) add('captcha-widget', shape.widget, 'captcha');
  const shortText = shape.textLength < 1500;
  if (shortText) {
    const words = textWordings(shape.text);
    const cookies = words.find((each) => each.kind === 'script-and-cookies');
    if (cookies) add('script-and-cookies', JSON.stringify(cookies.text), 'challenge');
    const plain = words.find((each) => each.kind === 'script');
    if (plain) add('script-prompt', JSON.stringify(plain.text));
    // One text wording counts, the first of a kind the title did not already name.
    const titled = signals.find((signal) => signal.name === 'title-wording')?.kind;
    const said = words.find((each): each is {kind: WordingKind; text: string} => each.kind !== 'script' && each.kind !== 'script-and-cookies' && each.kind !== titled);
    if (said && !(said.kind === 'consent' && shape.textLength >= 600)) add('text-wording', JSON.stringify(said.text), said.kind);
  }
  if (statusCode === 999) add('status-999', 'status 999');
  else if (wallStatuses.has(statusCode)) add('error-status', `status ${statusCode}`, statusCode === 429 ? 'rate-limit' : undefined);
  if (title !== null && hasEmptySlot(title)) add('empty-title-slot', `title ${JSON.stringify(clip(title))}`);
  // The shape of an interstitial.
  if (shape.textLength < 300) add('little-text', `${shape.textLength} characters of text`);
  const metas = facts.metas();
  const description = metaOf(metas, 'description');
  const hasContentMeta =
    (description !== undefined && !isWallWording(description)) || metaOf(metas, 'article:published_time') !== undefined || shape.jsonldTypes.some((type) => contentTypes.test(type));
  if (!hasContentMeta) add('no-content-metadata', 'no description, article meta or content JSON-LD');
  if (shape.scriptOnly) add('script-only', `${shape.scripts} scripts, ${shape.iframes} iframes, ${shape.textLength} characters of text`);
  const refresh = metas.find((meta) => meta.httpEquiv?.toLowerCase() === 'refresh');
  if (refresh !== undefined && shape.textLength < 300) add('meta-refresh', `meta refresh ${JSON.stringify(clip(refresh.content))}`);
  if (title === null) add('no-own-title', 'no title');
  else if (ownTitleIsHost(title, facts)) add('no-own-title', `title ${JSON.stringify(clip(title))} is the host`);
  return signals;
}

/** What the generic signals make of an answer: the kind of wall (or null), its balance, and every signal that held. */
export interface GenericVerdict {
  kind: WallKind | null;
  score: number;
  signals: Signal[];
}

// The kinds in the order a tie is settled in: what a caller can do about it differs most.
const kindOrder: readonly WallKind[] = ['captcha', 'challenge', 'login', 'consent', 'paywall', 'unsupported-browser', 'rate-limit'];

/** Weighs the generic signals of an answer whose gate opened (see {@link genericGateOpens}). */
export function weighGeneric(facts: PageFacts, shape: PageShape = readShape(facts.markup())): GenericVerdict {
  const signals = [...wallSignals(facts, shape), ...realPageSignals(facts, shape)];
  const score = signals.reduce((sum, signal) => sum + signal.weight, 0);
  const specific = signals.some((signal) => signal.weight > 0 && !shapeSignals.has(signal.name));
  if (score < wallThreshold || !specific) return {kind: null, score, signals};
  const byKind = new Map<WallKind, number>();
  for (const signal of signals) if (signal.kind) byKind.set(signal.kind, (byKind.get(signal.kind) ?? 0) + signal.weight);
  let kind: WallKind = 'challenge';
  let best = 0;
  for (const each of kindOrder) {
    const weight = byKind.get(each) ?? 0;
    if (weight > best) [kind, best] = [each, weight];
  }
  // A challenge that shows a captcha widget is a captcha: a person has to solve it.
  if (kind === 'challenge' && byKind.has('captcha')) kind = 'captcha';
  return {kind, score, signals};
}

/** The evidence a verdict shows: each signal with its weight (`+3 title "Just a moment..."`). */
export function describeSignals(signals: readonly Signal[]): string[] {
  return signals.map((signal) => `${signal.weight > 0 ? '+' : ''}${signal.weight} ${signal.name}: ${signal.seen}`);
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
