import {isAscii} from 'node:buffer';
import type {WindowReader} from '../shared/page.js';

/** A body turned into text, with the encoding that was used. */
export interface DecodedBody {
  text: string;
  /** WHATWG name of the encoding used, e.g. `utf-8`, `windows-1252`, `shift_jis`, `gbk`. */
  charset: string;
  /**
   * For a large ASCII body: reads `text` a window at a time, to be passed to parseHtml with it
   * (`parseHtml(text, windows)`), which then never flattens the whole text. Absent otherwise.
   */
  windows?: WindowReader;
}

/** How many leading bytes the `<meta>` prescan looks at (WHATWG HTML §13.2.3.2). */
export const prescanLength = 1024;

/**
 * Decodes an HTML body with the WHATWG encoding-sniffing order: a byte order mark, then the
 * Content-Type `charset` (`headerCharset`), then a `<meta charset>` / `<meta http-equiv>` prescan
 * of the first 1024 bytes, else UTF-8. Unknown labels are skipped; bad bytes become U+FFFD.
 * @example decodeBody(bytes, 'shift_jis') // { text: '日本語…', charset: 'shift_jis' }
 */
export function decodeBody(bytes: Uint8Array, headerCharset?: string | null): DecodedBody {
  const charset = detectCharset(bytes, headerCharset);
  // Most pages are pure ASCII (non-ASCII text written as entities): in an encoding that keeps ASCII
  // bytes as they are, a byte-for-byte copy is the same text, made several times faster than by
  // TextDecoder (which validates and converts), and as a one-byte string.
  if (!asciiUnsafe.has(charset) && isAscii(bytes)) {
    const buffer = bufferOf(bytes);
    if (bytes.length <= windowedLength || bytes.length > externalLength) return {text: buffer.toString('latin1'), charset};
    // A large one is returned as a concatenation of pieces (a rope: nothing copies it whole until
    // something reads it so), with a reader of its windows, each a regular string decoded from the
    // bytes, for parseHtml (see WindowReader): made whole, it would be allocated page by page.
    let text = '';
    for (let start = 0; start < bytes.length; start += windowStep) text += buffer.toString('latin1', start, Math.min(start + windowStep, bytes.length));
    const windows: WindowReader = (from, end) => (end >= bytes.length ? undefined : buffer.toString('latin1', from, Math.min(end + windowStep, bytes.length)));
    return {text, charset, windows};
  }
  if (charset === 'windows-1252') return {text: decodeWindows1252(bytes), charset};
  // TextDecoder removes a BOM that matches the encoding, as the spec's decode does.
  return {text: new TextDecoder(charset).decode(bytes), charset};
}

/**
 * ASCII bodies longer than this (bytes) are read in windows (see {@link decodeBody}): V8 allocates a
 * string outside its regular heap from 128 KiB.
 */
const windowedLength = 128 * 1024 - 64;
/** From about 1 MB, Node makes a Latin-1 string an external one (outside the heap, cheap to allocate): read whole. */
const externalLength = 1000 * 1000;
/** How far a window reaches past the one before (characters, i.e. bytes of an ASCII body). */
const windowStep = 64 * 1024;

/**
 * Encodings in which TextDecoder does not give every ASCII byte as itself: UTF-16 pairs them,
 * ISO-2022-JP's escape sequences (ASCII bytes) switch to other sets, `replacement` decodes nothing,
 * and Node's ICU tables for Shift_JIS and IBM866 swap the control bytes 0x1A, 0x1C and 0x7F.
 */
const asciiUnsafe: ReadonlySet<string> = new Set(['utf-16le', 'utf-16be', 'iso-2022-jp', 'replacement', 'shift_jis', 'ibm866']);

const bufferOf = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));

// WHATWG index-windows-1252 for 0x80-0x9F; every other byte is its own code point.
const windows1252High =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Decodes windows-1252 (also what `latin1`, `iso-8859-1` and `ascii` labels mean on the web).
 * Node 20's TextDecoder drops or mangles bytes 0x80-0x9F for this encoding (its latin1 fast
 * path, nodejs/node#56542), which would turn `“naïve” €5` into `naïve 5`; so it is done here.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  return bufferOf(bytes)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (char) => windows1252High[char.charCodeAt(0) - 0x80] ?? char);
}

/**
 * Returns the WHATWG encoding name for a body, in sniffing order: BOM, `headerCharset`,
 * `<meta>` prescan, `utf-8`.
 */
export function detectCharset(bytes: Uint8Array, headerCharset?: string | null): string {
  return (
    charsetFromBom(bytes) ??
    (headerCharset ? encodingForLabel(headerCharset) : undefined) ??
    prescanMetaCharset(bytes) ??
    'utf-8'
  );
}

/** The encoding named by a byte order mark at the start of `bytes`, if any. */
export function charsetFromBom(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

/**
 * The WHATWG encoding name for a label (`latin1` → `windows-1252`, `Shift_JIS` → `shift_jis`),
 * or `undefined` when `TextDecoder` does not know it (or it maps to the `replacement` encoding).
 */
export function encodingForLabel(label: string): string | undefined {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

/**
 * Looks for `<meta charset>` or `<meta http-equiv="content-type" content="…charset=…">` in the
 * first 1024 bytes, following the WHATWG "prescan a byte stream" algorithm (comments and other
 * tags' attributes are skipped, so a quoted `<meta>` inside them does not count).
 */
export function prescanMetaCharset(bytes: Uint8Array): string | undefined {
  const scanner = new Prescanner(Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, prescanLength)));
  try {
    return scanner.run();
  } catch (error) {
    // Running off the end of the window aborts the prescan with no answer, as the spec says.
    if (error === endOfInput) return undefined;
    throw error;
  }
}

const endOfInput = Symbol('end of input');
const isSpace = (byte: number) => byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d || byte === 0x20;
const isLetter = (byte: number) => (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
const lower = (byte: number) => (byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte);

class Prescanner {
  #bytes: Buffer;
  #position = 0;

  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }

  run(): string | undefined {
    const bytes = this.#bytes;
    while (this.#position < bytes.length) {
      if (this.#startsWith('<!--')) {
        // The comment may end on the dashes of its own opener (`<!-->`).
        const end = bytes.indexOf('-->', this.#position + 2, 'latin1');
        if (end === -1) return undefined;
        this.#position = end + 3;
        continue;
      }
      if (this.#startsWithMeta()) {
        this.#position += 5;
        const found = this.#readMeta();
        if (found) return found;
      } else if (this.#at(0) === 0x3c && (isLetter(this.#at(1)) || (this.#at(1) === 0x2f && isLetter(this.#at(2))))) {
        while (!isSpace(this.#byte()) && this.#byte() !== 0x3e) this.#position++;
        while (this.#readAttribute() !== undefined);
      } else if (this.#startsWith('<!') || this.#startsWith('</') || this.#startsWith('<?')) {
        const end = bytes.indexOf(0x3e, this.#position);
        if (end === -1) return undefined;
        this.#position = end;
      }
      this.#position++;
    }
    return undefined;
  }

  #readMeta(): string | undefined {
    const seen = new Set<string>();
    let gotPragma = false;
    let needPragma: boolean | undefined;
    let charset: string | undefined;
    for (let attribute = this.#readAttribute(); attribute; attribute = this.#readAttribute()) {
      const [name, value] = attribute;
      if (seen.has(name)) continue;
      seen.add(name);
      if (name === 'http-equiv') {
        if (value === 'content-type') gotPragma = true;
      } else if (name === 'content') {
        const label = charset === undefined ? charsetFromMetaContent(value) : undefined;
        if (label !== undefined) {
          charset = encodingForLabel(label);
          needPragma = true;
        }
      } else if (name === 'charset') {
        charset = value.trim() === 'x-user-defined' ? 'x-user-defined' : encodingForLabel(value);
        needPragma = false;
      }
    }
    if (needPragma === undefined || (needPragma && !gotPragma) || charset === undefined) return undefined;
    // A document that could be read as ASCII to find this tag is not UTF-16.
    if (charset === 'utf-16le' || charset === 'utf-16be') return 'utf-8';
    if (charset === 'x-user-defined') return 'windows-1252';
    return charset;
  }

  /** WHATWG "get an attribute": returns [name, value] lowercased, or undefined at `>`. */
  #readAttribute(): [string, string] | undefined {
    while (isSpace(this.#byte()) || this.#byte() === 0x2f) this.#position++;
    if (this.#byte() === 0x3e) return undefined;
    let name = '';
    let value = '';
    for (;;) {
      const byte = this.#byte();
      if (byte === 0x3d && name !== '') {
        this.#position++;
        break;
      }
      if (isSpace(byte)) {
        while (isSpace(this.#byte())) this.#position++;
        if (this.#byte() !== 0x3d) return [name, ''];
        this.#position++;
        break;
      }
      if (byte === 0x2f || byte === 0x3e) return [name, ''];
      name += String.fromCharCode(lower(byte));
      this.#position++;
    }
    while (isSpace(this.#byte())) this.#position++;
    const first = this.#byte();
    if (first === 0x22 || first === 0x27) {
      for (;;) {
        this.#position++;
        const byte = this.#byte();
        if (byte === first) {
          this.#position++;
          return [name, value];
        }
        value += String.fromCharCode(lower(byte));
      }
    }
    if (first === 0x3e) return [name, ''];
    for (;;) {
      const byte = this.#byte();
      if (isSpace(byte) || byte === 0x3e) return [name, value];
      value += String.fromCharCode(lower(byte));
      this.#position++;
    }
  }

  #startsWithMeta(): boolean {
    const next = this.#at(5);
    return this.#startsWith('<meta') && (isSpace(next) || next === 0x2f);
  }

  #startsWith(text: string): boolean {
    for (let index = 0; index < text.length; index++) {
      if (lower(this.#at(index)) !== text.charCodeAt(index)) return false;
    }
    return true;
  }

  // Lookahead: past the end reads as -1, which matches nothing.
  #at(offset: number): number {
    return this.#bytes[this.#position + offset] ?? -1;
  }

  #byte(): number {
    const byte = this.#bytes[this.#position];
    if (byte === undefined) throw endOfInput;
    return byte;
  }
}

/**
 * The charset label inside a `<meta http-equiv>` `content` value, e.g. `text/html; charset=gbk`
 * → `gbk` (WHATWG "extracting a character encoding from a meta element").
 */
export function charsetFromMetaContent(content: string): string | undefined {
  let position = 0;
  for (;;) {
    const found = content.toLowerCase().indexOf('charset', position);
    if (found === -1) return undefined;
    position = found + 7;
    while (isSpace(content.charCodeAt(position))) position++;
    if (content[position] !== '=') continue;
    position++;
    while (isSpace(content.charCodeAt(position))) position++;
    const first = content[position];
    if (first === undefined) return undefined;
    if (first === '"' || first === "'") {
      const end = content.indexOf(first, position + 1);
      return end === -1 ? undefined : content.slice(position + 1, end);
    }
    const match = /^[^\t\n\f\r ;]+/.exec(content.slice(position));
    return match?.[0];
  }
}
