import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {pickFields} from '../../src/rules/rules.js';

/*
 * The date a reader sees (issue 33 item 2, shown-date.ts): the metadata's first publication gives way to
 * the last modification when the body shows the modification's day and never the publication's.
 */

const url = 'https://www.ledger.example/news/story';
const filler = `<p>${'Text of the story, as the page writes it. '.repeat(20)}</p>`;
const dates = (head: string, body: string): {datePublished: string | null; dateModified: string | null} => {
  const found = pickFields(parseHtml(`<html lang="de"><head><title>T</title>${head}</head><body><main><article>${body}${filler}</article></main></body></html>`), {url, headers: {}});
  return {datePublished: found.datePublished ?? null, dateModified: found.dateModified ?? null};
};
const metas = '<meta property="article:published_time" content="2021-11-29T10:00:00+01:00"><meta property="article:modified_time" content="2022-01-12T09:30:00+01:00">';

describe('the metadata publication date against the day the page shows', () => {
  it.each([
    ['a date element', '<h1>Fische</h1><span class="date">12.01.2022</span>'],
    ['the text after the headline', '<h1>Fische</h1><p class="stand"><span>Stand: </span>12.01.2022, 07:30 Uhr</p>'],
    ['a byline', '<h1>Fische</h1><p class="byline">Anna Muster · 12. Januar 2022</p>'],
    ['a <time>', '<h1>Fische</h1><time datetime="2022-01-12">12. Januar 2022</time>'],
  ])('the modification, shown in %s and the publication nowhere, is the page\'s date', (_place, body) => {
    expect(dates(metas, body)).toEqual({datePublished: '2022-01-12T08:30:00.000Z', dateModified: '2022-01-12T08:30:00.000Z'});
  });

  it('keeps the publication when the body shows it, beside the modification or alone', () => {
    expect(dates(metas, '<h1>Fische</h1><span class="date">29.11.2021</span> <span class="updated">Aktualisiert: 12.01.2022</span>').datePublished).toBe('2021-11-29T09:00:00.000Z');
    expect(dates(metas, '<h1>Fische</h1><span class="date">29.11.2021</span>').datePublished).toBe('2021-11-29T09:00:00.000Z');
  });

  it('keeps the publication when the body shows no date, or another day', () => {
    expect(dates(metas, '<h1>Fische</h1>').datePublished).toBe('2021-11-29T09:00:00.000Z');
    expect(dates(metas, '<h1>Fische</h1><span class="date">03.02.2022</span>').datePublished).toBe('2021-11-29T09:00:00.000Z');
  });

  it('reads JSON-LD as the metas: the publication gives way the same', () => {
    const jsonld = '<script type="application/ld+json">{"@type":"NewsArticle","headline":"Fische","datePublished":"2020-01-03","dateModified":"2020-01-06"}</script>';
    expect(dates(jsonld, '<h1>Fische</h1><span class="date">Monday, 6 January 2020</span>').datePublished).toBe('2020-01-06T12:00:00.000Z');
    expect(dates(jsonld, '<h1>Fische</h1><span class="date">Friday, 3 January 2020</span>').datePublished).toBe('2020-01-03T12:00:00.000Z');
  });
});
