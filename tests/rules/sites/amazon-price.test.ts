// Amazon's buy box price (rules/sites/amazon.ts, parse/site-marks.ts): the fixtures of
// tests/fixtures/sites/amazon carry the price markup of Amazon's product pages as they serve it
// (the core price boxes with their screen-reader `.a-offscreen` text, the older `#priceblock_*`
// spans, a book's `#price`), on amazon.com, .co.uk and .de.
import {readFileSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createExtractor} from '../../../src/extract.js';
import {parseHtml} from '../../../src/parse/parse-html.js';
import {pickFields} from '../../../src/rules/rules.js';
import {storeCurrency} from '../../../src/rules/sites/amazon.js';
import {expectSame} from '../../helpers/parse-differential.js';
import {isLoopback, namesLookup} from '../../helpers/policy.js';
import {startServer, type TestServer} from '../../helpers/server.js';
import {siteCard} from './site-card.js';

const priceAt = (url: string, body: string) => pickFields(parseHtml(`<!doctype html><html><head><title>Amazon.com: Item</title></head><body>${body}</body></html>`), {url, headers: {}}).price;
const us = 'https://www.amazon.com/dp/B0EXAMPLE1';

describe('Amazon: the buy box price', () => {
  it.each([
    ['product', {amount: 29.99, currency: 'USD'}],
    ['product-widgets', {amount: 79.99, currency: 'USD'}],
    ['product-uk', {amount: 1049, currency: 'GBP'}],
    ['product-de', {amount: 29.99, currency: 'EUR'}],
    ['book', {amount: 14.99, currency: 'EUR'}],
  ])('%s: %j', (kind, price) => {
    expect(siteCard('amazon', kind).price).toEqual(price);
  });

  it('a page without a buy box price (book-cover) has no price key; the sponsored card, the struck list price and the carousels are never the price', () => {
    expect(siteCard('amazon', 'book-cover')).not.toHaveProperty('price');
    // product: a sponsored card's $19.99 before the box, the list price $39.99 inside it after the price.
    expect(siteCard('amazon', 'product').price?.amount).toBe(29.99);
  });

  it('amazon.de: `29,99 €` with its no-break space, and the title and photo as before', () => {
    const card = siteCard('amazon', 'product-de');
    expect([card.title, card.image[0], card.publisher]).toEqual(['Example Schreibtischlampe LED, dimmbar, 12 W', 'https://m.media-amazon.com/images/I/61lampeDe._AC_SL1500_.jpg', 'Amazon']);
  });

  it('the boxes first, then #priceblock_ourprice, #priceblock_dealprice, #price_inside_buybox, #kindle-price, #price: the first that reads as a price', () => {
    const box = (id: string, text: string) => `<div id="${id}"><span class="a-price"><span class="a-offscreen">${text}</span></span></div>`;
    const span = (id: string, text: string) => `<span id="${id}" class="a-size-medium a-color-price">${text}</span>`;
    expect(priceAt(us, span('price', '$5.00') + span('priceblock_ourprice', '$6.00') + box('corePrice_feature_div', '$7.00'))).toEqual({amount: 7, currency: 'USD'});
    expect(priceAt(us, box('corePriceDisplay_desktop_feature_div', '$8.00') + box('corePrice_feature_div', '$7.00'))).toEqual({amount: 7, currency: 'USD'});
    expect(priceAt(us, span('price', '$5.00') + span('priceblock_dealprice', '$4.00') + span('priceblock_ourprice', '$6.00'))).toEqual({amount: 6, currency: 'USD'});
    expect(priceAt(us, span('kindle-price', '$3.99') + span('price_inside_buybox', ' $12.00 '))).toEqual({amount: 12, currency: 'USD'});
    // An empty box, a price hidden as "Currently unavailable.", a range: the next one.
    expect(priceAt(us, box('corePrice_feature_div', '') + span('priceblock_ourprice', '$19.99 - $24.99') + span('priceblock_dealprice', 'Currently unavailable.') + span('kindle-price', '$9.99'))).toEqual({amount: 9.99, currency: 'USD'});
    // A `#price` that is a whole section (older pages' table of list price, price and savings) is not one price.
    expect(priceAt(us, '<div id="price"><table><tr><td>List Price:</td><td>$39.99</td></tr><tr><td>Price:</td><td>$29.99</td></tr></table></div>')).toBeUndefined();
  });

  it('only those ids, and only `.a-offscreen` inside a box: a page with prices elsewhere has none from the site rule', () => {
    expect(priceAt(us, '<span class="a-price"><span class="a-offscreen">$19.99</span></span><div id="corePrice_feature_div"></div><span class="a-offscreen">$29.99</span><p id="price">$5</p>')).toBeUndefined();
    const snapshot = parseHtml('<div id="corePrice_feature_div"><span class="a-price"><span class="a-offscreen">$7.00</span></span><span class="a-offscreen">$1.00</span></div><span id="priceblock_ourprice">$6.00</span><span id="other">$2.00</span>');
    expect(snapshot.marks).toEqual({'#corePrice_feature_div .a-offscreen': '$7.00', '#priceblock_ourprice': '$6.00'});
  });

  it.each([
    ['https://www.amazon.com/dp/B0', 'USD'], ['https://www.amazon.ca/dp/B0', 'CAD'], ['https://www.amazon.com.mx/dp/B0', 'MXN'],
    ['https://www.amazon.com.au/dp/B0', 'AUD'], ['https://www.amazon.co.uk/dp/B0', 'GBP'], ['https://www.amazon.de/dp/B0', 'EUR'],
    ['https://www.amazon.fr/dp/B0', 'EUR'], ['https://www.amazon.it/dp/B0', 'EUR'], ['https://www.amazon.es/dp/B0', 'EUR'],
    ['https://www.amazon.nl/dp/B0', 'EUR'], ['https://www.amazon.com.be/dp/B0', 'EUR'], ['https://www.amazon.co.jp/dp/B0', 'JPY'],
    ['https://www.amazon.in/dp/B0', 'INR'], ['https://www.amazon.com.br/dp/B0', 'BRL'], ['https://www.amazon.se/dp/B0', 'SEK'],
    ['https://www.amazon.pl/dp/B0', 'PLN'], ['https://www.amazon.com.tr/dp/B0', 'TRY'], ['https://www.amazon.ae/dp/B0', 'AED'],
    ['https://www.amazon.sa/dp/B0', 'SAR'], ['https://www.amazon.sg/dp/B0', 'SGD'], ['https://smile.amazon.com/dp/B0', 'USD'],
  ])('the store at %s writes %s', (url, currency) => {
    expect(storeCurrency(url)).toBe(currency);
  });

  it.each([
    ['https://www.amazon.ca/dp/B0', '$34.99', {amount: 34.99, currency: 'CAD'}],
    ['https://www.amazon.com.mx/dp/B0', '$1,299.00', {amount: 1299, currency: 'MXN'}],
    ['https://www.amazon.co.jp/dp/B0', '￥3,980', {amount: 3980, currency: 'JPY'}],
    ['https://www.amazon.in/dp/B0', '₹1,499.00', {amount: 1499, currency: 'INR'}],
    ['https://www.amazon.com.br/dp/B0', 'R$ 149,90', {amount: 149.9, currency: 'BRL'}],
    ['https://www.amazon.se/dp/B0', '299,00 kr', {amount: 299, currency: 'SEK'}],
    ['https://www.amazon.pl/dp/B0', '149,00 zł', {amount: 149, currency: 'PLN'}],
    ['https://www.amazon.com.tr/dp/B0', '1.299,00 TL', {amount: 1299, currency: 'TRY'}],
    ['https://www.amazon.ae/dp/B0', 'AED 99.00', {amount: 99, currency: 'AED'}],
    ['https://www.amazon.sg/dp/B0', 'S$49.90', {amount: 49.9, currency: 'SGD'}],
    ['https://www.amazon.fr/dp/B0', '1 299,00 €', {amount: 1299, currency: 'EUR'}],
  ])('%s: %j', (url, text, price) => {
    expect(priceAt(url, `<div id="corePrice_feature_div"><span class="a-price"><span class="a-offscreen">${text}</span></span></div>`)).toEqual(price);
  });

  it('the same markup on another host is not read by the site rule', () => {
    expect(priceAt('https://shop.test/dp/B0', '<div id="corePrice_feature_div"><span class="a-price"><span class="a-offscreen">$7.00</span></span></div>')).toBeUndefined();
  });

  it('the fast parse records the same marks as the reference parse: a box in a form, its class before its id, repeated ids and classes, nested boxes', () => {
    const cases = [
      '<form id="addToCart"><div class="celwidget" id="corePrice_feature_div"><span class="a-price"><span class="x a-offscreen y" class="z">$7.00</span></span></div></form>',
      '<nav><span id="priceblock_ourprice" id="other">$6.00</span></nav><footer><span id="kindle-price">$1.00</span></footer>',
      '<div id="corePrice_feature_div"><div id="corePriceDisplay_desktop_feature_div"><span class="a-offscreen"></span><span class="a-offscreen">$3</span></div></div><div id="corePriceDisplay_desktop_feature_div"><span class="a-offscreen">$4</span></div>',
      '<div id="corePrice_feature_div"><span class="author a-offscreen">$5</span></div><div class="byline" id="price">$9</div><span id=price>$8</span><span id="pric&#101;">$2</span>',
      '<form><div id="corePrice_feature_div"><form><span class="a-offscreen">$5</span></form></div></form><span id="price_inside_buybox"><span id="price">$1</span></span>',
    ];
    for (const html of cases) {
      expectSame(html, [html.match(/[\s\S]{1,3}/g)!], Array.from({length: html.length}, (_, index) => index));
    }
  });
});

describe('through extract(), from a real server on 127.0.0.1 named www.amazon.com and www.amazon.de', () => {
  const names = ['www.amazon.com', 'www.amazon.de'];
  const lookup = namesLookup(names);
  const fixture = (path: string) => readFileSync(new URL(`../../fixtures/sites/amazon/${path}`, import.meta.url), 'utf8');
  let server: TestServer;
  const at = (host: string, path: string) => `http://${host}:${server.port}${path}`;
  const extract = createExtractor({allowAddress: isLoopback, dnsLookup: lookup});

  beforeAll(async () => {
    const page = (html: string) => (_request: unknown, response: import('node:http').ServerResponse) => void response.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(html);
    server = await startServer({
      '/dp/B0EXAMPLE1': page(fixture('product.html')),
      '/dp/B0EXAMPLE6': page(fixture('product-de.html')),
      '/dp/B0EXAMPLE5': page(fixture('book-cover.html')),
    });
  });
  afterAll(() => server.close());

  it('amazon.com: data.price is the buy box\'s, in dollars', async () => {
    const {data} = await extract(at('www.amazon.com', '/dp/B0EXAMPLE1'), {ping: false});
    expect(data.price).toEqual({amount: 29.99, currency: 'USD'});
    expect(data.title).toBe('Example Electric Kettle, 1.7L Stainless Steel, Auto Shut-Off');
  });

  it('amazon.de: 29,99 € is 29.99 EUR', async () => {
    const {data} = await extract(at('www.amazon.de', '/dp/B0EXAMPLE6'), {ping: false});
    expect(data.price).toEqual({amount: 29.99, currency: 'EUR'});
  });

  it('a page without one: no price key in data', async () => {
    const {data} = await extract(at('www.amazon.com', '/dp/B0EXAMPLE5'), {ping: false});
    expect(data).not.toHaveProperty('price');
    expect(data.title).toBe('The Salt Road: A Novel');
  });
});
