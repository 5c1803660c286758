import {meta} from '../rule-kit.js';
import {oembed} from './oembed-rules.js';
import type {SiteRules} from './site.js';
import {constant, jsonldNamesOf, jsonldOf, onPath} from './site-kit.js';

/** Vimeo's sentence for a video or a member without text of their own (`This is "Title" by Name on Vimeo, the home…`). */
const boilerplate = /(?:is a member of|on) Vimeo, the home for high[- ]quality videos and the people who love them\.?$/;

/**
 * Vimeo: a video page carries a VideoObject (JSON-LD: name, description, author the uploader,
 * uploadDate) and og:image the poster at 1280 px (the JSON-LD thumbnail is 640); og:video is the
 * player page, not a file.
 * A video without a description gets `This is "Title" by Name on Vimeo, the home for high quality
 * videos…` (refused). A channel's or a member's page names itself in og:title. Its oEmbed (title,
 * text, uploader, upload date, poster) is asked after the page, only when the page left one empty.
 */
export const vimeo: SiteRules = {
  id: 'vimeo',
  hosts: ['vimeo.com'],
  kinds: [
    {kind: 'video', example: 'https://vimeo.com/987654321'},
    {kind: 'channel', example: 'https://vimeo.com/channels/slowcinema'},
    {kind: 'user', example: 'https://vimeo.com/annexample'},
  ],
  rules: {
    title: [jsonldOf(['VideoObject'], 'name'), oembed('title')],
    description: [jsonldOf(['VideoObject'], 'description'), oembed('description')],
    author: [
      jsonldNamesOf(['VideoObject'], 'author'),
      // A channel or a member page (not a numeric video ID) is its own.
      onPath(/^\/(?:channels\/[\w-]+|(?!\d+(?:[/?#]|$))[\w-]+)\/?(?:[?#]|$)/, meta('og:title')),
      oembed('author_name'),
    ],
    publisher: [constant('Vimeo')],
    datePublished: [jsonldOf(['VideoObject'], 'uploadDate'), oembed('upload_date')],
    image: [meta('og:image'), oembed('thumbnail_url')],
  },
  refuse: {
    title: (value) => value === 'Vimeo' || /^Vimeo: The world’s only all-in-one video solution|^Vimeo \| The world’s only all-in-one video solution/.test(value),
    description: (value) => boilerplate.test(value),
    // The grey portrait of a member without a photo, and Vimeo's share card.
    image: (value) => /vimeocdn\.com\/(?:portrait\/defaults-|images_v6\/(?:share|logo))/.test(value),
  },
  oembed: {parallel: false},
};
