import {meta, named, type Rule} from '../rule-kit.js';
import type {Snapshot} from '../../parse/parse-html.js';
import type {SiteRules} from './site.js';
import {constant, documentTitle, matched, onPath, pathOf, without} from './site-kit.js';

/** A post, a reel or a video (IGTV), with or without the handle before it (`/handle/p/…`, `/handle/reel/…`). */
const postPath = /^\/(?:[\w.]+\/)?(?:p|reel|reels|tv)\//;

/** The counts and handle before a caption: `1,204 likes, 37 comments - handle on May 24, 2021: "…"` (other languages: `- handle am …:`). */
const countsPrefix = /^(?:.{0,80}?\d.{0,80}? - )?([A-Za-z0-9._]{1,30}) (?:on|am|le|el|il|em|op|den|på|w|в|の|于) [^:"“„«]{3,40}(?::\s*|$)/;
/** `on Instagram` in the languages Instagram writes it (`auf`, `sur`, `en`, `su`, `no`, `op`, `på`, `na`). */
const onInstagram = '(?:on|auf|sur|en|su|no|op|på|na) Instagram';
/** The name before it in a post's title: `Name on Instagram: "caption"`, `Name auf Instagram: „…“`. */
const nameOnInstagram = new RegExp(`^(.+?) ${onInstagram}\\b`);
/** The caption in quotes after it (`: "…"`, `: „…“`, ` : « … »`). */
const captionOnInstagram = new RegExp(`^.+? ${onInstagram}\\s?: [“"„«]\\s?([\\s\\S]+?)\\s?[”"“»]\\s*$`);
/** The counts and the author before a caption as 2019–2022 pages wrote them: `1,204 Likes, 37 Comments - Name (@handle) on Instagram`. */
const namedCounts = new RegExp(`^.{0,80}?\\d.{0,80}? - (.+?) \\(@([\\w.]{1,30})\\) ${onInstagram}\\b`);
/** The day after the handle, in the page's language: `- handle on May 24, 2021:`, `- handle am 11. Februar 2024:`, `- handle le 11 février 2024 :`. */
const postedOn = / - [\w.]{1,30} (?:on|am|le|el|il|em|op|den|på|w) ([^:"“„«]{3,40}?\d{4})\s*(?::|\.?\s*$)/;
/** The title of a post without a caption, 2018–2021: `Instagram post by Name • Jun 3, 2021 at 4:20pm UTC`. */
const postByTitle = /^Instagram (?:post|photo|video) by (.+?) • ([A-Z][a-z]{2} \d{1,2}, \d{4}) at /;
/** A caption in quotes after that prefix (`…: "caption".`). */
const quotedCaption = /^(?:[^"“„«]|„[^"“]{0,30}“){0,200}?\s?: [“"„«]\s?([\s\S]+?)\s?[”"“»]\.?\s*$/;

/**
 * A post's og:description without a caption: only the counts, the handle and the day
 * (`1,204 likes, 37 comments - handle on May 24, 2021.`, `… - handle am 11. Februar 2024`), or
 * 2019–2022 the counts and the author (`812 Likes, 12 Comments - Name (@handle) on Instagram`).
 */
const countsOnly = new RegExp(`^.{0,80}?\\d.{0,80}? - (?:[\\w.]{1,30} \\S+ [^"“„«:]{3,40}\\d{4}\\.?|.+? \\(@[\\w.]+\\) ${onInstagram})$`);

/** What Instagram's titles say of a post: the name, the handle, the caption. */
interface PostTitle {
  name?: string;
  handle?: string;
}

const titleRules: Rule[] = [meta('twitter:title'), meta('og:title'), documentTitle];

function firstValue(rule: Rule, snapshot: Snapshot, url: string): string[] {
  const found = rule(snapshot, {url, headers: {}, baseUrl: url});
  return typeof found === 'string' ? [found] : (found ?? []);
}

/** The name and handle of a post's author, from its titles, its og:description, then its URL. */
function postAuthor(snapshot: Snapshot, url: string): PostTitle {
  const out: PostTitle = {};
  for (const rule of titleRules) {
    for (const value of firstValue(rule, snapshot, url)) {
      const withHandle = /^(.*?) ?\(@([\w.]+)\) • Instagram\b/.exec(value);
      if (withHandle !== null) {
        out.name ??= withHandle[1] || undefined;
        out.handle ??= withHandle[2];
      }
      const onTitle = nameOnInstagram.exec(value);
      if (onTitle !== null) out.name ??= onTitle[1]!.replace(/^@/, '');
      const postBy = postByTitle.exec(value);
      if (postBy !== null) out.name ??= postBy[1];
    }
  }
  for (const value of firstValue(meta('og:description', 'description'), snapshot, url)) {
    out.handle ??= countsPrefix.exec(value)?.[1];
    // 2019–2022: `1,204 Likes, 37 Comments - Name (@handle) on Instagram: “caption”`.
    const named = namedCounts.exec(value);
    if (named !== null) {
      out.name ??= named[1];
      out.handle ??= named[2];
    }
  }
  out.handle ??= /^\/([\w.]+)\/(?:p|reel|reels|tv)\//.exec(pathOf(url))?.[1];
  return out;
}

/** What a post is, as Instagram names it in its titles: a reel, a video, a photo. */
function postKind(snapshot: Snapshot, url: string): string {
  const path = pathOf(url);
  if (/^\/(?:[\w.]+\/)?(?:reel|reels)\//.test(path)) return 'reel';
  if (/^\/(?:[\w.]+\/)?tv\//.test(path)) return 'video';
  const type = firstValue(meta('og:type'), snapshot, url)[0] ?? '';
  return type.startsWith('video') ? 'video' : 'photo';
}

/**
 * A post's title as Instagram's own share card has it: `Name (@handle) • Instagram photo` (`video`,
 * `reel`): its twitter:title when it has that shape, else made from the name and handle it gives elsewhere.
 */
const postTitle = named('instagram(Name (@handle) • Instagram photo)', (snapshot, context) => {
  for (const value of firstValue(meta('twitter:title'), snapshot, context.url)) {
    if (/^.+ \(@[\w.]+\) • Instagram (?:photo|video|reel)s?$/.test(value.trim())) return value.trim();
  }
  const {name, handle} = postAuthor(snapshot, context.url);
  if (handle === undefined) return name === undefined ? null : `${name} • Instagram ${postKind(snapshot, context.url)}`;
  const who = name === undefined || name === handle ? `@${handle}` : `${name} (@${handle})`;
  return `${who} • Instagram ${postKind(snapshot, context.url)}`;
});

const postName = named('instagram(name of the titles)', (snapshot, context) => postAuthor(snapshot, context.url).name ?? null);

/**
 * Instagram: a post's og:title is `Name on Instagram: "caption"`, its og:description
 * `12 likes, 3 comments - handle on May 24, 2021: "caption"` (2019–2022: `1,204 Likes, 37 Comments -
 * Name (@handle) on Instagram: “caption”`; a post without a caption was titled `Instagram post by Name
 * • Jun 3, 2020 at 4:20pm UTC`), its twitter:title (when served)
 * `Name (@handle) • Instagram photo`, its og:image the photo (a reel's poster). The title is that
 * share-card form for posts, reels (`• Instagram reel`) and videos, and a profile's own og:title
 * (`Name (@handle) • Instagram photos and videos`); the description is the caption alone, the
 * author the name. Instagram writes these in the visitor's language (`Name auf Instagram: „…“`,
 * `… - handle am 11. Februar 2024: "…"`, `Name sur Instagram : « … »`): read the same way.
 */
export const instagram: SiteRules = {
  id: 'instagram',
  hosts: ['instagram.com', 'instagr.am'],
  kinds: [
    {kind: 'post', example: 'https://www.instagram.com/p/C7aBcDeFgHi/'},
    {kind: 'reel', example: 'https://www.instagram.com/reel/C7zYxWvUtSr/'},
    {kind: 'post-card', example: 'https://www.instagram.com/examplephotos/p/C8aBcDeFgHi/'},
    {kind: 'post-no-caption', example: 'https://www.instagram.com/p/C9aBcDeFgHi/'},
    {kind: 'profile', example: 'https://www.instagram.com/examplephotos/'},
    {kind: 'post-2021', example: 'https://www.instagram.com/p/CQ1aBcDeFgH/'},
    {kind: 'post-2020', example: 'https://www.instagram.com/p/CA1aBcDeFgH/'},
    {kind: 'post-de', example: 'https://www.instagram.com/p/C1deDeDeDe1/'},
    {kind: 'post-fr-2021', example: 'https://www.instagram.com/p/CQfrFrFrFr1/'},
  ],
  rules: {
    title: [onPath(postPath, postTitle), meta('og:title')],
    // The caption, without the counts and the handle before it (else from `Name on Instagram: "caption"`).
    description: [
      onPath(postPath, matched(meta('og:description', 'description'), quotedCaption)),
      onPath(postPath, matched(meta('og:title', 'twitter:description'), captionOnInstagram)),
      onPath(/^\/[\w.]+\/?$/, without(meta('og:description'), /^[\d.,]+[KMB]? Followers, [\d.,]+[KMB]? Following, [\d.,]+[KMB]? Posts - /)),
    ],
    author: [onPath(postPath, postName), matched(meta('og:title'), nameOnInstagram), matched(meta('og:title'), /^(.+?) \(@[\w.]+\)/)],
    publisher: [constant('Instagram')],
    // "… - handle on May 24, 2021: …": when the post was posted.
    datePublished: [
      onPath(postPath, matched(meta('og:description', 'description'), postedOn)),
      onPath(postPath, matched(meta('og:title'), postByTitle, 2)),
      onPath(postPath, matched(documentTitle, postByTitle, 2)),
    ],
  },
  // "Login • Instagram" is not refused: a post behind the login wall is EWALL before the rules run
  // (src/walls), so a page titled so is the login page itself, shared on purpose.
  refuse: {
    title: (value) => value === 'Instagram',
    // A post without a caption: its og:description is only the counts and the date.
    description: (value) => countsOnly.test(value),
  },
};
