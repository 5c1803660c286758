import {narrowDeadline, type Deadline} from '../deadline.js';
import {headersAfterRedirects, requestSafely} from '../fetch/http-client.js';
import {readBody} from '../fetch/read-body.js';
import {isWebManifestUrl} from '../shared/web-manifest-url.js';
import type {PingConfig} from './options.js';
import {validateUrl} from '../url/validate-url.js';

/*
 * The web app manifest's icons as logo candidates (issue 12 point 9). The logo rules put the page's
 * `<link rel="manifest">` among the logo candidates, after the large declared icons; ping fetches it
 * (at most one, through requestSafely, within pingTimeout, at most maxManifestBytes) and puts its
 * icons, best first, where it stood. Only when the logo is pinged: with ping off nothing is fetched
 * and the manifest is skipped.
 */

/** The most bytes of a manifest read; a longer one is dropped (real ones are a few KiB). */
export const maxManifestBytes = 256 * 1024;
/** The most icons of one manifest kept as candidates. */
export const maxManifestIcons = 8;

/** What {@link fetchManifestIcons} needs from the call (a `PingRequest` fits). */
export interface ManifestRequest {
  /** Caller headers: sent only when the manifest has the page's origin. */
  headers: Record<string, string>;
  pageUrl: string;
  deadline: Deadline;
}

const accept = 'application/manifest+json, application/json;q=0.9, */*;q=0.1';

interface ManifestIcon { src?: unknown; sizes?: unknown; purpose?: unknown }

/** The largest square side an icon declares (`"192x192 512x512"` → 512, `any` → Infinity), else 0. */
function squareSide(sizes: unknown): number {
  if (typeof sizes !== 'string') return 0;
  let largest = 0;
  for (const token of sizes.toLowerCase().split(/\s+/)) {
    if (token === 'any') return Number.POSITIVE_INFINITY;
    const [width, height] = token.split('x').map(Number);
    if (width !== undefined && Number.isFinite(width) && width === height) largest = Math.max(largest, width);
  }
  return largest;
}

/**
 * The icon URLs of a manifest's JSON text, best brand mark first: `purpose` `any` (or none) before
 * `maskable`-only, `monochrome`-only icons dropped; then the largest declared square first. URLs
 * are resolved against `manifestUrl` (as browsers do), only http(s) kept, at most {@link maxManifestIcons}.
 * @returns `[]` for anything that is not a manifest with icons.
 */
export function manifestIcons(text: string, manifestUrl: string): string[] {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    return [];
  }
  const icons = manifest !== null && typeof manifest === 'object' ? (manifest as {icons?: unknown}).icons : undefined;
  if (!Array.isArray(icons)) return [];
  const ranked = (icons as ManifestIcon[]).flatMap((icon, index) => {
    if (icon === null || typeof icon !== 'object' || typeof icon.src !== 'string') return [];
    const purposes = typeof icon.purpose === 'string' ? icon.purpose.toLowerCase().split(/\s+/).filter(Boolean) : [];
    const general = purposes.length === 0 || purposes.includes('any');
    if (!general && !purposes.includes('maskable')) return [];
    let url: URL;
    try {
      url = new URL(icon.src, manifestUrl);
    } catch {
      return [];
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
    return [{href: url.href, general, side: squareSide(icon.sizes), index}];
  });
  ranked.sort((a, b) => Number(b.general) - Number(a.general) || b.side - a.side || a.index - b.index);
  return [...new Set(ranked.map((icon) => icon.href))].slice(0, maxManifestIcons);
}

/**
 * Fetches a web app manifest and returns its icons (see {@link manifestIcons}), or `[]` when it is
 * refused, unreachable, slower than `config.pingTimeout`, not 2xx, longer than
 * {@link maxManifestBytes} or not a manifest. Never throws: the caller's abort is seen by ping itself.
 */
export async function fetchManifestIcons(manifestUrl: string, request: ManifestRequest, config: PingConfig): Promise<string[]> {
  const deadline = narrowDeadline(request.deadline, config.pingTimeout);
  try {
    // Literal IPs and non-http(s) URLs are refused here, before any socket; names at connect time.
    const target = validateUrl(manifestUrl, config.allowAddress);
    const headers = {...headersAfterRedirects(request.headers, [request.pageUrl, target.href]), accept};
    const response = await requestSafely(target, {method: 'GET', headers, deadline}, config);
    if (response.statusCode < 200 || response.statusCode >= 300) {
      response.body.destroy();
      return [];
    }
    const {bytes, truncated} = await readBody(response.body, maxManifestBytes);
    return truncated ? [] : manifestIcons(bytes.toString('utf8'), response.url);
  } catch {
    return [];
  } finally {
    deadline.dispose();
  }
}

/**
 * The logo candidates with the first web app manifest among them replaced, in place, by its icons
 * (fetched with {@link fetchManifestIcons}); any further manifest is dropped. Candidates the page
 * declared come before the manifest's icons and stay there.
 */
export async function withManifestIcons(candidates: readonly string[], request: ManifestRequest, config: PingConfig): Promise<string[]> {
  const position = candidates.findIndex(isWebManifestUrl);
  if (position === -1) return [...candidates];
  const icons = await fetchManifestIcons(candidates[position]!, request, config);
  const before = candidates.slice(0, position);
  const after = candidates.slice(position + 1).filter((url) => !isWebManifestUrl(url));
  return [...new Set([...before, ...icons, ...after])];
}
