import {describe, expect, it} from '@jest/globals';
import {readFileSync} from 'node:fs';
import type {IncomingHttpHeaders} from 'node:http';
import type {Candidates} from '../../src/data.js';
import {parseHtml} from '../../src/parse/parse-html.js';
import {documentBase, resolveUrls} from '../../src/rules/resolve-urls.js';
import {pickFields} from '../../src/rules/rules.js';
import {extractPage, loadExpected, matches, type ScoredField} from '../../bench/accuracy-score.js';

function extractFixture(name: string, url: string, headers: IncomingHttpHeaders = {}): Candidates {
  const html = readFileSync(new URL(`../fixtures/pages/${name}`, import.meta.url), 'utf8');
  const snapshot = parseHtml(html);
  return resolveUrls(pickFields(snapshot, {url, headers}), documentBase(snapshot.baseHref, url));
}

describe('fixture pages through parseHtml, pickFields and resolveUrls', () => {
  it('news-article.html: Open Graph first, JSON-LD author behind a profile-URL article:author, tracking pixel skipped', () => {
    expect(extractFixture('news-article.html', 'https://news.example.com/2026/11/harbour-bridge-reopens?utm_source=newsletter')).toEqual({
      title: 'Harbour bridge reopens after two-year refit',
      description: 'Commuters crossed the restored span on Tuesday, five months later than planned & £12m over budget.',
      lang: 'en',
      author: 'Jane Smith, Omar Haddad',
      publisher: 'The Northern Ledger',
      date: '2026-11-03T11:02:13.000Z', datePublished: '2026-11-03T07:45:00.000Z', dateModified: '2026-11-03T11:02:13.000Z',
      url: 'https://news.example.com/2026/11/harbour-bridge-reopens',
      image: [
        'https://img.ledger-cdn.example/2026/11/bridge-1200x630.jpg?w=1200&q=80',
        'https://img.ledger-cdn.example/2026/11/bridge-twitter.jpg',
        'https://img.ledger-cdn.example/2026/11/bridge-16x9.jpg',
        'https://img.ledger-cdn.example/2026/11/bridge-1x1.jpg',
        'https://img.ledger-cdn.example/2026/11/bridge-1600.jpg',
        'https://img.ledger-cdn.example/2026/11/bridge-800.jpg',
      ],
      // The JSON-LD publisher logo is declared 600×60: a wordmark, last (issue 12 point 9).
      logo: [
        'https://news.example.com/android-chrome-192x192.png',
        'https://news.example.com/apple-touch-icon.png',
        'https://news.example.com/favicon-32x32.png',
        'https://news.example.com/favicon.ico',
        'https://news.example.com/static/ledger-logo-600x60.png',
      ],
      video: [],
      audio: [],
    });
  });

  it('blog-post.html: microdata and Dublin Core, relative URLs resolved against <base href>', () => {
    expect(extractFixture('blog-post.html', 'https://blog.example.org/blog/sourdough-altitude/')).toEqual({
      title: 'Sourdough at altitude',
      description: 'Why dough rises faster at 2,000 metres, and how to slow it down: colder water, less starter, and a longer bulk ferment in the fridge.',
      lang: 'fr',
      author: 'Mira Okafor',
      publisher: 'Hill Kitchen',
      date: '2026-10-30T12:00:00.000Z', datePublished: '2026-10-28T07:30:00.000Z', dateModified: '2026-10-30T12:00:00.000Z',
      url: 'https://blog.example.org/blog/sourdough-altitude/',
      image: ['https://blog.example.org/blog/img/loaf-crumb.jpg', 'https://blog.example.org/img/starter.jpg'],
      logo: [
        'https://blog.example.org/blog/img/hill-kitchen-logo.png',
        'https://blog.example.org/blog/img/favicon.ico',
        'https://blog.example.org/favicon.ico',
      ],
      video: [],
      audio: [],
    });
  });

  it('product-page.html: JSON-LD Product image, then lazy, srcset and <picture> images largest first', () => {
    expect(extractFixture('product-page.html', 'https://shop.example.de/p/trailhead-40l')).toEqual({
      title: 'Trailhead 40L Rucksack',
      description: 'A 40-litre pack with a ventilated back panel, hip-belt pockets and a removable rain cover.',
      lang: 'de',
      author: null,
      publisher: 'Outfitters',
      date: null, datePublished: null, dateModified: null,
      url: 'https://shop.example.de/p/trailhead-40l?color=moss&size=m',
      image: [
        'https://cdn.outfitters.example/products/trailhead-40l/main.jpg',
        'https://shop.example.de/img/trailhead-40l/lazy.jpg',
        'https://shop.example.de/img/trailhead-40l/1600.jpg',
        'https://shop.example.de/img/trailhead-40l/800.jpg',
        'https://shop.example.de/img/trailhead-40l/400.jpg',
        'https://shop.example.de/img/trailhead-40l/side-2400.avif',
        'https://shop.example.de/img/trailhead-40l/side-1200.avif',
        'https://shop.example.de/img/trailhead-40l/side-1200.webp',
        'https://shop.example.de/img/trailhead-40l/side.jpg',
        'https://shop.example.de/img/trailhead-40l/spin.gif',
      ],
      logo: [
        'https://shop.example.de/static/outfitters-logo.png',
        'https://shop.example.de/favicon.svg',
        'https://shop.example.de/favicon-48.png',
        'https://shop.example.de/favicon.ico',
      ],
      video: [],
      audio: [],
      // The JSON-LD Product's Offer (`"149.00"` EUR), not the body's `149,00 €` text.
      price: {amount: 149, currency: 'EUR'},
    });
  });

  it('video-page.html: og:video files only (not the HTML embed), secure URL first, then stream, VideoObject and <source>s', () => {
    expect(extractFixture('video-page.html', 'https://video.example.tv/v/afilar')).toEqual({
      title: 'Cómo afilar un cuchillo japonés',
      description: 'Piedras al agua, ángulo de 15 grados y mucha paciencia.',
      lang: 'es',
      author: null,
      publisher: 'CocinaTV',
      date: '2026-09-14T12:00:00.000Z', datePublished: '2026-09-14T12:00:00.000Z', dateModified: null,
      url: 'https://video.example.tv/v/afilar',
      image: [
        'https://video.example.tv/thumbs/afilar-1280.jpg',
        'https://video.example.tv/thumbs/afilar-640.jpg',
        'https://video.example.tv/thumbs/afilar-poster.jpg',
      ],
      logo: ['https://video.example.tv/logo-512.png', 'https://video.example.tv/favicon.ico'],
      video: [
        'https://media.example.tv/afilar/720p.mp4',
        'http://media.example.tv/afilar/720p.mp4',
        'https://media.example.tv/afilar/480p.mp4',
        'https://media.example.tv/afilar/1080p.mp4',
        'https://video.example.tv/media/afilar/720p.webm',
        'https://video.example.tv/media/afilar/720p.mp4',
      ],
      audio: [],
    });
  });

  it('podcast-page.html: og:audio, PodcastEpisode associatedMedia and <audio> sources', () => {
    expect(extractFixture('podcast-page.html', 'https://signalnoise.example/112')).toEqual({
      title: 'Ep. 112: The economics of lighthouses',
      description: 'Were lighthouses ever a public good? Economists have argued about it since Coase.',
      lang: 'en',
      author: 'Priya Raman',
      publisher: 'Signal & Noise',
      date: '2026-10-02T12:00:00.000Z', datePublished: '2026-10-02T12:00:00.000Z', dateModified: null,
      url: 'https://signalnoise.example/112',
      image: ['https://cdn.signalnoise.example/art/112-3000.jpg'],
      logo: ['https://signalnoise.example/touch-icon.png', 'https://signalnoise.example/favicon.ico'],
      video: [],
      audio: [
        'https://cdn.signalnoise.example/episodes/112.mp3',
        'https://cdn.signalnoise.example/episodes/112.m4a',
        'https://signalnoise.example/audio/112-low.mp3',
        'https://signalnoise.example/audio/112.ogg',
      ],
    });
  });

  it('title-only.html: nothing is guessed beyond the final URL and /favicon.ico (no domain publisher)', () => {
    expect(extractFixture('title-only.html', 'http://plain.example.com/')).toEqual({
      title: 'Just a title',
      description: null,
      lang: null,
      author: null,
      publisher: null,
      date: null, datePublished: null, dateModified: null,
      url: 'http://plain.example.com/',
      image: [],
      logo: ['http://plain.example.com/favicon.ico'],
      video: [],
      audio: [],
    });
  });

  it('title-only.html: the content-language header gives the language when the page says nothing', () => {
    expect(extractFixture('title-only.html', 'http://plain.example.com/', {'content-language': 'nl-BE, en'}).lang).toBe('nl');
  });

  it('broken.html: recovers from malformed markup, ignores script text and drops javascript:/mailto: media', () => {
    expect(extractFixture('broken.html', 'https://broken.example.net/a/b/page.html')).toEqual({
      // <title> is raw text in HTML: browsers show the tags literally too.
      title: 'Broken <b>page</b>',
      description: 'Unquoted attributes&entities',
      lang: null,
      author: null,
      publisher: null,
      date: null, datePublished: null, dateModified: null,
      url: 'https://broken.example.net/a/b/page.html',
      image: ['https://broken.example.net/img/share.png?a=1&b=2', 'https://broken.example.net/img/one.jpg'],
      logo: ['https://static.example.net/fav.png', 'https://broken.example.net/favicon.ico'],
      video: [],
      audio: [],
    });
  });

  it('updated-story.html: date is the last modification (date-only dateModified at noon UTC), both dates kept, authors array joined, linked headline, meta publisher, whole description', () => {
    expect(extractFixture('updated-story.html', 'https://harbour.example/2016/05/ferry-timetable')).toEqual({
      // The microdata headline on an <a> gives its text (not "/2016/05/ferry-timetable"), before <title>.
      title: 'Ferry timetable changes for the winter season',
      // 394 characters, not cut at 300.
      description: "From 1 December the harbour ferries run every forty minutes on weekdays, and the last evening crossing leaves at 21:40 instead of 23:10. Season tickets bought before the change stay valid until they expire, and the council says a review of the timetable is due in March, after a winter of passenger counts on every route and a consultation with the two ferry unions and the riders' association.",
      lang: 'en',
      author: 'Lena Park, Tom Reyes',
      publisher: 'Harbour Weekly',
      date: '2016-05-04T12:00:00.000Z', datePublished: '2016-05-03T08:15:00.000Z', dateModified: '2016-05-04T12:00:00.000Z',
      url: 'https://harbour.example/2016/05/ferry-timetable',
      image: [],
      logo: ['https://harbour.example/favicon.ico'],
      video: [],
      audio: [],
    });
  });

  it('radio-episode.html (issue 12 point 4): the audio stream of a player card, an article\'s AudioObject, an enclosure link and links to audio files; no video', () => {
    expect(extractFixture('radio-episode.html', 'https://www.tidewaterradio.example/programs/coastal-hour/2026/10/night-shift-lock-keeper')).toEqual({
      title: "Night shift at the lock-keeper's cottage",
      description: 'Twenty-two hours a day the canal locks are quiet; for the other two, Ruth Abara has to be ready.',
      lang: 'en',
      author: 'Dev Okonkwo',
      publisher: 'Tidewater Public Radio',
      date: '2026-10-14T09:00:00.000Z', datePublished: '2026-10-14T09:00:00.000Z', dateModified: null,
      url: 'https://www.tidewaterradio.example/programs/coastal-hour/2026/10/night-shift-lock-keeper',
      image: [
        'https://media.tidewaterradio.example/images/2026/10/lock-keeper-1400.jpg',
        'https://media.tidewaterradio.example/images/2026/10/lock-keeper-800.jpg',
      ],
      logo: ['https://media.tidewaterradio.example/brand/tpr-square-600.png', 'https://www.tidewaterradio.example/favicon.ico'],
      // twitter:player:stream typed audio/mpeg is audio, not video; the HTML twitter:player is neither.
      video: [],
      audio: [
        'https://dts.podtrac.example/redirect.mp3/media.tidewaterradio.example/audio/2026/10/coastal-hour-20261014.mp3',
        'https://media.tidewaterradio.example/audio/2026/10/coastal-hour-20261014.mp3',
        'https://media.tidewaterradio.example/audio/2026/10/coastal-hour-20261014.mp3?dl=1&source=web',
        'https://www.tidewaterradio.example/download/episode/20261014',
        'https://media.tidewaterradio.example/audio/2026/10/coastal-hour-20261007.m4a',
      ],
    });
  });

  it('video-story.html (issue 12 point 5): an og:image that is the clip gives way to the video\'s thumbnail and poster; placeholders, UI glyphs and a pixel skipped; the header logo last', () => {
    expect(extractFixture('video-story.html', 'https://www.jornaldaorla.example/cidades/2026/11/mare-alta-calcadao-santos')).toEqual({
      title: 'Maré alta invade o calçadão de Santos; veja o vídeo',
      description: 'Ondas de até 2,5 metros atingiram a orla na manhã desta segunda-feira.',
      lang: 'pt',
      author: null,
      publisher: 'Jornal da Orla',
      date: '2026-11-16T13:12:00.000Z', datePublished: '2026-11-16T13:12:00.000Z', dateModified: null,
      url: 'https://www.jornaldaorla.example/cidades/2026/11/mare-alta-calcadao-santos',
      image: [
        // In og:image's place: the VideoObject thumbnailUrl, then the <video poster>.
        'https://img.orla-cdn.example/2026/11/mare-alta-santos-1280x720.jpg',
        'https://img.orla-cdn.example/2026/11/mare-alta-santos-poster.jpg',
        // twitter:image placeholder-share.png, menu-open.svg, icon-search.png, 1x1.gif, blank.gif, the data: URI and the sprite are gone.
        'https://img.orla-cdn.example/2026/11/ponta-da-praia.jpg',
        'https://www.jornaldaorla.example/static/img/jornal-da-orla-logo.png',
      ],
      logo: [
        'https://www.jornaldaorla.example/static/img/orla-512.png',
        'https://www.jornaldaorla.example/static/favicon-32.png',
        'https://www.jornaldaorla.example/favicon.ico',
      ],
      video: ['https://video.orla-cdn.example/2026/11/mare-alta-santos.mp4'],
      audio: [],
    });
  });

  it('shop-profile.html (issue 12 point 3): the Organization a ProfilePage is about is neither publisher nor logo; the header logo\'s alt names the site', () => {
    expect(extractFixture('shop-profile.html', 'https://www.makersmarket.example/shop/fernhill-pottery?ref=search')).toEqual({
      title: 'Fernhill Pottery',
      description: 'Mugs, bowls and jugs thrown and glazed by hand in a converted barn near Hawes. 4.9 stars from 312 reviews.',
      lang: 'en',
      author: null,
      // Not "Fernhill Pottery" (the mainEntity); "Makers Market logo" without its last word.
      publisher: 'Makers Market',
      date: null, datePublished: null, dateModified: null,
      url: 'https://www.makersmarket.example/shop/fernhill-pottery',
      image: [
        'https://img.makersmarket.example/shops/fernhill/banner-1200x630.jpg',
        'https://img.makersmarket.example/shops/fernhill/banner-1600x400.jpg',
        'https://img.makersmarket.example/listings/8812/mug-570.jpg',
      ],
      // The seller's avatar (its Organization logo) is not the site's logo.
      logo: [
        'https://www.makersmarket.example/assets/mm-touch-180.png',
        'https://www.makersmarket.example/assets/mm-32.png',
        'https://www.makersmarket.example/favicon.ico',
      ],
      video: [],
      audio: [],
    });
  });

  it('wiki-article.html (issue 12 point 3): a MediaWiki page names its site only after the <title> separator', () => {
    expect(extractFixture('wiki-article.html', 'https://wiki.coastpedia.example/wiki/Longstone_Lighthouse')).toEqual({
      title: 'Longstone Lighthouse - Coastpedia',
      description: 'Longstone Lighthouse is an active lighthouse on Longstone Rock in the Outer Farne Islands, first lit in 1826 and automated in 1990.',
      lang: 'en',
      author: null,
      publisher: 'Coastpedia',
      date: null, datePublished: null, dateModified: null,
      url: 'https://wiki.coastpedia.example/wiki/Longstone_Lighthouse',
      // The search glyph and the 20 px map icon are skipped.
      image: [
        'https://wiki.coastpedia.example/images/thumb/4/4a/Longstone_2019.jpg/500px-Longstone_2019.jpg',
        'https://wiki.coastpedia.example/images/thumb/4/4a/Longstone_2019.jpg/375px-Longstone_2019.jpg',
        'https://wiki.coastpedia.example/images/thumb/4/4a/Longstone_2019.jpg/250px-Longstone_2019.jpg',
      ],
      logo: ['https://wiki.coastpedia.example/favicon.ico'],
      video: [],
      audio: [],
    });
  });

  it('brand-icons.html (issue 12 point 9): the favicon set of a modern site ranked as a brand mark; the web app manifest among the candidates; the 600×60 JSON-LD logo last', () => {
    expect(extractFixture('brand-icons.html', 'https://www.harbourweekly.example/news/2026/11/ferry-fares-frozen')).toEqual({
      title: 'Ferry fares frozen for a second winter',
      description: "The council will hold ferry fares at this year's prices until March, after a vote on Thursday night.",
      lang: 'en',
      author: 'Lena Park',
      publisher: 'Harbour Weekly',
      date: '2026-11-20T18:30:00.000Z', datePublished: '2026-11-20T18:30:00.000Z', dateModified: null,
      url: 'https://www.harbourweekly.example/news/2026/11/ferry-fares-frozen',
      image: ['https://cdn.harbourweekly.example/2026/11/ferry-quay-1200x675.jpg'],
      logo: [
        // An SVG scales to any size; the apple-touch-icon without sizes is 180 px by convention.
        'https://www.harbourweekly.example/icon.svg',
        'https://www.harbourweekly.example/apple-touch-icon.png',
        // Ping puts the manifest's icons here (tests/ping/manifest.test.ts); unpinged it is skipped.
        'https://www.harbourweekly.example/manifest.webmanifest',
        'https://www.harbourweekly.example/favicon-16x16.png',
        // favicon.ico's sizes="any" is no size; the mask-icon (monochrome) is no icon.
        'https://www.harbourweekly.example/favicon.ico',
        'https://cdn.harbourweekly.example/brand/amp-logo-600x60.png',
      ],
      video: [],
      audio: [],
    });
  });

  // tests/fixtures/pages/expected.json is what `npm run accuracy` scores: every field outside a page's
  // `misses` must come out exactly as expected, and every listed miss must still be one (a fix
  // shows up here, and its entry is then removed), so the report's figures are the tested ones.
  it.each(Object.entries(loadExpected().pages))('expected.json: %s gives its expected values, and misses only the listed fields', (name, page) => {
    const actual = extractPage(name, page.url, page.headers);
    const fields = Object.keys(page.expected) as ScoredField[];
    const misses = page.misses ?? {};
    expect(Object.keys(misses).filter((field) => !fields.includes(field as ScoredField))).toEqual([]);
    const expectedHits = Object.fromEntries(fields.filter((field) => misses[field] === undefined).map((field) => [field, page.expected[field]]));
    expect(Object.fromEntries(Object.keys(expectedHits).map((field) => [field, actual[field as ScoredField]]))).toEqual(expectedHits);
    for (const field of Object.keys(misses) as ScoredField[]) {
      expect({field, stillMissed: !matches(field, page.expected[field] ?? null, actual[field] ?? null, true)}).toEqual({field, stillMissed: true});
    }
  });

  it('section-front.html (issue 12 point 6): broken JSON-LD salvaged (trailing comma, raw newline, CDATA, }{); the teasers\' headlines do not beat <title>', () => {
    expect(extractFixture('section-front.html', 'https://ledger.example/world')).toEqual({
      // Not "Lagoon city votes…": the JSON-LD articles are listed by an ItemList, the microdata ones are several.
      title: 'World news – the latest headlines | Harbour Ledger',
      // Only in the salvaged CollectionPage block (trailing comma, raw newline).
      description: 'Reporting from our correspondents in forty countries, updated through the day.',
      lang: 'en',
      author: null,
      publisher: 'Harbour Ledger',
      date: null, datePublished: null, dateModified: null,
      url: 'https://ledger.example/world',
      image: [
        'https://ledger.example/static/og-default-1200x630.png',
        'https://img.ledger.example/2026/11/17/barrier-800x450.jpg',
        'https://img.ledger.example/2026/11/17/rail-400x225.jpg',
      ],
      logo: ['https://ledger.example/static/ledger-mark.svg', 'https://ledger.example/favicon.ico'],
      video: [],
      audio: [],
    });
  });

  it('wordpress-byline.html (issue 12 point 2): no author metadata; the byline link inside .byline .author.vcard, not the menu, author box, comment or sidebar authors', () => {
    expect(extractFixture('wordpress-byline.html', 'https://allotment.example/2016/05/raised-beds-on-clay/')).toEqual({
      title: 'Raised beds on heavy clay: what worked after three seasons',
      description: 'Three seasons ago we built four raised beds straight on top of the clay, with no digging at all. This is what went well, what rotted, and what I would do differently with the next four.',
      lang: 'en',
      // From <span class="byline"> by <span class="author vcard"><a class="url fn n" href="…/author/ruth-aldous/">.
      author: 'Ruth Aldous',
      publisher: 'The Clay Allotment',
      // The <time datetime> comes before any date written as text.
      date: '2016-05-16T07:12:40.000Z', datePublished: '2016-05-16T07:12:40.000Z', dateModified: null,
      url: 'https://allotment.example/2016/05/raised-beds-on-clay/',
      image: [
        'https://allotment.example/wp-content/uploads/2016/05/beds-spring-1200x800.jpg',
        'https://allotment.example/wp-content/uploads/2016/05/beds-spring-300x200.jpg',
        'https://secure.gravatar.example/avatar/5c1e?s=96&d=mm',
        'https://secure.gravatar.example/avatar/9a?s=100',
      ],
      logo: ['https://allotment.example/wp-content/uploads/2015/02/cropped-spade-192x192.png', 'https://allotment.example/favicon.ico'],
      video: [],
      audio: [],
    });
  });

  it('news-byline-dates.html (issue 12 points 2 and 8): two authors linked to /authors/ pages joined; the date only in the byline text, "12 Jan, 2016, 05.04 PM IST"', () => {
    expect(extractFixture('news-byline-dates.html', 'https://metrotimes.example.in/city/pune/civic-body-clears-second-metro-line/articleshow/50548713.cms?from=mdr')).toEqual({
      title: 'Civic body clears second metro line after six-year wait',
      description: 'The standing committee on Tuesday cleared the 23-km second line, which will link Hinjewadi with the old city through eleven elevated stations.',
      // <meta http-equiv="content-language">.
      lang: 'en',
      // Not "Sign In" (a /profile/login link), not "TNN" (the agency), not the related stories' or the footer's.
      author: 'Ananya Rao, Vikram Shetty',
      publisher: 'Deccan Metro Times',
      // 05.04 PM IST is 11:34 UTC; the masthead's "Tuesday, 12 January 2016" and the related stories' dates come after the byline.
      date: '2016-01-12T11:34:00.000Z', datePublished: '2016-01-12T11:34:00.000Z', dateModified: null,
      url: 'https://metrotimes.example.in/city/pune/civic-body-clears-second-metro-line/articleshow/50548713.cms',
      image: ['https://static.metrotimes.example.in/thumb/msid-50548713,width-1070,height-580/photo.jpg'],
      logo: ['https://static.metrotimes.example.in/icons/dmt-favicon.ico', 'https://metrotimes.example.in/favicon.ico'],
      video: [],
      audio: [],
    });
  });

  it('url-dated-post.html (issue 12 points 2 and 8): the date only in the URL path; the site\'s name in rel=author and the byline is no author, nor is "6 min read"', () => {
    expect(extractFixture('url-dated-post.html', 'https://notes.example.net/2016/05/16/moving-postgres/')).toEqual({
      title: 'Moving a 40 GB Postgres database without downtime',
      description: 'Logical replication, a fifteen-second cutover and the two things that went wrong on the night.',
      lang: 'en',
      author: null,
      publisher: 'Field Notes',
      date: '2016-05-16T12:00:00.000Z', datePublished: '2016-05-16T12:00:00.000Z', dateModified: null,
      url: 'https://notes.example.net/2016/05/16/moving-postgres/',
      image: [],
      logo: ['https://notes.example.net/assets/apple-touch-icon.png', 'https://notes.example.net/favicon.ico'],
      video: [],
      audio: [],
    });
  });

  it('forum-post.html (issue 12 points 2 and 8, a social post): a phpBB 3.0 topic; the first post\'s <p class="author"> gives its username and, as text, its date; the reply\'s author does not join', () => {
    expect(extractFixture('forum-post.html', 'https://forum.coastalgardeners.example/viewtopic.php?f=4&t=1187')).toEqual({
      title: 'Coastal Gardeners Forum • View topic - Best hedging plants for a salt wind?',
      // No description metadata (an empty one): the first paragraph of 40 characters, the board's tagline.
      description: 'Growing things where the wind tastes of salt',
      lang: 'en',
      // "by kestrel_79 » Sat Mar 12, 2016 2:05 pm": a username's digits are no reason to reject it.
      author: 'kestrel_79',
      // The board names no brand but in the <title>'s prefix.
      // Not in the title's suffix (the topic) but in its prefix, which spells the domain (issue 12 point 3).
      publisher: 'Coastal Gardeners Forum',
      // No <time>: the date written in the same element, "All times are UTC".
      date: '2016-03-12T14:05:00.000Z', datePublished: '2016-03-12T14:05:00.000Z', dateModified: null,
      url: 'https://forum.coastalgardeners.example/viewtopic.php?f=4&t=1187',
      image: [],
      logo: ['https://forum.coastalgardeners.example/favicon.ico'],
      video: [],
      audio: [],
    });
  });
});
