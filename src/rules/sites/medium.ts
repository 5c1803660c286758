import {meta} from '../rule-kit.js';
import type {SiteRules} from './site.js';
import {constant, documentTitle, jsonldNamesOf, jsonldOf, jsonldUrlsOf, mapped} from './site-kit.js';

const articleTypes = ['NewsArticle', 'Article', 'BlogPosting', 'SocialMediaPosting'];

/** `Title | by Author | Publication | Medium` → `Title`: the byline, the publication and the brand cut off. */
const withoutByline = (value: string): string | null => value.replace(/ \| by [^|]+(?: \| [^|]+)*$/, '').replace(/ \| Medium$/, '').trim() || null;

/**
 * Medium (medium.com/@user/…, medium.com/<publication>/…, and <name>.medium.com): a post carries a
 * NewsArticle (JSON-LD: name, in a publication `Title - Publication`; author, datePublished, image,
 * publisher the publication) and
 * `author` / `article:published_time` metas; `<title>` wraps the title in `| by Author | Publication
 * | Medium`. The brand users know the post by is Medium, whichever publication it sits in. Medium's
 * own card image and its slogan stand in when a post has none: refused. Posts on a publication's
 * own domain are not covered (their host is theirs).
 */
export const medium: SiteRules = {
  id: 'medium',
  hosts: ['medium.com'],
  kinds: [
    {kind: 'post', example: 'https://medium.com/@annexample/why-we-moved-our-queue-to-postgres-3f2a9c1d7e4b'},
    {kind: 'publication-post', example: 'https://medium.com/example-engineering/ten-years-of-on-call-5b8e2d1a9c0f'},
    {kind: 'subdomain-post', example: 'https://annexample.medium.com/notes-from-a-slow-rewrite-8c1f0e2b3a4d'},
    {kind: 'publication-2023', example: 'https://medium.com/example-engineering/ten-years-of-on-call-6c9f3e2b0d1a'},
  ],
  rules: {
    title: [
      // og:title first: in a publication, the JSON-LD name adds ` - Publication` to the title.
      mapped('meta(og:title) without byline', meta('og:title'), withoutByline),
      jsonldOf(articleTypes, 'name'),
      mapped('document(title) without byline', documentTitle, withoutByline),
    ],
    author: [jsonldNamesOf(articleTypes, 'author'), meta('author')],
    publisher: [constant('Medium')],
    datePublished: [jsonldOf(articleTypes, 'datePublished'), meta('article:published_time')],
    image: [jsonldUrlsOf(articleTypes, 'image')],
  },
  refuse: {
    title: (value) => value === 'Medium' || /^Medium\s*[–—-]\s*Where good ideas find you\.?$/.test(value),
    description: (value) => /^Medium is an open platform where/.test(value),
    // Medium's logo card, served as og:image for a post without an image.
    image: (value) => /miro\.medium\.com\/(?:v2\/)?(?:resize:[^/]+\/)?1\*m-R_BkNf1Qjr1YbyOIJY2w\.png|cdn-static-1\.medium\.com\/_\/fp\/icons\//.test(value),
  },
};
