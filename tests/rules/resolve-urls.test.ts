import {describe, expect, it} from '@jest/globals';
import fc from 'fast-check';
import type {Candidates} from '../../src/data.js';
import {parseHtml} from '../../src/parse/parse-html.js';
import {absoluteUrl, documentBase, pathnameOf, resolveHref, resolveUrls} from '../../src/rules/resolve-urls.js';
import {pickFields} from '../../src/rules/rules.js';
import {parseSrcset, srcsetUrls} from '../../src/parse/srcset.js';

const empty: Candidates = {
  title: null, description: null, lang: null, author: null, publisher: null, date: null, url: null,
  image: [], logo: [], video: [], audio: [],
};

describe('documentBase', () => {
  it.each([
    [null, 'https://a.example/x/y', 'https://a.example/x/y'],
    ['/static/', 'https://a.example/x/y', 'https://a.example/static/'],
    ['sub/', 'https://a.example/x/y', 'https://a.example/x/sub/'],
    ['//cdn.example/base/', 'https://a.example/x', 'https://cdn.example/base/'],
    ['https://other.example/', 'http://a.example/', 'https://other.example/'],
    ['javascript:alert(1)', 'https://a.example/x', 'https://a.example/x'],
    ['data:text/html,hi', 'https://a.example/x', 'https://a.example/x'],
    ['http://[bad', 'https://a.example/x', 'https://a.example/x'],
    ['', 'https://a.example/x', 'https://a.example/x'],
  ])('documentBase(%j, %s) is %s', (baseHref, pageUrl, expected) => {
    expect(documentBase(baseHref, pageUrl)).toBe(expected);
  });
});

describe('absoluteUrl', () => {
  it.each([
    ['img/a.png', 'https://a.example/blog/post', 'https://a.example/blog/img/a.png'],
    ['../a.png', 'https://a.example/b/c/', 'https://a.example/b/a.png'],
    ['/a.png', 'https://a.example/b/c', 'https://a.example/a.png'],
    ['//cdn.example/x.png', 'https://a.example/', 'https://cdn.example/x.png'],
    ['//cdn.example/x.png', 'http://a.example/', 'http://cdn.example/x.png'],
    ['  https://a.example/space.png \n', 'https://a.example/', 'https://a.example/space.png'],
    ['HTTPS://A.EXAMPLE/Case.png', 'https://a.example/', 'https://a.example/Case.png'],
    ['/a b.png', 'https://a.example/', 'https://a.example/a%20b.png'],
    ['?page=2&sort=new', 'https://a.example/list?page=1', 'https://a.example/list?page=2&sort=new'],
  ])('resolves %j against %s to %s', (value, base, expected) => {
    expect(absoluteUrl(value, base)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)', ' JavaScript:alert(1)', 'data:image/png;base64,AAAA', 'mailto:a@b.example', 'ftp://a.example/x',
    'blob:https://a.example/uuid', '', '   ', '#', '#top', 'http://[::1',
  ])('drops %j', (value) => {
    expect(absoluteUrl(value, 'https://a.example/')).toBeNull();
  });
});

describe('resolveUrls', () => {
  it('makes url and every media candidate absolute, drops non-http(s) ones and dedupes after resolution', () => {
    const candidates: Candidates = {
      ...empty,
      title: 'Kept as is',
      url: '/canonical',
      image: ['/a.png', 'https://a.example/a.png', 'data:image/gif;base64,R0lGOD', './a.png', '//a.example/b.png'],
      logo: ['javascript:void(0)', '/favicon.ico'],
      video: ['mailto:x@y.example'],
      audio: ['  /a.mp3  '],
    };
    expect(resolveUrls(candidates, 'https://a.example/page')).toEqual({
      ...empty,
      title: 'Kept as is',
      url: 'https://a.example/canonical',
      image: ['https://a.example/a.png', 'https://a.example/b.png'],
      logo: ['https://a.example/favicon.ico'],
      video: [],
      audio: ['https://a.example/a.mp3'],
    });
  });

  it('turns a url that is not http(s) into null', () => {
    expect(resolveUrls({...empty, url: 'javascript:alert(1)'}, 'https://a.example/').url).toBeNull();
  });

  it('does not modify its input', () => {
    const candidates: Candidates = {...empty, image: ['/a.png']};
    resolveUrls(candidates, 'https://a.example/');
    expect(candidates.image).toEqual(['/a.png']);
  });

  it('keeps &amp; in query strings decoded end to end, from HTML attributes to absolute URLs', () => {
    const snapshot = parseHtml(`<meta property="og:image" content="/i.jpg?w=1&amp;h=2">
      <link rel="canonical" href="/story?id=7&amp;page=2"><img src="/p.jpg?a=1&amp;amp;b=2">`);
    const pageUrl = 'https://a.example/story';
    const resolved = resolveUrls(pickFields(snapshot, {url: pageUrl, headers: {}}), documentBase(snapshot.baseHref, pageUrl));
    expect(resolved.url).toBe('https://a.example/story?id=7&page=2');
    // A double-encoded `&amp;amp;` is the page's own mistake and stays one level encoded, as in a browser.
    expect(resolved.image).toEqual(['https://a.example/i.jpg?w=1&h=2', 'https://a.example/p.jpg?a=1&amp;b=2']);
  });

  it('resolves against <base href> end to end, and an https page yields https protocol-relative URLs', () => {
    const snapshot = parseHtml('<base href="/assets/"><meta property="og:image" content="og.png"><meta name="twitter:image" content="//cdn.example/t.png">');
    const pageUrl = 'https://a.example/blog/post';
    expect(resolveUrls(pickFields(snapshot, {url: pageUrl, headers: {}}), documentBase(snapshot.baseHref, pageUrl)).image)
      .toEqual(['https://a.example/assets/og.png', 'https://cdn.example/t.png']);
  });
});

describe('srcset', () => {
  it('parses width and density descriptors, URLs with commas, and drops invalid candidates', () => {
    expect(parseSrcset(' /a.jpg 480w,\n/c_fill,w_960/b.jpg 960w , /c.jpg 2x, /d.jpg, /e.jpg 12q, /f.jpg 3.5x 100h')).toEqual([
      {url: '/a.jpg', width: 480},
      {url: '/c_fill,w_960/b.jpg', width: 960},
      {url: '/c.jpg', density: 2},
      {url: '/d.jpg', density: 1},
      {url: '/f.jpg', density: 3.5},
    ]);
  });

  it('orders candidates largest first: widths, then densities, document order on ties', () => {
    expect(srcsetUrls('/s.jpg 320w, /l.jpg 1280w, /m.jpg 640w')).toEqual(['/l.jpg', '/m.jpg', '/s.jpg']);
    expect(srcsetUrls('/1x.jpg, /3x.jpg 3x, /2x.jpg 2x')).toEqual(['/3x.jpg', '/2x.jpg', '/1x.jpg']);
    expect(srcsetUrls('/a.jpg 1x, /b.jpg 1x')).toEqual(['/a.jpg', '/b.jpg']);
    expect(srcsetUrls('')).toEqual([]);
    expect(srcsetUrls(' , ,')).toEqual([]);
  });
});

/** absoluteUrl as it was before its shortcut: always the WHATWG parser. */
function parsedUrl(value: string, baseUrl: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return null;
  try {
    const url = new URL(trimmed, baseUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

describe('absoluteUrl without the parser (the shortcut for URLs already in the parser\'s form) gives what the parser gives', () => {
  const bases = [
    'https://news.example.com/2026/11/story?utm=1', 'http://a.example/', 'https://a.example/dir/page.html', 'https://a.example',
    'https://A.example/x', 'https://a.example:443/x', 'https://127.0.0.1/x', 'https://a.0x1f/x', 'https://xn--nxasmq6b.example/x',
    'https://a.example/x/../y', 'https://user@a.example/x', 'https://a.example/x#frag', 'https://a--b.example/x', 'https://a.example/%2e/x',
  ];
  const values = [
    '/img/a.png', '/img/a.png?w=1&h=2', 'img/a.png', './a.png', '../a.png', 'a/../b.png', '//cdn.example/a.png', 'https://cdn.example/a.png',
    'https://CDN.example/a.png', 'https://cdn.example', 'https://cdn.example:8080/a', 'https://cdn.example/a b.png', 'https://cdn.example/a%2E%2E/b',
    'http://1.2.3.4/a', 'https://cdn.example/a?q=\'x\'', "/it's.png", '/a\\b.png', 'javascript:alert(1)', 'mailto:x@y', 'data:image/png;base64,xx',
    'a:b', '/a:b', '?q=1', '/a?b?c', '/a#b', 'a.png#x', '/é.png', 'https://éx.example/a', '/a/./b', '/a/.', '/%zz', 'https://cdn.example/~u/(1)*+,;=@!$&',
    'https://a.b-c.example/x', 'https://a-.example/x', 'https://0x.example/x', 'https://a.123/x', 'https://a.12a/x', 'https://xn--a.example/x',
  ];
  it.each(bases.flatMap((base) => values.map((value) => [value, base])))('%s against %s', (value, base) => {
    expect(absoluteUrl(value, base)).toBe(parsedUrl(value, base));
  });

  it('generated values and bases (fast-check)', () => {
    const piece = fc.constantFrom('a', 'B', '0', '9', '-', '--', '.', '..', '/', '//', '?', '#', '%', '%2e', '%41', ':', '@', "'", '"', ' ', '\\', '~', '!', '$', '&', '(', '*', '+', ',', ';', '=', 'é', 'xn--', '0x', 'http://', 'https://', 'www', 'example', 'com', '443', '\t');
    const text = fc.array(piece, {maxLength: 16}).map((parts) => parts.join(''));
    const base = fc.oneof(fc.constant('https://a.example/b/c?d'), text.map((t) => `https://${t}`), text.map((t) => `http://a.example/${t}`));
    fc.assert(fc.property(text, base, (value, baseUrl) => {
      if (parsedUrl(baseUrl, 'https://fallback.example/') === null) return;
      expect(absoluteUrl(value, baseUrl)).toBe(parsedUrl(value, baseUrl));
    }), {numRuns: Number(process.env.URL_RUNS ?? 20000)});
  });
});

describe('resolveHref and pathnameOf give what new URL gives, shortcut or not', () => {
  it.each([
    ['/favicon.ico', 'https://a.example/x/y?z'], ['/favicon.ico', 'https://A.example:8443/x'], ['b/../c', 'https://a.example/x/y'],
    ['ftp://f.example/2016/05/16/', 'https://a.example/'], ['https://a.example/2016/05/16/x?y#z', 'https://a.example/'],
  ])('%s against %s', (value, base) => {
    expect(resolveHref(value, base)).toBe(new URL(value, base).href);
    const href = resolveHref(value, base);
    expect(pathnameOf(href)).toBe(new URL(href).pathname);
  });

  it('throws where new URL throws', () => {
    expect(() => resolveHref('x', 'not a base')).toThrow();
    expect(() => pathnameOf('not a url')).toThrow();
  });
});
