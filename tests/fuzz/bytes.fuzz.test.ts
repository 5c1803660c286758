// Property-based: decoding and extraction never throw on random bytes and random HTML.
import {describe, it} from '@jest/globals';
import fc from 'fast-check';
import {decodeBody} from '../../src/fetch/decode-body.js';
import {parseHtml} from '../../src/parse/parse-html.js';
import {documentBase, resolveUrls} from '../../src/rules/resolve-urls.js';
import {pickFields} from '../../src/rules/rules.js';
import {fuzz} from './fuzz.js';

const file = 'tests/fuzz/bytes.fuzz.test.ts';

const labels = fc.oneof(
  fc.constantFrom(undefined, null, '', 'utf-8', 'UTF-16LE', 'utf-16be', 'shift_jis', 'euc-jp', 'gbk', 'gb18030', 'big5', 'euc-kr',
    'windows-1252', 'iso-8859-2', 'koi8-r', 'x-user-defined', 'replacement', 'bogus', ' utf8 ', 'utf-7'),
  fc.string({maxLength: 12}),
);
// Random bytes, with a BOM or a <meta charset> in front now and then.
const bodies = fc
  .tuple(
    fc.constantFrom('', '\ufeff', '\xff\xfe', '\xfe\xff', '<meta charset="shift_jis">', '<meta http-equiv="Content-Type" content="text/html; charset=gbk">', '<meta charset=', '<!--'),
    fc.uint8Array({maxLength: 2048}),
  )
  .map(([prefix, bytes]) => Buffer.concat([Buffer.from(prefix, 'latin1'), bytes]));

const tag = fc.constantFrom('html', 'head', 'title', 'meta', 'link', 'base', 'script', 'style', 'img', 'picture', 'source', 'video',
  'audio', 'body', 'div', 'p', 'a', 'template', 'svg', 'noscript', 'iframe', 'article', 'time', 'span');
const attribute = fc.tuple(
  fc.constantFrom('property', 'name', 'content', 'href', 'src', 'srcset', 'rel', 'itemprop', 'itemscope', 'itemtype', 'type', 'sizes', 'lang', 'datetime', 'charset'),
  fc.oneof(
    fc.constantFrom('og:title', 'og:image', 'og:video', 'twitter:image', 'description', 'icon', 'apple-touch-icon', 'canonical',
      'image', 'author', '/a.png', 'http://x/y.jpg 2x, /z.png 100w', 'javascript:alert(1)', 'data:image/png;base64,AA', '//cdn/x.png',
      'http://[::1', '', 'application/ld+json', '2024-13-45'),
    fc.string({maxLength: 20}),
  ),
);
const element: fc.Arbitrary<string> = fc.letrec((tie) => ({
  node: fc.oneof(
    {depthSize: 'small', withCrossShrink: true},
    fc.string({maxLength: 20}),
    fc.constantFrom('{"@context":"https://schema.org","@type":"Article","headline":"x","image":{"url":"/i.png"}}', '{"@graph":[', '<![CDATA[', '<!--', '&amp;&#0;&#x110000;'),
    fc
      .tuple(tag, fc.array(attribute, {maxLength: 4}), fc.array(tie('node'), {maxLength: 4}), fc.boolean())
      .map(([name, attributes, children, close]) => {
        const attrs = attributes.map(([key, value]) => ` ${key}="${value.replace(/"/g, '&quot;')}"`).join('');
        return `<${name}${attrs}>${(children as string[]).join('')}${close ? `</${name}>` : ''}`;
      }),
  ),
})).node;

describe('fuzz: decoding and extraction never throw', () => {
  it('decodeBody on random bytes and charset labels returns text and a charset', () => {
    fuzz(
      fc.property(bodies, labels, (bytes, label) => {
        const {text, charset} = decodeBody(bytes, label);
        if (typeof text !== 'string' || typeof charset !== 'string' || charset === '') throw new Error('bad result');
      }),
      2000,
      file,
    );
  });

  it('parseHtml, pickFields and resolveUrls on random HTML (and random text) give candidates', () => {
    fuzz(
      fc.property(fc.oneof(element, fc.string({maxLength: 300})), fc.constantFrom('https://example.com/a/b', 'http://[::1]:8080/'), (html, url) => {
        const snapshot = parseHtml(html);
        JSON.stringify(snapshot);
        const candidates = pickFields(snapshot, {url, headers: {}});
        resolveUrls(candidates, documentBase(snapshot.baseHref, url));
      }),
      1500,
      file,
    );
  });

  it('the whole static read (decode, parse, pick, resolve) on random bytes', () => {
    fuzz(
      fc.property(bodies, labels, (bytes, label) => {
        const snapshot = parseHtml(decodeBody(bytes, label).text);
        resolveUrls(pickFields(snapshot, {url: 'https://example.com/', headers: {}}), documentBase(snapshot.baseHref, 'https://example.com/'));
      }),
      800,
      file,
    );
  });
});
