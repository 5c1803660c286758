import {meta} from '../rule-kit.js';
import type {SiteRules} from './site.js';
import {constant, matched, onPath, without} from './site-kit.js';

/**
 * Facebook (to link previewers): a video's og:title is `Title | By Page | Facebook`, a post's og:title
 * the page's name and its og:description the post's text; a page's og:title is its name. Its login
 * page ("Log into Facebook") is refused.
 */
export const facebook: SiteRules = {
  id: 'facebook',
  hosts: ['facebook.com', 'fb.com', 'fb.watch'],
  kinds: [
    {kind: 'post', example: 'https://www.facebook.com/examplebakery/posts/pfbid02aBcDeF'},
    {kind: 'video', example: 'https://www.facebook.com/examplebakery/videos/1234567890123456/'},
    {kind: 'page', example: 'https://www.facebook.com/examplebakery'},
  ],
  rules: {
    title: [without(without(meta('og:title'), / \| Facebook$/), / \| By [^|]+$/)],
    author: [
      matched(meta('og:title'), /\| By ([^|]+?)(?: \| Facebook)?$/),
      // A post or a page: the page (or person) is the og:title.
      onPath(/^\/[\w.-]+\/(?:posts|photos)\/|^\/[\w.-]+\/?$/, without(meta('og:title'), / \| Facebook$/)),
    ],
    publisher: [constant('Facebook')],
  },
  refuse: {
    title: (value) => /^(?:Facebook|Log into Facebook|Log in to Facebook|Log in or sign up to view|Error|Content not found|This content isn't available (?:right now|at the moment))$/i.test(value),
    description: (value) => /^(?:Log into Facebook to start sharing|Log in to Facebook to start sharing|See posts, photos and more on Facebook\.|Facebook helps you connect and share with the people in your life|Create an account or log in to Facebook\.)/.test(value),
  },
};
