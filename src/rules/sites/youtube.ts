import {meta, microdata} from '../rule-kit.js';
import {oembed} from './oembed-rules.js';
import type {SiteRules} from './site.js';
import {constant, jsonldNamesOf, jsonldOf, jsonldUrlsOf, onPath, without} from './site-kit.js';

/**
 * YouTube: watch, shorts and live pages carry a VideoObject (microdata in the served HTML, JSON-LD on
 * some) whose `author` is the channel; channel pages name the channel in og:title. The shell served to
 * datacenters says only "YouTube" and a slogan: refused, so a real value (or nothing) is kept. Its
 * oEmbed (asked alongside the page, which is often a consent wall or that shell) gives the title, the
 * channel and a thumbnail, after the page's VideoObject.
 */
export const youtube: SiteRules = {
  id: 'youtube',
  hosts: ['youtube.com', 'youtu.be', 'youtube-nocookie.com'],
  kinds: [
    {kind: 'watch', example: 'https://www.youtube.com/watch?v=aBcDeFgHiJk'},
    {kind: 'shorts', example: 'https://www.youtube.com/shorts/aBcDeFgHiJk'},
    {kind: 'youtu.be', example: 'https://youtu.be/aBcDeFgHiJk'},
    {kind: 'playlist', example: 'https://www.youtube.com/playlist?list=PLaBcDeFgHiJk'},
    {kind: 'channel', example: 'https://www.youtube.com/@examplechannel'},
    {kind: 'live', example: 'https://www.youtube.com/live/aBcDeFgHiJk'},
  ],
  rules: {
    title: [jsonldOf(['VideoObject'], 'name'), microdata('name', null), oembed('title'), without(meta('og:title'), / - YouTube$/)],
    description: [jsonldOf(['VideoObject'], 'description')],
    author: [
      jsonldNamesOf(['VideoObject'], 'author'),
      microdata('name', 'author'),
      oembed('author_name'),
      // A channel page is the channel's own: its name is the author.
      onPath(/^\/(?:@|channel\/|c\/|user\/)/, meta('og:title')),
    ],
    publisher: [constant('YouTube')],
    datePublished: [jsonldOf(['VideoObject'], 'uploadDate'), microdata('uploadDate', null), microdata('datePublished', null)],
    image: [jsonldUrlsOf(['VideoObject'], 'thumbnailUrl'), microdata('thumbnailUrl', null), microdata('url', 'thumbnail'), oembed('thumbnail_url')],
  },
  refuse: {
    title: (value) => value === 'YouTube' || value === '- YouTube',
    // The shell's slogan, in the languages YouTube serves it by the visitor's region.
    description: (value) => /^(?:Enjoy the videos and music you love|Profitez des vidéos et de la musique que vous aimez|Genieße Videos und Musik, die du liebst|Disfruta los videos y la música que te encantan|Disfruta de los vídeos y la música que te encantan|Aproveite vídeos e músicas que você ama|Goditi i video e la musica che ami|Geniet van video's en muziek waar je van houdt)/.test(value),
    author: (value) => value === 'YouTube',
  },
  oembed: {parallel: true},
};
