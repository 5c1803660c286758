import type {Candidates, Media} from '../data.js';
import type {FileResponse} from '../fetch/file-response.js';
import {describeFeed} from './describe-feed.js';
import {describeFile} from './describe-file.js';
import {describeImage} from './describe-image.js';
import {describeMediaFile} from './describe-media.js';
import {describePdf} from './describe-pdf.js';
import type {PageImage, PageImageOptions} from './draw-pdf-page.js';
import type {FileInfo, FileReason} from '../shared/file-info.js';
import {readFailure} from './read-probe.js';
import {type FileType, sniffType} from './sniff-type.js';

/** The preview of a file: fields for ping to check, the file itself as media, and what it was read as. */
export interface FileCard {
  /** Text fields, and media candidates ping verifies like a page's (a feed's image, the host's favicon). */
  candidates: Candidates;
  /** The file itself as `data.image`, `data.video` or `data.audio`, described from the bytes already read. */
  media: Partial<Record<'image' | 'video' | 'audio', Media>>;
  /** The result's `file` field. */
  file: FileInfo;
  /** A PDF's first page drawn, when {@link FileCardOptions.pageImage} asked for it and it could be drawn. */
  pageImage?: PageImage;
  /**
   * An image file's whole body, when {@link FileCardOptions.wholeImage} asked for it: `null` when it
   * could not be read whole (larger than `maxBodySize`, cut, out of time).
   */
  imageBytes?: Uint8Array | null;
}

/** What {@link fileCard} reads or makes beyond the card itself. */
export interface FileCardOptions {
  /** Draw a PDF's first page (for `screenshot`). */
  pageImage?: PageImageOptions | null;
  /** Read an image file whole, up to `maxBodySize` (for `palette`: the colours come from these bytes, not a second download). */
  wholeImage?: boolean;
}

/**
 * Describes a non-HTML answer as a card shaped like a page's `data`: decided by Content-Type, or
 * by the first bytes when that is missing, generic or wrong (`sniffType`); an image, video or
 * audio file becomes its own `image` / `video` / `audio`, a PDF and a feed fill the text fields
 * from their metadata, anything else gets the URL-and-headers card (`describeFile`). A body that
 * cannot be read as its type (empty, cut, corrupt, too large, out of time) still gets that card,
 * with `file.reason` saying why. Reads no more of the body than the description needs (and an
 * image whole with `options.wholeImage`; a PDF's first page is drawn with `options.pageImage`), and closes
 * the connection before it resolves.
 * @throws LinkpeekError EABORTED when the caller aborts the call through `signal`.
 */
export async function fileCard(file: FileResponse, signal: AbortSignal, options: FileCardOptions = {}): Promise<FileCard> {
  try {
    const type = await sniffType(file.contentType, file.head);
    const base = describeFile(file, type);
    const card: FileCard = {candidates: base.candidates, media: {}, file: base.file};
    // A PDF's first page asked for and not drawn says why, as the file does.
    const screenshotReason = (reason: FileReason) => (type.kind === 'pdf' && options.pageImage ? reason : null);
    const minimal = (reason: FileReason): FileCard => ({...card, file: {...card.file, reason, screenshotReason: screenshotReason(reason)}});
    if (file.complete && file.head.length === 0) return minimal('empty');
    try {
      return await describeKind(card, file, type, signal, options);
    } catch (error) {
      // A body cut by the deadline or the connection still has its URL-and-headers card.
      const reason = readFailure(error);
      if (reason === null) throw error;
      return minimal(reason);
    }
  } finally {
    file.close();
  }
}

async function describeKind(card: FileCard, file: FileResponse, type: FileType, signal: AbortSignal, options: FileCardOptions): Promise<FileCard> {
  const {candidates} = card;
  switch (type.kind) {
    case 'image': {
      const {media, reason, bytes} = await describeImage(file, type, options.wholeImage === true);
      return {...card, media: {image: media}, file: {...card.file, reason}, ...(options.wholeImage ? {imageBytes: bytes ?? null} : {})};
    }
    case 'video':
    case 'audio': {
      const {media, reason} = await describeMediaFile(file, type, type.kind);
      return {...card, media: {[type.kind]: media}, file: {...card.file, reason}};
    }
    case 'pdf': {
      const pdf = await describePdf(file, signal, options.pageImage ?? null);
      // The PDF's own dates first; the server's Last-Modified stands in for a missing ModDate.
      const dateModified = pdf.dateModified ?? candidates.dateModified ?? null;
      return {
        ...card,
        candidates: {
          ...candidates,
          title: pdf.title ?? candidates.title,
          description: pdf.description,
          author: pdf.author,
          lang: pdf.lang ?? candidates.lang,
          datePublished: pdf.datePublished,
          dateModified,
          date: dateModified ?? pdf.datePublished,
        },
        file: {...card.file, pages: pdf.pages, reason: pdf.reason, screenshotReason: pdf.imageReason},
        ...(pdf.image ? {pageImage: pdf.image} : {}),
      };
    }
    case 'feed': {
      const feed = await describeFeed(file);
      return {
        ...card,
        candidates: {
          ...candidates,
          title: feed.title ?? candidates.title,
          description: feed.description,
          author: feed.author,
          lang: feed.lang ?? candidates.lang,
          date: feed.date ?? candidates.date,
          dateModified: feed.date ?? candidates.dateModified ?? null,
          image: feed.image === null ? [] : [feed.image],
        },
        file: {...card.file, type: feed.type ?? card.file.type, reason: feed.reason},
      };
    }
    default:
      return card;
  }
}
