// data.price from what a page states for machines (rules/price-rules.ts) and prices as pages write
// them (rules/read-amount.ts): the fixtures in tests/fixtures/price are written here in the shapes
// Shopify, WooCommerce (with Yoast's graph), Magento's microdata, a category listing and a review
// article serve.
import {describe, expect, it} from '@jest/globals';
import {readFileSync} from 'node:fs';
import type {Candidates} from '../../src/data.js';
import {parseHtml} from '../../src/parse/parse-html.js';
import {readAmount, readPrice} from '../../src/rules/read-amount.js';
import {metaFields, type MetaField} from '../../src/rules/meta.js';
import {defaultSiteIndex, pickFields} from '../../src/rules/rules.js';
import {settledCheck} from '../../src/rules/settled-fields.js';
import {expectSame} from '../helpers/parse-differential.js';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/price/${name}`, import.meta.url), 'utf8');
const fieldsOf = (html: string, url = 'https://shop.test/p/1'): Candidates => pickFields(parseHtml(html), {url, headers: {}});
const priceOf = (html: string, url?: string) => fieldsOf(html, url).price;
const page = (head: string, body = ''): string => `<!doctype html><html><head><title>Item</title>${head}</head><body>${body}</body></html>`;
const productLd = (offers: unknown): string => `<script type="application/ld+json">${JSON.stringify({'@context': 'https://schema.org', '@type': 'Product', name: 'Item', offers})}</script>`;

describe('readAmount: numbers as pages write them', () => {
  it.each([
    ['29.99', 29.99], ['1,299.00', 1299], ['1.299,00', 1299], ['29,99', 29.99], ['1,299', 1299], ['3,980', 3980],
    ['1.299.000', 1299000], ['1,299,000.50', 1299000.5], ['1 299,00', 1299], ['1\u00a0299,00', 1299], ["1'299.00", 1299],
    ['0', 0], ['0,50', 0.5], ['12', 12], ['29.9', 29.9],
  ])('%j is %d', (text, amount) => {
    expect(readAmount(text)).toBe(amount);
  });

  it.each(['', 'abc', '-5', '29..99', '1,29,9.00', '12,34.567,8', '1.299,00.5', '29.', ',99', '1 29', 'Infinity', 'NaN', '1e5', '29.99 - 39.99'])('%j is no amount', (text) => {
    expect(readAmount(text)).toBeNull();
  });

  it('a lone `.` in a value written for machines is the decimal point, three digits after it or not', () => {
    expect(readAmount('1.299', true)).toBe(1.299);
    expect(readAmount('1.299')).toBe(1299);
    expect(readAmount('1,299', true)).toBe(1299);
  });
});

describe('readPrice: the amount and the currency a text names', () => {
  it.each([
    ['$1,299', null, {amount: 1299, currency: null}],
    ['$1,299', 'USD', {amount: 1299, currency: 'USD'}],
    ['$29.99', 'CAD', {amount: 29.99, currency: 'CAD'}],
    ['¥3,980', 'JPY', {amount: 3980, currency: 'JPY'}],
    ['￥3,980', null, {amount: 3980, currency: null}],
    ['₹ 1,499.00', null, {amount: 1499, currency: 'INR'}],
    ['1.299,00 €', null, {amount: 1299, currency: 'EUR'}],
    ['29,99\u00a0€', null, {amount: 29.99, currency: 'EUR'}],
    ['EUR 29,99', null, {amount: 29.99, currency: 'EUR'}],
    ['29.99 usd', null, {amount: 29.99, currency: 'USD'}],
    ['£1,049.00', null, {amount: 1049, currency: 'GBP'}],
    ['R$ 149,90', 'BRL', {amount: 149.9, currency: 'BRL'}],
    ['US$29.99', 'CAD', {amount: 29.99, currency: 'USD'}],
    ['AED 1,299.00', 'AED', {amount: 1299, currency: 'AED'}],
    ['149,00 zł', 'PLN', {amount: 149, currency: 'PLN'}],
    ['299 kr', 'SEK', {amount: 299, currency: 'SEK'}],
    ['299 kr', null, {amount: 299, currency: null}],
    ['29.99', 'USD', {amount: 29.99, currency: null}],
  ] as const)('%j (store %j)', (text, store, price) => {
    expect(readPrice(text, store)).toEqual(price);
  });

  it.each(['$29.99 - $39.99', 'From $29.99', 'Currently unavailable.', '-$5.00', '$', 'See price in cart', '€ 12,99 inkl. MwSt.'])('%j is no price', (text) => {
    expect(readPrice(text, 'USD')).toBeNull();
  });
});

describe('the price of the product a page is about', () => {
  it('Shopify: og:price:amount and og:price:currency (`1,299.00` CAD), before the JSON-LD offers; the related products\' prices are not read', () => {
    const found = fieldsOf(fixture('shopify-product.html'), 'https://northloft.example/products/cedar-field-jacket');
    expect(found.price).toEqual({amount: 1299, currency: 'CAD'});
    expect(found.title).toBe('Cedar Field Jacket');
  });

  it('WooCommerce: the Product\'s offer array, its price specification (`"24.50"` EUR), with og:type `article` and a Yoast graph', () => {
    expect(priceOf(fixture('woocommerce-product.html'))).toEqual({amount: 24.5, currency: 'EUR'});
  });

  it('Magento: microdata `price` and `priceCurrency` in the Product\'s offer, as meta tags', () => {
    expect(priceOf(fixture('microdata-product.html'))).toEqual({amount: 1299, currency: 'GBP'});
  });

  it('a category listing (an ItemList, several microdata Products) and a review of two products get none', () => {
    expect(fieldsOf(fixture('category-listing.html'))).not.toHaveProperty('price');
    expect(fieldsOf(fixture('jsonld-products.html'))).not.toHaveProperty('price');
  });

  it('product:price:amount with product:price:currency, on og:type product or product.item', () => {
    const metas = '<meta property="product:price:amount" content="49.5"><meta property="product:price:currency" content="eur">';
    expect(priceOf(page(`<meta property="og:type" content="product">${metas}`))).toEqual({amount: 49.5, currency: 'EUR'});
    expect(priceOf(page(`<meta property="og:type" content="product.item">${metas}`))).toEqual({amount: 49.5, currency: 'EUR'});
    // Not a page about a product: an article quoting one's price meta, a page that says nothing of what it is.
    expect(priceOf(page(`<meta property="og:type" content="article">${metas}`))).toBeUndefined();
    expect(priceOf(page(metas))).toBeUndefined();
  });

  it('the metas come first, then JSON-LD, then microdata', () => {
    const microdata = '<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Item</span><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">7.00</span></div></div>';
    const ld = productLd({'@type': 'Offer', price: '8.00', priceCurrency: 'USD'});
    const metas = '<meta property="product:price:amount" content="9.00"><meta property="product:price:currency" content="USD">';
    expect(priceOf(page(metas + ld, microdata))).toEqual({amount: 9, currency: 'USD'});
    expect(priceOf(page(ld, microdata))).toEqual({amount: 8, currency: 'USD'});
    expect(priceOf(page('', microdata))).toEqual({amount: 7, currency: null});
  });

  it('JSON-LD offers: an Offer\'s price (number or text), an AggregateOffer\'s lowPrice, the first offer of an array with a price', () => {
    expect(priceOf(page(productLd({'@type': 'Offer', price: 19.99, priceCurrency: 'USD'})))).toEqual({amount: 19.99, currency: 'USD'});
    expect(priceOf(page(productLd({'@type': 'AggregateOffer', lowPrice: '12.00', highPrice: '30.00', priceCurrency: 'GBP', offerCount: 4})))).toEqual({amount: 12, currency: 'GBP'});
    expect(priceOf(page(productLd([{'@type': 'Offer', availability: 'https://schema.org/OutOfStock'}, {'@type': 'Offer', price: '1.299,00', priceCurrency: 'EUR'}])))).toEqual({amount: 1299, currency: 'EUR'});
    // A price written with its symbol, no priceCurrency: the symbol names it.
    expect(priceOf(page(productLd({'@type': 'Offer', price: '€ 5,00'})))).toEqual({amount: 5, currency: 'EUR'});
    // Zero is a price (a free download); no currency stays null.
    expect(priceOf(page(productLd({'@type': 'Offer', price: 0})))).toEqual({amount: 0, currency: null});
  });

  it('a Product as a page\'s mainEntity, or in a @graph, and an offer by @id reference', () => {
    const graph = {'@context': 'https://schema.org', '@graph': [
      {'@type': 'ItemPage', '@id': 'https://shop.test/p/1#page', mainEntity: {'@type': 'Product', name: 'Item', offers: {'@id': 'https://shop.test/p/1#offer'}}},
      {'@type': 'Offer', '@id': 'https://shop.test/p/1#offer', price: '15.00', priceCurrency: 'SEK'},
    ]};
    expect(priceOf(page(`<script type="application/ld+json">${JSON.stringify(graph)}</script>`))).toEqual({amount: 15, currency: 'SEK'});
  });

  it('two nodes of one product (by name) are one product; two products are a listing', () => {
    const one = productLd({'@type': 'Offer', price: '10.00', priceCurrency: 'USD'});
    expect(priceOf(page(one + one))).toEqual({amount: 10, currency: 'USD'});
    const other = `<script type="application/ld+json">${JSON.stringify({'@type': 'Product', name: 'Other', offers: {'@type': 'Offer', price: '20.00'}})}</script>`;
    expect(priceOf(page(one + other))).toBeUndefined();
  });

  it.each([
    ['a negative amount', {'@type': 'Offer', price: -5, priceCurrency: 'USD'}],
    ['a negative text', {'@type': 'Offer', price: '-5.00', priceCurrency: 'USD'}],
    ['words', {'@type': 'Offer', price: 'Call for price', priceCurrency: 'USD'}],
    ['a range', {'@type': 'Offer', price: '10 - 20', priceCurrency: 'USD'}],
    ['no price', {'@type': 'Offer', priceCurrency: 'USD'}],
  ])('%s gives no price', (_label, offer) => {
    expect(fieldsOf(page(productLd(offer)))).not.toHaveProperty('price');
  });

  it('microdata: a `content` attribute over the text, else the text as the page shows it; priceCurrency as a code or an unambiguous symbol', () => {
    const product = (offer: string) => `<div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Lamp</h1><div itemprop="offers" itemscope itemtype="http://schema.org/Offer">${offer}</div></div>`;
    expect(priceOf(page('', product('<span itemprop="priceCurrency" content="USD">$</span><span itemprop="price" content="1000.00">1,000.00</span>')))).toEqual({amount: 1000, currency: 'USD'});
    expect(priceOf(page('', product('<span itemprop="price">1.299,00 €</span>')))).toEqual({amount: 1299, currency: 'EUR'});
    expect(priceOf(page('', product('<span itemprop="priceCurrency">€</span><span itemprop="price">12,50</span>')))).toEqual({amount: 12.5, currency: 'EUR'});
    // A top-level Offer item's price.
    expect(priceOf(page('', '<div itemscope itemtype="http://schema.org/Product"><span itemprop="name">Lamp</span><span itemprop="price" content="30">$30</span><meta itemprop="priceCurrency" content="AUD"></div>'))).toEqual({amount: 30, currency: 'AUD'});
  });

  it('an article, a page without products: no price key at all', () => {
    const found = fieldsOf(page('<meta property="og:type" content="article"><meta property="og:title" content="News">', '<p>Prices rose by $2.50 a gallon.</p>'));
    expect(found).not.toHaveProperty('price');
  });

  it('the parse of offers and `content` attributes equals the reference parse, whole and in chunks', () => {
    for (const name of ['shopify-product.html', 'woocommerce-product.html', 'microdata-product.html', 'category-listing.html']) {
      const html = fixture(name);
      expectSame(html, [html.match(/[\s\S]{1,7}/g)!, html.match(/[\s\S]{1,64}/g)!]);
    }
  });
});

describe('the early stop and the price', () => {
  // Every media field off and not pinged, only the description asked: the head settles it with og:description.
  const request = {meta: {...Object.fromEntries(metaFields.map((field) => [field, false])), description: true} as Record<MetaField, boolean>,
    ping: {image: false, logo: false, video: false, audio: false}};
  const check = settledCheck(request, {ownRules: true, sites: defaultSiteIndex, wallSettled: () => true, mayRender: false})!;
  const answer = (url: string) => ({url, statusCode: 200, headers: {}, redirects: []});
  const head = (extra: string) => `<!doctype html><html lang="en"><head><title>T</title><meta property="og:description" content="A description.">${extra}</head><body>`;

  it('a head that says nothing of a product is settled as before', () => {
    expect(check(head('<meta property="og:type" content="article">'), answer('https://news.test/a'))).toBe(true);
  });

  it.each([
    ['og:type product', '<meta property="og:type" content="product">'],
    ['a price meta', '<meta property="og:price:amount" content="10.00">'],
    ['a JSON-LD Product', productLd({'@type': 'Offer', price: '10.00'})],
  ])('a head with %s is read whole: its offers may be in the body', (_label, extra) => {
    expect(check(head(extra), answer('https://shop.test/p/1'))).toBe(false);
  });

  it('an Amazon page is read whole: the buy box is in the body', () => {
    expect(check(head(''), answer('https://www.amazon.com/dp/B0EXAMPLE1'))).toBe(false);
  });
});
