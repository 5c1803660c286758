// Issue 12 points 3, 4, 5 and 9: one test per source of the publisher, audio, image and logo rules,
// on literal snapshots or small documents read by parseHtml.
import {describe, expect, it} from '@jest/globals';
import {fileExtension, maxAudioLinks} from '../../src/parse/audio-links.js';
import {emptySnapshot} from '../../src/parse/snapshot.js';
import {parseHtml, type Snapshot} from '../../src/parse/parse-html.js';
import {fileNameTokens, isLogoImage, isPlaceholderImage, isUiImage, isVideoFile} from '../../src/rules/image-filters.js';
import {logoAltName, titlePrefix, titleSuffix} from '../../src/rules/publisher-sources.js';
import {pickFields, rules, type Rule, type RuleContext} from '../../src/rules/rules.js';

const page = {url: 'https://www.radio.example/shows/ep-12', headers: {}};
const context: RuleContext = {...page, baseUrl: page.url};

function snapshot(parts: Partial<Snapshot> = {}): Snapshot {
  return {...emptySnapshot(), ...parts};
}

/** The rule of `field` named `name`. */
function rule(field: keyof typeof rules, name: string): Rule {
  const found = rules[field].find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no rule ${name} for ${field}: ${rules[field].map((entry) => entry.name).join(', ')}`);
  return found;
}

describe('audio (issue 12 point 4)', () => {
  it('reads its sources in this order', () => {
    expect(rules.audio.map((entry) => entry.name)).toEqual([
      'meta(og:audio)', 'meta(twitter:player:stream audio)', 'jsonld(audio.contentUrl)', 'microdata(AudioObject.contentUrl)',
      'document(audio)', 'link(enclosure audio/*)', 'document(a[href] audio file)',
    ]);
  });

  it('meta(og:audio) takes og:audio:secure_url before og:audio:url, and drops items typed as something else', () => {
    const input = parseHtml(`
      <meta property="og:audio" content="https://cdn.example/player.html">
      <meta property="og:audio:type" content="text/html">
      <meta property="og:audio:url" content="http://cdn.example/ep.mp3">
      <meta property="og:audio:secure_url" content="https://cdn.example/ep.mp3">
      <meta property="og:audio:type" content="audio/mpeg">
      <meta property="og:audio:secure_url" content="https://cdn.example/only-secure.ogg">`);
    expect(rule('audio', 'meta(og:audio)')(input, context)).toEqual(['https://cdn.example/ep.mp3', 'http://cdn.example/ep.mp3', 'https://cdn.example/only-secure.ogg']);
  });

  it('twitter:player:stream is audio when its content type says audio/*, or, untyped, when it ends in an audio extension', () => {
    const typed = parseHtml('<meta name="twitter:player:stream" content="https://cdn.example/stream/12"><meta name="twitter:player:stream:content_type" content="Audio/MPEG">');
    expect(rule('audio', 'meta(twitter:player:stream audio)')(typed, context)).toEqual(['https://cdn.example/stream/12']);
    expect(rule('video', 'meta(twitter:player:stream video)')(typed, context)).toEqual([]);
    const untypedAudio = parseHtml('<meta name="twitter:player:stream" content="https://cdn.example/ep12.m4a?token=1">');
    expect(rule('audio', 'meta(twitter:player:stream audio)')(untypedAudio, context)).toEqual(['https://cdn.example/ep12.m4a?token=1']);
    expect(rule('video', 'meta(twitter:player:stream video)')(untypedAudio, context)).toEqual([]);
    const video = parseHtml('<meta name="twitter:player:stream" content="https://cdn.example/v.mp4"><meta name="twitter:player:stream:content_type" content="video/mp4; codecs=&quot;avc1.42E01E1&quot;">');
    expect(rule('audio', 'meta(twitter:player:stream audio)')(video, context)).toEqual([]);
    expect(rule('video', 'meta(twitter:player:stream video)')(video, context)).toEqual(['https://cdn.example/v.mp4']);
  });

  it('jsonld(audio.contentUrl) reads AudioObject and PodcastEpisode contentUrl, associatedMedia and an article\'s audio, never embedUrl', () => {
    const input = snapshot({jsonld: [
      {'@type': 'PodcastEpisode', associatedMedia: {'@type': 'MediaObject', contentUrl: '/ep.m4a', embedUrl: '/player'}, audio: {'@id': '#audio'}},
      {'@type': 'AudioObject', '@id': '#audio', contentUrl: '/ep.mp3', embedUrl: '/embed'},
      {'@type': 'NewsArticle', audio: {'@type': 'AudioObject', contentUrl: '/article.mp3', embedUrl: '/article-player'}},
    ]});
    expect(rule('audio', 'jsonld(audio.contentUrl)')(input, context)).toEqual(['/ep.m4a', '/ep.mp3', '/ep.mp3', '/article.mp3']);
  });

  it('document(audio) takes <audio src> then its <source>s, and only the <source>s of the <audio>', () => {
    const input = parseHtml('<audio src="/a.mp3"><source src="/a.ogg" type="audio/ogg"><source src="/a.m4a"></audio><source src="/stray.mp3"><audio><source src="/b.opus"></audio>');
    expect(rule('audio', 'document(audio)')(input, context)).toEqual(['/a.mp3', '/a.ogg', '/a.m4a', '/b.opus']);
  });

  it('link(enclosure audio/*) takes <link rel="enclosure"> typed audio/* only', () => {
    const input = parseHtml('<link rel="enclosure" type="audio/mpeg" href="/ep.mp3"><link rel="enclosure" type="video/mp4" href="/ep.mp4"><link rel="enclosure" href="/untyped">');
    expect(rule('audio', 'link(enclosure audio/*)')(input, context)).toEqual(['/ep.mp3']);
  });

  it('document(a[href] audio file) takes links to audio files (query string allowed) and audio-typed rel="enclosure" links, in order', () => {
    const input = parseHtml(`
      <a href="/ep.MP3?dl=1">Download</a> <a href="/notes.pdf">Notes</a> <a href="/mp3-guide">Guide</a>
      <a href="/e.m4a#t=10">.m4a</a> <a href="/e.oga">oga</a> <a href="/e.opus">opus</a> <a href="/e.wav">wav</a>
      <a rel="nofollow enclosure" type="audio/mpeg" href="/download/12">File</a> <a rel="enclosure" type="video/mp4" href="/download/v">Video</a>
      <a href="/folder.mp3/index.html">not a file</a>`);
    expect(rule('audio', 'document(a[href] audio file)')(input, context)).toEqual(['/ep.MP3?dl=1', '/e.m4a#t=10', '/e.oga', '/e.opus', '/e.wav']);
    const more = parseHtml(['aac', 'flac', 'ogg', 'wav', 'mp3', 'm4a', 'opus'].map((extension) => `<a href="/x.${extension}">x</a>`).join(''));
    expect(more.audioLinks).toEqual(['/x.aac', '/x.flac', '/x.ogg', '/x.wav', '/x.mp3']);
    expect(more.audioLinks).toHaveLength(maxAudioLinks);
    expect(parseHtml('<a href="/ep">x</a>').audioLinks).toBeUndefined();
  });

  it('takes an enclosure link that has no audio extension', () => {
    expect(parseHtml('<a rel="enclosure" type="audio/mpeg" href=" /download/12 ">File</a>').audioLinks).toEqual(['/download/12']);
  });

  it('fileExtension reads the path only', () => {
    expect(fileExtension('https://cdn.example/a/ep.MP3?x=1.wav#t')).toBe('mp3');
    expect(fileExtension('https://cdn.example/a.b/c')).toBe('');
    expect(fileExtension('https://cdn.example/')).toBe('');
    expect(fileExtension('ep.ogg#t=1?x')).toBe('ogg');
    expect(fileExtension('/archive.tar.gz')).toBe('gz');
  });

  it('falls through to a link to the file when the page has nothing else', () => {
    const input = parseHtml('<title>Ep 12</title><p><a href="https://cdn.radio.example/ep12.mp3">Download the episode</a></p>');
    expect(pickFields(input, page).audio).toEqual(['https://cdn.radio.example/ep12.mp3']);
  });
});

describe('image (issue 12 point 5)', () => {
  it('fileNameTokens reads the file name only, without its extension', () => {
    expect(fileNameTokens('https://cdn.example/icons/Icon-Menu_open.svg?v=2#x')).toEqual(['icon', 'menu', 'open']);
    expect(fileNameTokens('https://cdn.example/')).toEqual([]);
  });

  it.each([
    ['data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==', true],
    ['/static/blank.gif', true], ['/img/spacer.png', true], ['/img/1x1.png', true], ['/px/1x1.gif?u=1', true],
    ['/assets/img-placeholder-grey.jpg', true], ['/lazyload.svg', true], ['/img/lazy.gif', true], ['/img/pixel-transparent.gif', true],
    ['/img/transparent.png', true], ['/img/loading.gif', true],
    // Real images whose names only look close.
    ['/news/bridge-1x1.jpg', false], ['/products/lazy.jpg', false], ['/reviews/pixel-9-pro.jpg', false],
    ['/img/blank-canvas-painting.jpg', false], ['/icons/harbour.jpg', false], ['https://cdn.example/', false],
  ])('isPlaceholderImage(%s) is %s', (url, expected) => {
    expect(isPlaceholderImage(url)).toBe(expected);
  });

  it.each([
    ['/static/menu-open.svg', true], ['/img/icon-search.png', true], ['/img/sprite-social@2x.png', true], ['/img/arrow_left.png', true],
    ['/img/close.png', true], ['/img/hamburger.png', true], ['/img/illustration.svg', true], ['/favicon.ico', true],
    ['/img/iconic-bridge.jpg', false], ['/img/research-team.jpg', false], ['/img/menu/soup-of-the-day.jpg', false],
  ])('isUiImage(%s) is %s', (url, expected) => {
    expect(isUiImage(url)).toBe(expected);
  });

  it('isVideoFile and isLogoImage read the extension and the file name', () => {
    expect(['/c.mp4', '/c.MOV?x=1', '/s/master.m3u8', '/c.webm', '/d.mpd'].map(isVideoFile)).toEqual([true, true, true, true, true]);
    expect(['/c.jpg', '/mp4/c.jpg', '/c.mp4.jpg'].map(isVideoFile)).toEqual([false, false, false]);
    expect(['/img/site-logo.png', '/img/wordmark@2x.png', '/img/logotype-story.jpg'].map(isLogoImage)).toEqual([true, true, false]);
  });

  it('an og:image or twitter:image that is a video file gives way to the video\'s posters, in its place', () => {
    const input = parseHtml(`
      <meta property="og:image" content="https://cdn.example/clip.mp4">
      <meta name="twitter:image" content="https://cdn.example/clip.webm">
      <script type="application/ld+json">{"@type": "VideoObject", "thumbnailUrl": "/thumb.jpg", "thumbnail": {"@type": "ImageObject", "url": "/thumb-big.jpg"}}</script>
      <video poster="/poster.jpg"><source src="/clip.mp4"></video>`);
    expect(rule('image', 'meta(og:image)')(input, context)).toEqual(['/thumb.jpg', '/thumb-big.jpg', '/poster.jpg']);
    expect(pickFields(input, page).image).toEqual(['/thumb.jpg', '/thumb-big.jpg', '/poster.jpg']);
    // Without a poster anywhere, the video is simply no image.
    expect(pickFields(parseHtml('<meta property="og:image" content="/clip.m3u8"><img src="/photo.jpg">'), page).image).toEqual(['/photo.jpg']);
  });

  it('drops audio files and placeholders from every image source', () => {
    const input = parseHtml(`
      <meta property="og:image" content="/ep.mp3"><meta property="og:image" content="/static/blank.gif">
      <meta name="twitter:image" content="/img/placeholder-share.png">
      <script type="application/ld+json">{"@type": "Article", "image": ["/spacer.gif", "/story-1x1.jpg"]}</script>
      <link rel="image_src" href="/img/1x1.png">`);
    expect(pickFields(input, page).image).toEqual(['/story-1x1.jpg']);
  });

  it('document(img) skips UI glyphs and lazy placeholders, and puts a logo after the content images', () => {
    const input = parseHtml(`
      <img src="/static/menu-open.svg"><img src="/static/site-logo.png" alt="Site"><img src="/static/icon-search.png">
      <img src="/static/blank.gif" data-src="/photos/quay.jpg"><img src="/px/pixel.gif"><img src="/photos/harbour.jpg">`);
    expect(rule('image', 'document(img)')(input, context)).toEqual(['/photos/quay.jpg', '/photos/harbour.jpg', '/static/site-logo.png']);
  });
});

describe('publisher (issue 12 point 3)', () => {
  it('reads its sources in the service\'s order, JSON-LD publisher first, the guesses last, and no domain', () => {
    expect(rules.publisher.map((entry) => entry.name)).toEqual([
      'jsonld(publisher.name)', 'meta(og:site_name)', 'microdata(publisher.name)', 'microdata(top.publisher)',
      'meta(dc.publisher, dcterms.publisher, dc:publisher, dcterms:publisher)',
      'meta(application-name, apple-mobile-web-app-title, og:app_name, al:ios:app_name, al:android:app_name)',
      'meta(publisher)', 'jsonld(WebSite.name, Organization.name)',
      'meta(twitter:app:name:iphone, twitter:app:name:ipad, twitter:app:name:googleplay)',
      'document(logo img alt)', 'document(title suffix)', 'document(title prefix)', 'platform name (last)',
    ]);
    expect(pickFields(snapshot(), page).publisher).toBeNull();
  });

  it('takes the JSON-LD publisher before og:site_name', () => {
    const input = parseHtml(`<meta property="og:site_name" content="Site name">
      <script type="application/ld+json">{"@type": "NewsArticle", "publisher": {"@type": "NewsMediaOrganization", "name": "The Publisher"}}</script>`);
    expect(pickFields(input, page).publisher).toBe('The Publisher');
    expect(pickFields(parseHtml('<meta property="og:site_name" content="Site name"><title>A - B</title>'), page).publisher).toBe('Site name');
  });

  it('reads application-name, apple-mobile-web-app-title and app names', () => {
    expect(pickFields(parseHtml('<meta name="apple-mobile-web-app-title" content="Tide Radio">'), page).publisher).toBe('Tide Radio');
    expect(pickFields(parseHtml('<meta name="application-name" content="Coast App"><meta name="publisher" content="Later">'), page).publisher).toBe('Coast App');
    expect(pickFields(parseHtml('<meta property="al:ios:app_name" content="Ledger">'), page).publisher).toBe('Ledger');
    expect(pickFields(parseHtml('<meta name="twitter:app:name:googleplay" content="Ledger News"><title>Story | Other</title>'), page).publisher).toBe('Ledger News');
  });

  it('jsonld(WebSite.name, Organization.name) leaves out the organization a ProfilePage or AboutPage is about', () => {
    const profile = snapshot({jsonld: [
      {'@type': 'ProfilePage', mainEntity: {'@id': '#shop'}},
      {'@type': 'Organization', '@id': '#shop', name: 'The Shop Profiled', logo: '/shop-logo.png'},
      {'@type': 'Organization', name: 'Marketplace', logo: '/market-logo.png'},
    ]});
    const names = rule('publisher', 'jsonld(WebSite.name, Organization.name)');
    expect(names(profile, context)).toEqual(['Marketplace']);
    expect(rule('logo', 'jsonld(logo)')(profile, context)).toEqual(['/market-logo.png']);
    const about = snapshot({jsonld: [
      {'@type': 'AboutPage', about: {'@type': 'Corporation', name: 'Acme Corp'}},
      {'@type': 'Corporation', name: 'Acme Corp'},
      {'@type': 'WebSite', name: 'Company Wiki'},
    ]});
    expect(names(about, context)).toEqual(['Company Wiki']);
    // A home page "about" the organization that also publishes the site keeps it.
    const home = snapshot({jsonld: [
      {'@type': 'WebPage', about: {'@id': '#org'}},
      {'@type': 'WebSite', publisher: {'@id': '#org'}},
      {'@type': 'Organization', '@id': '#org', name: 'Harbour Weekly'},
    ]});
    expect(names(home, context)).toEqual(['Harbour Weekly']);
    expect(pickFields(home, page).publisher).toBe('Harbour Weekly');
  });

  it('records the alt of the first <img> that names a logo by class, id, file name or alt', () => {
    expect(parseHtml('<img src="/a.jpg" alt="Photo"><img class="site-logo" src="/b.png" alt=" Tide  Radio ">').logoAlt).toBe('Tide Radio');
    expect(parseHtml('<img id="logoImg" src="/b.png" alt="Ledger">').logoAlt).toBe('Ledger');
    expect(parseHtml('<img src="/img/ledger-logo.svg?v=3" alt="The Ledger">').logoAlt).toBe('The Ledger');
    expect(parseHtml('<img src="/b.png" alt="Ledger logo">').logoAlt).toBe('Ledger logo');
    expect(parseHtml('<img src="/logos/photo.jpg" alt="A photo"><img class="logo" src="/x.png">').logoAlt).toBeUndefined();
    expect(parseHtml('<svg><image class="logo" href="/l.png" alt="In SVG"></image></svg>').logoAlt).toBeUndefined();
  });

  it.each([
    ['Makers Market logo', 'Makers Market'], ['Logo of Coastpedia', 'Coastpedia'], ['Logo: Tide Radio', 'Tide Radio'],
    ['Ledger - logo', 'Ledger'], ["Harbour Weekly's logo", 'Harbour Weekly'], ['Logo', null], ['Go to homepage', null], ['Tide Radio', 'Tide Radio'],
  ])('logoAltName drops the word logo: %s → %s', (alt, expected) => {
    expect(logoAltName(snapshot({logoAlt: alt}))).toBe(expected);
    expect(pickFields(snapshot({logoAlt: alt}), page).publisher).toBe(expected);
  });

  it.each([
    ['Lighthouse - Wikipedia', 'https://en.wikipedia.org/wiki/Lighthouse', 'Wikipedia'],
    ['Ep. 112 | Signal & Noise', 'https://signalnoise.example/112', 'Signal & Noise'],
    ['Harbour bridge reopens – The Northern Ledger', 'https://news.example.com/a', 'The Northern Ledger'],
    ['Night shift : Coastal Hour : Tidewater Public Radio', 'https://radio.example/a', 'Tidewater Public Radio'],
    ['Docs :: Ferrous', 'https://ferrous.example/docs', 'Ferrous'],
    ['Maré alta invade o calçadão | Jornal da Orla', 'https://www.jornaldaorla.example/a', 'Jornal da Orla'],
    ['left-pad - npm', 'https://www.npmjs.com/package/left-pad', 'npm'],
    ['iPhone cases | eBay', 'https://www.ebay.example/b/cases', 'eBay'],
    // Half a headline, a question, a sequence, a lowercase phrase, no separator, a hyphenated word.
    ['Biden wins Georgia - What it means for the Senate', 'https://news.example.com/a', null],
    ['Rates rise again - Why?', 'https://news.example.com/a', null],
    ['Search results - Page 2', 'https://shop.example.com/s', null],
    ['Storm warning - roads closed', 'https://news.example.com/a', null],
    ['Spider-Man review', 'https://films.example.com/a', null],
    ['Just a title', 'https://plain.example.com/', null],
    ['Short | A Much Longer Brand Name Than Before', 'https://x.example.com/', null],
    ['Ten things to do in Porto this weekend | A Guide For Visitors To The City', 'https://x.example.com/', null],
  ])('titleSuffix(%s) is %s', (title, url, expected) => {
    expect(titleSuffix(title, url)).toBe(expected);
  });

  it.each([
    ['Coastal Gardeners Forum • View topic - Best hedging plants for a salt wind?', 'https://forum.coastalgardeners.example/viewtopic.php?t=1', 'Coastal Gardeners Forum'],
    ['GitHub - octo/repo: A tool', 'https://github.com/octo/repo', 'GitHub'],
    // A prefix that does not spell the domain is the headline.
    ['Storm warning | Harbour Weekly', 'https://www.harbourweekly.example/a', null],
    ['Harbour | Weekly', 'https://news.example.com/a', null],
    ['Coastpedia', 'https://coastpedia.example/', null],
  ])('titlePrefix(%s) is %s', (title, url, expected) => {
    expect(titlePrefix(title, url)).toBe(expected);
  });

  it('takes the title prefix only after the suffix', () => {
    expect(pickFields(snapshot({title: 'Coastal Gardeners Forum • View topic - Best hedging plants for a salt wind?'}), {url: 'https://forum.coastalgardeners.example/t', headers: {}}).publisher).toBe('Coastal Gardeners Forum');
    expect(pickFields(snapshot({title: 'Coastal Gardeners Forum • Hedging | Seaside Plants'}), {url: 'https://forum.coastalgardeners.example/t', headers: {}}).publisher).toBe('Seaside Plants');
  });

  it('takes the title suffix last, after the logo alt', () => {
    expect(pickFields(snapshot({title: 'A story of the week | Title Brand', logoAlt: 'Logo Brand logo'}), page).publisher).toBe('Logo Brand');
    expect(pickFields(snapshot({title: 'A story of the week | Title Brand'}), page).publisher).toBe('Title Brand');
  });
});

describe('logo (issue 12 point 9)', () => {
  it('reads its sources in this order: declared logos, ranked icons with the manifest, /favicon.ico, a wide JSON-LD logo last', () => {
    expect(rules.logo.map((entry) => entry.name)).toEqual([
      'meta(og:logo)', 'microdata(publisher.logo.url)', 'microdata(publisher.logo)', 'microdata(logo.url)', 'microdata(top.logo)',
      'jsonld(logo)', 'link(apple-touch-icon, icon, manifest) ranked', 'origin(/favicon.ico)', 'jsonld(logo) not square',
    ]);
  });

  it('ranks icons: large declared squares and SVGs, an apple-touch-icon without sizes, the manifest, smaller or non-square ones, icons without sizes', () => {
    const input = parseHtml(`
      <link rel="icon" href="/favicon.ico" sizes="any">
      <link rel="icon" href="/16.png" sizes="16x16">
      <link rel="manifest" href="/site.webmanifest">
      <link rel="icon" href="/mark" type="image/svg+xml">
      <link rel="apple-touch-icon" href="/touch.png">
      <link rel="icon" href="/wide.png" sizes="310x150">
      <link rel="icon" href="/192.png" sizes="192x192">
      <link rel="apple-touch-icon" href="/touch-180.png" sizes="180x180">
      <link rel="icon" href="/180.png" sizes="180x180">
      <link rel="icon" href="/96.png" sizes="96x96">
      <link rel="mask-icon" href="/pinned.svg">
      <link rel="manifest" href="/second.webmanifest">
      <link rel="icon" href="/plain.png">`);
    expect(rule('logo', 'link(apple-touch-icon, icon, manifest) ranked')(input, context)).toEqual([
      '/mark', '/192.png', '/touch-180.png', '/180.png', '/touch.png', '/site.webmanifest', '/96.png', '/16.png', '/wide.png', '/favicon.ico', '/plain.png',
    ]);
  });

  it('puts a manifest whose file name is not a manifest\'s nowhere (ping could not tell it from an image)', () => {
    expect(rule('logo', 'link(apple-touch-icon, icon, manifest) ranked')(parseHtml('<link rel="manifest" href="/app.json">'), context)).toEqual([]);
  });

  it('moves a JSON-LD logo declared wider than tall to the end; square or undeclared ones stay first', () => {
    const input = snapshot({jsonld: [
      {'@type': 'NewsArticle', publisher: {'@type': 'Organization', logo: {'@type': 'ImageObject', url: '/amp-600x60.png', width: 600, height: '60'}}},
      {'@type': 'Organization', logo: {'@type': 'ImageObject', url: '/square.png', width: {'@type': 'QuantitativeValue', value: 512}, height: '512px'}},
      {'@type': 'WebSite', publisher: {'@type': 'Organization', logo: '/undeclared.png'}},
    ], links: [{rel: 'apple-touch-icon', href: '/touch.png'}]});
    expect(rule('logo', 'jsonld(logo)')(input, context)).toEqual(['/square.png', '/undeclared.png']);
    expect(rule('logo', 'jsonld(logo) not square')(input, context)).toEqual(['/amp-600x60.png']);
    expect(pickFields(input, page).logo).toEqual(['/square.png', '/undeclared.png', '/touch.png', 'https://www.radio.example/favicon.ico', '/amp-600x60.png']);
  });

  it('takes og:logo first, as the service does', () => {
    const input = parseHtml('<meta property="og:logo" content="/og-logo.png"><script type="application/ld+json">{"@type": "Organization", "logo": "/org.png"}</script>');
    expect(pickFields(input, page).logo).toEqual(['/og-logo.png', '/org.png', 'https://www.radio.example/favicon.ico']);
  });
});
