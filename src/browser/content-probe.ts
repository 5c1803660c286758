/**
 * The part of the content wait that runs inside the page (see content-wait.ts). It is installed
 * into every new document before the page's own scripts run, and serialized by puppeteer: it must
 * not refer to anything outside itself. Its helpers are methods of object literals, because
 * esbuild's `keepNames` (tsx, which runs the bench) wraps named arrow functions in a `__name()` call
 * that would not exist in the page.
 */

/** Where a page stands: 0 nothing yet, 1 described (a title and a description or body text), 2 complete (an image too). */
export type ContentLevel = 0 | 1 | 2;

/** How the in-page probe reads a page, from shell-signs.ts. */
export interface ProbeSetup {
  /** Matches the framework mount points; a page whose mount points are all empty has not rendered yet. */
  mountSelector: string;
  /** Visible body text that counts as a description (the rules read the first paragraph). */
  textLength: number;
}

/** How long the probe's {@link ContentWatch} settles once the content is there, in milliseconds. */
export interface WatchLimits {
  /** The whole watch ends after this long, with `'timeout'`. */
  timeout: number;
  /** Once complete: the DOM must have been still this long... */
  quietComplete: number;
  /** ...or this long after the page became complete, however busy its DOM. */
  capComplete: number;
  /** Once only described: the DOM must have been still this long (an image may still come)... */
  quietDescribed: number;
  /** ...or this long after the page became described. */
  capDescribed: number;
}

/** What ended a watch inside the page. */
export type WatchEnd = 'complete' | 'described' | 'timeout';

/** The probe a document carries, under {@link probeKey}. */
export interface ContentWatch {
  watch(limits: WatchLimits): Promise<WatchEnd>;
}

/** The preview fields a probe reads from the DOM ('' when absent). */
interface PreviewFields {
  title: string;
  description: string;
  image: string;
  /** The page has mount points and none holds text yet. */
  emptyMount: boolean;
}

/** The `Symbol.for` name the probe is kept under on the page's `window`. */
export const probeKey = 'linkpeek.contentProbe';

/**
 * Installs the probe on `window` (top frame only). It notes the preview fields as the server sent
 * them (the `<head>` once `<body>` starts), so that a value only counts once the page's scripts
 * wrote or changed it: a shell's own `<title>React App</title>` is not the content.
 */
export function installContentProbe(key: string, setup: ProbeSetup): void {
  if (window !== window.top) return;
  const titles = 'meta[property="og:title"],meta[name="og:title"],meta[name="twitter:title"],meta[property="twitter:title"]';
  const descriptions =
    'meta[name="description"],meta[property="og:description"],meta[name="og:description"],meta[name="twitter:description"],meta[property="twitter:description"]';
  const images =
    'meta[property="og:image"],meta[name="og:image"],meta[property="og:image:url"],meta[property="og:image:secure_url"],meta[name="twitter:image"],meta[property="twitter:image"],meta[name="twitter:image:src"],link[rel~="image_src"]';
  const read = {
    /** The first non-empty `content` (or a link's `href`) among `selector`'s elements. */
    first(selector: string): string {
      for (const element of Array.from(document.querySelectorAll(selector))) {
        const value = (element.getAttribute(element.localName === 'link' ? 'href' : 'content') ?? '').trim();
        if (value) return value;
      }
      return '';
    },
    /** A JSON-LD string value of one of `keys`, found by pattern (enough to tell it is there). */
    jsonld(text: string, keys: string): string {
      return new RegExp(`"(?:${keys})"\\s*:\\s*"([^"]*\\S[^"]*)"`).exec(text)?.[1] ?? '';
    },
    /** Characters of visible text under `root`, counted until `enough`. */
    text(root: Node, enough: number): number {
      let length = 0;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node && length < enough; node = walker.nextNode()) {
        if (node.parentElement?.closest('script,style,noscript,template,title,svg')) continue;
        length += (node.nodeValue ?? '').replace(/\s+/g, ' ').trim().length;
      }
      return length;
    },
    fields(): PreviewFields {
      const ld = Array.from(document.querySelectorAll('script[type="application/ld+json"]'), (script) => script.textContent ?? '').join('\n');
      const mounts = Array.from(document.querySelectorAll(setup.mountSelector));
      return {
        title: read.first(titles) || document.title.trim() || read.jsonld(ld, 'headline|name'),
        description: read.first(descriptions) || read.jsonld(ld, 'description'),
        image: read.first(images) || (/"(?:image|thumbnailUrl)"\s*:\s*["{[]/.test(ld) ? 'jsonld' : ''),
        // As looksClientRendered: mount points that all hold no text are a shell still waiting for its app.
        emptyMount: mounts.length > 0 && mounts.every((mount) => read.text(mount, 1) === 0),
      };
    },
    level(fields: PreviewFields): ContentLevel {
      if (!fields.title || fields.emptyMount) return 0;
      if (fields.description) return fields.image ? 2 : 1;
      // No description: the rules fall back to the body's first paragraph.
      return document.body && read.text(document.body, setup.textLength) >= setup.textLength ? 1 : 0;
    },
  };

  const parsed = {fields: {title: '', description: '', image: '', emptyMount: false} as PreviewFields, level: 0 as ContentLevel, taken: false};
  // One observer from the document's start: it takes the snapshot once <body> starts (the head as
  // the server sent it, with only the head's own scripts run), keeps the time of the last DOM
  // change (a watch started after a quiet spell need not wait for the settle again), and wakes the watch.
  const clock = {lastChange: performance.now(), onChange: undefined as (() => void) | undefined};
  const probe: ContentWatch & {snapshot(): void} = {
    snapshot() {
      if (parsed.taken) return;
      parsed.taken = true;
      parsed.fields = read.fields();
      parsed.level = read.level(parsed.fields);
    },
    watch(limits) {
      probe.snapshot();
      return new Promise<WatchEnd>((resolve) => {
        const state = {
          level: 0 as ContentLevel,
          since: 0,
          settle: 0 as ReturnType<typeof setTimeout> | 0,
          check() {
            const fields = read.fields();
            const changed = fields.title !== parsed.fields.title || fields.description !== parsed.fields.description || fields.image !== parsed.fields.image;
            let level = read.level(fields);
            // What the server sent already is not what the scripts are writing: a level counts when
            // the page got past the sent one, or a field changed (a complete page getting its real title).
            if (level <= parsed.level && !changed) level = 0;
            const now = performance.now();
            if (level !== state.level) {
              state.level = level;
              state.since = now;
            }
            clearTimeout(state.settle);
            if (level === 0) return;
            const [quiet, cap] = level === 2 ? [limits.quietComplete, limits.capComplete] : [limits.quietDescribed, limits.capDescribed];
            const due = Math.min(clock.lastChange + quiet, state.since + cap);
            state.settle = setTimeout(() => state.end(level === 2 ? 'complete' : 'described'), Math.max(0, due - now));
          },
          end(result: WatchEnd) {
            clock.onChange = undefined;
            observer.disconnect();
            clearTimeout(state.settle);
            clearTimeout(timeout);
            resolve(result);
          },
        };
        const timeout = setTimeout(() => state.end('timeout'), limits.timeout);
        clock.onChange = () => state.check();
        state.check();
      });
    },
  };
  Object.defineProperty(window, Symbol.for(key), {value: probe});

  const observer = new MutationObserver(() => {
    clock.lastChange = performance.now();
    if (document.body) probe.snapshot();
    clock.onChange?.();
  });
  observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  if (document.body) probe.snapshot();
}
