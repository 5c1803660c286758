import {named} from '../rule-kit.js';
import type {SiteRules} from './site.js';
import {constant, h1, jsonldOf, mapped} from './site-kit.js';

/** Footnote marks and editors' tags in a paragraph's text: `[1]`, `[a]`, `[note 2]`, `[citation needed]`, `[Anm. 1]`, `[要出典]`. */
const footnotes = /\s*\[(?:\d+|[a-z]|note \d+|citation needed|Anm\. \d+|要出典|нет АИ|источник не указан \d+ д(?:ень|ня|ней))\]/g;

/**
 * Wikipedia, every language and the mobile site (`xx.m.wikipedia.org`): the article's JSON-LD
 * `Article` has its `name` (og:title and `<title>` add ` - Wikipedia`, ` – Wikipedia`, ` — Википедия`),
 * the first revision's `datePublished` and the last's `dateModified`, and the lead image. There is no
 * og:description: the lead paragraph is the description, without its footnote marks. The JSON-LD
 * author is the collective "Contributors to Wikimedia projects" (in the wiki's language): no person's
 * name, refused; the headline is Wikidata's short description, not the title.
 */
export const wikipedia: SiteRules = {
  id: 'wikipedia',
  hosts: ['wikipedia.org'],
  kinds: [
    {kind: 'article', example: 'https://en.wikipedia.org/wiki/Lighthouse_of_Alexandria'},
    {kind: 'article-de', example: 'https://de.wikipedia.org/wiki/Leuchtturm_Roter_Sand'},
    {kind: 'article-ja', example: 'https://ja.wikipedia.org/wiki/%E7%81%AF%E5%8F%B0'},
    {kind: 'mobile', example: 'https://ru.m.wikipedia.org/wiki/%D0%9C%D0%B0%D1%8F%D0%BA'},
  ],
  rules: {
    title: [jsonldOf(['Article'], 'name'), h1],
    description: [mapped('document(p) without footnotes', named('document(p)', (snapshot) => snapshot.paragraph), (value) => value.replace(footnotes, ''))],
    publisher: [constant('Wikipedia')],
  },
  refuse: {
    author: (value) => /Wikimedia|Викимедиа|ウィキメディア|维基媒体|維基媒體|ויקימדיה|ويكيميديا/i.test(value),
    // The project's logo and wordmark, served as og:image by an article without an image.
    image: (value) => /\/static\/images\/(?:project-logos|icons|mobile\/copyright)\//.test(value),
  },
};
