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
 * (see {@link flattenJsonld}). Text that is not JSON, even after repair, adds nothing; never throws.
 */
export function parseJsonld(text: string, out: Record<string, unknown>[]): void {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      // Raw newlines and tabs inside strings are invalid JSON but common in hand-written JSON-LD.
      // eslint-disable-next-line no-control-regex
      value = JSON.parse(text.replace(/[\u0000-\u001f]+/g, ' '));
    } catch {
      return;
    }
  }
  flattenJsonld(value, out);
}
