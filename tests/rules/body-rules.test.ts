import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {bylineName, urlDate} from '../../src/rules/body-rules.js';
import {authorName, looksLikeDate, textDate} from '../../src/rules/normalize.js';
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
  it('reads body bylines after every metadata source, and text and URL dates after <time>', () => {
    // Then, when no source names a person (issue 28 item 3), a handle, an organization author and an author meta that names the site.
    // A desk a source named (`Redacción Trome`) waits for every source that may name a person (issue 33).
    // The labelled byline right under the headline comes before the author elements (related stories' cards carry them too).
    // Last of the bylines, an author's label after a labelled date (`Datum: 03.11.2021 Autor: Ann Lee`).
    // Then a post's meta line naming its writer (`Submitted by ann on …`, `04.02.2022 | 13:10 Uhr | Ann Lee`).
    // A byline in a block of its own under an undated headline comes after the body's author and byline elements.
    // Then a byline's label opening a labelled text anywhere in the body (`Autorin: Ann Lee` at the article's end).
    // Last, a full name alone above a date alone under the headline, with no label.
    expect(rules.author.map((entry) => entry.name).slice(-13)).toEqual([
      'document(h1 + text) byline', 'document(.author, a[href*=/author/])', 'document(.byline)', 'document(h1 + text, p) byline', 'document(h1 + block) byline', 'document(date label … Autor:) byline',
      'document(.submitted, date | time | name) byline', 'document(Autor: …) byline', 'document(h1 + name + date) byline', 'desk (Redaktion, Newsdesk…)', 'meta(twitter:creator)', 'jsonld(author Organization), microdata(author Organization)', 'meta(author) naming the site',
    ]);
    // Last of all, an app's inline state (`__NEXT_DATA__`'s `publishedAt`): a page that shows or names a date has it elsewhere.
    // Then a date shown alone before the article's text (`<span>14. Februar 2012</span>`).
    expect(rules.datePublished.map((entry) => entry.name).slice(-10)).toEqual(['document(time)', 'document(.byline) date', 'document(.date, .timestamp, .published…)', 'meta(dc.date, dcterms.date, dc:date, dcterms:date, date)', 'url(/yyyy/mm/dd/)', 'document(h1 + text) date', 'document(p) dateline', 'document(label) date', 'script(app state) date', 'document(date alone) date']);
    expect(rules.date.slice(-10)).toEqual(rules.datePublished.slice(-10));
    expect(rules.dateModified.map((entry) => entry.name)).not.toContain('url(/yyyy/mm/dd/)');
  });

  it('lets any metadata author or date win over the body', () => {
    const body = '<span class="byline">By Body Writer | 3 March 2016</span><span class="date">4 March 2016</span>';
    expect(pick(`<meta name="author" content="Meta Writer">${body}`).author).toBe('Meta Writer');
    expect(pick(`<meta name="pubdate" content="2015-01-01">${body}`, 'https://x.example/2014/02/02/a').date).toBe('2015-01-01T12:00:00.000Z');
    expect(pick(`<meta name="DC.date.issued" content="2015-01-01">${body}`).date).toBe('2015-01-01T12:00:00.000Z');
    // A <time> wins over a date element; the first byline's own date wins over a <time> (dates.test.ts).
    expect(pick(`<time datetime="2015-06-06">June 6</time>${body}`).date).toBe('2016-03-03T12:00:00.000Z');
    expect(pick('<time datetime="2015-06-06">June 6</time><span class="date">4 March 2016</span>').date).toBe('2015-06-06T12:00:00.000Z');
  });

  it('lets a date the page shows win over a bare `date` / `DC.date` meta (a CMS\'s last save), which still beats the URL', () => {
    // TYPO3 and Drupal write the record's last save there: the byline's or the date element's day is the publication's.
    const shown = '<h1>Riesling turns 587</h1><div class="news-date">27.01.2022</div><p>Text.</p>';
    for (const key of ['date', 'DC.date', 'DCTERMS.date'])
      expect([key, pick(`<html lang="de"><meta name="${key}" content="2021-12-20T11:02:44+01:00">${shown}`).datePublished]).toEqual([key, '2022-01-27T12:00:00.000Z']);
    const byline = '<p class="byline">Von Ann Lee | 12.01.2022</p>';
    expect(pick(`<html lang="de"><meta name="date" content="2021-11-29">${byline}`).datePublished).toBe('2022-01-12T12:00:00.000Z');
    expect(pick(`<html lang="de"><meta name="date" content="2021-11-29"><time datetime="2022-01-21">21.01.2022</time>`).datePublished).toBe('2022-01-21T12:00:00.000Z');
    // With nothing shown, it is still read, before a date in the URL.
    expect(pick('<meta name="date" content="2015-01-01"><p>No date here.</p>', 'https://x.example/2014/02/02/a').datePublished).toBe('2015-01-01T12:00:00.000Z');
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

  it('splits at », and keeps a username with digits but not a number of its own', () => {
    expect(bylineName('Post by kestrel_79 » Sat Mar 12, 2016 2:05 pm', new Set())).toBe('kestrel_79');
    expect(bylineName('Posts: 412', new Set())).toBeNull();
    expect(bylineName('6 min read', new Set())).toBeNull();
  });

  it('bylineName keeps several names of one byline, joined as a JSON-LD author array is (issue 28 item 3)', () => {
    expect(bylineName('By Jane Smith and Omar Haddad · 3 November 2026', new Set())).toBe('Jane Smith, Omar Haddad');
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

describe('dates written in the body', () => {
  it('document(.byline) date reads a byline\'s text (IST is +05:30)', () => {
    expect(run('date', 'document(.byline) date', '<div class="byline">By Ann | Updated: 12 Jan, 2016, 05.04 PM IST</div>')).toEqual(['2016-01-12T11:34:00.000Z']);
  });

  it('document(.byline) date also reads an author element\'s text (a forum post\'s <p class="author">)', () => {
    expect(run('date', 'document(.byline) date', '<p class="author">by <strong><a href="/memberlist.php?u=8">kestrel_79</a></strong> &raquo; Sat Mar 12, 2016 2:05 pm</p>'))
      .toEqual(['2016-03-12T14:05:00.000Z']);
  });

  it('document(.date, .timestamp, .published…) reads each date element, skipping text with no full date', () => {
    expect(run('date', 'document(.date, .timestamp, .published…)', `<span class="reading-time">6 min read</span><span class="timestamp">3 hours ago</span>
      <span class="publish_on">Published on 16 May 2016</span><div class="dateline">LONDON, 17 May 2016, 9:30 am</div>`))
      .toEqual(['2016-05-16T12:00:00.000Z', '2016-05-17T09:30:00.000Z']);
  });

  it('textDate needs a written day, month and year, reads 200 characters at most, and finds the date after a relative one', () => {
    expect(textDate('Updated 3 hours ago | First published 12 Jan 2016')).toBe('2016-01-12T12:00:00.000Z');
    expect(textDate('By Jane 2016')).toBeNull();
    expect(textDate('May 2016')).toBeNull();
    expect(textDate(`${'x '.repeat(100)}12 Jan 2016`)).toBeNull();
  });
});

describe('url(/yyyy/mm/dd/)', () => {
  it('reads a date in the path of the page URL, then of its canonical URL', () => {
    const pathDate = (html: string, pageUrl: string): unknown => run('date', 'url(/yyyy/mm/dd/)', html, {url: pageUrl, headers: {}, baseUrl: pageUrl});
    expect(pathDate('', 'https://x.example/2016/05/16/story/')).toEqual(['2016-05-16']);
    expect(pathDate('<link rel="canonical" href="/blog/2016-5-6-story">', 'https://x.example/p?id=3')).toEqual(['2016-05-06']);
    expect(pick('', 'https://x.example/2016/05/16/story').date).toBe('2016-05-16T12:00:00.000Z');
  });

  it.each([
    ['/2016/05/16/', '2016-05-16'], ['/news/2016/5/6/x', '2016-05-06'], ['/2016-05-16-title', '2016-05-16'], ['/2016/05/16', '2016-05-16'],
    ['/2016/05/', null], ['/2016/02/30/x', null], ['/2016/13/01/x', null], ['/1850/05/16/x', null], ['/2016/05/1650-x', null], ['/p/20160516', null],
  ])('%s gives %s', (path, expected) => {
    expect(urlDate(`https://x.example${path}`)).toBe(expected);
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
