import {meta, microdata, named} from '../rule-kit.js';
import {oembed} from './oembed-rules.js';
import type {SiteRules} from './site.js';
import {constant, jsonldNamesOf, jsonldOf, jsonldUrlsOf, onPath, without} from './site-kit.js';
import {youtubeState} from './youtube-state.js';

const stateTitle = named('youtube(ytInitialPlayerResponse title)', (snapshot) => youtubeState(snapshot)?.title ?? null);
const stateChannel = named('youtube(ytInitialPlayerResponse ownerChannelName)', (snapshot) => youtubeState(snapshot)?.channel ?? null);
const stateDate = named('youtube(ytInitialPlayerResponse publishDate)', (snapshot) => youtubeState(snapshot)?.date ?? null);

/**
 * YouTube: watch, shorts and live pages carry a VideoObject (microdata in the served HTML, JSON-LD on
 * some) whose `author` is the channel; since 2023 most watch pages have no such microdata, and the
 * channel and the date are only in the player state (`ytInitialPlayerResponse`: youtube-state.ts),
 * read after it; channel pages name the channel in og:title. The shell served to
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
    {kind: 'watch-state', example: 'https://www.youtube.com/watch?v=Xy12Ab34Cd5'},
    {kind: 'watch-state-2021', example: 'https://www.youtube.com/watch?v=Xy12Ab34Cd6'},
  ],
  rules: {
    title: [jsonldOf(['VideoObject'], 'name'), microdata('name', null), stateTitle, oembed('title'), without(meta('og:title'), / - YouTube$/)],
    description: [jsonldOf(['VideoObject'], 'description')],
    author: [
      jsonldNamesOf(['VideoObject'], 'author'),
      microdata('name', 'author'),
      stateChannel,
      oembed('author_name'),
      // A channel page is the channel's own: its name is the author.
      onPath(/^\/(?:@|channel\/|c\/|user\/)/, meta('og:title')),
    ],
    publisher: [constant('YouTube')],
    datePublished: [jsonldOf(['VideoObject'], 'uploadDate'), microdata('uploadDate', null), microdata('datePublished', null), stateDate],
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
