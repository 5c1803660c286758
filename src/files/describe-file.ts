import type {Candidates} from '../data.js';
import type {FileResponse} from '../fetch/file-response.js';
import {prettySize, sizeFromHeaders} from '../ping/media.js';
import type {FileInfo} from '../shared/file-info.js';
import {fileName, titleFromFileName} from './file-name.js';
import type {FileType} from './sniff-type.js';
import {headerDate, headerLang, publisherOf} from './text-fields.js';

/** The card of any file from what its URL and headers say, before its bytes add to it. */
export interface BaseCard {
  candidates: Candidates;
  file: FileInfo;
}

/**
 * The card every file gets, whatever it is (JSON, text, CSV, XML, an archive…): title = the file
 * name without its extension (`Content-Disposition` before the URL), publisher = the host,
 * `date` = `Last-Modified`, `lang` = `Content-Language`, `url` = the final URL, and in `file` the
 * name, size (`Content-Length`, or the body when it was read whole) and type. The favicon of the
 * host is the logo candidate (pinged as for a page).
 */
export function describeFile(file: FileResponse, type: FileType): BaseCard {
  const name = fileName(file.url, headerValue(file.headers['content-disposition']));
  const size = sizeFromHeaders(file.statusCode === 206 ? 206 : 200, file.headers) ?? (file.complete ? file.head.length : null);
  const modified = headerDate(file.headers, 'last-modified');
  const candidates: Candidates = {
    title: name === null ? publisherOf(file.url) : titleFromFileName(name),
    description: null,
    lang: headerLang(file.headers),
    author: null,
    publisher: publisherOf(file.url),
    date: modified,
    datePublished: null,
    dateModified: modified,
    url: file.url,
    image: [],
    logo: faviconOf(file.url),
    video: [],
    audio: [],
  };
  const extension = name === null ? null : (/\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase() ?? null);
  return {
    candidates,
    file: {
      kind: type.kind,
      mimeType: type.mimeType,
      servedType: file.contentType === '' ? null : file.contentType,
      type: type.type ?? extension,
      name,
      size,
      size_pretty: prettySize(size),
      pages: null,
      reason: null,
      screenshotReason: null,
    },
  };
}

function faviconOf(url: string): string[] {
  try {
    return [new URL('/favicon.ico', url).href];
  } catch {
    return [];
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
