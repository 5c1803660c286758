import type {Snapshot} from '../../parse/parse-html.js';
import {perCall} from '../query.js';

/** What YouTube's player state (`ytInitialPlayerResponse`) says of the video a watch page plays. */
export interface YouTubeState {
  title?: string;
  /** The channel's name (`microformat…ownerChannelName`, else `videoDetails.author`). */
  channel?: string;
  description?: string;
  /** When it was made public (`publishDate`), else uploaded (`uploadDate`): `2023-03-14T07:00:12-07:00`, or a day before 2023. */
  date?: string;
}

/** How far after an object's key its properties are looked for (a description runs to 5000 characters, escaped). */
const objectReach = 64 * 1024;
/** A JSON string literal, read where a key's value starts. */
const jsonString = /"((?:[^"\\]|\\.)*)"/y;

/** The string value of `"key":"…"` in `text[from, from + objectReach)`, unescaped; `prefix` is what sits between the key and the string (`{"simpleText":`). */
function stringAt(text: string, from: number, key: string, prefix = ''): string | undefined {
  if (from === -1) return undefined;
  const needle = `"${key}":${prefix}`;
  const at = text.indexOf(needle, from);
  if (at === -1 || at - from > objectReach) return undefined;
  jsonString.lastIndex = at + needle.length;
  const found = jsonString.exec(text);
  if (found === null) return undefined;
  try {
    const value = (JSON.parse(`"${found[1]!}"`) as string).trim();
    return value === '' ? undefined : value;
  } catch {
    return undefined;
  }
}

/**
 * Reads the few keys the rules want with `indexOf` (the state is 0.3–1 MB; no JSON.parse of it):
 * `videoDetails` (`title`, `author`, `shortDescription`) and `microformat.playerMicroformatRenderer`
 * (`title.simpleText`, `ownerChannelName`, `publishDate`, `uploadDate`).
 */
function readState(snapshot: Snapshot): YouTubeState | null {
  const text = snapshot.marks?.['script:ytInitialPlayerResponse'];
  if (text === undefined) return null;
  const details = text.indexOf('"videoDetails":{');
  const microformat = text.indexOf('"playerMicroformatRenderer":{');
  const state: YouTubeState = {};
  const title = stringAt(text, details, 'title') ?? stringAt(text, microformat, 'title', '{"simpleText":');
  const channel = stringAt(text, microformat, 'ownerChannelName') ?? stringAt(text, details, 'author');
  const description = stringAt(text, details, 'shortDescription');
  const date = stringAt(text, microformat, 'publishDate') ?? stringAt(text, microformat, 'uploadDate');
  if (title !== undefined) state.title = title;
  if (channel !== undefined) state.channel = channel;
  if (description !== undefined) state.description = description;
  if (date !== undefined) state.date = date;
  return state;
}

/** The page's YouTube player state (read once per pickFields call, by the rules that share it), or `null` when it has none. */
export function youtubeState(snapshot: Snapshot): YouTubeState | null {
  return perCall(snapshot, readState);
}
