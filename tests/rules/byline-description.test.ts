import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {isJobTitle, isPlaceholder, personNames, withoutHandle} from '../../src/rules/byline.js';
import {isLeadText} from '../../src/rules/lead-paragraph.js';
import {authorName, looksLikeDate} from '../../src/rules/normalize.js';
import {pickFields, rules} from '../../src/rules/rules.js';
import {siteIndex} from '../../src/rules/sites/site-index.js';

/* The helpers behind the article fixtures of tests/rules/articles.test.ts (issue 28 item 3), on their edges. */

const url = 'https://www.ledger.example/news/story';
const pick = (html: string, sites: Parameters<typeof pickFields>[3] = null): ReturnType<typeof pickFields> => pickFields(parseHtml(html), {url, headers: {}}, rules, sites);

describe('authorName: a byline as the card author', () => {
  it.each([
    ['By Jane Doe and John Roe', 'Jane Doe, John Roe'],
    ['Jane Doe & John Roe', 'Jane Doe, John Roe'],
    ['Simon and Garfunkel', 'Simon and Garfunkel'],
    ['Jane and John Doe', 'Jane and John Doe'],
    ["Ben & Jerry's", "Ben & Jerry's"],
    ['Jane Doe, Senior Editor', 'Jane Doe'],
    ['Ana Lima, Transport correspondent at The Harbour Wire', 'Ana Lima'],
    ['Jane Doe - Staff Writer', 'Jane Doe'],
    ['By Jane Doe | May 3, 2024', 'Jane Doe'],
    ['Rosa Quint • 5 min read', 'Rosa Quint'],
    ['5 min read · By Rosa Quint', 'Rosa Quint'],
    ['Mara Ellis (@maraellis)', 'Mara Ellis'],
    ['Mara Ellis @maraellis', 'Mara Ellis'],
    ['Jane Doe (Editor)', 'Jane Doe'],
    ['Ann Lee (guest columnist)', 'Ann Lee'],
    ['Jane Doe, John Roe and Ann Lee', 'Jane Doe, John Roe, Ann Lee'],
    ['Jane Doe, John Roe, and Ann Lee', 'Jane Doe, John Roe, Ann Lee'],
    ['Written by Jane Doe • Edited by John Roe', 'Jane Doe'],
    ['@maraellis', 'maraellis'],
    ['A. Writer, B. Writer', 'A. Writer, B. Writer'],
    ['Tom Reyes, 12 Jan 2016', 'Tom Reyes'],
    ['Jane Doe, jane doe', 'Jane Doe'],
  ])('%j → %j', (value, expected) => {
    expect(authorName(value)).toBe(expected);
  });

  it.each(['Staff', 'staff reporter', 'Editorial Staff', 'admin', 'Web Desk', 'Guest Author', 'Anonymous', 'By Staff | March 1, 2024', 'ann@ledger.example'])('%j names no one', (value) => {
    expect(authorName(value)).toBeNull();
  });

  it('tells job titles, placeholders and handles from names', () => {
    expect([isJobTitle('Senior Editor'), isJobTitle('Political Editor'), isJobTitle('editor at large'), isJobTitle('Meta Writer'), isJobTitle('Chief Joseph')]).toEqual([true, true, true, false, false]);
    expect([isPlaceholder('Staff Writer'), isPlaceholder('The Editorial Board'), isPlaceholder('Reuters')]).toEqual([true, false, false]);
    expect([withoutHandle('ann@ledger.example'), withoutHandle('Ann Lee (Twitter: @annlee)')]).toEqual(['ann@ledger.example', 'Ann Lee']);
    expect(personNames('Jane Doe, May 3, 2024', looksLikeDate)).toEqual(['Jane Doe']);
  });
});

describe('author sources (issue 28 item 3)', () => {
  it('takes a person over a JSON-LD Organization author, the organization when no one else is named', () => {
    const org = '<script type="application/ld+json">{"@type":"NewsArticle","author":{"@type":"NewsMediaOrganization","name":"The Wire"}}</script>';
    expect(pick(`${org}<meta name="author" content="Ann Lee">`).author).toBe('Ann Lee');
    expect(pick(`${org}<p class="byline">By Bo Kim</p>`).author).toBe('Bo Kim');
    expect(pick(org).author).toBe('The Wire');
    // A Person without a name gives its given and family names.
    expect(pick('<script type="application/ld+json">{"@type":"Article","author":{"@type":"Person","givenName":"Ann","familyName":"Lee"}}</script>').author).toBe('Ann Lee');
  });

  it('joins several author metas, leaving out profile URLs', () => {
    expect(pick('<meta property="article:author" content="Ann Lee"><meta property="article:author" content="https://fb.example/bo"><meta property="article:author" content="Bo Kim">').author).toBe('Ann Lee, Bo Kim');
  });

  it('reads twitter:creator last, and not when it is the site\'s handle', () => {
    expect(pick('<meta name="twitter:creator" content="@annlee">').author).toBe('annlee');
    expect(pick('<meta name="twitter:creator" content="@annlee"><meta name="twitter:site" content="@AnnLee">').author).toBeNull();
    expect(pick('<meta name="twitter:creator" content="@TheLedger"><meta property="og:site_name" content="The Ledger">').author).toBeNull();
    expect(pick('<meta name="twitter:creator" content="@ledger">').author).toBeNull();
  });

  it('keeps one byline\'s rel=author links together, not a menu\'s or a later one', () => {
    expect(pick('<nav><a rel="author" href="/team">Our team</a></nav><p>By <a rel="author" href="/a">Ann Lee</a> and <a rel="author" href="/b">Bo Kim</a></p><p>Lorem ipsum</p><div><p>More:</p><p>x</p><a rel="author" href="/c">Cy Dee</a></div>').author).toBe('Ann Lee, Bo Kim');
    expect(pick('<footer><a rel="author" href="/team">Ann Lee</a></footer>').author).toBeNull();
  });
});

describe('descriptions (issue 28 item 3)', () => {
  it('keeps og:description over a different meta description, and a cut one when nothing whole starts the same', () => {
    expect(pick('<meta property="og:description" content="For the card."><meta name="description" content="For search.">').description).toBe('For the card.');
    expect(pick('<meta property="og:description" content="Cut short..."><meta name="description" content="Something else entirely.">').description).toBe('Cut short...');
    expect(pick('<meta property="og:description" content="The crane arrived on Mon…"><script type="application/ld+json">{"@type":"NewsArticle","description":"The crane arrived on Monday by barge."}</script>').description).toBe('The crane arrived on Monday by barge.');
  });

  it('lets a longer og:description cut short give way to the shorter meta description written for the page', () => {
    const og = 'The harbour crane arrived on Monday by barge from Rotterdam, and the council says the quay will reopen once the...';
    expect(pick(`<meta property="og:description" content="${og}"><meta name="description" content="A new crane for the harbour.">`).description).toBe('A new crane for the harbour.');
    // Both cut short: the shorter, written one still wins; a longer meta description does not.
    expect(pick(`<meta property="og:description" content="${og}"><meta name="description" content="A new crane for the harbour, and the quay (...)">`).description).toBe('A new crane for the harbour, and the quay (...)');
    expect(pick(`<meta property="og:description" content="A crane, cut…"><meta name="description" content="The harbour crane arrived on Monday by barge from Rotterdam…">`).description).toBe('A crane, cut…');
    // A whole value that starts the same still comes first.
    expect(pick(`<meta property="og:description" content="The crane arrived on Mon..."><meta name="description" content="Short one."><script type="application/ld+json">{"@type":"NewsArticle","description":"The crane arrived on Monday by barge."}</script>`).description).toBe('The crane arrived on Monday by barge.');
  });

  it('drops markup a CMS left in a description, and reads [...] and […] as cut short', () => {
    expect(pick('<meta property="og:description" content="&lt;p&gt;The crane &lt;b&gt;arrived&lt;/b&gt;.&lt;/p&gt;">').description).toBe('The crane arrived.');
    expect(pick('<meta property="og:description" content="The crane arrived on […]"><meta name="description" content="The crane arrived on Monday.">').description).toBe('The crane arrived on Monday.');
    expect(pick('<meta property="og:description" content="a < b and c > d">').description).toBe('a < b and c > d');
  });

  it('gives the title repeated, the site\'s name or its tagline only when nothing else describes the page, still before the lead paragraph', () => {
    expect(pick('<meta property="og:site_name" content="The Wire"><meta property="og:description" content="The Wire"><meta name="description" content="Local news.">').description).toBe('Local news.');
    const body = '<article><p>The first paragraph of the article, long enough to be a description.</p></article>';
    expect(pick(`<title>Tide times</title><meta property="og:description" content="Tide times">${body}`).description).toBe('Tide times');
    expect(pick(`<title>Tide times</title><meta property="og:description" content="Tide times"><meta name="description" content="High water at 6.">${body}`).description).toBe('High water at 6.');
    expect(pick(`<title>Home</title>${body}`).description).toBe('The first paragraph of the article, long enough to be a description.');
  });

  it('takes the title\'s headline without the site\'s name after it as the title repeated (a shop\'s JSON-LD description)', () => {
    const ld = '<script type="application/ld+json">{"@type":"WebPage","description":"Printers • Labels • Service"}</script>';
    expect(pick(`<title>Printers • Labels • Service | Ledger Systems</title>${ld}<meta name="description" content="Printers, labels and ribbons from the experts: ask us now!">`).description)
      .toBe('Printers, labels and ribbons from the experts: ask us now!');
    // Alone, it is still the answer; a description that only starts like the title is a description.
    expect(pick(`<title>Printers • Labels • Service | Ledger Systems</title>${ld}`).description).toBe('Printers • Labels • Service');
    expect(pick('<title>Tide times - Harbour Wire</title><meta property="og:description" content="Tide times for the whole coast, every day."><meta name="description" content="Other.">').description)
      .toBe('Tide times for the whole coast, every day.');
  });

  it('lets the next source answer when a site refuses og:description (a slogan)', () => {
    const sites = siteIndex([{id: 'ledger', hosts: ['ledger.example'], rules: {}, refuse: {description: (value: string) => value === 'Our slogan'}}]);
    const html = '<meta property="og:description" content="Our slogan"><meta name="description" content="Our slogan"><div itemscope itemtype="https://schema.org/VideoObject"><meta itemprop="description" content="The video\'s own text."></div>';
    expect(pick(html, sites).description).toBe('The video\'s own text.');
  });

  it.each([
    'We use cookies to give you the best experience. By continuing to browse you agree.',
    'This site uses cookies. Manage your cookie settings.',
    'Sign up for our newsletter and get the news in your inbox.',
    'Skip to main content and the rest of the page, please',
    'By Jane Doe | May 3, 2024 | 4 min read | Transport',
    'By Jane Doe and John Roe, Senior Reporters, The Harbour Wire',
    'Written by Ann Lee on 3 May 2024 for the weekend edition',
    'You agree to our use of cookies when you continue to read.',
    'Home › News › Transport › The ferry that runs on chip fat',
  ])('%j is no lead paragraph', (text) => {
    expect(isLeadText(text)).toBe(false);
  });

  it.each([
    'By the time the ferry docked, the queue reached the top of the hill and back down again.',
    'Cookies from the village bakery sold out within an hour of the fair opening on Saturday.',
    'These cookies keep for a week in a tin; we use brown butter for a deeper flavour.',
    'By 2030, the harbour — if the plan goes ahead — will have room for twice as many boats.',
    'By Tuesday the queue reached the top of the hill and back down again to the quay.',
  ])('%j may be the lead paragraph', (text) => {
    expect(isLeadText(text)).toBe(true);
  });
});

describe('Snapshot.paragraphs', () => {
  it('records the first long paragraphs outside chrome, captions, quotes and dialogs, marking those in an article or main', () => {
    const long = (words: string): string => `${words} and enough more words to count as a paragraph`;
    const snapshot = parseHtml(`<header><p>${long('header')}</p></header><dialog open><p>${long('dialog')}</p></dialog><p>${long('before')}</p><p>short</p>
      <main><figure><figcaption><p>${long('caption')}</p></figcaption></figure><blockquote><p>${long('quote')}</p></blockquote><p>${long('lead')}</p></main><p>${long('after')}</p>`);
    expect(snapshot.paragraphs).toEqual([
      {text: long('before'), lead: false}, {text: long('lead'), lead: true}, {text: long('after'), lead: false},
    ]);
    expect(snapshot.paragraph).toBe(long('before'));
  });

  it('stops after 6 paragraphs, or after the third in an article', () => {
    const p = (index: number): string => `<p>Paragraph number ${index} with enough words to be recorded here.</p>`;
    expect(parseHtml(Array.from({length: 9}, (_, index) => p(index)).join('')).paragraphs).toHaveLength(6);
    expect(parseHtml(`${p(0)}<article>${Array.from({length: 5}, (_, index) => p(index + 1)).join('')}</article>`).paragraphs?.map((entry) => entry.lead)).toEqual([false, true, true, true]);
  });
});
