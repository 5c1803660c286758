import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {findDates} from '../../src/rules/dates/read-date.js';
import {isTopBarDate} from '../../src/rules/dates/top-bar-date.js';
import {pickFields} from '../../src/rules/rules.js';

/*
 * Dates a page shows only in its body, in the shapes its metadata-less pages write them (issue 33 item 2):
 * a weekday's date in the site's top bar, a `<time>` whose text labels its date, a name's and a date's
 * spans read without a space, a year cut to two digits.
 */

const published = (html: string, url = 'https://www.ledger.example/news/story'): string | null | undefined =>
  pickFields(parseHtml(html), {url, headers: {}}).datePublished;
const page = (lang: string, body: string): string => `<html lang="${lang}"><head><title>T</title></head><body>${body}</body></html>`;

describe('the day\'s date a site\'s top bar shows', () => {
  it('comes after the page\'s own date element', () => {
    const topBar = '<header><div class="top-date">Mittwoch, 8. Juli 2020</div></header>';
    const story = '<h1>Der Partner wird zum Fremden</h1><div class="publish-info"><span class="publish-date">27.04.2020 - 18:50 Uhr</span></div><p>Text.</p>';
    expect(published(page('de', `${topBar}${story}`))).toBe('2020-04-27T18:50:00.000Z');
    const spanish = '<div class="header"><span class="date">Miércoles, 04 de Mayo de 2022</span></div><h1>Tensión</h1><span class="publishedDate"> 03/05/2022 22:46 </span>';
    expect(published(page('es', spanish), 'https://www.diario.example.ar/politica/tension.html')).toBe('2022-05-03T22:46:00.000Z');
  });

  it('comes after the page\'s own <time> too, and is read when it is the only date', () => {
    const times = '<div class="bar"><time>Mittwoch, 8. Juli 2020</time></div><h1>Grenzen</h1><time>27.04.2020, 18:50 Uhr</time>';
    expect(published(page('de', times))).toBe('2020-04-27T18:50:00.000Z');
    expect(published(page('de', '<h1>Grenzen</h1><div class="date">Mittwoch, 8. Juli 2020</div><p>Text.</p>'))).toBe('2020-07-08T12:00:00.000Z');
  });

  it('is a weekday and a date alone', () => {
    expect(isTopBarDate('Mittwoch, 8. Juli 2020')).toBe(true);
    expect(isTopBarDate('Wednesday, November 8, 2023')).toBe(true);
    expect(isTopBarDate('Miércoles, 04 de Mayo de 2022')).toBe(true);
    // A time of day, a second date, words after it, or no weekday: a story's date.
    expect(isTopBarDate('Mittwoch, 8. Juli 2020, 18:50 Uhr')).toBe(false);
    expect(isTopBarDate('Mittwoch, 01. November 2023 - Handel aktuell')).toBe(false);
    expect(isTopBarDate('8. Juli 2020')).toBe(false);
    expect(isTopBarDate('Von Ann Lee, 8. Juli 2020 bis 9. Juli 2020')).toBe(false);
  });
});

describe('a <time> without datetime whose text labels its date', () => {
  it('is read in the page\'s order', () => {
    const body = '<h1>Día de la Madre</h1><div class="author"><a href="/autor/carla/">Carla Chevez</a><time>Actualizado el 08/05/2022 02:14 a.m.</time></div>';
    expect(published(page('es', body), 'https://diario.example.pe/espectaculos/dia-de-la-madre/')).toBe('2022-05-08T02:14:00.000Z');
    // An American page reads it month first.
    expect(published(page('en-US', '<h1>Mother\'s Day</h1><time>Updated 05/08/2022 2:14 a.m.</time>'))).toBe('2022-05-08T02:14:00.000Z');
  });
});

describe('a name\'s and a date\'s spans read without a space', () => {
  it('ends the name where the month\'s capital follows its small letter', () => {
    const byline = '<h1>Meet the Artist</h1><div class="cb-byline"><span class="author"><a href="/author/shana/">Shana Nys Dambrot</a></span><span class="cb-date">November 6, 2023</span></div>';
    const menu = '<div class="mega-menu"><h2><a href="/other">Other story</a></h2><time class="entry-date">November 8, 2023</time></div>';
    expect(published(page('en-US', `${menu}${byline}<p>Text.</p>`))).toBe('2023-11-06T12:00:00.000Z');
    expect(findDates('Shana Nys DambrotNovember 6, 2023', 'mdy')).toEqual([{index: 17, iso: '2023-11-06T12:00:00.000Z'}]);
    expect(findDates('AutorinMärz 3, 2019', 'dmy')[0]?.iso).toBe('2019-03-03T12:00:00.000Z');
    // Within a word (no capital after a small letter) no month starts.
    expect(findDates('Dismay 3, 2019', 'mdy')).toEqual([]);
  });
});

describe('a year cut to two digits behind an apostrophe', () => {
  it('is read after a day and a month\'s name', () => {
    expect(published(page('de', '<h1>Solopreneur</h1><p>Text.</p><div class="meta-line">veröffentlicht am 14 Feb ’20 | Kategorien: Social Media</div>'))).toBe('2020-02-14T12:00:00.000Z');
    expect(findDates("3 Jan '19", 'dmy')[0]?.iso).toBe('2019-01-03T12:00:00.000Z');
    // Without the apostrophe two digits are no year (a Thai month's aside).
    expect(findDates('14 Feb 20', 'dmy')).toEqual([]);
  });
});

describe('the date under the headline', () => {
  const comments = '<div class="comments"><p>Danke für den Beitrag, sehr hilfreich!</p><time>20.12.2022 um 08:42</time></div>';

  it('beats a comment\'s <time> when a date element shows its day too', () => {
    const story = '<h1>Mein Gift Guide</h1><div class="post_posted_on"><div class="posted_date">16.12.2022</div><div class="cats">Wohnen</div></div><p>Geschenke für die Liebsten.</p>';
    expect(published(page('de', `${story}${comments}`))).toBe('2022-12-16T12:00:00.000Z');
  });

  it('beats a related story\'s byline when the URL shows its day', () => {
    const story = '<div><div><h1>Anti-A100-Aktivist</h1></div></div><div><span>Charlotte Elsen</span> — <span>31. Oktober 2023</span></div><p>Anfang September fand der Demorave statt.</p>';
    const related = '<div class="td-byline">Laura Baumgardt - 26. Oktober 2023</div>';
    expect(published(page('de', `${related}${story}`), 'https://groove.example/2023/10/31/anti-a100-aktivist/')).toBe('2023-10-31T12:00:00.000Z');
  });

  it('beats date elements of three days or more: a list of teasers', () => {
    const ticker = ['26. Februar 2020', '20. Februar 2020', '19. Februar 2020'].map((day) => `<li><span class="ticker-date">[ ${day} ]</span> <a href="/x">Meldung</a></li>`).join('');
    const story = `<ul>${ticker}</ul><h1>Autotuning abschalten</h1><div class="entry-meta">16. Mai 2019 Markus Elsberger</div><p>Mit Windows Vista wurde die Funktion eingeführt.</p>`;
    expect(published(page('de', `${story}${comments}`))).toBe('2019-05-16T12:00:00.000Z');
  });

  it('is not taken over a date element when nothing shows its day again (an infobox\'s birth date)', () => {
    const infobox = '<h1>Tanya Chua</h1><dl><dt>出生日期</dt><dd>1975年1月28日</dd></dl><p>Text.</p><span class="date">（2020-02-14）</span>';
    expect(published(page('zh', infobox))).toBe('2020-02-14T12:00:00.000Z');
  });
});

describe('a date shown alone after a weekday', () => {
  it('is a post\'s timestamp with a time of day, a top bar\'s day without one', () => {
    // Above the headline, where a top bar's day sits too (the text under the headline is read first, by another rule).
    const stamp = (text: string): string => `<div class="sc-x"><a href="/u/andy">@andywoodcock</a><div class="sc-y"><amp-timeago>${text}</amp-timeago></div></div><h1>Fine for false reports</h1><p>${'Anyone falsely naming a contact faces a fine. '.repeat(3)}</p>`;
    expect(published(page('en-GB', stamp('Monday 28 September 2020 19:27')), 'https://www.paper.example.co.uk/news/fine')).toBe('2020-09-28T19:27:00.000Z');
    expect(published(page('en-GB', stamp('Monday 28 September 2020')), 'https://www.paper.example.co.uk/news/fine')).toBeNull();
  });
});

describe('a comment\'s <time>', () => {
  it('is no time of the page: its date element answers', () => {
    const body = '<h1>Heute schon an morgen denken</h1><p>Die Kultur kommt schrittweise aus der Zwangspause.</p><div class="effective-date">20:34 17.04.2020</div>'
      + '<div class="comments"><a href="#c1"><time class="c-comment-card__timestamp js-relative-date">2020-04-22 07:33:47.567562</time></a></div>';
    expect(parseHtml(page('de', body)).times).toEqual([]);
    expect(published(page('de', body))?.slice(0, 10)).toBe('2020-04-17');
    // A <time> of another class is read as before.
    expect(parseHtml(page('de', '<time class="entry-date">17.04.2020</time>')).times).toEqual(['17.04.2020']);
  });
});
