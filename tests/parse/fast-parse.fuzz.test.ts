// The generated half of the parse stage's differential test (tests/parse/fast-parse.test.ts has the
// fixture pages, the bench corpus and the hand-written cases): 3,000 documents made of pieces of every
// construct those cover, in random order, parsed whole and in random chunks by parseHtml /
// parseHtmlChunks and by the reference full parse. Snapshots must be deep-equal, and so must
// pickFields and resolveUrls on them. A slow suite (`npm run test:slow`): it was 60% of the
// differential test's time (132 of 221 s in a run on a loaded machine). `FC_SEED` and `FC_PATH` replay a failure.
import {describe, it} from '@jest/globals';
import fc from 'fast-check';
import {expectSame} from '../helpers/parse-differential.js';



describe('parseHtml (fast) equals the reference full parse', () => {
  // Generated documents: pieces of every construct above, in random order and random chunks.
  const piece = fc.oneof(
    fc.constantFrom(
      '<script>', '</script>', '</SCRIPT >', '</script', '<script type="application/ld+json">', '<script type=APPLICATION/LD+JSON >',
      '<style>', '</style>', '<!--', '-->', '--!>', '<!-->', '<![CDATA[', ']]>', '<svg>', '</svg>', '<title>', '</title>',
      '<noscript>', '</noscript>', '<template>', '</template>', '<textarea>', '</textarea>', '<plaintext>', '<xmp>', '</xmp>',
      '<h1>', '</h1>', '<p>', '</p>', '<p class="x" ', '<div itemscope itemtype="https://schema.org/Article">', '</div>',
      '<span itemprop="headline">', '<span itemprop=author itemscope>', '</span>', '<b itemprop="name">', '<meta itemprop="image" content="/m.png">',
      '<a rel="author" href="/me">', '</a>', '<img src="/i.png" width=100>', '<IMG SRC=/u.png>', '<picture>', '<source srcset="/s.png 2x">',
      '</picture>', '<video poster="/p.png">', '<source src="/v.mp4">', '</video>', '<audio src=/a.mp3>', '</audio>',
      '<meta property="og:title" content="OG">', '<meta name="description" content="D &amp; d">', '<link rel=icon href=/f.ico>',
      '<time datetime="2026-02-03">', '</time>', '<html lang="en">', '<head>', '</head>', '<body>', '<base href="/b/">', '<nav>', '</nav>',
      '{"@type":"Article","headline":"J","image":"/j.png"}', 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. ',
      '&amp;', '&lt;', '&#x3c;', '&', '<', '>', '"', "'", '=', '/', ' ', '\n', '\u001c', '\u000f', 'a < b', '</', '<!', '<?', '</ p>', '<math>', '</math>',
      '<div class="a"', ' data-x=\'<h1>\'', ' itemprop=description', '>',
      '<a class="x" href="/h" data-q rel=author>', '<A CLASS=x REL="Author" HREF=/u>', '<img class=c data-src="/l.png" loading=lazy src="/s.png" alt="A &amp; B">',
      '<a itemprop="url" class=k href="/mu">', '<meta class=x name=author content="Ann">', '<link as=font rel="icon" data-x="1" href="/i.png" sizes=any>', '<html data-x lang=fr>',
      '<time class=t datetime="2026-03-04T05:06:07Z">', '<source media="(x)" srcset="/m.png 2x" type="image/png">', '<video class=v poster=/vp.png src=/v.webm>',
      '<form>', '</form>', '<form src="/f.mp4" href="/f.mp3" datetime="2026-01-02" class="byline" itemprop=name itemscope>',
      '<div class="post-author">', '<span id=publish-date>', '<p class="byline by-&#97;uthor">',
    ),
    fc.string({maxLength: 6}),
  );
  const document = fc.array(piece, {maxLength: 60}).map((pieces) => pieces.join(''));

  it('generated documents, whole and in random chunks (fast-check; the seed is printed on failure)', () => {
    fc.assert(
      fc.property(document, fc.array(fc.integer({min: 1, max: 40}), {minLength: 1, maxLength: 8}), (html, sizes) => {
        const chunks: string[] = [];
        for (let index = 0, turn = 0; index < html.length; turn++) {
          const size = sizes[turn % sizes.length]!;
          chunks.push(html.slice(index, index + size));
          index += size;
        }
        expectSame(html, [chunks]);
      }),
      {numRuns: 3000, verbose: 1, ...(process.env.FC_SEED ? {seed: Number(process.env.FC_SEED), path: process.env.FC_PATH} : {})},
    );
  });
});
