import {decodeHTMLStrict} from 'entities';

/*
 * Text decoded once and fully (issue 33 item 2). The parser decodes a value's entities once, as HTML
 * does; two faults of the page itself are left for the rules:
 * - entities encoded twice (`content="I&amp;#8217;m"` reads `I&#8217;m`) and the entities of JSON-LD
 *   strings, which no HTML decoder sees (`"headline": "K&ouml;nnen"`): decoded here, strict entities
 *   only (`&name;`, `&#8217;`, `&#x2019;`), so `AT&T` or `Q&A` stay as written;
 * - mojibake: UTF-8 bytes read as Latin-1 or Windows-1252 by the site's own software, and saved so
 *   (`schÃ¶n`, `NPCÂ´s`, `itâ€™s`). A run of such characters whose bytes are valid UTF-8 is read
 *   again as UTF-8 (`Ã¶` → `ö`); a run that is not valid UTF-8 stays as it is.
 */

const entity = /&(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/gi;
const hasEntity = /&(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/i;

// Windows-1252's characters for bytes 0x80–0x9F (the others are Latin-1's own code points).
const cp1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const cp1252Bytes: ReadonlyMap<string, number> = new Map([...cp1252].map((char, index) => [char, 0x80 + index]));
const continuation = `\\u0080-\\u00bf${[...cp1252].filter((char) => char.charCodeAt(0) > 0xff).join('')}`;
// A UTF-8 lead byte as Latin-1 followed by continuation bytes as Latin-1/1252. Only the leads of
// the scripts whose text is seen so (Latin-1 and Latin Extended-A `Â`–`Å`, Greek `Î` `Ï`, Cyrillic
// `Ð` `Ñ`, punctuation and symbols `â`), so that `×²` or `Þ¹` in a real text are no run.
const lead = '\\u00c2-\\u00c5\\u00ce\\u00cf\\u00d0\\u00d1\\u00e2';
const mojibakeRun = new RegExp(`[${lead}][${continuation}]+`, 'g');
const hasMojibake = new RegExp(`[${lead}][${continuation}]`);
const mayNeedRepair = new RegExp(`[&${lead}]`);
const utf8 = new TextDecoder('utf-8', {fatal: true});

/** One run's characters read back as UTF-8 bytes, or the run as it is when they are not valid UTF-8. */
function repairRun(run: string): string {
  const bytes = new Uint8Array(run.length);
  for (let index = 0; index < run.length; index++) {
    const code = run.charCodeAt(index);
    const byte = code <= 0xff ? code : cp1252Bytes.get(run[index]!);
    if (byte === undefined) return run;
    bytes[index] = byte;
  }
  try {
    return utf8.decode(bytes);
  } catch {
    return run;
  }
}

/** `value` with entities left encoded decoded once more and UTF-8 read as Latin-1 repaired; as is when it has neither (the usual case). */
export function repairText(value: string): string {
  // One scan for what either repair needs: an `&` or a mojibake lead character.
  if (!mayNeedRepair.test(value)) return value;
  let text = value;
  if (text.includes('&') && hasEntity.test(text)) text = text.replace(entity, (match) => decodeHTMLStrict(match));
  if (hasMojibake.test(text)) text = text.replace(mojibakeRun, repairRun);
  return text;
}
