import type {IncomingHttpHeaders} from 'node:http';

// Cookies were issued to linkpeek's request, not to the caller, and a result is cached and shared:
// one target session cookie would be handed to every caller of the same URL.
const withheld = new Set(['set-cookie', 'set-cookie2']);

/**
 * The target's response headers as the result carries them (`headers`, next to `data`): lowercase
 * names, one string per name (repeated values joined with `, `, as HTTP folds them; a browser's
 * newline-joined values likewise), `set-cookie` left out.
 */
export function responseHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const echoed: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (value === undefined || withheld.has(key)) continue;
    echoed[key] = (Array.isArray(value) ? value.join(', ') : String(value)).replaceAll('\n', ', ');
  }
  return echoed;
}
