// CONTRACT STUB, to be replaced by the resolve stage.
import type {Candidates} from './data.js';
/** The base for relative URLs: `<base href>` resolved against the page URL, else the page URL. */
export function documentBase(baseHref: string | null, pageUrl: string): string {
  void baseHref;
  return pageUrl;
}
export function resolveUrls(candidates: Candidates, baseUrl: string): Candidates {
  void candidates; void baseUrl;
  throw new Error('not implemented');
}
