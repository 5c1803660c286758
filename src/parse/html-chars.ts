/*
 * Character codes and classes of the HTML tokenizer (htmlparser2's Tokenizer), shared by the scanner
 * and the markup it skips.
 */

export const lt = 60;
export const gt = 62;
export const slash = 47;
export const eq = 61;
export const amp = 38;
export const bang = 33;
export const question = 63;
export const dash = 45;
export const doubleQuote = 34;
export const singleQuote = 39;
export const openBracket = 91;

export const isWhitespace = (c: number): boolean => c === 32 || c === 10 || c === 9 || c === 12 || c === 13;
export const isEndOfTagSection = (c: number): boolean => c === slash || c === gt || isWhitespace(c);
export const isAsciiAlpha = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
