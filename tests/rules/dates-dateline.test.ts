import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {datelineDate} from '../../src/rules/dates/dateline.js';
import {pickFields} from '../../src/rules/rules.js';

const url = 'https://www.ledger.example/news/story';
const published = (html: string): string | null | undefined => pickFields(parseHtml(html), {url, headers: {}}).datePublished;
const page = (body: string): string => `<html lang="de"><head><title>T</title></head><body>${body}</body></html>`;

describe('a dateline at the start of the article\'s first paragraphs', () => {
  it('reads the date a paragraph after the headline starts with, alone or after a place, an agency or a label', () => {
    const teasers = '<p>TOP-THEMEN Energie Wärme</p><p>Am 3. März 2020 lesen</p>';
    expect(published(page(`${teasers}<div><h1>Stromtarife</h1></div><div><p>Die Branche warnt.</p><p>29.11.2022 – Mehrfach und vehement hat die Branche gewarnt.</p></div>`)))
      .toBe('2022-11-29T12:00:00.000Z');
    expect(published(page('<div><h1>Gedenken</h1></div><p><strong>27.1.2022 - Bei der Erinnerung</strong> an die Verfolgten</p>'))).toBe('2022-01-27T12:00:00.000Z');
    expect(published(page('<div><h1>Sicherheit</h1></div><p>Ort Saarbrücken<br>Datum 28.01.2022</p>'))).toBe('2022-01-28T12:00:00.000Z');
  });

  it('reads a topline right before the headline', () => {
    expect(published(page('<div><p class="subline">21. Jan 2022 // Dana Rieck</p><h1>Perfekte Schnitte</h1></div><p>Text ohne Datum.</p>')))
      .toBe('2022-01-21T12:00:00.000Z');
  });

  it('takes no date a sentence writes, nor one further in', () => {
    expect(published(page('<div><div><h1>Rathaus</h1></div></div><p>Am Montag, 3. März 2021 wurde das Rathaus eröffnet.</p>'))).toBeNull();
    expect(published(page('<div><div><h1>Rathaus</h1></div></div><p>Das Rathaus wurde nach langer Bauzeit endlich am 3. März 2021 eröffnet.</p>'))).toBeNull();
  });

  it('knows the dateline forms of news agencies', () => {
    expect(datelineDate('BERLIN, 3. März 2021 – Die Regierung', 'dmy')).toBe('2021-03-03T12:00:00.000Z');
    expect(datelineDate('(dpa) 03.03.2021 Die Regierung', 'dmy')).toBe('2021-03-03T12:00:00.000Z');
    expect(datelineDate('Hamburg (ots) - 12.01.2022: Die Stadt', 'dmy')).toBe('2022-01-12T12:00:00.000Z');
    expect(datelineDate('Pressemitteilung vom 20.01.2022', 'dmy')).toBe('2022-01-20T12:00:00.000Z');
    expect(datelineDate('Seit dem 3. März 2021 gilt', 'dmy')).toBeNull();
  });

  it('knows a press release\'s places in plain case, and a date in brackets', () => {
    expect(datelineDate('Wiesbaden, 11. November 2021', 'dmy')).toBe('2021-11-11T12:00:00.000Z');
    expect(datelineDate('Bad Vilbel am Main | Kassel, 4. Mai 2020 – Die Kammer', 'dmy')).toBe('2020-05-04T12:00:00.000Z');
    expect(datelineDate('Lübeck/Kiel, 02.02.2022 – Das Land', 'dmy')).toBe('2022-02-02T12:00:00.000Z');
    expect(datelineDate('(21. November 2022) Mieter erhalten eine Erhöhung', 'dmy')).toBe('2022-11-21T12:00:00.000Z');
    expect(published(page('<div><h1>Preise</h1></div><p>Zurück zur Übersicht</p><p>(21. November 2022) Mieter erhalten eine Erhöhung.</p>'))).toBe('2022-11-21T12:00:00.000Z');
    // The first words of a sentence are no place.
    expect(datelineDate('Am Montag, 3. März 2021 wurde', 'dmy')).toBeNull();
    expect(datelineDate('Seit Freitag, 3. März 2021 gilt', 'dmy')).toBeNull();
    expect(datelineDate('On Monday, March 3, 2021 the council', 'mdy')).toBeNull();
  });
});

describe('a <time> marked as the last edit', () => {
  it('is no publication time', () => {
    const body = '<time itemprop="dateModified">2018-08-29 14:15:57</time><time itemprop="datePublished" datetime="2018-06-22 10:20:00">22.06.2018</time>';
    expect(published(page(body))).toBe('2018-06-22T10:20:00.000Z');
    expect(parseHtml(page(body)).times).toEqual(['2018-06-22 10:20:00']);
  });
});
