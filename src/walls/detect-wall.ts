import {compileSignatures, type CompiledSignature, matchRow} from './compile.js';
import {pageFacts, type WallInput} from './page-facts.js';
import {parseRetryAfter} from './retry-after.js';
import {defaultWallSignatures, type WallKind, type WallSignature} from './signatures.js';

export type {WallInput} from './page-facts.js';

/** A wall found in front of the page: what kind, whose, which row of the table, and why. */
export interface Wall {
  kind: WallKind;
  /** Who serves it (`Cloudflare`, `Google`…), when the row names one. */
  vendor?: string;
  /** The `id` of the signature that matched. */
  signature: string;
  /** The markers that matched, human-readable (`status 403`, `header cf-mitigated: challenge`, `no meta og:title`). */
  evidence: string[];
  /** The answer's `Retry-After`, in milliseconds from now, when it sent a readable one. */
  retryAfter?: number;
}

// Each table is compiled once: a table is data (the defaults, or the config's, fixed at startup).
// The compiled rows are checked against the table's rows, so a table changed in place is recompiled.
const compiledTables = new WeakMap<readonly WallSignature[], CompiledSignature[]>();

function compiled(signatures: readonly WallSignature[]): CompiledSignature[] {
  const rows = compiledTables.get(signatures);
  if (rows && rows.length === signatures.length && rows.every((row, i) => row.signature === signatures[i])) return rows;
  const fresh = compileSignatures(signatures);
  compiledTables.set(signatures, fresh);
  return fresh;
}

/**
 * Decides whether an answer is a wall rather than the page: the first of `signatures` whose markers
 * all hold names it. Works on a fetched page of any status (4xx, 5xx, 999 whose body was read) and
 * on a rendered one. On a page that is not a wall it costs a few header lookups and one string
 * search for the title (none with `input.snapshot`): a row reads the body only once its cheap
 * markers (status, headers, URL, title) matched.
 */
export function detectWall(input: WallInput, signatures: readonly WallSignature[] = defaultWallSignatures): Wall | null {
  const facts = pageFacts(input);
  for (const row of compiled(signatures)) {
    const evidence = matchRow(row, facts);
    if (evidence === null) continue;
    const {signature} = row;
    const wall: Wall = {kind: signature.kind, signature: signature.id, evidence};
    if (signature.vendor !== undefined) wall.vendor = signature.vendor;
    const retryAfter = parseRetryAfter(input.headers['retry-after']);
    if (retryAfter !== undefined) wall.retryAfter = retryAfter;
    return wall;
  }
  return null;
}

/** The compiled rows of a table, for tests that look at one row's gate. */
export const compiledRows = compiled;
