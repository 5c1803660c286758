import {meta, named, type Rule, type RuleContext} from '../rule-kit.js';
import type {Snapshot} from '../../parse/parse-html.js';
import {oembed} from './oembed-rules.js';
import type {SiteRules} from './site.js';
import {constant, documentTitle, jsonldNamesOf, jsonldOf, jsonldUrlsOf, matched, pathOf} from './site-kit.js';
import {tiktokState} from './tiktok-state.js';

const videoPath = /^\/@[\w.]+\/(?:video|photo)\/(\d{15,20})/;

/** The values of `rule`, as a list. */
function valuesOf(rule: Rule, snapshot: Snapshot, context: RuleContext): string[] {
  const found = rule(snapshot, context);
  return typeof found === 'string' ? [found] : (found ?? []);
}

/** `TikTok video from Name (@handle): "caption". original sound…` (meta description; `von`, `de`… in other languages). */
const fromDescription = /(?:from|von|de|di|van|od|av) (.+?) \(@([\w.]+)\)\s*:\s*[“"„«]([\s\S]+?)[”"“»]\s*\./;

/** The name in TikTok's titles: `Name on TikTok`, `TikTok · Name`, `Name (@handle) | TikTok`, `Name (@handle) on TikTok`. */
function nameOfTitle(value: string): string | undefined {
  const found = /^(.+?) \(@[\w.]+\)(?: on | \| )TikTok$/.exec(value) ?? /^(.+?) on TikTok$/.exec(value) ?? /^TikTok · (.+)$/.exec(value);
  return found?.[1];
}

/** The author's display name, from the state, the VideoObject, the meta description, the titles. */
const authorName = named('tiktok(nickname)', (snapshot, context) => {
  const state = tiktokState(snapshot)?.nickname;
  if (state !== undefined) return state;
  const out = valuesOf(jsonldNamesOf(['VideoObject'], 'creator'), snapshot, context);
  out.push(...valuesOf(jsonldNamesOf(['VideoObject'], 'author'), snapshot, context));
  for (const value of valuesOf(meta('description', 'og:description'), snapshot, context)) {
    const found = fromDescription.exec(value)?.[1];
    if (found !== undefined) out.push(found);
  }
  for (const value of valuesOf(meta('og:title', 'twitter:title'), snapshot, context)) {
    const found = nameOfTitle(value.trim());
    if (found !== undefined) out.push(found);
  }
  return out;
});

const oembedAuthor = oembed('author_name');

/** The handle: in the URL (`/@handle/video/…`, `/@handle`), else the state's. */
function handleOf(snapshot: Snapshot, url: string): string | undefined {
  return /^\/@([\w.]+)/.exec(pathOf(url))?.[1] ?? tiktokState(snapshot)?.uniqueId;
}

/** `Name (@handle) on TikTok`, for a video and a profile alike. */
const conventionTitle = named('tiktok(Name (@handle) on TikTok)', (snapshot, context) => {
  const handle = handleOf(snapshot, context.url);
  const names = [...valuesOf(authorName, snapshot, context), ...valuesOf(oembedAuthor, snapshot, context)];
  if (handle === undefined) return names.map((name) => `${name} on TikTok`);
  return names.length === 0 ? `@${handle} on TikTok` : names.map((name) => `${name} (@${handle}) on TikTok`);
});

/** The video's caption: the state's `desc`, the VideoObject's, the quoted one of the meta description. */
const caption: Rule[] = [
  named('tiktok(state desc)', (snapshot) => tiktokState(snapshot)?.desc ?? tiktokState(snapshot)?.signature ?? null),
  jsonldOf(['VideoObject'], 'description'),
  matched(meta('description', 'og:description'), fromDescription, 3),
  oembed('title'),
];

/** When the video was posted: the state's `createTime`, the VideoObject's, else the video's ID (its top 32 bits are the second it was made). */
const postedAt = named('tiktok(createTime)', (snapshot, context) => {
  const created = tiktokState(snapshot)?.createTime;
  if (created !== undefined) return new Date(created * 1000).toISOString();
  const upload = valuesOf(jsonldOf(['VideoObject'], 'uploadDate'), snapshot, context);
  if (upload.length !== 0) return upload;
  const id = videoPath.exec(pathOf(context.url))?.[1];
  return id === undefined ? null : new Date(Number(BigInt(id) >> 32n) * 1000).toISOString();
});

/**
 * TikTok: titled as its users know it, `Name (@handle) on TikTok` (a video and a profile), the
 * description the video's caption (a profile's bio), the author the display name, the date when the
 * video was posted. Read from the page's embedded state (`__UNIVERSAL_DATA_FOR_REHYDRATION__`,
 * `SIGI_STATE`: `desc`, `createTime`, `author.nickname`/`uniqueId`, `video.cover`), else a
 * VideoObject, the meta description (`TikTok video from Name (@handle): "caption".`), og:title
 * (`Name on TikTok`, `TikTok · Name`), the video ID (a snowflake: its top 32 bits are the second it
 * was posted) and the oEmbed answer (asked alongside the page).
 */
export const tiktok: SiteRules = {
  id: 'tiktok',
  hosts: ['tiktok.com'],
  kinds: [
    {kind: 'video', example: 'https://www.tiktok.com/@examplecook/video/7372195838113025322'},
    {kind: 'video-state', example: 'https://www.tiktok.com/@examplecook/video/7380000000000000000'},
    {kind: 'video-sigi', example: 'https://www.tiktok.com/@examplecook/video/7200000000000000000'},
    {kind: 'video-meta', example: 'https://www.tiktok.com/@examplecook/video/7390000000000000000'},
    {kind: 'profile', example: 'https://www.tiktok.com/@examplecook'},
  ],
  rules: {
    title: [conventionTitle, matched(documentTitle, /^(.+?) \| TikTok$/)],
    description: [...caption, matched(meta('og:description'), /^.+? \(@[\w.]+\) on TikTok \| .*?Followers\. (.+)$/)],
    author: [authorName, oembedAuthor],
    publisher: [constant('TikTok')],
    datePublished: [postedAt],
    // Its og:image is the video's cover (else the generic card, refused below), as the state's `video.cover` is.
    image: [meta('og:image'), named('tiktok(state cover)', (snapshot) => tiktokState(snapshot)?.cover ?? null), jsonldUrlsOf(['VideoObject'], 'thumbnailUrl'), oembed('thumbnail_url')],
  },
  refuse: {
    title: (value) => /^TikTok(?: - Make Your Day)?$/.test(value),
    description: (value) => /^TikTok - trends start here/i.test(value),
    // The site's generic share image, served on every page a previewer gets the shell of.
    image: (value) => /\/tiktok_web_login_static\/|\/webapp-desktop\/[0-9a-f]+\.png/.test(value),
  },
  oembed: {parallel: true},
};
