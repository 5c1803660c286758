// Issue 11 end to end: `iframe` (oEmbed), custom `data` rules and `meta`, through extract(), the
// endpoint and the CLI, against real servers on 127.0.0.1.
import {readFileSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {handleQuery} from '../src/endpoint/handler.js';
import {createExtractor} from '../src/extract.js';
import {runTs} from './helpers/child.js';
import {failure} from './helpers/failure.js';
import {loopbackConfig} from './helpers/policy.js';
import {html, startServer, type TestServer} from './helpers/server.js';

const png = readFileSync(new URL('./fixtures/media/sample.png', import.meta.url));

const product = (origin: string) => `<!doctype html>
<html lang="en"><head>
  <title>Trail kettle, 1.2 l</title>
  <link rel="alternate" type="application/json+oembed" href="${origin}/oembed?url=${encodeURIComponent(`${origin}/product`)}">
</head>
<body>
  <h1 class="name">Trail kettle</h1>
  <p class="price">€ 1.299,00</p>
  <p class="stock" data-available="true">In stock</p>
  <ul class="photos">
    <li><img src="/img/a.png" alt="front"></li>
    <li><img src="/img/missing.png" alt="side"></li>
  </ul>
  <ul class="reviews">
    <li><h3>Boils fast</h3><a href="/reviews/1">read</a></li>
    <li><h3>Light</h3><a href="/reviews/2">read</a></li>
  </ul>
</body></html>`;

let server: TestServer;
let oembedHits = 0;

beforeAll(async () => {
  server = await startServer();
  server.route('/product', (request, response) => html(product(server.origin))(request, response));
  server.route('/oembed', (request, response) => {
    oembedHits++;
    const query = new URL(request.url ?? '/', server.origin).searchParams;
    response.writeHead(200, {'content-type': 'application/json'}).end(
      JSON.stringify({
        version: '1.0',
        type: 'rich',
        title: 'Trail kettle (embed)',
        author_name: 'Kettle Works',
        provider_name: 'Shop Embeds',
        thumbnail_url: `${server.origin}/img/a.png`,
        html: `<blockquote class="shop" data-width="${query.get('maxwidth') ?? ''}">Trail kettle</blockquote><script async src="//127.0.0.1:${server.port}/widget.js"></script>`,
      }),
    );
  });
  server.route('/img/a.png', (_request, response) => void response.writeHead(200, {'content-type': 'image/png'}).end(png));
});

afterAll(() => server.close());

const rules = {
  name: {selector: 'h1.name'},
  price: {selector: '.price', type: 'number'},
  available: {selector: '.stock', attr: 'data-available', type: 'boolean'},
  photos: {selectorAll: '.photos img', attr: 'src', type: 'image'},
  reviews: {selectorAll: '.reviews li', attr: {title: {selector: 'h3'}, link: {selector: 'a', attr: 'href', type: 'url'}}},
} as const;

describe('iframe, data and meta through extract()', () => {
  it('adds data.iframe from the discovery link, fills the empty fields, and types every data rule', async () => {
    const extract = createExtractor(loopbackConfig);
    const {data} = await extract(server.url('/product'), {iframe: {maxWidth: 350}, data: rules});
    expect(data.iframe).toEqual({
      html: `<blockquote class="shop" data-width="350">Trail kettle</blockquote><script async src="//127.0.0.1:${server.port}/widget.js"></script>`,
      scripts: [{src: server.url('/widget.js'), async: true}],
    });
    // The page's own title wins; the oEmbed answer fills what the page left empty.
    expect(data).toMatchObject({title: 'Trail kettle, 1.2 l', author: 'Kettle Works', publisher: 'Shop Embeds'});
    expect(data.image).toMatchObject({url: server.url('/img/a.png'), type: 'png', width: expect.any(Number)});
    expect(data).toMatchObject({
      name: 'Trail kettle',
      price: 1299,
      available: true,
      reviews: [
        {title: 'Boils fast', link: server.url('/reviews/1')},
        {title: 'Light', link: server.url('/reviews/2')},
      ],
    });
    // Media found by data rules are pinged like the default fields: the unreachable one is null.
    expect(data.photos).toEqual([expect.objectContaining({url: server.url('/img/a.png'), type: 'png', width: expect.any(Number)}), null]);
  });

  it('leaves iframe out unless asked, and returns raw media URLs when ping is off', async () => {
    const extract = createExtractor(loopbackConfig);
    const before = oembedHits;
    const {data} = await extract(server.url('/product'), {ping: false, data: {photos: rules.photos}});
    expect('iframe' in data).toBe(false);
    expect(oembedHits).toBe(before);
    expect(data.photos).toEqual([{url: server.url('/img/a.png')}, {url: server.url('/img/missing.png')}]);
  });

  it('meta: false computes no default field; meta.{title: true} keeps only the title; a rule named like a field replaces it', async () => {
    const extract = createExtractor(loopbackConfig);
    const none = await extract(server.url('/product'), {meta: false, data: {name: rules.name}});
    expect(none.data).toMatchObject({title: null, description: null, url: null, image: null, logo: null, name: 'Trail kettle'});
    const only = await extract(server.url('/product'), {meta: {title: true}, ping: false});
    expect(only.data).toMatchObject({title: 'Trail kettle, 1.2 l', lang: null, url: null});
    const replaced = await extract(server.url('/product'), {ping: false, data: {title: {selector: 'h1'}}});
    expect(replaced.data.title).toBe('Trail kettle');
  });

  it('refuses a bad rule with EINVALOPTION naming it, before any request', async () => {
    const extract = createExtractor(loopbackConfig);
    const hits = server.hits.length;
    const error = await failure(extract(server.url('/product'), {data: {price: {selector: 'p[', type: 'number'}}}));
    expect(error).toMatchObject({code: 'EINVALOPTION', message: expect.stringContaining('data.price')});
    const unknownType = await failure(extract(server.url('/product'), {data: {price: {selector: 'p', type: 'money' as never}}}));
    expect(unknownType).toMatchObject({code: 'EINVALOPTION', message: expect.stringContaining('data.price.type')});
    expect(server.hits.length).toBe(hits);
  });
});

describe('iframe, data and meta through the endpoint and the CLI', () => {
  it('reads dotted query parameters into rules, iframe size and meta', async () => {
    const query = new URLSearchParams({
      url: server.url('/product'),
      'iframe.maxWidth': '200',
      'data.price.selector': '.price',
      'data.price.type': 'number',
      'data.reviews.selectorAll': '.reviews li',
      'data.reviews.attr.title.selector': 'h3',
      'meta.logo': 'false',
      ping: 'false',
    });
    const answer = await handleQuery(query, {...loopbackConfig, cache: false});
    expect(answer.status).toBe(200);
    const body = JSON.parse(String(answer.body)) as {data: Record<string, unknown>};
    expect(body.data).toMatchObject({price: 1299, reviews: [{title: 'Boils fast'}, {title: 'Light'}], logo: null});
    expect(body.data.iframe).toMatchObject({html: expect.stringContaining('data-width="200"')});
    expect(answer.headers['server-timing']).toMatch(/iframe;dur=.*data;dur=/);
  });

  it('answers a primitive rule with 400 EINVALOPTION', async () => {
    const answer = await handleQuery(new URLSearchParams({url: server.url('/product'), 'data.price': 'html'}), {...loopbackConfig, cache: false});
    expect(answer.status).toBe(400);
    expect(JSON.parse(String(answer.body))).toMatchObject({code: 'EINVALOPTION', message: expect.stringContaining('data.price')});
  });

  it('takes the same flags in the CLI', async () => {
    const {stdout, code} = await runTs('src/cli.ts', [server.url('/product'), '--allow-loopback', '--no-ping', '--iframe', '--data.price.selector=.price', '--data.price.type=number']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({data: {price: 1299, author: 'Kettle Works', iframe: {scripts: [{async: true}]}}});
  });
});
