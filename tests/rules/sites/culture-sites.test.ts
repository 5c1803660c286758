// IMDb, Medium, Substack, Dribbble, Pinterest and Twitch: each page kind's fixture (written in the
// shape these sites serve, not copied) read at its example URL, and the card a user of the site would
// call right. Each test also shows what the general rules alone make of the page, where they go wrong.
import {readFileSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createExtractor} from '../../../src/extract.js';
import {isLoopback, namesLookup} from '../../helpers/policy.js';
import {startServer, type TestServer} from '../../helpers/server.js';
import {parseHtml} from '../../../src/parse/parse-html.js';
import {defaultSiteIndex, pickFields, siteFor} from '../../../src/rules/rules.js';
import {fixtureCard, siteCard, summary} from './site-card.js';

const idAt = (url: string): string | null => siteFor(defaultSiteIndex, url)?.id ?? null;

describe('hosts', () => {
  it('finds each site on its hosts, country domains and short links, and nowhere else', () => {
    expect(['https://www.imdb.com/title/tt1/', 'https://m.imdb.com/name/nm1/', 'https://imdb.to/abc'].map(idAt)).toEqual(['imdb', 'imdb', 'imdb']);
    expect(['https://medium.com/@a/b-1', 'https://annexample.medium.com/b-1'].map(idAt)).toEqual(['medium', 'medium']);
    expect(['https://saltletter.substack.com/p/x', 'https://substack.com/@annexample'].map(idAt)).toEqual(['substack', 'substack']);
    expect(['https://dribbble.com/shots/1-a', 'https://drbl.in/abc'].map(idAt)).toEqual(['dribbble', 'dribbble']);
    expect(['https://www.pinterest.com/pin/1/', 'https://uk.pinterest.com/pin/1/', 'https://www.pinterest.co.uk/a/', 'https://www.pinterest.com.au/pin/1/', 'https://pinterest.de/a/b/', 'https://pin.it/abc'].map(idAt))
      .toEqual(['pinterest', 'pinterest', 'pinterest', 'pinterest', 'pinterest', 'pinterest']);
    expect(['https://www.twitch.tv/a', 'https://clips.twitch.tv/Slug', 'https://m.twitch.tv/videos/1'].map(idAt)).toEqual(['twitch', 'twitch', 'twitch']);
    // A publication's own domain is its own site; look-alike hosts are nobody's.
    expect(['https://medium.example.com/post', 'https://pinterest.example.com/pin/1/', 'https://notimdb.com/title/tt1/', 'https://twitch.tv.example/a'].map(idAt)).toEqual([null, null, null, null]);
  });
});

describe('IMDb', () => {
  it('title: the film\'s name without year, rating and genres, the plot, the director (not the reviewer), the release date, the poster', () => {
    expect(summary(siteCard('imdb', 'title'))).toEqual({
      title: 'The Night Ferry', description: 'A ferry captain on her last crossing finds a stowaway who knows her name.',
      author: 'Maren Holt', publisher: 'IMDb', datePublished: '2019-10-18T12:00:00.000Z',
      image: 'https://m.media-amazon.com/images/M/MV5BnightferryposterXYZ._V1_.jpg',
    });
    // The general rules alone keep the og:title noise and the runtime line.
    const plain = fixtureCard('imdb/title.html', 'https://www.imdb.com/title/tt0468569/', null);
    expect(plain.title).not.toBe('The Night Ferry');
  });

  it('series: the creators as authors (the company in the list has no name)', () => {
    expect(summary(siteCard('imdb', 'series'))).toEqual({
      title: 'Salt Flats', description: 'Two sisters run a failing motel on the edge of a dry lake.',
      author: 'Eve Showrunner, Finn Showrunner', publisher: 'IMDb', datePublished: '2021-03-14T12:00:00.000Z',
      image: 'https://m.media-amazon.com/images/M/MV5BsaltflatsposterQRS._V1_.jpg',
    });
  });

  it('name: the person (without the job titles og:title adds), the bio, the photo; no author, no birth date', () => {
    expect(summary(siteCard('imdb', 'name'))).toEqual({
      title: 'Maren Holt', description: 'Maren Holt grew up on the Hebrides and made three short films before her first feature.',
      author: null, publisher: 'IMDb', datePublished: null,
      image: 'https://m.media-amazon.com/images/M/MV5BmarenholtheadshotJKL._V1_.jpg',
    });
  });

  it('refuses the runtime-and-certificate og:description when nothing better is there', () => {
    const card = siteCard('imdb', 'title');
    expect(card.description).not.toBe('1h 52m | PG-13');
  });
});

describe('Medium', () => {
  it('post: the title without "| by Author | Medium", the author, the date, the post\'s image', () => {
    expect(summary(siteCard('medium', 'post'))).toEqual({
      title: 'Why we moved our queue to Postgres',
      description: 'Six months after dropping the broker: what got simpler, what got slower, and the one index that saved us.',
      author: 'Ann Example', publisher: 'Medium', datePublished: '2024-05-24T09:41:12.345Z',
      image: 'https://miro.medium.com/v2/resize:fit:1200/1*QueueDiagram0aB1cD2eF3.png',
    });
  });

  it('publication post: Medium is the publisher users know; Medium\'s logo card is no image', () => {
    expect(summary(siteCard('medium', 'publication-post'))).toEqual({
      title: 'Ten years of on-call', description: 'What a decade of pages taught us about alerts nobody reads.',
      author: 'Ben Example', publisher: 'Medium', datePublished: '2023-11-02T16:05:00.000Z', image: null,
    });
    expect(fixtureCard('medium/publication-post.html', 'https://medium.com/example-engineering/ten-years-of-on-call-5b8e2d1a9c0f', null).image[0]).toBe('https://miro.medium.com/v2/1*m-R_BkNf1Qjr1YbyOIJY2w.png');
  });

  it('publication post of 2023: og:title, not the JSON-LD name that adds ` - Publication`', () => {
    expect(summary(siteCard('medium', 'publication-2023'))).toEqual({
      title: 'Ten Years of On-Call', description: 'What a decade of pages taught us about sleep, alerts and ownership.',
      author: 'Ann Example', publisher: 'Medium', datePublished: '2023-09-12T14:03:21.512Z',
      image: 'https://miro.medium.com/v2/resize:fit:1200/1*AbCdEfGhIjKlMnOpQrStUv.jpeg',
    });
  });

  it('post on a user subdomain: the byline cut from og:title, Medium\'s slogan refused for the lead paragraph', () => {
    expect(summary(siteCard('medium', 'subdomain-post'))).toEqual({
      title: 'Notes from a slow rewrite', description: 'We rewrote the billing service one endpoint a week, for a year.',
      author: 'Ann Example', publisher: 'Medium', datePublished: '2022-02-14T08:00:00.000Z',
      image: 'https://miro.medium.com/v2/resize:fit:1200/1*RewriteChart9zY8xW7v.jpeg',
    });
  });
});

describe('Substack', () => {
  it('post: the headline, the writer, the newsletter as publisher, the date, the post\'s image', () => {
    expect(summary(siteCard('substack', 'post'))).toEqual({
      title: 'Winter stores', description: 'Brining, drying and the one jar I never open before March.',
      author: 'Ann Example', publisher: 'The Salt Letter', datePublished: '2024-01-12T13:00:54.000Z',
      image: 'https://substack-post-media.s3.amazonaws.com/public/images/jars-1a2b3c.jpeg',
    });
  });

  it('post without JSON-LD or og:title: `<title>` without " - by Author - Newsletter"', () => {
    const html = '<title>Winter stores - by Ann Example - The Salt Letter</title><meta name="author" content="Ann Example">';
    const card = pickFields(parseHtml(html), {url: 'https://saltletter.substack.com/p/winter-stores', headers: {}});
    expect([card.title, card.author, card.publisher]).toEqual(['Winter stores', 'Ann Example', 'Substack']);
  });

  it('profile: the writer\'s name without "| Substack", as title and author', () => {
    expect(summary(siteCard('substack', 'profile'))).toEqual({
      title: 'Ann Example', description: 'Pickles, preserves and patience. Writer of The Salt Letter.',
      author: 'Ann Example', publisher: 'Substack', datePublished: null,
      image: 'https://substackcdn.com/image/fetch/w_400,h_400,c_fill/https%3A%2F%2Fsubstack-post-media.s3.amazonaws.com%2Fpublic%2Fimages%2Fann.png',
    });
  });
});

describe('Dribbble', () => {
  it('shot: the name and the designer from "Name by Designer on Dribbble", the shot as image', () => {
    expect(summary(siteCard('dribbble', 'shot'))).toEqual({
      title: 'Banking App Onboarding', description: 'Three onboarding screens for a small savings app: soft greens, one big number per screen.',
      author: 'Ann Example', publisher: 'Dribbble', datePublished: null,
      image: 'https://cdn.dribbble.com/userupload/12345678/file/original-0a1b2c3d4e5f.png?resize=400x0',
    });
  });

  it('team shot: the designer, not the team; Dribbble\'s "Discover … designs" sentence is no description', () => {
    expect(summary(siteCard('dribbble', 'team-shot'))).toEqual({
      title: 'Harbour Logo', description: null, author: 'Ben Example', publisher: 'Dribbble', datePublished: null,
      image: 'https://cdn.dribbble.com/userupload/12345679/file/original-9f8e7d6c5b4a.jpg?resize=400x0',
    });
  });

  it('profile: the name, the bio, the avatar', () => {
    expect(summary(siteCard('dribbble', 'profile'))).toMatchObject({
      title: 'Ann Example', description: 'Product designer in Lisbon. Calm interfaces for money and health.', author: 'Ann Example', publisher: 'Dribbble',
    });
  });
});

describe('Pinterest', () => {
  it('pin: the SocialMediaPosting (headline, text, pinner, date, the original image)', () => {
    expect(summary(siteCard('pinterest', 'pin'))).toEqual({
      title: 'Easy weeknight shakshuka', description: 'Eggs poached in a spiced tomato and pepper sauce, on the table in 25 minutes.',
      author: 'Ann Example', publisher: 'Pinterest', datePublished: '2024-05-24T07:15:42.000Z',
      image: 'https://i.pinimg.com/originals/ab/cd/ef/abcdef0123456789shakshuka.jpg',
    });
  });

  it('pin on a country subdomain: the generic "This Pin was discovered by …" names the pinner and is no description', () => {
    expect(summary(siteCard('pinterest', 'pin-uk'))).toEqual({
      title: 'Raised beds from old scaffold boards', description: null, author: 'Ben Example', publisher: 'Pinterest', datePublished: null,
      image: 'https://i.pinimg.com/originals/12/34/56/123456raisedbeds.jpg',
    });
    const plain = fixtureCard('pinterest/pin-uk.html', 'https://uk.pinterest.com/pin/9876543210987654321/', null);
    expect(plain.description).toMatch(/^This Pin was discovered by/);
  });

  it('pin titled `Pin by Name on Board`: the pinner is the author, the pin\'s text the description', () => {
    expect(summary(siteCard('pinterest', 'pin-by'))).toEqual({
      title: 'Pin by Cara Example on Small gardens', description: 'Gravel, two benches and a birch: a courtyard garden in a weekend.',
      author: 'Cara Example', publisher: 'Pinterest', datePublished: null, image: 'https://i.pinimg.com/originals/77/88/99/778899courtyard.jpg',
    });
  });

  it('board on pinterest.de: its name, its owner from "Explore Name\'s board", no boilerplate description', () => {
    expect(summary(siteCard('pinterest', 'board'))).toEqual({
      title: 'Weeknight dinners', description: null, author: 'Ann Example', publisher: 'Pinterest', datePublished: null,
      image: 'https://i.pinimg.com/custom_covers/222x/123456789012345678_1717400000.jpg',
    });
  });

  it('profile on pinterest.co.uk: the name and handle without "- Profile | Pinterest"', () => {
    expect(summary(siteCard('pinterest', 'profile'))).toEqual({
      title: 'Ann Example (annexample)', description: null, author: 'Ann Example', publisher: 'Pinterest', datePublished: null,
      image: 'https://i.pinimg.com/280x280_RS/aa/bb/cc/aabbccannexample.jpg',
    });
  });
});

describe('Twitch', () => {
  it('channel: its name as title and author, its own words, the live stream\'s thumbnail over the avatar', () => {
    const card = siteCard('twitch', 'channel');
    expect(summary(card)).toMatchObject({
      title: 'examplestreamer', description: 'Chill speedruns of old platformers, every weekday evening.', author: 'examplestreamer', publisher: 'Twitch',
      // The live broadcast's start (the live VideoObject's uploadDate), never when the channel was made.
      datePublished: '2024-05-24T18:00:03.000Z',
      image: 'https://static-cdn.jtvnw.net/previews-ttv/live_user_examplestreamer-1920x1080.jpg',
    });
    expect(card.image).toContain('https://static-cdn.jtvnw.net/jtv_user_pictures/0a1b2c3d-examplestreamer-profile_image-300x300.png');
  });

  it('video (VOD): the title without "- channel on Twitch", the channel as author, the upload date, the thumbnail', () => {
    expect(summary(siteCard('twitch', 'video'))).toEqual({
      // Twitch gives a VOD no text of its own but its title: "went live on Twitch. Catch up on …" is refused.
      title: 'Any% practice, road to sub 30', description: 'Any% practice, road to sub 30', author: 'examplestreamer', publisher: 'Twitch',
      datePublished: '2024-05-24T18:00:03.000Z',
      image: 'https://static-cdn.jtvnw.net/cf_vods/d1m7jfoe9zdc1j/0a1b2c3d4e5f_examplestreamer_51234567890_1716573603/thumb/thumb0-1280x720.jpg',
    });
  });

  it('clip on clips.twitch.tv: the channel is the author, not who clipped it; "Clipped by …" is no description', () => {
    expect(summary(siteCard('twitch', 'clip'))).toEqual({
      title: 'Unbelievable wall jump', description: null, author: 'examplestreamer', publisher: 'Twitch', datePublished: null,
      image: 'https://clips-media-assets2.twitch.tv/AT-cm%7C1234567890-preview-480x272.jpg',
    });
  });

  it('the shell served without scripts: "Twitch", its slogan and its logo are refused', () => {
    const card = fixtureCard('twitch/shell.html', 'https://www.twitch.tv/examplestreamer');
    expect(summary(card)).toEqual({title: null, description: null, author: null, publisher: 'Twitch', datePublished: null, image: null});
    const plain = fixtureCard('twitch/shell.html', 'https://www.twitch.tv/examplestreamer', null);
    expect([plain.title, plain.image[0]]).toEqual(['Twitch', 'https://static-cdn.jtvnw.net/ttv-static-metadata/twitch_logo3.jpg']);
  });
});

describe('through extract(), from a real server on 127.0.0.1', () => {
  // pin.it, uk.pinterest.com and www.imdb.com are this machine; any other name does not resolve.
  const names = ['pin.it', 'uk.pinterest.com', 'www.imdb.com'];
  const lookup = namesLookup(names);
  const fixture = (path: string) => readFileSync(new URL(`../../fixtures/sites/${path}`, import.meta.url), 'utf8');
  let server: TestServer;
  const at = (host: string, path: string) => `http://${host}:${server.port}${path}`;
  const extract = createExtractor({allowAddress: isLoopback, dnsLookup: lookup});

  beforeAll(async () => {
    const page = (html: string) => (_request: unknown, response: import('node:http').ServerResponse) => void response.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(html);
    server = await startServer({
      '/pin/9876543210987654321/': page(fixture('pinterest/pin-uk.html')),
      '/title/tt0468569/': page(fixture('imdb/title.html')),
      // pin.it only redirects: the site is the final page's.
      '/aBc12': (_request, response) => void response.writeHead(301, {location: at('uk.pinterest.com', '/pin/9876543210987654321/')}).end(),
    });
  });
  afterAll(() => server.close());

  it('a pin.it link: the rules of the pin it redirects to', async () => {
    const result = await extract(at('pin.it', '/aBc12'), {ping: false});
    expect(result.redirects).toHaveLength(1);
    expect(result.data).toMatchObject({title: 'Raised beds from old scaffold boards', description: null, author: 'Ben Example', publisher: 'Pinterest'});
  });

  it('an IMDb title: the film, not the og:title noise', async () => {
    const {data} = await extract(at('www.imdb.com', '/title/tt0468569/'), {ping: false});
    expect(data).toMatchObject({title: 'The Night Ferry', author: 'Maren Holt', publisher: 'IMDb', image: {url: 'https://m.media-amazon.com/images/M/MV5BnightferryposterXYZ._V1_.jpg'}});
  });
});
