import type {SiteRules} from './site.js';
import {siteIndex, type SiteIndex} from './site-index.js';
import {amazon} from './amazon.js';
import {bluesky} from './bluesky.js';
import {facebook} from './facebook.js';
import {github} from './github.js';
import {instagram} from './instagram.js';
import {linkedin} from './linkedin.js';
import {reddit} from './reddit.js';
import {soundcloud} from './soundcloud.js';
import {spotify} from './spotify.js';
import {telegram} from './telegram.js';
import {threads} from './threads.js';
import {tiktok} from './tiktok.js';
import {vimeo} from './vimeo.js';
import {wikipedia} from './wikipedia.js';
import {x} from './x.js';
import {youtube} from './youtube.js';
import {dribbble} from './dribbble.js';
import {imdb} from './imdb.js';
import {medium} from './medium.js';
import {pinterest} from './pinterest.js';
import {substack} from './substack.js';
import {twitch} from './twitch.js';

/** The sites linkpeek has rules for, in the order of docs/sites.md. */
export const defaultSites: readonly SiteRules[] = [youtube, x, instagram, tiktok, facebook, linkedin, reddit, amazon, spotify, soundcloud, vimeo, github, wikipedia, bluesky, threads, telegram, imdb, medium, substack, dribbble, pinterest, twitch];

/** {@link defaultSites} by host: what pickFields looks a page up in by default. */
export const defaultSiteIndex: SiteIndex = siteIndex(defaultSites);

/**
 * The default sites and your own, for pickFields' `sites`: one of yours with a default's id replaces
 * it, and yours take a host from a default.
 * @example pickFields(snapshot, page, rules, withSites({id: 'shop', hosts: ['shop.example'], rules: {title: [meta('product:name')]}}))
 */
export function withSites(...own: SiteRules[]): SiteIndex {
  const ids = new Set(own.map((site) => site.id));
  return siteIndex([...defaultSites.filter((site) => !ids.has(site.id)), ...own]);
}
