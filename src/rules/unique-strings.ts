/**
 * Past this many values, {@link UniqueStrings} keeps a Set too. Comparing a value with 32 others
 * mostly stops at their lengths; a Set hashes every value, each a fresh slice of the page (issue 15:
 * 8→32 made pickFields+resolveUrls 6-8% faster on news, legacy, wordpress, corpus-warmed).
 */
const linearLimit = 32;

/**
 * Strings in first-seen order without duplicates. Most media fields have a handful of values: those
 * are compared one by one (no Set to build and hash each value into); past {@link linearLimit}
 * values a Set answers.
 */
export class UniqueStrings {
  readonly values: string[] = [];
  private seen: Set<string> | undefined;

  add(value: string): void {
    if (this.seen !== undefined) {
      if (this.seen.has(value)) return;
      this.seen.add(value);
    } else if (this.values.includes(value)) {
      return;
    } else if (this.values.length === linearLimit) {
      this.seen = new Set(this.values).add(value);
    }
    this.values.push(value);
  }
}
