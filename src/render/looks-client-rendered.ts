import {Parser} from 'htmlparser2';
import {mountAttribute, mountIds as mountIdList, mountTags as mountTagList, shellTextLength} from '../browser/shell-signs.js';
import type {Candidates} from '../data.js';

// The mount points frameworks render into: the same list tells the rendered page's wait (browser/
// content-probe.ts) when the app has filled one.
const mountIds = new Set(mountIdList);
const mountTags = new Set(mountTagList);
// Elements whose text is not visible page text.
const hiddenText = new Set(['script', 'style', 'noscript', 'template', 'title', 'head', 'svg']);
const noscriptAsksForJs = /\b(enable|turn on|activate|allow)\b[^.]{0,40}\bjavascript\b|\bjavascript\b[^.]{0,40}\b(required|disabled|needed|must be enabled|is off|to run this app)\b|\b(requires?|needs?)\b[^.]{0,20}\bjavascript\b/i;

export {shellTextLength};

/** What one pass over the HTML saw, for {@link looksClientRendered}. */
export interface ShellSignals {
  /** Characters of visible body text (outside scripts, styles, noscript, templates), whitespace folded. */
  textLength: number;
  /** `<script>` elements, inline or not. */
  scripts: number;
  /** A framework mount point (`#root`, `#app`, `#__next`, `<app-root>`...) that holds no text. */
  emptyMount: boolean;
  /** A `<noscript>` asking the reader to turn JavaScript on. */
  noscriptAsksForJs: boolean;
}

/**
 * Says whether a statically fetched page looks client-rendered, so that `prerender: 'auto'` renders
 * it: its title, description or image is missing (a page with all three never does) and its HTML
 * is a shell: an empty framework mount point with scripts, a `<noscript>` asking for JavaScript,
 * or almost no body text but scripts. Returns the reason (`'empty-mount'`, `'noscript'`,
 * `'no-text'`), or `null`.
 */
export function looksClientRendered(html: string, candidates: Pick<Candidates, 'title' | 'description' | 'image'>): string | null {
  if (candidates.title && candidates.description && candidates.image.length > 0) return null;
  const signals = readShellSignals(html);
  if (signals.scripts === 0) return null;
  if (signals.emptyMount) return 'empty-mount';
  if (signals.noscriptAsksForJs && signals.textLength < shellTextLength * 5) return 'noscript';
  if (signals.textLength < shellTextLength) return 'no-text';
  return null;
}

/** One htmlparser2 pass collecting {@link ShellSignals}. */
export function readShellSignals(html: string): ShellSignals {
  const signals: ShellSignals = {textLength: 0, scripts: 0, emptyMount: false, noscriptAsksForJs: false};
  // Open elements, and whether each is a mount point.
  const stack: {name: string; mount: boolean}[] = [];
  let hidden = 0;
  let noscriptText = '';
  let inNoscript = 0;
  let mountsOpen = 0;
  let mountSeen = false;
  let mountHadText = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const mount = mountTags.has(name) || (attributes.id !== undefined && mountIds.has(attributes.id)) || mountAttribute in attributes;
        stack.push({name, mount});
        if (name === 'script') signals.scripts++;
        if (hiddenText.has(name)) hidden++;
        if (name === 'noscript') inNoscript++;
        if (mount) {
          mountsOpen++;
          mountSeen = true;
        }
      },
      ontext(text) {
        if (inNoscript > 0) noscriptText += text;
        if (hidden > 0) return;
        const length = text.replace(/\s+/g, ' ').trim().length;
        signals.textLength += length;
        if (length > 0 && mountsOpen > 0) mountHadText = true;
      },
      onclosetag(name) {
        const index = stack.map((open) => open.name).lastIndexOf(name);
        if (index < 0) return;
        for (const open of stack.splice(index)) {
          if (hiddenText.has(open.name)) hidden--;
          if (open.name === 'noscript') inNoscript--;
          if (open.mount) mountsOpen--;
        }
      },
    },
    {decodeEntities: true},
  );
  parser.end(html);
  signals.emptyMount = mountSeen && !mountHadText;
  signals.noscriptAsksForJs = noscriptAsksForJs.test(noscriptText);
  return signals;
}
