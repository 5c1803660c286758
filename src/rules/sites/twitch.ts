import {meta} from '../rule-kit.js';
import type {SiteRules} from './site.js';
import {constant, jsonldOf, jsonldUrlsOf, matched, onPath, without} from './site-kit.js';

/** A channel's own page (`/name`), not a VOD, a clip or a directory. */
const channelPath = /^\/(?!videos\/|directory\b|p\/|downloads\b)[\w]+\/?(?:\?|$)/;
/** `Title - channel on Twitch`: a VOD's or a clip's og:title. */
const onTwitch = /^(.+) - (\w+) on Twitch$/;

/**
 * Twitch (channels, VODs at /videos/<id>, clips on clips.twitch.tv and /<channel>/clip/<slug>): a
 * VOD's or clip's og:title is `Title - channel on Twitch`; a channel's `channel - Twitch`, its
 * og:description the channel's own words, and when live a VideoObject (JSON-LD @graph) whose
 * thumbnail is the stream. The channel is the author of its videos and clips (not who clipped one).
 * Without its scripts Twitch serves a shell: `Twitch`, the platform's slogan and logo, refused.
 */
export const twitch: SiteRules = {
  id: 'twitch',
  hosts: ['twitch.tv'],
  kinds: [
    {kind: 'channel', example: 'https://www.twitch.tv/examplestreamer'},
    {kind: 'video', example: 'https://www.twitch.tv/videos/2150000000'},
    {kind: 'clip', example: 'https://clips.twitch.tv/BraveTinyOtterKappa-AbCdEf123456'},
  ],
  rules: {
    title: [matched(meta('og:title'), onTwitch), without(meta('og:title'), / - Twitch$/)],
    author: [matched(meta('og:title'), onTwitch, 2), onPath(channelPath, matched(meta('og:title'), /^(\w+) - Twitch$/))],
    publisher: [constant('Twitch')],
    // A VOD's upload; a channel's stream start is not when the channel was posted.
    datePublished: [onPath(/^\/videos\//, jsonldOf(['VideoObject'], 'uploadDate'))],
    image: [jsonldUrlsOf(['VideoObject'], 'thumbnailUrl')],
  },
  refuse: {
    title: (value) => value === 'Twitch',
    // The shell's slogan, and the sentences Twitch writes around a VOD or a clip that has no text of its own.
    description: (value) =>
      /^Twitch is the world's leading video platform and community for gamers\.?$|^\w+ went live on Twitch\. Catch up on their .* VOD now\.$|^Clipped by \w+\. Watch \w+'s clip titled /.test(value),
    image: (value) => /static-cdn\.jtvnw\.net\/ttv-static-metadata\/twitch_logo|static\.twitchcdn\.net\/assets\/favicon/.test(value),
  },
};
