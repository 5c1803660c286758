import {describe, expect, it} from '@jest/globals';
import {decodeOEmbed, readOEmbed} from '../../src/oembed/parse-oembed.js';
import {listScripts} from '../../src/oembed/scripts.js';
import {discoverEndpoint, discoveryRequestUrl} from '../../src/oembed/discover.js';
import {emptySnapshot, type LinkTag} from '../../src/parse/snapshot.js';

const bytes = (text: string) => Buffer.from(text);
const answerUrl = 'https://provider.test/oembed?url=x';

describe('decodeOEmbed', () => {
  it('reads a JSON object, with or without a BOM', () => {
    expect(decodeOEmbed(bytes('{"type":"video","html":"<b>"}'), 'application/json')).toEqual({type: 'video', html: '<b>'});
    expect(decodeOEmbed(bytes('\ufeff {"type":"link"}'), 'text/html')).toEqual({type: 'link'});
  });

  it.each([['[1,2]'], ['null'], ['"rich"'], ['42'], ['{"type":'], [''], ['<html><body>Not found</body></html>']])(
    'gives null for %j',
    (text) => {
      expect(decodeOEmbed(bytes(text), 'application/json')).toBeNull();
    },
  );

  it('reads XML members, entities and CDATA decoded, names lowercased', () => {
    const xml = `<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<oembed>
  <version>1.0</version><type>rich</type><Width>300</Width>
  <html>&lt;blockquote&gt;Hi &amp;amp; bye&lt;/blockquote&gt;</html>
  <title><![CDATA[Tom & <Jerry>]]></title>
</oembed>`;
    expect(decodeOEmbed(bytes(xml), 'text/xml; charset=utf-8')).toEqual({
      version: '1.0',
      type: 'rich',
      width: '300',
      html: '<blockquote>Hi &amp; bye</blockquote>',
      title: 'Tom & <Jerry>',
    });
  });

  it('decides XML by the body when the Content-Type says nothing, and wants an <oembed> root', () => {
    expect(decodeOEmbed(bytes('<oembed><type>link</type></oembed>'))).toEqual({type: 'link'});
    expect(decodeOEmbed(bytes('<rss><type>link</type></rss>'), 'application/xml')).toBeNull();
  });
});

describe('readOEmbed', () => {
  it('takes a video: html as given, its scripts, and the fields', () => {
    const html = '<iframe src="https://p.test/embed/1"></iframe><script>inline()</script>';
    expect(
      readOEmbed(
        {
          type: 'video',
          html,
          title: '  A title ',
          author_name: 'An author',
          provider_name: 'Provider',
          thumbnail_url: '/thumb.jpg',
          width: 480,
        },
        answerUrl,
      ),
    ).toEqual({
      iframe: {html, scripts: []},
      fields: {title: 'A title', author: 'An author', publisher: 'Provider', image: 'https://provider.test/thumb.jpg'},
    });
  });

  it.each([
    [{type: 'video'}],
    [{type: 'rich', html: 42}],
    [{type: 'rich', html: '   '}],
    [{type: 'movie', html: '<b>'}],
    [{html: '<b>'}],
    [{type: 'photo', width: 1}],
    [{type: 'photo', url: 'javascript:alert(1)'}],
  ])('takes nothing from %j', (members) => {
    expect(readOEmbed({title: 't', ...members}, answerUrl)).toEqual({iframe: null, fields: {}});
  });

  it('builds an <img> for a photo without html, attributes escaped', () => {
    const result = readOEmbed({type: 'photo', url: '/p.jpg?a=1&b="2"', width: '640', height: 480, title: 'A "photo" <1>'}, answerUrl);
    expect(result.iframe).toEqual({
      html: '<img src="https://provider.test/p.jpg?a=1&amp;b=%222%22" alt="A &quot;photo&quot; &lt;1&gt;" width="640" height="480">',
      scripts: [],
    });
    expect(readOEmbed({type: 'photo', url: 'https://p.test/a.jpg', width: 'wide', height: -3}, answerUrl).iframe?.html).toBe(
      '<img src="https://p.test/a.jpg">',
    );
  });

  it('keeps the fields of a link answer, without an embed', () => {
    expect(readOEmbed({type: 'link', title: 'T', author_name: 7, thumbnail_url: 'ftp://x.test/a.jpg'}, answerUrl)).toEqual({
      iframe: null,
      fields: {title: 'T'},
    });
  });
});

describe('listScripts', () => {
  it('lists each external script once, src resolved, async/defer/nomodule as booleans, other attributes as given', () => {
    const html = `<blockquote class="twitter-tweet"><a href="https://x.com/a/status/1">post</a></blockquote>
      <script async src="//platform.x.test/widgets.js" charset="utf-8"></script>
      <script defer nomodule type="module" src="/embed.js" data-id="42" crossorigin="anonymous"></script>
      <script>window.inline = 1</script>
      <script src="data:text/javascript,alert(1)"></script>
      <SCRIPT ASYNC SRC="https://platform.x.test/widgets.js"></SCRIPT>`;
    expect(listScripts(html, answerUrl)).toEqual([
      {src: 'https://platform.x.test/widgets.js', async: true, charset: 'utf-8'},
      {src: 'https://provider.test/embed.js', defer: true, nomodule: true, type: 'module', 'data-id': '42', crossorigin: 'anonymous'},
    ]);
  });

  it('gives an empty list for markup without scripts, or a script inside a comment', () => {
    expect(listScripts('<iframe src="https://p.test/e"></iframe><!-- <script src="/x.js"></script> -->', answerUrl)).toEqual([]);
  });
});

describe('discoverEndpoint', () => {
  const snapshot = (links: LinkTag[], baseHref: string | null = null) => ({...emptySnapshot(), links, baseHref});
  const pageUrl = 'https://site.test/a/page';

  it('prefers the JSON link, resolved against <base href>, over an earlier XML one', () => {
    const links: LinkTag[] = [
      {rel: 'alternate', type: 'text/xml+oembed', href: '/oembed.xml?url=p'},
      {rel: 'alternate', type: 'application/rss+xml', href: '/feed'},
      {rel: 'alternate', type: 'Application/JSON+oEmbed', href: 'oembed.json?url=p'},
    ];
    expect(discoverEndpoint(snapshot(links, '/base/'), pageUrl)).toEqual({url: 'https://site.test/base/oembed.json?url=p', format: 'json'});
  });

  it('falls back to the XML link, and skips links that are not alternate or not http(s)', () => {
    const links: LinkTag[] = [
      {rel: 'alternate', type: 'application/json+oembed', href: 'javascript:alert(1)'},
      {rel: 'canonical', type: 'application/json+oembed', href: '/c'},
      {rel: 'alternate', type: 'constructor', href: '/proto'},
      {rel: 'home alternate', type: 'text/xml+oembed', href: '/o.xml'},
    ];
    expect(discoverEndpoint(snapshot(links), pageUrl)).toEqual({url: 'https://site.test/o.xml', format: 'xml'});
    expect(discoverEndpoint(snapshot([]), pageUrl)).toBeNull();
  });

  it('adds the sizes to a discovered URL, keeping its query byte for byte', () => {
    const href = 'https://site.test/oembed?url=https%3A%2F%2Fsite.test%2Fa%20b&format=json';
    expect(discoveryRequestUrl(href, {})).toBe(href);
    expect(discoveryRequestUrl(href, {maxWidth: 350, maxHeight: 200})).toBe(`${href}&maxwidth=350&maxheight=200`);
    expect(discoveryRequestUrl('https://site.test/oembed', {maxHeight: 99.9})).toBe('https://site.test/oembed?maxheight=99');
    expect(discoveryRequestUrl('https://site.test/o?maxwidth=1000&url=x', {maxWidth: 350})).toBe('https://site.test/o?maxwidth=350&url=x');
  });
});
