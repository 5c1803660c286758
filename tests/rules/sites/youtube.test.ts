import {describe, expect, it} from '@jest/globals';
import {siteCard, summary} from './site-card.js';

describe('YouTube', () => {
  it('watch: the VideoObject microdata, the channel as author, the upload date', () => {
    expect(summary(siteCard('youtube', 'watch'))).toEqual({
      title: 'Building a Tiny Greenhouse from Old Windows',
      description: 'We turned six salvaged windows into a greenhouse in one weekend. Parts list below.',
      author: 'Backyard Builds', publisher: 'YouTube', datePublished: '2021-05-24T15:00:11.000Z',
      image: 'https://i.ytimg.com/vi/aBcDeFgHiJk/maxresdefault.jpg',
    });
  });

  it('shorts: the JSON-LD VideoObject', () => {
    expect(summary(siteCard('youtube', 'shorts'))).toEqual({
      title: 'Sourdough scoring in 30 seconds #shorts', description: 'Four cuts, one blade, no stress.',
      author: 'Crumb Lab', publisher: 'YouTube', datePublished: '2024-02-10T23:30:00.000Z',
      image: 'https://i.ytimg.com/vi/aBcDeFgHiJk/oar2.jpg',
    });
  });

  it('youtu.be with generic og tags: "YouTube" and the slogan refused, the video read from its microdata, its thumbnail first', () => {
    expect(summary(siteCard('youtube', 'youtu.be'))).toEqual({
      title: 'Night Train to Lisbon (full ride)', description: 'Eight hours of rails, filmed from the last carriage.',
      author: 'Slow Rails', publisher: 'YouTube', datePublished: '2019-11-02T07:00:00.000Z',
      image: 'https://i.ytimg.com/vi/aBcDeFgHiJk/hqdefault.jpg',
    });
  });

  it('playlist: its own title and first video thumbnail, no suffix', () => {
    expect(summary(siteCard('youtube', 'playlist'))).toEqual({
      title: 'Beginner Woodworking', description: 'Twelve projects that need only hand tools.',
      author: null, publisher: 'YouTube', datePublished: null,
      image: 'https://i.ytimg.com/vi/kLmNoPqRsTu/hqdefault.jpg?days_since_epoch=19800',
    });
  });

  it('channel: the channel is its own author', () => {
    expect(summary(siteCard('youtube', 'channel'))).toMatchObject({title: 'Backyard Builds', author: 'Backyard Builds', publisher: 'YouTube'});
  });

  it('live: the stream and its channel', () => {
    expect(summary(siteCard('youtube', 'live'))).toEqual({
      title: 'Harbour Cam 24/7', description: 'Live from the harbour wall.', author: 'Port Authority Cams', publisher: 'YouTube',
      datePublished: '2023-08-01T06:00:00.000Z', image: 'https://i.ytimg.com/vi/aBcDeFgHiJk/maxresdefault_live.jpg',
    });
  });
});
