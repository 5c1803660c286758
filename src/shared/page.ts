// The shapes several stages share: the fetched page, its redirect hops and the reader of a large
// body's windows. Imports nothing from linkpeek, so parse/ and rules/ can use a Page without fetch/.
import type {IncomingHttpHeaders} from 'node:http';

/** One redirect hop that was followed. */
export interface Redirect {
  /** The redirect status (301, 302, 303, 307, 308). */
  statusCode: number;
  /** The URL that answered with the redirect. */
  url: string;
}

/**
 * Reads a document a window at a time: its text from `from` to past `end` (positions in it), or
 * `undefined` when `end` is its end. A large body decoded from bytes comes with one (see
 * fetch/decode-body.ts), so that parseHtml never makes the whole text one flat string: a string of
 * over 128 KiB is allocated outside V8's regular heap, page by page, which costs about as much as
 * scanning it.
 */
export type WindowReader = (from: number, end: number) => string | undefined;

/** A fetched, decoded HTML page. */
export interface Page {
  /**
   * `'html'` from fetchTarget, which answers a file (`kind: 'file'`, fetch/file-response.ts) for
   * anything else; absent on pages made elsewhere, which are HTML too.
   */
  kind?: 'html';
  /** The URL asked for, without credentials. */
  requestedUrl: string;
  /** The final URL after redirects. */
  url: string;
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** Media type without parameters, e.g. `text/html`. */
  contentType: string;
  /** The charset the body was decoded with, e.g. `utf-8`, `shift_jis`. */
  charset: string;
  html: string;
  /**
   * Reads `html` a window at a time, when it was decoded from a large ASCII body (see
   * {@link WindowReader}); parseHtml takes it along with `html`. Absent otherwise. Whoever changes
   * `html` drops it.
   */
  windows?: WindowReader;
  /** True when the body was cut: at `maxBodySize`, or short of the deadline (see `cut`). */
  truncated: boolean;
  /**
   * Why the body was cut, when it was: `'maxBodySize'` (the cap, `bodyLimit: 'truncate'`) or
   * `'timeout'` (it was still arriving near the deadline, and what had come was enough) or
   * `'settled'` (the fields asked for were settled once its `<head>` closed: the rest was not read).
   */
  cut?: 'maxBodySize' | 'timeout' | 'settled';
  redirects: Redirect[];
  /**
   * What the site's oEmbed endpoint answered about this page (the answer's members, as decoded), when
   * the page is of a site whose rules read one (docs/sites.md, "oEmbed as a rule source"): the site's
   * `oembed(...)` rules read it. Absent otherwise, and on pages made elsewhere.
   */
  oembed?: OEmbedData;
}

/** An oEmbed answer's members (`title`, `author_name`, `thumbnail_url`, `html`…), as the endpoint sent them. */
export type OEmbedData = Readonly<Record<string, unknown>>;
