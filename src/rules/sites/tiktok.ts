import {meta} from '../rule-kit.js';
import type {SiteRules} from './site.js';
import {constant, jsonldNamesOf, jsonldOf, jsonldUrlsOf, matched, without} from './site-kit.js';

/**
 * TikTok: a video page carries a VideoObject (name, description, thumbnailUrl, uploadDate, creator)
 * where its og tags say "TikTok - Make Your Day"; a profile's og:title is `Name (@handle) | TikTok`.
 */
export const tiktok: SiteRules = {
  id: 'tiktok',
  hosts: ['tiktok.com'],
  kinds: [
    {kind: 'video', example: 'https://www.tiktok.com/@examplecook/video/7372195838113025322'},
    {kind: 'profile', example: 'https://www.tiktok.com/@examplecook'},
  ],
  rules: {
    title: [jsonldOf(['VideoObject'], 'name'), without(meta('og:title'), / \| TikTok$/)],
    description: [jsonldOf(['VideoObject'], 'description')],
    author: [jsonldNamesOf(['VideoObject'], 'creator'), jsonldNamesOf(['VideoObject'], 'author'), matched(meta('og:title'), /^(.+?) \(@[\w.]+\)/)],
    publisher: [constant('TikTok')],
    datePublished: [jsonldOf(['VideoObject'], 'uploadDate')],
    image: [jsonldUrlsOf(['VideoObject'], 'thumbnailUrl')],
  },
  refuse: {
    title: (value) => /^TikTok(?: - Make Your Day)?$/.test(value),
    description: (value) => /^TikTok - trends start here/i.test(value),
  },
};
