import {meta} from '../rule-kit.js';
import {oembed} from './oembed-rules.js';
import type {SiteRules} from './site.js';
import {constant, documentTitle, jsonldOf, matched, onPath, without} from './site-kit.js';

/**
 * Spotify: og:title is the track, album, playlist, episode or artist; `music:musician_description`
 * names a track's or album's artist (before it, 2019–2022: og:description `Title, a song by Artist on
 * Spotify`, `<title>` `Title - song and lyrics by Artist | Spotify`); an episode's og:description starts `Listen to this episode from
 * Show on Spotify.` (the show is its author); a playlist's `Playlist · Owner · 42 items`. Its oEmbed
 * (title, cover) is asked after the page, only when the page left the title or the image empty (the
 * web player's shell).
 */
export const spotify: SiteRules = {
  id: 'spotify',
  hosts: ['open.spotify.com', 'spotify.link', 'spotify.com'],
  kinds: [
    {kind: 'track', example: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC'},
    {kind: 'album', example: 'https://open.spotify.com/album/6aBcDeFgHiJkLmNoPqRsTu'},
    {kind: 'playlist', example: 'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M'},
    {kind: 'episode', example: 'https://open.spotify.com/episode/5aBcDeFgHiJkLmNoPqRsTu'},
    {kind: 'artist', example: 'https://open.spotify.com/artist/0aBcDeFgHiJkLmNoPqRsTu'},
    {kind: 'track-2021', example: 'https://open.spotify.com/track/1aBcDeFgHiJkLmNoPqRsTu'},
  ],
  rules: {
    // The page first: the oEmbed answer only fills what the page left empty.
    title: [meta('og:title'), oembed('title')],
    description: [without(meta('og:description'), /^Listen to this episode from .+? on Spotify\.\s*/)],
    author: [
      meta('music:musician_description'),
      // 2019–2022, before that meta: `Title, a song by Artist on Spotify`; `<title>` `Title - song and lyrics by Artist | Spotify`.
      matched(meta('og:description', 'twitter:description'), /^.+?, an? (?:song|album|single|EP|compilation) by (.+?) on Spotify$/),
      matched(documentTitle, /^.+? - (?:song(?: and lyrics)?|album|single|EP|compilation) by (.+?) \| Spotify$/i),
      matched(meta('og:description'), /^Listen to this episode from (.+?) on Spotify\./),
      matched(meta('og:description'), /^Playlist · (.+?) · /),
      onPath(/^\/(?:intl-\w+\/)?artist\//, meta('og:title')),
    ],
    publisher: [constant('Spotify')],
    datePublished: [meta('music:release_date'), jsonldOf(['PodcastEpisode', 'MusicRecording'], 'datePublished')],
    image: [meta('og:image'), oembed('thumbnail_url')],
  },
  refuse: {
    title: (value) => /^Spotify(?: – Web Player)?$/.test(value),
    description: (value) => /^Spotify is a digital music service/.test(value),
  },
  oembed: {parallel: false},
};
