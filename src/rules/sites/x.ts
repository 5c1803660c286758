import {meta, named, type Rule} from '../rule-kit.js';
import {oembed, oembedMapped, oembedParagraph} from './oembed-rules.js';
import type {SiteRules} from './site.js';
import {constant, documentTitle, matched, pathOf} from './site-kit.js';

/** X's epoch: a post ID (a "snowflake") holds its creation time in ms since it, above bit 22 (X's developer docs). */
const snowflakeEpoch = 1288834974657n;

/** A post's date from the ID in its URL (`/jack/status/20` is older than snowflakes: none). */
const postIdDate = named('url(/status/<snowflake>)', (_snapshot, context) => {
  const id = /\/status(?:es)?\/(\d{15,20})/.exec(pathOf(context.url))?.[1];
  if (id === undefined) return null;
  return new Date(Number((BigInt(id) >> 22n) + snowflakeEpoch)).toISOString();
});

/** `Name (@handle) on X`, as og:title says it, from the answer's `author_name` and `author_url`. */
const oembedTitle = oembedMapped('author_name (@handle) on X', 'author_name', (name, answer) => {
  const handle = typeof answer.author_url === 'string' ? /^https?:\/\/(?:[\w-]+\.)*(?:x|twitter)\.com\/(\w{1,15})\/?$/i.exec(answer.author_url.trim())?.[1] : undefined;
  return handle === undefined ? `${name} on X` : `${name} (@${handle}) on X`;
});

/** Paths of X that are not a profile (`/i/web/status/…`, `/home`, `/search?q=…`). */
const notHandles: ReadonlySet<string> = new Set(['i', 'home', 'search', 'explore', 'hashtag', 'intent', 'share', 'settings', 'notifications', 'messages', 'compose', 'login', 'signup']);

/** The handle a URL is under (`/examplenews/status/1…` → `examplenews`). */
function urlHandle(url: string): string | undefined {
  const handle = /^\/(\w{1,15})(?:[/?#]|$)/.exec(pathOf(url))?.[1];
  return handle === undefined || notHandles.has(handle.toLowerCase()) ? undefined : handle;
}

/** What a title of X says: the name, the handle when it has one, the post's text when it quotes it. */
interface XTitle {
  name: string;
  handle?: string;
  text?: string;
}

/**
 * The shapes X has given its titles (og:title, twitter:title, `<title>`) since 2019: `Name (@handle) on X`
 * (a post, today), `Name (@handle) / X` (a profile), `Name on X: "text" / X` (2023),
 * `Name on Twitter: "text"` (before), `Name on X`; in a signed-in browser's `<title>`, after `(3) `, and
 * in its language (`Name auf X: „text“ / X`, `Name sur X : « text » / X`).
 */
function readTitle(title: string): XTitle | null {
  // A signed-in browser's tab counts unread notifications before it: `(3) Name on X: "…" / X`.
  const value = title.replace(/^\(\d+\+?\) /, '');
  let found = withHandle.exec(value);
  if (found !== null) return {name: found[1]!, handle: found[2]!};
  found = withText.exec(value);
  if (found !== null) return {name: found[1]!, text: found[2]!.trim()};
  found = nameOnly.exec(value);
  return found === null ? null : {name: found[1]!};
}

/** `on` as X writes it in the visitor's language (`auf X`, `sur X`, `en X`, `su X`, `no X`, `op X`, `på X`, `na X`). */
const on = '(?:on|auf|sur|en|su|no|op|på|na)';
const withHandle = new RegExp(`^(.+?) \\(@(\\w{1,15})\\)(?: ${on} | \\/ )(?:X|Twitter)$`);
// The text in the quotes of the visitor's language (`"…"`, `„…“`, `« … »`); French puts a space before the colon.
const withText = new RegExp(`^(.+?) ${on} (?:X|Twitter)\\s?: [“"„«]\\s?([\\s\\S]*?)\\s?[”"“»](?: \\/ (?:X|Twitter))?$`);
const nameOnly = new RegExp(`^(.+?) ${on} (?:X|Twitter)$`);

const titles = [meta('og:title'), meta('twitter:title'), documentTitle];

/** A rule over the titles X gave the page, read by {@link readTitle}. */
function fromTitles(label: string, pick: (title: XTitle, url: string) => string | undefined): Rule {
  return named(label, (snapshot, context) => {
    const out: string[] = [];
    for (const rule of titles) {
      const found = rule(snapshot, context);
      for (const value of typeof found === 'string' ? [found] : (found ?? [])) {
        const title = readTitle(value.trim());
        const picked = title === null ? undefined : pick(title, context.url);
        if (picked !== undefined && picked !== '') out.push(picked);
      }
    }
    return out;
  });
}

/** `Name (@handle) on X`, the handle from the title, else from the URL. */
const conventionTitle = fromTitles('x(Name (@handle) on X)', (title, url) => {
  const handle = title.handle ?? urlHandle(url);
  return handle === undefined ? `${title.name} on X` : `${title.name} (@${handle}) on X`;
});

/**
 * X (Twitter): posts and profiles are titled as its users know them, `Name (@handle) on X` (from
 * whichever shape its og:title, twitter:title or `<title>` has, the handle from the URL when the title
 * has none); the description is the post's text without the quotes X puts around it (a profile's: its
 * bio, og:description), the author the name. To a browser without scripts it serves a "JavaScript is
 * not available" page with a placeholder image: refused. Its oEmbed (publish.x.com, asked alongside
 * the page) gives the post's text (the embed's `<p>`) and the author's name and handle, which stand
 * when the page is that wall.
 */
export const x: SiteRules = {
  id: 'x',
  hosts: ['x.com', 'twitter.com', 'mobile.twitter.com'],
  kinds: [
    {kind: 'post', example: 'https://x.com/examplenews/status/1795037467512234321'},
    {kind: 'post-media', example: 'https://twitter.com/exampleshots/status/1790000000000000000'},
    {kind: 'post-2023', example: 'https://twitter.com/examplecity/status/1650000000000000000'},
    {kind: 'profile', example: 'https://x.com/examplenews'},
    {kind: 'profile-bot', example: 'https://x.com/examplecity'},
    {kind: 'post-browser', example: 'https://x.com/harbourcity/status/1795037467512234400'},
    {kind: 'post-de', example: 'https://x.com/hafenstadtnord/status/1795037467512234401'},
  ],
  rules: {
    title: [conventionTitle, oembedTitle],
    description: [
      matched(meta('og:description'), /^\s*[“"„«]\s?([\s\S]*?)\s?[”"“»]\s*$/),
      matched(meta('twitter:description'), /^\s*[“"„«]\s?([\s\S]*?)\s?[”"“»]\s*$/),
      fromTitles('x(text of Name on X: "text")', (title) => title.text),
      oembedParagraph,
    ],
    author: [fromTitles('x(Name of the title)', (title) => title.name), oembed('author_name')],
    publisher: [constant('X')],
    datePublished: [postIdDate],
  },
  refuse: {
    title: (value) => value === 'X' || value === 'Twitter' || value.startsWith('JavaScript is not available.'),
    description: (value) => /JavaScript is (?:not available|disabled)|Something went wrong, but don’t fret/i.test(value),
    // The generic card image X serves for any page it does not describe, and its logo.
    image: (value) => /abs\.twimg\.com\/(?:rweb\/ssr\/default|responsive-web\/client-web\/icon|errors\/)/.test(value),
  },
  oembed: {parallel: true},
};
