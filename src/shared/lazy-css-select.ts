import {createRequire} from 'node:module';

type CssSelect = typeof import('css-select');

let loaded: CssSelect | undefined;

/**
 * Loads css-select (about 40 ms of CPU, with css-what, nth-check and boolbase), which only CSS
 * selectors need: the `data` rules and `screenshot.hide`, `remove`, `click`, `scroll`. `import('linkpeek')`
 * does not load it; extract() and the endpoint await this before they check options that hold
 * selectors (src/options.ts `loadOptionParsers`), so the synchronous checks and `applyDataRules` find it.
 */
export async function loadCssSelect(): Promise<CssSelect> {
  loaded ??= await import('css-select');
  return loaded;
}

/**
 * css-select for the synchronous callers: the module {@link loadCssSelect} loaded, or, for a
 * caller of the stages that did not go through it, css-select required here (Node 20.19 and later
 * require an ES module synchronously). A cache of the loaded module: no data of a call outlives it.
 */
export function cssSelect(): CssSelect {
  loaded ??= createRequire(import.meta.url)('css-select') as CssSelect;
  return loaded;
}
