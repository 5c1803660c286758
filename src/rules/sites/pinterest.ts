import {meta} from '../rule-kit.js';
import type {SiteRules} from './site.js';
import {constant, documentTitle, jsonldNamesOf, jsonldOf, jsonldUrlsOf, matched, onPath, without} from './site-kit.js';

const pinPath = /^\/pin\/[\w-]+/;
const postTypes = ['SocialMediaPosting'];
/** A pin's title naming who saved it and where: `Pin by Ann Example on Weeknight dinners` (` | Recipes, Food` after it in `<title>`). */
const pinBy = /^Pin by (.+?) on [^|]+(?:\s\|.*)?$/;

/**
 * Pinterest (pinterest.com and every country domain, `uk.` and other subdomains, pin.it links): a
 * pin carries a SocialMediaPosting (JSON-LD: headline, articleBody, author, datePublished, image);
 * its og tags give the title and image, and, for a pin without a description, Pinterest's sentence
 * `This Pin was discovered by Name. Discover (and save!) your own Pins on Pinterest.`, which names
 * the pinner but is no description (as `Pin by Name on Board`, the title of many pins, does). A board's og:description is `Explore Name's board "Board" on
 * Pinterest. See more ideas about …`; a profile's og:title `Name (handle) - Profile | Pinterest`.
 */
export const pinterest: SiteRules = {
  id: 'pinterest',
  hosts: ['pinterest.*', 'pin.it'],
  kinds: [
    {kind: 'pin', example: 'https://www.pinterest.com/pin/1234567890123456789/'},
    {kind: 'pin-uk', example: 'https://uk.pinterest.com/pin/9876543210987654321/'},
    {kind: 'pin-by', example: 'https://www.pinterest.com/pin/5555555555555555555/'},
    {kind: 'board', example: 'https://www.pinterest.de/annexample/weeknight-dinners/'},
    {kind: 'profile', example: 'https://www.pinterest.co.uk/annexample/'},
  ],
  rules: {
    title: [jsonldOf(postTypes, 'headline'), without(meta('og:title'), / - Profile \| Pinterest$| \| Pinterest$/)],
    description: [jsonldOf(postTypes, 'articleBody')],
    author: [
      jsonldNamesOf(postTypes, 'author'),
      onPath(pinPath, matched(meta('og:description', 'description'), /^This Pin was discovered by (.+?)\. Discover \(and save!\)/)),
      // `Pin by Name on Board` (og:title or `<title>`, 2019–), who saved the pin.
      onPath(pinPath, matched(meta('og:title'), pinBy)),
      onPath(pinPath, matched(documentTitle, pinBy)),
      matched(meta('og:description', 'description'), /(?:^|- )Explore (.+?)'s board "/),
      matched(meta('og:title'), /^(.+?) \([\w.-]+\) - Profile \| Pinterest$/),
    ],
    publisher: [constant('Pinterest')],
    datePublished: [onPath(pinPath, jsonldOf(postTypes, 'datePublished'))],
    image: [jsonldUrlsOf(postTypes, 'image')],
  },
  refuse: {
    title: (value) => value === 'Pinterest' || /^Pinterest(?: [-–] .*)?$/.test(value),
    // Pinterest's sentences around a pin, a board or a profile that says nothing of its own.
    description: (value) =>
      /Discover \(and save!\) your own Pins on Pinterest\.?$|^(?:[A-Z][a-z]{2} \d{1,2}, \d{4} - )?Explore .+'s board ".+" on Pinterest\.|^See what .+ has discovered on Pinterest|^Discover recipes, home ideas, style inspiration/.test(value),
    image: (value) => /s\.pinimg\.com\/(?:images\/facebook_share_image|webapp\/(?:logo|favicon|style\/app\/common\/images\/logo))/.test(value),
  },
};
