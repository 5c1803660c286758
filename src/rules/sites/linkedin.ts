import {meta} from '../rule-kit.js';
import type {SiteRules} from './site.js';
import {constant, documentTitle, jsonldNamesOf, jsonldOf, mapped, matched, onPath, without} from './site-kit.js';

const content = ['SocialMediaPosting', 'DiscussionForumPosting', 'Article', 'NewsArticle'];
/** A post (`/posts/name_slug-activity-…`, `/feed/update/urn:li:activity:…`), not an article (`/pulse/…`). */
const postPath = /^\/(?:posts|feed\/update)\//;
/** The comment count (and the brand) LinkedIn adds after a post's title: ` | 42 comments`. */
const counts = /(?: \| [\d.,]+K? (?:comments?|Kommentare?|commentaires?|comentarios?))?(?: \| LinkedIn)?$/;
/** `Name on LinkedIn: ` before a post's text, in the visitor's language too (`Name auf LinkedIn: `, `Name sur LinkedIn : `). */
const nameOn = /^(.+?) (?:on|auf|sur|en|su|no|op|på|na) LinkedIn\s?: /;
/** A post's title in the shape `Name on LinkedIn: text`, without the counts after it; another shape is none. */
const namedPost = (value: string): string | null => (nameOn.test(value) ? value.replace(counts, '') : null);

/**
 * LinkedIn: posts and articles carry a SocialMediaPosting/Article with `author` and `datePublished`;
 * a post's og:title is `Name on LinkedIn: text…` (its title, as shared: the person and the post's
 * start; its text is the description), an article's headline is its title; a profile's `Name - Headline | LinkedIn`, a
 * company's `Company | LinkedIn`.
 */
export const linkedin: SiteRules = {
  id: 'linkedin',
  hosts: ['linkedin.com', 'lnkd.in'],
  kinds: [
    {kind: 'post', example: 'https://www.linkedin.com/posts/ann-example_launch-activity-7199999999999999999-AbCd'},
    {kind: 'profile', example: 'https://www.linkedin.com/in/ann-example'},
    {kind: 'company', example: 'https://www.linkedin.com/company/example-robotics'},
    {kind: 'article', example: 'https://www.linkedin.com/pulse/what-we-learned-ann-example'},
    {kind: 'post-title', example: 'https://www.linkedin.com/feed/update/urn:li:activity:7200000000000000000/'},
  ],
  rules: {
    title: [
      // A post: the person and the post's start, as LinkedIn titles it for sharing (the post's text is the description).
      onPath(postPath, mapped('meta(og:title) without counts', meta('og:title', 'twitter:title'), namedPost)),
      onPath(postPath, mapped('document(title) without counts', documentTitle, namedPost)),
      jsonldOf(content, 'headline'),
      // `Name on LinkedIn: text | 42 comments`: the post's text.
      mapped('meta(og:title) without name and counts', meta('og:title'), (value) => value.replace(/^.+? on LinkedIn: | \| [\d.,]+K? comments?$| \| LinkedIn$/g, '')),
    ],
    author: [
      jsonldNamesOf(content, 'author'),
      matched(meta('og:title'), nameOn),
      onPath(postPath, matched(documentTitle, nameOn)),
      onPath(/^\/in\//, matched(meta('og:title'), /^(.+?) - /)),
      onPath(/^\/company\//, without(meta('og:title'), / \| LinkedIn$/)),
    ],
    publisher: [constant('LinkedIn')],
    datePublished: [jsonldOf(content, 'datePublished')],
  },
  refuse: {
    title: (value) => /^(?:LinkedIn|Sign Up \| LinkedIn|LinkedIn Login, Sign in \| LinkedIn|Sign In \| LinkedIn|Security Verification \| LinkedIn)$/.test(value),
    // The cookie banner and the sign-up wall's pitch, which the wall serves as its description.
    description: (value) => /^(?:LinkedIn and 3rd parties use (?:essential and non-essential )?cookies|500 million\+ members|1 billion members|Join now to (?:see|view)|Sign in to view|Log in or sign up to view)/i.test(value) || /^LinkedIn is the world['’]s largest professional network/i.test(value),
  },
};
