import {getDomainWithoutSuffix} from 'tldts';
import {foldText} from './normalize.js';
import {perCall} from './query.js';
import {named, type Rule, type RuleContext} from './rule-kit.js';

/*
 * A blogging or site-building platform's name is not the publisher of a site that names itself
 * (issue 33 item 2): Blogger's default template writes `"publisher": {"name": "Blogger"}` into every
 * blog's JSON-LD, WordPress.com, Medium and Tumblr their own names into app metas. A publisher rule's
 * value that is only a platform's name gives way to every other source; it is still the answer when
 * no source names the site, and on the platform's own domain.
 */

const platforms: ReadonlySet<string> = new Set([
  'blogger', 'blogspot', 'wordpress', 'wordpresscom', 'wordpressorg', 'medium', 'tumblr', 'wix', 'wixcom', 'jimdo',
  'weebly', 'squarespace', 'ghost', 'substack', 'typepad', 'livejournal', 'over-blog', 'overblog', 'blogde', 'strikingly',
]);

/** Whether `value` is only a platform's name (`Blogger`, `WordPress.com`), on a page of another domain. */
export function isPlatformName(value: string, pageUrl: string): boolean {
  const folded = foldText(value);
  if (!platforms.has(folded)) return false;
  const domain = getDomainWithoutSuffix(pageUrl);
  return domain === null || !folded.startsWith(foldText(domain));
}

/** The publisher rules with platform names moved to the end (see above). */
export function platformNamesLast(list: readonly Rule[]): Rule[] {
  // A rule's values are read once per pickFields call (and context): the last rule reads every rule again.
  const memo = (): Map<Rule, Map<RuleContext, string[]>> => new Map();
  const valuesOf = (rule: Rule, snapshot: Parameters<Rule>[0], context: RuleContext): string[] => {
    const byRule = perCall(snapshot, memo);
    let byContext = byRule.get(rule);
    if (byContext === undefined) byRule.set(rule, (byContext = new Map()));
    let values = byContext.get(context);
    if (values === undefined) {
      const result = rule(snapshot, context);
      values = (typeof result === 'string' ? [result] : Array.isArray(result) ? result : []).filter((value): value is string => typeof value === 'string');
      byContext.set(context, values);
    }
    return values;
  };
  const judged = list.map((rule) => named(rule.name, (snapshot, context) => valuesOf(rule, snapshot, context).filter((value) => !isPlatformName(value, context.url))));
  const last = named('platform name (last)', (snapshot, context) => list.flatMap((rule) => {
    try {
      return valuesOf(rule, snapshot, context).filter((value) => isPlatformName(value, context.url));
    } catch {
      return [];
    }
  }));
  return [...judged, last];
}
