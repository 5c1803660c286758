import {readFileSync} from 'node:fs';
import type {LookupFunction} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createExtractor} from '../../../src/extract.js';
import {parseHtml} from '../../../src/parse/parse-html.js';
import {defaultSiteIndex, pickFields, siteFor} from '../../../src/rules/rules.js';
import {isLoopback} from '../../helpers/policy.js';
import {html, redirect, startServer, type TestServer} from '../../helpers/server.js';
import {fixtureCard, siteCard, summary} from './site-card.js';

/*
 * The cards of SoundCloud, Vimeo, GitHub, Wikipedia, Bluesky, Threads and Telegram pages: one fixture
 * per page kind (tests/fixtures/sites/<site>/<kind>.html, written in the shape each site serves), and
 * for each the card a user of that site would call right. Each test also says what the general rules
 * alone give on the same page (`null` sites), so a site rule that stops mattering shows.
 */

/** The card of a site's page kind read without any site rules. */
const general = (site: string, kind: string, url: string): Record<string, string | null> => summary(fixtureCard(`${site}/${kind}.html`, url, null));

/** The card of a small page written inline (a variant of a fixture), read at `url` with the default sites. */
const htmlCard = (html: string, url: string) => pickFields(parseHtml(html), {url, headers: {}});

describe('SoundCloud', () => {
  it('track: the uploader from <title> (not the soundcloud:user URL), the artwork, the track\'s own text', () => {
    expect(summary(siteCard('soundcloud', 'track'))).toEqual({
      title: 'Harbour Lights (live at the pier)', description: 'Recorded on the last warm night of the summer, one take, no overdubs.',
      author: 'Example Band', publisher: 'SoundCloud', datePublished: null, image: 'https://i1.sndcdn.com/artworks-AbCdEfGh1234-0-t500x500.jpg',
    });
    expect(general('soundcloud', 'track', 'https://soundcloud.com/exampleband/harbour-lights').author).toBeNull();
  });

  it('playlist: "Listen to … on #SoundCloud" and "Stream … Play over 320 million tracks" are no description', () => {
    expect(summary(siteCard('soundcloud', 'playlist'))).toEqual({
      title: 'Tide Tables', description: null, author: 'Example Band', publisher: 'SoundCloud', datePublished: null,
      image: 'https://i1.sndcdn.com/artworks-TiDeTaBlEs99-0-t500x500.jpg',
    });
    expect(general('soundcloud', 'playlist', 'https://soundcloud.com/exampleband/sets/tide-tables').description).toBe('Listen to Tide Tables by Example Band on #SoundCloud');
  });

  it('profile: itself as author, its bio, no default avatar', () => {
    expect(summary(siteCard('soundcloud', 'profile'))).toEqual({
      title: 'Example Band', description: 'Four friends from the coast playing slow songs about the sea. Bookings: see website.',
      author: 'Example Band', publisher: 'SoundCloud', datePublished: null, image: null,
    });
  });
});

describe('Vimeo', () => {
  it('video: the VideoObject\'s uploader and upload date, the 1280 px poster; "This is … on Vimeo, the home for…" is no description', () => {
    const card = siteCard('vimeo', 'video');
    expect(summary(card)).toEqual({
      title: 'Low Tide, Slow Light', description: null, author: 'Ann Example', publisher: 'Vimeo', datePublished: '2024-05-24T18:16:02.000Z',
      image: 'https://i.vimeocdn.com/video/1855512345-4d2a8c0e9b7f1a3c5e6d8f0a2b4c6e8d0f1a3b5c7d9e1f3a5b7c9d1e3f5a7b9c-d_1280x720?r=pad',
    });
    // The date is the upload, not og:updated_time.
    expect(card.date).toBe('2024-05-24T18:16:02.000Z');
    // og:video is the player page (text/html), not a video file: no video.
    expect(card.video).toEqual([]);
    expect(general('vimeo', 'video', 'https://vimeo.com/987654321').description).toMatch(/^This is "Low Tide, Slow Light" by Ann Example on Vimeo/);
  });

  it('channel: its name (as its own author) and description', () => {
    expect(summary(siteCard('vimeo', 'channel'))).toEqual({
      title: 'Slow Cinema', description: 'Long takes, few words: films that let a place speak. Curated weekly.', author: 'Slow Cinema',
      publisher: 'Vimeo', datePublished: null, image: 'https://i.vimeocdn.com/channel/123456_1280x720',
    });
  });

  it('user: the member as author; "is a member of Vimeo…" and the grey default portrait refused', () => {
    expect(summary(siteCard('vimeo', 'user'))).toEqual({
      title: 'Ann Example', description: null, author: 'Ann Example', publisher: 'Vimeo', datePublished: null, image: null,
    });
  });

  it('a numeric path is a video, not a member page: no og:title as author there', () => {
    expect(siteCard('vimeo', 'video').author).toBe('Ann Example');
    const card = fixtureCard('vimeo/channel.html', 'https://vimeo.com/123456789');
    expect(card.author).toBeNull();
  });
});

describe('GitHub', () => {
  it('repo: owner/repo as title, the owner as author, the description without "Contribute to … on GitHub."', () => {
    expect(summary(siteCard('github', 'repo'))).toEqual({
      title: 'example-org/tidewater', description: 'Tide tables from harbour gauges, as a small Rust library and CLI.', author: 'example-org', publisher: 'GitHub',
      datePublished: null, image: 'https://opengraph.githubassets.com/9f2b4c6d8e0a1b3c5d7e9f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c/example-org/tidewater',
    });
    expect(general('github', 'repo', 'https://github.com/example-org/tidewater')).toMatchObject({
      title: 'GitHub - example-org/tidewater: Tide tables from harbour gauges, as a small Rust library and CLI.',
      description: 'Tide tables from harbour gauges, as a small Rust library and CLI. Contribute to example-org/tidewater development by creating an account on GitHub.',
    });
  });

  it('issue: its title without "· Issue #482 · owner/repo", who opened it (not a commenter), the day it was opened', () => {
    expect(summary(siteCard('github', 'issue'))).toEqual({
      title: 'Parser drops the last row of a CSV without a trailing newline',
      description: 'Steps to reproduce: save a gauge export whose last line has no newline, run tidewater import. Expected: 31 rows. Got: 30.',
      author: 'mara-lin', publisher: 'GitHub', datePublished: '2024-05-24T12:00:00.000Z',
      image: 'https://opengraph.githubassets.com/1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b/example-org/tidewater/issues/482',
    });
  });

  it('pull request: the author from "by login · Pull Request", not the maintainer who merged it', () => {
    expect(summary(siteCard('github', 'pull'))).toEqual({
      title: 'Read the last CSV row without a trailing newline',
      description: 'Fixes #482. The reader now flushes the buffer at end of file. Adds a test with a file that ends mid-row.',
      author: 'tomas-r', publisher: 'GitHub', datePublished: '2024-05-25T12:00:00.000Z',
      image: 'https://opengraph.githubassets.com/5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d/example-org/tidewater/pull/497',
    });
    expect(general('github', 'pull', 'https://github.com/example-org/tidewater/pull/497').author).toBe('mara-lin');
  });

  it('gist: the file name, its description without "GitHub Gist: instantly share…", its author, no generic Gist image', () => {
    expect(summary(siteCard('github', 'gist'))).toEqual({
      // Its day from `Created <relative-time …>November 2, 2023</relative-time>`, a date shown alone (rules/dates/date-node.ts).
      title: 'vacuum-nightly.sh', description: 'Vacuum a SQLite database every night from cron.', author: 'mara-lin', publisher: 'GitHub',
      datePublished: '2023-11-02T12:00:00.000Z', image: null,
    });
    expect(general('github', 'gist', 'https://gist.github.com/mara-lin/4f1c2a9e0b7d6e5f3a8c').image).toBe('https://github.githubassets.com/assets/gist-og-image-54fd7dc0713e.png');
  });

  it('user: "login (Name)" as title, the name as author, the bio without "… Follow their code on GitHub."', () => {
    expect(summary(siteCard('github', 'user'))).toEqual({
      title: 'mara-lin (Mara Lin)', description: 'Tide gauges, small tools, long walks.', author: 'Mara Lin', publisher: 'GitHub',
      datePublished: null, image: 'https://avatars.githubusercontent.com/u/7654321?v=4?s=400',
    });
  });

  it('a repository without a description: GitHub\'s sentence alone is no description (the README\'s first paragraph is)', () => {
    const card = htmlCard(`<title>GitHub - mara-lin/dotfiles</title>
      <meta property="og:title" content="GitHub - mara-lin/dotfiles">
      <meta property="og:description" content="Contribute to mara-lin/dotfiles development by creating an account on GitHub.">
      <meta name="twitter:description" content="Contribute to mara-lin/dotfiles development by creating an account on GitHub.">
      <article class="markdown-body"><p>My shell, editor and tmux settings, installed by a small make target.</p></article>`, 'https://github.com/mara-lin/dotfiles');
    expect(card).toMatchObject({title: 'mara-lin/dotfiles', author: 'mara-lin', description: 'My shell, editor and tmux settings, installed by a small make target.'});
  });

  it('a two-segment path that is no repository (/features/copilot): no owner taken from the path', () => {
    const card = htmlCard(`<title>GitHub Copilot · Your AI pair programmer · GitHub</title>
      <meta property="og:title" content="GitHub Copilot · Your AI pair programmer">
      <meta property="og:description" content="GitHub Copilot works alongside you directly in your editor.">`, 'https://github.com/features/copilot');
    expect(card).toMatchObject({title: 'GitHub Copilot · Your AI pair programmer', author: null, publisher: 'GitHub'});
  });
});

describe('Wikipedia', () => {
  it('article: the Article\'s name (no " - Wikipedia"), the lead paragraph without footnote marks, no collective author', () => {
    const card = siteCard('wikipedia', 'article');
    expect(summary(card)).toEqual({
      title: 'Lighthouse of Alexandria',
      description: 'The Lighthouse of Alexandria, sometimes called the Pharos of Alexandria, was a lighthouse built by the Ptolemaic Kingdom of Ancient Egypt, during the reign of Ptolemy II Philadelphus (280–247 BC). It has been estimated to have been at least 100 metres in overall height.',
      author: null, publisher: 'Wikipedia', datePublished: '2002-02-25T15:43:11.000Z',
      image: 'https://upload.wikimedia.org/wikipedia/commons/thumb/0/0c/Example_Pharos_reconstruction.jpg/1200px-Example_Pharos_reconstruction.jpg',
    });
    expect(card.dateModified).toBe('2024-05-20T08:12:01.000Z');
    expect(card.lang).toBe('en');
    expect(general('wikipedia', 'article', 'https://en.wikipedia.org/wiki/Lighthouse_of_Alexandria')).toMatchObject({
      title: 'Lighthouse of Alexandria - Wikipedia', author: 'Contributors to Wikimedia projects', publisher: 'Wikimedia Foundation, Inc.',
    });
  });

  it('German: " – Wikipedia" and "Autoren der Wikimedia-Projekte" go the same way', () => {
    expect(summary(siteCard('wikipedia', 'article-de'))).toEqual({
      title: 'Leuchtturm Roter Sand',
      description: 'Der Leuchtturm Roter Sand ist ein ehemaliger Leuchtturm in der Außenweser, der von 1885 bis 1964 in Betrieb war. Er gilt als eines der Wahrzeichen der deutschen Nordseeküste.',
      author: null, publisher: 'Wikipedia', datePublished: '2004-06-11T09:20:40.000Z',
      image: 'https://upload.wikimedia.org/wikipedia/commons/thumb/4/4a/Example_Roter_Sand.jpg/1200px-Example_Roter_Sand.jpg',
    });
  });

  it('Japanese: the title in its script, "[1]" and "[要出典]" out of the lead', () => {
    const card = siteCard('wikipedia', 'article-ja');
    expect(summary(card)).toEqual({
      title: '灯台', description: '灯台（とうだい）は、岬の先端や港内、島などに設置され、光を放って船舶の航行の目印とする施設である。航路標識の一つで、夜間は灯光によって位置を示す。',
      author: null, publisher: 'Wikipedia', datePublished: '2003-05-14T02:41:09.000Z',
      image: 'https://upload.wikimedia.org/wikipedia/commons/thumb/9/9e/Example_Inubosaki.jpg/1200px-Example_Inubosaki.jpg',
    });
    expect(card.lang).toBe('ja');
  });

  it('mobile (ru.m.wikipedia.org): the same card, " — Википедия" and the wordmark out', () => {
    const card = siteCard('wikipedia', 'mobile');
    expect(summary(card)).toEqual({
      title: 'Маяк', description: 'Мая́к — сооружение, как правило башня, с системой сигнальных огней, служащее навигационным ориентиром для судов.',
      author: null, publisher: 'Wikipedia', datePublished: '2004-12-09T15:02:55.000Z',
      image: 'https://upload.wikimedia.org/wikipedia/commons/thumb/2/2b/Example_Mayak.jpg/1200px-Example_Mayak.jpg',
    });
    expect(card.image).not.toContainEqual(expect.stringContaining('/static/images/'));
    expect(card.lang).toBe('ru');
  });
});

describe('Bluesky', () => {
  it('post: the display name as author, the text, the time it was posted, the post\'s image', () => {
    expect(summary(siteCard('bluesky', 'post'))).toEqual({
      title: 'Ann Example (@ann.example.com)', description: 'The tide came in over the causeway faster than the tables said. Walked home the long way.',
      author: 'Ann Example', publisher: 'Bluesky', datePublished: '2024-05-24T18:40:02.123Z',
      image: 'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:abcd1234efgh5678ijkl9012/bafkreiexampleimagecid@jpeg',
    });
    expect(general('bluesky', 'post', 'https://bsky.app/profile/ann.example.com/post/3ktaxzhgdq22b')).toMatchObject({author: null, publisher: 'Bluesky Social'});
  });

  it('post without article:published_time: the date its record key (a TID) holds, to the millisecond', () => {
    const html = readFileSync(new URL('../../fixtures/sites/bluesky/post.html', import.meta.url), 'utf8').replace(/<meta property="article:published_time"[^>]*>/, '');
    expect(html).not.toContain('published_time');
    // 3ktaxzhgdq22b: (micros << 10 | clock 7) of 2024-05-24T18:40:02.123456Z, base32-sortable.
    expect(htmlCard(html, 'https://bsky.app/profile/ann.example.com/post/3ktaxzhgdq22b').datePublished).toBe('2024-05-24T18:40:02.123Z');
    // Not a TID (its first character is above j): no date.
    expect(htmlCard(html, 'https://bsky.app/profile/ann.example.com/post/zzzzzzzzzzzzz').datePublished).toBeNull();
  });

  it('profile: the display name, the bio, the avatar; no date', () => {
    expect(summary(siteCard('bluesky', 'profile'))).toEqual({
      title: 'Ann Example (@ann.example.com)', description: 'Tide gauges and small boats. Posts about the coast, mostly.', author: 'Ann Example',
      publisher: 'Bluesky', datePublished: null, image: 'https://cdn.bsky.app/img/avatar/plain/did:plc:abcd1234efgh5678ijkl9012/bafkreiexampleavatarcid@jpeg',
    });
  });

  it('the app shell: its slogan and gradient card are refused', () => {
    const card = htmlCard(`<title>Bluesky</title><meta property="og:title" content="Bluesky">
      <meta property="og:description" content="Social media as it should be. Find your community among millions of users, unleash your creativity, and have some fun again.">
      <meta property="og:image" content="https://bsky.app/static/social-card-default-gradient.png">`, 'https://bsky.app/profile/ann.example.com/post/3ktaxzhgdq22b');
    expect(card).toMatchObject({title: null, description: null, image: [], publisher: 'Bluesky', datePublished: '2024-05-24T18:40:02.123Z'});
  });
});

describe('Threads', () => {
  it('post (threads.com): the display name as author, the text, the photo', () => {
    expect(summary(siteCard('threads', 'post'))).toEqual({
      title: 'Ann Example (@ann.example) on Threads', description: 'Low tide at six, so the whole bay was ours. Three seals on the sandbar.',
      author: 'Ann Example', publisher: 'Threads', datePublished: null,
      image: 'https://scontent.cdninstagram.com/v/t51.29350-15/445566778_1234567890_n.jpg?stp=dst-jpg_s640x640&_nc_cat=1',
    });
  });

  it('profile (threads.net): no " • Threads, Say more", no follower counts or "See the latest conversations with"', () => {
    expect(summary(siteCard('threads', 'profile'))).toEqual({
      title: 'Ann Example (@ann.example)', description: 'Coastal walks, tide tables, the odd seal.', author: 'Ann Example', publisher: 'Threads',
      datePublished: null, image: 'https://scontent.cdninstagram.com/v/t51.2885-19/123456789_n.jpg?stp=dst-jpg_s150x150',
    });
    expect(general('threads', 'profile', 'https://www.threads.net/@ann.example').description).toMatch(/^1\.2K Followers • 84 Threads • /);
  });
});

describe('Telegram', () => {
  it('post: the channel as author and title, the post\'s text and photo', () => {
    expect(summary(siteCard('telegram', 'post'))).toEqual({
      title: 'Harbour News', description: 'Ferry timetable changes from Monday: the 07:10 leaves at 07:25 while the pier is repaired.',
      author: 'Harbour News', publisher: 'Telegram', datePublished: null,
      image: 'https://cdn4.telesco.pe/file/aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789ferry.jpg',
    });
  });

  it('channel without a description or picture: "If you have Telegram, you can view and join … right away." and the logo refused', () => {
    expect(summary(siteCard('telegram', 'channel'))).toEqual({
      title: 'Harbour News', description: null, author: 'Harbour News', publisher: 'Telegram', datePublished: null, image: null,
    });
    expect(general('telegram', 'channel', 'https://t.me/harbournews')).toMatchObject({
      description: 'If you have Telegram, you can view and join Harbour News right away.', image: 'https://telegram.org/img/t_logo.png',
    });
  });
});

describe('dispatch of the media and developer sites', () => {
  it.each([
    ['https://soundcloud.com/a/b', 'soundcloud'], ['https://on.soundcloud.com/AbC12', 'soundcloud'], ['https://m.soundcloud.com/a', 'soundcloud'],
    ['https://vimeo.com/1', 'vimeo'], ['https://player.vimeo.com/video/1', 'vimeo'],
    ['https://github.com/a/b', 'github'], ['https://gist.github.com/a/1', 'github'], ['https://example.github.io/', null],
    ['https://bsky.app/profile/a.bsky.social', 'bluesky'], ['https://www.threads.net/@a', 'threads'], ['https://threads.com/@a/post/C1', 'threads'],
    ['https://t.me/a/1', 'telegram'], ['https://telegram.me/a', 'telegram'], ['https://telegram.org/', null],
    ['https://en.wikipedia.org/wiki/A', 'wikipedia'], ['https://zh-yue.m.wikipedia.org/wiki/A', 'wikipedia'], ['https://wikipedia.example.com/', null],
  ])('%s is %s', (url, id) => {
    expect(siteFor(defaultSiteIndex, url)?.id ?? null).toBe(id);
  });
});

describe('through extract(), from a real server on 127.0.0.1 answering as the sites', () => {
  /** ru.m.wikipedia.org, github.com and short.example are this machine; any other name does not resolve. */
  const lookup = ((hostname: string, options: unknown, callback?: unknown) => {
    const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
    const known = ['ru.m.wikipedia.org', 'github.com', 'short.example'].includes(hostname.toLowerCase());
    queueMicrotask(() => {
      if (!known) done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND', hostname}));
      else if (all) done(null, [{address: '127.0.0.1', family: 4}]);
      else done(null, '127.0.0.1', 4);
    });
  }) as LookupFunction;
  const fixture = (path: string): string => readFileSync(new URL(`../../fixtures/sites/${path}`, import.meta.url), 'utf8');
  let server: TestServer;
  const at = (host: string, path: string): string => `http://${host}:${server.port}${path}`;

  beforeAll(async () => {
    server = await startServer({
      '/wiki/%D0%9C%D0%B0%D1%8F%D0%BA': html(fixture('wikipedia/mobile.html')),
      '/example-org/tidewater/issues/482': html(fixture('github/issue.html')),
      '/i482': (request, response) => redirect(at('github.com', '/example-org/tidewater/issues/482'))(request, response),
    });
  });
  afterAll(() => server.close());

  it('a Cyrillic article of the mobile Wikipedia: its name, lead, language; no collective author', async () => {
    const extract = createExtractor({allowAddress: isLoopback, dnsLookup: lookup});
    const {data} = await extract(at('ru.m.wikipedia.org', '/wiki/%D0%9C%D0%B0%D1%8F%D0%BA'), {ping: false});
    expect(data).toMatchObject({
      title: 'Маяк', author: null, publisher: 'Wikipedia', lang: 'ru',
      description: 'Мая́к — сооружение, как правило башня, с системой сигнальных огней, служащее навигационным ориентиром для судов.',
    });
  });

  it('a short link to a GitHub issue: the site is the final URL\'s, after the redirect', async () => {
    const extract = createExtractor({allowAddress: isLoopback, dnsLookup: lookup});
    const {data} = await extract(at('short.example', '/i482'), {ping: false});
    expect(data).toMatchObject({title: 'Parser drops the last row of a CSV without a trailing newline', author: 'mara-lin', publisher: 'GitHub'});
  });
});
