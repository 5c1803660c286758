import type {FileResponse} from '../fetch/file-response.js';

/** The text of a JSON, XML or plain-text file, for `screenshot.codeScheme`. */
export interface CodeText {
  text: string;
  /** The grammar it is highlighted with (`text`: none). */
  language: 'json' | 'markup' | 'text';
  /** True when the file goes on past what was read. */
  truncated: boolean;
}

// More than a screenshot can show at any size: the capture is of the first screenful (or page).
export const maxCodeBytes = 256 * 1024;

/** The grammar for a file's media type; `null` for a file that is not code or text. */
export function codeLanguage(contentType: string): CodeText['language'] | null {
  if (/^application\/(json|[\w.+-]+\+json)$/.test(contentType)) return 'json';
  if (/^(text|application)\/(xml|[\w.+-]+\+xml)$/.test(contentType)) return 'markup';
  if (contentType === 'text/plain') return 'text';
  return null;
}

/**
 * Reads the first {@link maxCodeBytes} of a text file, as UTF-8 (or its declared charset when Node
 * knows it). JSON that parses is indented (two spaces), as a viewer shows it; anything else is kept
 * as sent. `null` when the file is no text this reads.
 */
export async function readCode(file: FileResponse): Promise<CodeText | null> {
  const language = codeLanguage(file.contentType);
  if (!language) return null;
  const {bytes, truncated} = await file.read(maxCodeBytes);
  let text: string;
  try {
    text = new TextDecoder(file.charset ?? 'utf-8').decode(bytes);
  } catch {
    text = new TextDecoder('utf-8').decode(bytes);
  }
  if (language === 'json' && !truncated) {
    try {
      text = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // Not valid JSON: shown as sent.
    }
  }
  return {text, language, truncated};
}
