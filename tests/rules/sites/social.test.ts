import {describe, expect, it} from '@jest/globals';
import {siteCard, summary} from './site-card.js';

describe('X', () => {
  it('post: the text as description (no quotes), the name without the handle as author, the date from the post ID', () => {
    expect(summary(siteCard('x', 'post'))).toEqual({
      title: 'Example News (@examplenews) on X',
      description: 'Bridge reopens Tuesday after a two-year refit. Full story: https://t.co/AbCdEf',
      author: 'Example News', publisher: 'X',
      // (1795037467512234321 >> 22) + 1288834974657 ms
      datePublished: '2024-05-27T10:20:57.095Z',
      image: 'https://pbs.twimg.com/profile_images/1700000000000000000/AbCd_400x400.jpg',
    });
  });

  it('post with media: the photo', () => {
    expect(summary(siteCard('x', 'post-media'))).toMatchObject({
      // The handle from the URL: the title is X's own `Name (@handle) on X` (issue 33).
      title: 'Example Shots (@exampleshots) on X', description: 'Fog over the harbour this morning', author: 'Example Shots',
      image: 'https://pbs.twimg.com/media/GNaBcDeXwAAfGhI.jpg:large',
    });
  });

  it('the "JavaScript is not available" page: its text, "X" and the placeholder image are refused', () => {
    const card = siteCard('x', 'profile');
    expect(card.image).toEqual([]);
    expect(card.title).toBeNull();
    expect(card.description).toBeNull();
    expect(card.publisher).toBe('X');
  });
});

describe('Instagram', () => {
  it('post: the caption as description, the display name as author, "on May 24, 2021" as the date', () => {
    expect(summary(siteCard('instagram', 'post'))).toEqual({
      title: 'Example Photos (@examplephotos) • Instagram photo',
      description: 'First light over the dunes. #sunrise',
      author: 'Example Photos', publisher: 'Instagram', datePublished: '2021-05-24T12:00:00.000Z',
      image: 'https://scontent.cdninstagram.com/v/t51.29350-15/123456789_n.jpg?stp=dst-jpg_e35',
    });
  });

  it('reel: the poster as image, the clip as video', () => {
    const card = siteCard('instagram', 'reel');
    expect(summary(card)).toMatchObject({description: 'Shaping a batard, slowly', author: 'Crumb Lab', datePublished: '2024-02-03T12:00:00.000Z', image: 'https://scontent.cdninstagram.com/v/t51.71878-15/987654321_n.jpg'});
    expect(card.video[0]).toBe('https://scontent.cdninstagram.com/o1/v/t16/f1/m82/reel.mp4');
  });

  it('profile: its og:title as title, no follower counts in the description', () => {
    expect(summary(siteCard('instagram', 'profile'))).toMatchObject({
      title: 'Example Photos (@examplephotos) • Instagram photos and videos', description: 'See Instagram photos and videos from Example Photos (@examplephotos)', author: 'Example Photos',
    });
  });
});

describe('TikTok', () => {
  it('video: the VideoObject over the generic og tags', () => {
    expect(summary(siteCard('tiktok', 'video'))).toEqual({
      title: 'Example Cook (@examplecook) on TikTok', description: 'Three-minute tomato pasta #cooking #quick', author: 'Example Cook', publisher: 'TikTok',
      datePublished: '2024-05-24T17:02:11.000Z', image: 'https://p16-sign-va.tiktokcdn.com/obj/tos-maliva-p-0068/cover123~tplv-photomode.jpeg',
    });
  });

  it('profile: `Name (@handle) on TikTok`, the bio as description', () => {
    expect(summary(siteCard('tiktok', 'profile'))).toMatchObject({title: 'Example Cook (@examplecook) on TikTok', description: 'Fast dinners, no fuss.', author: 'Example Cook', publisher: 'TikTok'});
  });
});

describe('Facebook', () => {
  it('post: the page as author, the post as description', () => {
    expect(summary(siteCard('facebook', 'post'))).toMatchObject({
      title: 'Example Bakery', description: 'Fresh rye on the shelves from 7am tomorrow! Come early, it goes fast.', author: 'Example Bakery', publisher: 'Facebook',
      image: 'https://scontent.xx.fbcdn.net/v/t39.30808-6/445566_n.jpg',
    });
  });

  it('video: the title without "| By Page | Facebook", the page as author', () => {
    expect(summary(siteCard('facebook', 'video'))).toMatchObject({title: 'How we bake 400 loaves before sunrise', author: 'Example Bakery', publisher: 'Facebook'});
  });

  it('page: its own name', () => {
    expect(summary(siteCard('facebook', 'page'))).toMatchObject({title: 'Example Bakery', author: 'Example Bakery'});
  });
});

describe('LinkedIn', () => {
  it('post: `Name on LinkedIn: text` without the comment count (the person in the title, the text as description), author and date', () => {
    expect(summary(siteCard('linkedin', 'post'))).toEqual({
      title: 'Ann Example on LinkedIn: We shipped our first robot arm today.', description: 'We shipped our first robot arm today. Thanks to the whole team.',
      author: 'Ann Example', publisher: 'LinkedIn', datePublished: '2024-05-24T09:12:44.000Z',
      image: 'https://media.licdn.com/dms/image/v2/D4E22AQ/feedshare-shrink_800/photo.jpg',
    });
  });

  it('profile: the person as author; company: the company', () => {
    expect(summary(siteCard('linkedin', 'profile'))).toMatchObject({title: 'Ann Example - Head of Hardware - Example Robotics', author: 'Ann Example'});
    expect(summary(siteCard('linkedin', 'company'))).toMatchObject({title: 'Example Robotics', author: 'Example Robotics', publisher: 'LinkedIn'});
  });

  it('article: the Article\'s author and date, LinkedIn as publisher', () => {
    expect(summary(siteCard('linkedin', 'article'))).toMatchObject({
      title: 'What we learned shipping hardware', author: 'Ann Example', publisher: 'LinkedIn', datePublished: '2024-03-02T10:00:00.000Z',
    });
  });
});
