// A date a page without metadata shows alone in a text node, above or by its title (parse/date-nodes.ts,
// rules/dates/date-node.ts), in the shapes such pages serve: a portal's box header, a press service's
// date line over the title, a TYPO3 news record's header, a daily word page's corner.
import {describe, expect, it} from '@jest/globals';
import {parseHtml, parseHtmlChunksReference, parseHtmlReference} from '../../src/parse/parse-html.js';
import {pickFields} from '../../src/rules/rules.js';

const published = (html: string, url = 'https://www.portal.example/artikel/politik/berufung'): string | null | undefined =>
  pickFields(parseHtml(html), {url, headers: {}}).datePublished;
const page = (lang: string, body: string): string => `<html lang="${lang}"><head><title>T</title></head><body>${body}</body></html>`;
const text = `<p>${'Das Gericht in Rom verwarf am Dienstag einen Antrag der Kammer. '.repeat(3)}</p>`;

// A portal's article box: the date in the box's header, then a photo, the category and the headline.
const boxHeader = page('de-DE', `<nav><a href="/">Start</a> <span>01. Januar 2012</span></nav><div class="textBox"><div class="boxHeader"><span>14. Februar 2012</span>
  <ul><li class="print"><a href="/print/415206">Drucken</a></li></ul></div><div class="images"><img src="/a.jpg" alt=""><span>&copy; 2012 APA/AP</span></div>
  <span class="category">Politik</span><h1>Berufung abgelehnt</h1>${text}</div>`);

// A press service: the date and time over the title (an <h4>), no <h1>.
const pressService = page('de', `<div class="news"><p><strong>Pressemitteilung</strong><em>\n  01.11.2023 11:35\n  </em></p><h4>Effiziente Hybridbatterie</h4>
  <h5 class="subheader">Dr. Karin J. Schmitz</h5>${text}</div>`);

// TYPO3's news record: a header with the category, the date and more, after a chrome <h1>.
const newsRecord = page('de-DE', `<div class="quicklinks"><h1>Quicklinks</h1><a href="/a">» Ansehen</a></div><div class="newsSingle"><div class="newsSingleHeader">
  <b>Synchronschwimmen</b><br /><span class="blue">01.02.2022</span> Kategorie: Synchronschwimmen, Verband<br /></div><h2>Kadersichtung in Berlin</h2>${text}</div>`);

// An English page with no language tag: a month-first date in a corner.
const corner = `<html><head><title>A.Word.A.Day --maudlin</title></head><body><table><tr><td><div style="color:#AAAAAA">Apr 7, 2009</div>
  <b>This week's theme</b><br>People who have more than one word coined after them</td></tr></table>${text}</body></html>`;

describe('a date shown alone', () => {
  it('is the page\'s date when nothing else names one', () => {
    expect(published(boxHeader)).toBe('2012-02-14T12:00:00.000Z');
    expect(published(pressService)).toBe('2023-11-01T11:35:00.000Z');
    expect(published(newsRecord)).toBe('2022-02-01T12:00:00.000Z');
    expect(published(corner, 'https://wordsmith.example/words/maudlin.html')).toBe('2009-04-07T12:00:00.000Z');
  });

  it('reads it in the page\'s language and order', () => {
    const shown = (lang: string, date: string): string | null | undefined => published(page(lang, `<div class="kopf"><span>${date}</span></div><h2>Titre</h2>${text}`));
    expect(shown('fr', '13 juin 2019')).toBe('2019-06-13T12:00:00.000Z');
    // After a weekday, it is the shape of the day's date in a site's top bar (`Donnerstag, 16. Februar 2012`): not read.
    expect(shown('de', 'Donnerstag, 13.06.2019')).toBeNull();
    expect(shown('es', '13 de junio de 2019, 10:30')).toBe('2019-06-13T10:30:00.000Z');
    expect(shown('en-GB', '02/11/2021')).toBe('2021-11-02T12:00:00.000Z');
    expect(shown('en-US', '02/11/2021')).toBe('2021-02-11T12:00:00.000Z');
    expect(shown('ja', '2019年6月13日 10:30')).toBe('2019-06-13T10:30:00.000Z');
    expect(shown('ar', '١٣ يونيو ٢٠١٩')).toBe('2019-06-13T12:00:00.000Z');
    expect(shown('ru', '13 июня 2019 г.')).toBe('2019-06-13T12:00:00.000Z');
  });

  it('is read only before the article\'s text: a comment\'s or a review\'s date after it is not the page\'s', () => {
    const comments = page('de', `<h1>Muffin-Grundrezept</h1>${text}<div class="comment"><cite>sarah</cite> sagt: <div class="comment-meta"><a href="#c143">Juli 30, 2013 um 2:33 pm</a></div><p>Warum 2mal Zucker?</p></div>`);
    expect(parseHtml(comments).dateNodes).toBeUndefined();
    expect(published(comments)).toBeNull();
  });

  it('is no range, no date inside a sentence, and none in the site\'s navigation', () => {
    expect(published(page('en', `<div>14 Oct 2014 - 10 Aug 2017</div>${text}`))).toBeNull();
    expect(published(page('de', `<div>Am 14. Februar 2012 wurde</div>${text}`))).toBeNull();
    expect(published(page('de', `<nav><span>14. Februar 2012</span></nav><h1>Titel</h1>${text}`))).toBeNull();
    // Without a year no day is named (`30.11. | Buch der Woche`).
    expect(parseHtml(page('de', `<span>30.11. | Buch</span>${text}`)).dateNodes).toBeUndefined();
  });

  it('comes after every other source', () => {
    const withTime = boxHeader.replace('<h1>', '<time datetime="2012-02-15T08:00:00+01:00">15.02.2012</time><h1>');
    expect(published(withTime)).toBe('2012-02-15T07:00:00.000Z');
  });

  it('is read the same from the scan, from htmlparser2 and from its chunks, entities and white space around it', () => {
    const spaced = page('de', `<div><span>\n      &nbsp;14.&nbsp;Februar 2012\n    </span></div>${text}`);
    for (const html of [boxHeader, pressService, newsRecord, corner, spaced]) {
      const whole = parseHtml(html);
      expect(whole.dateNodes?.length).toBeGreaterThan(0);
      expect(parseHtmlReference(html)).toEqual(whole);
      for (const step of [5, 17, 64]) {
        expect(parseHtmlChunksReference(Array.from({length: Math.ceil(html.length / step)}, (_, index) => html.slice(index * step, (index + 1) * step)))).toEqual(whole);
      }
    }
    expect(parseHtml(spaced).dateNodes).toEqual(['14.\u00a0Februar 2012']);
  });
});
