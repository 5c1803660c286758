import {meta} from '../rule-kit.js';
import {oembed} from './oembed-rules.js';
import type {SiteRules} from './site.js';
import {constant, jsonldNamesOf, jsonldOf, jsonldUrlsOf, mapped, onPath} from './site-kit.js';

const commentPath = /^\/r\/\w+\/comments\/\w+\/[^/]*\/\w+\/?/;

/**
 * Reddit (www. and old.): a post carries a DiscussionForumPosting (headline, author, datePublished,
 * image); a comment's permalink also a Comment (text, author, dateCreated). og:title adds the
 * subreddit (`Title : r/sub`, `r/sub on Reddit: Title`); old.reddit's byline is the `.author` link.
 * Its oEmbed (a post's or a comment's title and author) is asked after the page, only when the page
 * left one of them empty.
 */
export const reddit: SiteRules = {
  id: 'reddit',
  hosts: ['reddit.com', 'redd.it'],
  kinds: [
    {kind: 'post', example: 'https://www.reddit.com/r/examplesub/comments/1d0abcd/my_first_sourdough/'},
    {kind: 'old-post', example: 'https://old.reddit.com/r/examplesub/comments/1d0abcd/my_first_sourdough/'},
    {kind: 'comment', example: 'https://www.reddit.com/r/examplesub/comments/1d0abcd/my_first_sourdough/l5xyz12/'},
    {kind: 'subreddit', example: 'https://www.reddit.com/r/examplesub/'},
  ],
  rules: {
    title: [
      jsonldOf(['DiscussionForumPosting'], 'headline'),
      mapped('meta(og:title) without the subreddit', meta('og:title'), (value) => value.replace(/^r\/\w+ on Reddit: | : r\/\w+$/g, '')),
      oembed('title'),
    ],
    description: [onPath(commentPath, jsonldOf(['Comment'], 'text')), jsonldOf(['DiscussionForumPosting'], 'text')],
    author: [onPath(commentPath, jsonldNamesOf(['Comment'], 'author')), jsonldNamesOf(['DiscussionForumPosting'], 'author'), oembed('author_name')],
    publisher: [constant('Reddit')],
    datePublished: [onPath(commentPath, jsonldOf(['Comment'], 'dateCreated')), jsonldOf(['DiscussionForumPosting'], 'datePublished')],
    image: [jsonldUrlsOf(['DiscussionForumPosting'], 'image')],
  },
  refuse: {
    title: (value) => /^(?:Reddit - Dive into anything|reddit: the front page of the internet|Reddit - The heart of the internet)$/.test(value),
    // Reddit's own icon and share card, served for any page without media.
    image: (value) => /redditstatic\.com\/(?:icon|shreddit\/assets\/(?:favicon|reddit-logo)|desktop2x\/img\/favicon)/.test(value),
  },
  oembed: {parallel: false},
};
