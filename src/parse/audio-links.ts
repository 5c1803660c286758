import {charCodeAt, indexOf, lastIndexOf, slice, toLowerCase} from './chars.js';
import type {Snapshot} from './snapshot.js';

/** File extensions of audio files, lowercase (`episode.mp3?dl=1` is one). */
export const audioExtensions: ReadonlySet<string> = new Set(['mp3', 'm4a', 'ogg', 'oga', 'opus', 'wav', 'aac', 'flac']);

/** The lengths of {@link audioExtensions}, longest first (3 and 4). */
const audioExtensionLengths = [...new Set([...audioExtensions].map((extension) => extension.length))].sort((a, b) => b - a);

/** How many audio links {@link recordAudioLink} keeps. */
export const maxAudioLinks = 5;

/**
 * The lowercase extension of a URL's path, without the query or fragment: `/a/ep.MP3?x=1` → `mp3`,
 * `/a/` or `/a.b/c` → `''`. Cheap enough to run on every `<a href>`.
 */
export function fileExtension(url: string): string {
  const end = pathEnd(url);
  const dot = lastIndexOf(url, '.', end - 1);
  if (dot === -1 || end - dot > 6 || lastIndexOf(url, '/', end - 1) > dot) return '';
  return toLowerCase(slice(url, dot + 1, end));
}

/** Whether a URL's path ends in an audio file extension ({@link audioExtensions}), read without slicing the URL's other `<a href>`s. */
export function hasAudioExtension(url: string): boolean {
  const end = pathEnd(url);
  // The dot before an audio extension is at one of a few places: one per extension length. The last
  // dot of the path wins, as in fileExtension, so the shortest length that has a dot is the one.
  for (let index = audioExtensionLengths.length - 1; index >= 0; index--) {
    const length = audioExtensionLengths[index]!;
    if (charCodeAt(url, end - length - 1) === 46) return audioExtensions.has(toLowerCase(slice(url, end - length, end)));
  }
  return false;
}

/** Where a URL's path ends: at its query, its fragment, or the end. */
export function pathEnd(url: string): number {
  let end = url.length;
  const query = indexOf(url, '?');
  if (query !== -1) end = query;
  const hash = indexOf(url, '#');
  if (hash !== -1 && hash < end) end = hash;
  return end;
}

/**
 * Records an `<a>` that links to an audio file: an `href` ending in an audio extension (query string
 * allowed), or a `rel="enclosure"` link typed `audio/*` (podcast pages link their episode file so).
 */
export function recordAudioLink(snapshot: Snapshot, attribs: Record<string, string>): void {
  const href = attribs.href;
  if (href === undefined || (snapshot.audioLinks !== undefined && snapshot.audioLinks.length >= maxAudioLinks)) return;
  const enclosure = attribs.rel !== undefined && attribs.type !== undefined
    && /(^|\s)enclosure(\s|$)/i.test(attribs.rel) && attribs.type.trim().toLowerCase().startsWith('audio/');
  if (!enclosure && !hasAudioExtension(href)) return;
  const trimmed = href.trim();
  if (trimmed === '') return;
  (snapshot.audioLinks ??= []).push(trimmed);
}
