import {genericMimeTypes, hasBinaryBytes} from '../fetch/file-response.js';
import type {FileKind} from '../shared/file-info.js';
import {mediaTypeByMime} from '../ping/media.js';

/** What a file is taken to be: its media type, the kind of card it gets, and its format name. */
export interface FileType {
  /** Lowercase media type, e.g. `image/png`, `application/pdf`, `application/rss+xml`. */
  mimeType: string;
  kind: FileKind;
  /** Format name as a file extension when known from the type or the bytes (`png`, `pdf`, `rss`, `zip`…). */
  type: string | null;
  /** True when the first bytes, not the Content-Type, decided. */
  sniffed: boolean;
}

// Types the bytes decide: the generic ones, and HTML, which only reaches the files stage when its
// bytes are plainly not HTML.
const genericTypes: ReadonlySet<string> = new Set([...genericMimeTypes, 'text/html', 'application/xhtml+xml']);
const xmlTypes: ReadonlySet<string> = new Set(['text/xml', 'application/xml', 'application/rdf+xml']);
const feedTypes: Record<string, string> = {
  'application/rss+xml': 'rss',
  'application/x-rss+xml': 'rss',
  'application/atom+xml': 'atom',
};
const streamingTypes: ReadonlySet<string> = new Set(['application/vnd.apple.mpegurl', 'application/x-mpegurl', 'application/dash+xml']);
// Images, video and audio by the table ping describes media with; the other files' types after it.
const typeByMime: Record<string, string> = {
  ...mediaTypeByMime,
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'application/json': 'json',
  'application/ld+json': 'jsonld',
  'application/feed+json': 'json',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/tab-separated-values': 'tsv',
  'text/markdown': 'md',
  'text/calendar': 'ics',
  'text/css': 'css',
  'text/javascript': 'js',
  'application/javascript': 'js',
  'text/xml': 'xml',
  'application/xml': 'xml',
  'application/zip': 'zip',
  'application/gzip': 'gz',
  'application/x-gzip': 'gz',
  'application/x-tar': 'tar',
  'application/x-7z-compressed': '7z',
  'application/vnd.rar': 'rar',
  'application/x-rar-compressed': 'rar',
  'application/wasm': 'wasm',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/epub+zip': 'epub',
  ...feedTypes,
};

/**
 * Decides what a file is from its declared Content-Type and its first bytes. A missing or generic
 * type (`application/octet-stream`, or HTML that is plainly not), a `text/*` type over binary
 * bytes, and an XML type (which may be a feed or an SVG) are settled by the bytes: `file-type`'s
 * signatures, else the root element of an XML document, else text or binary. A specific type is
 * kept unless the bytes are plainly something else: an image or a PDF by its signature, or bytes
 * of another known format under an image or PDF type (a PNG sent as `image/jpeg` or as
 * `application/pdf` is a PNG). The URL's extension never decides.
 */
export async function sniffType(declared: string, head: Uint8Array): Promise<FileType> {
  const mime = declared.toLowerCase();
  const signature = async () => {
    // Imported on first use: extracting pages never loads it.
    const {fileTypeFromBuffer} = await import('file-type');
    const found = await fileTypeFromBuffer(head).catch(() => undefined);
    return found && found.mime !== 'application/xml' ? {...describeMime(found.mime), type: typeByMime[found.mime] ?? found.ext, sniffed: true} : null;
  };
  if (genericTypes.has(mime) || (mime.startsWith('text/') && hasBinaryBytes(head))) {
    const found = await signature();
    if (found) return found;
    const xml = xmlRoot(head);
    if (xml !== null) return {...describeMime(xmlMime(xml)), sniffed: true};
    // Nothing known: text is read as text, anything else stays a generic file.
    return {...describeMime(head.length > 0 && !hasBinaryBytes(head) ? 'text/plain' : mime || 'application/octet-stream'), sniffed: true};
  }
  if (xmlTypes.has(mime)) {
    const root = xmlRoot(head);
    if (root !== null && xmlMime(root) !== 'application/xml') return {...describeMime(xmlMime(root)), sniffed: true};
  }
  const served = describeMime(mime);
  const found = head.length > 0 ? await signature() : null;
  if (found && overrules(served, found)) return found;
  return {...served, sniffed: false};
}

// Signatures that leave no doubt about the format. Containers shared by several types (an MP4 with
// audio only, a zip that is a .docx) are left to the Content-Type.
const unambiguousKinds: ReadonlySet<FileKind> = new Set(['image', 'pdf']);

function overrules(served: {kind: FileKind; type: string | null}, found: {kind: FileKind; type: string | null}): boolean {
  // An animated PNG is a PNG.
  const format = (type: string | null) => (type === 'apng' ? 'png' : type);
  if (format(found.type) === format(served.type)) return false;
  return unambiguousKinds.has(found.kind) || unambiguousKinds.has(served.kind);
}

/** The kind and format name of a media type. */
export function describeMime(mime: string): {mimeType: string; kind: FileKind; type: string | null} {
  return {mimeType: mime, kind: kindOf(mime), type: typeByMime[mime] ?? null};
}

function kindOf(mime: string): FileKind {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/') || streamingTypes.has(mime)) return 'video';
  if (mime.startsWith('audio/') || mime === 'application/ogg') return 'audio';
  if (mime === 'application/pdf' || mime === 'application/x-pdf') return 'pdf';
  if (mime in feedTypes) return 'feed';
  return 'file';
}

function xmlMime(root: string): string {
  const local = root.slice(root.indexOf(':') + 1).toLowerCase();
  if (local === 'rss' || local === 'rdf') return 'application/rss+xml';
  if (local === 'feed') return 'application/atom+xml';
  if (local === 'svg') return 'image/svg+xml';
  return 'application/xml';
}

/**
 * The name of the root element when the bytes start like an XML document (after a BOM, the
 * `<?xml?>` declaration, comments and a doctype); `null` otherwise.
 */
export function xmlRoot(head: Uint8Array): string | null {
  let text = Buffer.from(head.subarray(0, 2048)).toString('utf8');
  text = text.replace(/^\uFEFF/, '').replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, '').trimStart();
  return /^<([A-Za-z_][\w.:-]*)[\s/>]/.exec(text)?.[1] ?? null;
}
