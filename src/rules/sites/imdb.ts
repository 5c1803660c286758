import {meta} from '../rule-kit.js';
import type {SiteRules} from './site.js';
import {constant, documentTitle, jsonldNamesOf, jsonldOf, jsonldUrlsOf, mapped, onPath, without} from './site-kit.js';

/** The JSON-LD types of a title page: a film, a series, an episode… */
const titleTypes = ['Movie', 'TVSeries', 'TVEpisode', 'TVMiniSeries', 'TVMovie', 'TVSpecial', 'VideoGame', 'ShortFilm', 'CreativeWork'];
const titlePath = /^\/(?:[a-z]{2}\/)?title\/tt\d+/;

/** `The Dark Knight (2008) ⭐ 9.0 | Action, Crime, Drama` → `The Dark Knight (2008)`: no rating, no genres. */
const withoutRating = (value: string): string | null => value.replace(/\s*⭐\s*[\d.]+\s*(?:\|.*)?$/u, '').replace(/ - IMDb$/, '').trim() || null;

/**
 * IMDb: a title page carries a Movie / TVSeries / TVEpisode node (JSON-LD) with the name, the plot
 * (`description`), the poster (`image`), the release date, the directors and creators; its og:title
 * adds the year, the rating and the genres (`The Dark Knight (2008) ⭐ 9.0 | Action, Crime, Drama`),
 * its og:description is the runtime and certificate (`2h 32m | PG-13`), and the node's `review`
 * names a reviewer (not an author). Its JSON-LD is HTML-escaped (`Schindler&apos;s List`, `&quot;`):
 * decoded by site-kit's JSON-LD rules. A name page carries a Person; the person is its subject, not its
 * author, and the birth date is not a date the page was posted.
 */
export const imdb: SiteRules = {
  id: 'imdb',
  hosts: ['imdb.com', 'imdb.to'],
  kinds: [
    {kind: 'title', example: 'https://www.imdb.com/title/tt0468569/'},
    {kind: 'series', example: 'https://www.imdb.com/title/tt0903747/'},
    {kind: 'name', example: 'https://www.imdb.com/name/nm0634240/'},
    {kind: 'title-escaped', example: 'https://www.imdb.com/title/tt0108052/'},
  ],
  rules: {
    title: [
      jsonldOf(titleTypes, 'name'),
      jsonldOf(['Person'], 'name'),
      mapped('meta(og:title) without rating', meta('og:title'), withoutRating),
      without(documentTitle, / - IMDb$/),
    ],
    description: [jsonldOf(titleTypes, 'description'), jsonldOf(['Person'], 'description')],
    // Who made it: the directors (a film, an episode), else the creators (a series).
    author: [onPath(titlePath, jsonldNamesOf(titleTypes, 'director')), onPath(titlePath, jsonldNamesOf(titleTypes, 'creator'))],
    publisher: [constant('IMDb')],
    datePublished: [onPath(titlePath, jsonldOf(titleTypes, 'datePublished'))],
    image: [jsonldUrlsOf(titleTypes, 'image'), jsonldUrlsOf(['Person'], 'image')],
  },
  refuse: {
    title: (value) => /^IMDb(?:: Ratings, Reviews, and Where to Watch.*)?$/.test(value),
    // The runtime and certificate (`2h 32m | PG-13`), and the site's slogan.
    description: (value) => /^(?:\d+h(?: \d+m)?|\d+m)(?: \| .*)?$/.test(value) || /^IMDb is the world's most popular/.test(value),
    author: (value) => value === 'IMDb',
    image: (value) => /\/images\/(?:social\/imdb_logo|logos\/imdb)|imdb_fb_logo/.test(value),
  },
};
