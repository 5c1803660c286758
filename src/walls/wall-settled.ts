import {gateOpens} from './compile.js';
import {compiledRows, type DetectOptions, type WallInput} from './detect-wall.js';
import {genericGateOpens} from './generic-wall.js';
import {pageFacts} from './page-facts.js';
import {defaultWallSignatures, type WallSignature} from './signatures.js';

/**
 * Whether the wall check of an answer read only in part (its `<head>`, perhaps some body) cannot be
 * changed by the rest: its title is known (the first `<title>` stays the title), and no row's cheap
 * markers (status, headers, cookies, URL, title) hold, so no row would read the body's markup, and
 * the generic signals' gate is closed (the head has a description, an own title…). A
 * page that might be a wall is read whole before it is judged.
 */
export function wallSettled(input: WallInput, signatures: readonly WallSignature[] = defaultWallSignatures, options: DetectOptions = {}): boolean {
  if (input.snapshot === undefined || input.snapshot.title === null) return false;
  const facts = pageFacts(input);
  if (options.generic !== false && genericGateOpens(facts)) return false;
  return !compiledRows(signatures).some((row) => gateOpens(row, facts));
}
