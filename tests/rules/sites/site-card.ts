import {readFileSync} from 'node:fs';
import type {Candidates} from '../../../src/data.js';
import {parseHtml} from '../../../src/parse/parse-html.js';
import {documentBase, resolveUrls} from '../../../src/rules/resolve-urls.js';
import {defaultSites, pickFields, rules, type SiteIndex} from '../../../src/rules/rules.js';

/** The card a fixture of a site's page kind gives, read at the kind's example URL (parseHtml → pickFields → resolveUrls). */
export function siteCard(site: string, kind: string, sites?: SiteIndex | null): Candidates {
  const entry = defaultSites.find((candidate) => candidate.id === site)?.kinds?.find((candidate) => candidate.kind === kind);
  if (entry === undefined) throw new Error(`no kind ${kind} for ${site}`);
  return fixtureCard(`${site}/${kind}.html`, entry.example, sites);
}

/** The card of tests/fixtures/sites/<path> read at `url`. */
export function fixtureCard(path: string, url: string, sites?: SiteIndex | null): Candidates {
  const html = readFileSync(new URL(`../../fixtures/sites/${path}`, import.meta.url), 'utf8');
  const snapshot = parseHtml(html);
  return resolveUrls(pickFields(snapshot, {url, headers: {}}, rules, sites), documentBase(snapshot.baseHref, url));
}

/** The fields a card is judged on: the text fields and the first image. */
export function summary(card: Candidates): Record<string, string | null> {
  return {
    title: card.title, description: card.description, author: card.author, publisher: card.publisher,
    datePublished: card.datePublished ?? null, image: card.image[0] ?? null,
  };
}
