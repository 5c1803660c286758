// A publication date kept only in an app's inline state (parse/state-dates.ts, rules/dates/state-date.ts):
// Next.js's __NEXT_DATA__, Shopify's product JSON, a Storyblok/Nuxt state listing other stories first,
// a Next.js flight payload escaped inside a string; each page here is served the way such sites serve it.
import {describe, expect, it} from '@jest/globals';
import {parseHtml, parseHtmlChunksReference, parseHtmlReference, parseWindows} from '../../src/parse/parse-html.js';
import {maxStateText} from '../../src/parse/state-dates.js';
import {pickFields} from '../../src/rules/rules.js';

const published = (html: string, url: string): string | null | undefined => pickFields(parseHtml(html), {url, headers: {}}).datePublished;

// A Next.js article page: no date meta, no JSON-LD; the article in pageProps, the site's menu of teasers before it.
const nextPage = `<!DOCTYPE html><html lang="en"><head><title>Why tides turn | Harbour Notes</title>
<meta property="og:title" content="Why tides turn"><link rel="canonical" href="https://harbour.example/stories/why-tides-turn">
<script src="/_next/static/chunks/main.js" defer></script></head>
<body><div id="__next"><h1>Why tides turn</h1><p>The moon pulls, the sea follows.</p></div>
<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"menu":[{"slug":"storm-season","title":"Storm season","publishedAt":"2019-02-01T08:00:00.000Z"}],
"story":{"id":412,"slug":"why-tides-turn","title":"Why tides turn","body":"${'The moon pulls, the sea follows. '.repeat(20)}","publishedAt":"2021-06-14T07:30:00.000Z","updatedAt":"2022-01-02T10:00:00.000Z"}}},
"page":"/stories/[slug]","query":{"slug":"why-tides-turn"},"buildId":"x1"}</script></body></html>`;

// A Shopify product page: the product JSON names its handle, then (after the description) `published_at`.
const shopifyPage = `<html lang="de"><head><title>Sidamo Bio Kaffeebohnen – Bohnenhaus</title>
<link rel="canonical" href="https://bohnenhaus.example/products/sidamo-bio-kaffeebohnen">
<script>var meta = {"page":{"pageType":"product","resourceType":"product"}};</script></head>
<body><h1>Sidamo Bio Kaffeebohnen</h1><p>Fruchtig, mit Noten von Beeren.</p>
<script type="application/json" id="ProductJson-product-template">{"id":4021,"title":"Sidamo Bio Kaffeebohnen","handle":"sidamo-bio-kaffeebohnen",
"description":"\\u003cp\\u003e${'Fruchtig, mit Noten von Beeren. '.repeat(40)}\\u003c\\/p\\u003e","published_at":"2019-03-02T06:22:28+01:00","created_at":"2019-03-02T06:27:24+01:00","vendor":"Bohnenhaus"}</script>
</body></html>`;

// A Nuxt state (Storyblok) that lists related stories before the page's own; the page's slug names the right one.
const nuxtPage = (ownDate: boolean): string => `<html lang="de"><head><title>So lernen wir, Grenzen zu setzen</title>
<link data-n-head="ssr" rel="canonical" href="https://ruhe.example/magazin/so-lernen-wir-grenzen-zu-setzen"></head>
<body><div id="__nuxt"><h1>So lernen wir, Grenzen zu setzen</h1><p>Nein sagen will gelernt sein.</p></div>
<script>window.__NUXT__=(function(a,b){return {data:[{related:[{name:"Entscheidungen treffen",slug:"entscheidungen-treffen",first_published_at:"2021-12-16T03:00:00.000Z"},
{name:"Auszeiten",slug:"auszeiten-geniessen",first_published_at:"2017-11-21T03:00:00.000Z"}]${ownDate ? ',story:{name:"So lernen wir, Grenzen zu setzen",slug:"so-lernen-wir-grenzen-zu-setzen",first_published_at:"2022-11-23T05:00:00.000Z"}' : ''}}]}}(1,2));</script>
</body></html>`;

// A Next.js app-router page: the state is a flight payload, its JSON escaped inside a string; the time in milliseconds.
const flightPage = `<html lang="fr"><head><title>Le port de Brest</title></head><body><h1>Le port de Brest</h1><p>Texte.</p>
<script>self.__next_f.push([1,"5:[\\"$\\",\\"article\\",null,{\\"title\\":\\"Le port de Brest\\",\\"publishedAt\\":1605000000000}]\\n"])</script></body></html>`;

describe('a publication date in an app\'s inline state', () => {
  it('reads Next.js\'s __NEXT_DATA__: the page\'s story, not the menu\'s teaser before it', () => {
    expect(published(nextPage, 'https://harbour.example/stories/why-tides-turn')).toBe('2021-06-14T07:30:00.000Z');
  });

  it('reads Shopify\'s product JSON, whose handle is written well before its date', () => {
    expect(published(shopifyPage, 'https://bohnenhaus.example/collections/shop/products/sidamo-bio-kaffeebohnen')).toBe('2019-03-02T05:22:28.000Z');
  });

  it('takes no related story\'s date: only the one written after the page\'s slug', () => {
    const url = 'https://ruhe.example/magazin/so-lernen-wir-grenzen-zu-setzen';
    expect(published(nuxtPage(false), url)).toBeNull();
    expect(published(nuxtPage(true), url)).toBe('2022-11-23T05:00:00.000Z');
  });

  it('reads a key escaped inside a string, and a Unix time in milliseconds', () => {
    expect(published(flightPage, 'https://presse.example/brest')).toBe('2020-11-10T09:20:00.000Z');
  });

  it('comes after every other source: a meta\'s date wins, and a page that names one is not searched', () => {
    const withMeta = nextPage.replace('<title>', '<meta property="article:published_time" content="2021-06-15T09:00:00Z"><title>');
    expect(published(withMeta, 'https://harbour.example/stories/why-tides-turn')).toBe('2021-06-15T09:00:00.000Z');
    expect(parseHtml(withMeta).stateDate).toBeUndefined();
    // A date the body shows wins over the state's too.
    const shown = nextPage.replace('<p>The moon pulls', '<p class="date">14.07.2021</p><p>The moon pulls');
    expect(published(shown, 'https://harbour.example/stories/why-tides-turn')).toBe('2021-07-14T12:00:00.000Z');
  });

  it('reads no value that is no date, nor a key that only looks like one', () => {
    const page = (script: string): string => `<html><head><title>T</title></head><body><h1>T</h1><script>${script}</script></body></html>`;
    expect(parseHtml(page('var s = {"published":true,"publisher":"Ann","publishedAt":"soon"};')).stateDate).toBeUndefined();
    expect(parseHtml(page('var s = {"unpublishedAt":"2020-01-01"};')).stateDate).toBeUndefined();
    expect(parseHtml(page('var s = {"publish_date":"02-19-2020 04:00"};')).stateDate).toBe('02-19-2020 04:00');
  });

  it('searches at most maxStateText characters of a page\'s scripts', () => {
    const filler = `<script>var pad = "${'x'.repeat(maxStateText)}";</script>`;
    const html = `<html><head><title>T</title></head><body><h1>T</h1>${filler}<script>var s = {"datePublished":"2020-05-01"};</script></body></html>`;
    expect(parseHtml(html).stateDate).toBeUndefined();
    expect(parseHtml(html.replace(filler, '')).stateDate).toBe('2020-05-01');
  });

  it('reads the same date whatever pieces the script comes in (windows, a tokenizer\'s chunks)', () => {
    for (const html of [nextPage, shopifyPage, nuxtPage(true), flightPage]) {
      const whole = parseHtml(html);
      expect(whole.stateDate).toBeDefined();
      expect(parseHtmlReference(html)).toEqual(whole);
      for (const step of [7, 64, 333, 1024]) {
        const read = (from: number, end: number): string | undefined => (end >= html.length ? undefined : html.slice(from, Math.min(end + step, html.length)));
        expect(parseWindows(read, html)).toEqual(whole);
        const chunks = Array.from({length: Math.ceil(html.length / step)}, (_, index) => html.slice(index * step, (index + 1) * step));
        expect(parseHtmlChunksReference(chunks)).toEqual(whole);
      }
    }
  });
});
