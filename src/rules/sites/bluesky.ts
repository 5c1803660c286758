import {meta, named} from '../rule-kit.js';
import type {SiteRules} from './site.js';
import {constant, matched, pathOf} from './site-kit.js';

/** The base32 alphabet of AT Protocol record keys (TIDs), in sort order. */
const tidAlphabet = '234567abcdefghijklmnopqrstuvwxyz';

/**
 * A post's date from its record key: a TID is 13 base32-sortable characters of a 64-bit number whose
 * bits above the lowest 10 are microseconds since 1970 (the AT Protocol's record key spec).
 */
const postKeyDate = named('url(/post/<tid>)', (_snapshot, context) => {
  const key = /\/post\/([2-7a-z]{13})(?:[/?#]|$)/.exec(pathOf(context.url))?.[1];
  // A TID starts with 2-7 or a-j (the spec's syntax: the number's top bit is 0).
  if (key === undefined || key.charCodeAt(0) > 0x6a) return null;
  let value = 0n;
  for (const char of key) value = value * 32n + BigInt(tidAlphabet.indexOf(char));
  return new Date(Number((value >> 10n) / 1000n)).toISOString();
});

/**
 * Bluesky (bsky.app): a post's og:title is `Name (@handle)`, its og:description the post's text,
 * `article:published_time` when it was posted (else the date in the post's record key), og:image
 * the post's first image (else the avatar). A profile has the same og:title and the bio. The app
 * shell says "Bluesky" with a slogan and a gradient card: refused.
 */
export const bluesky: SiteRules = {
  id: 'bluesky',
  hosts: ['bsky.app'],
  kinds: [
    {kind: 'post', example: 'https://bsky.app/profile/ann.example.com/post/3ktaxzhgdq22b'},
    {kind: 'profile', example: 'https://bsky.app/profile/ann.example.com'},
  ],
  rules: {
    author: [matched(meta('og:title'), /^(.+?) \(@[\w.:-]+\)$/), matched(meta('og:title'), /^\(?@([\w.:-]+)\)?$/)],
    publisher: [constant('Bluesky')],
    datePublished: [meta('article:published_time'), postKeyDate],
  },
  refuse: {
    title: (value) => /^Bluesky(?: Social)?$/.test(value),
    description: (value) => /^Social media as it should be\.|^Bluesky is (?:an open social network|social media as it should be)/.test(value),
    image: (value) => /bsky\.app\/static\/(?:social-card-default|favicon)/.test(value),
  },
};
