import type {Candidates, MediaField} from '../data.js';

const mediaFields: readonly MediaField[] = ['image', 'logo', 'video', 'audio'];

/**
 * Makes `value` an absolute http(s) URL against `baseUrl`, or returns `null`: empty values, bare
 * fragments (`#`, `#top`: they point back at the page itself), unparsable values and every other
 * scheme (`javascript:`, `data:`, `mailto:`, `blob:`…) are dropped. A protocol-relative
 * `//cdn.example/x.png` takes the base's scheme, so an https page yields https URLs (spec §4.1 rule 8).
 * @example absoluteUrl('../a.png', 'https://example.com/b/c/') // 'https://example.com/b/a.png'
 */
export function absoluteUrl(value: string, baseUrl: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return null;
  let url: URL;
  try {
    url = new URL(trimmed, baseUrl);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

/**
 * The base for relative URLs: `<base href>` resolved against the page URL when that yields an http(s)
 * URL, else the page URL.
 * @example documentBase('/static/', 'https://example.com/a/b') // 'https://example.com/static/'
 */
export function documentBase(baseHref: string | null, pageUrl: string): string {
  if (baseHref === null) return pageUrl;
  return absoluteUrl(baseHref, pageUrl) ?? pageUrl;
}

/**
 * Resolves `url` and every media candidate against `baseUrl` (see {@link absoluteUrl}), drops the
 * ones that are not http(s), and removes duplicates that appear after resolution, keeping the first
 * (best) position. Text fields are returned unchanged. Pure: the input is not modified.
 * @example resolveUrls({...candidates, image: ['/a.png', 'https://x.test/a.png']}, 'https://x.test/')
 * // image: ['https://x.test/a.png']
 */
export function resolveUrls(candidates: Candidates, baseUrl: string): Candidates {
  const resolved: Candidates = {
    ...candidates,
    url: candidates.url === null ? null : absoluteUrl(candidates.url, baseUrl),
  };
  for (const field of mediaFields) {
    const seen = new Set<string>();
    for (const candidate of candidates[field]) {
      const url = absoluteUrl(candidate, baseUrl);
      if (url !== null) seen.add(url);
    }
    resolved[field] = [...seen];
  }
  return resolved;
}
