import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {pickFields, rules} from '../../src/rules/rules.js';
import {unsettledFields} from '../../src/rules/settled-fields.js';

/* When og:title and <title> word the story twice, the headline the page shows decides (issue 33); one headline settles on the head. */

const url = 'https://www.harbour-post.example/news/quay';
const page = (head: string, h1: string): string => `<html lang="en"><head>${head}</head><body><article><h1>${h1}</h1><p>Text.</p></article></body></html>`;
const title = (html: string): string | null => pickFields(parseHtml(html), {url, headers: {}}, rules, null).title;
const twoTitles = '<title>Quay lamps lit again after twelve dark years | Harbour Post</title><meta property="og:title" content="Old port quay lamps return after twelve years">';

describe('the shown headline', () => {
  it('is the title when og:title and <title> are two wordings of its story', () => {
    expect(title(page(twoTitles, 'Volunteers light the old quay lamps after twelve years'))).toBe('Volunteers light the old quay lamps after twelve years');
  });

  it('leaves og:title when the <h1> tells another story, is a kicker glued before it, or a part of it', () => {
    expect(title(page(twoTitles, 'Harbour Post'))).toBe('Old port quay lamps return after twelve years');
    expect(title(page(twoTitles, 'Night life: Old port quay lamps return after twelve years'))).toBe('Old port quay lamps return after twelve years');
    expect(title(page(twoTitles, 'Quay lamps return'))).toBe('Old port quay lamps return after twelve years');
  });

  it('is not read when the head has one headline: og:title settles on the head', () => {
    const one = '<title>Old port quay lamps return | Harbour Post</title><meta property="og:title" content="Old port quay lamps return after twelve years">';
    expect(title(page(one, 'Volunteers light the old quay lamps after twelve years'))).toBe('Old port quay lamps return after twelve years');
    const head = (tags: string): string[] => unsettledFields(parseHtml(`<html><head>${tags}</head><body>`), {url, headers: {}}, ['title'], () => false);
    expect(head(one)).toEqual([]);
    // Two wordings: the <h1> still to come may decide.
    expect(head(twoTitles)).toEqual(['title']);
  });
});
