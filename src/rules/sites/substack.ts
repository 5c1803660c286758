import {meta} from '../rule-kit.js';
import type {SiteRules} from './site.js';
import {constant, documentTitle, jsonldNamesOf, jsonldOf, jsonldUrlsOf, matched, onPath, without} from './site-kit.js';

const articleTypes = ['NewsArticle', 'Article', 'BlogPosting'];
const profilePath = /^\/@[\w.-]+\/?$/;

/**
 * Substack (posts on <newsletter>.substack.com/p/…, profiles on substack.com/@handle): a post carries
 * a NewsArticle (JSON-LD: headline, authors, datePublished, image, publisher the newsletter), and
 * `<title>` adds ` - by Author`. A newsletter is a publication of its own: its name is the publisher,
 * Substack only when none is given. A profile's og:title is `Name | Substack`.
 */
export const substack: SiteRules = {
  id: 'substack',
  hosts: ['substack.com'],
  kinds: [
    {kind: 'post', example: 'https://saltletter.substack.com/p/winter-stores'},
    {kind: 'profile', example: 'https://substack.com/@annexample'},
  ],
  rules: {
    title: [
      jsonldOf(articleTypes, 'headline'),
      without(meta('og:title'), / \| Substack$/),
      without(documentTitle, / - by .+$/),
    ],
    description: [jsonldOf(articleTypes, 'description')],
    author: [
      jsonldNamesOf(articleTypes, 'author'),
      // A profile is the writer's own page.
      onPath(profilePath, matched(meta('og:title'), /^(.+?) \| Substack$/)),
    ],
    publisher: [onPath(profilePath, constant('Substack')), jsonldNamesOf(articleTypes, 'publisher'), meta('og:site_name'), constant('Substack')],
    datePublished: [jsonldOf(articleTypes, 'datePublished')],
    image: [jsonldUrlsOf(articleTypes, 'image')],
  },
  refuse: {
    title: (value) => value === 'Substack',
    description: (value) => /^Substack is the home for great culture/.test(value),
    image: (value) => /substackcdn\.com\/(?:image\/fetch\/[^/]*\/)?https?%3A%2F%2Fsubstack\.com%2Fimg%2Fsubstack|substack\.com\/img\/substack/.test(value),
  },
};
