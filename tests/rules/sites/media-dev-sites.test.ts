import {describe, expect, it} from '@jest/globals';
import {defaultSiteIndex, siteFor} from '../../../src/rules/rules.js';
import {fixtureCard, siteCard, summary} from './site-card.js';

/*
 * The cards of SoundCloud, Vimeo, GitHub, Wikipedia, Bluesky, Threads and Telegram pages: one fixture
 * per page kind (tests/fixtures/sites/<site>/<kind>.html, written in the shape each site serves), and
 * for each the card a user of that site would call right. Each test also says what the general rules
 * alone give on the same page (`null` sites), so a site rule that stops mattering shows.
 */

/** The card of a site's page kind read without any site rules. */
const general = (site: string, kind: string, url: string): Record<string, string | null> => summary(fixtureCard(`${site}/${kind}.html`, url, null));

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

describe('dispatch of the media and developer sites', () => {
  it.each([
    ['https://soundcloud.com/a/b', 'soundcloud'], ['https://on.soundcloud.com/AbC12', 'soundcloud'], ['https://m.soundcloud.com/a', 'soundcloud'],
    ['https://vimeo.com/1', 'vimeo'], ['https://player.vimeo.com/video/1', 'vimeo'],
  ])('%s is %s', (url, id) => {
    expect(siteFor(defaultSiteIndex, url)?.id).toBe(id);
  });
});
