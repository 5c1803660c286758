/**
 * In which order a page writes a numeric date's day and month: `02/11/2021` is 2 November (`dmy`) or
 * February 11 (`mdy`); `ymd` is day first too when the year ends the date, and reads a two-digit year
 * first when the year starts it (`19.06.24` on a Korean page is 24 June 2019).
 */
export type DateOrder = 'dmy' | 'mdy' | 'ymd';

// The languages whose dates run from the year down: Korean, Japanese, Chinese, Hungarian, Lithuanian, Mongolian.
const yearFirstLanguages: ReadonlySet<string> = new Set(['ko', 'ja', 'zh', 'hu', 'lt', 'mn']);

// Where month-first is the rule: the United States and the territories and countries that follow it.
const monthFirstRegions: ReadonlySet<string> = new Set(['us', 'ph', 'fm', 'mh', 'pw', 'gu', 'as', 'mp', 'pr', 'um', 'vi']);

/**
 * The order of a page's numeric dates from its language tag: month first for `en-US` (and bare `en`,
 * or no tag at all, which are mostly American); day first for every other tag (`de`, `fr`, `es`, `it`, `nl`,
 * `pt`, `en-GB`, `en-AU`…). A year-first date (`2021-11-02`) reads the same in both.
 */
export function dateOrder(lang: string | null | undefined): DateOrder {
  if (lang === null || lang === undefined) return 'mdy';
  const [language = '', region = ''] = lang.trim().toLowerCase().split(/[-_]/);
  if (language === '' || language === 'en') return region === '' || monthFirstRegions.has(region) ? 'mdy' : 'dmy';
  return yearFirstLanguages.has(language) ? 'ymd' : 'dmy';
}

// Country-code domains that sites of anywhere take for their letters (`.io`, `.co`, `.tv`, `.me`, `.ai`…): they name no country's dates.
const genericCountryDomains: ReadonlySet<string> = new Set(['io', 'co', 'tv', 'me', 'ai', 'fm', 'ly', 'to', 'cc', 'ws', 'gg', 'sh', 'so', 'la', 'im']);

/**
 * The order of a page's numeric dates from its host when the page names no language: a country's domain
 * (`.fr`, `.de`, `.co.uk`, `.com.br`, `.ru`) is day first, but for the month-first countries and the
 * country domains used as words (`.io`, `.tv`); `null` for `.com`, `.org` and the like, which say nothing.
 */
export function hostOrder(url: string | undefined): DateOrder | null {
  if (url === undefined) return null;
  const host = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?([^/?#:]+)/i.exec(url)?.[1]?.toLowerCase();
  const tld = host?.slice(host.lastIndexOf('.') + 1);
  if (tld === undefined || tld.length !== 2 || /\d/.test(tld) || genericCountryDomains.has(tld)) return null;
  return monthFirstRegions.has(tld) ? 'mdy' : 'dmy';
}
