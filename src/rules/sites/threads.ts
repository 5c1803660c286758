import {meta} from '../rule-kit.js';
import type {SiteRules} from './site.js';
import {constant, mapped, matched, onPath, without} from './site-kit.js';

/**
 * Threads (threads.net and threads.com): a post's og:title is `Name (@handle) on Threads`, its
 * og:description the post's text, og:image its first photo (else the author's picture). A profile's
 * og:title is `Name (@handle) • Threads, Say more`, its og:description `1.2K Followers • 80 Threads •
 * bio. See the latest conversations with @handle.` The date is not in the served HTML.
 */
export const threads: SiteRules = {
  id: 'threads',
  hosts: ['threads.net', 'threads.com'],
  kinds: [
    {kind: 'post', example: 'https://www.threads.com/@ann.example/post/C7aBcDeFgHi'},
    {kind: 'profile', example: 'https://www.threads.net/@ann.example'},
  ],
  rules: {
    title: [without(meta('og:title'), / • Threads, Say more$/)],
    description: [
      onPath(/^\/@[\w.]+\/?(?:[?#]|$)/, mapped('meta(og:description) without counts', meta('og:description'), (value) =>
        value.replace(/^[\d.,]+[KMB]? Followers • [\d.,]+[KMB]? Threads • /, '').replace(/\s*See the latest conversations with @[\w.]+\.$/, ''))),
    ],
    author: [matched(meta('og:title'), /^(.+?) \(@[\w.]+\)(?: on Threads| • Threads\b)/)],
    publisher: [constant('Threads')],
  },
  refuse: {
    title: (value) => /^Threads(?: • Log in)?$|^Threads, Say more$/.test(value),
    description: (value) => /^Join Threads to share ideas|^See the latest conversations with @[\w.]+\.?$/.test(value),
    // Meta's static sprites and the Threads logo, served when a post has no media and no picture.
    image: (value) => /static\.cdninstagram\.com\/rsrc\.php\//.test(value),
  },
};
