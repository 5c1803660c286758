import type {Price} from '../../data.js';
import type {PriceRule} from '../price-rules.js';
import {readPrice} from '../read-amount.js';
import {meta, named, type Rule} from '../rule-kit.js';
import type {SiteRules} from './site.js';
import {constant, documentTitle, h1, imageOfHeading, mapped, mark} from './site-kit.js';

/**
 * A product's name from Amazon's `<title>` and `title` meta: the store's prefix and the category after
 * it (`Amazon.com: Name : Electronics`), or the store and category after it as the European stores
 * write it (`Name : Amazon.co.uk: Fashion`, `Name: Amazon.de: Elektronik & Foto`); a book's ISBN goes.
 */
export function productName(value: string): string | null {
  const prefixed = value.replace(/^Amazon(?:\.[a-z]{2,3}){1,2}\s*:\s*/i, '');
  if (prefixed !== value) return prefixed.replace(/ : [^:]+$/, '').trim() || null;
  const suffixed = value.replace(/\s*:?\s*Amazon(?:\.[a-z]{2,3}){1,2}\s*:[^:]*$/i, '');
  if (suffixed === value) return value;
  return suffixed.replace(/\s*:\s*(?:97[89])?\d{9}[\dX]$/, '').trim() || null;
}

/** The largest image of a `data-a-dynamic-image` map (`{"https://…_SX679_.jpg":[679,679], …}`). */
function largestImage(value: string): string | null {
  let map: unknown;
  try {
    map = JSON.parse(value);
  } catch {
    return null;
  }
  if (map === null || typeof map !== 'object') return null;
  let best: string | null = null;
  let bestArea = -1;
  for (const [url, size] of Object.entries(map as Record<string, unknown>)) {
    const area = Array.isArray(size) && typeof size[0] === 'number' && typeof size[1] === 'number' ? size[0] * size[1] : 0;
    if (area > bestArea) {
      best = url;
      bestArea = area;
    }
  }
  return best;
}

/** The ids of the main photo: a product's `#landingImage`, a book's cover (`#imgBlkFront`, `#ebooksImgBlkFront`), older pages' `#main-image`. */
const photoIds = ['landingImage', 'imgBlkFront', 'ebooksImgBlkFront', 'main-image'];

/** The main photo in its largest form: `data-old-hires` (the mobile site's `data-a-hires`), else the largest of `data-a-dynamic-image`, else its `src`. */
const mainPhoto: Rule = named('amazon(#landingImage hi-res)', (snapshot) => {
  const marks = snapshot.marks;
  if (marks === undefined) return null;
  const out: string[] = [];
  for (const id of photoIds) {
    const hires = marks[`#${id}@data-old-hires`] ?? marks[`#${id}@data-a-hires`];
    if (hires !== undefined) out.push(hires);
    const dynamic = marks[`#${id}@data-a-dynamic-image`];
    const largest = dynamic === undefined ? null : largestImage(dynamic);
    if (largest !== null) out.push(largest);
    const src = marks[`#${id}@src`];
    if (src !== undefined && !src.startsWith('data:')) out.push(src);
  }
  return out;
});

/** The currency of each Amazon store, by its domain after `amazon.` (amazon.com.be is Belgium's). */
const storeCurrencies: ReadonlyMap<string, string> = new Map([
  ['com', 'USD'], ['ca', 'CAD'], ['com.mx', 'MXN'], ['com.au', 'AUD'], ['co.uk', 'GBP'], ['de', 'EUR'], ['fr', 'EUR'],
  ['it', 'EUR'], ['es', 'EUR'], ['nl', 'EUR'], ['be', 'EUR'], ['com.be', 'EUR'], ['co.jp', 'JPY'], ['in', 'INR'],
  ['com.br', 'BRL'], ['se', 'SEK'], ['pl', 'PLN'], ['com.tr', 'TRY'], ['ae', 'AED'], ['sa', 'SAR'], ['sg', 'SGD'],
]);

/** The currency of the Amazon store at `url` (`https://www.amazon.ca/…` → `CAD`), or `null` for another host. */
export function storeCurrency(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  const match = /(?:^|\.)amazon\.([a-z.]+)$/.exec(host);
  return match === null ? null : storeCurrencies.get(match[1]!) ?? null;
}

/**
 * Where Amazon's product pages write the buy box's price, in order: the price for screen readers in
 * the core price boxes (`#corePrice_feature_div .a-offscreen`, the desktop layout's
 * `#corePriceDisplay_desktop_feature_div`), then the older and book pages' price elements.
 */
const priceMarks = [
  '#corePrice_feature_div .a-offscreen', '#corePriceDisplay_desktop_feature_div .a-offscreen',
  '#priceblock_ourprice', '#priceblock_dealprice', '#price_inside_buybox', '#kindle-price', '#price',
];

/** The buy box's price: the first of {@link priceMarks} that reads as one price, its currency from its symbol and the store's domain. */
const buyBoxPrice: PriceRule = (snapshot, context): Price | null => {
  const marks = snapshot.marks;
  if (marks === undefined) return null;
  const store = storeCurrency(context.url);
  for (const key of priceMarks) {
    const value = marks[key];
    const price = value === undefined ? null : readPrice(value, store);
    if (price !== null) return price;
  }
  return null;
};

/** What follows a contributor's name in `#bylineInfo`: the role (`(Author)`, `(Autor)`, `(Illustrator)`), the older pages' author popover, a format. */
const afterName = /\s*(?:\([^()]{1,40}\)|Visit Amazon['’]s |Find all the books|See search results for this author|Are you an author\?|Format:)[\s\S]*$/;

/**
 * A book's authors: the `.author` entries of `#bylineInfo` (`Maren Lind (Author)`), without the role
 * and what follows it, each once. A product's byline (`Visit the Brand Store`, an `<a>`) is no `.author`.
 */
const contributors: Rule = named('amazon(#bylineInfo .author)', (snapshot) => {
  const names: string[] = [];
  for (const entry of snapshot.bylines ?? []) {
    if (entry.kind !== 'author') continue;
    const name = entry.text.replace(afterName, '').replace(/[\s,]+$/, '').trim();
    if (name !== '' && !names.includes(name)) names.push(name);
  }
  return names.length === 0 ? null : names.join(', ');
});

/** Headings of the page's widgets and walls, which a first `<h1>` may be instead of the product. */
const widgetHeading = /^(?:Customers (?:who|also)\b.*|Products related to this item|Sponsored(?: products.*)?|Frequently bought together|Your Browsing History|Related products|Shop by (?:Category|Department)|Hello, sign in|Sorry!? Something went wrong!?|Page Not Found|Looking for something\?|Enter the characters you see below|Results|Amazon\.[a-z.]+|Top reviews.*|Product (?:information|description|details)|About this item|Compare with similar items)$/i;

/**
 * Amazon, every country domain: the product's name is `h1#title` (around `#productTitle`); `<title>`
 * and the `title` meta wrap it in the store's name and a category. The product photo is the main
 * image (`#landingImage`, a book's `#imgBlkFront`) at its high resolution (`data-old-hires`, else the
 * largest of `data-a-dynamic-image`); never the banners, ads and sprites of the site's own graphics
 * (`/images/G/`, the ad system), nor a widget's heading as the title (`#productTitle` before `h1#title`,
 * which adds a book's binding and edition). A book's authors are its byline's `.author` names without
 * their role; the brand store link is not an author.
 * The price is the buy box's ({@link priceMarks}), in the store's currency when its symbol fits it.
 */
export const amazon: SiteRules = {
  id: 'amazon',
  hosts: ['amazon.*', 'amzn.to', 'amzn.eu', 'a.co'],
  kinds: [
    {kind: 'product', example: 'https://www.amazon.com/Example-Kettle-Stainless-Steel/dp/B0EXAMPLE1'},
    {kind: 'product-uk', example: 'https://www.amazon.co.uk/dp/B0EXAMPLE2'},
    {kind: 'book', example: 'https://www.amazon.de/-/en/dp/B0EXAMPLE3'},
    {kind: 'product-widgets', example: 'https://www.amazon.com/dp/B0EXAMPLE4'},
    {kind: 'book-cover', example: 'https://www.amazon.com/Salt-Road-Novel/dp/B0EXAMPLE5'},
    {kind: 'product-de', example: 'https://www.amazon.de/Example-Schreibtischlampe-dimmbar/dp/B0EXAMPLE6'},
    {kind: 'book-2023', example: 'https://www.amazon.com/Quiet-Harbour-Novel-Maren-Lind/dp/0000000002'},
    {kind: 'product-mobile', example: 'https://www.amazon.com/Example-Pour-Over-Kettle/dp/B0EXAMPLE7'},
  ],
  rules: {
    title: [
      mark('#productTitle'),
      mark('#title'),
      mapped('meta(title) without Amazon:', meta('title'), productName),
      mapped('document(title) without Amazon:', documentTitle, productName),
      h1,
    ],
    description: [mapped('meta(description) without Amazon:', meta('description'), (value) => productName(value))],
    author: [contributors],
    publisher: [constant('Amazon')],
    image: [mainPhoto, imageOfHeading],
  },
  price: buyBoxPrice,
  refuse: {
    title: (value) => /^Amazon(?:\.[a-z.]+)?(?:\s*:.*Online Shopping.*)?$/i.test(value) || widgetHeading.test(value),
    author: (value) => /^(?:Visit the .+ Store|Brand: .+)$/.test(value),
    // The site's own graphics (`/images/G/`: navigation, banners, sprites), ads and tracking pixels.
    image: (value) => /\/images\/G\/\d+\/|fls-[a-z]+\.amazon\.|amazon-adsystem\.com|\/aax-|transparent-pixel|\/images\/S\/sash\//.test(value),
  },
};
