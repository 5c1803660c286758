// data.price through the endpoint: in the JSON, kept by `filter=price`, answered by `embed=price.amount`,
// and absent (an EINVALOPTION for embed) on a page without one. A real target on 127.0.0.1 serves a
// Shopify product page (tests/fixtures/price) and an article.
import {readFileSync} from 'node:fs';
import {createServer} from 'node:http';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createHandler} from '../../src/endpoint/handler.js';
import {parseQuery} from '../../src/endpoint/parse-query.js';
import {listen} from '../helpers/listen.js';
import {loopbackConfig} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';

const shopify = readFileSync(new URL('../fixtures/price/shopify-product.html', import.meta.url), 'utf8');

let target: TestServer;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  target = await startServer({
    '/products/cedar-field-jacket': (_request, response) => void response.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(shopify),
    '/article': (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end('<!doctype html><title>News</title><meta property="og:type" content="article"><p>Prices rose by $2.50.</p>'),
  });
  ({base, close} = await listen(createServer(createHandler({...loopbackConfig, timeout: 5000}))));
});

afterAll(async () => {
  await close();
  await target.close();
});

const get = (query: string) => fetch(`${base}?${query}`);
const at = (path: string) => encodeURIComponent(target.url(path));

describe('data.price through the endpoint', () => {
  it('is in the JSON of a product page, and filter=price keeps it', async () => {
    const whole = (await (await get(`url=${at('/products/cedar-field-jacket')}&ping=false`)).json()) as {data: Record<string, unknown>};
    expect(whole.data.price).toEqual({amount: 1299, currency: 'CAD'});
    const filtered = (await (await get(`url=${at('/products/cedar-field-jacket')}&ping=false&filter=title,price`)).json()) as {data: Record<string, unknown>};
    expect(filtered.data).toEqual({title: 'Cedar Field Jacket', price: {amount: 1299, currency: 'CAD'}});
  });

  it('embed=price.amount and embed=price.currency answer the value as text; embed=price the object as JSON', async () => {
    const amount = await get(`url=${at('/products/cedar-field-jacket')}&ping=false&embed=price.amount`);
    expect(amount.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await amount.text()).toBe('1299');
    expect(await (await get(`url=${at('/products/cedar-field-jacket')}&ping=false&embed=price.currency`)).text()).toBe('CAD');
    expect(await (await get(`url=${at('/products/cedar-field-jacket')}&ping=false&embed=price`)).json()).toEqual({amount: 1299, currency: 'CAD'});
  });

  it('a page without one: no price key, filter=price gives an empty data, embed=price is EINVALOPTION', async () => {
    const whole = (await (await get(`url=${at('/article')}&ping=false`)).json()) as {data: Record<string, unknown>};
    expect(whole.data).not.toHaveProperty('price');
    expect(((await (await get(`url=${at('/article')}&ping=false&filter=price`)).json()) as {data: object}).data).toEqual({});
    const missing = await get(`url=${at('/article')}&ping=false&embed=price.amount`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({code: 'EINVALOPTION', data: {embed: expect.any(String)}});
  });

  it('embed takes price paths, and names the closest for a typo', () => {
    expect(parseQuery(new URLSearchParams('url=https://a.test/&embed=price.amount')).embed).toBe('price.amount');
    expect(() => parseQuery(new URLSearchParams('url=https://a.test/&embed=price.amout'))).toThrow(/price\.amount/);
  });
});
