import {describe, expect, it} from '@jest/globals';
import {readdirSync, readFileSync} from 'node:fs';
import {maxImages, maxPictureSources, parseHtml, parseHtmlChunks} from '../../src/parse/parse-html.js';

const fixtureDirectory = new URL('../fixtures/pages/', import.meta.url);
const fixtures = readdirSync(fixtureDirectory).filter((name) => name.endsWith('.html'));

function chunk(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let index = 0; index < text.length; index += size) chunks.push(text.slice(index, index + size));
  return chunks;
}

describe('parseHtml', () => {
  it('records metas by name, property, itemprop and http-equiv, with entity-decoded, trimmed content', () => {
    const snapshot = parseHtml(`<head>
      <meta property="og:title" content="  Tom &amp; Jerry ">
      <meta NAME="Description" CONTENT="A &quot;cat&quot;">
      <meta http-equiv="content-language" content="fr">
      <meta charset="utf-8"><meta name="no-content">
      <meta itemprop="name" content="Item">`);
    expect(snapshot.metas).toEqual([
      // Its content ended in white space: what an unescaped quote leaves (rules/quote-cut.ts).
      {property: 'og:title', content: 'Tom & Jerry', spacedEnd: true},
      {name: 'Description', content: 'A "cat"'},
      {httpEquiv: 'content-language', content: 'fr'},
      {itemprop: 'name', content: 'Item'},
    ]);
  });

  it('records links with rel lowercased, and skips stylesheets and resource hints', () => {
    const snapshot = parseHtml(`<link rel="stylesheet" href="/a.css"><link rel="preload" href="/f.woff2">
      <link rel="Shortcut  Icon" href=" /favicon.ico " sizes="16x16" type="image/x-icon">
      <link rel="alternate" hreflang="de" href="/de/"><link rel="canonical">`);
    expect(snapshot.links).toEqual([
      {rel: 'shortcut icon', href: '/favicon.ico', sizes: '16x16', type: 'image/x-icon'},
      {rel: 'alternate', href: '/de/', hreflang: 'de'},
    ]);
  });

  it('takes the first non-empty <title> outside <svg>, whitespace-collapsed', () => {
    const snapshot = parseHtml(`<svg><title>Icon</title></svg><title>

      </title><title> Real
      title </title><title>Second</title>`);
    expect(snapshot.title).toBe('Real title');
  });

  it('records <html lang> and the first <base href>', () => {
    const snapshot = parseHtml('<html lang=" pt-BR "><head><base target="_blank"><base href="/static/"><base href="/other/">');
    expect(snapshot.lang).toBe('pt-BR');
    expect(snapshot.baseHref).toBe('/static/');
  });

  it('parses JSON-LD blocks, flattening arrays and @graph, salvaging broken blocks and ignoring what is not JSON', () => {
    const snapshot = parseHtml(`
      <script type="application/ld+json">[{"@type":"Product","name":"A"},{"@type":"Brand","name":"B"}]</script>
      <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"S"},[{"@type":"Person","name":"P"}]]}</script>
      <script type="application/ld+json">{"@type":"Article","headline":"Line one
line two"}</script>
      <script type="application/ld+json">{"@type": "Broken",</script>
      <script type="application/ld+json">var notJson = 1;</script>
      <script type="APPLICATION/LD+JSON ">{"@type":"Event","name":"</p>"}</script>
      <script>{"@type":"NotJsonld"}</script>`);
    expect(snapshot.jsonld).toEqual([
      {'@type': 'Product', name: 'A'},
      {'@type': 'Brand', name: 'B'},
      {'@type': 'WebSite', name: 'S'},
      {'@type': 'Person', name: 'P'},
      // Salvaged (repair-json.test.ts): the raw newline is kept as a newline, the unclosed object closed.
      {'@type': 'Article', headline: 'Line one\nline two'},
      {'@type': 'Broken'},
      {'@type': 'Event', name: '</p>'},
    ]);
  });

  it('records microdata values with the itemprop and itemtype of the enclosing item', () => {
    const snapshot = parseHtml(`<article itemscope itemtype="https://schema.org/BlogPosting">
      <h1 itemprop="headline name">A   post</h1>
      <div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Ann</span>
        <a itemprop="url" href="/ann">profile</a></div>
      <time itemprop="datePublished" datetime="2026-01-02">Jan 2</time>
      <img itemprop="image" src="/a.jpg"><span itemprop="articleBody">not recorded</span>
      <meta itemprop="description" content="Desc">
    </article><span itemprop="name">Outside</span>`);
    const blog = 'https://schema.org/BlogPosting';
    expect(snapshot.microdata).toEqual([
      {prop: 'headline', value: 'A post', scope: null, type: blog},
      {prop: 'name', value: 'A post', scope: null, type: blog},
      {prop: 'name', value: 'Ann', scope: 'author', type: 'https://schema.org/Person'},
      {prop: 'url', value: '/ann', scope: 'author', type: 'https://schema.org/Person'},
      {prop: 'datePublished', value: '2026-01-02', scope: null, type: blog},
      {prop: 'image', value: '/a.jpg', scope: null, type: blog},
      {prop: 'description', value: 'Desc', scope: null, type: blog},
      {prop: 'name', value: 'Outside', scope: null, type: null},
    ]);
  });

  it('gives nested items the path of itemprops, and records text values only for author/creator/publisher items', () => {
    const snapshot = parseHtml(`<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Boot</span>
      <div itemprop="brand" itemscope><span itemprop="name">Brand text is not recorded</span><link itemprop="logo" href="/brand.png"></div>
      <div itemprop="review" itemscope itemtype="https://schema.org/Review">
        <div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Reviewer</span></div>
        <time itemprop="datePublished" datetime="2026-01-01">Jan 1</time>
      </div>
      <div itemprop="publisher" itemscope><span itemprop="name">Shop</span></div></div>`);
    expect(snapshot.microdata).toEqual([
      {prop: 'name', value: 'Boot', scope: null, type: 'https://schema.org/Product'},
      {prop: 'logo', value: '/brand.png', scope: 'brand', type: null},
      {prop: 'datePublished', value: '2026-01-01', scope: 'review', type: 'https://schema.org/Review'},
      {prop: 'name', value: 'Shop', scope: 'publisher', type: null},
    ]);
  });

  it('records <time datetime>, the first non-empty <h1>, and the first long <p> outside header/nav/footer/aside/form', () => {
    const snapshot = parseHtml(`<header><p>A header paragraph that is long enough to count otherwise.</p></header>
      <h1><img src="/logo.png" alt="Logo"></h1><h1>The <em>real</em> heading</h1>
      <p>Too short.</p><p>A body paragraph with <a href="/x">a link</a> and   enough characters to be a description.</p>
      <time datetime=" 2026-03-04T05:06:07Z ">March</time><time>no datetime</time>`);
    expect(snapshot.h1).toBe('The real heading');
    expect(snapshot.paragraph).toBe('A body paragraph with a link and enough characters to be a description.');
    // A <time> without datetime gives its text (the date check reads it: rules/normalize.ts isoDate).
    expect(snapshot.times).toEqual(['2026-03-04T05:06:07Z', 'no datetime']);
  });

  it('cuts collected text at 1000 characters on a word boundary and marks the cut, whole or chunked', () => {
    const html = `<h1>${'abcd '.repeat(400)}</h1>`;
    // The last word before the cut may be partial, so it is always dropped.
    const expected = `${'abcd '.repeat(198)}abcd…`;
    expect(parseHtml(html).h1).toBe(expected);
    expect(parseHtmlChunks(chunk(html, 3)).h1).toBe(expected);
    expect(parseHtml(`<h1>${'x'.repeat(998)} y</h1>`).h1).toBe(`${'x'.repeat(998)} y`);
  });

  it('keeps script and style text out of collected text', () => {
    const snapshot = parseHtml(`<p>Start of a paragraph <script>var x = "<p>inside script</p>";</script><style>p{}</style>that continues after the script.</p>`);
    expect(snapshot.paragraph).toBe('Start of a paragraph that continues after the script.');
  });

  it('records the text of the first <a rel="author">', () => {
    expect(parseHtml('<a rel="nofollow author" href="/me">Jo  Bloggs</a>').authorLink).toBe('Jo Bloggs');
  });

  it(`records the first ${maxImages} <img> elements with their raw attributes, lazy data-src included`, () => {
    const images = Array.from({length: maxImages + 3}, (_, index) => `<img src="/${index}.jpg">`).join('');
    const snapshot = parseHtml(`<svg><image href="/svg.png"></image></svg><img src="data:," data-src="/lazy.jpg" srcset="/a.jpg 2x" width="10" height="20" alt="A">${images}`);
    expect(snapshot.images).toHaveLength(maxImages);
    expect(snapshot.images[0]).toEqual({src: 'data:,', dataSrc: '/lazy.jpg', srcset: '/a.jpg 2x', width: '10', height: '20', alt: 'A'});
    expect(snapshot.images[1]).toEqual({src: '/0.jpg'});
  });

  it('records <video> and <audio> with src, poster and child <source>s, but not <picture> sources', () => {
    const snapshot = parseHtml(`<picture><source srcset="/p.webp"><img src="/p.jpg"></picture>
      <video poster="/poster.jpg"><source src="/v.webm" type="video/webm"><source src="/v.mp4"></video>
      <source src="/orphan.mp4"><audio src="/a.mp3"></audio>`);
    expect(snapshot.videos).toEqual([{poster: '/poster.jpg', sources: [{src: '/v.webm', type: 'video/webm'}, {src: '/v.mp4'}]}]);
    expect(snapshot.audios).toEqual([{src: '/a.mp3', sources: []}]);
    expect(snapshot.images).toEqual([{src: '/p.jpg', sources: [{srcset: '/p.webp'}]}]);
  });

  it('records the <source srcset>s of a <picture> on its <img>, raw and in document order', () => {
    const snapshot = parseHtml(`<picture>
        <source type="image/avif" srcset="/a.avif 800w, /a-2x.avif 1600w" media="(min-width: 40em)">
        <source src="/no-srcset.webp"><source type="video/mp4" srcset="/a.mp4">
        <img src="/a.jpg" srcset="/a-2x.jpg 2x"><source srcset="/after-img.webp">
      </picture>
      <img src="/outside.jpg"><picture><img src="/plain.jpg"></picture>
      <div><picture><source srcset="/unclosed.webp"></div><img src="/after-unclosed.jpg">
      <video><picture><source srcset="/in-video.webp"><img src="/in-video.jpg"></picture></video>`);
    expect(snapshot.images).toEqual([
      {src: '/a.jpg', srcset: '/a-2x.jpg 2x', sources: [{srcset: '/a.avif 800w, /a-2x.avif 1600w', type: 'image/avif'}, {srcset: '/a.mp4', type: 'video/mp4'}]},
      {src: '/outside.jpg'},
      {src: '/plain.jpg'},
      {src: '/after-unclosed.jpg'},
      {src: '/in-video.jpg'},
    ]);
  });

  it(`records at most ${maxPictureSources} sources of one <picture>`, () => {
    const sources = Array.from({length: maxPictureSources + 2}, (_, index) => `<source srcset="/${index}.webp">`).join('');
    const [image] = parseHtml(`<picture>${sources}<img src="/a.jpg"></picture>`).images;
    expect(image?.sources).toHaveLength(maxPictureSources);
    expect(image?.sources?.[0]).toEqual({srcset: '/0.webp'});
  });

  it('returns plain JSON-able data', () => {
    const snapshot = parseHtml(readFileSync(new URL('news-article.html', fixtureDirectory), 'utf8'));
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
  });

  it('returns an empty snapshot for an empty document', () => {
    expect(parseHtml('')).toEqual({
      baseHref: null, title: null, lang: null, metas: [], links: [], jsonld: [], microdata: [], times: [],
      h1: null, paragraph: null, authorLink: null, images: [], videos: [], audios: [],
    });
  });
});

describe('parseHtmlChunks', () => {
  it.each(fixtures.flatMap((name) => [1, 7, 64, 1000].map((size) => [name, size] as const)))(
    'gives the same snapshot as parseHtml for %s fed in %i-character chunks',
    (name, size) => {
      const html = readFileSync(new URL(name, fixtureDirectory), 'utf8');
      expect(parseHtmlChunks(chunk(html, size))).toEqual(parseHtml(html));
    },
  );
});
