import {meta, named} from '../rule-kit.js';
import {oembed} from './oembed-rules.js';
import type {SiteRules} from './site.js';
import {constant, onPath} from './site-kit.js';

/**
 * The uploader, from `<title>`: `Stream <og:title>[ playlist| album] by <user> | Listen online for
 * free on SoundCloud`. Read after the og:title it repeats, so a title holding " by " is not split.
 */
const uploader = named('document(title) "Stream … by <user>"', (snapshot) => {
  const title = snapshot.title;
  if (title === null) return null;
  const end = title.lastIndexOf(' | ');
  const head = end === -1 ? title : title.slice(0, end);
  const out: string[] = [];
  for (const tag of snapshot.metas) {
    const lead = `Stream ${tag.content}`;
    if (tag.property !== 'og:title' || !head.startsWith(lead)) continue;
    const user = /^ (?:playlist |album |EP )?by (.+)$/.exec(head.slice(lead.length))?.[1];
    if (user !== undefined) out.push(user);
  }
  return out;
});

/** A profile is the path's one segment (`/exampleband`); its tracks and sets are deeper. */
const profilePath = /^\/[\w-]+\/?(?:[?#]|$)/;

/**
 * SoundCloud: og:title is the track, playlist or profile name; the uploader is only named in
 * `<title>` (the served body is a `<noscript>` copy the parser skips, and `soundcloud:user` is a URL).
 * A track without its own text gets `Listen to … on #SoundCloud` and a "Stream … on desktop and
 * mobile" meta description: both refused, as is the default avatar. Its oEmbed (the uploader, the
 * artwork) is asked after the page, only when the page left one of them empty.
 */
export const soundcloud: SiteRules = {
  id: 'soundcloud',
  hosts: ['soundcloud.com', 'on.soundcloud.com', 'snd.sc'],
  kinds: [
    {kind: 'track', example: 'https://soundcloud.com/exampleband/harbour-lights'},
    {kind: 'playlist', example: 'https://soundcloud.com/exampleband/sets/tide-tables'},
    {kind: 'profile', example: 'https://soundcloud.com/exampleband'},
  ],
  rules: {
    author: [uploader, onPath(profilePath, meta('og:title')), oembed('author_name')],
    publisher: [constant('SoundCloud')],
    image: [meta('og:image'), oembed('thumbnail_url')],
  },
  refuse: {
    title: (value) => value === 'SoundCloud' || /^SoundCloud - Hear the world’s sounds$/.test(value),
    description: (value) => /^Listen to .+ on #?SoundCloud\.?$|^Stream .+ on desktop and mobile\. Play over [\d,.]+ (?:million )?tracks for free on SoundCloud\.$|^Listen to .+ \| SoundCloud is an audio platform that lets you listen to what you love and share the sounds you create\.?$/s.test(value),
    image: (value) => /sndcdn\.com\/images\/(?:default_avatar|fb_placeholder)|soundcloud\.com\/images\/fb_placeholder/.test(value),
  },
  oembed: {parallel: false},
};
