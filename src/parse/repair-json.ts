/*
 * Salvages the JSON-LD that CMSs and hand edits break (issue 12 point 6): run only after JSON.parse
 * failed, in one linear pass over the text, so its cost is bounded by the block's length.
 */

/** Blocks longer than this are not repaired (a broken block that size is not worth a second pass). */
export const maxRepairLength = 1_000_000;

// `<!-- … -->` and `<![CDATA[ … ]]>` wrappers, possibly behind `//` or inside `/* … */`, as old templates write them.
const openWrapper = /^\s*(?:\/\/|\/\*)?\s*(?:<!--|<!\[CDATA\[)\s*(?:\*\/)?/;
const closeWrapper = /(?:\/\/|\/\*)?\s*(?:-->|\]\]>)\s*(?:\*\/)?\s*$/;
const validEscapes = '"\\/bfnrtu';

/**
 * JSON text for a JSON-LD block that is not valid JSON, or `null` when nothing can be made of it.
 * Repairs, outside strings: a comment or CDATA wrapper, trailing commas (`[1,]`, `{"a":1,}`), missing
 * commas between members or items, values concatenated at the top level (`{…}{…}` becomes an array)
 * and brackets left open at the end (not a string: a value cut short is not salvaged); inside strings: raw control characters (a raw newline) and
 * invalid escapes (`\'` becomes `'`). Text outside any top-level value (`;`, stray words) is dropped.
 * @example repairJson('{"@type": "Article", "headline": "A",}') // '{"@type": "Article", "headline": "A"}'
 */
export function repairJson(text: string): string | null {
  if (text.length > maxRepairLength) return null;
  let source = text;
  for (let round = 0; round < 2; round++) source = source.replace(openWrapper, '').replace(closeWrapper, '');
  let out = '';
  const closers: string[] = [];
  let inString = false;
  let values = 0;
  /** The last character written outside a string, whitespace aside: what the next token must follow. */
  let previous = '';
  const dropTrailingComma = (): void => {
    if (previous !== ',') return;
    out = out.slice(0, out.lastIndexOf(','));
    previous = '';
  };
  // A value or key that follows another with no comma between them gets one.
  const separate = (): void => {
    if (previous !== '' && previous !== ',' && previous !== ':' && previous !== '[' && previous !== '{') {
      out += ',';
      previous = ',';
    }
  };
  for (let index = 0; index < source.length; index++) {
    const c = source[index]!;
    if (inString) {
      if (c === '"') {
        inString = false;
        out += c;
        previous = '"';
      } else if (c === '\\') {
        const next = source[index + 1];
        if (next === undefined) break;
        index++;
        out += validEscapes.includes(next) ? `\\${next}` : next === '\n' ? '\\n' : next;
      } else if (c < ' ') {
        out += c === '\n' ? '\\n' : c === '\t' ? '\\t' : c === '\r' ? '\\r' : ' ';
      } else {
        out += c;
      }
      continue;
    }
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') {
      out += c;
      continue;
    }
    if (closers.length === 0 && c !== '{' && c !== '[') continue; // text between top-level values
    if (c === '{' || c === '[') {
      separate();
      closers.push(c === '{' ? '}' : ']');
      out += c;
      previous = c;
    } else if (c === '}' || c === ']') {
      dropTrailingComma();
      out += closers.pop()!;
      previous = c;
      if (closers.length === 0) values++;
    } else if (c === '"') {
      separate();
      inString = true;
      out += c;
    } else if (c === ',') {
      if (previous !== ',' && previous !== '[' && previous !== '{') {
        out += c;
        previous = c;
      }
    } else {
      // Numbers, true/false/null and ':'.
      if (c !== ':' && !/[\w.+-]/.test(previous)) separate();
      out += c;
      previous = c;
    }
  }
  // A block cut off inside a string would give a value cut short: nothing is better.
  if (inString) return null;
  while (closers.length > 0) {
    dropTrailingComma();
    out += closers.pop()!;
    previous = '}';
    if (closers.length === 0) values++;
  }
  if (values === 0) return null;
  return values > 1 ? `[${out}]` : out;
}
