import {meta, named} from '../rule-kit.js';
import {oembed, oembedMapped, oembedParagraph} from './oembed-rules.js';
import type {SiteRules} from './site.js';
import {constant, matched, pathOf, without} from './site-kit.js';

/** X's epoch: a post ID (a "snowflake") holds its creation time in ms since it, above bit 22 (X's developer docs). */
const snowflakeEpoch = 1288834974657n;

/** A post's date from the ID in its URL (`/jack/status/20` is older than snowflakes: none). */
const postIdDate = named('url(/status/<snowflake>)', (_snapshot, context) => {
  const id = /\/status(?:es)?\/(\d{15,20})/.exec(pathOf(context.url))?.[1];
  if (id === undefined) return null;
  return new Date(Number((BigInt(id) >> 22n) + snowflakeEpoch)).toISOString();
});

/** `Name (@handle) on X`, as og:title says it, from the answer's `author_name` and `author_url`. */
const oembedTitle = oembedMapped('author_name (@handle) on X', 'author_name', (name, answer) => {
  const handle = typeof answer.author_url === 'string' ? /^https?:\/\/(?:[\w-]+\.)*(?:x|twitter)\.com\/(\w{1,15})\/?$/i.exec(answer.author_url.trim())?.[1] : undefined;
  return handle === undefined ? `${name} on X` : `${name} (@${handle}) on X`;
});

/**
 * X (Twitter): a post's og:title is "Name on X" (or `Name (@handle) on X`), its og:description the
 * post's text in quotes, its og:image the post's media (else the author's avatar). To a browser
 * without scripts it serves a "JavaScript is not available" page with a placeholder image: refused.
 * Its oEmbed (publish.x.com, asked alongside the page) gives the post's text (the embed's `<p>`) and
 * the author's name and handle, which stand when the page is that wall.
 */
export const x: SiteRules = {
  id: 'x',
  hosts: ['x.com', 'twitter.com', 'mobile.twitter.com'],
  kinds: [
    {kind: 'post', example: 'https://x.com/examplenews/status/1795037467512234321'},
    {kind: 'post-media', example: 'https://twitter.com/exampleshots/status/1790000000000000000'},
    {kind: 'profile', example: 'https://x.com/examplenews'},
  ],
  rules: {
    title: [without(meta('og:title'), / \/ (?:X|Twitter)$/), oembedTitle],
    // The post's text, without the quotes X puts around it.
    description: [matched(meta('og:description'), /^\s*[“"]([\s\S]*)[”"]\s*$/), oembedParagraph],
    author: [matched(meta('og:title'), /^(.+?)(?: \(@\w+\))? on (?:X|Twitter)\b/), matched(meta('og:title'), /^(.+?) \(@\w+\) \/ (?:X|Twitter)$/), oembed('author_name')],
    publisher: [constant('X')],
    datePublished: [postIdDate],
  },
  refuse: {
    title: (value) => value === 'X' || value === 'Twitter' || value === 'JavaScript is not available.',
    description: (value) => /JavaScript is (?:not available|disabled)|Something went wrong, but don’t fret/i.test(value),
    // The generic card image X serves for any page it does not describe, and its logo.
    image: (value) => /abs\.twimg\.com\/(?:rweb\/ssr\/default|responsive-web\/client-web\/icon|errors\/)/.test(value),
  },
  oembed: {parallel: true},
};
