/**
 * Writes the benchmark corpus: realistic HTML pages (articles, product pages, video and podcast pages,
 * pages dominated by inline scripts or styles, legacy-charset pages) from 5 KB to 2 MB, modelled on the
 * markup real CMSs and shops emit. Deterministic: a seeded PRNG, so re-running it rewrites the same bytes
 * (`npx tsx bench/corpus/generate.ts`). The output is committed; the bench only reads it.
 */
import {writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Mulberry32: small, fast, and the same sequence on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let random = prng(1);
const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const times = (n: number, make: (i: number) => string): string => Array.from({length: n}, (_, i) => make(i)).join('\n');

const words = `the of and to in a is that for it as was with be by on not he this are or his from at which but
have an they you were her she there been one all we their has would when if so what no more about can said
into time only new some could these two may first then do any like my now over such our man me even most
made after also did many before must through back years where much your way well down should because each
just those people how too little state good very make world still own see men work long get here between
both life being under never day same another know while last might us great old year off come since against
go came right used take three market city council report government company growth energy climate study
research data network software product design battery camera screen price review season team player coach
match league election minister policy budget economy inflation trade river mountain village museum festival`.split(/\s+/);

const sentence = (n = int(8, 22)): string => {
  const s = times(n, () => pick(words)).replace(/\n/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1) + pick(['.', '.', '.', '?', '!']);
};
const paragraph = (sentences = int(3, 7)): string => times(sentences, () => sentence()).replace(/\n/g, ' ');
const slug = (n = 4): string => times(n, () => pick(words)).replace(/\n/g, '-');
const hex = (n: number): string => times(n, () => int(0, 15).toString(16)).replace(/\n/g, '');
const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

interface Head {
  title: string;
  description: string;
  url: string;
  site: string;
  image: string;
  type?: string;
  lang?: string;
  charsetTag?: string;
  extra?: string;
  jsonld?: object;
}

/** A head as a 2020s CMS emits it: many meta/link tags, preloads, analytics, JSON-LD. */
function head(h: Head): string {
  const t = esc(h.title);
  const d = esc(h.description);
  return `<head>
${h.charsetTag ?? '<meta charset="utf-8">'}
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t} | ${h.site}</title>
<meta name="description" content="${d}">
<meta name="robots" content="max-image-preview:large">
<link rel="canonical" href="${h.url}">
<meta property="og:locale" content="en_US">
<meta property="og:type" content="${h.type ?? 'article'}">
<meta property="og:site_name" content="${h.site}">
<meta property="og:title" content="${t}">
<meta property="og:description" content="${d}">
<meta property="og:url" content="${h.url}">
<meta property="og:image" content="${h.image}">
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="630">
<meta property="og:image:alt" content="${t}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:site" content="@${h.site.toLowerCase().replace(/\W/g, '')}">
<meta name="twitter:title" content="${t}">
<meta name="twitter:description" content="${d}">
<meta name="twitter:image" content="${h.image}">
<meta name="theme-color" content="#${hex(6)}">
<link rel="icon" href="/favicon.ico" sizes="any">
<link rel="icon" type="image/svg+xml" href="/static/icon.svg">
<link rel="apple-touch-icon" sizes="180x180" href="/static/apple-touch-icon.png">
<link rel="manifest" href="/site.webmanifest">
${times(6, (i) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/static/fonts/font-${i}-${hex(8)}.woff2">`)}
${times(4, () => `<link rel="stylesheet" href="/static/css/${slug(2)}.${hex(10)}.css">`)}
${times(5, () => `<script async src="https://cdn.${pick(['analytics', 'tags', 'ads', 'metrics'])}.example.com/${hex(12)}.js"></script>`)}
${h.extra ?? ''}
${h.jsonld ? `<script type="application/ld+json">${JSON.stringify(h.jsonld)}</script>` : ''}
</head>`;
}

const nav = (site: string): string => `<header class="site-header"><a class="logo" href="/"><img src="/static/logo.svg" alt="${site}" width="120" height="32"></a>
<nav aria-label="Main"><ul>${times(int(20, 40), () => `<li class="nav-item"><a href="/${slug(2)}/">${pick(words)} ${pick(words)}</a></li>`)}</ul></nav>
<form class="search" action="/search"><input type="search" name="q" placeholder="Search"><button type="submit">Search</button></form></header>`;

const footer = (): string => `<footer class="site-footer">${times(4, () => `<section><h4>${pick(words)}</h4><ul>${times(8, () => `<li><a href="/${slug(2)}">${pick(words)}</a></li>`)}</ul></section>`)}
<p class="legal">&copy; 2025 All rights reserved. <a href="/privacy">Privacy</a> <a href="/terms">Terms</a></p></footer>`;

const analytics = (): string => `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config','G-${hex(10).toUpperCase()}');</script>`;

const articleBody = (paragraphs: number): string => times(paragraphs, (i) => {
  if (i % 9 === 4) return `<figure><img src="/media/${slug(2)}-${hex(6)}.jpg" srcset="/media/a-640.jpg 640w, /media/a-1280.jpg 1280w" sizes="(max-width: 700px) 100vw, 700px" alt="${esc(sentence(6))}" loading="lazy" width="1280" height="720"><figcaption>${sentence()}</figcaption></figure>`;
  if (i % 7 === 3) return `<h2 id="${slug(2)}">${sentence(5)}</h2>`;
  if (i % 11 === 6) return `<blockquote><p>${paragraph(2)}</p></blockquote>`;
  return `<p>${paragraph()} <a href="/${slug(3)}">${pick(words)} ${pick(words)}</a> ${sentence()}</p>`;
});

const comments = (n: number): string => `<section class="comments"><h3>${n} comments</h3>${times(n, () => `<article class="comment"><header><img class="avatar" src="/avatars/${hex(8)}.png" width="40" height="40" alt=""><b>${pick(words)}_${int(1, 999)}</b> <time datetime="2025-0${int(1, 9)}-1${int(0, 9)}T1${int(0, 9)}:00:00Z">${int(1, 23)} hours ago</time></header><p>${paragraph(int(1, 3))}</p></article>`)}</section>`;

/** A serialised app state blob like `__NEXT_DATA__` / `ytInitialData`: big, JSON, inside one script. */
function stateBlob(targetBytes: number): string {
  const items: object[] = [];
  let size = 0;
  while (size < targetBytes) {
    const item = {
      id: hex(16),
      title: sentence(8),
      url: `/p/${slug(3)}`,
      thumbnails: [{url: `https://i.cdn.example.com/${hex(20)}/hq.jpg`, width: 480, height: 360}],
      stats: {views: int(0, 1e7), likes: int(0, 1e5)},
      tags: times(5, () => pick(words)).split('\n'),
      body: paragraph(2),
    };
    const text = JSON.stringify(item);
    size += text.length;
    items.push(item);
  }
  return JSON.stringify({props: {pageProps: {items}}, buildId: hex(20), isFallback: false});
}

/** Minified-looking bundle code, as inlined by SSR frameworks. */
function bundle(targetBytes: number): string {
  const parts: string[] = [];
  let size = 0;
  while (size < targetBytes) {
    const name = `_${hex(3)}`;
    const fn = `function ${name}(e,t,n){var r=e&&e.${pick(words)}||{};if(t<${int(1, 99)}){return n.call(r,"${pick(words)}",t)}for(var o=0;o<t.length;o++){r[t[o]]=e[o]?e[o]:"<div class=\\"${slug(2)}\\"></div>"}return r}`;
    parts.push(fn);
    size += fn.length;
  }
  return `!function(){"use strict";${parts.join(';')}}();`;
}

function css(targetBytes: number): string {
  const rules: string[] = [];
  let size = 0;
  while (size < targetBytes) {
    const rule = `.${slug(2)}-${hex(4)}>.${pick(words)}:not(.${pick(words)}){display:${pick(['flex', 'grid', 'block', 'none'])};margin:${int(0, 40)}px ${int(0, 40)}px;color:#${hex(6)};background:url(/static/img/${hex(8)}.png) no-repeat;font:${int(12, 24)}px/1.${int(2, 8)} system-ui,sans-serif}`;
    rules.push(rule);
    size += rule.length;
  }
  return rules.join('\n');
}

interface PageSpec {
  file: string;
  kind: string;
  charset: string;
  url: string;
  html: string;
}

const pages: PageSpec[] = [];
const add = (file: string, kind: string, url: string, html: string, charset = 'utf-8'): void => {
  pages.push({file, kind, charset, url, html});
};

function articlePage(seed: number, site: string, paragraphs: number, commentCount: number, extraBody = ''): {url: string; html: string} {
  random = prng(seed);
  const title = sentence(9).slice(0, -1);
  const description = paragraph(2).slice(0, 180);
  const url = `https://www.${site.toLowerCase().replace(/\W/g, '')}.example.com/${2025}/${slug(5)}`;
  const published = `2025-0${int(1, 9)}-1${int(0, 9)}T0${int(0, 9)}:30:00Z`;
  const author = `${pick(words)} ${pick(words)}`.replace(/\b\w/g, (c) => c.toUpperCase());
  const html = `<!DOCTYPE html>
<html lang="en">
${head({
  title,
  description,
  url,
  site,
  image: `/media/${slug(3)}-hero.jpg`,
  extra: `<meta property="article:published_time" content="${published}">
<meta property="article:modified_time" content="${published}">
<meta property="article:author" content="https://www.${site.toLowerCase()}.example.com/authors/${slug(2)}">
<meta property="article:section" content="${pick(words)}">
<meta name="author" content="${author}">
<link rel="alternate" type="application/rss+xml" title="${site}" href="/feed.xml">
<link rel="amphtml" href="${url}/amp">`,
  jsonld: {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: title,
    description,
    image: [`https://www.${site.toLowerCase()}.example.com/media/hero-1x1.jpg`, `https://www.${site.toLowerCase()}.example.com/media/hero-16x9.jpg`],
    datePublished: published,
    dateModified: published,
    author: [{'@type': 'Person', name: author}],
    publisher: {'@type': 'Organization', name: site, logo: {'@type': 'ImageObject', url: `https://www.${site.toLowerCase()}.example.com/static/logo-600.png`}},
  },
})}
<body class="article-template">
${nav(site)}
<main id="content"><article>
<h1>${esc(title)}</h1>
<p class="byline">By <a rel="author" href="/authors/${slug(2)}">${author}</a> <time datetime="${published}">${published.slice(0, 10)}</time></p>
${articleBody(paragraphs)}
${extraBody}
</article>
<aside class="related"><h3>Related</h3><ul>${times(10, () => `<li><a href="/${slug(4)}"><img src="/thumbs/${hex(8)}.jpg" width="160" height="90" alt="" loading="lazy">${sentence(7)}</a></li>`)}</ul></aside>
${commentCount ? comments(commentCount) : ''}
</main>
${footer()}
${analytics()}
</body>
</html>
`;
  return {url, html};
}

{
  random = prng(11);
  const title = 'Three ways to keep a small garden through winter';
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width">
<meta name="description" content="${esc(paragraph(1).slice(0, 150))}">
<meta property="og:title" content="${title}"><meta property="og:image" content="/img/garden.jpg">
<link rel="icon" href="/favicon.png"></head>
<body><h1>${title}</h1>${times(12, () => `<p>${paragraph()}</p>`)}
<p><img src="/img/garden.jpg" alt="garden" width="800" height="600"></p></body></html>
`;
  add('blog-small.html', 'article', 'https://blog.example.com/garden-winter', html);
}

{
  const {url, html} = articlePage(21, 'Dispatch', 70, 0);
  add('news-article.html', 'article', url, html);
}

{
  const {url, html} = articlePage(31, 'LongReads', 420, 180);
  add('longform-article.html', 'article', url, html);
}

{
  random = prng(41);
  const name = `${pick(words)} ${pick(words)} Pro ${int(2, 9)} wireless headphones`.replace(/\b\w/g, (c) => c.toUpperCase());
  const url = `https://shop.example.com/p/${slug(4)}-${int(10000, 99999)}`;
  const price = `${int(49, 399)}.${int(10, 99)}`;
  const gallery = times(12, (i) => `<li><img src="/images/products/${hex(10)}_${i}.jpg" data-zoom="/images/products/${hex(10)}_${i}_2000.jpg" alt="${esc(name)} view ${i}" width="600" height="600"></li>`);
  const reviews = times(60, () => `<div class="review" itemprop="review" itemscope itemtype="https://schema.org/Review"><span itemprop="author">${pick(words)}</span><meta itemprop="ratingValue" content="${int(1, 5)}"><p itemprop="reviewBody">${paragraph(int(1, 4))}</p></div>`);
  const html = `<!DOCTYPE html>
<html lang="en-US">
${head({
  title: name,
  description: `Buy ${name}. ${sentence()}`,
  url,
  site: 'Shop',
  type: 'product',
  image: `/images/products/${hex(10)}_0.jpg`,
  extra: `<meta property="product:price:amount" content="${price}"><meta property="product:price:currency" content="USD"><meta property="product:availability" content="in stock">`,
  jsonld: {'@context': 'https://schema.org/', '@type': 'Product', name, image: [`${url}/0.jpg`], sku: hex(8), brand: {'@type': 'Brand', name: 'Acme'}, offers: {'@type': 'Offer', price, priceCurrency: 'USD', availability: 'https://schema.org/InStock'}, aggregateRating: {'@type': 'AggregateRating', ratingValue: 4.4, reviewCount: 60}},
})}
<body>
${nav('Shop')}
<main class="pdp" itemscope itemtype="https://schema.org/Product">
<nav class="breadcrumbs">${times(4, () => `<a href="/c/${slug(1)}">${pick(words)}</a> &rsaquo; `)}</nav>
<h1 itemprop="name">${esc(name)}</h1>
<ul class="gallery">${gallery}</ul>
<div class="buy-box"><span class="price" itemprop="price" content="${price}">$${price}</span><button class="add-to-cart">Add to cart</button>
<select name="color">${times(8, () => `<option value="${hex(4)}">${pick(words)}</option>`)}</select></div>
<section class="description" itemprop="description">${times(12, () => `<p>${paragraph()}</p>`)}</section>
<table class="specs">${times(40, () => `<tr><th>${pick(words)} ${pick(words)}</th><td>${int(1, 500)} ${pick(['mm', 'g', 'h', 'mAh', 'dB'])}</td></tr>`)}</table>
<section class="reviews">${reviews}</section>
<section class="recs">${times(24, () => `<a class="card" href="/p/${slug(3)}"><img src="/images/products/${hex(10)}_s.jpg" width="200" height="200" alt=""><span>${sentence(5)}</span><b>$${int(9, 300)}.99</b></a>`)}</section>
</main>
${footer()}
<script>window.__PRODUCT__=${JSON.stringify({sku: hex(8), variants: Array.from({length: 40}, () => ({id: hex(8), price, stock: int(0, 50)}))})};</script>
${analytics()}
</body></html>
`;
  add('product-page.html', 'product', url, html);
}

{
  random = prng(51);
  const title = `${pick(words)} ${pick(words)} running shoe`.replace(/\b\w/g, (c) => c.toUpperCase());
  const url = `https://store.example.com/products/${slug(3)}`;
  const html = `<!DOCTYPE html>
<html lang="en">
${head({title, description: sentence(20), url, site: 'Store', type: 'product', image: `https://img.store.example.com/${hex(16)}.jpg`})}
<body><div id="__next"><div class="skeleton"><h1>${title}</h1><p>${paragraph()}</p></div></div>
<script id="__NEXT_DATA__" type="application/json">${stateBlob(850_000)}</script>
${times(8, () => `<script src="/_next/static/chunks/${hex(16)}.js" defer></script>`)}
</body></html>
`;
  add('product-spa-next-data.html', 'product (SPA state blob)', url, html);
}

{
  random = prng(61);
  const title = sentence(8).slice(0, -1);
  const id = hex(11);
  const url = `https://video.example.com/watch?v=${id}`;
  const html = `<!DOCTYPE html>
<html lang="en">
${head({
  title,
  description: paragraph(2).slice(0, 200),
  url,
  site: 'VideoSite',
  type: 'video.other',
  image: `https://i.video.example.com/vi/${id}/maxresdefault.jpg`,
  extra: `<meta property="og:video:url" content="https://video.example.com/embed/${id}">
<meta property="og:video:secure_url" content="https://video.example.com/embed/${id}">
<meta property="og:video:type" content="text/html"><meta property="og:video:width" content="1280"><meta property="og:video:height" content="720">
<meta property="og:video" content="https://cdn.video.example.com/${id}/720p.mp4">
<meta property="og:video:type" content="video/mp4">
<meta name="twitter:player" content="https://video.example.com/embed/${id}"><meta name="twitter:player:width" content="1280"><meta name="twitter:player:height" content="720">
<link rel="alternate" type="application/json+oembed" href="https://video.example.com/oembed?url=${encodeURIComponent(url)}&amp;format=json">`,
  jsonld: {'@context': 'https://schema.org', '@type': 'VideoObject', name: title, description: sentence(), thumbnailUrl: [`https://i.video.example.com/vi/${id}/hq.jpg`], uploadDate: '2025-03-02T08:00:00Z', duration: 'PT12M31S', contentUrl: `https://cdn.video.example.com/${id}/720p.mp4`, embedUrl: `https://video.example.com/embed/${id}`},
})}
<body><div id="player"><video src="https://cdn.video.example.com/${id}/720p.mp4" poster="https://i.video.example.com/vi/${id}/hq.jpg" controls preload="none"></video></div>
<h1>${esc(title)}</h1>
<div id="description">${times(6, () => `<p>${paragraph()}</p>`)}</div>
<div id="related">${times(20, () => `<a href="/watch?v=${hex(11)}"><img src="https://i.video.example.com/vi/${hex(11)}/mq.jpg" width="168" height="94" alt="">${sentence(6)}</a>`)}</div>
<script>var ytInitialData = ${stateBlob(300_000)};</script>
${analytics()}
</body></html>
`;
  add('video-page.html', 'video', url, html);
}

{
  random = prng(71);
  const title = `Episode ${int(100, 300)}: ${sentence(6).slice(0, -1)}`;
  const url = `https://podcasts.example.com/show/${slug(2)}/episode-${int(100, 300)}`;
  const html = `<!DOCTYPE html>
<html lang="en">
${head({
  title,
  description: paragraph(1),
  url,
  site: 'Podcasts',
  type: 'music.song',
  image: '/covers/show-3000.jpg',
  extra: `<meta property="og:audio" content="https://media.podcasts.example.com/${hex(12)}.mp3"><meta property="og:audio:type" content="audio/mpeg">`,
})}
<body>${nav('Podcasts')}<main><h1>${esc(title)}</h1>
<audio controls src="https://media.podcasts.example.com/${hex(12)}.mp3"></audio>
<section class="notes">${times(14, () => `<p>${paragraph()}</p>`)}</section>
<ol class="chapters">${times(30, (i) => `<li><a href="#t=${i * 120}">${sentence(5)}</a></li>`)}</ol>
<section class="transcript">${times(40, () => `<p><b>${pick(words)}:</b> ${paragraph()}</p>`)}</section>
</main>${footer()}${analytics()}</body></html>
`;
  add('podcast-episode.html', 'audio', url, html);
}

{
  random = prng(81);
  const {url, html} = articlePage(81, 'Framework', 25, 0);
  random = prng(82);
  const scripts = times(6, () => `<script>${bundle(300_000)}</script>`);
  add('inline-scripts-2mb.html', 'big inline scripts', url, html.replace('</head>', `<style>${css(120_000)}</style>\n</head>`).replace('</body>', `${scripts}\n</body>`));
}

{
  const {url, html} = articlePage(91, 'Design', 30, 0);
  random = prng(92);
  add('inline-styles.html', 'big inline styles', url, html.replace('</head>', `${times(5, () => `<style>${css(110_000)}</style>`)}\n</head>`));
}

{
  random = prng(101);
  const {url, html} = articlePage(101, 'Gazette', 60, 10);
  // windows-1252: accents, curly quotes and the euro sign, declared the HTML4 way.
  const legacy = html
    .replace('<meta charset="utf-8">', '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">')
    .replace(/<p>([A-Z])/g, (_m, c: string) => `<p>\u201c${pick(['Caf\u00e9', 'Na\u00efve', 'D\u00e9j\u00e0 vu', 'Cr\u00e8me br\u00fbl\u00e9e', 'Se\u00f1or', '\u20ac20'])}\u201d \u2014 ${c}`);
  add('latin1-article.html', 'article (windows-1252)', url, legacy, 'windows-1252');
}

const jaWords = ['日本', '東京', '経済', '政府', '発表', '記事', '社会', '技術', '会社', '市場', '地域', '問題', '調査', '今年', '大阪', '新しい', '情報', '影響', '計画', '首相', '選挙', '野球', '試合', '映画', '天気', '電車', '学校', '研究', '開発', '報告'];
const jaParticles = ['は', 'の', 'を', 'に', 'が', 'で', 'と', 'から', 'について', 'によると'];
const ja = (n: number): string => times(n, () => `${pick(jaWords)}${pick(jaParticles)}`).replace(/\n/g, '') + pick(['した。', 'です。', 'しました。', 'と発表した。']);

{
  random = prng(111);
  const title = ja(4);
  const url = `https://news.example.com/articles/${hex(12)}`;
  const html = `<!DOCTYPE html>
<html lang="ja">
${head({title, description: ja(12), url, site: 'NewsJP', image: `/images/${hex(8)}.jpg`, charsetTag: '<meta charset="Shift_JIS">'})}
<body>${nav('NewsJP')}<main><article><h1>${title}</h1>${times(60, () => `<p>${ja(int(10, 30))}</p>`)}</article>
<ul class="ranking">${times(30, () => `<li><a href="/articles/${hex(12)}">${ja(3)}</a></li>`)}</ul></main>${footer()}${analytics()}</body></html>
`;
  add('shift-jis-news.html', 'article (Shift_JIS)', url, html, 'shift_jis');
}

const zhChars = '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理府';
const zh = (n: number): string => times(n, () => pick(zhChars.split(''))).replace(/\n/g, '') + '。';

{
  random = prng(121);
  const title = zh(14);
  const url = `https://portal.example.com/news/${int(100000, 999999)}.html`;
  const html = `<!DOCTYPE html>
<html lang="zh-CN">
${head({title, description: zh(40), url, site: 'PortalCN', image: `//img.portal.example.com/${hex(10)}.jpg`, charsetTag: '<meta http-equiv="Content-Type" content="text/html; charset=gbk">'})}
<body>${nav('PortalCN')}
${times(12, () => `<div class="channel"><h2>${zh(4)}</h2><ul>${times(25, () => `<li><a href="/news/${int(100000, 999999)}.html" title="${zh(10)}">${zh(12)}</a></li>`)}</ul></div>`)}
<div class="article">${times(30, () => `<p>${zh(int(40, 120))}</p>`)}</div>
${footer()}${analytics()}</body></html>
`;
  add('gbk-portal.html', 'portal (GBK)', url, html, 'gbk');
}

{
  random = prng(131);
  const {url, html} = articlePage(131, 'WordPress', 40, 40);
  random = prng(132);
  const wp = html.replace('</head>', `<link rel='dns-prefetch' href='//s.w.org' />
<script>window._wpemojiSettings = ${JSON.stringify({baseUrl: 'https://s.w.org/images/core/emoji/15.0.3/72x72/', ext: '.png', source: {concatemoji: '/wp-includes/js/wp-emoji-release.min.js?ver=6.5'}})};
${bundle(15_000)}</script>
<style id='wp-block-library-inline-css'>${css(45_000)}</style>
<style id='global-styles-inline-css'>:root{${times(200, (i) => `--wp--preset--color--c${i}: #${hex(6)};`).replace(/\n/g, '')}}</style>
${times(12, () => `<link rel='stylesheet' id='${slug(2)}-css' href='/wp-content/plugins/${slug(1)}/style.css?ver=${int(1, 9)}.${int(0, 9)}' media='all' />`)}
</head>`);
  add('wordpress-post.html', 'article (WordPress)', url, wp);
}

{
  random = prng(141);
  const title = `${pick(words)} ${pick(words)} espresso machine`;
  const html = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${title} - Acme Store</title>
<meta name="description" content="${esc(sentence(18))}">
<meta property="og:type" content="product"><meta property="og:title" content="${title}">
<meta property="og:image" content="https://cdn.acme.example.com/p/${hex(12)}.jpg">
<link rel="shortcut icon" href="/favicon.ico">
<script type="application/ld+json">${JSON.stringify({'@context': 'https://schema.org', '@type': 'Product', name: title, offers: {price: '129.00', priceCurrency: 'EUR'}})}</script>
</head><body><h1>${title}</h1><img src="https://cdn.acme.example.com/p/${hex(12)}.jpg" width="500" height="500" alt="">
${times(8, () => `<p>${paragraph()}</p>`)}<table>${times(20, () => `<tr><td>${pick(words)}</td><td>${int(1, 99)}</td></tr>`)}</table></body></html>
`;
  add('product-small.html', 'product', 'https://acme.example.com/espresso', html);
}

/** Encodes text in a legacy charset by inverting the platform's WHATWG decoder over every 1- and 2-byte sequence. */
function encodeLegacy(text: string, label: string): Buffer {
  const decoder = new TextDecoder(label, {fatal: true});
  const table = new Map<string, number[]>();
  const tryBytes = (bytes: number[]): void => {
    try {
      const char = decoder.decode(Uint8Array.from(bytes));
      if ([...char].length === 1 && !table.has(char)) table.set(char, bytes);
    } catch {
      // Not a valid sequence in this charset.
    }
  };
  // Node 20's TextDecoder decodes windows-1252 as ISO-8859-1 (C1 controls at 0x80-0x9F), so the
  // characters that make windows-1252 differ are listed by hand, per the WHATWG index.
  if (label === 'windows-1252') {
    const c1 = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
    [...c1].forEach((char, i) => table.set(char, [0x80 + i]));
  }
  for (let a = 0; a < 256; a++) tryBytes([a]);
  for (let a = 0x81; a < 0xff; a++) for (let b = 0x40; b < 0xff; b++) tryBytes([a, b]);
  const out: number[] = [];
  for (const char of text) {
    const bytes = table.get(char);
    if (!bytes) throw new Error(`${label} cannot encode U+${char.codePointAt(0)?.toString(16)}`);
    out.push(...bytes);
  }
  return Buffer.from(out);
}

const manifest = pages.map(({file, kind, charset, url, html}) => {
  const bytes = charset === 'utf-8' ? Buffer.from(html) : encodeLegacy(html, charset);
  writeFileSync(join(here, file), bytes);
  return {file, kind, charset, url, bytes: bytes.length};
});
manifest.sort((a, b) => a.bytes - b.bytes);
writeFileSync(join(here, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
for (const page of manifest) console.log(`${String(page.bytes).padStart(9)}  ${page.file}  (${page.kind}, ${page.charset})`);
