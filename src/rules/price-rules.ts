import type {Price} from '../data.js';
import type {Snapshot} from '../parse/parse-html.js';
import {currencyCode, readPrice} from './read-amount.js';
import type {RuleContext} from './rule-kit.js';
import {dereference, items, jsonldNodes, jsonldTypes, metaContentsOf, shortType, type JsonldNode} from './query.js';

/**
 * Where a price comes from: a site's own rule (sites/amazon.ts) or {@link pagePrice}. Returns the
 * price, or `null` to let the next source try.
 */
export type PriceRule = (snapshot: Snapshot, context: RuleContext) => Price | null;

const productTypes: ReadonlySet<string> = new Set(['Product', 'IndividualProduct', 'ProductModel', 'Vehicle', 'Car']);
const pageTypes: ReadonlySet<string> = new Set(['WebPage', 'ItemPage']);
/** `og:type` values of a page about one product (Open Graph's `product`, Facebook's `product.item`). */
const productOgTypes: ReadonlySet<string> = new Set(['product', 'product.item', 'og:product']);

const ogType = ['og:type'];
const amountKeys = ['product:price:amount', 'og:price:amount'];
const currencyKeys = ['product:price:currency', 'og:price:currency'];

/** The JSON-LD Product nodes: top-level ones, and a page node's `mainEntity` that is one. */
function productNodes(snapshot: Snapshot): JsonldNode[] {
  const nodes = [...jsonldNodes(snapshot, productTypes)];
  for (const page of jsonldNodes(snapshot, pageTypes)) {
    for (const entity of items(page.mainEntity)) {
      const node = dereference(snapshot, entity);
      if (node !== null && typeof node === 'object' && !Array.isArray(node) && !nodes.includes(node as JsonldNode)
        && jsonldTypes(node as JsonldNode).some((type) => productTypes.has(type))) nodes.push(node as JsonldNode);
    }
  }
  return nodes;
}

/** How many different products the nodes describe (two nodes of one product, by name or `@id`, count once). */
function distinctProducts(nodes: readonly JsonldNode[]): number {
  const seen = new Set<unknown>();
  for (const node of nodes) seen.add(typeof node.name === 'string' ? node.name.trim() : node['@id'] ?? node);
  return seen.size;
}

/** How many top-level microdata Product items there are, by their `name`s (one item without one counts once). */
function microdataProducts(snapshot: Snapshot): number {
  let names = 0;
  let any = false;
  for (const entry of snapshot.microdata) {
    if (entry.scope !== null || entry.type === null || !productTypes.has(shortType(entry.type))) continue;
    any = true;
    if (entry.prop === 'name') names++;
  }
  return names > 0 ? names : any ? 1 : 0;
}

/** Whether the microdata may name a product: an offer's price, or a top-level item typed `…Product` (`…/Vehicle`, `…/Car`). */
function hasMicrodataOffer(snapshot: Snapshot): boolean {
  for (const {prop, scope, type} of snapshot.microdata) {
    if (prop === 'price' || prop === 'lowPrice') return true;
    if (scope === null && type !== null && (type.endsWith('Product') || type.endsWith('Vehicle') || type.endsWith('Car'))) return true;
  }
  return false;
}

/** A number or a page's text for one (`29.99`, `"1,299.00"`, `"$29.99"`), with the currency its text names. */
function valuePrice(value: unknown, currency: unknown): Price | null {
  const code = currencyCode(currency);
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? {amount: value, currency: code} : null;
  if (typeof value !== 'string') return null;
  const read = readPrice(value, code, true);
  return read === null ? null : {amount: read.amount, currency: code ?? read.currency};
}

/** An Offer's `price` (or its `priceSpecification`'s), an AggregateOffer's `lowPrice`, with `priceCurrency`. */
function offerPrice(snapshot: Snapshot, offer: unknown): Price | null {
  const node = dereference(snapshot, offer);
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return null;
  const {price, lowPrice, priceCurrency, priceSpecification} = node as JsonldNode;
  const found = valuePrice(price ?? lowPrice, priceCurrency);
  if (found !== null) return found;
  for (const specification of items(priceSpecification)) {
    if (specification === null || typeof specification !== 'object') continue;
    const {price: specified, priceCurrency: specifiedCurrency} = specification as JsonldNode;
    const read = valuePrice(specified, specifiedCurrency ?? priceCurrency);
    if (read !== null) return read;
  }
  return null;
}

/** The first offer with a price, of the page's one product. */
function jsonldPrice(snapshot: Snapshot, products: readonly JsonldNode[]): Price | null {
  for (const product of products) {
    for (const offer of items(product.offers)) {
      const price = offerPrice(snapshot, offer);
      if (price !== null) return price;
    }
  }
  return null;
}

/** Microdata `price` (else `lowPrice`) of the page's offer, with its `priceCurrency`: a code, or a symbol only one currency writes. */
function microdataPrice(snapshot: Snapshot): Price | null {
  for (const prop of ['price', 'lowPrice']) {
    const entry = snapshot.microdata.find((value) => value.prop === prop && (value.scope === null || value.scope === 'offers'));
    if (entry === undefined) continue;
    const currencyEntry = snapshot.microdata.find((value) => value.prop === 'priceCurrency' && value.scope === entry.scope && value.type === entry.type);
    const named = currencyEntry === undefined ? null : currencyCode(currencyEntry.value) ?? readPrice(`${currencyEntry.value}1`)?.currency ?? null;
    const price = readPrice(entry.value, named, true);
    if (price !== null) return {amount: price.amount, currency: named ?? price.currency};
  }
  return null;
}

/**
 * The price of the product a page is about, from what it states for machines, in order: the
 * `product:price:amount`/`product:price:currency` metas (Shopify's `og:price:*`), the JSON-LD
 * Product's offer, the microdata offer. Only on a page about one product (a JSON-LD Product, a
 * microdata Product item, or `og:type` `product`): a listing of several products gets none.
 */
export const pagePrice: PriceRule = (snapshot) => {
  const products = snapshot.jsonld.length === 0 ? [] : productNodes(snapshot);
  const type = metaContentsOf(snapshot, ogType)[0]?.trim().toLowerCase();
  // Most pages are none of these: no Product node, no product og:type, no microdata product or offer.
  if (products.length === 0 && (type === undefined || !productOgTypes.has(type)) && !hasMicrodataOffer(snapshot)) return null;
  const jsonldCount = distinctProducts(products);
  const microdataCount = microdataProducts(snapshot);
  if (jsonldCount > 1 || microdataCount > 1) return null;
  if (jsonldCount === 0 && microdataCount === 0 && (type === undefined || !productOgTypes.has(type))) return null;
  const amount = metaContentsOf(snapshot, amountKeys)[0];
  if (amount !== undefined) {
    const price = valuePrice(amount, metaContentsOf(snapshot, currencyKeys)[0]);
    if (price !== null) return price;
  }
  return jsonldPrice(snapshot, products) ?? microdataPrice(snapshot);
};

/** Whether the page says it is about a product (its `og:type`, price metas, a JSON-LD Product): its price may then still come (rules/settled-fields.ts). */
export function mayStatePrice(snapshot: Snapshot): boolean {
  const type = metaContentsOf(snapshot, ogType)[0]?.trim().toLowerCase();
  return (type !== undefined && productOgTypes.has(type)) || metaContentsOf(snapshot, amountKeys).length > 0 || productNodes(snapshot).length > 0;
}
