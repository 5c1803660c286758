import {gateKeyOf} from './host-gate.js';

/**
 * The items spread evenly through the batch by registrable domain, each domain's own order kept: a
 * domain with a tenth of the items has one in every ten places, from the start to the end. A queue
 * hands jobs out in the order they were added, and a worker's slots wait at the host gate: an input
 * that lists one site's hundred pages first would hold every slot of every worker at that site's
 * limit while the other sites wait, and a site with the most pages would be left for last, alone at
 * its limit. Spread, each site goes at its own pace all through the batch.
 */
export function spreadByDomain<T>(items: readonly T[], urlOf: (item: T) => string): T[] {
  const byDomain = new Map<string, number[]>();
  items.forEach((item, index) => {
    const key = gateKeyOf(urlOf(item));
    const list = byDomain.get(key);
    if (list) list.push(index);
    else byDomain.set(key, [index]);
  });
  // The k-th of a domain's n items goes at (k + 0.5) / n of the way; ties keep the input's order.
  const place = new Float64Array(items.length);
  for (const list of byDomain.values()) list.forEach((index, k) => (place[index] = (k + 0.5) / list.length));
  return items.map((_, index) => index).sort((a, b) => place[a]! - place[b]! || a - b).map((index) => items[index]!);
}
