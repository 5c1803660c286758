import {named, type Rule} from '../rule-kit.js';
import {pageOrder} from './page-order.js';
import {findDates} from './read-date.js';
import {isWeekdayTimestamp} from './top-bar-date.js';

/*
 * A date shown alone in its text node (parse/date-nodes.ts: `<span>14. Februar 2012</span>`, `<em>01.11.2023
 * 11:35</em>`, `<div>Apr 7, 2009</div>`): how a page with no metadata shows its day. The date must open
 * the node and be its only one (`14 Oct 2014 - 10 Aug 2017` is a range, an event's). Read last of all
 * sources: a node may as well be a comment's or a listing's date, which any other source outranks. A date
 * after a weekday (`Donnerstag, 16. Februar 2012`) is the shape of the day's date in a site's top bar: not read,
 * unless a time of day follows it (`Monday 28 September 2020 19:27`: a post's timestamp, top-bar-date.ts).
 */

export const dateNode: Rule = named('document(date alone) date', (snapshot, context) => {
  const nodes = snapshot.dateNodes;
  if (nodes === undefined) return null;
  const order = pageOrder(snapshot, context.url);
  for (const node of nodes) {
    const dates = findDates(node, order, 2);
    // After a weekday only with a time of day: a post's timestamp (`Monday 28 September 2020 19:27`), not a top bar's day.
    if (dates.length === 1 && (dates[0]!.index === 0 || isWeekdayTimestamp(node))) return dates[0]!.iso;
  }
  return null;
});
