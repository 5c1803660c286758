import {named, type Rule} from '../rule-kit.js';

/*
 * The publication date of an app's inline state (parse/state-dates.ts: `"datePublished"`, `"published_at"`,
 * `"publishedAt"` in a script that is no JSON-LD), for a page that names its date nowhere else: a
 * framework's page (Next.js, Nuxt, Shopify, Arc) often keeps it only there. A Unix time (`1605000000`,
 * `1605000000000`) is read as one; any other value goes to isoDate as it is.
 */

const unixSeconds = /^\d{10}$/;
const unixMilliseconds = /^\d{13}$/;

export const stateDate: Rule = named('script(app state) date', (snapshot) => {
  const value = snapshot.stateDate;
  if (value === undefined) return null;
  if (unixSeconds.test(value)) return new Date(Number(value) * 1000).toISOString();
  if (unixMilliseconds.test(value)) return new Date(Number(value)).toISOString();
  return value;
});
