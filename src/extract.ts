import type {ExtractResult} from './data.js';
import {createDeadline} from './deadline.js';
import {LinkpeekError, isLinkpeekError, toLinkpeekError, withUrl} from './errors.js';
import {loadOptionParsers, normalizeConfig, normalizeOptions, type ExtractOptions, type ExtractorConfig, type ResolvedOptions} from './options.js';
import {askedUrl, type Extractor, openCall} from './extract/call.js';
import {describeFile} from './extract/describe-file.js';
import {isFile, readFirst, renderIfNeeded} from './extract/fetch-view.js';
import {finishPage} from './extract/finish-page.js';
import {recover} from './extract/recover.js';
import {askAlongside} from './extract/site-oembed.js';
import {defaultStages, type Stages} from './extract/stages.js';

export {defaultStages, type Stages} from './extract/stages.js';

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
  const extractor: Extractor = {
    config: resolved,
    stages: {...defaultStages, ...overrides},
    // The bundled oEmbed registry is the stage's own default: only a configured list is passed.
    providers: resolved.oembedProviders ? [resolved.oembedProviders] : [],
  };

  /**
   * The spine: each step (src/extract/) takes the call, one object holding the call's URL, options,
   * deadline and what a step leaves for the next. A page is read (parsed, then the rules) once; a
   * step reads it again only when it must: a render, a wall's rung, a site's oEmbed answer.
   */
  return async function extract(input, options = {}) {
    // Every error names the URL asked for (ETIMEOUT and option errors too), as the endpoint's body does.
    const asked = askedUrl(input);
    const named = (error: unknown) => (asked ? withUrl(toLinkpeekError(error), asked) : toLinkpeekError(error));
    let request: ResolvedOptions;
    try {
      await loadOptionParsers(options);
      request = normalizeOptions(options, resolved);
    } catch (error) {
      throw named(error);
    }
    const deadline = createDeadline(request.timeout, request.signal);
    const returned = new AbortController();
    try {
      const call = openCall(input, request, extractor, deadline, returned.signal);
      askAlongside(call); // site oEmbed, for a site that asks for it alongside the page
      const first = await readFirst(call); // fetch, read, detect wall
      if (isFile(first)) return await describeFile(call, first); // the files stage, then the shared finish
      const view = await renderIfNeeded(call, first); // read again in the browser when the page needs scripts
      if (view.wall === null) return await finishPage(call, view, undefined); // site oEmbed after the page, finish
      const recovered = await recover(call, {...view, wall: view.wall}); // the wall's ladder
      return await finishPage(call, recovered.view, recovered.recovery);
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

/** `extract()` with the default, public-only configuration. */
export const extract: Extract = (input, options) => defaultExtract()(input, options);

let shared: Extract | undefined;
// Created on first use so importing linkpeek does no work.
const defaultExtract = (): Extract => (shared ??= createExtractor());
