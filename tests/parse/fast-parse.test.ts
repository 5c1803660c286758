// The differential test of the parse stage: parseHtml / parseHtmlChunks (scan-html.ts) against the
// reference full parse (htmlparser2's own Parser and tokenizer reading every character), over every fixture page,
// every bench corpus page, and hand-written adversarial HTML, whole and split into chunks at every kind of
// boundary. Snapshots must be deep-equal, and so must pickFields and resolveUrls on them. The 3,000
// generated documents are tests/parse/fast-parse.fuzz.test.ts, a slow suite (`npm run test:slow`).
//
// The hand-written cases are also cut in two at every position (about 300 of the long one). There only
// the snapshots are compared, strictly (toStrictEqual), and pickFields/resolveUrls run on the whole parse
// and on six chunkings (1, 2, 3, 5 characters, 7 after 4, 11 after 1) instead of at every cut: they are
// pure functions of the snapshot's data and the page URL and headers, and the snapshot is plain data
// with no hidden or lazily built member the strict comparison could miss (see expectSame in
// tests/helpers/parse-differential.ts). Equal snapshots give equal fields, so the check is as strong as
// running the rules at every cut; the rules ran there 43 % of this suite's CPU.
import {describe, it} from '@jest/globals';
import {readFileSync} from 'node:fs';
import {decodeBody} from '../../src/fetch/decode-body.js';
import {corpusDirectory, fixtureDirectory, htmlFiles} from '../helpers/pages.js';
import {expectSame} from '../helpers/parse-differential.js';

function chunked(text: string, size: number, offset = 0): string[] {
  const chunks: string[] = offset > 0 ? [text.slice(0, offset)] : [];
  for (let index = offset; index < text.length; index += size) chunks.push(text.slice(index, index + size));
  return chunks;
}



describe('parseHtml (fast) equals the reference full parse', () => {
  it.each(htmlFiles(fixtureDirectory))('fixture %s: whole, and in chunks of 1, 7, 64 and 4096 characters', (name) => {
    const html = readFileSync(new URL(name, fixtureDirectory), 'utf8');
    expectSame(html, [chunked(html, 1), chunked(html, 7), chunked(html, 64, 3), chunked(html, 4096)]);
  });

  it.each(htmlFiles(corpusDirectory))('bench corpus %s: whole, and in chunks', (name) => {
    const {text} = decodeBody(readFileSync(new URL(name, corpusDirectory)), null);
    expectSame(text, [chunked(text, 61), chunked(text, 1000, 17), chunked(text, 16384)]);
  });

  // Each case is checked whole and split in two at every position, then in chunks of 1–5 characters.
  const cases: Record<string, string> = {
    'script end inside a JS string': '<p>a</p><script>var s = "</scr" + "ipt>"; if (a </script/ b) {}</script><h1>After</h1>',
    'script end tag variants': '<script>x</SCRIPT ><h1>A</h1><script>y</ScRiPt\n foo="bar"><h1>B</h1><script>z</script/><p>C</p>',
    'script end without a boundary': '<script>a</scripts>b</scriptx></script><title>T</title>',
    '<</script> and a lone <': '<script><</script><h1>a < b</h1><script>1 <2</script>',
    'comment and <!-- inside script': '<script><!-- document.write("<script>x<\\/script>") --></script><h1>H</h1><script>// <!--\n</script><h1>I</h1>',
    'unclosed script': '<h1>H</h1><script>var never = "closed"; <p>not a paragraph at all, only script text here</p>',
    'unclosed style and comment': '<style>a{}<h1>no</h1>',
    'unclosed comment': '<title>T</title><!-- <h1>hidden</h1> <p>x',
    'comment variants': '<!----><!---><!-- a -- b --!><h1>A</h1><!--x--!><!-- --- --><h1>B</h1><!-><h1>C</h1><!--->D',
    'bogus comments and declarations': '<!DOCTYPE html><!doctypo x><?php echo "<h1>x</h1>" ?><!x><h1>H</h1></ p><p>p</p>',
    // htmlparser2 reports the attributes of a <form> ignored inside a form; its handler gives them to the
    // element opened last when no event came between (the scanner reports fewer events and must agree).
    'ignored nested form attributes, unreported element before': '<div itemscope itemtype="https://schema.org/Person"><form><span><form itemprop="name">Jane Doe</form></span></form></div>',
    'ignored nested form attributes, tracked element before': '<div itemscope><form><p><form itemprop=name>Q</p><p>' + 'A paragraph long enough to be the description. '.repeat(2) + '</p>',
    'ignored nested form attributes, byline element before': '<div itemscope><form><div class="byline"><form itemprop=author>Jane</div><form itemscope itemprop=author><b>X</b>',
    'ignored nested form attributes on a media element, a link and a time': '<form><video><form src="/v.mp4" poster="/p.jpg"></video><a><form href="/ep.mp3" rel="author">Jane Doe</a><time><form datetime="2020-01-01">x</time>',
    'ignored nested form attributes after an event': '<div itemscope><form><span></span><form itemprop=name>Q</div><div itemscope><form><img alt=x><form itemprop=name>R</div>',
    'missing head and html': '<meta property=og:title content=Unquoted><title>T</title><h1>H</h1><p>' + 'Some words for the paragraph. '.repeat(3),
    'CDATA outside and inside svg': '<![CDATA[<h1>x</h1>]]><svg><![CDATA[<title>y</title>]]><title>in svg</title></svg><title>t</title>',
    'unclosed CDATA': '<h1>h</h1><![CDATA[ <p>never',
    'uppercase tags and attributes': '<HTML LANG="FR"><HEAD><META PROPERTY="OG:IMAGE" CONTENT="/a.png"><LINK REL="ICON" HREF="/i.png"></HEAD><BODY><IMG SRC="/b.png" WIDTH=100><H1>Up</H1>',
    'unquoted and odd attributes': '<img src=/a.png alt=a&amp;b width=80/><img src = "/b.png" data-src=\'/c.png\' =x "y"=z/><a rel=author href=/me>Me</a><img src=/d.png/>',
    'json-ld type casing and spacing': '<script type=" Application/LD+JSON ">{"@type":"Article","headline":"One"}</script><SCRIPT TYPE=application/ld+json>[{"@type":"Person","name":"P"}]</SCRIPT><script type="application/ld+json" >{"@graph":[{"@type":"WebSite","name":"W"}]}</script >',
    'json-ld with entities and </script in strings': '<script type="application/ld+json">{"@type":"NewsArticle","headline":"A &amp; B </scri","description":"line\nbreak"}</script>',
    'svg with title, sprites and images': '<svg style="display:none"><symbol id="i"><title>Icon</title><path d="M0 0L10 10"/></symbol><image href="/s.png"/><foreignObject><p>in svg ' + 'text long enough to count as a paragraph'.repeat(2) + '</p></foreignObject></svg><title>Real</title><img src="/r.png">',
    'math and foreign self-closing': '<math><mi>x</mi><mtext><h1>in mtext</h1></mtext></math><svg><path/><h1>breaks</h1></svg>',
    'noscript and template': '<noscript><img src="/ns.png"><p>Enable JavaScript to see this page, really, please do it.</p></noscript><template><h1>tpl</h1></template><h1>Real</h1>',
    'textarea, title and xmp RCDATA': '<textarea><h1>not</h1>&amp;</textarea><title>A &lt;b&gt; &amp c</title><xmp><h1>x</h1></xmp><iframe><h1>y</h1></iframe><noembed><p>z</p></noembed><noframes><b>w</b></noframes><h1>After</h1>',
    'plaintext': '<title>T</title><h1>H</h1><plaintext><p>all text now</p></plaintext><h1>never</h1>',
    'microdata everywhere': '<div itemscope itemtype="https://schema.org/Article"><h1 ITEMPROP="headline">Head</h1><span class=a itemprop = "author" itemscope itemtype=https://schema.org/Person><b itemprop=name>Ann</b></span><meta itemprop="datePublished" content="2026-01-02"><div data-x="a > b" itemprop="description">Desc &amp; more</div><img itemprop=image src=/m.png></div>',
    'entities in text and attributes': '<title>&lt;&#x41;&#66;&amp&ampx;&notit;&nbsp</title><meta name=description content="&quot;q&quot; &#xZZ; &am"><h1>&#128512;&#0;&#xD800;</h1><p>' + '&hellip;&mdash;'.repeat(20) + '</p>',
    'implied closes': '<p>one<p>two<div>three<h1>h<h2>i</h1></h2><ul><li>a<li>b</ul><table><tr><td>c<td>d<tr><td>e</table></p></br><form><form></form>',
    'picture, video and audio': '<picture><source srcset="/a.webp 1x" type=image/webp><source srcset="/a.mp4" type="video/mp4"><img src="/a.jpg"></picture><video src=/v.mp4 poster=/p.jpg><source src=/v.webm type=video/webm></video><audio><source src=/a.mp3></audio>',
    'control characters near end tags': '<script>a\u001c/script>b\u000f</script>c<\u001c/script></script><h1>ok</h1><style>\u001c/style></style><p>x</p>',
    'tags split by odd characters': '<div\u0000 class="a"><h1\u000b>h</h1><a href="x"\u00a0rel=author>me</a><img src="/\u2028.png"><p>\r\n</p>',
    // Characters over U+00FF in names and values (tag names are cached by a hash: `ÿ` must not pass for `€` or `ţ`).
    'characters over U+00FF in names, values and text': '<title>日本語 – “q”</title><dïv>x</dïv><xţag a€b="ß€" 名=値>t€xt</xţag><xÿ>y</x€>w</xÿ><ÿ>z</€>v</ÿ><p title="日本">日本語の段落、とても長い文章がここに続きます。</p><a href="/€/ep.mp3" class="by-€">€</a><h1>ÿ€</h1>',
    // h1 is read until it closes: `</a€>` and `</aţ>` close nothing, so `</aÿ>` later closes h1 with it.
    'an end tag over U+00FF must not close the element named with U+00FF (innermost)': '<body><aÿ></a€><h1>Kept</aÿ> not this</h1>',
    'an end tag over U+00FF must not close the element named with U+00FF (further out)': '<body><aÿ><h1>Whole<b></aţ></b> heading</h1></aÿ>',
    'long attribute values': `<div class="${'c '.repeat(3000)}" data-json='${'{"a":1}'.repeat(500)}'><img src="/x.png" alt="${'alt '.repeat(500)}"></div>`,
  };

  it.each(Object.entries(cases))('%s', (_name, html) => {
    // Every split position of the short cases; about 300 of the long one. The snapshots are compared
    // strictly at each split; the rules run on the whole parse and on the chunkings (expectSame).
    const step = Math.max(1, Math.floor(html.length / 300));
    const splits = [...Array(Math.floor(html.length / step) + 1).keys()].map((at) => at * step);
    expectSame(html, [chunked(html, 1), chunked(html, 2), chunked(html, 3), chunked(html, 5), chunked(html, 7, 4), chunked(html, 11, 1)], splits);
  });
});
