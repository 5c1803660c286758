import type {ParseState} from './state.js';

/*
 * The publication date an app keeps in its inline state (issue 33 item 2): a page a framework renders
 * carries its data in a script that is no JSON-LD, where the date often sits and nowhere else on the
 * page: Next.js's `__NEXT_DATA__` (`"datePublished"`, `"publishedAt"`), Shopify's product JSON
 * (`"published_at"`), Arc's `"first_publish_date"`, `window.__INITIAL_STATE__ = {publishDate: …}`,
 * escaped inside a string (`\"publishedAt\":\"…\"`). A state lists other stories too (related ones, a
 * menu's teasers): when the head names the page's address (`<link rel="canonical">`, `og:url`), a date
 * is the page's only if the page's slug (its address's last segment) is written in the
 * {@link slugReach} characters before its key, in the same object; else the first is taken. It is kept
 * in `Snapshot.stateDate`, read by a last-resort rule.
 * Cheap and bounded: the script's text is never kept whole. Its pieces (the scanner's windows, or the
 * tokenizer's text) are searched with `indexOf` for `ubli` (the letters every key below shares) as they
 * come, with the end of the piece before carried over, so a key is read the same whatever the pieces;
 * only until a date is found, and at most {@link maxStateText} characters per page.
 */

/** How many characters of inline scripts one page may have searched. */
export const maxStateText = 256 * 1024;
/** The longest value read as a date. */
const maxValue = 40;
/** How far before a date's key the page's slug may be written for the date to be the page's. */
const slugReach = 4000;
/** How many characters at a piece's end wait for the next one: a key and its value are read whole. */
const keyReach = 128;
/** How many dates of a page are tried against its slug. */
const maxTried = 20;
/** The shortest slug looked for: a shorter segment (`index`, an id) is written anywhere. */
const minSlug = 8;

// The keys of a first publication, as apps spell them (lowercased); the letters `ubli` are in each.
const publishedKeys: ReadonlySet<string> = new Set([
  'datepublished', 'date_published', 'published_at', 'publishedat', 'publishdate', 'publish_date', 'published_date', 'publisheddate',
  'first_publish_date', 'firstpublished', 'firstpublishedat', 'firstpublishdate', 'first_published_at', 'publicationdate', 'publication_date',
  'publishtime', 'publish_time', 'published_time', 'publishedtime', 'published',
]);
const longestKey = 20;

// A key's letters (ASCII letters and `_`).
const isKeyCode = (code: number): boolean => ((code | 32) >= 97 && (code | 32) <= 122) || code === 95;

// After the key: its closing quote (escaped inside a string too), `:`, the value's quote; then the value: a date's
// characters (an ISO date, `06.11.2023`, `02-19-2020 04:00`), or a Unix time in seconds or milliseconds.
const valueAfterKey = /\\?["']?\s*:\s*(?:\\?["']([0-9][0-9 :.+TZ/-]{5,}?)\\?["']|([0-9]{10}|[0-9]{13})(?![0-9]))/y;

// The metas of a first publication (lowercase): a page that has one needs no state's date.
const publishedMetas: ReadonlySet<string> = new Set([
  'article:published_time', 'og:article:published_time', 'og:published_time', 'datepublished', 'dc.date.issued', 'dcterms.issued', 'pubdate',
  'publishdate', 'publish-date', 'publish_date', 'parsely-pub-date', 'sailthru.date', 'cxenseparse:recs:publishtime', 'uploaddate',
]);
// The JSON-LD and microdata properties of one.
const publishedProps = ['datePublished', 'uploadDate', 'dateCreated'];

/**
 * Whether a `<script>` (its attributes) is searched: JavaScript or JSON (JSON-LD is read apart; an external
 * script's body is empty), while no date is found and the page has named none before it in a meta
 * (`article:published_time`, `pubdate`…), JSON-LD or microdata (`datePublished`, `uploadDate`, `dateCreated`)
 * or a `<time>`, which the rules read first.
 */
export function opensAppScript(state: ParseState, attribs: Record<string, string>): boolean {
  const {snapshot} = state;
  if (snapshot.stateDate !== undefined || state.stateSearched >= maxStateText) return false;
  const type = attribs.type?.trim().toLowerCase();
  if (!(type === undefined || type === '' || type.includes('javascript') || type === 'module' || (type.includes('json') && !type.includes('ld+json')))) return false;
  const {metas} = snapshot;
  for (; state.stateMetas < metas.length; state.stateMetas++) {
    const meta = metas[state.stateMetas]!;
    const key = meta.property ?? meta.itemprop ?? meta.name;
    if (key !== undefined && publishedMetas.has(key.toLowerCase())) state.stateSearched = maxStateText;
  }
  for (; state.stateNodes < snapshot.jsonld.length; state.stateNodes++) {
    const node = snapshot.jsonld[state.stateNodes]!;
    if (publishedProps.some((prop) => node[prop] !== undefined)) state.stateSearched = maxStateText;
  }
  // A `<time>` or a microdata date already read names one too.
  if (snapshot.times.length > 0 || snapshot.microdata.some((value) => publishedProps.includes(value.prop))) state.stateSearched = maxStateText;
  if (state.stateSearched >= maxStateText) return false;
  state.appScript = true;
  return true;
}

/** A piece of an inline script's text: its keys are read, but for its last {@link keyReach} characters, which wait for the next piece. */
export function readStatePiece(state: ParseState, piece: string): void {
  if (!state.appScript || piece === '') return;
  if (state.stateSearched >= maxStateText || state.snapshot.stateDate !== undefined) {
    state.appScript = false;
    return;
  }
  // Past the page's budget, the rest of the script is not read.
  const room = maxStateText - state.stateSearched;
  const read = piece.length > room ? piece.slice(0, room) : piece;
  state.stateSearched += read.length;
  const text = state.stateCarry + read;
  searchState(state, text, state.stateFrom, text.length - keyReach);
}

/** At the script's close: the rest of its text is read. */
export function endStateScript(state: ParseState): void {
  if (state.appScript && state.snapshot.stateDate === undefined) searchState(state, state.stateCarry, state.stateFrom, state.stateCarry.length);
  state.appScript = false;
  state.stateCarry = '';
  state.stateFrom = 0;
}

/** Reads the keys whose `ubli` starts in `text[from, until)`; what is not read yet, and the context before it, is carried over. */
function searchState(state: ParseState, text: string, from: number, until: number): void {
  let at = until > from ? text.indexOf('ubli', from) : -1;
  let next = Math.max(from, until);
  while (at !== -1 && at < until) {
    let start = at > 0 ? at - 1 : 0;
    while (start > 0 && isKeyCode(text.charCodeAt(start - 1)) && at - start < longestKey) start--;
    let end = at + 4;
    while (end < text.length && isKeyCode(text.charCodeAt(end)) && end - start <= longestKey) end++;
    if (end - start <= longestKey && publishedKeys.has(text.slice(start, end).toLowerCase()) && takeDate(state, text, start, end)) return;
    if (state.stateSearched >= maxStateText) return;
    at = text.indexOf('ubli', at + 4);
  }
  if (at !== -1 && at < next) next = at;
  // The carry: what is not read yet, and the slug's reach before it.
  const keep = Math.max(0, next - slugReach - longestKey);
  state.stateCarry = text.slice(keep);
  state.stateFrom = next - keep;
}

/** Whether the key at `text[start, end)` names the page's date, then kept. */
function takeDate(state: ParseState, text: string, start: number, end: number): boolean {
  valueAfterKey.lastIndex = end;
  const match = valueAfterKey.exec(text);
  const value = match === null ? undefined : (match[1] ?? match[2]);
  if (value === undefined || value.length > maxValue || !/\d{4}/.test(value)) return false;
  const slug = (state.stateSlug ??= pageSlug(state));
  if (slug === '' || text.slice(Math.max(0, start - slugReach), start).includes(slug)) {
    state.snapshot.stateDate = value.trim();
    state.appScript = false;
    return true;
  }
  // Past this many, the page's own date is not in its state.
  if (++state.stateTried >= maxTried) state.stateSearched = maxStateText;
  return false;
}

/** The last segment of the address the head gives the page (canonical link, else `og:url`), without its extension; `''` when none or too short. */
function pageSlug(state: ParseState): string {
  const {snapshot} = state;
  const address = snapshot.links.find((link) => link.rel === 'canonical')?.href
    ?? snapshot.metas.find((meta) => meta.property === 'og:url')?.content;
  if (address === undefined) return '';
  const path = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(address.trim())?.[1] ?? '';
  const segment = path.split('/').filter((part) => part !== '').pop() ?? '';
  const slug = segment.replace(/\.[a-z0-9]{2,5}$/i, '');
  return slug.length >= minSlug && /[a-z]/i.test(slug) ? slug : '';
}
