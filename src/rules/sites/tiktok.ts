import {meta} from '../rule-kit.js';
import {oembed} from './oembed-rules.js';
import type {SiteRules} from './site.js';
import {constant, jsonldNamesOf, jsonldOf, jsonldUrlsOf, matched, without} from './site-kit.js';

/**
 * TikTok: a video page carries a VideoObject (name, description, thumbnailUrl, uploadDate, creator)
 * where its og tags say "TikTok - Make Your Day"; a profile's og:title is `Name (@handle) | TikTok`.
 * Its oEmbed (asked alongside the page, which a previewer often gets without the VideoObject) gives
 * the caption as title, the author's name and the cover.
 */
export const tiktok: SiteRules = {
  id: 'tiktok',
  hosts: ['tiktok.com'],
  kinds: [
    {kind: 'video', example: 'https://www.tiktok.com/@examplecook/video/7372195838113025322'},
    {kind: 'profile', example: 'https://www.tiktok.com/@examplecook'},
  ],
  rules: {
    title: [jsonldOf(['VideoObject'], 'name'), oembed('title'), without(meta('og:title'), / \| TikTok$/)],
    description: [jsonldOf(['VideoObject'], 'description')],
    author: [jsonldNamesOf(['VideoObject'], 'creator'), jsonldNamesOf(['VideoObject'], 'author'), oembed('author_name'), matched(meta('og:title'), /^(.+?) \(@[\w.]+\)/)],
    publisher: [constant('TikTok')],
    datePublished: [jsonldOf(['VideoObject'], 'uploadDate')],
    image: [jsonldUrlsOf(['VideoObject'], 'thumbnailUrl'), oembed('thumbnail_url')],
  },
  refuse: {
    title: (value) => /^TikTok(?: - Make Your Day)?$/.test(value),
    description: (value) => /^TikTok - trends start here/i.test(value),
  },
  oembed: {parallel: true},
};
