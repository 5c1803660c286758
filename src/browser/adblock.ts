import {missingDependency} from '../errors.js';
import {noteTaker} from '../shared/call-notes.js';
import {isMissingPackage, loadOptional} from '../shared/load-optional.js';
import {bundledFilters} from './adblock-list.js';
import type {BlockableRequest, RequestBlocker} from './page-guard.js';

/** The call note counting the requests `adblock` blocked (the endpoint's `Server-Timing: adblock;desc=N`). */
export const blockedNote = 'adblock';
/** The call note saying `adblock` was on but its package is missing, so nothing was blocked. */
export const unavailableNote = 'adblock-unavailable';
/** The optional package whose filter engine `adblock` runs. */
export const adblockPackage = '@ghostery/adblocker';

interface Matcher {
  blocks(request: BlockableRequest): boolean;
}

// Parsed engines by list text: parsing is the costly part (~ms for the bundled list, ~1 s for
// EasyList), and a list is config, the same for every call.
const engines = new Map<string, Promise<Matcher>>();

function engineFor(filters: string): Promise<Matcher> {
  let engine = engines.get(filters);
  if (!engine) {
    engine = loadOptional(adblockPackage, () => import('@ghostery/adblocker'), (name, cause) => missingDependency(name, 'The `adblock` option', cause)).then(
      ({FiltersEngine, Request}) => {
        const parsed = FiltersEngine.parse(filters, {loadCosmeticFilters: false, loadNetworkFilters: true});
        return {
          blocks: ({url, sourceUrl, type}) => parsed.match(Request.fromRawDetails({url, sourceUrl, type: type as never})).match,
        };
      },
    );
    engines.set(filters, engine);
    // A failed load is not kept: the package may be installed later.
    engine.catch(() => engines.delete(filters));
  }
  return engine;
}

/**
 * The blocker of one browser page when `adblock` is on: the list linkpeek ships, plus the config's
 * `adblockFilters` (`filters`) when it has some, matched by Ghostery's engine, loaded on first use. Each blocked request is
 * counted in the call's notes. Without the package, the page loads unblocked and the call notes
 * why (`adblock-unavailable`) rather than failing: `adblock` is on by default, and a missing
 * optional package must not break every screenshot.
 * @throws whatever loading the package throws besides its absence (a broken install)
 */
export async function pageBlocker(enabled: boolean, filters: string | null = null): Promise<RequestBlocker | undefined> {
  if (!enabled) return undefined;
  const note = noteTaker();
  let matcher: Matcher;
  try {
    matcher = await engineFor(filters ? `${bundledFilters}\n${filters}` : bundledFilters);
  } catch (error) {
    if (!isMissingPackage((error as {cause?: unknown}).cause, adblockPackage)) throw error;
    note(unavailableNote);
    return undefined;
  }
  note(blockedNote, 0);
  return {
    blocks: (request) => {
      try {
        return matcher.blocks(request);
      } catch {
        // A URL the engine cannot read is not an ad it knows.
        return false;
      }
    },
    onBlocked: () => note(blockedNote),
  };
}
