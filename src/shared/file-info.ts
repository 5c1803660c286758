// The `file` field of a result: what linkpeek read a non-HTML target as. Imports nothing, so the
// result types in data.ts can name it.

/** What a file can be read as, in the order docs/files.md lists them. */
export const fileKinds = ['image', 'video', 'audio', 'pdf', 'feed', 'file'] as const;

/** What a file was read as: it decides which `data` fields it fills. */
export type FileKind = (typeof fileKinds)[number];

/** Every {@link FileReason}, in the order docs/files.md lists them. */
export const fileReasons = ['empty', 'truncated', 'unreadable', 'too-large', 'timeout'] as const;

/**
 * Why a file's card holds only what its URL and headers say (see docs/files.md):
 * - `empty`: the body is empty;
 * - `truncated`: the body ends before the file does (the connection was cut, or a PDF has no end);
 * - `unreadable`: the bytes are not a valid file of their type (a corrupt image, a broken PDF, a
 *   feed that does not parse);
 * - `too-large`: what the description needs lies past `maxBodySize` and cannot be read by range;
 * - `timeout`: the call's time budget ended while the file was being read.
 */
export type FileReason = (typeof fileReasons)[number];

/**
 * Present in a result when the target answered with a file rather than an HTML page (an image, a
 * PDF, a feed, a zip…). Every key is always there; `null` means unknown.
 */
export interface FileInfo {
  kind: FileKind;
  /** The media type the file was read as: its Content-Type, or what its first bytes are when that is missing, generic or wrong. */
  mimeType: string;
  /** The format as a file extension, e.g. `png`, `pdf`, `rss`, `json`, `csv`, `zip`. */
  type: string | null;
  /** The file's name: `Content-Disposition`'s, else the URL's last path segment, decoded. */
  name: string | null;
  /** Size in bytes: `Content-Length` (or the body itself when it was read whole). */
  size: number | null;
  /** Human form of `size`, e.g. `1.2 MB`. */
  size_pretty: string | null;
  /** The number of pages of a PDF. */
  pages: number | null;
  /** Why the card holds only what the URL and headers say; `null` when the file was read as its type. */
  reason: FileReason | null;
}
