import {compileMarker, describeMarker, type CompiledMarker, type MarkerTest} from './markers.js';
import type {PageFacts} from './page-facts.js';
import type {WallMarker, WallSignature} from './signatures.js';

/** A signature made ready to test: its markers split into the cheap gate and the costly rest. */
export interface CompiledSignature {
  signature: WallSignature;
  /** Cheap markers of `all`, cheapest first: each must hold before anything else is read. */
  gate: MarkerTest[];
  /** Cheap markers of `none`: any that holds closes the gate. */
  gateNone: MarkerTest[];
  /** Costly markers of `all`. */
  costly: MarkerTest[];
  /** Markers of `some`, cheap ones first. */
  some: MarkerTest[];
  min: number;
  /** Costly markers of `none`. */
  costlyNone: MarkerTest[];
  /** What the absent markers of `none` read as, once the row matched (`no meta og:title`). */
  absent: string[];
}

const byRank = (a: CompiledMarker, b: CompiledMarker) => a.rank - b.rank;

function split(markers: readonly WallMarker[] = []): {cheap: MarkerTest[]; costly: MarkerTest[]; all: MarkerTest[]} {
  const compiled = markers.map(compileMarker).sort(byRank);
  return {
    cheap: compiled.filter((marker) => !marker.costly).map((marker) => marker.test),
    costly: compiled.filter((marker) => marker.costly).map((marker) => marker.test),
    all: compiled.map((marker) => marker.test),
  };
}

/** Compiles each signature's markers once, so that an answer costs a few closure calls per row. */
export function compileSignatures(signatures: readonly WallSignature[]): CompiledSignature[] {
  return signatures.map((signature) => {
    const all = split(signature.all);
    const none = split(signature.none);
    return {
      signature,
      gate: all.cheap,
      gateNone: none.cheap,
      costly: all.costly,
      some: split(signature.some).all,
      min: signature.min ?? 1,
      costlyNone: none.costly,
      absent: (signature.none ?? []).map((marker) => `no ${describeMarker(marker)}`),
    };
  });
}

/** Whether the cheap markers let the costly ones be read: every cheap marker of `all` holds, no cheap one of `none`. */
export function gateOpens(row: CompiledSignature, facts: PageFacts): boolean {
  for (const test of row.gate) if (test(facts) === null) return false;
  for (const test of row.gateNone) if (test(facts) !== null) return false;
  return true;
}

/** The evidence when the row matches the answer, else null. Cheap markers are read first, costly ones last. */
export function matchRow(row: CompiledSignature, facts: PageFacts): string[] | null {
  // Most rows fail on their first cheap marker: nothing is allocated before that.
  for (const test of row.gate) if (test(facts) === null) return null;
  for (const test of row.gateNone) if (test(facts) !== null) return null;
  const evidence: string[] = [];
  for (const test of row.gate) evidence.push(test(facts) as string);
  // What the real page has (its og tags) is read before the wall's markup: it is the usual answer.
  for (const test of row.costlyNone) if (test(facts) !== null) return null;
  for (const test of row.costly) {
    const found = test(facts);
    if (found === null) return null;
    evidence.push(found);
  }
  let matched = 0;
  for (const test of row.some) {
    const found = test(facts);
    if (found === null) continue;
    matched++;
    evidence.push(found);
  }
  if (row.some.length > 0 && matched < row.min) return null;
  evidence.push(...row.absent);
  return evidence;
}
