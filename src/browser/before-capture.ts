import type {ElementHandle, Page} from 'puppeteer-core';
import {invalidOption} from '../option-checks.js';
import {nextFrames} from './inject.js';
import type {ResolvedScreenshotOptions} from './provider.js';

/** The screenshot options that change the page before it is captured. */
export type PageChanges = Pick<ResolvedScreenshotOptions, 'hide' | 'remove' | 'click' | 'scroll'>;

/**
 * Readies a loaded page for its capture, in this order: `click` (each selector's first match, in
 * order), `remove` (every match leaves the DOM), `hide` (every match gets `visibility: hidden`, its
 * space kept), `scroll` (the first match is scrolled to the top of the viewport). A selector that
 * matches nothing is skipped. Every selector is the page's own `querySelector` syntax (plain CSS,
 * none of puppeteer's extensions).
 * @throws LinkpeekError EINVALOPTION naming the option whose selector the browser refuses
 */
export async function changePage(page: Page, changes: PageChanges): Promise<void> {
  const {hide, remove, click, scroll} = changes;
  if (hide.length + remove.length + click.length === 0 && scroll === null) return;
  const all: [string, string][] = [
    ...click.map((selector) => ['screenshot.click', selector] as [string, string]),
    ...remove.map((selector) => ['screenshot.remove', selector] as [string, string]),
    ...hide.map((selector) => ['screenshot.hide', selector] as [string, string]),
    ...(scroll === null ? [] : [['screenshot.scroll', scroll] as [string, string]]),
  ];
  const refused = await page.evaluate((entries: [string, string][]) => {
    const fragment = document.createDocumentFragment();
    for (const [, selector] of entries) {
      try {
        fragment.querySelector(selector);
      } catch {
        return entries.findIndex(([, other]) => other === selector);
      }
    }
    return -1;
  }, all);
  const bad = all[refused];
  if (bad) throw invalidOption(bad[0], 'must be a valid CSS selector', bad[1]);

  for (const selector of click) {
    const found = await page.evaluateHandle((css) => document.querySelector(css), selector);
    const element = found.asElement() as ElementHandle<Element> | null;
    if (!element) {
      await found.dispose();
      continue;
    }
    // A real click (scrolled into view, mouse events); an element with no box gets the DOM's click().
    await element.click().catch(() => element.evaluate((node) => (node as HTMLElement).click?.()).catch(() => {}));
    await element.dispose();
  }
  await page.evaluate(
    (removed: string[], hidden: string[], target: string | null) => {
      for (const selector of removed) document.querySelectorAll(selector).forEach((node) => node.remove());
      for (const selector of hidden) {
        document.querySelectorAll(selector).forEach((node) => (node as HTMLElement).style?.setProperty('visibility', 'hidden', 'important'));
      }
      if (target !== null) document.querySelector(target)?.scrollIntoView({block: 'start', inline: 'nearest', behavior: 'instant'});
    },
    remove,
    hide,
    scroll,
  );
  // Two frames: what the clicks and changes caused is laid out and painted before the capture.
  await nextFrames(page);
}
