import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {pickFields, rules} from '../../src/rules/rules.js';

/*
 * The other ways pages write their metas (Readability reads them so: its test pages 003/004 and a
 * Chinese portal's share card): Dublin Core with a colon, RDFa's list of keys in one `property`,
 * `weibo:article:*`.
 */

const url = 'https://news.harbourledger.example/2020/ferry.html';
const lead = '<p>The harbour council voted on Tuesday to keep the island ferry running through the winter months.</p>';
const fields = (head: string, body = `<h1>The island ferry keeps running</h1>${lead}`) =>
  pickFields(parseHtml(`<html><head><title>Harbour Ledger</title>${head}</head><body>${body}</body></html>`), {url, headers: {}}, rules, null);

describe('Dublin Core spelt with a colon', () => {
  it.each([
    ['dc:creator by name', '<meta name="dc:creator" content="Jane Doe">'],
    ['dc:creator by property', '<meta property="dc:creator" content="Jane Doe">'],
    ['dcterms:creator', '<meta property="dcterms:creator" content="Jane Doe">'],
    ['dcterm:creator', '<meta name="dcterm:creator" content="Jane Doe">'],
  ])('%s names the author', (_name, head) => {
    expect(fields(head).author).toBe('Jane Doe');
  });

  it('dc:title, dcterm:description and dcterms:publisher', () => {
    const found = fields('<meta property="dc:title" content="The island ferry keeps running"><meta name="dcterm:description" content="The council keeps the winter ferry."><meta property="dcterms:publisher" content="Harbour Ledger Press">');
    expect(found.title).toBe('The island ferry keeps running');
    expect(found.description).toBe('The council keeps the winter ferry.');
    expect(found.publisher).toBe('Harbour Ledger Press');
  });
});

describe('a property naming several keys', () => {
  it('is read as one meta per key', () => {
    const found = fields('<meta property="x:title dc:title" content="The island ferry keeps running"><meta property="x:author  dc:creator" content="Jane Doe"><meta property="og:description twitter:description" content="The council keeps the winter ferry."><meta property="x:site_name og:site_name" content="Harbour Ledger Press">');
    expect(found.title).toBe('The island ferry keeps running');
    expect(found.author).toBe('Jane Doe');
    expect(found.description).toBe('The council keeps the winter ferry.');
    expect(found.publisher).toBe('Harbour Ledger Press');
  });

  it('a key padded with spaces is not trimmed into a match', () => {
    expect(fields('<meta property="article:published_time " content="2020-11-17T10:33:13Z">').datePublished).toBeNull();
    expect(fields('<meta property="article:published_time" content="2020-11-17T10:33:13Z">').datePublished).toBe('2020-11-17T10:33:13.000Z');
  });
});

describe('a Chinese portal\'s weibo share card', () => {
  const body = '<h1>渡轮继续运行</h1><p>市议会周二投票决定，在冬季的几个月里继续运营岛上的渡轮，这是居民多年来一直要求的。</p>';
  it.each([
    ['weibo:article:*', '<title>渡轮继续运行_新闻_腾讯网</title><meta name="weibo:article:title" content="渡轮继续运行"><meta name="weibo:article:description" content="市议会决定冬季继续运行渡轮。">'],
    ['weibo: article:* with a space', '<title>渡轮继续运行_新闻_腾讯网</title><meta name="weibo: article:title" content="渡轮继续运行"><meta name="weibo: article:description" content="市议会决定冬季继续运行渡轮。">'],
    ['weibo:webpage:*', '<title>渡轮继续运行_新闻_腾讯网</title><meta name="weibo:webpage:title" content="渡轮继续运行"><meta name="weibo:webpage:description" content="市议会决定冬季继续运行渡轮。">'],
  ])('%s gives the headline without the portal\'s `_section_site`, and its description', (_name, head) => {
    const found = pickFields(parseHtml(`<html lang="zh-CN"><head>${head}</head><body>${body}</body></html>`), {url, headers: {}}, rules, null);
    expect(found.title).toBe('渡轮继续运行');
    expect(found.description).toBe('市议会决定冬季继续运行渡轮。');
  });

  it('without it the <title> answers', () => {
    const found = pickFields(parseHtml(`<html lang="zh-CN"><head><title>渡轮继续运行_新闻_腾讯网</title></head><body>${body}</body></html>`), {url, headers: {}}, rules, null);
    expect(found.title).toBe('渡轮继续运行_新闻_腾讯网');
  });
});
