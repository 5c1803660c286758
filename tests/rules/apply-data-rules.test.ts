import {beforeAll, describe, expect, it} from '@jest/globals';
import {readFileSync} from 'node:fs';
import {applyDataRules, type DataValues, maxDataItems, maxDomDepth, mediaPaths} from '../../src/rules/apply-data-rules.js';
import {normalizeDataRules} from '../../src/rules/data-rules.js';
import {convertValue} from '../../src/rules/data-values.js';
import {loadCssSelect} from '../../src/shared/lazy-css-select.js';

// css-select loads on first use (src/shared/lazy-css-select.ts); extract() and the endpoint load it
// before they check selectors, and so does this file (jest cannot require an ES module, as Node does).
beforeAll(() => loadCssSelect());

const fixture = (name: string) => readFileSync(new URL(`../fixtures/pages/${name}`, import.meta.url), 'utf8');

/** Runs `rules` (as a caller gives them) over `html`. */
function run(html: string, rules: unknown, url = 'https://example.com/a/page'): DataValues {
  return applyDataRules(html, normalizeDataRules(rules), url);
}

describe('applyDataRules over data-product.html', () => {
  const url = 'https://shop.ridgeline.example/p/trail-runner-3?color=blue';
  const html = fixture('data-product.html');

  it('reads name, prices as numbers, currency, availability as booleans, images, video, rating and contact', () => {
    expect(run(html, {
      name: {selector: '.product-title'},
      price: {selector: '[itemprop=price]', attr: ['content', 'text'], type: 'number'},
      priceText: {selector: '.price', type: 'number'},
      wasPrice: {selector: '.was-price', type: 'number'},
      bundlePrice: {selector: '.bundle-price', type: 'number'},
      discount: {selector: '.discount', type: 'number'},
      currency: {selector: '[itemprop=priceCurrency]', attr: 'content'},
      inStock: {selector: '.stock', attr: 'data-in-stock', type: 'boolean'},
      backorder: {selector: '.stock', attr: 'data-backorder', type: 'boolean'},
      stockText: {selector: '.stock', type: 'boolean'},
      giftWrap: {selector: '[name=gift-wrap]', attr: 'checked', type: 'boolean'},
      express: {selector: '[name=express]', attr: 'checked', type: 'boolean'},
      notifyDisabled: {selector: '.notify-me', attr: 'disabled', type: 'boolean'},
      images: {selectorAll: '.gallery img', attr: ['srcset', 'data-src', 'src'], type: 'image'},
      video: {selector: 'video.demo source', attr: 'src', type: 'video'},
      poster: {selector: 'video.demo', attr: 'poster', type: 'image'},
      rating: {selector: '.rating', type: 'number'},
      ratingLabel: {selector: '.rating', attr: 'aria-label', type: 'number'},
      reviews: {selector: '.review-count', type: 'number'},
      reviewsLink: {selector: '.review-count', attr: 'href', type: 'url'},
      support: {selector: '.support', attr: 'href', type: 'email'},
      released: {selector: '.released time', attr: 'datetime', type: 'date'},
      releasedText: {selector: '.released', type: 'date'},
      canonical: {selector: 'link[rel=canonical]', attr: 'href', type: 'url'},
      nav: {selectorAll: 'header nav a', attr: 'href', type: 'url'},
    }, url)).toEqual({
      name: "Trail Runner 3 Men's",
      price: 129.95,
      priceText: 129.95,
      wasPrice: 1049,
      bundlePrice: 1299,
      discount: -12,
      currency: 'EUR',
      inStock: true,
      backorder: false,
      stockText: null,
      giftWrap: true,
      express: null,
      notifyDisabled: true,
      images: [
        {url: 'https://shop.ridgeline.example/img/trail-runner-3/front.jpg'},
        {url: 'https://shop.ridgeline.example/p/img/side-1600.jpg'},
        {url: 'https://cdn.ridgeline.example/p/tr3/sole.jpg'},
      ],
      video: {url: 'https://shop.ridgeline.example/media/trail-runner-3-demo.mp4'},
      poster: {url: 'https://shop.ridgeline.example/img/trail-runner-3/poster.jpg'},
      rating: 4.6,
      ratingLabel: 4.6,
      reviews: 1024,
      reviewsLink: null,
      support: 'Support@Ridgeline.example',
      released: '2025-03-14T12:00:00.000Z',
      releasedText: '2025-03-14T12:00:00.000Z',
      canonical: 'https://shop.ridgeline.example/p/trail-runner-3',
      nav: ['https://shop.ridgeline.example/men', 'https://shop.ridgeline.example/women', 'https://shop.ridgeline.example/sale'],
    });
  });

  it('reads inner and outer HTML as given (trimmed), text without scripts, and a selected script\'s own text', () => {
    expect(run(html, {
      description: {selector: '.description', attr: 'html'},
      descriptionText: {selector: '.description'},
      footer: {selector: 'footer', attr: 'text'},
      footerHtml: {selector: 'footer p', attr: 'outerHTML'},
      jsonld: {selector: 'script[type="application/ld+json"]'},
    }, url)).toEqual({
      description: '<p>Light &amp; <em>fast</em> on rocky trails.</p>\n      <p>Weighs 280&nbsp;g.</p>',
      descriptionText: 'Light & fast on rocky trails. Weighs 280 g.',
      footer: '© 2026 Ridgeline Outfitters',
      footerHtml: '<p>© 2026 Ridgeline Outfitters</p>',
      jsonld: '{"@context": "https://schema.org", "@type": "Product", "name": "Trail Runner 3", "sku": "TR3-BLU-44"}',
    });
  });

  it('lists the media for ping, in document order, and replaces them in place', () => {
    const rules = normalizeDataRules({
      name: {selector: 'h1'},
      images: {selectorAll: '.gallery img', attr: ['srcset', 'data-src', 'src'], type: 'image'},
      video: {selector: 'video.demo source', attr: 'src', type: 'video'},
      trailer: {selector: 'video.trailer source', attr: 'src', type: 'video'},
    });
    const values = applyDataRules(html, rules, url);
    const found = mediaPaths(values, rules);
    expect(found.map(({path, kind, media}) => ({path, kind, media}))).toEqual([
      {path: ['images', 0], kind: 'image', media: {url: 'https://shop.ridgeline.example/img/trail-runner-3/front.jpg'}},
      {path: ['images', 1], kind: 'image', media: {url: 'https://shop.ridgeline.example/p/img/side-1600.jpg'}},
      {path: ['images', 2], kind: 'image', media: {url: 'https://cdn.ridgeline.example/p/tr3/sole.jpg'}},
      {path: ['video'], kind: 'video', media: {url: 'https://shop.ridgeline.example/media/trail-runner-3-demo.mp4'}},
    ]);
    found[0]?.set({url: 'https://shop.ridgeline.example/img/trail-runner-3/front.jpg', type: 'jpg', width: 1200, height: 800});
    found[1]?.set(null);
    found[3]?.set({url: 'https://shop.ridgeline.example/media/trail-runner-3-demo.mp4', type: 'mp4', duration: 30.5});
    expect(values).toEqual({
      name: "Trail Runner 3 Men's",
      images: [
        {url: 'https://shop.ridgeline.example/img/trail-runner-3/front.jpg', type: 'jpg', width: 1200, height: 800},
        null,
        {url: 'https://cdn.ridgeline.example/p/tr3/sole.jpg'},
      ],
      video: {url: 'https://shop.ridgeline.example/media/trail-runner-3-demo.mp4', type: 'mp4', duration: 30.5},
      trailer: null,
    });
  });
});

describe('applyDataRules over data-article.html', () => {
  const url = 'https://www.coastal-times.example/2016/05/04/spring-tides';
  const html = fixture('data-article.html');

  it('reads headline, authors, dates from <time datetime> and from text, tags, reading time and contact', () => {
    expect(run(html, {
      headline: {selector: 'h1.headline'},
      author: {selector: '[rel=author]'},
      authors: {selectorAll: '.byline [rel=author]', attr: {name: {}, url: {attr: 'href', type: 'url'}}},
      published: {selector: 'time.published', attr: 'datetime', type: 'date'},
      publishedText: {selector: 'time.published', type: 'date'},
      updated: {selector: '.updated', type: 'date'},
      printed: {selector: '.print-date', type: 'date'},
      readingTime: {selector: '.reading-time', type: 'number'},
      paragraphs: {selectorAll: '.body > p'},
      tags: {selectorAll: '.tags a[rel=tag]'},
      tagUrls: {selectorAll: '.tags a[rel=tag]', attr: 'href', type: 'url'},
      contact: {selector: '.corrections', type: 'email'},
    }, url)).toEqual({
      headline: 'Spring tides reach record height',
      author: 'Jane Doe',
      authors: [
        {name: 'Jane Doe', url: 'https://www.coastal-times.example/people/jane-doe'},
        {name: 'Amir Khan', url: 'https://www.coastal-times.example/people/amir-khan'},
      ],
      published: '2016-05-04T07:30:00.000Z',
      // No time zone in the text: read as UTC.
      publishedText: '2016-05-04T08:30:00.000Z',
      updated: '2016-05-05T12:00:00.000Z',
      printed: '2016-05-05T12:00:00.000Z',
      readingTime: 6,
      paragraphs: ['The sea rose 4.2 metres above the chart datum, the highest since 1966.', 'Residents were warned by text message.'],
      // The empty javascript: tag is not a value, so it is left out of both lists.
      tags: ['Tides', 'Climate', 'Harbour'],
      tagUrls: ['https://www.coastal-times.example/tag/tides', 'https://www.coastal-times.example/tag/climate', 'https://www.coastal-times.example/tag/harbour'],
      contact: 'corrections@coastal-times.example',
    });
  });

  it('takes the first fallback with a value: a missing meta falls through, a present one wins, [] falls through', () => {
    expect(run(html, {
      title: [{selector: 'meta[property="og:title"]', attr: 'content'}, {selector: 'h1'}],
      section: [{selector: 'meta[property="article:section"]', attr: 'content'}, {selector: '.kicker', attr: 'class'}],
      related: [{selectorAll: '.comments .comment'}, {selectorAll: '.related a', attr: 'href', type: 'url'}],
      comments: [{selectorAll: '.comments .comment'}, {selectorAll: '.no-comments'}],
      nothing: [{selector: '.nope'}, {selector: '.reading-time', type: 'date'}],
      empty: [{selector: '.nope'}, {selectorAll: '.nope'}],
    }, url)).toEqual({
      title: 'Spring tides reach record height',
      section: 'Science',
      related: ['https://www.coastal-times.example/2016/04/28/storm-walls'],
      comments: [],
      nothing: null,
      // Nothing found: the last rule's empty value.
      empty: [],
    });
  });

  it('reports media inside nested objects with their path', () => {
    const rules = normalizeDataRules({
      lead: {selector: 'figure.lead', attr: {
        webp: {selector: 'source', attr: 'srcset', type: 'image'},
        fallback: {selector: 'img', attr: 'src', type: 'image'},
        caption: {selector: 'figcaption'},
      }},
    });
    const values = applyDataRules(html, rules, url);
    expect(values).toEqual({
      lead: {
        webp: {url: 'https://www.coastal-times.example/photos/tide-1920.webp'},
        fallback: {url: 'https://www.coastal-times.example/photos/tide-960.jpg'},
        caption: 'The harbour road at 9 a.m. Photo: Lee Park',
      },
    });
    expect(mediaPaths(values, rules).map(({path, kind}) => [path, kind])).toEqual([
      [['lead', 'webp'], 'image'],
      [['lead', 'fallback'], 'image'],
    ]);
  });
});

describe('applyDataRules over data-list.html', () => {
  const url = 'https://lumen.example/search?q=desk+lamps';
  const html = fixture('data-list.html');
  const cards = {
    selectorAll: '.results .card',
    attr: {
      id: {attr: 'data-id', type: 'number'},
      title: {selector: '.card-title'},
      url: {selector: '> a.card-link', attr: 'href', type: 'url'},
      image: {selector: 'img', attr: ['srcset', 'data-src', 'src'], type: 'image'},
      price: {selector: '.price', type: 'number'},
      colors: {selectorAll: '.colors li'},
      badge: {selector: '.badge'},
    },
  };

  it('reads every card as an object, with URLs against <base href>, nested lists, and nulls for what a card lacks', () => {
    expect(run(html, {
      count: {selector: 'h1 .count', type: 'number'},
      cards,
      next: {selector: 'a[rel=next]', attr: 'href', type: 'url'},
    }, url)).toEqual({
      count: 3,
      cards: [
        {
          id: 101,
          title: 'Arc desk lamp',
          url: 'https://static.lumen.example/catalog/lamps/arc-desk-lamp',
          image: {url: 'https://static.lumen.example/catalog/thumbs/arc-400.jpg'},
          price: 89,
          colors: ['Black', 'Brass'],
          badge: 'New',
        },
        {
          id: 102,
          title: 'Clamp lamp (refurbished)',
          url: 'https://static.lumen.example/lamps/clamp-lamp?ref=list&pos=2',
          image: {url: 'https://img.lumen.example/clamp.jpg'},
          price: 1249.5,
          colors: ['White'],
          badge: null,
        },
        {
          id: 103,
          title: 'Banker lamp',
          url: 'https://static.lumen.example/outlet/banker-lamp',
          image: null,
          price: null,
          colors: [],
          badge: null,
        },
      ],
      next: 'https://static.lumen.example/catalog/?page=3',
    });
  });

  it('lists the media of every card', () => {
    const rules = normalizeDataRules({cards});
    expect(mediaPaths(applyDataRules(html, rules, url), rules).map(({path, media}) => [path, media.url])).toEqual([
      [['cards', 0, 'image'], 'https://static.lumen.example/catalog/thumbs/arc-400.jpg'],
      [['cards', 1, 'image'], 'https://img.lumen.example/clamp.jpg'],
    ]);
  });

  it('scopes nested selectors to the card: an ancestor outside it does not help a match', () => {
    expect(run(html, {
      scoped: {selectorAll: '.card', attr: {inSection: {selector: 'section .card-title'}, own: {selector: ':scope > p'}}},
      global: {selectorAll: 'section .card-title'},
    }, url)).toEqual({
      scoped: [{inSection: null, own: '$89.00'}, {inSection: null, own: '$1,249.50'}, {inSection: null, own: 'Sold out'}],
      global: ['Arc desk lamp', 'Clamp lamp (refurbished)', 'Banker lamp'],
    });
  });

  it('does not look inside <template>', () => {
    expect(run(html, {titles: {selectorAll: '.card-title'}, ids: {selectorAll: '[data-id]', attr: 'data-id'}}, url)).toEqual({
      titles: ['Arc desk lamp', 'Clamp lamp (refurbished)', 'Banker lamp'],
      ids: ['101', '102', '103'],
    });
  });
});

describe('applyDataRules over data-malformed.html', () => {
  it('reads what a browser would from unclosed tags, unquoted attributes, stray end tags and a script holding markup', () => {
    expect(run(fixture('data-malformed.html'), {
      title: {selector: 'title'},
      name: {selector: 'h1.name'},
      price: {selector: '.price', type: 'number'},
      note: {selector: '.price-note'},
      images: {selectorAll: 'img', attr: 'src', type: 'image'},
      email: {selector: 'a', attr: 'href', type: 'email'},
      features: {selectorAll: '.features li'},
      available: {selector: '.stock', attr: 'data-available', type: 'boolean'},
      product: {selector: '#main', attr: {id: {attr: 'id'}, price: {selector: 'p', type: 'number'}}},
    }, 'http://kettle.example/shop/kettle')).toEqual({
      // <title> holds text only.
      title: 'Broken <b>shop</b> page',
      // The unclosed <h1> holds the paragraphs after it, as in a browser; the script's text is not read.
      name: 'Kettle & Co. Classic £ 24.50 was £30',
      price: 24.5,
      note: 'was £30',
      images: [{url: 'http://kettle.example/img/kettle.png'}, {url: 'http://kettle.example/shop/img/kettle%20side.png'}],
      email: 'shop@kettle.example',
      // The empty <li> is left out; the stray </div> does not close the list, so the last <p> lands in its last item.
      features: ['1.7 l', 'Auto off', 'Limescale filter out'],
      available: false,
      product: {id: 'main', price: 24.5},
    });
  });

  it('never throws, whatever the input', () => {
    const rules = normalizeDataRules({
      text: {selector: 'p'},
      all: {selectorAll: 'p', attr: {html: {attr: 'html'}}},
      image: {selector: 'img', attr: 'srcset', type: 'image'},
    });
    for (const html of ['', '<<<>>>', '\u0000\uFFFD<p\u0000>', '<p>'.repeat(5000), '</p></p><p', '<img srcset=",,, 2x, ,">', '<![CDATA[<p>x</p>]]>']) {
      expect(() => applyDataRules(html, rules, 'https://example.com/')).not.toThrow();
    }
    expect(applyDataRules('', rules, 'https://example.com/')).toEqual({text: null, all: [], image: null});
  });
});

describe('applyDataRules: the DOM it builds', () => {
  it(`keeps elements at most ${maxDomDepth} deep: deeper ones join the element at that depth, as in Chromium`, () => {
    const html = `${'<div>'.repeat(maxDomDepth + 88)}<b title="deep">text</b>`;
    // The 88 divs past the cap, the <b> and its text are all children of the deepest div kept.
    expect(run(html, {
      deep: {selector: 'b:nth-child(89)', attr: 'title'},
      bold: {selector: 'b'},
      last: {selector: 'div:has(> b)', attr: 'html'},
    })).toEqual({deep: 'deep', bold: null, last: `${'<div></div>'.repeat(88)}<b title="deep"></b>text`});
    expect(run(html, {empty: {selectorAll: 'div:empty', attr: {id: {attr: 'id'}}}}).empty).toHaveLength(88);
  });

  it('reads a page nested 20000 tags deep without failing', () => {
    const html = `${'<span>'.repeat(20_000)}<i class="x" title="found">text</i>`;
    expect(run(html, {found: {selector: 'span .x', attr: 'title'}, outer: {selector: 'span', attr: 'text'}, html: {selector: 'span', attr: 'outerHTML'}}))
      .toEqual({found: 'found', outer: 'text', html: expect.stringMatching(/^(<span>){512}(<span><\/span>){19488}<i class="x" title="found"><\/i>text(<\/span>){512}$/)});
  });

  it(`reads at most ${maxDataItems} elements per selectorAll`, () => {
    const html = `<ul>${Array.from({length: maxDataItems + 50}, (_, index) => `<li>${index}</li>`).join('')}</ul>`;
    const {items} = run(html, {items: {selectorAll: 'li', type: 'number'}});
    expect(items).toEqual(Array.from({length: maxDataItems}, (_, index) => index));
  });

  it('resolves against <base href> (the first one with an href) and ignores a base that is not http(s)', () => {
    const rules = {link: {selector: 'a', attr: 'href', type: 'url'}};
    expect(run('<base target="_blank"><base href="/b/"><base href="/c/"><a href="x">', rules)).toEqual({link: 'https://example.com/b/x'});
    expect(run('<base href="javascript:alert(1)"><a href="x">', rules)).toEqual({link: 'https://example.com/a/x'});
  });

  it('separates the words of block elements and <br>, but not of inline ones', () => {
    expect(run('<div id=d><p>One</p><p>two<br>three</p><ul><li>a</li><li>b</li></ul><span>in</span><b>line</b></div>', {text: {selector: '#d'}}))
      .toEqual({text: 'One two three a b inline'});
  });

  it('reads an attribute named like an Object property only when the element has it', () => {
    expect(run('<p constructor="yes">x</p><i title="t">y</i>', {
      a: {selector: 'p', attr: 'constructor'},
      b: {selector: 'i', attr: 'constructor'},
      c: {selector: 'i', attr: ['constructor', 'title']},
    })).toEqual({a: 'yes', b: null, c: 't'});
  });
});

describe('mediaPaths', () => {
  it('follows the fallback that gave the value, and never takes a nested object named url for media', () => {
    const rules = normalizeDataRules({
      cover: [{selector: '.none', attr: 'src', type: 'image'}, {selector: 'p'}],
      hero: [{selector: 'img.hero', attr: 'src', type: 'image'}, {selector: 'img', attr: 'src', type: 'image'}],
      link: {selector: 'a', attr: {url: {attr: 'href', type: 'url'}}},
    });
    const values = applyDataRules('<p>No cover</p><img src="/a.png"><a href="/x">x</a>', rules, 'https://example.com/');
    expect(values).toEqual({cover: 'No cover', hero: {url: 'https://example.com/a.png'}, link: {url: 'https://example.com/x'}});
    expect(mediaPaths(values, rules).map(({path, kind}) => [path, kind])).toEqual([[['hero'], 'image']]);
  });

  it('walks values that a replaced stage returned, and skips what is not a {url}', () => {
    const rules = normalizeDataRules({shots: {selectorAll: 'img', attr: 'src', type: 'image'}, audio: {selector: 'audio', attr: 'src', type: 'audio'}});
    const values: DataValues = {shots: [{url: 'https://example.com/1.png'}, 'not media', null], audio: {url: 'https://example.com/a.mp3'}};
    expect(mediaPaths(values, rules).map(({path, kind}) => [path, kind])).toEqual([[['shots', 0], 'image'], [['audio'], 'audio']]);
  });
});

describe('convertValue', () => {
  const base = 'https://example.com/dir/page';

  it.each<[string, number | null]>([
    ['1,299.00', 1299], ['$19.99', 19.99], ['1.299,00 €', 1299], ['1 299,00 €', 1299], ["CHF 1'299.50", 1299.5],
    ['1.299.000', 1_299_000], ['1,299', 1299], ['19,99', 19.99], ['1,2345', 1.2345], ['1.299', 1.299], ['12,5%', 12.5],
    ['-5', -5], ['-$5.50', -5.5], ['− 3,50 €', -3.5], ['Pages 10-20', 10], ['4.5 out of 5', 4.5], ['0', 0],
    ['Free', null], ['', null], ['—', null],
  ])('number %j → %j', (raw, expected) => {
    expect(convertValue(raw, 'number', 'text', base)).toBe(expected);
  });

  it.each<[string, string, boolean | null]>([
    ['true', 'text', true], ['Yes', 'text', true], ['ON', 'text', true], ['1', 'text', true],
    ['false', 'text', false], ['no', 'text', false], ['off', 'text', false], ['0', 'text', false],
    ['maybe', 'text', null], ['', 'text', null],
    ['', 'disabled', true], ['disabled', 'disabled', true], ['nope', 'data-x', null], ['', 'html', null],
  ])('boolean %j from %s → %j', (raw, attr, expected) => {
    expect(convertValue(raw, 'boolean', attr, base)).toBe(expected);
  });

  it.each<[string, string | null]>([
    ['2016-05-04', '2016-05-04T12:00:00.000Z'],
    ['2016-05-04T10:00:00+02:00', '2016-05-04T08:00:00.000Z'],
    ['2016-05-04T10:00:00', '2016-05-04T10:00:00.000Z'],
    ['2016-05-04 00:00', '2016-05-04T00:00:00.000Z'],
    ['May 4, 2016', '2016-05-04T12:00:00.000Z'],
    ['Wednesday, 4 May 2016', '2016-05-04T12:00:00.000Z'],
    ['Published on 4 May 2016 by the desk', '2016-05-04T12:00:00.000Z'],
    ['May 4th, 2016', '2016-05-04T12:00:00.000Z'],
    ['last updated 2016-05-04T09:15:00Z (edited)', '2016-05-04T09:15:00.000Z'],
    ['Sept 2016', '2016-09-01T12:00:00.000Z'],
    ['05/04/2016', '2016-05-04T12:00:00.000Z'],
    ['2016', '2016-01-01T12:00:00.000Z'],
    ['1462363200', '2016-05-04T12:00:00.000Z'],
    ['1462363200123', '2016-05-04T12:00:00.123Z'],
    ['Order 1234', null], ['3 days ago', null], ['4. Mai 2016', null], ['0999-01-01', null], ['', null],
  ])('date %j → %j', (raw, expected) => {
    expect(convertValue(raw, 'date', 'text', base)).toBe(expected);
  });

  it.each<[string, string, string | null]>([
    ['../img/a.png', 'src', 'https://example.com/img/a.png'],
    ['//cdn.example.com/a.png', 'src', 'https://cdn.example.com/a.png'],
    ['  /a b.png ', 'src', 'https://example.com/a%20b.png'],
    ['s.jpg 320w, l.jpg 1280w, m.jpg 640w', 'srcset', 'https://example.com/dir/l.jpg'],
    ['a.jpg, b.jpg 2x', 'data-srcset', 'https://example.com/dir/b.jpg'],
    ['javascript:alert(1)', 'href', null], ['data:image/png;base64,AAAA', 'src', null], ['#top', 'href', null],
    ['mailto:a@example.com', 'href', null], ['', 'src', null],
    ['https://example.org/x', 'text', 'https://example.org/x'],
    ['Read more', 'text', null], ['/relative/path', 'text', null], ['https://example.org/x and more', 'text', null],
  ])('url %j from %s → %j', (raw, attr, expected) => {
    expect(convertValue(raw, 'url', attr, base)).toBe(expected);
  });

  it('gives media as {url}', () => {
    expect(convertValue('a.mp3', 'audio', 'src', base)).toEqual({url: 'https://example.com/dir/a.mp3'});
    expect(convertValue('javascript:x', 'video', 'src', base)).toBeNull();
  });

  it.each<[string, string | null]>([
    ['mailto:jane@example.com', 'jane@example.com'],
    ['MAILTO:jane.doe%2Bnews@example.co.uk?subject=Hi%20there', 'jane.doe+news@example.co.uk'],
    ['mailto:a@example.com,b@example.com', 'a@example.com'],
    ['Write to press@example.org.', 'press@example.org'],
    ['jane@localhost', null], ['not an address', null], ['mailto:%E0%A4%A', null], ['@example.com', null],
  ])('email %j → %j', (raw, expected) => {
    expect(convertValue(raw, 'email', 'href', base)).toBe(expected);
  });

  it('collapses whitespace of text and attributes, trims HTML only, and gives null for nothing', () => {
    expect(convertValue('  a \n\t b  ', 'string', 'text', base)).toBe('a b');
    expect(convertValue('  a \n  b ', 'string', 'title', base)).toBe('a b');
    expect(convertValue('\n<pre>a\n  b</pre>\n', 'string', 'html', base)).toBe('<pre>a\n  b</pre>');
    expect(convertValue(' \n ', 'string', 'text', base)).toBeNull();
  });
});
