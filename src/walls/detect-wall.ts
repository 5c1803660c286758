import {compileSignatures, type CompiledSignature, matchRow} from './compile.js';
import {describeSignals, genericGateOpens, realPageSignals, realPageVeto, weighGeneric} from './generic-wall.js';
import {pageFacts, type PageFacts, type WallInput} from './page-facts.js';
import {readShape} from './page-shape.js';
import {parseRetryAfter} from './retry-after.js';
import {defaultWallSignatures, type WallKind, type WallSignature} from './signatures.js';

export type {WallInput} from './page-facts.js';

/** A wall found in front of the page: what kind, whose, which row of the table, and why. */
export interface Wall {
  kind: WallKind;
  /** Who serves it (`Cloudflare`, `Google`…), when the row names one. */
  vendor?: string;
  /** The `id` of the signature that matched, or `generic` when the generic signals named it. */
  signature: string;
  /**
   * The markers that matched, human-readable (`status 403`, `header cf-mitigated: challenge`, `no meta og:title`);
   * for a generic wall, each signal with its weight (`+3 title-wording: title "Un instant…"`, `-1 heading: h1 "…"`).
   */
  evidence: string[];
  /** The balance of the generic signals (a generic wall only): at least 4. */
  score?: number;
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
export function detectWall(input: WallInput, signatures: readonly WallSignature[] = defaultWallSignatures, options: DetectOptions = {}): Wall | null {
  const facts = pageFacts(input);
  let realWeight: number | undefined;
  for (const row of compiled(signatures)) {
    const evidence = matchRow(row, facts);
    if (evidence === null) continue;
    // A row that matched on the page's own words (its title, its markup) stands down before strong
    // evidence of a real page; one that saw what only a wall is sent with (a header, an error
    // status, a cookie, a redirect) does not.
    if (!evidence.some(isSentEvidence)) {
      realWeight ??= -realPageSignals(facts, readShape(facts.markup())).reduce((sum, signal) => sum + signal.weight, 0);
      if (realWeight >= realPageVeto) continue;
    }
    const {signature} = row;
    return withRetryAfter({kind: signature.kind, signature: signature.id, evidence, ...(signature.vendor === undefined ? {} : {vendor: signature.vendor})}, input);
  }
  if (options.generic === false || !genericGateOpens(facts)) return null;
  return genericWall(facts);
}

/** How detectWall reads an answer besides the table. */
export interface DetectOptions {
  /** Whether the generic signals are weighed when no row matched; default true (config `walls.generic`). */
  generic?: boolean;
}

const isSentEvidence = (evidence: string): boolean =>
  (evidence.startsWith('status ') && evidence !== 'status 200') || evidence.startsWith('header ') || evidence.startsWith('cookie ') || evidence.startsWith('redirected');

/** The generic signals' wall, when their balance names one. */
function genericWall(facts: PageFacts): Wall | null {
  const verdict = weighGeneric(facts);
  if (verdict.kind === null) return null;
  return withRetryAfter({kind: verdict.kind, signature: 'generic', evidence: describeSignals(verdict.signals), score: verdict.score}, facts.input);
}

function withRetryAfter(wall: Wall, input: WallInput): Wall {
  const retryAfter = parseRetryAfter(input.headers['retry-after']);
  if (retryAfter !== undefined) wall.retryAfter = retryAfter;
  return wall;
}

/** The compiled rows of a table, for tests that look at one row's gate. */
export const compiledRows = compiled;
