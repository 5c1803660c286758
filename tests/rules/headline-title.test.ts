import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {pickFields, rules} from '../../src/rules/rules.js';

/* The title judged against the headline the page shows (issue 33 item 2, src/rules/headline-title.ts). */

const url = 'https://www.ledger.example/2024/05/ferry-returns';
const titleOf = (head: string, body = '', pageUrl = url): string | null =>
  pickFields(parseHtml(`<html><head>${head}</head><body>${body}</body></html>`), {url: pageUrl, headers: {}}, rules, null).title;

describe('a title with more than one site segment around the confirmed headline gives the headline', () => {
  it.each([
    ['Blog tagline segments', '<title>The ferry returns : Harbour Notes | Reports on the coast | Since 2005</title>', '<h1>The ferry returns</h1>', 'The ferry returns'],
    ['section crumbs after it', '<title>Harbour council votes to keep ferry / Politics / Politics overview / Article / Home - Ledger</title>', '<h1>Harbour council votes to keep ferry</h1>', 'Harbour council votes to keep ferry'],
    ['a long subtitle after it', '<meta property="og:title" content="Harbour council votes to keep ferry | The vote follows two years of campaigns by islanders and the unions of the port">', '<h1>Harbour council votes to keep ferry</h1>', 'Harbour council votes to keep ferry'],
    ['the headline as the h1 writes it (dash)', '<meta property="og:title" content="Energy rising - 33 days of yoga - Mara Yoga - Yoga Lifestyle">', '<h1>Energy rising – 33 days of yoga</h1>', 'Energy rising – 33 days of yoga'],
    ['kicker before it, site after it', '<title>New - Japanese small cars on the rise - Review</title>', '<h1>Japanese small cars on the rise</h1>', 'Japanese small cars on the rise'],
    ['a separator the matching does not know', '<meta property="og:title" content="Services stay open under strict rules › ledger.example">', '<h1>Services stay open under strict rules</h1>', 'Services stay open under strict rules'],
    ['a headline with its own separator (a kicker) before the site\'s name', '<meta property="og:title" content="Olympic summer in Paris - Drinks by boat to the city centre - Ledger.example">', '<h1><span>Olympic summer in Paris</span> <span>Drinks by boat to the city centre</span></h1><script type="application/ld+json">{"@type":"NewsArticle","headline":"Olympic summer in Paris - Drinks by boat to the city centre"}</script>', 'Olympic summer in Paris - Drinks by boat to the city centre'],
    ['a kicker glued to it by a colon, the site after it', '<meta property="og:title" content="Rutger Bregman: Our true selves - Ledger online">', '<h1>Our true selves</h1>', 'Rutger Bregman: Our true selves'],
    ['the JSON-LD headline confirms it', '<title>Harbour council votes to keep ferry » Ledger - News from the coast</title><script type="application/ld+json">{"@type":"NewsArticle","headline":"Harbour council votes to keep ferry"}</script>', '', 'Harbour council votes to keep ferry'],
  ])('%s', (_name, head, body, expected) => {
    expect(titleOf(head, body)).toBe(expected);
  });

  it.each([
    ['one short site segment stays', '<meta property="og:title" content="Harbour council votes to keep ferry | The Ledger">', '<h1>Harbour council votes to keep ferry</h1>', 'Harbour council votes to keep ferry | The Ledger'],
    ['a blog theme\'s <h1> of two segments (the site\'s name) after it stays', '<title>Little sheep lore | Sheep Ledger – Webcomic</title>', '<h1>Sheep Ledger – Webcomic</h1>', 'Little sheep lore | Sheep Ledger – Webcomic'],
    ['the site before it stays', '<title>The Ledger: Harbour council votes to keep ferry</title>', '<h1>Harbour council votes to keep ferry</h1>', 'The Ledger: Harbour council votes to keep ferry'],
    ['no headline to confirm it: as written', '<title>Harbour council votes - Politics - The Ledger</title>', '', 'Harbour council votes - Politics - The Ledger'],
    ['a one-word h1 (a section) confirms no headline', '<title>Politics - Harbour council votes - The Ledger</title>', '<h1>Politics</h1>', 'Politics - Harbour council votes - The Ledger'],
  ])('%s', (_name, head, body, expected) => {
    expect(titleOf(head, body)).toBe(expected);
  });
});

describe('a title that names no page gives way to the headline', () => {
  it('a placeholder <title>', () => {
    expect(titleOf('<title>Home</title>', '<h1>Time to say goodbye</h1>')).toBe('Time to say goodbye');
  });
  it('og:title that is the og:site_name', () => {
    expect(titleOf('<meta property="og:site_name" content="NMB Media Templates"><meta property="og:title" content="NMB Media Templates">', '<h1>New shop templates for the data rules</h1>')).toBe('New shop templates for the data rules');
    // However long the site's name (a tagline in og:site_name and og:title alike).
    const long = '.:: NMB MEDIA ::. Shop templates, stock tools / auction designs';
    expect(titleOf(`<meta property="og:site_name" content="${long}"><meta property="og:title" content="${long}">`, '<h1>New shop templates for the data rules</h1>')).toBe('New shop templates for the data rules');
  });
  it('a section and the site name', () => {
    expect(titleOf('<meta property="og:site_name" content="Shabka"><meta property="og:title" content="About Us - Shabka">', '<h1>The strategic think tank</h1>')).toBe('The strategic think tank');
  });
  it('a one-word section or page label, alone or before the site\'s name', () => {
    const ld = '<script type="application/ld+json">{"@type":"Article","headline":"Build a worm bin yourself"}</script>';
    expect(titleOf(`<meta property="og:site_name" content="selbst.example"><meta property="og:title" content="Wormery | selbst.example">${ld}`, '<h1>Wormery Build a worm bin yourself</h1>'))
      .toBe('Build a worm bin yourself');
    expect(titleOf('<meta property="og:site_name" content="Ledger Lab"><meta property="og:title" content="Hazmat-Service">', '<h1>Hazardous substances management for makers and importers</h1>'))
      .toBe('Hazardous substances management for makers and importers');
    // Without a headline of more words, or on the home page, it stays.
    expect(titleOf('<meta property="og:title" content="Hazmat-Service">', '<h1>Service</h1>')).toBe('Hazmat-Service');
    expect(titleOf('<meta property="og:title" content="Hazmat-Service">', '<h1>Hazardous substances management</h1>', 'https://lab.example/')).toBe('Hazmat-Service');
  });
  it('the site name alone on the home page stays', () => {
    expect(titleOf('<meta property="og:site_name" content="The Ledger"><meta property="og:title" content="The Ledger">', '<h1>News from the coast</h1>', 'https://www.ledger.example/')).toBe('The Ledger');
  });
  it('without a headline, the placeholder stays', () => {
    expect(titleOf('<title>Home</title>')).toBe('Home');
  });
  it('the site organization\'s microdata name is no title', () => {
    expect(titleOf('<title>Avalanche theory in practice - Ledger Outdoor</title>', '<div itemscope itemtype="http://schema.org/Organization"><span itemprop="name">Ledger Outdoor AG</span></div><h1>Avalanche theory in practice</h1>'))
      .toBe('Avalanche theory in practice - Ledger Outdoor');
  });
});

describe('the site name leading or inside the title marks where the headline is', () => {
  it('`Site » Blog Archive » Headline` with the site name in the h1', () => {
    expect(titleOf('<title>Time 4 talks » Blog Archive » More digital cinemas in the Alps</title>', '<h1>Time 4 talks</h1>', 'https://time4talks.example/?p=12'))
      .toBe('More digital cinemas in the Alps');
  });
  it('a forum\'s `Site • View topic - Topic` stays as written', () => {
    expect(titleOf('<title>Coastal Gardeners Forum • View topic - Best hedging plants?</title>', '<h1>Coastal Gardeners Forum</h1>', 'https://coastalgardeners.example/viewtopic.php?t=4'))
      .toBe('Coastal Gardeners Forum • View topic - Best hedging plants?');
  });
  it('`Headline : Blog name | tagline | …` where the h1 is the blog\'s name', () => {
    expect(titleOf('<title>The most curious music video : Crime Blog Archive | Investigations into a genre | Founded 2005</title>', '<h1>Crime Blog Archive</h1>'))
      .toBe('The most curious music video');
  });
  it('a section h1 inside the title marks the end of the headline', () => {
    expect(titleOf('<title>Harbour council votes - Politics - The Ledger</title>', '<h1>Politics</h1>')).toBe('Harbour council votes');
  });
  it('a breadcrumb trail from the site\'s name to the section h1 marks its start', () => {
    expect(titleOf('<title>ledger.example | Culture | Books | 30.11. | Book of the week - Nikole Hannah-Jones • 1619</title>', '<h1>Books</h1><h2>30.11. | Book of the week</h2>'))
      .toBe('30.11. | Book of the week - Nikole Hannah-Jones • 1619');
  });
  it('a separator left at the end goes', () => {
    expect(titleOf('<meta property="og:title" content="Equestrian sport stays at the games -">')).toBe('Equestrian sport stays at the games');
  });
});

describe('a <title> that is only the site\'s name, decorated, gives way to the headline on a page without sharing metadata', () => {
  it('a theme\'s `<headline> • <site>` with the headline left empty', () => {
    expect(titleOf('<title> &bull; Pep Ledger</title>', '<h1 class="posttitle"><a href="/mozart">Did Mozart\'s parents worry about his marks?</a></h1>'))
      .toBe('Did Mozart\'s parents worry about his marks?');
    expect(titleOf('<title>| The Ledger</title>', '<h1>Harbour council votes to keep ferry</h1>')).toBe('Harbour council votes to keep ferry');
    // Without a headline, or on the home page, the site's name stays (without the separator).
    expect(titleOf('<title> &bull; Pep Ledger</title>')).toBe('Pep Ledger');
    expect(titleOf('<title> &bull; Pep Ledger</title>', '<h1>Welcome to our pages</h1>', 'https://pep.example/')).toBe('Pep Ledger');
    // A French quote opens a headline: it stays.
    expect(titleOf('<title>« Il y a le poids de la géographie ». Sur les migrations</title>', '<h1>Sur les migrations</h1>'))
      .toBe('« Il y a le poids de la géographie ». Sur les migrations');
  });
  it('`.:: Site ::. tagline`, the same on every page', () => {
    const title = '<title>.:: SHOP-LEDGER ::. Shop templates, stock tools / auction designs</title>';
    expect(titleOf(title, '<h1> Templates adapted to the data protection rules</h1>')).toBe('Templates adapted to the data protection rules');
    // The headline after the decorated name is the page's; without a headline the title stays.
    expect(titleOf('<title>.:: SHOP-LEDGER ::. Templates adapted to the data protection rules</title>', '<h1>Templates adapted to the data protection rules</h1>'))
      .toBe('Templates adapted to the data protection rules');
    expect(titleOf(title)).toBe('.:: SHOP-LEDGER ::. Shop templates, stock tools / auction designs');
  });
  it('the host name and a one-word page label (`www.site | Detail`)', () => {
    expect(titleOf('<title>www.ledger.example&nbsp;&#124;&nbsp;Detail</title>', '<h1>Word of the bishop: worship as a mark of identity</h1>'))
      .toBe('Word of the bishop: worship as a mark of identity');
  });
});

describe('a site\'s name behind a separator the lenient reading does not know', () => {
  it('`Headline « Site` (a classic blog theme), even when the first <h1> is a widget\'s', () => {
    expect(titleOf('<title>3 strange places in Berlin &laquo; BLOG OFF!</title>', '<h1>Do you know my videos?</h1><h1>3 strange places in Berlin</h1>'))
      .toBe('3 strange places in Berlin');
    // One word before it is no headline; a long segment behind it is no site name.
    expect(titleOf('<title>Lexicon &laquo; Lion Pages</title>')).toBe('Lexicon « Lion Pages');
    expect(titleOf('<title>3 strange places in Berlin &laquo; and the seven other places a visitor never finds</title>'))
      .toBe('3 strange places in Berlin « and the seven other places a visitor never finds');
  });
  it('`Headline // Site` where the <h1> is the headline', () => {
    expect(titleOf('<title>Perfect cuts along the line on the table saw // WoodWorks</title>', '<h1 class="headline"> Perfect cuts along the line on the table saw </h1>'))
      .toBe('Perfect cuts along the line on the table saw');
  });
});

describe('the headline glued to more than one short segment gives the headline', () => {
  const h1 = '<h1>Natura small animal hutch with run</h1>';
  it.each([
    ['the shop\'s name after it without a separator', '<title>Natura small animal hutch with run at PetLedger</title>'],
    ['the site\'s name glued after it', '<title>Natura small animal hutch with run PetLedger</title>'],
    ['the site\'s name glued before it and after it', '<title>Pet Ledger Natura small animal hutch with run | Pet Ledger</title>'],
    ['a kicker glued by a colon, a section and the site', '<title>Animals: Natura small animal hutch with run - Shop - petledger.example</title>'],
    ['a date segment before it, the site glued by a colon after it', '<title>08.11.2021 | Natura small animal hutch with run: PetLedger</title>'],
    ['a word and the site after it', '<title>Natura small animal hutch with run Offer | Pet Ledger ME</title>'],
  ])('%s', (_name, head) => {
    expect(titleOf(head, h1)).toBe('Natura small animal hutch with run');
  });

  it.each([
    ['the headline with one short segment stays', '<title>Natura small animal hutch with run: PetLedger</title>', h1, 'Natura small animal hutch with run: PetLedger'],
    ['a segment before it stays', '<title>PetLedger | Natura small animal hutch with run</title>', h1, 'PetLedger | Natura small animal hutch with run'],
    // A blog's name in its <h1> (Blogger's `Blog: Post`), two words: no headline.
    ['a two-word <h1> is no headline', '<meta property="og:title" content="SibenLab privacy policy">', '<h1><a href="/">privacy policy</a></h1>', 'SibenLab privacy policy'],
    ['an <h1> of less than half the title is no headline', '<title>Harbour Post tells how the ferry came back to the island after years</title>', '<h1>the ferry came back</h1>', 'Harbour Post tells how the ferry came back to the island after years'],
    ['only whole words', '<title>Natura small animal hutch with runway lights | PetLedger</title>', h1, 'Natura small animal hutch with runway lights | PetLedger'],
  ])('%s', (_name, head, body, expected) => {
    expect(titleOf(head, body)).toBe(expected);
  });
});
