/** A parsed `Content-Type` header. */
export interface ContentType {
  /** Lowercase media type without parameters, e.g. `text/html`; `''` when the header is missing or unusable. */
  mimeType: string;
  /** The `charset` parameter as sent (unquoted), or `null`. */
  charset: string | null;
}

/** Media types read as HTML documents. */
export const htmlMimeTypes: ReadonlySet<string> = new Set(['text/html', 'application/xhtml+xml']);

/**
 * Parses a `Content-Type` header value into its media type and `charset` parameter.
 * @example parseContentType('Text/HTML; Charset="Shift_JIS"') // { mimeType: 'text/html', charset: 'Shift_JIS' }
 */
export function parseContentType(header: string | undefined): ContentType {
  if (!header) return {mimeType: '', charset: null};
  const [type = '', ...parameters] = header.split(';');
  const mimeType = type.trim().toLowerCase();
  let charset: string | null = null;
  for (const parameter of parameters) {
    const equals = parameter.indexOf('=');
    if (equals === -1 || parameter.slice(0, equals).trim().toLowerCase() !== 'charset') continue;
    const value = parameter.slice(equals + 1).trim().replace(/^"(.*)"$/s, '$1').trim();
    if (value !== '') charset = value;
    break;
  }
  return {mimeType: /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/.test(mimeType) ? mimeType : '', charset};
}

// WHATWG MIME Sniffing §7.1, "identifying an unknown MIME type": the HTML patterns, each
// followed by a space or `>`.
const htmlPatterns = [
  '<!doctype html',
  '<html',
  '<head',
  '<script',
  '<iframe',
  '<h1',
  '<div',
  '<font',
  '<table',
  '<a',
  '<style',
  '<title',
  '<b',
  '<body',
  '<br',
  '<p',
  '<!--',
];

/**
 * True when the first bytes of a body without a Content-Type look like an HTML document
 * (WHATWG MIME Sniffing: optional BOM and whitespace, then a tag such as `<!DOCTYPE html`, `<html`, `<p`).
 */
export function looksLikeHtml(firstBytes: Uint8Array): boolean {
  let start = firstBytes[0] === 0xef && firstBytes[1] === 0xbb && firstBytes[2] === 0xbf ? 3 : 0;
  while (start < firstBytes.length && [0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(firstBytes[start] ?? -1)) start++;
  const head = Buffer.from(firstBytes.subarray(start, start + 16)).toString('latin1').toLowerCase();
  return htmlPatterns.some((pattern) => {
    const next = head.charCodeAt(pattern.length);
    return head.startsWith(pattern) && (next === 0x20 || next === 0x3e);
  });
}
