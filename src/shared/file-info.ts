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

/** Every {@link ScreenshotReason}, in the order docs/files.md lists them. */
export const screenshotReasons = [...fileReasons, 'unavailable'] as const;

/**
 * Why a PDF's first page was not drawn for `screenshot` (see docs/files.md): the file's own
 * {@link FileReason} when the PDF could not be read; `too-large` when the page is past the drawing
 * limits (an image over the pixel limit, the worker's memory limit); `timeout` when the call's
 * `timeout` ended while the page was read or drawn (the drawing is stopped); `unreadable` when
 * pdf.js cannot draw the page; `unavailable` when the canvas cannot load on this platform.
 */
export type ScreenshotReason = (typeof screenshotReasons)[number];

/**
 * Present in a result when the target answered with a file rather than an HTML page (an image, a
 * PDF, a feed, a zip…). Every key is always there; `null` means unknown.
 */
export interface FileInfo {
  kind: FileKind;
  /** The media type the file was read as: what its first bytes are when they say (a known signature), else its Content-Type. */
  mimeType: string;
  /** The media type the server sent (`Content-Type` without parameters), `null` when none: differs from `mimeType` when the bytes overruled it. */
  servedType: string | null;
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
  /** Why a PDF's `screenshot` is `null` when one was asked for; `null` otherwise (drawn, not asked, or not a PDF). */
  screenshotReason: ScreenshotReason | null;
}
