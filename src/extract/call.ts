import type {Deadline} from '../deadline.js';
import type {ResolvedConfig, ResolvedOptions} from '../options.js';
import type {OEmbedProvider} from '../oembed/registry.js';
import type {SiteOEmbedAnswer} from '../oembed/site-oembed.js';
import {siteFor} from '../rules/rules.js';
import type {settledCheck} from '../rules/settled-fields.js';
import type {SiteRules} from '../rules/sites/site.js';
import {splitCredentials} from '../url/credentials.js';
import type {Stages} from './stages.js';

type SettledCheck = NonNullable<ReturnType<typeof settledCheck>>;

/** What an extractor fixes once, for all its calls: the resolved config and the stages. */
export interface Extractor {
  config: ResolvedConfig;
  stages: Stages;
  /** The configured oEmbed providers as the stages' last argument: none passes the bundled registry, their own default. */
  providers: readonly [] | readonly [readonly OEmbedProvider[]];
}

/**
 * One `extract()` call, shared by its steps: the URL, the caller's options, the deadline and what
 * a step leaves for another (the site's oEmbed asked alongside). Nothing of a call outlives it.
 */
export interface Call extends Extractor {
  /** The URL asked for, validated, without credentials. */
  url: URL;
  request: ResolvedOptions;
  deadline: Deadline;
  /** Aborts when the call returns: ends what was started alongside and is no longer awaited. */
  returned: AbortSignal;
  /** The caller's headers, with the URL's credentials as `authorization`: only for the page's own origin. */
  callerHeaders: Record<string, string>;
  /** Whether any default field is asked for: with none, the field rules are not run at all. */
  anyMeta: boolean;
  /** The site of the URL asked for, when its rules list it. */
  askedSite: SiteRules | null;
  /** The site's oEmbed answer asked alongside the page (`parallel` sites), else `null`. */
  alongside: Alongside | null;
  /** When a fetch may stop reading the body early (made at the call's first fetch). */
  cuts?: {enough: ((html: string) => boolean) | undefined; settled: SettledCheck | undefined};
}

/** The site's oEmbed request started alongside the page. */
export interface Alongside {
  answer: Promise<SiteOEmbedAnswer | null>;
  /** The answer once it came (`undefined` while it is on its way). */
  came: SiteOEmbedAnswer | null | undefined;
}

/**
 * Opens a call: validates `input` (credentials in the URL become an authorization header for the
 * caller's headers, which only ever go to the page's own origin; from here on no URL carries them).
 * @throws LinkpeekError what validateUrl throws
 */
export function openCall(input: string | URL, request: ResolvedOptions, extractor: Extractor, deadline: Deadline, returned: AbortSignal): Call {
  const {url, authorization} = splitCredentials(extractor.stages.validateUrl(input, extractor.config.allowAddress));
  const callerHeaders = authorization && request.headers.authorization === undefined ? {...request.headers, authorization} : request.headers;
  const siteIndex = extractor.config.siteIndex;
  return {
    ...extractor,
    url,
    request,
    deadline,
    returned,
    callerHeaders,
    anyMeta: Object.values(request.meta).some(Boolean),
    askedSite: siteIndex === null ? null : siteFor(siteIndex, url.href),
    alongside: null,
  };
}

/**
 * The input as the URL an error may name: only an http(s) URL that parses (credentials are stripped
 * by the error). Anything else is not echoed, as validateUrl does not echo it.
 */
export function askedUrl(input: unknown): string | undefined {
  if (typeof input !== 'string' && !(input instanceof URL)) return undefined;
  try {
    const url = new URL(String(input));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
