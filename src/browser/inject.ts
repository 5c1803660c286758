import type {Page} from 'puppeteer-core';
import {LinkpeekError} from '../errors.js';
import type {PageSetup} from './provider.js';

/** What {@link injectIntoPage} adds to a page. */
export type Injections = Pick<PageSetup, 'styles' | 'scripts' | 'modules'>;

/** Whether `setup` adds anything to the page. */
export function injects(setup: Injections | undefined): boolean {
  return setup !== undefined && setup.styles.length + setup.scripts.length + setup.modules.length > 0;
}

/** An entry that names a file to load rather than code: an absolute http(s) URL on one line. */
function isUrl(entry: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(entry.trim())) return false;
  try {
    new URL(entry.trim());
    return true;
  } catch {
    return false;
  }
}

/**
 * Adds the caller's `styles` (`<style>`, or `<link rel=stylesheet>` for a URL), then `scripts` and
 * `modules` (`<script>`, `<script type=module>`; a URL as `src`), in that order, to a loaded page.
 * The code runs inside the page only, as the page's own would; a URL is requested by the page, so it
 * goes through the same guard as every other request (address policy, no POST, size caps). An error
 * thrown by an added script is the page's, not the call's.
 * @throws LinkpeekError EINVALOPTION naming the entry whose URL could not be loaded
 */
export async function injectIntoPage(page: Page, setup: Injections): Promise<void> {
  if (!injects(setup)) return;
  const add = (name: keyof Injections, code: string): Promise<unknown> => {
    const source = isUrl(code) ? {url: code.trim()} : {content: code};
    if (name === 'styles') return page.addStyleTag(source);
    return page.addScriptTag(name === 'modules' ? {...source, type: 'module'} : source);
  };
  for (const name of ['styles', 'scripts', 'modules'] as const) {
    const list = setup[name];
    for (const [index, entry] of list.entries()) {
      try {
        await add(name, entry);
      } catch (error) {
        if (!isUrl(entry)) throw error;
        const option = list.length > 1 ? `${name}.${index}` : name;
        const kind = name === 'styles' ? 'a stylesheet' : 'a script';
        throw new LinkpeekError('EINVALOPTION', `Option \`${option}\`: ${entry.trim()} could not be loaded into the page (refused, unreachable or not ${kind}).`, {
          cause: error,
          data: {[option]: 'could not be loaded into the page'},
        });
      }
    }
  }
  // Two frames: what the styles and scripts changed is laid out and painted before the page is read or captured.
  await page.evaluate(() => new Promise((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(resolve));
    setTimeout(resolve, 200);
  })).catch(() => {});
}
