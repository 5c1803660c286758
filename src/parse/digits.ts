/*
 * The decimal digits of the world's scripts that pages write dates in (`١٣ يونيو ٢٠١٩`, `۳ تیر ۱۳۹۸`,
 * `২৪ জুন ২০১৯`, `๒๔ มิถุนายน ๒๕๖๒`, `２０１９年６月２４日`), folded to ASCII for the date readers.
 * Each is one UTF-16 unit, as the ASCII digit it stands for, so indexes into the text hold.
 */

// The zero of each run of ten digits: Arabic-Indic, Persian and Urdu, Devanagari, Bengali, Gurmukhi, Gujarati,
// Oriya, Tamil, Telugu, Kannada, Malayalam, Thai, Lao, Tibetan, Myanmar, Khmer, Mongolian, full-width (CJK).
const zeros = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66, 0x0e50, 0x0ed0, 0x0f20, 0x1040, 0x17e0, 0x1810, 0xff10];

/** A regexp character class's body (without brackets) that matches any of those digits but ASCII's. */
export const otherDigitClass = zeros.map((zero) => `\\u${zero.toString(16).padStart(4, '0')}-\\u${(zero + 9).toString(16).padStart(4, '0')}`).join('');

const otherDigits = new RegExp(`[${otherDigitClass}\\uff0d\\uff0e\\uff0f\\uff1a]`, 'g');
const hasOtherDigit = new RegExp(`[${otherDigitClass}]`);

/** A digit, ASCII or of any of those scripts: a text without one writes no date. */
export const anyDigit = new RegExp(`[\\d${otherDigitClass}]`);

/** The ASCII digit of a digit of another script (and the full-width `－．／：` of CJK dates as ASCII's). */
function ascii(character: string): string {
  const code = character.charCodeAt(0);
  if (code >= 0xff0d && code <= 0xff1a && (code < 0xff10 || code > 0xff19)) return String.fromCharCode(code - 0xfee0);
  for (const zero of zeros) if (code >= zero && code <= zero + 9) return String(code - zero);
  return character;
}

/** `text` with the digits of other scripts written as ASCII ones (same length: indexes hold); `text` itself when it has none. */
export function asciiDigits(text: string): string {
  if (!hasOtherDigit.test(text)) return text;
  return text.replace(otherDigits, ascii);
}

/**
 * A regexp source for what writes a year in the calendars and scripts the date rules read, besides
 * 1900–2099: a Thai Buddhist-era year (`2562`), a Persian solar one (`1398`, `1402`), four digits of
 * another script (`٢٠١٩`, `２０１９`), a Japanese or Taiwanese era (`令和元年`, `民國108年`), a Thai
 * abbreviated month before a two-digit year (`มิ.ย. 62`). The collectors keep a text only when it
 * holds a year (`(?:19|20)\d\d`, or this).
 */
export const otherYearSource = `(?:25|1[34])\\d\\d|[${otherDigitClass}]{4}|令和|平成|昭和|民[國国]|[\\u0e01-\\u0e4e]\\.\\s?\\d\\d(?!\\d)`;
