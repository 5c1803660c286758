// The publication metas of the platforms many news sites run on (Cxense, Shareaholic, rNews, WebTrends) and
// the other spellings of the usual keys, as such pages carry them in their head, without the Open Graph ones.
import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {pickFields} from '../../src/rules/rules.js';

const url = 'https://diario.example/politica/2022/gobierno-anuncia';
const published = (head: string, body = '<h1>El gobierno anuncia</h1><p>Texto.</p>'): string | null | undefined =>
  pickFields(parseHtml(`<html lang="es"><head><title>El gobierno anuncia</title>${head}</head><body>${body}</body></html>`), {url, headers: {}}).datePublished;

describe('the publication metas of news platforms', () => {
  it.each([
    ['<meta name="cXenseParse:recs:publishtime" content="2022-05-11T04:10:00-03:00"/>', '2022-05-11T07:10:00.000Z'],
    ['<meta name="cXenseParse:publishtime" content="2023-10-18T12:50:38+02:00">', '2023-10-18T10:50:38.000Z'],
    ['<meta name="shareaholic:article_published_time" content="2017-06-07T11:19:22+02:00" />', '2017-06-07T09:19:22.000Z'],
    ['<meta property="og:release_date" content="2020-01-02 17:11">', '2020-01-02T17:11:00.000Z'],
    ['<meta property="article:published" content="2021-03-08T11:15:28Z">', '2021-03-08T11:15:28.000Z'],
    ['<meta name="dcterms:created" content="2015-01-28">', '2015-01-28T12:00:00.000Z'],
    ['<meta name="DC.date.publication" content="2019-06-13">', '2019-06-13T12:00:00.000Z'],
    ['<meta name="datePublished" content="2019-06-13T10:30:00+02:00">', '2019-06-13T08:30:00.000Z'],
    ['<meta name="publication_date" content="13/06/2019">', '2019-06-13T12:00:00.000Z'],
    ['<meta name="article_date_original" content="Thu, 13 Jun 2019 10:30:00 +0200">', '2019-06-13T08:30:00.000Z'],
    ['<meta name="rnews:datePublished" content="2019-06-13T10:30:00Z">', '2019-06-13T10:30:00.000Z'],
    ['<meta name="dcsext.articlefirstpublished" content="2019-06-13">', '2019-06-13T12:00:00.000Z'],
    // More keys of CMSs and news sites around the world: WordPress plugins', Korean portals', the NYT's compact ones.
    ['<meta property="article:post_date" content="2019-06-13T10:30:00+02:00">', '2019-06-13T08:30:00.000Z'],
    ['<meta property="og:regdate" content="20190613103000">', '2019-06-13T10:30:00.000Z'],
    ['<meta property="og:pubdate" content="2019-06-13">', '2019-06-13T12:00:00.000Z'],
    ['<meta name="pdate" content="20190613">', '2019-06-13T12:00:00.000Z'],
    ['<meta name="ptime" content="20190613143000">', '2019-06-13T14:30:00.000Z'],
    ['<meta name="displaydate" content="June 13, 2019">', '2019-06-13T12:00:00.000Z'],
    ['<meta name="search_date" content="2019-06-13">', '2019-06-13T12:00:00.000Z'],
    ['<meta name="t_omni_pubdate" content="2019-06-13T10:30:00Z">', '2019-06-13T10:30:00.000Z'],
    ['<meta itemprop="dateCreated" content="2019-06-13">', '2019-06-13T12:00:00.000Z'],
    ['<meta name="publish_time" content="2019-06-13 10:30:00">', '2019-06-13T10:30:00.000Z'],
  ])('%s', (head, expected) => {
    expect(published(head)).toBe(expected);
  });

  it('come after Open Graph and JSON-LD, and before the body\'s dates; a bare `dc:date` only after those', () => {
    const cxense = '<meta name="cXenseParse:recs:publishtime" content="2022-05-11T04:10:00-03:00"/>';
    expect(published(`<meta property="article:published_time" content="2022-05-10T21:00:00-03:00">${cxense}`)).toBe('2022-05-11T00:00:00.000Z');
    expect(published(cxense, '<h1>El gobierno anuncia</h1><p class="date">12/05/2022</p>')).toBe('2022-05-11T07:10:00.000Z');
    expect(published('<meta name="dc:date" content="2022-05-01">', '<h1>El gobierno anuncia</h1><p class="date">12/05/2022</p>')).toBe('2022-05-12T12:00:00.000Z');
    expect(published('<meta name="dc:date" content="2022-05-01">')).toBe('2022-05-01T12:00:00.000Z');
  });
});

describe('a placeholder date', () => {
  it.each(['1970-01-01T00:00:00Z', '1970-01-01T01:00:00+01:00', '1969-12-31T19:00:00-05:00', '1970-01-01', '1900-01-01', '1899-12-30', '1899-12-31 00:00:00'])(
    '%s (a database\'s or a CMS\'s "no date") lets the next source answer',
    (value) => {
      expect(published(`<meta property="article:published_time" content="${value}">`, '<h1>El gobierno anuncia</h1><p class="date">12/05/2022</p>')).toBe('2022-05-12T12:00:00.000Z');
      expect(published(`<script type="application/ld+json">{"@type":"NewsArticle","headline":"El gobierno anuncia","datePublished":"${value}"}</script>`)).toBeNull();
    },
  );

  it('is only those days: the day before and after the epoch are dates', () => {
    expect(published('<meta property="article:published_time" content="1970-01-02T00:00:00Z">')).toBe('1970-01-02T00:00:00.000Z');
    expect(published('<meta property="article:published_time" content="1999-12-31">')).toBe('1999-12-31T12:00:00.000Z');
  });
});
