// The real-pages harness (bench/real-pages.ts, bench/real-pages-score.ts): the corpus README's
// matching rules, and a whole run over a tiny corpus this test writes, each page served on loopback
// at its own host and path.
import {afterAll, describe, expect, it} from '@jest/globals';
import {mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import {authorMatches, dateMatches, fieldMatches, foldLabel, titleMatches} from '../../bench/real-pages-score.js';
import {formatRealPages, runRealPages, scoreRealPages} from '../../bench/real-pages.js';
import {parseStripKinds, stripMetadata} from '../../bench/strip-metadata.js';

describe('real-pages matching', () => {
  it('folds entities, curly quotes, the ellipsis, whitespace and case, but not dashes', () => {
    expect(foldLabel('  “Die&nbsp;Zeit’s”\n  Welt… ')).toBe('"die zeit\'s" welt...');
    expect(foldLabel('a – b')).not.toBe(foldLabel('a - b'));
  });

  it('takes a title with one short segment around the headline, not two', () => {
    expect(titleMatches('Ski fahren', 'Ski fahren | Columbus')).toBe(true);
    expect(titleMatches('Ski fahren', 'Reisen » Ski fahren')).toBe(true);
    expect(titleMatches('Ski fahren', 'Ski fahren : Blog | Ermittlungen zum Verfall der Sitten im Land')).toBe(false);
    expect(titleMatches('Ski fahren', 'Ski fahren lernen')).toBe(false);
    expect(titleMatches('Ski fahren', 'Ski fahren - one two three four five six seven')).toBe(false);
  });

  it('compares authors name by name, without their labels', () => {
    expect(authorMatches(['Roland Brockmann', 'Sebastian Drescher'], 'Von Roland Brockmann und Sebastian Drescher')).toBe(true);
    expect(authorMatches(['Roland Brockmann', 'Sebastian Drescher'], 'Sebastian Drescher')).toBe(true);
    expect(authorMatches(['Roland Brockmann'], 'Roland Brockmann, CNN')).toBe(false);
    expect(authorMatches(['Roland Brockmann'], '')).toBe(false);
  });

  it('takes a date on its day in any zone from UTC-12 to UTC+14', () => {
    expect(dateMatches('2023-10-06', '2023-10-06')).toBe(true);
    expect(dateMatches('2023-10-06', '2023-10-05T11:00:00.000Z')).toBe(true);
    expect(dateMatches('2023-10-06', '2023-10-05T09:00:00.000Z')).toBe(false);
    expect(dateMatches('2023-10-06', '2023-10-07T11:00:00.000Z')).toBe(true);
    expect(dateMatches('2023-10-06', '2023-10-07T12:00:00.000Z')).toBe(false);
    expect(dateMatches('2023-10-06', '2023-06-10T12:00:00.000Z')).toBe(false);
  });

  it('wants null where the labeller found none, and skips fields without a label', () => {
    expect(fieldMatches({author: {eq: null}}, 'author', null)).toBe(true);
    expect(fieldMatches({author: {eq: null}}, 'author', 'Publiziert am')).toBe(false);
    expect(fieldMatches({date: {eq: null}}, 'date', null)).toBe(true);
    expect(fieldMatches({date: {day: '2020-01-01'}}, 'date', null)).toBe(false);
    expect(fieldMatches({}, 'description', 'Anything')).toBeUndefined();
  });
});

describe('stripping metadata', () => {
  const page = [
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="author" content="Mara Ellis">',
    '<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2021-03-04"}</script><link rel="author" href="/mara"></head>',
    '<body itemscope itemtype="https://schema.org/Article"><span itemprop="author">Mara Ellis</span><time datetime="2021-03-04" class=d>4 March</time></body></html>',
  ].join('');

  it('takes away JSON-LD, meta tags (not charset or viewport) and the attributes a reader never sees', () => {
    expect(stripMetadata(page, ['jsonld'])).not.toContain('ld+json');
    const noMeta = stripMetadata(page, ['meta']);
    expect(noMeta).toContain('<meta charset="utf-8">');
    expect(noMeta).toContain('name="viewport"');
    expect(noMeta).not.toContain('name="author"');
    expect(stripMetadata(page, ['attributes'])).toBe(page.replace(' rel="author"', '').replace(' itemscope itemtype="https://schema.org/Article"', '').replace(' itemprop="author"', '').replace(' datetime="2021-03-04"', ''));
    expect(stripMetadata(page, [])).toBe(page);
  });

  it('reads the kinds from the command line and names an unknown one', () => {
    expect(parseStripKinds('jsonld, meta')).toEqual(['jsonld', 'meta']);
    expect(() => parseStripKinds('jsonld,scripts')).toThrow('--strip: unknown kind "scripts" (known: jsonld, meta, attributes)');
  });
});

describe('the real-pages run', () => {
  const corpus = mkdtempSync(join(tmpdir(), 'linkpeek-real-pages-'));
  afterAll(() => rmSync(corpus, {recursive: true, force: true}));

  const page = (title: string, extra: string): Buffer =>
    gzipSync(`<!doctype html><html lang="en"><head><title>${title}</title>${extra}</head><body><h1>${title}</h1></body></html>`);

  it('serves each page at its own host and path, scores it and lists the misses', async () => {
    mkdirSync(join(corpus, 'pages'));
    writeFileSync(join(corpus, 'pages', 'one.html.gz'), page('Harbour lights', '<meta name="author" content="Mara Ellis"><meta property="article:published_time" content="2021-03-04T10:00:00Z">'));
    // Same path, another host: only the host tells the two apart.
    writeFileSync(join(corpus, 'pages', 'two.html.gz'), page('Quiet streets', '<meta name="description" content="A walk at dawn.">'));
    writeFileSync(
      join(corpus, 'manifest.json'),
      JSON.stringify({
        cases: [
          {id: 'one', url: 'https://news.example/story?id=1', html: 'pages/one.html.gz', gold: {title: {headline: 'Harbour lights', eq: 'Harbour lights'}, author: {authors: ['Mara Ellis'], eq: 'Mara Ellis'}, date: {day: '2021-03-04'}}},
          {id: 'two', url: 'http://blog.example/story?id=1', html: 'pages/two.html.gz', gold: {title: {headline: 'Quiet streets', eq: 'Quiet streets'}, description: {eq: 'A walk before dawn.'}, author: {eq: null}, date: {day: '2019-05-01'}}},
        ],
      }),
    );
    const score = await scoreRealPages(corpus);
    expect(score.pages).toBe(2);
    expect(score.fields.find((entry) => entry.field === 'title')).toEqual({field: 'title', labelled: 2, right: 2});
    expect(score.fields.find((entry) => entry.field === 'author')).toEqual({field: 'author', labelled: 2, right: 2});
    expect(score.fields.find((entry) => entry.field === 'date')).toEqual({field: 'date', labelled: 2, right: 1});
    expect(score.misses).toEqual([
      {page: 'two', url: 'http://blog.example/story?id=1', field: 'date', expected: '2019-05-01', got: null},
      {page: 'two', url: 'http://blog.example/story?id=1', field: 'description', expected: 'A walk before dawn.', got: 'A walk at dawn.'},
    ]);
    expect(formatRealPages(score, corpus)).toContain('| **all** | 7 | 5 | 71.4 % |');
  });

  it('writes the misses file the command names', async () => {
    const misses = join(corpus, 'misses.json');
    await runRealPages(['--corpus', corpus, '--misses', misses, '--only', '^two$']);
    expect(JSON.parse(readFileSync(misses, 'utf8')).map((miss: {field: string}) => miss.field)).toEqual(['date', 'description']);
  });

  it('takes the metadata away with --strip, so only what the body shows is read', async () => {
    const stripped = await scoreRealPages(corpus, /^one$/, ['meta']);
    // Page one names its author and date only in <meta>: without them both are misses, the title stays.
    expect(stripped.fields.find((entry) => entry.field === 'title')).toEqual({field: 'title', labelled: 1, right: 1});
    expect(stripped.misses).toEqual([
      {page: 'one', url: 'https://news.example/story?id=1', field: 'author', expected: 'Mara Ellis', got: null},
      {page: 'one', url: 'https://news.example/story?id=1', field: 'date', expected: '2021-03-04', got: null},
    ]);
    expect(formatRealPages(stripped, corpus, ['meta'])).toContain(', without meta)');
  });

  it('skips with a message when the corpus is missing', async () => {
    const lines: string[] = [];
    const log = console.log;
    console.log = (line: string) => lines.push(line);
    try {
      await runRealPages(['--corpus', join(corpus, 'nowhere')]);
    } finally {
      console.log = log;
    }
    expect(lines).toEqual([expect.stringMatching(/^real pages: skipped, no corpus at .*nowhere/)]);
  });
});
