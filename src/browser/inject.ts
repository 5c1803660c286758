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
export async function injectIntoPage(page: Page, setup: Injections, javascript = true): Promise<void> {
  if (!injects(setup)) return;
  const add = (name: keyof Injections, code: string): Promise<unknown> => {
    const source = isUrl(code) ? {url: code.trim()} : {content: code};
    // With scripts off, puppeteer's helpers would wait for load events that never reach a script.
    if (name === 'styles') return javascript ? page.addStyleTag(source) : addStyleWithoutScripts(page, source);
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
  await nextFrames(page);
}

/**
 * Waits until what was just changed is laid out and painted: two animation frames in the page, at
 * most 200 ms, timed in Node (a page whose scripts are off runs no callback of its own).
 */
export async function nextFrames(page: Page): Promise<void> {
  const frames = page
    .evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    .catch(() => {});
  await within(frames, 200);
}

/** Waits for `work` at most `ms` milliseconds (timed in Node; the timer is cleared once `work` ends). */
export async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

// How long a stylesheet URL may take to load in a page whose scripts are off, and how often it is looked at.
const sheetWait = 5_000;
const sheetPoll = 50;

/** A `<style>` or `<link rel=stylesheet>` added without waiting on in-page events (scripts are off). */
async function addStyleWithoutScripts(page: Page, source: {url?: string; content?: string}): Promise<void> {
  const marker = `linkpeek-${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    (url: string | null, content: string | null, id: string) => {
      const element = url === null ? document.createElement('style') : document.createElement('link');
      element.id = id;
      if (element instanceof HTMLLinkElement && url !== null) {
        element.rel = 'stylesheet';
        element.href = url;
      } else element.textContent = content ?? '';
      (document.head ?? document.documentElement).append(element);
    },
    source.url ?? null,
    source.content ?? null,
    marker,
  );
  if (source.url === undefined) return;
  for (const started = Date.now(); Date.now() - started < sheetWait; ) {
    const state = await page.evaluate((id: string) => {
      const link = document.getElementById(id) as HTMLLinkElement | null;
      // A sheet that loaded has rules to read (an empty one too); one that failed has none.
      try {
        return link?.sheet ? (link.sheet.cssRules ? 'loaded' : 'pending') : 'pending';
      } catch {
        return 'loaded';
      }
    }, marker);
    if (state === 'loaded') return;
    await new Promise((resolve) => setTimeout(resolve, sheetPoll));
  }
  throw new Error(`The stylesheet ${source.url} did not load.`);
}
