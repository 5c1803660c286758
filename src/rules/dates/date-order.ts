/** In which order a page writes a numeric date's day and month: `02/11/2021` is 2 November (`dmy`) or February 11 (`mdy`). */
export type DateOrder = 'dmy' | 'mdy';

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
  return 'dmy';
}
