import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {bylineName} from '../../src/rules/body-rules.js';
import {authorName, looksLikeDate} from '../../src/rules/normalize.js';
import {pickFields, rules, type Rule, type RuleContext} from '../../src/rules/rules.js';

const url = 'https://www.ledger.example/news/story';
const context: RuleContext = {url, headers: {}, baseUrl: url};

function rule(field: keyof typeof rules, name: string): Rule {
  const found = rules[field].find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no rule ${name} for ${field}`);
  return found;
}
const run = (field: keyof typeof rules, name: string, html: string, at: RuleContext = context): unknown => rule(field, name)(parseHtml(html), at);
const pick = (html: string, pageUrl = url): ReturnType<typeof pickFields> => pickFields(parseHtml(html), {url: pageUrl, headers: {}});

describe('the order of the body sources', () => {
  it('reads body bylines after every metadata source', () => {
    expect(rules.author.map((entry) => entry.name).slice(-3)).toEqual(['document(a rel=author)', 'document(.author, a[href*=/author/])', 'document(.byline)']);
  });

  it('lets any metadata author win over the body', () => {
    const body = '<span class="byline">By Body Writer | 3 March 2016</span>';
    expect(pick(`<meta name="author" content="Meta Writer">${body}`).author).toBe('Meta Writer');
  });
});

describe('document(.author, a[href*=/author/])', () => {
  const bodyAuthor = (html: string): unknown => run('author', 'document(.author, a[href*=/author/])', html);

  it('takes the innermost element: the link inside WordPress\'s .author.vcard inside .byline', () => {
    expect(bodyAuthor('<span class="byline"> by <span class="author vcard"><a class="url fn n" href="/author/ruth/">Ruth Aldous</a></span></span>')).toEqual(['Ruth Aldous']);
  });

  it('joins the authors of one byline, and leaves out a later one (an author box, the next teaser)', () => {
    expect(bodyAuthor(`<div class="byline"><span class="author-name"><a href="/authors/ann">Ann Lee</a></span> &amp;
      <span class="author-name"><a href="/authors/bo">Bo Kim</a></span></div>
      <p>Story text.</p><p>More text.</p><div class="teaser"><h3><a href="/b">Other story</a></h3><span class="author">Cy Ray</span></div>`)).toEqual(['Ann Lee, Bo Kim']);
  });

  it('skips what is no name: dates, a digit, interface text, the site\'s name, e-mail addresses, URLs, long texts', () => {
    const html = (text: string): string => `<meta property="og:site_name" content="The Ledger"><span class="author">${text}</span><span class="author">Dee Fox</span>`;
    for (const text of ['12 Jan 2016', '6 min read', 'My profile', 'Sign in', 'The Ledger', 'ledger', 'ann@ledger.example', 'https://ledger.example/ann', 'A very long run of words that reads like a sentence more than a name'])
      expect([text, bodyAuthor(html(text))]).toEqual([text, ['Dee Fox']]);
  });

  it('gives nothing when there are no bylines', () => {
    expect(bodyAuthor('<p>Nothing here</p>')).toBeNull();
  });
});

describe('document(.byline)', () => {
  it('takes the first part of a byline that is a name: lead-in, separators and trailing date dropped', () => {
    const byline = (html: string): unknown => run('author', 'document(.byline)', html);
    expect(byline('<p class="byline">By Lena Park | Updated May 4, 2016</p>')).toEqual(['Lena Park']);
    expect(byline('<p class="byline">Published March 3, 2016 by Tom Reyes</p>')).toEqual(['Tom Reyes']);
    expect(byline('<p class="byline">Tom Reyes, 12 Jan 2016</p>')).toEqual(['Tom Reyes']);
    expect(byline('<p class="byline">6 min read · By Lena Park</p>')).toEqual(['Lena Park']);
  });

  it('bylineName keeps several names of one byline as written', () => {
    expect(bylineName('By Jane Smith and Omar Haddad · 3 November 2026', new Set())).toBe('Jane Smith and Omar Haddad');
    expect(bylineName('Abby Ross on March 3, 2016', new Set())).toBe('Abby Ross');
    expect(bylineName('Posted by Field Notes', new Set(['fieldnotes']))).toBeNull();
  });
});

describe('document(a rel=author)', () => {
  it('is not the site\'s own name (a theme\'s <a class="site-title" rel="author">)', () => {
    const html = '<meta property="og:site_name" content="Field Notes"><a class="site-title" rel="author" href="/">Field Notes</a>';
    expect(run('author', 'document(a rel=author)', html)).toBeNull();
    expect(run('author', 'document(a rel=author)', '<a rel="author" href="/me">Jo Bloggs</a>')).toBe('Jo Bloggs');
  });
});

describe('normalize: dates are not authors', () => {
  it.each(['12 Jan, 2016', '2016-05-03', 'May 3', '3rd of May', '3 hours ago', '05:04 PM', 'Today'])('%s looks like a date', (text) => {
    expect(looksLikeDate(text)).toBe(true);
    expect(authorName(text)).toBeNull();
  });

  it.each(['May Smith', 'June Carter', 'Marcus Aurelius', 'Jan Kowalski', 'Dee Fox'])('%s is a name', (text) => {
    expect(looksLikeDate(text)).toBe(false);
    expect(authorName(text)).toBe(text);
  });

  it('drops an author link\'s "View all posts by" and "More from"', () => {
    expect(authorName('View all posts by Ruth Aldous')).toBe('Ruth Aldous');
    expect(authorName('More from Ann Lee')).toBe('Ann Lee');
  });
});
