import type {Snapshot} from '../parse/parse-html.js';
import {authorLink, bodyAuthor, bodyByline, headSiteNames, twitterCreator} from './body-rules.js';
import {namesDomain} from './publisher-sources.js';
import {authorName, foldText} from './normalize.js';
import {dereference, items, jsonldTypes, mainNodes, metaContentsOf, names, shortType, type JsonldNode} from './query.js';
import {withFullerNames} from './fuller-name.js';
import {headlineByline, leadByline, metaLineByline, textByline, undatedHeadlineByline, unlabelledHeadlineByline} from './lead-byline.js';
import {labelledDataAuthor} from './label-data-author.js';
import {authorLabelByline, labelledByline} from './labelled-byline.js';
import {microdata, named, type Rule} from './rule-kit.js';

/*
 * Where the author is read (issue 12 point 2, issue 28 item 3): the metadata that may name a person,
 * then the body's bylines, then, when nothing names a person, a handle and an organization. Each
 * value is read as a byline by authorName (normalize.ts, byline.ts).
 */

/** Schema.org types of an author that is not a person: an agency, a newspaper, a brand. */
const organizationTypes: ReadonlySet<string> = new Set(['Organization', 'Corporation', 'NGO', 'LocalBusiness', 'Brand', 'WebSite', 'Consortium', 'Project']);
const isOrganizationType = (type: string): boolean => organizationTypes.has(type) || type.endsWith('Organization');

/**
 * The author names of a JSON-LD `author`/`creator` value (a string, a node, an `@id` reference, or an
 * array of them), the people's or the organizations' (`organizations`): a string or an untyped node
 * counts as a person. A Person without `name` gives `givenName familyName`.
 */
function authorNodeNames(snapshot: Snapshot, value: unknown, organizations: boolean, out: string[]): void {
  for (const item of items(value)) {
    const resolved = dereference(snapshot, item);
    if (typeof resolved === 'string') {
      if (!organizations) out.push(resolved);
      continue;
    }
    if (resolved === null || typeof resolved !== 'object' || Array.isArray(resolved)) continue;
    const node = resolved as JsonldNode;
    if (jsonldTypes(node).some(isOrganizationType) !== organizations) continue;
    const name = typeof node.name === 'string' ? node.name
      : [node.givenName, node.familyName].filter((part) => typeof part === 'string').join(' ');
    if (name !== '') out.push(name);
  }
}

/** Several authors are all kept, joined with `, `; what is no name (a URL, a date, `Staff`) is left out. */
function joinNames(list: readonly string[]): string[] {
  const names: string[] = [];
  for (const value of list) {
    const name = authorName(value);
    if (name !== null && !names.includes(name)) names.push(name);
  }
  return names.length === 0 ? [] : [names.join(', ')];
}

/** The people a main node names as `author` (then `creator`): one value per node, its names joined. */
function jsonldAuthorNames(snapshot: Snapshot, organizations: boolean): string[] {
  const out: string[] = [];
  for (const node of mainNodes(snapshot)) {
    for (const key of ['author', 'creator']) {
      const list: string[] = [];
      authorNodeNames(snapshot, node[key], organizations, list);
      out.push(...joinNames(list));
    }
  }
  return out;
}

/**
 * The JSON-LD people, but not the site itself written as one (`"author": {"@type": "Person", "name":
 * "Die Tagespresse"}`, `"name": "tennisnet.com"`: a CMS's default when no one signed the page, issue 33):
 * its name is the head's site name, the publisher's or spells the domain. As for an Organization
 * author ({@link organizationAuthor}), a byline that names it too keeps it (a blog named after its writer).
 */
const jsonldAuthor = named('jsonld(author.name)', (snapshot, context) => {
  const found = jsonldAuthorNames(snapshot, false);
  return found.length === 0 ? found : withoutSiteNames(snapshot, context.url, found, true);
});

/** The author values that are not the site's own name, unless the page's byline names it too. */
function withoutSiteNames(snapshot: Snapshot, url: string, found: string[], people = false): string[] {
  const sites = headSiteNames(snapshot, url);
  // A person named as the publishing Organization is the CMS copying the publisher into the author (`"author": {"@type":
  // "Person", "name": "L'Opinion"}` beside the publisher `L'Opinion`): only the page's first byline makes it the author, not a card's `l’Opinion`.
  const publishers = new Set<string>();
  for (const node of mainNodes(snapshot)) {
    for (const item of items(node.publisher)) {
      const publisher = dereference(snapshot, item);
      for (const name of names(snapshot, publisher)) {
        sites.add(foldText(name));
        if (people && publisher !== null && typeof publisher === 'object' && jsonldTypes(publisher as JsonldNode).some(isOrganizationType)) publishers.add(foldText(name));
      }
    }
  }
  const bylined = (snapshot.bylines ?? []).map((entry) => foldText(authorName(entry.text) ?? '')).filter((name) => name !== '');
  return found.filter((name) => {
    const folded = foldText(name);
    // The publisher's name counts when the page's own byline, its first, signs with it (`telebasel`).
    return !(sites.has(folded) || namesDomain(name, url)) || (publishers.has(folded) ? bylined[0] === folded : bylined.includes(folded));
  });
}

/**
 * An author that is an organization (a JSON-LD `Organization`/`NewsMediaOrganization` author, a
 * microdata author item typed so): the card's author when no source names a person, as the hosted
 * service would give it (issue 28 item 3).
 */
const organizationAuthor = named('jsonld(author Organization), microdata(author Organization)', (snapshot, context) => {
  const found = [
    ...jsonldAuthorNames(snapshot, true),
    ...joinNames(snapshot.microdata.filter((entry) => entry.prop === 'name' && entry.scope === 'author' && isOrganizationItem(entry.type)).map((entry) => entry.value)),
  ];
  // The site itself as the author (`BBC News` on bbc.com, its publisher's name) names no one: a page
  // with no person named has no author (issue 33 item 2). Another organization (an agency) is kept,
  // and so is the site's name that the page's byline names too: a blog named after its writer.
  return found.length === 0 ? found : withoutSiteNames(snapshot, context.url, found);
});

const isOrganizationItem = (type: string | null): boolean => type !== null && isOrganizationType(shortType(type));

/**
 * Microdata authors, every one of the top-level item (`By <span itemprop=author itemscope>…</span> and
 * <span itemprop=author itemscope>…</span>`): the `name` of each author item that is not an
 * organization, joined with `, `.
 */
const microdataAuthor = named('microdata(author.name)', (snapshot) =>
  joinNames(snapshot.microdata.filter((entry) => entry.prop === 'name' && entry.scope === 'author' && !isOrganizationItem(entry.type)).map((entry) => entry.value)));

/** `microdata(author)` / `microdata(creator)` of the top-level item, every one joined. */
function microdataJoined(prop: string): Rule {
  return named(`microdata(top.${prop})`, (snapshot) =>
    joinNames(snapshot.microdata.filter((entry) => entry.prop === prop && entry.scope === null).map((entry) => entry.value)));
}

/**
 * The contents of the author `<meta>` tags with these keys, several tags of one key joined with `, `
 * (`<meta property="article:author" content="Ann Lee">` twice for two authors); the tags that hold a
 * URL (a profile link) are left out, and so are those that name the site itself (a CMS's
 * `<meta name="author" content="The Harbour Wire">`): the organization, read after every person
 * source ({@link siteNamedAuthor}).
 */
function metaAuthors(...keys: string[]): Rule {
  const wanted = keys.map((key) => key.toLowerCase());
  return named(`meta(${keys.join(', ')})`, (snapshot, context) => {
    // The site's names are looked up only for a page that has such a meta (most have none).
    let sites: Set<string> | null = null;
    const out: string[] = [];
    for (const key of wanted) {
      const values = metaContentsOf(snapshot, [key]);
      if (values.length === 0) continue;
      const siteSet = (sites ??= headSiteNames(snapshot, context.url));
      out.push(...joinNames(values.filter((value) => !siteSet.has(foldText(authorName(value) ?? value)))));
    }
    return out;
  });
}

// Dublin Core's creator, written with a dot or, as RDFa writes it, a colon (`dcterm:` is Readability's spelling).
const dublinCoreCreatorKeys = ['dc.creator', 'dcterms.creator', 'dc:creator', 'dcterms:creator', 'dcterm:creator'];
const authorMetaKeys = ['article:author', 'og:article:author', 'book:author', ...dublinCoreCreatorKeys, 'author', 'parsely-author', 'sailthru.author'];

/** An author meta that names the site itself: the card's author when nothing names a person (as an Organization author is). */
const siteNamedAuthor = named('meta(author) naming the site', (snapshot, context) => {
  const values = metaContentsOf(snapshot, authorMetaKeys);
  if (values.length === 0) return values;
  const sites = headSiteNames(snapshot, context.url);
  return values.filter((value) => sites.has(foldText(authorName(value) ?? value)));
});

/**
 * A newsroom's desk, not a person (`Redacción Trome`, `N-Land Redaktion`, `Newsdesk`, `Editorial
 * Team`; `Staff Writer` is no one's name at all, byline.ts): what a CMS writes where no one signed,
 * and what a later source often corrects with the writer's name (issue 33: `article:author`
 * `Redacción Trome`, JSON-LD `Carla Chevez`).
 */
const desk = /^(?:(?:die\s+)?redaktion\b|redacci[oó]n\b|r[ée]daction\b|redazione\b|redação\b|news\s*desk$|newsroom$|editorial\s+(?:team|staff|board)$|staff(?:\s+(?:writer|reporter))?$)|\s(?:redaktion|redacci[oó]n|desk|newsroom|editorial\s+team|staff)$/i;
/** Whether a value names a desk alone (`Ann Lee, Redaktion` names a person first). */
function isDesk(value: string): boolean {
  const name = authorName(value) ?? value;
  return !name.includes(',') && desk.test(name);
}

/** A source whose desks wait for {@link deskAuthor}: a person named by a later source comes first. */
function peopleFirst(rule: Rule): Rule {
  return named(rule.name, (snapshot, context) => {
    const result = rule(snapshot, context);
    if (typeof result === 'string') return isDesk(result) ? null : result;
    return Array.isArray(result) ? result.filter((value) => !isDesk(value)) : result;
  });
}

/**
 * The name the page shows twice, in an author element and in a labelled plain-text byline (`<span
 * class="author">Fabian</span>` and `Erstellt von Fabian am …`): the writer, before `<meta
 * name="author">`, which a site often sets once for every page (its owner, its maker).
 */
const agreedByline = named('document(.author) = document(p) byline', (snapshot, context) => {
  const lead = textByline(snapshot) ?? headlineByline(snapshot, context);
  if (typeof lead !== 'string') return null;
  const body = bodyAuthor(snapshot, context);
  const first = typeof body === 'string' ? body : Array.isArray(body) ? body[0] : undefined;
  return first !== undefined && foldText(first) === foldText(lead) ? lead : null;
});

/** A CMS login: one lowercase word (`tkalweit`, `sv_team`, `vpohl`). */
const login = /^[\p{Ll}\d._-]+$/u;

/**
 * A source whose logins count only when the page shows them: a login the SEO plugin copies into the
 * metadata (Yoast's JSON-LD Person, `twitter:data1`) while no byline on the page names anyone
 * (`tkalweit`, `sv_team`) is no one the reader sees; one a byline shows (`rasos`) is the author.
 */
function shownLogins(rule: Rule): Rule {
  return named(rule.name, (snapshot, context) => {
    const result = rule(snapshot, context);
    const values = typeof result === 'string' ? [result] : Array.isArray(result) ? result : [];
    if (!values.some((value) => login.test(value))) return result;
    const texts = [...(snapshot.bylines ?? []).map((entry) => entry.text), ...(snapshot.datelines ?? []), snapshot.afterHeadline ?? '', snapshot.authorLink ?? ''];
    const shown = (value: string): boolean => !login.test(value) || texts.some((text) => text.toLowerCase().includes(value));
    return values.filter(shown);
  });
}

/** The person sources, in priority order: their desks come after all of them ({@link deskAuthor}). */
const personSources: readonly Rule[] = [
  withFullerNames(metaAuthors('article:author', 'og:article:author', 'book:author')),
  // A first name or a handle gives way to the full name the page writes (`Nils` → `Nils Pickert`, fuller-name.ts).
  shownLogins(withFullerNames(jsonldAuthor)),
  shownLogins(withFullerNames(microdataAuthor)),
  microdataJoined('author'),
  microdata('name', 'creator'),
  microdataJoined('creator'),
  metaAuthors(...dublinCoreCreatorKeys),
  agreedByline,
  shownLogins(withFullerNames(metaAuthors('author', 'parsely-author', 'sailthru.author'))),
  // Yoast SEO's `twitter:label1` `Written by` / `twitter:data1` pair (label-data-author.ts).
  shownLogins(withFullerNames(labelledDataAuthor)),
  withFullerNames(authorLink),
  // After every metadata source: bylines that live only in the body (issue 12 point 2), the one under the headline first.
  headlineByline,
  withFullerNames(bodyAuthor),
  bodyByline,
  // A byline in plain text, its label its only mark (`<p>von <em>Klaus Stanjek</em></p>`, lead-byline.ts).
  leadByline,
  // Then in a block of its own under a headline with no date near it (`<div>By Jane Doe</div>`).
  undatedHeadlineByline,
  // An author's label after a labelled date (`Datum: 03.11.2021 Autor: Peter Maahn/SP-X`, labelled-byline.ts).
  labelledByline,
  // Last of the bylines: a post's meta line opening with one (Drupal's `.submitted` `Gespeichert von rasos am …`, lead-byline.ts).
  metaLineByline,
  // An author's label opening a short text anywhere in the body (`Autorin: Uta Staschewski, Projektleiterin`, labelled-byline.ts).
  authorLabelByline,
  // A full name alone above a date alone under the headline (`<div>Amelie Siekmann</div><div>04. Dezember 2022</div>`).
  unlabelledHeadlineByline,
];

/** The desks the person sources name, in their order: the author when no source names a person. */
const deskAuthor = named('desk (Redaktion, Newsdesk…)', (snapshot, context) => {
  const out: string[] = [];
  for (const rule of personSources) {
    const result = rule(snapshot, context);
    for (const value of typeof result === 'string' ? [result] : Array.isArray(result) ? result : []) if (isDesk(value)) out.push(value);
  }
  return out;
});

/** Where the author is read, in priority order. */
export const authorRules: Rule[] = [
  ...personSources.map(peopleFirst),
  deskAuthor,
  // Last (issue 28 item 3): a handle, then an organization, when nothing names a person.
  twitterCreator,
  organizationAuthor,
  siteNamedAuthor,
];
