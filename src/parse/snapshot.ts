/** A `<meta>` tag: whichever of its key attributes are present, and its trimmed `content`. */
export interface MetaTag {
  name?: string;
  property?: string;
  itemprop?: string;
  httpEquiv?: string;
  content: string;
  /**
   * Set when `content` ended in white space before it was trimmed: what an unescaped `"` inside it leaves
   * (`content="Why the "best" bread"` reads as `Why the `; rules/quote-cut.ts).
   */
  spacedEnd?: true;
}

/** A `<link>` tag with an `href`; `rel` is lowercased and whitespace-collapsed. */
export interface LinkTag {
  rel: string;
  href: string;
  sizes?: string;
  type?: string;
  hreflang?: string;
}

/**
 * One microdata property value (`itemprop`), for the few properties the rules use.
 * `scope` is the path of `itemprop`s of the enclosing items, outermost first: `author` for the
 * `name` inside `<div itemprop="author" itemscope>` of a top-level item, `review.author` for a
 * reviewer's name, `null` for a property of a top-level item (or of no item at all).
 */
export interface MicrodataValue {
  prop: string;
  value: string;
  scope: string | null;
  /** The `itemtype` of the enclosing item, raw (e.g. `https://schema.org/Person`). */
  type: string | null;
}

/** A `<source>` of a `<picture>`: its raw `srcset` and `type`. */
export interface PictureSource {
  srcset: string;
  type?: string;
}

/** An `<img>`: its raw attributes. */
export interface ImageTag {
  src?: string;
  srcset?: string;
  /** `data-src` / `data-lazy-src`, the usual lazy-loading attribute. */
  dataSrc?: string;
  width?: string;
  height?: string;
  alt?: string;
  /**
   * The `<source srcset>` elements of the `<picture>` this `<img>` belongs to, in document order
   * (at most {@link maxPictureSources}); absent outside a `<picture>` or when it has none.
   */
  sources?: PictureSource[];
}

/** A `<video>` or `<audio>` element with its child `<source>` elements. */
export interface MediaTag {
  src?: string;
  poster?: string;
  sources: {src: string; type?: string}[];
}

/**
 * An element of the body that names an author (`kind: 'author'`: its class or id names an author, or
 * it links to an author page) or a byline (`'byline'`), with its text. `start` is the element's
 * ordinal among all elements of the page, `end` the ordinal of the last element opened before it
 * closed: an entry whose span holds another's is its container, and the next entry's `start`
 * minus this one's `end` tells whether the two sit side by side.
 */
export interface BylineText {
  kind: 'author' | 'byline';
  text: string;
  start: number;
  end: number;
}

/** A `<p>` that may be the page's lead paragraph (collect-paragraphs.ts). */
export interface ParagraphText {
  text: string;
  /** Whether it sits in an `<article>` or `<main>`: the lead is looked for there first. */
  lead: boolean;
  /** Set on a block's own text written without `<p>` (`<div>The text…<br><br>More…</div>`), read before the first `<p>`. */
  loose?: true;
}

/** What one htmlparser2 pass collects from a document. Plain, JSON-able data. */
export interface Snapshot {
  /** The first `<base href>` value, raw. */
  baseHref: string | null;
  /** The first non-empty `<title>` outside `<svg>`, whitespace-collapsed. */
  title: string | null;
  /** `<html lang>` (or `xml:lang`), raw. */
  lang: string | null;
  /** Every `<meta>` with a `content` and a key attribute, in document order (capped). */
  metas: MetaTag[];
  /** `<link>` tags with an `href`, except stylesheets and resource hints, in document order (capped). */
  links: LinkTag[];
  /** JSON-LD objects, arrays and `@graph` flattened, in document order. */
  jsonld: Record<string, unknown>[];
  /**
   * Microdata values for the properties in {@link microdataProps}, in document order (capped).
   * Text values (read from element text) are kept for top-level items and their `author`, `creator`
   * and `publisher` items only; attribute values (`content`, `href`, `src`, `datetime`…) for any item.
   */
  microdata: MicrodataValue[];
  /** `<time datetime>` values (the text of a `<time>` without one), in document order (capped). */
  times: string[];
  /** The first non-empty `<h1>` text. */
  h1: string | null;
  /**
   * The first `<p>` outside nav/header/footer/aside/form and figure/figcaption/blockquote/dialog with
   * at least {@link minParagraphLength} characters.
   */
  paragraph: string | null;
  /**
   * The first such `<p>`s, in document order, each marked when it sits in an `<article>` or `<main>`:
   * at most {@link maxParagraphs}, and none after the {@link maxLeadParagraphs}th marked one; absent
   * when there are none. The description's last source (src/rules/lead-paragraph.ts).
   */
  paragraphs?: ParagraphText[];
  /** The text of the first `<a rel="author">`. */
  authorLink: string | null;
  /** The first {@link maxImages} `<img>` elements. */
  images: ImageTag[];
  /** The first `<video>` elements. */
  videos: MediaTag[];
  /** The first `<audio>` elements. */
  audios: MediaTag[];
  /**
   * Body elements that name an author or a byline by their class or id (`.author`, `.byline`,
   * `#c-byline__author`) or link to an author page (`/author/…`), outside nav/footer/aside/form, in
   * document order, at most 12 (`maxBylines`, collect-bylines.ts); absent when there are none.
   */
  bylines?: BylineText[];
  /**
   * The texts of body elements whose class or id names a date (`.date`, `.publish_on`, `.timestamp`,
   * `.dateline`…), outside nav/footer/aside/form, in document order, at most 6; absent when none.
   */
  dateTexts?: string[];
  /**
   * The text that follows the first `<h1>` up to the end of its parent's parent, at most 200
   * characters (collect-dates.ts): where a date shown only as text sits; absent when there is none.
   */
  afterHeadline?: string;
  /**
   * Whether {@link afterHeadline} was read past the end of the headline's parent's parent, which held no
   * text after it (a component page's nested title; collect-dates.ts); absent when it was not.
   */
  afterHeadlineFar?: true;
  /**
   * The texts after the `<h1>`s (at most 3) that held no year near their start, so are no {@link
   * afterHeadline}, in document order (collect-dates.ts): each its first two blocks' texts (at most 80
   * characters each) joined by a line break, where a byline without a date sits (`<h1>…</h1><div>By Jane
   * Doe</div>`); absent when none.
   */
  undatedAfterHeadlines?: string[];
  /**
   * The starts (at most 80 characters) of the first 3 non-empty `<p>`s outside nav/header/footer/aside/form
   * and captions (collect-dates.ts): where a dateline sits (`BERLIN, 3. März 2021 – …`); absent when none.
   */
  datelines?: string[];
  /**
   * The starts (at most 80 characters) of the first 3 non-empty minor headings (`<h4>`–`<h6>`) outside
   * nav/header/footer/aside/form and captions (collect-dates.ts): where a byline sits as often as in a
   * paragraph (`<h5><em>Von Ann Lee</em></h5>`); absent when none.
   */
  headingLines?: string[];
  /**
   * Short body texts that hold a date's label (`Datum:`, `Veröffentlicht am`, `Pressemitteilung vom`,
   * `Publié le`), with the text after them, outside nav/footer/aside/form, at most 4 of at
   * most 160 characters (collect-labelled-dates.ts); absent when none.
   */
  labelledTexts?: string[];
  /**
   * `<a href>`s to audio files (`.mp3`, `.m4a`…, or `rel="enclosure"` typed `audio/*`), in document
   * order, at most 5 (`maxAudioLinks`, audio-links.ts); absent when there are none.
   */
  audioLinks?: string[];
  /**
   * The first 3 short text nodes (at most 40 characters) outside nav/footer/aside/form that open with a date and
   * hold a year: a date shown alone (`<span>14. Februar 2012</span>`; date-nodes.ts); absent when none.
   */
  dateNodes?: string[];
  /**
   * The first value of a publication's key (`"datePublished"`, `"published_at"`, `"publishedAt"`…) in an
   * inline script that is no JSON-LD: an app's state (state-dates.ts), raw; absent when none.
   */
  stateDate?: string;
  /** The `alt` of the first `<img>` whose class, id, file name or `alt` names a logo; absent when none. */
  logoAlt?: string;
  /**
   * What a few of the most-pasted sites carry outside meta tags (Amazon's `#title` and
   * `#landingImage@data-old-hires`, Reddit's `shreddit-post@author`, TikTok's `script#SIGI_STATE`…),
   * keyed as site-marks.ts lists them; absent when there are none.
   */
  marks?: Record<string, string>;
}

/** The microdata properties recorded in {@link Snapshot.microdata}. */
export const microdataProps: ReadonlySet<string> = new Set([
  'name', 'headline', 'description', 'author', 'creator', 'datePublished', 'dateCreated', 'dateModified',
  'uploadDate', 'image', 'logo', 'contentUrl', 'thumbnailUrl', 'publisher', 'url', 'inLanguage',
  // A product's offer (rules/price-rules.ts).
  'price', 'lowPrice', 'priceCurrency',
]);

/** How many `<img>` elements are recorded. */
export const maxImages = 10;
/** How many `<source>` elements of one `<picture>` are recorded. */
export const maxPictureSources = 10;
/** The shortest `<p>` text taken as the description fallback. */
export const minParagraphLength = 40;
/** How many paragraphs {@link Snapshot.paragraphs} records at most, and how many in an article or main. */
export const maxParagraphs = 6;
export const maxLeadParagraphs = 3;

/** A snapshot with nothing recorded yet: what an empty document gives. */
export function emptySnapshot(): Snapshot {
  return {
    baseHref: null, title: null, lang: null, metas: [], links: [], jsonld: [], microdata: [], times: [],
    h1: null, paragraph: null, authorLink: null, images: [], videos: [], audios: [],
  };
}
