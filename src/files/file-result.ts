import type {Candidates, ExtractResult, LinkData, MediaField, Screenshot, TextField} from '../data.js';
import type {FileResponse} from '../fetch/file-response.js';
import {headersAfterRedirects} from '../fetch/http-client.js';
import {responseHeaders} from '../fetch/response-headers.js';
import {fileCard} from './file-card.js';

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
  /** Whether `iframe` was asked for: a file has no oEmbed markup, so it is `null`. */
  iframe: boolean;
  /** The call's pingUrls: checks the card's candidates (the host's favicon, a feed's image) as a page's. */
  ping: (candidates: Candidates, pageUrl: string, headers: Record<string, string>) => Promise<LinkData>;
  /** The call's takeScreenshot, when `screenshot` is on. */
  screenshot: ((pageUrl: string, headers: Record<string, string>) => Promise<Screenshot>) | null;
}

const metaFields: readonly (TextField | MediaField)[] = [
  'title', 'description', 'lang', 'author', 'publisher', 'date', 'datePublished', 'dateModified', 'url', 'image', 'logo', 'video', 'audio',
];
const mediaFields: ReadonlySet<string> = new Set(['image', 'logo', 'video', 'audio']);

/**
 * The result of `extract()` for a target that answered with a file: the card of the files stage
 * (fileCard), its candidates pinged like a page's, the file itself as `image` / `video` / `audio`,
 * and the `file` field saying what it was read as. With `screenshot`, the browser captures the URL
 * when it shows such a file itself (images, video, audio, text, JSON, XML); for one it would only
 * download (a PDF, an archive, `Content-Disposition: attachment`) `data.screenshot` is `null`.
 * @throws LinkpeekError EABORTED; what ping and the screenshot throw for a page.
 */
export async function fileResult(file: FileResponse, call: FileCall): Promise<ExtractResult> {
  const headers = headersAfterRedirects(call.headers, [call.requestedUrl, ...file.redirects.map((hop) => hop.url), file.url]);
  const on = (field: TextField | MediaField) => call.meta[field] !== false;
  const shot = call.screenshot && browserShows(file) ? call.screenshot(file.url, headers) : null;
  const described = fileCard(file, call.signal).then(async (card) => {
    const candidates = {...card.candidates};
    for (const field of metaFields) {
      if (on(field)) continue;
      if (mediaFields.has(field)) candidates[field as MediaField] = [];
      else candidates[field as TextField] = null;
    }
    return {card, linkData: await call.ping(candidates, file.url, headers)};
  });
  const [{card, linkData}, screenshot] = await Promise.all([described, shot]);
  const data: ExtractResult['data'] = {...linkData};
  for (const [field, media] of Object.entries(card.media) as [MediaField, NonNullable<LinkData[MediaField]>][]) {
    if (on(field)) data[field] = media;
  }
  // `url` falls back to the file's URL in ping: a field turned off is null all the same.
  for (const field of metaFields) if (!on(field)) data[field] = null;
  if (call.iframe) data.iframe = null;
  if (call.screenshot) data.screenshot = screenshot;
  return {
    status: 'success',
    data,
    statusCode: file.statusCode,
    redirects: file.redirects,
    headers: responseHeaders(file.headers),
    prerendered: false,
    file: card.file,
  };
}

// Types Chromium shows in the tab rather than downloading (checked with chromium-headless-shell):
// what it would download leaves nothing to capture.
const shownTypes = /^(image\/|video\/|audio\/|text\/(plain|xml)$|application\/(json|xml)$|application\/[\w.+-]+\+(json|xml)$)/;

function browserShows(file: FileResponse): boolean {
  const disposition = String(file.headers['content-disposition'] ?? '');
  return !/^\s*attachment/i.test(disposition) && shownTypes.test(file.contentType);
}
