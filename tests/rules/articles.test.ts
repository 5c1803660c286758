import {describe, expect, it} from '@jest/globals';
import {readdirSync} from 'node:fs';
import {articlesDirectory, extractPage, loadExpected} from '../../bench/accuracy-score.js';

/*
 * Issue 28 item 3: articles' bylines and descriptions, one fixture per shape news sites and blogs
 * serve (tests/fixtures/articles/*.html, written for linkpeek), each with the card a reader expects
 * in tests/fixtures/articles/expected.json (its `shape` says what the page exercises). The same
 * labels are scored by `npm run accuracy`.
 */

const {pages} = loadExpected(articlesDirectory);
const cardFields = ['title', 'description', 'author', 'publisher', 'datePublished'] as const;

describe('article bylines and descriptions (tests/fixtures/articles)', () => {
  it.each(Object.entries(pages).map(([file, page]) => [file, page.shape, page] as const))('%s: %s', (file, _shape, page) => {
    const actual = extractPage(file, page.url, page.headers, articlesDirectory);
    expect(Object.fromEntries(cardFields.map((field) => [field, actual[field]]))).toEqual(page.expected);
  });

  it('has one expected card, of every card field, per fixture file', () => {
    const files = readdirSync(articlesDirectory).filter((name) => name.endsWith('.html')).sort();
    expect(Object.keys(pages).sort()).toEqual(files);
    for (const page of Object.values(pages)) expect(Object.keys(page.expected)).toEqual([...cardFields]);
  });
});
