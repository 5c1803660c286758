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

// Pages modelled on the structure of today's sites (issue 15): most of their bytes are inline scripts,
// styles, SVG sprites, hydration state blobs, comment threads or HTML comments, and their JSON-LD often
// sits at the end of the body. All names are invented.

/** An SVG sprite as design systems inline it at the top of the body: many `<symbol>`s with titles and paths. */
function svgSprite(symbols: number): string {
  const path = (): string => `M${int(0, 24)}.${int(0, 9)} ${int(0, 24)}.${int(0, 9)}${times(int(6, 30), () => `${pick(['L', 'C', 'Q', 'l', 'c', 'h', 'v'])}${int(-12, 24)}.${int(0, 99)} ${int(-12, 24)}.${int(0, 99)}`).replace(/\n/g, '')}Z`;
  return `<svg xmlns="http://www.w3.org/2000/svg" style="display:none" aria-hidden="true"><defs>${times(symbols, () => `<symbol id="icon-${slug(2)}" viewBox="0 0 24 24"><title>${pick(words)} ${pick(words)}</title><path fill-rule="evenodd" d="${path()}"/>${int(0, 2) === 0 ? `<circle cx="${int(2, 22)}" cy="${int(2, 22)}" r="${int(1, 5)}"/>` : ''}</symbol>`)}</defs></svg>`;
}

/** A small inline SVG icon, as component libraries render one per button. */
const inlineIcon = (): string => `<svg class="h-5 w-5 shrink-0" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true"><path fill-rule="evenodd" d="M${int(1, 9)} ${int(1, 9)}a1 1 0 011.4 0l${int(1, 9)} ${int(1, 9)}a1 1 0 010 1.4l-${int(1, 9)} ${int(1, 9)}a1 1 0 01-1.4-1.4L${int(9, 15)} ${int(9, 15)} ${int(1, 9)} ${int(4, 9)}a1 1 0 010-1.4z" clip-rule="evenodd"/></svg>`;

/** Utility-first class lists (Tailwind-like): long `class` attributes on every element. */
const utility = (n = int(6, 18)): string => times(n, () => pick(['flex', 'grid', 'items-center', 'justify-between', 'gap-4', 'px-4', 'py-2', 'sm:px-6', 'lg:px-8', 'text-sm', 'font-medium', 'text-gray-700', 'hover:text-gray-900', 'dark:text-gray-300', 'rounded-md', 'shadow-sm', 'ring-1', 'ring-inset', 'ring-gray-300', 'focus-visible:outline', 'md:grid-cols-3', 'max-w-7xl', 'mx-auto', 'w-full', 'truncate', 'leading-6', 'tracking-tight'])).replace(/\n/g, ' ');

/** A threaded comment list as blog engines render it: nested lists, avatars, permalinks, reply links. */
function commentThread(count: number): string {
  let html = '<ol class="comment-list">';
  let depth = 0;
  for (let i = 0; i < count; i++) {
    const next = Math.max(0, Math.min(4, depth + int(-1, 1)));
    while (depth < next) { html += '<ol class="children">'; depth++; }
    while (depth > next) { html += '</ol>'; depth--; }
    html += `<li id="comment-${10000 + i}" class="comment depth-${depth + 1}"><article class="comment-body"><footer class="comment-meta"><div class="comment-author vcard"><img alt="" src="https://avatars.example.com/${hex(32)}?s=56&amp;d=mm&amp;r=g" class="avatar avatar-56 photo" height="56" width="56" loading="lazy"><b class="fn">${pick(words)}${int(1, 99)}</b></div><div class="comment-metadata"><a href="#comment-${10000 + i}"><time datetime="2025-0${int(1, 9)}-1${int(0, 9)}T${int(10, 23)}:${int(10, 59)}:00+00:00">${int(1, 28)} ${pick(['March', 'April', 'May'])} 2025 at ${int(1, 12)}:${int(10, 59)} pm</time></a></div></footer><div class="comment-content"><p>${paragraph(int(1, 4))}</p></div><div class="reply"><a rel="nofollow" class="comment-reply-link" href="?replytocom=${10000 + i}#respond" data-commentid="${10000 + i}" aria-label="Reply">Reply</a></div></article></li>`;
  }
  while (depth > 0) { html += '</ol>'; depth--; }
  return `${html}</ol>`;
}

/** Third-party tag snippets as ad and consent managers inline them, each with its own config object. */
const tagSnippet = (bytes: number): string => `<script>(function(w,d){var c=${JSON.stringify({site: hex(8), slots: Array.from({length: 6}, () => ({id: `div-gpt-ad-${hex(13)}-0`, sizes: [[300, 250], [728, 90]], targeting: {pos: pick(words), kw: times(4, () => pick(words)).split('\n')}}))})};${bundle(bytes)}})(window,document);</script>`;

{
  random = prng(151);
  const {url, html} = articlePage(151, 'Herald', 30, 0);
  random = prng(152);
  const jsonld = html.match(/<script type="application\/ld\+json">.*?<\/script>/)?.[0] ?? '';
  add('news-hydrated.html', 'article (React SSR: critical CSS, SVG sprite, __NEXT_DATA__, JSON-LD at the end)', url, html
    .replace(jsonld, '')
    .replace('</head>', `<style data-critical>${css(60_000)}</style>\n</head>`)
    .replace('<body class="article-template">', `<body class="article-template"><div id="__next">${svgSprite(120)}`)
    .replace('</body>', `</div><script id="__NEXT_DATA__" type="application/json">${stateBlob(250_000)}</script>\n${times(10, () => `<script src="/_next/static/chunks/${hex(16)}.js" async></script>`)}\n${jsonld}\n</body>`));
}

{
  random = prng(161);
  const {url, html} = articlePage(161, 'Quillpad', 35, 0);
  random = prng(162);
  const jsonld = html.match(/<script type="application\/ld\+json">.*?<\/script>/)?.[0] ?? '';
  add('blog-comment-thread.html', 'article (WordPress-style comment thread, 400 comments, JSON-LD at the end)', url, html
    .replace(jsonld, '')
    .replace('</main>', `<section id="comments" class="comments-area"><h2 class="comments-title">400 thoughts</h2>${commentThread(400)}<div id="respond"><form action="/wp-comments-post.php" method="post"><textarea name="comment" rows="8"></textarea><input type="submit" value="Post Comment"></form></div></section></main>`)
    .replace('</body>', `${jsonld.replace('NewsArticle', 'BlogPosting')}\n</body>`));
}

{
  random = prng(171);
  const title = `${pick(words)} ${pick(words)} lemon cake`.replace(/\b\w/g, (c) => c.toUpperCase());
  const url = `https://www.crumbkitchen.example.com/recipes/${slug(3)}/`;
  const recipe = {'@context': 'https://schema.org', '@type': 'Recipe', name: title, image: [`https://www.crumbkitchen.example.com/wp-content/uploads/${hex(8)}-1200x1200.jpg`], author: {'@type': 'Person', name: 'Marta Quill'}, datePublished: '2025-02-11', description: sentence(18), recipeIngredient: times(12, () => `${int(1, 500)} g ${pick(words)}`).split('\n'), recipeInstructions: Array.from({length: 8}, () => ({'@type': 'HowToStep', text: sentence()}))};
  const html = `<!DOCTYPE html>
<html lang="en-US">
${head({title, description: sentence(20), url, site: 'Crumb Kitchen', image: `/wp-content/uploads/${hex(8)}-1200x630.jpg`, extra: `<style id="theme-inline-css">${css(80_000)}</style>`})}
<body class="single-recipe">${nav('Crumb Kitchen')}
${times(8, () => tagSnippet(int(8_000, 20_000)))}
<main><article><h1 class="entry-title">${esc(title)}</h1><div class="entry-meta">By <a rel="author" href="/author/marta/">Marta Quill</a></div>
${times(10, (i) => `<p>${paragraph()}</p>${i % 3 === 1 ? `<div class="ad-slot"><!-- ad: in-content ${i} --><div id="div-gpt-ad-${hex(13)}-${i}"></div>${tagSnippet(6_000)}</div>` : ''}`)}
<div class="recipe-card"><h2>${esc(title)}</h2><img src="/wp-content/uploads/${hex(8)}-720x720.jpg" width="720" height="720" alt=""><ul>${times(12, () => `<li>${int(1, 500)} g ${pick(words)}</li>`)}</ul><ol>${times(8, () => `<li>${sentence()}</li>`)}</ol></div>
</article></main>${footer()}${analytics()}
${times(4, () => tagSnippet(int(10_000, 25_000)))}
<script type="application/ld+json">${JSON.stringify(recipe)}</script>
</body></html>
`;
  add('recipe-ads.html', 'recipe (inline ad/consent tags and CSS, JSON-LD at the end)', url, html);
}

{
  random = prng(181);
  const name = `${pick(words)} ${pick(words)} trail backpack 28 L`.replace(/\b\w/g, (c) => c.toUpperCase());
  const url = `https://www.ridgeline-outfitters.example.com/p/${slug(3)}-${int(1000, 9999)}`;
  const html = `<!DOCTYPE html>
<html lang="en">
${head({title: name, description: sentence(16), url, site: 'Ridgeline', type: 'product', image: `https://img.ridgeline.example.com/${hex(16)}.jpg`})}
<body>${svgSprite(700)}
${nav('Ridgeline')}
<main itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">${esc(name)}</h1>
<div class="gallery">${times(8, () => `<picture><source type="image/avif" srcset="https://img.ridgeline.example.com/${hex(16)}-800.avif 800w, https://img.ridgeline.example.com/${hex(16)}-1600.avif 1600w"><img itemprop="image" src="https://img.ridgeline.example.com/${hex(16)}-800.jpg" width="800" height="800" alt=""></picture>`)}</div>
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="USD"><span itemprop="price" content="149.00">$149</span><button class="btn"><svg class="icon"><use href="#icon-cart"></use></svg>Add to cart</button></div>
<div itemprop="description">${times(6, () => `<p>${paragraph()}</p>`)}</div>
<ul class="features">${times(20, () => `<li><svg class="icon" aria-hidden="true"><use href="#icon-${slug(2)}"></use></svg>${sentence(6)}</li>`)}</ul>
<section class="reviews">${times(30, () => `<div itemprop="review" itemscope itemtype="https://schema.org/Review"><span itemprop="author">${pick(words)}</span><div class="stars">${times(5, () => '<svg class="star"><use href="#icon-star"></use></svg>')}</div><p itemprop="reviewBody">${paragraph(int(1, 3))}</p></div>`)}</section>
</main>${footer()}${analytics()}</body></html>
`;
  add('shop-svg-sprites.html', 'product (700-symbol SVG sprite, microdata)', url, html);
}

{
  random = prng(191);
  const title = `${sentence(8).slice(0, -1)}?`;
  const url = `https://forum.fernwood.example.com/t/${slug(4)}/${int(10000, 99999)}`;
  const posts = times(150, (i) => `<article class="post" id="post_${i + 1}" itemprop="${i === 0 ? 'mainEntity' : 'comment'}" itemscope itemtype="https://schema.org/${i === 0 ? 'DiscussionForumPosting' : 'Comment'}"><div class="topic-avatar"><img src="/user_avatar/forum.fernwood.example.com/${pick(words)}/48/${int(1, 9999)}_2.png" width="48" height="48" class="avatar" alt=""></div><div class="topic-body"><span class="creator" itemprop="author" itemscope itemtype="https://schema.org/Person"><a itemprop="url" href="/u/${pick(words)}${int(1, 99)}"><span itemprop="name">${pick(words)}${int(1, 99)}</span></a></span><time itemprop="datePublished" datetime="2025-04-${10 + (i % 18)}T12:${10 + (i % 49)}:00Z">Apr ${10 + (i % 18)}</time><div class="post" itemprop="text">${i % 5 === 2 ? `<aside class="quote"><blockquote><p>${paragraph(1)}</p></blockquote></aside>` : ''}<p>${paragraph(int(1, 4))}</p>${i % 7 === 3 ? `<pre><code class="lang-js">const ${pick(words)} = await fetch(&quot;/api/${slug(2)}&quot;).then((r) =&gt; r.json());\nif (a &lt; b &amp;&amp; c) { console.log(&#39;${pick(words)}&#39;); }</code></pre>` : ''}</div><meta itemprop="position" content="${i + 1}"></div></article>`);
  const html = `<!DOCTYPE html>
<html lang="en">
${head({title, description: sentence(20), url, site: 'Fernwood Forum', type: 'website', image: '/uploads/default/original/1X/logo.png'})}
<body>${nav('Fernwood Forum')}
<div id="main-outlet" itemscope itemtype="https://schema.org/DiscussionForumPosting"><h1 itemprop="headline"><a href="${url}">${esc(title)}</a></h1>
${posts}</div>${footer()}
<script>window.__PRELOADED__=${JSON.stringify({topic: {id: int(1, 99999), posts_count: 150}, site: {categories: Array.from({length: 40}, () => ({id: int(1, 999), name: pick(words), slug: slug(1), color: hex(6)}))}})};</script>
${analytics()}</body></html>
`;
  add('forum-thread.html', 'forum thread (150 posts, microdata, code blocks)', url, html);
}

{
  random = prng(201);
  const title = `Configuring the ${pick(words)} ${pick(words)} client`;
  const url = `https://docs.tessellate.example.com/guides/${slug(3)}/`;
  const code = (): string => `<div class="highlight"><pre><code class="language-html">${times(int(8, 24), () => `<span class="nt">&lt;${pick(['div', 'span', 'script', 'link'])}</span> <span class="na">class=</span><span class="s">&quot;${slug(2)}&quot;</span><span class="nt">&gt;</span>${pick(words)} &amp;&amp; ${pick(words)}<span class="nt">&lt;/${pick(['div', 'span', 'script'])}&gt;</span>`)}</code></pre></div>`;
  const html = `<!DOCTYPE html>
<html lang="en" data-theme="light">
${head({title, description: sentence(20), url, site: 'Tessellate Docs', type: 'website', image: '/img/social-card.png'})}
<body><!-- build: ${hex(40)} -->
<div class="layout"><nav class="sidebar" aria-label="Docs">${times(24, () => `<details open><summary>${pick(words)} ${pick(words)}</summary><ul>${times(int(15, 40), () => `<li><a class="menu__link" href="/guides/${slug(3)}/">${pick(words)} ${pick(words)}</a></li>`)}</ul></details>`)}</nav>
<main><article><h1>${esc(title)}</h1>
${times(40, (i) => (i % 3 === 0 ? code() : i % 5 === 1 ? `<!-- TODO(${pick(words)}): ${sentence()} -->\n<h2 id="${slug(2)}">${sentence(4)}</h2>` : `<p>${paragraph()} <code>${slug(2)}()</code></p>`))}
</article></main></div>${footer()}
<script>${bundle(30_000)}</script>
<script type="application/ld+json">${JSON.stringify({'@context': 'https://schema.org', '@type': 'TechArticle', headline: title, dateModified: '2025-05-02T09:00:00Z'})}</script>
</body></html>
`;
  add('docs-page.html', 'documentation (big sidebar, code blocks full of entities, HTML comments)', url, html);
}

{
  random = prng(211);
  const title = `${pick(words)} ${pick(words)} weekend deals`.replace(/\b\w/g, (c) => c.toUpperCase());
  const url = `https://www.harbormart.example.com/deals/${slug(2)}`;
  const state = stateBlob(420_000);
  const html = `<!DOCTYPE html>
<html lang="en" data-n-head-ssr>
${head({title, description: sentence(18), url, site: 'Harbormart', type: 'website', image: `https://cdn.harbormart.example.com/${hex(12)}.jpg`})}
<body><div data-server-rendered="true" id="__nuxt"><div id="__layout"><div class="app">
<header class="${utility()}"><a href="/"><img src="/logo.svg" width="140" height="40" alt="Harbormart"></a></header>
<h1 class="${utility()}">${esc(title)}</h1>
<div class="grid">${times(48, () => `<a href="/p/${slug(3)}" class="${utility()}"><img src="https://cdn.harbormart.example.com/${hex(12)}_300.jpg" loading="lazy" width="300" height="300" alt=""><span class="${utility()}">${sentence(6)}</span><b>$${int(5, 90)}.99</b></a>`)}</div>
</div></div></div>
<script>window.__NUXT__=(function(a,b,c){return ${state}}(null,false,""));</script>
${times(6, () => `<script src="/_nuxt/${hex(10)}.js" defer></script>`)}
<script type="application/ld+json">${JSON.stringify({'@context': 'https://schema.org', '@type': 'CollectionPage', name: title, description: sentence(12)})}</script>
</body></html>
`;
  add('nuxt-app-shell.html', 'shop listing (Nuxt-style SSR shell, __NUXT__ state, JSON-LD at the end)', url, html);
}

{
  random = prng(221);
  const title = `Live: ${sentence(7).slice(0, -1)}`;
  const url = `https://www.northwire.example.com/live/${slug(4)}`;
  const updates = times(120, (i) => `<article class="live-update" id="update-${i}"><time datetime="2025-06-0${1 + (i % 9)}T${10 + (i % 12)}:${10 + (i % 49)}:00Z">${10 + (i % 12)}:${10 + (i % 49)}</time><h2>${sentence(6)}</h2><p>${paragraph(int(1, 3))}</p>${i % 6 === 0 ? `<blockquote class="social-embed" data-lang="en"><p lang="en" dir="ltr">${sentence()}</p>&mdash; ${pick(words)} (@${pick(words)}${int(1, 99)}) <a href="https://social.example.com/${pick(words)}/status/${int(1e9, 2e9)}">June ${1 + (i % 9)}, 2025</a></blockquote><script async src="https://platform.social.example.com/widgets.js" charset="utf-8"></script>` : ''}${i % 10 === 5 ? `<figure><iframe src="https://video.example.com/embed/${hex(11)}" width="640" height="360" allowfullscreen></iframe></figure>` : ''}</article>`);
  const html = `<!DOCTYPE html>
<html lang="en-GB">
${head({title, description: sentence(20), url, site: 'Northwire', image: `/live/${hex(8)}.jpg`, extra: `<style>${css(40_000)}</style>`})}
<body>${nav('Northwire')}<main><h1>${esc(title)}</h1><div class="live-feed">${updates}</div></main>${footer()}
${times(3, () => tagSnippet(15_000))}
<script type="application/ld+json">${JSON.stringify({'@context': 'https://schema.org', '@type': 'LiveBlogPosting', headline: title, coverageStartTime: '2025-06-01T10:00:00Z', liveBlogUpdate: Array.from({length: 20}, (_, i) => ({'@type': 'BlogPosting', headline: sentence(6), datePublished: `2025-06-01T1${i % 10}:00:00Z`}))})}</script>
</body></html>
`;
  add('live-blog.html', 'live blog (120 updates, social embeds, JSON-LD at the end)', url, html);
}

{
  random = prng(231);
  const title = `${pick(words)} analytics for ${pick(words)} teams`.replace(/\b\w/g, (c) => c.toUpperCase());
  const url = 'https://www.lumenhq.example.com/';
  const html = `<!DOCTYPE html>
<html lang="en" class="h-full scroll-smooth">
${head({title, description: sentence(18), url, site: 'LumenHQ', type: 'website', image: '/og/home.png'})}
<body class="${utility()}"><div class="${utility()}">
<header class="${utility()}"><nav class="${utility()}">${times(8, () => `<a href="/${slug(1)}" class="${utility()}">${pick(words)}${inlineIcon()}</a>`)}</nav></header>
<main><section class="${utility()}"><h1 class="${utility()}">${esc(title)}</h1><p class="${utility()}">${paragraph(2)}</p><a href="/signup" class="${utility()}">Start free${inlineIcon()}</a></section>
${times(12, () => `<section class="${utility()}"><h2 class="${utility()}">${sentence(5)}</h2><div class="${utility()}">${times(3, () => `<div class="${utility()}">${inlineIcon()}<h3 class="${utility()}">${sentence(3)}</h3><p class="${utility()}">${paragraph(1)}</p></div>`)}</div></section>`)}
</main><footer class="${utility()}">${times(20, () => `<a href="/${slug(2)}" class="${utility()}">${pick(words)}</a>`)}</footer></div>
<script type="module">${bundle(8_000)}</script>
<script type="application/ld+json">${JSON.stringify({'@context': 'https://schema.org', '@type': 'Organization', name: 'LumenHQ', logo: 'https://www.lumenhq.example.com/logo.png', url})}</script>
</body></html>
`;
  add('utility-landing.html', 'landing page (utility-class attributes, inline SVG icons)', url, html);
}

{
  random = prng(241);
  const {url, html} = articlePage(241, 'Almanac', 45, 0);
  random = prng(242);
  // A long-lived CMS template: IE conditional comments, commented-out blocks, table layout leftovers.
  const legacy = html
    .replace('</head>', `<!--[if lt IE 9]><script src="/js/html5shiv.js"></script><link rel="stylesheet" href="/css/ie8.css"><![endif]-->\n</head>`)
    .replace('<main id="content">', `<!-- old header, kept for reference\n${times(60, () => `<div class="legacy-row"><a href="/${slug(2)}"><img src="/old/${hex(6)}.gif" width="1" height="1"></a>${paragraph(1)}</div>`)}\n-->\n<main id="content">`)
    .replace('</article>', `${times(30, () => `<!-- ad-slot ${hex(8)} start --><div class="ad"><!-- ${sentence()} --></div><!-- ad-slot end -->`)}<!--googleoff: index--><table class="layout">${times(40, () => `<tr><td class="gutter">&nbsp;</td><td>${sentence()}</td></tr>`)}</table><!--googleon: index--></article>`);
  add('legacy-comments.html', 'article (conditional comments, commented-out markup, table layout)', url, legacy);
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
