import type {PageFacts} from './page-facts.js';
import type {TextPattern, WallMarker} from './signatures.js';

/** The marker types, by the key that names each (what config rows may use). */
export const markerKeys = ['status', 'header', 'cookie', 'host', 'path', 'query', 'redirected', 'title', 'untitled', 'meta', 'link', 'markup'] as const;

export type MarkerKey = (typeof markerKeys)[number];

/** Markers that read the body: read only once a row's cheap markers matched. */
export const costlyMarkers: ReadonlySet<MarkerKey> = new Set(['meta', 'link', 'markup']);

/** The marker's type: the first of {@link markerKeys} it holds. */
export function markerKey(marker: WallMarker): MarkerKey {
  for (const key of markerKeys) if (key in marker) return key;
  throw new TypeError('not a wall marker');
}

/** A marker made ready to test: its evidence when it holds, else null. */
export type MarkerTest = (facts: PageFacts) => string | null;

/** A compiled marker: its test, whether it reads the body, and its rank (cheapest first). */
export interface CompiledMarker {
  test: MarkerTest;
  costly: boolean;
  rank: number;
}

// The order a row's cheap markers are tried in: integer and header lookups first, the title (a
// string search without a snapshot) and the parsed URL last.
const ranks: Record<MarkerKey, number> = {
  status: 0, header: 1, cookie: 2, redirected: 3, untitled: 4, host: 5, title: 6, path: 7, query: 8, meta: 9, link: 10, markup: 11,
};

/**
 * Builds the test of one marker. Strings compare case-insensitively, in the way each marker
 * documents (signatures.ts); patterns are lowercased here once, not on every answer.
 */
export function compileMarker(marker: WallMarker): CompiledMarker {
  const key = markerKey(marker);
  return {test: buildTest(marker), costly: costlyMarkers.has(key), rank: ranks[key]};
}

function buildTest(marker: WallMarker): MarkerTest {
  if ('status' in marker) {
    const statuses = typeof marker.status === 'number' ? [marker.status] : [...marker.status];
    return ({input}) => (statuses.includes(input.statusCode) ? `status ${input.statusCode}` : null);
  }
  if ('header' in marker) {
    const name = marker.header.toLowerCase();
    const value = marker.value === undefined ? undefined : textTest(marker.value, 'equals');
    return (facts) => {
      const values = facts.header(name);
      const found = value === undefined ? values[0] : values.find((each) => value(each.trim()));
      return found === undefined ? null : `header ${name}: ${clip(found)}`;
    };
  }
  if ('cookie' in marker) {
    const name = marker.cookie.toLowerCase();
    return (facts) => {
      const cookies = facts.header('set-cookie').flatMap((line) => line.split('\n'));
      const found = cookies.some((cookie) => cookie.slice(0, cookie.indexOf('=')).trim().toLowerCase() === name);
      return found ? `cookie ${marker.cookie}` : null;
    };
  }
  if ('host' in marker) {
    const pattern = marker.host;
    const test = typeof pattern === 'string' ? domainTest(pattern.toLowerCase()) : (host: string) => pattern.test(host);
    return (facts) => {
      const host = facts.host();
      return host !== null && test(host) ? `host ${host}` : null;
    };
  }
  if ('path' in marker) {
    const test = textTest(marker.path, 'startsWith');
    return (facts) => {
      const path = facts.url()?.pathname;
      return path !== undefined && test(path) ? `path ${clip(path)}` : null;
    };
  }
  if ('query' in marker) {
    const test = textTest(marker.query, 'equals');
    return (facts) => {
      const url = facts.url();
      const name = url ? [...url.searchParams.keys()].find(test) : undefined;
      return name === undefined ? null : `query parameter ${clip(name)}`;
    };
  }
  if ('redirected' in marker) {
    return ({input}) => {
      const hops = input.redirects?.length ?? 0;
      return hops > 0 ? `redirected (${hops} ${hops === 1 ? 'hop' : 'hops'})` : null;
    };
  }
  if ('title' in marker) {
    const test = textTest(marker.title, 'equals');
    return (facts) => {
      const title = facts.title();
      return title !== null && test(title) ? `title ${JSON.stringify(clip(title))}` : null;
    };
  }
  if ('untitled' in marker) return (facts) => (facts.title() === null ? 'no title' : null);
  if ('meta' in marker) {
    const key = marker.meta.toLowerCase();
    const value = marker.value === undefined ? undefined : textTest(marker.value, 'equals');
    return (facts) => {
      const found = facts
        .metas()
        .find((meta) => (meta.property?.toLowerCase() === key || meta.name?.toLowerCase() === key) && (value === undefined || value(meta.content)));
      return found ? `meta ${marker.meta}: ${JSON.stringify(clip(found.content))}` : null;
    };
  }
  if ('link' in marker) {
    const rel = marker.link.toLowerCase();
    const href = marker.href === undefined ? undefined : textTest(marker.href, 'includes');
    return (facts) => {
      const found = facts.links().find((link) => link.rel.split(' ').includes(rel) && (href === undefined || href(link.href)));
      return found ? `link ${marker.link}: ${clip(found.href)}` : null;
    };
  }
  const find = markupFinder(marker.markup);
  return (facts) => {
    const text = find(facts.markup());
    return text === null ? null : `markup ${JSON.stringify(clip(text))}`;
  };
}

/** A human-readable form of the marker, for the docs and for what an absent marker reads as. */
export function describeMarker(marker: WallMarker): string {
  if ('status' in marker) return `status ${typeof marker.status === 'number' ? marker.status : marker.status.join(' or ')}`;
  if ('header' in marker) return `header ${marker.header}${marker.value === undefined ? '' : `: ${show(marker.value)}`}`;
  if ('cookie' in marker) return `cookie ${marker.cookie}`;
  if ('host' in marker) return `host ${show(marker.host)}`;
  if ('path' in marker) return `path ${show(marker.path)}`;
  if ('query' in marker) return `query parameter ${show(marker.query)}`;
  if ('redirected' in marker) return 'redirected';
  if ('title' in marker) return `title ${quote(marker.title)}`;
  if ('untitled' in marker) return 'no title';
  if ('meta' in marker) return `meta ${marker.meta}${marker.value === undefined ? '' : `: ${show(marker.value)}`}`;
  if ('link' in marker) return `link ${marker.link}${marker.href === undefined ? '' : `: ${show(marker.href)}`}`;
  return `markup ${quote(marker.markup)}`;
}

const show = (pattern: TextPattern): string => (typeof pattern === 'string' ? pattern : String(pattern));
const quote = (pattern: TextPattern): string => (typeof pattern === 'string' ? JSON.stringify(pattern) : String(pattern));

function textTest(pattern: TextPattern, how: 'equals' | 'startsWith' | 'includes'): (value: string) => boolean {
  if (typeof pattern !== 'string') return (value) => pattern.test(value);
  const lower = pattern.toLowerCase();
  if (how === 'equals') return (value) => value.toLowerCase() === lower;
  if (how === 'startsWith') return (value) => value.toLowerCase().startsWith(lower);
  return (value) => value.toLowerCase().includes(lower);
}

function domainTest(domain: string): (host: string) => boolean {
  return (host) => host === domain || (host.endsWith(domain) && host[host.length - domain.length - 1] === '.');
}

/** Finds the text of the markup that matches: a string as is first (the usual case), then ignoring case. */
function markupFinder(pattern: TextPattern): (html: string) => string | null {
  if (typeof pattern !== 'string') return (html) => pattern.exec(html)?.[0] ?? null;
  const ignoringCase = /[a-z]/i.test(pattern) ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i') : null;
  return (html) => (html.includes(pattern) ? pattern : (ignoringCase?.exec(html)?.[0] ?? null));
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
