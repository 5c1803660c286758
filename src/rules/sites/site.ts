import type {MediaField, TextField} from '../../data.js';
import type {PriceRule} from '../price-rules.js';
import type {RuleTable} from '../rule-kit.js';

/** A field of the card a site's rules can read or refuse. */
export type SiteField = TextField | MediaField;

/**
 * A page kind of a site (a watch page, a post, a profile…): its name and an example path, for the
 * docs table and the tests (each kind has a fixture, tests/fixtures/sites/<site>/<kind>.html).
 */
export interface PageKind {
  kind: string;
  /** An example URL of this kind, the one its fixture is read at. */
  example: string;
}

/**
 * The rules of one site, as data: they run before the general rules, only on pages of its hosts
 * (pickFields looks the page's host up once, in a map). Read {@link defaultSites} for examples.
 */
export interface SiteRules {
  /** A short lowercase id (`youtube`, `x`), unique among the sites. */
  id: string;
  /**
   * The hosts it covers: a domain covers its subdomains (`youtube.com` covers `www.` and `m.`), and
   * `name.*` covers that name under any public suffix (`amazon.*`: `amazon.de`, `amazon.co.uk`).
   */
  hosts: string[];
  /** The page kinds its rules were written and tested for. */
  kinds?: PageKind[];
  /** Per field, rules tried before the general rules of that field (text fields: the first accepted value wins). */
  rules: Partial<RuleTable>;
  /**
   * Per field, values refused from any rule, the general ones included: a site's generic placeholder
   * image, its error text ("JavaScript is not available"). A refused text lets the next value try.
   */
  refuse?: Partial<Record<SiteField, (value: string) => boolean>>;
  /**
   * The product's price as the site shows it (Amazon's buy box), tried before the page's product
   * metas, JSON-LD and microdata (`data.price`); `null` lets those try.
   */
  price?: PriceRule;
  /**
   * The site's oEmbed endpoint as a source for its rules: `extract()` asks it for the page, and its
   * answer reaches the rules as `page.oembed`, read by the `oembed(...)` rules listed in `rules`.
   */
  oembed?: SiteOEmbed;
}

/** How `extract()` asks a site's oEmbed endpoint (docs/sites.md, "oEmbed as a rule source"). */
export interface SiteOEmbed {
  /**
   * `true`: asked alongside the page fetch, for a site whose HTML is often a wall or poor for a
   * previewer (the answer costs no more than the page, since both run at once). `false`: asked after
   * the page was read, only when a field the site's `oembed(...)` rules give is still empty.
   */
  parallel: boolean;
  /**
   * The full request URL for a page URL (`null`: none for this page). Absent: the endpoint of the
   * oEmbed provider table (the config's `oembedProviders`, else the bundled registry), as for `iframe`.
   */
  endpoint?: (url: string) => string | null;
}
