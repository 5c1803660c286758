import {describe, expect, it} from '@jest/globals';
import {parseHtml, type Snapshot} from '../../src/parse/parse-html.js';
import {cleanText, isoDate, languageCode, looksLikeUrl} from '../../src/rules/normalize.js';
import {truncate} from '../../src/ping/ping.js';
import {pickFields, rules, type Rule, type RuleContext} from '../../src/rules/rules.js';

const page = {url: 'https://www.news.example.co.uk/2026/11/story', headers: {}};
const context: RuleContext = {...page, baseUrl: page.url};

/** A literal snapshot: empty except for what a test sets. */
function snapshot(parts: Partial<Snapshot> = {}): Snapshot {
  return {
    baseHref: null, title: null, lang: null, metas: [], links: [], jsonld: [], microdata: [], times: [],
    h1: null, paragraph: null, authorLink: null, images: [], videos: [], audios: [], ...parts,
  };
}

/** The rule of `field` named `name`. */
function rule(field: keyof typeof rules, name: string): Rule {
  const found = rules[field].find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no rule ${name} for ${field}`);
  return found;
}

describe('the rule table', () => {
  it('lists every field with named rules, readable in priority order', () => {
    expect(Object.keys(rules).sort()).toEqual(['audio', 'author', 'date', 'dateModified', 'datePublished', 'description', 'image', 'lang', 'logo', 'publisher', 'title', 'url', 'video']);
    expect(rules.title.map((entry) => entry.name)).toEqual([
      'meta(og:title)', 'meta(twitter:title)', 'jsonld(headline, name)', 'microdata(top.headline)', 'microdata(top.name)',
      'meta(dc.title, dcterms.title, dc:title, dcterms:title, dcterm:title)', 'meta(weibo:article:title, weibo:webpage:title)', 'document(title)', 'document(h1)',
    ]);
    for (const list of Object.values(rules)) for (const entry of list) expect(entry.name).not.toBe('');
  });

  it('can be reordered and extended by passing a table to pickFields', () => {
    const input = snapshot({title: 'Document title', h1: 'Heading'});
    const custom = {...rules, title: [(s: Snapshot) => s.h1, ...rules.title]};
    expect(pickFields(input, page).title).toBe('Document title');
    expect(pickFields(input, page, custom).title).toBe('Heading');
  });

  it('skips a rule that throws', () => {
    const throwing: Rule = () => {
      throw new Error('bad rule');
    };
    expect(pickFields(snapshot({title: 'T'}), page, {...rules, title: [throwing, ...rules.title]}).title).toBe('T');
  });
});

describe('single rules on literal snapshots', () => {
  it('meta rules match property or name, case-insensitively, in document order', () => {
    const input = snapshot({metas: [{name: 'OG:Title', content: 'A'}, {property: 'og:title', content: 'B'}, {property: 'og:title', content: ''}]});
    expect(rule('title', 'meta(og:title)')(input, context)).toEqual(['A', 'B']);
  });

  it('jsonld(headline, name) reads content types before page types and ignores WebSite/Organization', () => {
    const input = snapshot({jsonld: [
      {'@type': 'WebSite', name: 'Site'},
      {'@type': 'WebPage', name: 'Page'},
      {'@type': ['https://schema.org/NewsArticle'], headline: 'Story'},
    ]});
    expect(rule('title', 'jsonld(headline, name)')(input, context)).toEqual(['Story', 'Page']);
  });

  it('jsonld(headline, name) skips a list page\'s teasers: articles an ItemList lists, and several articles with different headlines', () => {
    const teaser = (id: string, headline: string): Record<string, unknown> => ({'@type': 'NewsArticle', '@id': id, headline});
    const listed = snapshot({jsonld: [
      {'@type': 'ItemList', itemListElement: [{'@type': 'ListItem', position: 1, item: {'@id': '#a'}}, {'@id': '#b'}]},
      teaser('#a', 'First teaser'), {'@type': 'CollectionPage', name: 'World news'},
    ]});
    expect(rule('title', 'jsonld(headline, name)')(listed, context)).toEqual(['World news']);
    const several = snapshot({jsonld: [teaser('#a', 'First teaser'), teaser('#b', 'Second teaser')]});
    expect(rule('title', 'jsonld(headline, name)')(several, context)).toEqual([]);
    expect(pickFields({...several, title: 'World news | Ledger'}, page).title).toBe('World news | Ledger');
    // One article, written twice (two plugins) with the same headline, is no list.
    const twice = snapshot({jsonld: [teaser('#a', 'The story'), {'@type': 'Article', headline: 'The story'}]});
    expect(rule('title', 'jsonld(headline, name)')(twice, context)).toEqual(['The story', 'The story']);
  });

  it('microdata(top.headline) and microdata(top.name) skip a list of teasers, not an article page', () => {
    const news = 'https://schema.org/NewsArticle';
    const teasers = snapshot({title: 'Latest | Ledger', microdata: [
      {prop: 'headline', value: 'First teaser', scope: null, type: news},
      {prop: 'name', value: 'First teaser', scope: null, type: news},
      {prop: 'headline', value: 'Second teaser', scope: null, type: news},
      {prop: 'name', value: 'Ledger', scope: null, type: 'https://schema.org/Organization'},
    ]});
    expect(rule('title', 'microdata(top.headline)')(teasers, context)).toEqual([]);
    expect(rule('title', 'microdata(top.name)')(teasers, context)).toEqual([]);
    expect(pickFields(teasers, page).title).toBe('Latest | Ledger');
    const article = snapshot({microdata: [{prop: 'headline', value: 'The story', scope: null, type: news}, {prop: 'headline', value: 'The story', scope: null, type: null}]});
    expect(rule('title', 'microdata(top.headline)')(article, context)).toEqual(['The story', 'The story']);
  });

  it('jsonld(author.name) follows @id references and arrays', () => {
    const input = snapshot({jsonld: [
      {'@type': 'Article', author: [{'@id': '#a'}, 'B. Writer']},
      {'@id': '#a', '@type': 'Person', name: 'A. Writer'},
    ]});
    // Several authors are all kept, joined with ", " (issue 12: an author array was cut to its first name).
    expect(rule('author', 'jsonld(author.name)')(input, context)).toEqual(['A. Writer, B. Writer']);
  });

  it('keeps every name of a JSON-LD author array of strings or Person objects, skipping URLs', () => {
    const strings = snapshot({jsonld: [{'@type': 'NewsArticle', author: ['Ann Lee', 'Bo Kim', 'https://x.example/ann']}]});
    expect(pickFields(strings, page).author).toBe('Ann Lee, Bo Kim');
    const objects = snapshot({jsonld: [{'@type': 'BlogPosting', author: [{'@type': 'Person', name: 'Ann Lee'}, {'@type': 'Person', name: ' Bo  Kim '}]}]});
    expect(pickFields(objects, page).author).toBe('Ann Lee, Bo Kim');
  });

  it('reads <meta name="publisher"> before the domain fallback', () => {
    expect(pickFields(snapshot({metas: [{name: 'publisher', content: 'Daily Planet'}]}), page).publisher).toBe('Daily Planet');
  });

  it('takes the text of an <a itemprop="headline">, not its href, as the title', () => {
    const html = '<div itemscope itemtype="https://schema.org/NewsArticle"><h1><a itemprop="headline" href="/news/2016/story">Bridge reopens</a></h1></div>';
    expect(pickFields(parseHtml(html), page).title).toBe('Bridge reopens');
    // A URL-valued property on an <a> is still its href.
    expect(parseHtml('<div itemscope><a itemprop="url" href="/canon">x</a></div>').microdata).toEqual([{prop: 'url', value: '/canon', scope: null, type: null}]);
  });

  it('jsonld(publisher.name) takes the main node publisher, then other nodes\' (WebSite and Organization names are a later rule)', () => {
    const input = snapshot({jsonld: [
      {'@type': 'Organization', name: 'Org'},
      {'@type': 'WebSite', name: 'Site', publisher: {'@type': 'Organization', name: 'Site publisher'}},
      {'@type': 'BlogPosting', publisher: {'@type': 'Organization', name: 'Pub'}},
    ]});
    expect(rule('publisher', 'jsonld(publisher.name)')(input, context)).toEqual(['Pub', 'Site publisher']);
    expect(rule('publisher', 'jsonld(WebSite.name, Organization.name)')(input, context)).toEqual(['Site', 'Org']);
  });

  it('jsonld(logo) takes the publisher logo (string or ImageObject), then Organization logos', () => {
    const input = snapshot({jsonld: [
      {'@type': 'Organization', logo: '/org.png'},
      {'@type': 'Article', publisher: {'@type': 'Organization', logo: {'@type': 'ImageObject', url: '/pub.png'}}},
    ]});
    expect(rule('logo', 'jsonld(logo)')(input, context)).toEqual(['/pub.png', '/org.png']);
  });

  it('jsonld(image) reads strings, arrays, ImageObjects and thumbnailUrl', () => {
    const input = snapshot({jsonld: [{'@type': 'Product', image: ['/a.jpg', {'@type': 'ImageObject', url: '/b.jpg', contentUrl: '/c.jpg'}], thumbnailUrl: '/t.jpg'}]});
    expect(rule('image', 'jsonld(image)')(input, context)).toEqual(['/a.jpg', '/b.jpg', '/c.jpg', '/t.jpg']);
  });

  it('jsonld video and audio rules take contentUrl, never embedUrl', () => {
    const input = snapshot({jsonld: [
      {'@type': 'VideoObject', contentUrl: '/v.mp4', embedUrl: '/embed'},
      {'@type': 'NewsArticle', video: {'@type': 'VideoObject', contentUrl: '/nested.mp4'}},
      {'@type': 'PodcastEpisode', associatedMedia: {'@type': 'MediaObject', contentUrl: '/e.mp3'}},
    ]});
    expect(rule('video', 'jsonld(video.contentUrl)')(input, context)).toEqual(['/v.mp4', '/nested.mp4']);
    expect(rule('audio', 'jsonld(audio.contentUrl)')(input, context)).toEqual(['/e.mp3']);
  });

  it('microdata rules filter by the enclosing item', () => {
    const input = snapshot({microdata: [
      {prop: 'name', value: 'Post', scope: null, type: 'https://schema.org/BlogPosting'},
      {prop: 'name', value: 'Ann', scope: 'author', type: 'https://schema.org/Person'},
      {prop: 'name', value: 'Press', scope: 'publisher', type: null},
    ]});
    expect(rule('title', 'microdata(top.name)')(input, context)).toEqual(['Post']);
    expect(rule('author', 'microdata(author.name)')(input, context)).toEqual(['Ann']);
    expect(rule('publisher', 'microdata(publisher.name)')(input, context)).toEqual(['Press']);
  });

  it('takes no author, date or description from a review nested in a product', () => {
    const input = snapshot({microdata: [
      {prop: 'name', value: 'Boot', scope: null, type: 'https://schema.org/Product'},
      {prop: 'name', value: 'Reviewer', scope: 'review.author', type: 'https://schema.org/Person'},
      {prop: 'datePublished', value: '2026-01-01', scope: 'review', type: 'https://schema.org/Review'},
      {prop: 'description', value: 'Great boot', scope: 'review', type: 'https://schema.org/Review'},
    ]});
    const fields = pickFields(input, page);
    expect([fields.title, fields.author, fields.date, fields.description]).toEqual(['Boot', null, null, null]);
  });

  it('meta(og:video) keeps video files, secure URL first, and drops items typed text/html', () => {
    const input = snapshot({metas: [
      {property: 'og:video', content: 'https://a.example/embed'},
      {property: 'og:video:type', content: 'text/html'},
      {property: 'og:video:url', content: 'http://a.example/v.mp4'},
      {property: 'og:video:secure_url', content: 'https://a.example/v.mp4'},
      {property: 'og:video:type', content: 'video/mp4'},
      {property: 'og:video', content: 'https://a.example/untyped.m3u8'},
    ]});
    expect(rule('video', 'meta(og:video)')(input, context)).toEqual(['https://a.example/v.mp4', 'http://a.example/v.mp4', 'https://a.example/untyped.m3u8']);
  });

  it('meta(og:image) merges og:image with its og:image:url and keeps several images in order', () => {
    const input = snapshot({metas: [
      {property: 'og:image', content: '/a.jpg'}, {property: 'og:image:url', content: '/a.jpg'},
      {property: 'og:image', content: '/b.jpg'}, {property: 'og:image:type', content: 'image/png'},
      {property: 'og:image', content: '/c.pdf'}, {property: 'og:image:type', content: 'application/pdf'},
    ]});
    expect(rule('image', 'meta(og:image)')(input, context)).toEqual(['/a.jpg', '/b.jpg']);
  });

  it('document(img) skips images declared smaller than 64 px and puts srcset before src and data-src', () => {
    const input = snapshot({images: [
      {src: '/pixel.gif', width: '1', height: '1'},
      {src: '/icon.png', width: '32'},
      {src: 'data:image/gif;base64,R0l', dataSrc: '/lazy.jpg'},
      {src: '/big.jpg', srcset: '/big-2x.jpg 2x', width: '640px', height: '360'},
    ]});
    expect(rule('image', 'document(img)')(input, context)).toEqual(['/lazy.jpg', '/big-2x.jpg', '/big.jpg']);
  });

  it('document(img) pools <picture> source candidates with the img srcset, largest first, skipping non-image types', () => {
    const input = snapshot({images: [
      {
        src: '/a.jpg',
        srcset: '/a-800.jpg 800w, /a-1200.jpg 1200w',
        sources: [
          {srcset: '/a-1600.avif 1600w, /a-800.avif 800w', type: 'image/avif'},
          {srcset: '/a.mp4', type: 'video/mp4'},
          {srcset: '/a-1200.webp 1200w', type: ' Image/WebP '},
          {srcset: '/broken.webp 900w ('}, // invalid: dropped without swallowing the next source
          {srcset: '/a-2400.jxl 2400w'},
        ],
      },
      {src: '/icon.png', width: '32', sources: [{srcset: '/icon-2x.png 2x'}]},
    ]});
    // Equal widths keep source order: the <picture> sources, then the <img> srcset.
    expect(rule('image', 'document(img)')(input, context)).toEqual([
      '/a-2400.jxl', '/a-1600.avif', '/a-1200.webp', '/a-1200.jpg', '/a-800.avif', '/a-800.jpg', '/a.jpg',
    ]);
  });

  it('icons are ordered by declared size, apple-touch-icon first on ties, sizes="any" first of all', () => {
    const input = snapshot({links: [
      {rel: 'shortcut icon', href: '/favicon.ico'},
      {rel: 'icon', href: '/32.png', sizes: '16x16 32x32'},
      {rel: 'apple-touch-icon', href: '/touch.png'},
      {rel: 'icon', href: '/192.png', sizes: '192x192'},
      {rel: 'icon', href: '/any.svg', sizes: 'any'},
      {rel: 'canonical', href: '/c'},
    ]});
    // Large declared icons, then an apple-touch-icon without sizes, then smaller ones (issue 12 point 9: tests/rules/brand-media-rules.test.ts).
    expect(rule('logo', 'link(apple-touch-icon, icon, manifest) ranked')(input, context)).toEqual(['/any.svg', '/192.png', '/touch.png', '/32.png', '/favicon.ico']);
  });

  it('origin(/favicon.ico) is at the page origin, whatever the path or <base href>', () => {
    expect(rule('logo', 'origin(/favicon.ico)')(snapshot({baseHref: 'https://cdn.example/'}), context)).toBe('https://www.news.example.co.uk/favicon.ico');
  });

  it('document(video) and document(audio) take src then <source>s', () => {
    const input = snapshot({videos: [{src: '/v.mp4', sources: [{src: '/v.webm', type: 'video/webm'}]}], audios: [{sources: [{src: '/a.ogg'}]}]});
    expect(rule('video', 'document(video)')(input, context)).toEqual(['/v.mp4', '/v.webm']);
    expect(rule('audio', 'document(audio)')(input, context)).toEqual(['/a.ogg']);
  });
});

describe('pickFields', () => {
  it('returns a long description whole, whitespace condensed (no 300-character cut)', () => {
    const long = `${'word '.repeat(150)}\n\t end.`;
    const description = pickFields(snapshot({metas: [{property: 'og:description', content: long}]}), page).description;
    expect(description).toBe(`${'word '.repeat(150)}end.`);
    expect(description!.length).toBe(754);
    expect(pickFields(snapshot({paragraph: `${'word '.repeat(100)}end`}), page).description).toBe(`${'word '.repeat(100)}end`);
  });

  it('gives every field, null or empty when nothing is found (logo falls back to /favicon.ico; no domain publisher)', () => {
    expect(pickFields(snapshot(), page)).toEqual({
      title: null, description: null, lang: null, author: null, publisher: null, date: null,
      datePublished: null, dateModified: null, url: page.url, image: [], logo: ['https://www.news.example.co.uk/favicon.ico'], video: [], audio: [],
    });
  });

  it('takes text fields from the first rule with a valid value, in source priority', () => {
    const input = snapshot({
      title: 'Title tag',
      metas: [
        {name: 'twitter:title', content: 'Twitter title'},
        {property: 'og:title', content: '  OG\n  title '},
        {name: 'description', content: 'Meta description'},
        {property: 'og:description', content: '   '},
      ],
    });
    const fields = pickFields(input, page);
    expect(fields.title).toBe('OG title');
    expect(fields.description).toBe('Meta description');
  });

  it('does not strip site suffixes from titles', () => {
    expect(pickFields(snapshot({title: 'Story | The Site'}), page).title).toBe('Story | The Site');
  });

  it.each([
    ['By Will Smale', 'Will Smale'],
    ['by  Ann Lee', 'Ann Lee'],
    ['Written by: Bo Kim', 'Bo Kim'],
    ['Posted by Jo Doe', 'Jo Doe'],
    ['Byron Katie', 'Byron Katie'],
    ['Bylines Weekly', 'Bylines Weekly'],
  ])('reads the author %j as %j (a byline lead-in is no part of the name)', (content, expected) => {
    expect(pickFields(snapshot({metas: [{name: 'author', content}]}), page).author).toBe(expected);
  });

  it('takes no e-mail address or bare "By" as author, and falls through to the next candidate', () => {
    const input = snapshot({
      metas: [
        {property: 'article:author', content: 'newsroom@example.com'},
        {name: 'author', content: 'By '},
        {name: 'parsely-author', content: 'Mara Ellis'},
      ],
    });
    expect(pickFields(input, page).author).toBe('Mara Ellis');
  });

  it('rejects a URL as author and takes the next candidate', () => {
    const input = snapshot({
      metas: [{property: 'article:author', content: 'https://facebook.example/jo'}, {name: 'author', content: 'Jo Doe'}],
    });
    expect(pickFields(input, page).author).toBe('Jo Doe');
  });

  it('reads lang from og:locale, then <html lang>, then content-language; invalid values fall through', () => {
    expect(pickFields(snapshot({metas: [{property: 'og:locale', content: 'en_US'}], lang: 'de'}), page).lang).toBe('en');
    expect(pickFields(snapshot({metas: [{property: 'og:locale', content: 'english'}], lang: 'pt-BR'}), page).lang).toBe('pt');
    expect(pickFields(snapshot({lang: 'eng'}), {...page, headers: {'content-language': 'fr-CA'}}).lang).toBe('fr');
    expect(pickFields(snapshot({lang: 'xx'}), page).lang).toBeNull();
  });

  it('gives date as last modified, else published, keeps both in their own fields, and skips invalid dates', () => {
    const input = snapshot({
      metas: [
        {property: 'article:modified_time', content: '2026-02-02T00:00:00Z'},
        {property: 'article:published_time', content: 'yesterday'},
      ],
      times: ['2026-01-01T10:00:00+02:00'],
    });
    expect(pickFields(input, page)).toMatchObject({
      date: '2026-02-02T00:00:00.000Z', datePublished: '2026-01-01T08:00:00.000Z', dateModified: '2026-02-02T00:00:00.000Z',
    });
    // Published only: date falls back to it; a date without a time of day is noon UTC.
    expect(pickFields(snapshot({metas: [{property: 'article:published_time', content: '2026-02-02'}]}), page)).toMatchObject({
      date: '2026-02-02T12:00:00.000Z', datePublished: '2026-02-02T12:00:00.000Z', dateModified: null,
    });
  });

  it('reads dateModified from JSON-LD, then article:modified_time / og:updated_time, then itemprop, before any published source', () => {
    const published = {property: 'article:published_time', content: '2016-05-01T09:00:00Z'};
    const jsonld = [{'@type': 'NewsArticle', datePublished: '2016-05-02T09:00:00Z', dateModified: '2016-05-04'}];
    expect(pickFields(snapshot({metas: [published, {property: 'og:updated_time', content: '2016-05-03T09:00:00Z'}], jsonld}), page).date)
      .toBe('2016-05-04T12:00:00.000Z');
    expect(pickFields(snapshot({metas: [published, {property: 'og:updated_time', content: '2016-05-03T09:00:00Z'}]}), page).date)
      .toBe('2016-05-03T09:00:00.000Z');
    const microdata = [{prop: 'dateModified', value: '2016-05-05T09:00:00Z', scope: null, type: null}];
    expect(pickFields(snapshot({metas: [published], microdata}), page).date).toBe('2016-05-05T09:00:00.000Z');
    expect(pickFields(snapshot({metas: [published]}), page).date).toBe('2016-05-01T09:00:00.000Z');
  });

  it('reads a date written as text in a <time>', () => {
    expect(pickFields(snapshot({times: ['May 3, 2016, 2:58 p.m.']}), page).datePublished).toBe('2016-05-03T14:58:00.000Z');
  });

  it('uses og:url, then link rel=canonical, then the page URL, skipping non-http values', () => {
    expect(pickFields(snapshot({links: [{rel: 'canonical', href: '/canon'}]}), page).url).toBe('/canon');
    expect(pickFields(snapshot({metas: [{property: 'og:url', content: 'javascript:x'}], links: [{rel: 'canonical', href: '/canon'}]}), page).url).toBe('/canon');
    expect(pickFields(snapshot(), {...page, url: 'https://a.example/final'}).url).toBe('https://a.example/final');
  });

  it('concatenates media candidates from every rule in order, trimmed and deduplicated', () => {
    const input = snapshot({
      metas: [{property: 'og:image', content: ' /a.jpg '}, {name: 'twitter:image', content: '/a.jpg'}, {name: 'twitter:image', content: '/b.jpg'}],
      links: [{rel: 'image_src', href: '/c.jpg'}],
      images: [{src: '/b.jpg'}],
    });
    expect(pickFields(input, page).image).toEqual(['/a.jpg', '/b.jpg', '/c.jpg']);
  });
});

describe('value checks', () => {
  it.each([
    ['en_US', 'en'], ['pt-BR', 'pt'], ['EN', 'en'], ['en, fr', 'en'], ['iw', 'he'], [' de ', 'de'],
    ['eng', null], ['und', null], ['x-default', null], ['qq', null], ['', null], ['e', null], ['english', null],
  ])('languageCode(%j) is %j', (value, expected) => {
    expect(languageCode(value)).toBe(expected);
  });

  it.each([
    ['2026-11-03', '2026-11-03T12:00:00.000Z'],
    ['2026-11-03T10:00:00', '2026-11-03T10:00:00.000Z'],
    ['2026-11-03 10:00', '2026-11-03T10:00:00.000Z'],
    ['2026-11-03T10:00:00+01:00', '2026-11-03T09:00:00.000Z'],
    ['2026-11-03T10:00:00.123456Z', '2026-11-03T10:00:00.123Z'],
    ['Tue, 03 Nov 2026 10:00:00 GMT', '2026-11-03T10:00:00.000Z'],
    ['November 3, 2026', '2026-11-03T12:00:00.000Z'],
    ['May 3, 2016, 2:58 p.m.', '2016-05-03T14:58:00.000Z'],
    ['12 Jan, 2016, 05.04 PM IST', '2016-01-12T11:34:00.000Z'],
    ['2019', '2019-01-01T12:00:00.000Z'],
    ['1', null], ['yesterday', null], ['1699999999', null], ['2026-13-45', null], ['', null],
  ])('isoDate(%j) is %j', (value, expected) => {
    expect(isoDate(value)).toBe(expected);
  });

  it('truncate leaves short text alone and cuts long text with an ellipsis', () => {
    expect(truncate('short', 300)).toBe('short');
    expect(truncate('abcdefghij klmnop', 12)).toBe('abcdefghij…');
    expect(truncate('x'.repeat(20), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('cleanText collapses whitespace and gives null for blank text', () => {
    expect(cleanText(' a \n\t b ')).toBe('a b');
    expect(cleanText(' \n ')).toBeNull();
  });

  it.each([
    ['https://twitter.example/jo', true], ['//x.example/jo', true], ['www.example.com/jo', true],
    ['example.com/authors/jo', true], ['Jo Doe', false], ['J. R. R. Tolkien', false],
  ])('looksLikeUrl(%j) is %j', (value, expected) => {
    expect(looksLikeUrl(value)).toBe(expected);
  });
});
