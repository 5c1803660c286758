import type {Candidates, LinkData, MediaField, Screenshot, TextField} from '../data.js';
import type {FileInfo} from '../shared/file-info.js';
import type {FileResponse} from '../fetch/file-response.js';
import {headersAfterRedirects} from '../fetch/http-client.js';
import {mediaFields, metaFields} from '../shared/meta-fields.js';
import type {PageImage, PageImageOptions} from './draw-pdf-page.js';
import {fileCard} from './file-card.js';
import {type CodeText, readCode} from './read-code.js';

/** What {@link fileResult} needs from the `extract()` call: its options, and its stages bound to it. */
export interface FileCall {
  /** The URL asked for, without credentials. */
  requestedUrl: string;
  /** The caller's headers: only those still owed to the file's origin after its redirects are used. */
  headers: Record<string, string>;
  /** The call's deadline (ETIMEOUT) or the caller's abort (EABORTED). */
  signal: AbortSignal;
  /** The `meta` switches: a field turned off is `null`. */
  meta: Partial<Record<TextField | MediaField, boolean>>;
  /** The call's pingUrls: checks the card's candidates (the host's favicon, a feed's image) as a page's. */
  ping: (candidates: Candidates, pageUrl: string, headers: Record<string, string>) => Promise<LinkData>;
  /**
   * The call's takeScreenshot, when `screenshot` is on: it captures `pageUrl` in the browser, or,
   * given `captured` (a PDF's first page drawn here), stores and describes that image.
   */
  screenshot: ((pageUrl: string, headers: Record<string, string>, captured?: PageImage, code?: CodeText) => Promise<Screenshot>) | null;
  /** `screenshot.codeScheme` is set: a JSON, XML or text file's screenshot is of its text, read here and highlighted. */
  code: boolean;
  /** The `screenshot` options a PDF's first page is drawn with (size, type, quality); `null` without `screenshot`. */
  pageImage: PageImageOptions | null;
  /**
   * The call's palette stage, when `palette` is on: adds the colours of `image` and `logo`. `known`
   * holds the bytes already read by URL (the image file itself, or `null` when it could not be
   * read whole): those are not downloaded again.
   */
  palette: ((data: LinkData, pageUrl: string, headers: Record<string, string>, known: ReadonlyMap<string, Uint8Array | null>) => Promise<LinkData>) | null;
}

/** What {@link fileResult} read of a file: `extract()` ends it as it ends a page (the `meta` switches, the envelope). */
export interface FileRead {
  /** The card's fields pinged, the file itself as `image` / `video` / `audio`, with their colours under `palette`. */
  data: LinkData;
  /** With `screenshot`: the capture, or `null` when the file cannot be shown; `undefined` without. */
  screenshot: Screenshot | null | undefined;
  /** What the file was read as. */
  file: FileInfo;
}

/**
 * What `extract()` reads of a target that answered with a file: the card of the files stage
 * (fileCard), its candidates pinged like a page's, the file itself as `image` / `video` / `audio`,
 * and the `file` field saying what it was read as. With `screenshot`, the browser captures the URL
 * when it shows such a file itself (images, video, audio, text, JSON, XML); a PDF's screenshot is
 * its first page, drawn by the files stage (`null` when it cannot be drawn); for anything else the
 * browser would only download (an archive, `Content-Disposition: attachment`) it is `null`. With
 * `palette`, an image file's colours come from its own body, read whole from the same response.
 * @throws LinkpeekError EABORTED; what ping and the screenshot throw for a page.
 */
export async function fileResult(file: FileResponse, call: FileCall): Promise<FileRead> {
  const headers = headersAfterRedirects(call.headers, [call.requestedUrl, ...file.redirects.map((hop) => hop.url), file.url]);
  const on = (field: TextField | MediaField) => call.meta[field] !== false;
  const shown = browserShows(file);
  const take = call.screenshot;
  // Read before the card's own reads (they queue on the same response), so the text is there whole.
  const code = take && shown && call.code ? readCode(file) : null;
  const shot = take && shown ? (code ? code.then((text) => take(file.url, headers, undefined, text ?? undefined)) : take(file.url, headers)) : null;
  const options = {pageImage: call.screenshot && !shown ? call.pageImage : null, wholeImage: call.palette !== null && on('image')};
  const described = fileCard(file, call.signal, options).then(async (card) => {
    const candidates = {...card.candidates};
    for (const field of metaFields) {
      if (on(field)) continue;
      if (mediaFields.has(field)) candidates[field as MediaField] = [];
      else candidates[field as TextField] = null;
    }
    return {card, linkData: await call.ping(candidates, file.url, headers)};
  });
  // A PDF's first page, drawn while it was read, is stored and described as a capture.
  const drawn = described.then(({card}) => (card.pageImage && call.screenshot ? call.screenshot(file.url, headers, card.pageImage) : null));
  const [{card, linkData}, captured, drawnShot] = await Promise.all([described, shot, drawn]);
  const screenshot = captured ?? drawnShot;
  let data: LinkData = {...linkData};
  for (const [field, media] of Object.entries(card.media) as [MediaField, NonNullable<LinkData[MediaField]>][]) {
    if (on(field)) data[field] = media;
  }
  if (call.palette) {
    const known = new Map(card.imageBytes === undefined || !data.image ? [] : [[data.image.url, card.imageBytes]]);
    data = {...data, ...(await call.palette(data, file.url, headers, known))};
  }
  return {data, screenshot: call.screenshot ? screenshot : undefined, file: card.file};
}

// Types Chromium shows in the tab rather than downloading (checked with chromium-headless-shell):
// what it would download leaves nothing to capture.
const shownTypes = /^(image\/|video\/|audio\/|text\/(plain|xml)$|application\/(json|xml)$|application\/[\w.+-]+\+(json|xml)$)/;

function browserShows(file: FileResponse): boolean {
  const disposition = String(file.headers['content-disposition'] ?? '');
  return !/^\s*attachment/i.test(disposition) && shownTypes.test(file.contentType);
}
