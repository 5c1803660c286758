import {Parser} from 'htmlparser2';

/** What the Wappalyzer rules read from a page, from what was already fetched. */
export interface PageSignals {
  url: string;
  /** Lowercase header names, each with its values. */
  headers: Record<string, string[]>;
  /** Cookie names (as set by `set-cookie`) with their values. */
  cookies: Record<string, string[]>;
  /** `<meta name|property>` (lowercase) with their `content`s. */
  meta: Record<string, string[]>;
  /** The `src` of every `<script>`, each once. */
  scriptSrc: string[];
  /** The HTML the `html` patterns run on. */
  html: string;
}

// The `html` patterns are regular expressions run over the markup: on a long page only its start and
// end are searched, where generators, frameworks and their footers leave their marks (Wappalyzer's
// own driver bounds it the same way), so a 5 MB page costs what a 100 kB one does.
const htmlEdge = 50_000;

/**
 * Reads the signals the technology rules match, from the page's final response headers and its HTML
 * (one htmlparser2 pass: the `<meta>` tags and the script sources). No request is made.
 */
export function pageSignals(page: {url: string; headers: Record<string, string | string[] | undefined>; html: string}): PageSignals {
  const headers: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(page.headers)) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value : [value];
  }
  const cookies: Record<string, string[]> = {};
  for (const line of headers['set-cookie'] ?? []) {
    const pair = line.split(';', 1)[0] ?? '';
    const equals = pair.indexOf('=');
    if (equals <= 0) continue;
    const name = pair.slice(0, equals).trim().toLowerCase();
    (cookies[name] ??= []).push(pair.slice(equals + 1).trim());
  }
  const meta: Record<string, string[]> = {};
  const scripts = new Set<string>();
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (tag === 'meta') {
          const key = (attributes.name ?? attributes.property)?.trim().toLowerCase();
          if (key && attributes.content !== undefined) (meta[key] ??= []).push(attributes.content);
        } else if (tag === 'script' && attributes.src?.trim()) {
          scripts.add(resolve(attributes.src.trim(), page.url));
        }
      },
    },
    {decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true},
  );
  parser.end(page.html);
  const html = page.html.length > htmlEdge * 2 ? `${page.html.slice(0, htmlEdge)}\n${page.html.slice(-htmlEdge)}` : page.html;
  return {url: page.url, headers, cookies, meta, scriptSrc: [...scripts], html};
}

function resolve(src: string, base: string): string {
  try {
    return new URL(src, base).href;
  } catch {
    return src;
  }
}
