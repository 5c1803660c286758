import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {pickFields, rules} from '../../src/rules/rules.js';
import {unsettledFields} from '../../src/rules/settled-fields.js';

/*
 * The headline the page shows beats the head's wording of the same story (issue 33: the labels of
 * real pages are the visible `<h1>`); a kicker, a date or the site's name is no headline.
 */

const url = 'https://www.harbour-post.example/news/quay';
const page = (head: string, h1: string): string => `<html lang="en"><head>${head}</head><body><article><h1>${h1}</h1><p>Text.</p></article></body></html>`;
const title = (html: string): string | null => pickFields(parseHtml(html), {url, headers: {}}, rules, null).title;
const twoTitles = '<title>Quay lamps lit again after twelve dark years | Harbour Post</title><meta property="og:title" content="Old port quay lamps return after twelve years">';
// A news site's head: og:title and <title> agree (the site's name after it), the article's <h1> words it for readers.
const oneTitle = '<title>Old port quay lamps return after twelve years | Harbour Post</title><meta property="og:title" content="Old port quay lamps return after twelve years">';

describe('the shown headline', () => {
  it('is the title when og:title and <title> are two wordings of its story', () => {
    expect(title(page(twoTitles, 'Volunteers light the old quay lamps after twelve years'))).toBe('Volunteers light the old quay lamps after twelve years');
  });

  it('is the title when og:title and <title> agree but the <h1> words the story anew', () => {
    expect(title(page(oneTitle, 'Volunteers light the old quay lamps after twelve years'))).toBe('Volunteers light the old quay lamps after twelve years');
    // The headline with its subtitle run on (`Headline Subtitle` in one <h1>) is what the reader sees.
    expect(title(page(oneTitle, 'Old port quay lamps return after twelve years: the volunteers behind it'))).toBe('Old port quay lamps return after twelve years: the volunteers behind it');
    // A question the og:title answers in short (`Wärmepumpe im Altbau - Wann es sich lohnt | heizung.de`).
    const short = '<title>Heat pump in an old house - when it pays | Heat Site</title><meta property="og:title" content="Heat pump in an old house - when it pays | Heat Site">';
    expect(title(page(short, 'Does a heat pump suit an old house?'))).toBe('Does a heat pump suit an old house?');
  });

  it('is the title when og:title is its beginning, cut short for sharing', () => {
    const head = '<title>How to care for hydrangeas | Garden Ledger</title><meta property="og:title" content="How to care for hydrangeas">';
    expect(title(page(head, 'How to care for hydrangeas to get the most beautiful blooms on the block')))
      .toBe('How to care for hydrangeas to get the most beautiful blooms on the block');
  });

  it('is the title when it is longer, holds most of og:title\'s words and the JSON-LD headline confirms it', () => {
    const h1 = 'When the network under Windows 10 is very slow, switching off auto-tuning can help';
    const head = '<meta property="og:title" content="Windows 10 network very slow | IT Ledger">';
    const ld = `<script type="application/ld+json">{"@type":"Article","headline":"${h1}"}</script>`;
    expect(title(page(head + ld, h1))).toBe(h1);
    // Without the JSON-LD headline, og:title stays.
    expect(title(page(head, h1))).toBe('Windows 10 network very slow | IT Ledger');
  });

  it('is the title when it is og:title\'s headline behind a short kicker and a colon', () => {
    // The kicker is one short segment before the headline: the headline the reader sees.
    expect(title(page(oneTitle, '"Lights on": Old port quay lamps return after twelve years'))).toBe('"Lights on": Old port quay lamps return after twelve years');
    expect(title(page(oneTitle, 'A kicker far too long to be one short segment: Old port quay lamps return after twelve years'))).toBe('Old port quay lamps return after twelve years');
  });

  it('is the title in place of <title> on a page without og:title', () => {
    const head = '<title>Leasing or financing? Compare, calculate, decide | Money Site</title>';
    expect(title(page(head, 'Leasing or financing? Compare offers now!'))).toBe('Leasing or financing? Compare offers now!');
  });

  // A regional paper's SEO team rewords og:title for sharing; the <title> keeps the headline the page shows.
  it('is the title when og:title tells its story in other words altogether and <title> agrees with the <h1>', () => {
    const head = '<title>Bergheim sues the builder over crumbling paving stones | Harbour Post</title>'
      + '<meta property="og:title" content="Stone disaster: pedestrian zone in poor shape">';
    expect(title(page(head, 'Bergheim: the town sues the builder over crumbling paving stones'))).toBe('Bergheim: the town sues the builder over crumbling paving stones');
    // A share prompt set for every page names the site (as the <title> does) and shares a short word with the <h1>: no headline either.
    const prompt = '<title>Harbour Club - Quick fresh hair anywhere with the new 10-in-1 dry shampoo - Info</title>'
      + '<meta property="og:title" content="Would you like to join Harbour Club with me?">';
    expect(title(page(prompt, 'Quick fresh hair anywhere with the 10-in-1 dry shampoo'))).toBe('Quick fresh hair anywhere with the 10-in-1 dry shampoo');
    // Without a <title> that agrees, og:title stays.
    expect(title(page('<title>Harbour Post</title><meta property="og:title" content="Stone disaster: pedestrian zone in poor shape">', 'Bergheim: the town sues the builder over crumbling paving stones')))
      .toBe('Stone disaster: pedestrian zone in poor shape');
  });

  // A shop's og:title behind a box-drawing `│` (U+2502) before its name, the pipe's look-alike.
  it('reads a `│` as the separator before the site\'s name', () => {
    const head = '<title>Become a product tester │ Shop Market</title><meta property="og:title" content="Become a product tester: test for free & rate │ Shop Market Germany Online">';
    expect(title(page(head, 'Become a product tester now - it is that easy'))).toBe('Become a product tester now - it is that easy');
  });

  it('leaves og:title when the <h1> tells another story, is a kicker (glued, or behind `/`) or a date before it, or a part of it', () => {
    for (const head of [twoTitles, oneTitle]) {
      expect(title(page(head, 'Harbour Post'))).toBe('Old port quay lamps return after twelve years');
      expect(title(page(head, 'Night life Old port quay lamps return after twelve years'))).toBe('Old port quay lamps return after twelve years');
      expect(title(page(head, 'Night life / Old port quay lamps return after twelve years'))).toBe('Old port quay lamps return after twelve years');
      expect(title(page(head, '1 February 2022 Old port quay lamps return after twelve years'))).toBe('Old port quay lamps return after twelve years');
      expect(title(page(head, 'Quay lamps return'))).toBe('Old port quay lamps return after twelve years');
      expect(title(page(head, 'Weather warning for the weekend in the north'))).toBe('Old port quay lamps return after twelve years');
    }
    // A blog theme's <h1> holding the blog's name is no headline either.
    expect(title(page('<title>Aren’t we all …? | Katastrophengebiet</title><meta property="og:title" content="Aren’t we all …?">', 'Katastrophengebiet'))).toBe('Aren’t we all …?');
  });

  // A page without og:title: the first head source that answers is judged the same way.
  it('is the title in place of the JSON-LD headline, twitter:title or a microdata headline on a page without og:title', () => {
    const ld = (headline: string): string => `<script type="application/ld+json">{"@type":"NewsArticle","headline":"${headline}"}</script>`;
    // The JSON-LD headline cut short for search, the <h1> going on from it.
    expect(title(page(ld('Can fish feel pain?'), 'Can fish feel pain / suffer?'))).toBe('Can fish feel pain / suffer?');
    // The <h1> is the JSON-LD headline behind a short kicker and a colon.
    expect(title(page(ld('Music stars call for a new streaming model'), 'User-centric payment: Music stars call for a new streaming model')))
      .toBe('User-centric payment: Music stars call for a new streaming model');
    // A Yoast WebPage name that copies <title>, entities and all.
    const yoast = '<script type="application/ld+json">{"@graph":[{"@type":"WebPage","name":"Kramer misses the games in Beijing &#8211; jumping.example"}]}</script>';
    expect(title(page(yoast, '"Pure emptiness": Kramer misses the games in Beijing'))).toBe('"Pure emptiness": Kramer misses the games in Beijing');
    // An embedded video's name that shares nothing with the <h1> and <title>, which agree.
    const video = '<title>Export Chrome and keep everything safe</title><script type="application/ld+json">{"@type":"VideoObject","name":"Your Browser, Everywhere"}</script>';
    expect(title(page(video, 'Export Chrome and keep everything safe'))).toBe('Export Chrome and keep everything safe');
    expect(title(page('<meta name="twitter:title" content="Can fish feel pain?">', 'Can fish feel pain / suffer?'))).toBe('Can fish feel pain / suffer?');
    // A kicker glued before it (a roofline element in the <h1>), even one word: the head's headline stays.
    expect(title(page(ld('Build a worm bin yourself'), 'Wormery Build a worm bin yourself'))).toBe('Build a worm bin yourself');
    expect(title(page(ld('Benko company Signa in trouble &#8211; figures and advisers'), 'Property crisis Benko company Signa in trouble – figures and advisers')))
      .toBe('Benko company Signa in trouble – figures and advisers');
    // With og:title, og:title's judgment alone counts: the JSON-LD headline is not looked at.
    expect(title(page(`<meta property="og:title" content="Can fish feel pain?">${ld('Can fish feel pain?')}`, 'Fish'))).toBe('Can fish feel pain?');
  });

  it('is read from the body: a head with og:title does not settle the title', () => {
    const head = (tags: string): string[] => unsettledFields(parseHtml(`<html><head>${tags}</head><body>`), {url, headers: {}}, ['title'], () => false);
    expect(head(oneTitle)).toEqual(['title']);
    expect(head(twoTitles)).toEqual(['title']);
  });
});
