import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../../src/parse/parse-html.js';
import {youtubeState} from '../../../src/rules/sites/youtube-state.js';
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

  it('watch without microdata (2023–): the channel and the publish date from ytInitialPlayerResponse', () => {
    expect(summary(siteCard('youtube', 'watch-state'))).toEqual({
      title: 'How We Rebuilt a 1960s Sailboat – Part 1',
      description: 'Two winters in a shed, one hull, and a lot of epoxy. Chapters: 0:00 Intro 2:10 Stripping the deck',
      author: 'Harbour Workshop', publisher: 'YouTube', datePublished: '2023-03-14T14:00:12.000Z',
      image: 'https://i.ytimg.com/vi/Xy12Ab34Cd5/maxresdefault.jpg',
    });
  });

  it('watch of 2021: `window["ytInitialPlayerResponse"] = …`, a publish day without time', () => {
    expect(summary(siteCard('youtube', 'watch-state-2021'))).toMatchObject({
      author: 'Old Mill Boats', publisher: 'YouTube', datePublished: '2021-09-02T12:00:00.000Z',
    });
  });
});

describe('YouTube player state', () => {
  const details = '"videoDetails":{"videoId":"a","title":"Tide \\"tables\\" \\u0026 you","author":"Sea Notes","shortDescription":"x"}';
  const microformat = '"microformat":{"playerMicroformatRenderer":{"title":{"simpleText":"Tide"},"publishDate":"2024-01-02T03:04:05-08:00","ownerChannelName":"Sea Notes Channel","uploadDate":"2024-01-01"}}';

  it('is kept after 300 kB of other scripts and read with its escapes', () => {
    const filler = `<script>var ytcfg = {"a":"${'x'.repeat(300 * 1024)}"};</script>`;
    const html = `<html><head>${filler}</head><body><script nonce="n">var ytInitialPlayerResponse = {"streamingData":{"f":"${'y'.repeat(200 * 1024)}"},${details},${microformat}};var meta = 1;</script></body></html>`;
    expect(youtubeState(parseHtml(html))).toEqual({
      title: 'Tide "tables" & you', channel: 'Sea Notes Channel', description: 'x', date: '2024-01-02T03:04:05-08:00',
    });
  });

  it('is read only from a script that starts by setting it', () => {
    const html = `<script>var other = 1; ${'z'.repeat(200)} var ytInitialPlayerResponse = {${details}};</script><script>console.log("ytInitialPlayerResponse")</script>`;
    expect(parseHtml(html).marks).toBeUndefined();
    expect(youtubeState(parseHtml(`<script>${'\n'.repeat(10)}var ytInitialPlayerResponse = {${details}};</script>`))).toEqual({title: 'Tide "tables" & you', channel: 'Sea Notes', description: 'x'});
  });
});
