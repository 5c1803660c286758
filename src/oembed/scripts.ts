import {Parser} from 'htmlparser2';
import type {IframeScript} from '../data.js';

export type {IframeScript};

// Attributes that are on by being present: their value (usually "" or their own name) means nothing.
const booleanAttributes: ReadonlySet<string> = new Set(['async', 'defer', 'nomodule']);

/**
 * The external scripts of an oEmbed `html`: each `<script src>` whose `src` resolves against
 * `baseUrl` (the oEmbed answer's URL: the markup is the provider's, so `//platform.x.com/w.js`
 * takes its scheme) to an http(s) URL. Inline scripts and other schemes (`data:`, `javascript:`)
 * are not listed. Pure; never throws.
 * @example listScripts('<script async src="//x.test/w.js" charset="utf-8"></script>', 'https://p.test/oembed')
 * // [{src: 'https://x.test/w.js', async: true, charset: 'utf-8'}]
 */
export function listScripts(html: string, baseUrl: string): IframeScript[] {
  const scripts: IframeScript[] = [];
  const seen = new Set<string>();
  const parser = new Parser({
    onopentag(name, attribs) {
      if (name !== 'script' || attribs.src === undefined) return;
      const src = absoluteHttpUrl(attribs.src, baseUrl);
      if (src === null || seen.has(src)) return;
      seen.add(src);
      const script: IframeScript = {src};
      for (const [attribute, value] of Object.entries(attribs)) {
        if (attribute === 'src') continue;
        script[attribute] = booleanAttributes.has(attribute) ? true : value;
      }
      scripts.push(script);
    },
  });
  parser.end(html);
  return scripts;
}

/** `href` resolved against `base`, when that gives an http(s) URL; else `null`. */
export function absoluteHttpUrl(href: string, base: string): string | null {
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
