import {meta} from '../rule-kit.js';
import type {SiteRules} from './site.js';
import {constant, matched, onPath, without} from './site-kit.js';

const postPath = /^\/(?:[\w.]+\/)?(?:p|reel|reels|tv)\//;

/**
 * Instagram: a post's og:title is `Name on Instagram: "caption"`, its og:description
 * `12 likes, 3 comments - handle on May 24, 2021: "caption"`, its og:image the photo (a reel's
 * poster). A profile's og:title is `Name (@handle) • Instagram photos and videos`.
 */
export const instagram: SiteRules = {
  id: 'instagram',
  hosts: ['instagram.com', 'instagr.am'],
  kinds: [
    {kind: 'post', example: 'https://www.instagram.com/p/C7aBcDeFgHi/'},
    {kind: 'reel', example: 'https://www.instagram.com/reel/C7zYxWvUtSr/'},
    {kind: 'profile', example: 'https://www.instagram.com/examplephotos/'},
  ],
  rules: {
    title: [without(meta('og:title'), / • Instagram photos and videos$/)],
    // The caption, without the counts and the handle before it.
    description: [
      onPath(postPath, matched(meta('og:description'), /^[^"“]*?: [“"]([\s\S]+?)[”"]\.?\s*$/)),
      onPath(/^\/[\w.]+\/?$/, without(meta('og:description'), /^[\d.,]+[KMB]? Followers, [\d.,]+[KMB]? Following, [\d.,]+[KMB]? Posts - /)),
    ],
    author: [matched(meta('og:title'), /^(.+?) on Instagram\b/), matched(meta('og:title'), /^(.+?) \(@[\w.]+\)/)],
    publisher: [constant('Instagram')],
    // "… - handle on May 24, 2021: …": when the post was posted.
    datePublished: [onPath(postPath, matched(meta('og:description'), / on ([A-Z][a-z]+ \d{1,2}, \d{4})\s*:/))],
  },
  // "Login • Instagram" is not refused: a post behind the login wall is EWALL before the rules run
  // (src/walls), so a page titled so is the login page itself, shared on purpose.
  refuse: {
    title: (value) => value === 'Instagram',
  },
};
