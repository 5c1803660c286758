/*
 * `npm run accuracy -- --corpus <dir> --strip jsonld,meta,attributes`: the real pages with their
 * metadata taken away before they are served, so the body's rules carry the fields alone. The labels
 * are what a person reads on the page, so a field the body shows must still come back: the misses
 * that appear are the body rules' gaps, the ones a page without that metadata (as many pages of the
 * held-out sets are) would hit. The pages are changed in memory only.
 */

/** What `--strip` can take away. */
export type StripKind = 'jsonld' | 'meta' | 'attributes';

export const stripKinds: readonly StripKind[] = ['jsonld', 'meta', 'attributes'];

const jsonld = /<script\b[^>]*application\/ld\+json[^>]*>[\s\S]*?<\/script\s*>/gi;
// Every <meta> but the charset and viewport ones, which say how to read and lay out the page, not what it is.
const meta = /<meta\b(?![^>]*\bcharset\b)(?![^>]*\bviewport\b)[^>]*>/gi;
// Microdata, a <time>'s machine value and link relations (`rel="author"`): the markup a reader never sees.
const attributes = /\s(?:itemprop|itemtype|itemscope|itemid|datetime|rel)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?(?=[\s/>])/gi;

/** The page without the kinds of metadata named. */
export function stripMetadata(html: string, kinds: readonly StripKind[]): string {
  let out = html;
  if (kinds.includes('jsonld')) out = out.replace(jsonld, '');
  if (kinds.includes('meta')) out = out.replace(meta, '');
  if (kinds.includes('attributes')) out = out.replace(attributes, '');
  return out;
}

/** `jsonld,meta` → the kinds, or an error naming the one that is not known. */
export function parseStripKinds(list: string): StripKind[] {
  const kinds = list.split(',').map((kind) => kind.trim()).filter((kind) => kind !== '');
  for (const kind of kinds) if (!(stripKinds as readonly string[]).includes(kind)) throw new Error(`--strip: unknown kind "${kind}" (known: ${stripKinds.join(', ')})`);
  return kinds as StripKind[];
}
