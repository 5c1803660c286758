import {describe, expect, it} from '@jest/globals';
import {parseHtml, parseHtmlReference} from '../../src/parse/parse-html.js';
import {dateOrder} from '../../src/rules/dates/date-order.js';
import {findDates, readDate} from '../../src/rules/dates/read-date.js';
import {isoDate, textDate} from '../../src/rules/normalize.js';
import {pickFields} from '../../src/rules/rules.js';

const url = 'https://www.ledger.example/news/story';
const published = (html: string): string | null | undefined => pickFields(parseHtml(html), {url, headers: {}}).datePublished;
const page = (lang: string, body: string): string => `<html lang="${lang}"><head><title>T</title></head><body>${body}</body></html>`;

describe('dates in the page\'s own order and language', () => {
  it('reads a numeric date day first on a German, French or British page, month first on an American one', () => {
    expect(published(page('de', '<span class="date">06.10.2023</span>'))).toBe('2023-10-06T12:00:00.000Z');
    expect(published(page('fr-FR', '<span class="date">02/10/2020</span>'))).toBe('2020-10-02T12:00:00.000Z');
    expect(published(page('en-GB', '<span class="date">02/10/2020</span>'))).toBe('2020-10-02T12:00:00.000Z');
    expect(published(page('en-US', '<span class="date">02/10/2020</span>'))).toBe('2020-02-10T12:00:00.000Z');
    // Dots are day first whatever the page says; a number over 12 can only be the day.
    expect(published(page('en', '<span class="date">06.10.2023</span>'))).toBe('2023-10-06T12:00:00.000Z');
    expect(published(page('en-US', '<span class="date">13/10/2023</span>'))).toBe('2023-10-13T12:00:00.000Z');
  });

  it('reads month names in German, French, Spanish, Italian, Portuguese and Dutch, and their abbreviations', () => {
    const cases: [string, string, string][] = [
      ['de', 'Dienstag, 2. November 2021', '2021-11-02'], ['de', '12. Mär. 2021', '2021-03-12'], ['fr', 'jeudi 13 juin 2019', '2019-06-13'],
      ['fr', '3 févr. 2020', '2020-02-03'], ['es', 'jueves 2 de abril de 2020', '2020-04-02'], ['es', '5 dic. 2019', '2019-12-05'],
      ['it', '7 settembre 2018', '2018-09-07'], ['pt', '9 de março de 2017', '2017-03-09'], ['nl', '4 mei 2016', '2016-05-04'],
      ['en', 'April 19, 2019', '2019-04-19'], ['en', 'Jan. 3rd 2020', '2020-01-03'],
    ];
    for (const [lang, text, day] of cases) expect(published(page(lang, `<span class="date">${text}</span>`))).toBe(`${day}T12:00:00.000Z`);
  });

  it('reads month names in the languages of northern, central and eastern Europe, Turkish and Greek, and year-first dates of Hungarian and East Asian pages', () => {
    const cases: [string, string, string][] = [
      ['ru', '13 июня 2019 г., 14:05', '2019-06-13T14:05:00.000Z'], ['uk', '2 листопада 2021', '2021-11-02T12:00:00.000Z'],
      ['pl', 'Opublikowano: 10 listopada 2021', '2021-11-10T12:00:00.000Z'], ['cs', '5. března 2020', '2020-03-05T12:00:00.000Z'],
      ['sk', '7. októbra 2018', '2018-10-07T12:00:00.000Z'], ['sv', '13 augusti 2019', '2019-08-13T12:00:00.000Z'],
      ['da', '4. marts 2022', '2022-03-04T12:00:00.000Z'], ['nb', '13. des. 2019', '2019-12-13T12:00:00.000Z'],
      ['fi', '13. kesäkuuta 2019', '2019-06-13T12:00:00.000Z'], ['tr', '12 Ağustos 2020 Çarşamba', '2020-08-12T12:00:00.000Z'],
      ['el', '14 Μαΐου 2020', '2020-05-14T12:00:00.000Z'], ['ro', '3 septembrie 2017', '2017-09-03T12:00:00.000Z'],
      ['ca', "2 d'abril de 2020", '2020-04-02T12:00:00.000Z'], ['id', '17 Agustus 2021', '2021-08-17T12:00:00.000Z'],
      ['hu', '2019. június 13. 10:20', '2019-06-13T10:20:00.000Z'], ['ja', '2019年6月13日 11時', '2019-06-13T12:00:00.000Z'],
      ['zh-CN', '发布时间：2020 年 1 月 5 日', '2020-01-05T12:00:00.000Z'], ['ko', '2019년 6월 13일', '2019-06-13T12:00:00.000Z'],
    ];
    for (const [lang, text, instant] of cases) expect([lang, published(page(lang, `<span class="date">${text}</span>`))]).toEqual([lang, instant]);
    // A word that only starts like a month's name, or a year with a number after it, is no date.
    expect(findDates('Marathon 2019 13, 2019. 13, 13 Marsch 2019', 'dmy')).toEqual([]);
  });

  it('reads month names of the Balkans, the Baltics, Iceland, Albania, Galicia, the Philippines, Malaysia, the Arabic, Hebrew and Hindi pages, and Greek in capitals', () => {
    const cases: [string, string, string][] = [
      ['hr', '13. lipnja 2019.', '2019-06-13T12:00:00.000Z'], ['hr', '2. prosinca 2021', '2021-12-02T12:00:00.000Z'],
      ['sl', '5. marca 2020', '2020-03-05T12:00:00.000Z'], ['sl', '13. junij 2019', '2019-06-13T12:00:00.000Z'],
      ['sr', '7. oktobar 2018', '2018-10-07T12:00:00.000Z'], ['sr', '7. октобар 2018', '2018-10-07T12:00:00.000Z'],
      ['bg', '13 юни 2019 г.', '2019-06-13T12:00:00.000Z'], ['mk', '3 септември 2017', '2017-09-03T12:00:00.000Z'],
      ['be', '4 сакавіка 2022', '2022-03-04T12:00:00.000Z'], ['is', '17. ágúst 2021', '2021-08-17T12:00:00.000Z'],
      ['sq', '12 nëntor 2020', '2020-11-12T12:00:00.000Z'], ['lv', '2019. gada 13. jūnijā', '2019-06-13T12:00:00.000Z'],
      ['lt', '2019 m. birželio 13 d.', '2019-06-13T12:00:00.000Z'], ['gl', '13 de xuño de 2019', '2019-06-13T12:00:00.000Z'],
      ['fil', 'Hulyo 4, 2020', '2020-07-04T12:00:00.000Z'], ['ms', '31 Ogos 2021', '2021-08-31T12:00:00.000Z'],
      ['ar', '13 يونيو 2019', '2019-06-13T12:00:00.000Z'], ['he', '13 ביוני 2019', '2019-06-13T12:00:00.000Z'],
      ['hi', '13 जून 2019', '2019-06-13T12:00:00.000Z'], ['el', '14 ΜΑΪΟΥ 2020', '2020-05-14T12:00:00.000Z'],
      ['el', '2 Δεκ 2021', '2021-12-02T12:00:00.000Z'], ['tr', '5 Haz 2019', '2019-06-05T12:00:00.000Z'],
      ['vi', 'Thứ năm, 13 tháng 6 năm 2019', '2019-06-13T12:00:00.000Z'], ['vi', 'ngày 2 tháng 11, 2021', '2021-11-02T12:00:00.000Z'],
      ['ko', '2019. 6. 13. 오후', '2019-06-13T12:00:00.000Z'],
    ];
    for (const [lang, text, instant] of cases) expect([lang, text, published(page(lang, `<span class="date">${text}</span>`))]).toEqual([lang, text, instant]);
    // Croatian's `listopada` is October, Polish's and Czech's November: read as November, as before.
    expect(readDate('1. listopada 2019', 'dmy')).toBe('2019-11-01T12:00:00.000Z');
    // A Latvian year with no `gada` and a Vietnamese month without its year are no dates.
    expect(findDates('2019. 13. jūnijs; 13 tháng 6', 'dmy')).toEqual([]);
  });

  it('reads a <time datetime> and a meta written day first in the page\'s order', () => {
    expect(published(page('fr', '<time datetime="01-11-2023">1 nov.</time>'))).toBe('2023-11-01T12:00:00.000Z');
    expect(published(`<html lang="de"><head><meta property="article:published_time" content="10.12.2022, 07:00:03"></head></html>`)).toBe('2022-12-10T07:00:03.000Z');
  });

  it('takes the date labelled as published over the one labelled as an update, and an update only when there is no other', () => {
    expect(textDate('Aktualisiert am 31.10.2023 · Veröffentlicht am 06.10.2023', 'dmy')).toBe('2023-10-06T12:00:00.000Z');
    expect(textDate('Letzte Änderung: 31.10.2023 - 14:49:39 Erschienen am: 01.11.2023', 'dmy')).toBe('2023-11-01T12:00:00.000Z');
    expect(textDate('Updated March 5, 2021 | March 3, 2021')).toBe('2021-03-03T12:00:00.000Z');
    expect(textDate('Stand: 06.10.2023 14:31 Uhr', 'dmy')).toBe('2023-10-06T14:31:00.000Z');
  });

  it('reads the time of day and the zone after a date', () => {
    expect(readDate('5. Mai 2014 um 23:30', 'dmy')).toBe('2014-05-05T23:30:00.000Z');
    expect(readDate('Sat Mar 12, 2016 2:05 pm', 'mdy')).toBe('2016-03-12T14:05:00.000Z');
    expect(readDate('12 Jan, 2016, 05.04 PM IST', 'mdy')).toBe('2016-01-12T11:34:00.000Z');
    expect(readDate('01.11.2023 11:35 CET', 'dmy')).toBe('2023-11-01T10:35:00.000Z');
  });

  it('finds no date where day, month and year are not all written, or the day is not one', () => {
    expect(findDates('May 2016, 3 hours ago, 1/2/22, 31.02.2021, 2.4 km, version 10.2', 'dmy')).toEqual([]);
  });

  it('chooses the order from the language tag', () => {
    expect([dateOrder('en-US'), dateOrder('en'), dateOrder(null), dateOrder('en_GB'), dateOrder('de-DE'), dateOrder('pt-BR')]).toEqual(['mdy', 'mdy', 'mdy', 'dmy', 'dmy', 'dmy']);
  });
});

describe('the first byline\'s date over a <time> element', () => {
  it('takes the date of the story\'s byline over the <time>s of related-story cards, but not a byline\'s update', () => {
    const related = `<div class="related"><h4><a href="/b">Older story</a></h4><p class="post-date"><time class="published" datetime="2020-12-03 07:32:49">3. Dezember 2020</time></p></div>`;
    const story = (byline: string): string => page('de-DE', `${related}<article><h1 class="entry-title">Wechsel beim Sender</h1>
      <p class="post-byline">von <span class="vcard author"><a href="/author/es" rel="author">es</a></span> · ${byline}</p><p>Text.</p></article>`);
    expect(published(story('<span class="published">31. Oktober 2023</span>'))).toBe('2023-10-31T12:00:00.000Z');
    // A byline that writes only an update leaves the <time>; a byline without a date too.
    expect(published(story('Aktualisiert am 31.10.2023'))).toBe('2020-12-03T07:32:49.000Z');
    expect(published(story('5 Min.'))).toBe('2020-12-03T07:32:49.000Z');
    // Metadata still wins over both.
    expect(published(`<meta property="article:published_time" content="2023-10-30T08:00:00Z">${story('31. Oktober 2023')}`)).toBe('2023-10-30T08:00:00.000Z');
  });
});

describe('a date the body labels as published, over a byline\'s date and a <time>', () => {
  it('takes `Veröffentlicht am`, `Erschienen am`, `Published on` after the metadata and before the byline and <time>', () => {
    const podcast = page('de-DE', `<article><h1>Folge 158</h1><p>${'Text der Folge. '.repeat(20)}</p>
      <ul class="episode-meta"><li>Veröffentlicht am 16.08.2019</li><li>Dauer: 1 Stunde 4 Minuten</li></ul>
      <p class="comment">Kommentar <time datetime="2019-08-24T03:36:11+02:00">24.08.2019</time></p></article>`);
    expect(published(podcast)).toBe('2019-08-16T12:00:00.000Z');
    const release = page('de', `<h1>Neue Präsidentin gewählt</h1><p class="byline">Pressestelle · 15.10.2021</p><p>${'Text. '.repeat(40)}</p>
      <p><b>Erschienen am:</b> 13.10.2021 <b>Herausgeber:</b> Verband</p>`);
    expect(published(release)).toBe('2021-10-13T12:00:00.000Z');
    expect(published(page('en-GB', `<h1>Notes</h1><time datetime="2020-01-09">9 Jan</time><p>${'Words. '.repeat(40)}</p><p>Published on 3 January 2020</p>`))).toBe('2020-01-03T12:00:00.000Z');
    // A bare `Datum:` is an event's as often as the page's: the <time> stays first; metadata stays above every label.
    expect(published(page('de', `<h1>Sternwarte</h1><time datetime="2019-09-17">17.09.2019</time><p>${'Text. '.repeat(40)}</p><p>Datum: 31/08/2019 Uhrzeit: ab Mitternacht</p>`))).toBe('2019-09-17T12:00:00.000Z');
    expect(published(`<meta property="article:published_time" content="2021-10-11T08:00:00Z">${release}`)).toBe('2021-10-11T08:00:00.000Z');
    // A <time> of the same day gives the time of day (WordPress: `Posted on <time datetime=…>`).
    expect(published(page('en-GB', `<h1>Beds</h1><p>${'Words. '.repeat(40)}</p><p>Posted on <time datetime="2016-05-16T08:12:40+01:00">May 16, 2016</time></p><time datetime="2016-06-02">2 June</time>`))).toBe('2016-05-16T07:12:40.000Z');
  });
});

describe('a theme\'s date badge', () => {
  it('reads a month-first badge whose day and year spans touch (`Apr 042013`), and no bare month and year', () => {
    const badge = '<div class="date"><span class="month">Apr</span> <span class="day">04</span><span class="year">2013</span></div>';
    expect(published(page('de-DE', `<article><h1>Mozarts Schulnoten</h1>${badge}<p>Text.</p></article>`))).toBe('2013-04-04T12:00:00.000Z');
    expect(readDate('Dec 312019', 'mdy')).toBe('2019-12-31T12:00:00.000Z');
    // A month and a year, or digits that are no day and year, are no date.
    expect(findDates('May 2019, Sep 12345678, Mar 322019', 'mdy')).toEqual([]);
  });
});

describe('isoDate repairs malformed ISO values', () => {
  it.each([
    ['2020-09-25T16:02:50CDT', '2020-09-25T21:02:50.000Z'],
    ['2020-12-05T23:15:0Z', '2020-12-05T23:15:00.000Z'],
    ['2021-11-05 10:00:00', '2021-11-05T10:00:00.000Z'],
    ['2021-11-05T10:00:00+0100', '2021-11-05T09:00:00.000Z'],
    ['10.12.2022, 07:00:03', '2022-12-10T07:00:03.000Z'],
    ['2026-13-45', null],
    // A script's Date string and a whole-hour offset keep their zone.
    ['Thu Jun 13 2019 14:00:00 GMT+0200 (CEST)', '2019-06-13T12:00:00.000Z'],
    ['2019-06-13T14:00:00+02', '2019-06-13T12:00:00.000Z'],
    // Compact days; numbers that are no day (an epoch number, an id) are none.
    ['20190613', '2019-06-13T12:00:00.000Z'],
    ['20190613T140000Z', '2019-06-13T14:00:00.000Z'],
    ['20190613140000', '2019-06-13T14:00:00.000Z'],
    ['20190613140000Z', '2019-06-13T14:00:00.000Z'],
    ['20190613996000', null],
    ['20190231', null],
    ['1560427200', null],
    ['12345678', null],
  ])('isoDate(%j) is %j', (value, expected) => {
    expect(isoDate(value)).toBe(expected);
  });
});

describe('a date written only by the headline', () => {
  it('is read from the text right after the <h1>, in the page\'s order, after every other source', () => {
    expect(published(page('de', '<main><h1>Sturm schließt den Pier</h1><p><em>10.11.2021</em></p><p>Der Sturm …</p></main>'))).toBe('2021-11-10T12:00:00.000Z');
    expect(published(page('de', '<div class="head"><h1>Cup-Vorschau</h1><p class="subtitle">Handball Schweiz • 02.02.2022</p></div>'))).toBe('2022-02-02T12:00:00.000Z');
    expect(published(page('de', '<h1>Titel</h1><p>Stand 3. März 2021</p><span class="date">04.03.2021</span>'))).toBe('2021-03-04T12:00:00.000Z');
    // A date labelled as published comes before both (see below); a date after it is no time of day (`04.03` of `04.03.2021`).
    expect(published(page('de', '<h1>Titel</h1><p>Veröffentlicht am 3. März 2021</p><span class="date">04.03.2021</span>'))).toBe('2021-03-03T12:00:00.000Z');
  });

  it('gives no date for a page that shows none', () => {
    expect(published(page('de', '<main><h1>Über uns</h1><p>Wir sind seit 1998 für Sie da. © 2023</p></main>'))).toBeNull();
  });
});

describe('no date is invented', () => {
  it('a <time> that names only a month or a year gives no day', () => {
    expect(published(page('de', '<time>November 2022</time>'))).toBeNull();
    expect(published(page('en', '<time datetime="2022-11">Nov 2022</time>'))).toBeNull();
  });

  it('the end of a range or a deadline after the headline is an event\'s date, not the page\'s', () => {
    expect(published(page('de', '<div><h1>Sprungbrett-Event</h1><p>Deadline: 15. März 2020</p></div>'))).toBeNull();
    expect(published(page('de', '<div><h1>Bürgerbeteiligung</h1><p>Zeichnung vom 9.1. - 10.2.2023 möglich</p></div>'))).toBeNull();
  });

  it('a <h1> in nav/footer/aside/form is no headline', () => {
    expect(parseHtml('<nav><h1>Navigation</h1><p>01.02.2022</p></nav><main><h1>Title</h1><p>03.02.2022</p></main>').afterHeadline).toBe('03.02.2022');
  });
});

describe('a date a label names anywhere in the body', () => {
  it('reads the date after a publication label, in its own element or the next one, in many languages', () => {
    const cases: [string, string, string][] = [
      ['de', '<div class="col"><h5 class="title-inline">Datum:  </h5>03.11.2021</div>', '2021-11-03'],
      ['de', '<div class="row"><div style="text-align:left">Pressemitteilung vom 20.01.2022</div></div>', '2022-01-20'],
      ['de', '<p class="footerFrstLn">Letzte Änderung: 31.10.2023 - 14:49:39<br>Erschienen am: 01.11.2023<br>Lesungen: 61</p>', '2023-11-01'],
      ['fr', '<p>Publié le <b>jeudi 13 juin 2019</b></p>', '2019-06-13'],
      ['es', '<span>Publicado el</span> <span>2 de abril de 2020</span>', '2020-04-02'],
      ['it', '<div><strong>Pubblicato il:</strong> 7 settembre 2018</div>', '2018-09-07'],
      ['pl', '<p>Opublikowano: 10 listopada 2021</p>', '2021-11-10'],
      ['ru', '<div>Дата публикации: 13.06.2019</div>', '2019-06-13'],
      ['en-GB', '<p>Posted by <a href="/u/ann">Ann Lee</a> on 12 March 2021</p>', '2021-03-12'],
      ['de', '<p>Ver&ouml;ffentlicht am 5. Mai 2014</p>', '2014-05-05'],
    ];
    for (const [lang, body, day] of cases) {
      // Long text before, so the date is far from any headline and no dateline or class names it.
      const html = page(lang, `<h1>Headline</h1><p>${'Text of the story. '.repeat(30)}</p><p>${'More text. '.repeat(30)}</p>${body}`);
      expect([body, published(html)]).toEqual([body, `${day}T12:00:00.000Z`]);
      // The fast scan decodes only the text nodes that may hold a label: it reads what the reference parse reads.
      expect(parseHtml(html).labelledTexts).toEqual(parseHtmlReference(html).labelledTexts);
    }
  });

  it('reads no date an edit\'s label names, none too far after a label, none in nav/footer/aside, none from a bare word without its colon', () => {
    const none = [
      '<p>Zuletzt aktualisiert am 28.01.2020</p>',
      '<p>Last modified: 03-10-2004 2:20pm</p>',
      '<p>Published by the Society for the Protection of Old Buildings and friends since 12 March 2021</p>',
      '<footer><p>Datum: 03.11.2021</p></footer>',
      '<aside><div>Veröffentlicht am 03.11.2021</div></aside>',
      '<p>Update 03.11.2021</p>',
      '<p>Date 03.11.2021</p>',
    ];
    for (const body of none) {
      // Past the first paragraphs, where a dateline would be read.
      const html = page('de', `<h1>Headline</h1>${`<p>${'Text of the story. '.repeat(30)}</p>`.repeat(4)}${body}`);
      expect([body, published(html)]).toEqual([body, null]);
    }
  });

  it('keeps at most 4 labelled texts of at most 160 characters, and none from a long paragraph or a script', () => {
    const labels = Array.from({length: 9}, (_, index) => `<div><p>Datum: 0${index + 1}.11.2021</p>${'<i>x</i>'.repeat(8)}</div>`).join('');
    const html = page('de', `<script>var s = "Datum: 09.12.2021";</script><p>${'Lange Rede. '.repeat(20)}Datum: 08.12.2021</p>${labels}`);
    const snapshot = parseHtml(html);
    expect(snapshot.labelledTexts?.map((text) => text.slice(0, 17))).toEqual(['Datum: 01.11.2021', 'Datum: 02.11.2021', 'Datum: 03.11.2021', 'Datum: 04.11.2021']);
    expect(snapshot).toEqual(parseHtmlReference(html));
    expect(published(html)).toBe('2021-11-01T12:00:00.000Z');
  });
});

describe('the meta line of a post or a headline\'s topline', () => {
  it('reads the date in a theme\'s meta line and in a topline', () => {
    const meta = page('fr', '<h1>Deux ans et demi en macronie</h1><figure><img src="/a.jpg"></figure>'
      + `<p>${'Texte. '.repeat(40)}</p><span class="-meta"><a href="/">Accueil</a> | Par <span class="vcard author"><a href="/auteur/l">Loïc Le Clerc</a></span> | 30 septembre 2018</span>`);
    expect(published(meta)).toBe('2018-09-30T12:00:00.000Z');
    const topline = page('de', `<nav>${'<a href="/x">Menü</a>'.repeat(20)}</nav><div class="topline"><span>06.12.2022</span></div><div><h1>Bürgerbeteiligung startet</h1></div>`);
    expect(published(topline)).toBe('2022-12-06T12:00:00.000Z');
  });

  it('keeps no text without a digit, so a header\'s menus named `meta` leave room for the date', () => {
    const menus = Array.from({length: 8}, (_, index) => `<div class="meta"><a href="/m${index}">Login</a><a href="/s">Shop</a></div>`).join('');
    const html = page('de', `<header>${menus}</header><h1>Wärmepumpenmarkt wächst</h1><p>${'Text. '.repeat(40)}</p><div class="contentHeader__meta"><span class="meta meta__date">06.12.2022</span></div>`);
    expect(parseHtml(html).dateTexts).toEqual(['06.12.2022', '06.12.2022']);
    expect(published(html)).toBe('2022-12-06T12:00:00.000Z');
  });
});

describe('labels of publication and update in more languages', () => {
  it('takes the date labelled as published over the one labelled as an update', () => {
    expect(textDate('Zaktualizowano: 12 listopada 2021 · Opublikowano: 10 listopada 2021', 'dmy')).toBe('2021-11-10T12:00:00.000Z');
    expect(textDate('Обновлено 14.06.2019 Опубликовано 13.06.2019', 'dmy')).toBe('2019-06-13T12:00:00.000Z');
    expect(textDate('Päivitetty 14.6.2019 Julkaistu 13.6.2019', 'dmy')).toBe('2019-06-13T12:00:00.000Z');
    expect(textDate('Güncelleme: 14.06.2019 Yayınlanma: 13.06.2019', 'dmy')).toBe('2019-06-13T12:00:00.000Z');
    // French's feminine and German's `gepostet`, read as the byline's and the dateline's labels are.
    expect(textDate('Mise à jour le 14/06/2019 à 08h00 - Publiée le 13/06/2019 à 10h30', 'dmy')).toBe('2019-06-13T10:30:00.000Z');
    expect(textDate('14.06.2019 · Gepostet am 13.06.2019', 'dmy')).toBe('2019-06-13T12:00:00.000Z');
    // An update alone is taken last, after a date with no label.
    expect(textDate('Uppdaterad 14 juni 2019 | 13 juni 2019', 'dmy')).toBe('2019-06-13T12:00:00.000Z');
  });

  it('reads the labels of Korean and Vietnamese news, the Balkans, the Baltics, Hungarian, Greek, Hebrew and Arabic pages', () => {
    expect(textDate('수정 2019.06.14 09:00 입력 2019.06.13 10:20', 'dmy')).toBe('2019-06-13T10:20:00.000Z');
    expect(textDate('Ažurirano: 14.06.2019. Objavljeno: 13.06.2019.', 'dmy')).toBe('2019-06-13T12:00:00.000Z');
    expect(textDate('Ажурирано 14.06.2019 Објављено 13.06.2019', 'dmy')).toBe('2019-06-13T12:00:00.000Z');
    expect(textDate('Актуализирано 14.06.2019 Публикувано 13.06.2019', 'dmy')).toBe('2019-06-13T12:00:00.000Z');
    expect(textDate('Ενημερώθηκε 14.06.2019 Δημοσιεύθηκε 13.06.2019', 'dmy')).toBe('2019-06-13T12:00:00.000Z');
    expect(textDate('עודכן 14.06.2019 פורסם 13.06.2019', 'dmy')).toBe('2019-06-13T12:00:00.000Z');
    expect(textDate('آخر تحديث 14/06/2019 تاريخ النشر 13/06/2019', 'dmy')).toBe('2019-06-13T12:00:00.000Z');
    expect(textDate('Cập nhật 14/06/2019 Ngày đăng 13/06/2019', 'dmy')).toBe('2019-06-13T12:00:00.000Z');
    expect(textDate('Atnaujinta 2019-06-14 Paskelbta 2019-06-13', 'dmy')).toBe('2019-06-13T12:00:00.000Z');
    expect(textDate('Frissítve: 2019. június 14. Közzétéve: 2019. június 13.', 'dmy')).toBe('2019-06-13T12:00:00.000Z');
    // Such a label names the date anywhere in the body, read the same by the fast scan and the reference parse.
    for (const [lang, label] of [['hr', 'Objavljeno:'], ['el', 'Δημοσιεύθηκε'], ['he', 'פורסם'], ['vi', 'Ngày đăng:'], ['lt', 'Paskelbta'], ['hu', 'Közzétéve:']] as [string, string][]) {
      const html = page(lang, `<h1>T</h1><p>${'Tekst. '.repeat(40)}</p><p>${label} 13.06.2019</p>`);
      expect([lang, published(html)]).toEqual([lang, '2019-06-13T12:00:00.000Z']);
      expect(parseHtml(html).labelledTexts).toEqual(parseHtmlReference(html).labelledTexts);
    }
  });
});

describe('a date element\'s title attribute', () => {
  it('reads the date in the title of a date element before its text (hAtom\'s abbr.published, a span.date with no text)', () => {
    const body = `<h1>Headline</h1><p>${'Text of the story. '.repeat(30)}</p>`;
    expect(published(page('de', `${body}<abbr class="published" title="2019-06-13T10:20:00+02:00">vor 3 Jahren</abbr>`))).toBe('2019-06-13T08:20:00.000Z');
    expect(published(page('de', `${body}<span class="date" title="13.06.2019 10:20"></span>`))).toBe('2019-06-13T10:20:00.000Z');
    // The attribute wins over a text that reads otherwise (a teaser's relative or shortened date).
    expect(published(page('en-US', `${body}<span class="post-date" title="2021-03-05T09:00:00Z">Mar 6, 2021</span>`))).toBe('2021-03-05T09:00:00.000Z');
    // A title of words is not read; the text is.
    expect(published(page('en-US', `${body}<span class="date" title="Show all posts of the day">March 6, 2021</span>`))).toBe('2021-03-06T12:00:00.000Z');
  });

  it('is read the same by the fast scan and the reference parse, entities included', () => {
    const html = page('de', '<a href="/x" title="Mehr lesen">x</a><abbr class="published" title="&#50;019-06-13">gestern</abbr><span class="date" title="2019-06-14"></span><span title="2019-06-15">y</span>');
    expect(parseHtml(html).dateTexts).toEqual(['2019-06-13 gestern', '2019-06-14']);
    expect(parseHtml(html)).toEqual(parseHtmlReference(html));
  });
});
