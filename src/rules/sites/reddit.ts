import {meta, named} from '../rule-kit.js';
import {oembed} from './oembed-rules.js';
import type {SiteRules} from './site.js';
import {constant, documentTitle, jsonldNamesOf, jsonldOf, jsonldUrlsOf, mapped, mark, matched, onPath} from './site-kit.js';

const commentPath = /^\/r\/\w+\/comments\/\w+\/[^/]*\/\w+\/?/;

/**
 * What Reddit's titles wrap a post's title in: `r/sub on Reddit: ` (2023), `From the sub community on
 * Reddit: ` (2024–), `r/sub - ` (the 2018–2023 site's og:title), ` : r/sub` and ` : sub` (`<title>`,
 * the old site's without `r/`), ` - Reddit`.
 */
const titleWrap = /^(?:r\/\w+ on Reddit: |From the (?:r\/)?\w+ community on Reddit: |r\/\w+ - )| : (?:r\/)?\w+$| - Reddit$/g;
/**
 * The line Reddit gives a post without text as its description, naming its poster: `Posted in r/sub
 * by u/name • 412 points and 96 comments` (2018–2023), `Posted by u/name - 312 votes and 41 comments` (2023).
 */
const postedBy = /^Posted (?:in r\/\w+ )?by u\/([\w-]+) [-•] [\d.,]+k? (?:votes?|points?) and [\d.,]+k? comments?$/i;
/** The same before a post's text in a description. */
const descriptionWrap = /^From the (?:r\/)?\w+ community on Reddit: /;

/** A post's link when it is its picture (an image post): `i.redd.it`, `preview.redd.it`, an imgur image. */
const postImage = named('mark(shreddit-post@content-href image)', (snapshot) => {
  const href = snapshot.marks?.['shreddit-post@content-href'];
  return href !== undefined && /^https:\/\/(?:i\.redd\.it|preview\.redd\.it|i\.imgur\.com)\/[^?#]+\.(?:jpe?g|png|gif|webp)(?:[?#]|$)/i.test(href) ? href : null;
});

/**
 * Reddit (www., new, old.): a post's `<shreddit-post>` element carries its title, author, time and
 * link (`post-title`, `author`, `created-timestamp`, `content-href`); a post also carries a
 * DiscussionForumPosting (headline, text, author, datePublished, image) on some pages, a comment's
 * permalink a Comment. og:title wraps the title (`r/sub on Reddit: Title`, `From the sub community
 * on Reddit: Title`, `Title : r/sub`): unwrapped. og:description is boilerplate on text-less shares
 * (`Explore this post and more from the sub community`, `Posted by u/x - 312 votes and 41 comments`):
 * refused (the poster it names is the author), so the post's text (JSON-LD, else the page's first
 * paragraph) is the description. Its
 * oEmbed (a post's or a comment's title and author) is asked after the page, only when the page
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
    {kind: 'shreddit-post', example: 'https://www.reddit.com/r/examplesub/comments/1e2fghi/starter_smells_like_nail_polish/'},
    {kind: 'shreddit-image', example: 'https://www.reddit.com/r/examplesub/comments/1e3jklm/crumb_shot/'},
    {kind: 'post-2021', example: 'https://www.reddit.com/r/Sourdough/comments/mabc12/how_long_can_i_keep_a_starter_in_the_fridge/'},
    {kind: 'post-2023', example: 'https://www.reddit.com/r/Sourdough/comments/mabc13/how_long_can_i_keep_a_starter_in_the_fridge/'},
  ],
  rules: {
    title: [
      mark('shreddit-post@post-title'),
      jsonldOf(['DiscussionForumPosting'], 'headline'),
      mapped('meta(og:title) without the subreddit', meta('og:title', 'twitter:title'), (value) => value.replace(titleWrap, '')),
      oembed('title'),
      mapped('document(title) without the subreddit', documentTitle, (value) => value.replace(titleWrap, '')),
    ],
    description: [
      onPath(commentPath, jsonldOf(['Comment'], 'text')),
      jsonldOf(['DiscussionForumPosting'], 'text'),
      mapped('meta(og:description) without the community', meta('og:description', 'twitter:description'), (value) => value.replace(descriptionWrap, '')),
    ],
    author: [
      onPath(commentPath, jsonldNamesOf(['Comment'], 'author')), mark('shreddit-post@author'), jsonldNamesOf(['DiscussionForumPosting'], 'author'),
      matched(meta('og:description', 'twitter:description', 'description'), postedBy), oembed('author_name'),
    ],
    publisher: [constant('Reddit')],
    datePublished: [onPath(commentPath, jsonldOf(['Comment'], 'dateCreated')), mark('shreddit-post@created-timestamp'), jsonldOf(['DiscussionForumPosting'], 'datePublished')],
    image: [postImage, jsonldUrlsOf(['DiscussionForumPosting'], 'image')],
  },
  refuse: {
    title: (value) => /^(?:Reddit - Dive into anything|reddit: the front page of the internet|Reddit - The heart of the internet|Reddit - Please wait for verification)$/.test(value),
    description: (value) => postedBy.test(value) || /^(?:Explore this post and more from the (?:r\/)?\w+ community|[\d.,]+k? votes?, [\d.,]+k? comments?\. [\d.,]+[kKmM]? subscribers in the \w+ community|[\d.,]+k? votes? and [\d.,]+k? comments? so far on Reddit|Reddit is where millions of people gather|Reddit gives you the best of the internet)/i.test(value),
    // Reddit's own icon and share card, served for any page without media.
    image: (value) => /redditstatic\.com\/(?:icon|shreddit\/assets\/(?:favicon|reddit-logo)|desktop2x\/img\/favicon)/.test(value),
  },
  oembed: {parallel: false},
};
