import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../../src/parse/parse-html.js';
import {pickFields, rules} from '../../../src/rules/rules.js';
import {siteCard, summary} from './site-card.js';

describe('Reddit', () => {
  it('post: the DiscussionForumPosting over the subreddit-wrapped og:title, its image over the share card', () => {
    expect(summary(siteCard('reddit', 'post'))).toEqual({
      title: 'My first sourdough', description: 'Three days of feeding the starter and it finally rose.', author: 'crumbfan', publisher: 'Reddit',
      datePublished: '2024-05-24T18:40:02.000Z', image: 'https://i.redd.it/abcd1234efgh.jpeg',
    });
  });

  it('old.reddit post: the .author byline and the <time>', () => {
    expect(summary(siteCard('reddit', 'old-post'))).toMatchObject({
      title: 'My first sourdough', author: 'crumbfan', publisher: 'Reddit', datePublished: '2024-05-24T18:40:02.000Z',
    });
  });

  it('comment: the comment\'s text, author and date; Reddit\'s icon refused', () => {
    expect(summary(siteCard('reddit', 'comment'))).toEqual({
      title: 'My first sourdough', description: 'Try a longer cold proof, 16 hours in the fridge.', author: 'ryeguy', publisher: 'Reddit',
      datePublished: '2024-05-24T19:05:10.000Z', image: null,
    });
  });

  it('subreddit: its name and description', () => {
    expect(summary(siteCard('reddit', 'subreddit'))).toMatchObject({title: 'r/examplesub', description: 'Bread, starters and crumb shots. Be kind to beginners.', image: null});
  });
});

describe('Amazon', () => {
  it('product: the name without "Amazon.com:" and the category, the product photo over the banners, no store link as author', () => {
    expect(summary(siteCard('amazon', 'product'))).toEqual({
      title: 'Example Electric Kettle, 1.7L Stainless Steel, Auto Shut-Off',
      description: 'Example Electric Kettle, 1.7L Stainless Steel, Auto Shut-Off',
      author: null, publisher: 'Amazon', datePublished: null,
      // The main image's high-resolution form (data-old-hires), not its src.
      image: 'https://m.media-amazon.com/images/I/71kettleAbC._AC_SL1500_.jpg',
    });
  });

  it('product on amazon.co.uk: the same rules on a country domain', () => {
    expect(summary(siteCard('amazon', 'product-uk'))).toMatchObject({
      title: "Example Walking Boots Men's Waterproof", publisher: 'Amazon', image: 'https://m.media-amazon.com/images/I/81bootsXyZ._AC_UY695_.jpg',
    });
  });

  it('book on amazon.de: the title, the cover', () => {
    expect(summary(siteCard('amazon', 'book'))).toMatchObject({
      title: 'The Salt Road: A Novel', publisher: 'Amazon', image: 'https://m.media-amazon.com/images/I/51saltroad._SY445_SX342_.jpg',
    });
  });
});

describe('Spotify', () => {
  it('track: the artist as author, the release date, the cover', () => {
    expect(summary(siteCard('spotify', 'track'))).toEqual({
      title: 'Harbour Lights', description: 'Example Band · Song · 2021', author: 'Example Band', publisher: 'Spotify',
      datePublished: '2021-05-24T12:00:00.000Z', image: 'https://i.scdn.co/image/ab67616d0000b273aaaa1111bbbb2222cccc3333',
    });
  });

  it('track of 2019–2022, without music:musician_description: the artist from `Title, a song by Artist on Spotify`', () => {
    expect(summary(siteCard('spotify', 'track-2021'))).toEqual({
      title: 'Harbour Lights', description: 'Harbour Lights, a song by Example Band on Spotify', author: 'Example Band', publisher: 'Spotify',
      datePublished: '2021-04-16T12:00:00.000Z', image: 'https://i.scdn.co/image/ab67616d0000b273aaaaaaaaaaaaaaaaaaaaaaaa',
    });
    const titled = (title: string) => pickFields(parseHtml(`<title>${title}</title>`), {url: 'https://open.spotify.com/album/6aBcDeFgHiJkLmNoPqRsTu', headers: {}}, rules).author;
    expect(titled('Tide Tables - Album by Example Band | Spotify')).toBe('Example Band');
    expect(titled('Harbour Lights - song and lyrics by Example Band | Spotify')).toBe('Example Band');
  });

  it('album, playlist (its owner), artist (itself)', () => {
    expect(summary(siteCard('spotify', 'album'))).toMatchObject({title: 'Tide Tables', author: 'Example Band', datePublished: '2021-06-11T12:00:00.000Z'});
    expect(summary(siteCard('spotify', 'playlist'))).toMatchObject({title: 'Morning Coffee', author: 'Ann Example', publisher: 'Spotify'});
    expect(summary(siteCard('spotify', 'artist'))).toMatchObject({title: 'Example Band', author: 'Example Band'});
  });

  it('episode: the show as author, the description without "Listen to this episode from … on Spotify."', () => {
    expect(summary(siteCard('spotify', 'episode'))).toEqual({
      title: 'Episode 12: Salt and Smoke', description: 'We cure a ham the old way and ask why smoke preserves.', author: 'The Slow Kitchen', publisher: 'Spotify',
      datePublished: '2024-05-24T12:00:00.000Z', image: 'https://i.scdn.co/image/ab6765630000ba8aslowkitchen',
    });
  });
});
