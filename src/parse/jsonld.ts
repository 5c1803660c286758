import {repairJson} from './repair-json.js';

/** How many JSON-LD nodes one document may contribute. */
export const maxJsonld = 200;

/** Appends the nodes of a JSON-LD value to `out`: arrays and `@graph` wrappers flattened, in order. */
export function flattenJsonld(value: unknown, out: Record<string, unknown>[]): void {
  if (out.length >= maxJsonld) return;
  if (Array.isArray(value)) {
    for (const item of value) flattenJsonld(item, out);
  } else if (value !== null && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    const graph = node['@graph'];
    if (graph !== undefined) {
      // A `@graph` wrapper is only a container; a node with its own `@type` is kept as well.
      if (node['@type'] !== undefined) out.push(node);
      flattenJsonld(graph, out);
    } else {
      out.push(node);
    }
  }
}

/**
 * Parses the text of one `<script type="application/ld+json">` and appends its nodes to `out`
 * (see {@link flattenJsonld}). Text that is not JSON is repaired ({@link repairJson}: trailing and
 * missing commas, raw newlines, `}{`, comment wrappers); what even that cannot read adds nothing. Never throws.
 */
export function parseJsonld(text: string, out: Record<string, unknown>[]): void {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Salvaged rather than skipped: a trailing comma or a raw newline should not cost the whole block.
    const repaired = repairJson(text);
    if (repaired === null) return;
    try {
      value = JSON.parse(repaired);
    } catch {
      return;
    }
  }
  flattenJsonld(value, out);
}
