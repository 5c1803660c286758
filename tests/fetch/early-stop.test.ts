// Stopping early (issue 25 point 1): once the <head> closed, a body that cannot change the fields
// asked for is not read; fields the body could still give force the whole read.
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import type {ServerResponse} from 'node:http';
import {handleQuery} from '../../src/endpoint/handler.js';
import {createDeadline} from '../../src/deadline.js';
import {createExtractor} from '../../src/extract.js';
import {fetchTarget} from '../../src/fetch/fetch-page.js';
import {normalizeConfig} from '../../src/options.js';
import {loopbackConfig} from '../helpers/policy.js';
import {readDoc} from '../helpers/readme.js';
import {startServer, type TestServer} from '../helpers/server.js';

const head = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Harbour lights return</title>
<meta property="og:title" content="Harbour lights return to the old port">
<meta property="og:description" content="After twelve years, the lamps along the quay are lit again.">
<meta property="og:url" content="https://news.test/harbour-lights">
<meta property="og:image" content="https://news.test/cover.png">
</head>
<body><article><p>The first paragraph arrived.</p>`;
const titleOnlyHead = '<!doctype html><html lang="en"><head><title>Harbour lights return</title></head><body><article>';
const paragraph = '<p>The lamps were restored one by one by volunteers from the harbour association.</p>\n';

let server: TestServer;
/** Per path, how the last answer ended: `'closed'` when the client closed it before the body ended. */
const endings = new Map<string, 'closed' | 'finished'>();

/**
 * A route that sends `first`, then a paragraph every 20 ms, `count` times (endless when Infinity),
 * then ends the page; it records whether the client closed the connection before the end.
 */
const trickle = (first: string, count: number, type: string | null = 'text/html; charset=utf-8') => (request: {url?: string}, response: ServerResponse) => {
  const path = (request.url ?? '').split('?')[0]!;
  response.writeHead(200, type === null ? {} : {'content-type': type});
  response.write(first);
  let sent = 0;
  const timer = setInterval(() => {
    if (sent++ < count) return void response.write(paragraph);
    clearInterval(timer);
    response.end('</article></body></html>');
    endings.set(path, 'finished');
  }, 20);
  response.on('close', () => {
    clearInterval(timer);
    if (!response.writableEnded) endings.set(path, 'closed');
  });
};

beforeAll(async () => {
  server = await startServer({
    '/endless': trickle(head, Infinity),
    '/endless-untyped': trickle(head, Infinity, null),
    '/endless-octet': trickle(head, Infinity, 'application/octet-stream'),
    '/short': trickle(head, 5),
    // A title a consent wall could have: the wall rows would read the body's markup.
    '/consent-title': trickle(head.replace('<title>Harbour lights return</title>', '<title>Your privacy choices</title>'), 5),
    // The head, then nothing more: cut at the deadline when the head does not settle the fields.
    '/stalls': (_request, response) => {
      response.writeHead(200, {'content-type': 'text/html; charset=utf-8'});
      response.write(head);
    },
    // The same, sent with no content type: HTML by sniffing.
    '/stalls-untyped': (_request, response) => {
      response.writeHead(200, {});
      response.write(head);
    },
    '/title-only': trickle(`${titleOnlyHead}`, 5),
    '/json-ld-in-body': trickle(`${titleOnlyHead}<script type="application/ld+json">{"@type":"NewsArticle","headline":"Lamps lit again on the quay"}</script>`, 5),
  });
});
afterAll(() => server.close());

const extract = createExtractor(loopbackConfig);
const headFields = {meta: {description: true, url: true}, ping: false} as const;

describe('a call whose fields the head settles', () => {
  it.each(['/endless', '/endless-untyped', '/endless-octet'])('%s: closes the connection at the head, with truncated: settled', async (path) => {
    const result = await extract(server.url(path), {...headFields, timeout: 8000});
    expect(result.truncated).toBe('settled');
    expect(result.data).toMatchObject({description: 'After twelve years, the lamps along the quay are lit again.', url: 'https://news.test/harbour-lights'});
    // Fields not asked for are null as always.
    expect(result.data.image).toBeNull();
    expect(result.data.title).toBeNull();
    await waitFor(() => endings.get(path) !== undefined);
    expect(endings.get(path)).toBe('closed');
  });

  it('reads nothing of the body for a page whose fields are all off (meta: false)', async () => {
    const result = await extract(server.url('/endless'), {meta: false, ping: false, timeout: 8000});
    expect(result.truncated).toBe('settled');
  });

  it('settles an image when ping does not check it (its first candidate wins as it is)', async () => {
    const result = await extract(server.url('/endless'), {meta: {description: true, image: true}, ping: false, timeout: 8000});
    expect(result.truncated).toBe('settled');
    expect(result.data.image).toEqual({url: 'https://news.test/cover.png'});
  });

  it('answers it through the endpoint with the cut in the body and in Server-Timing', async () => {
    const query = new URLSearchParams({url: server.url('/endless'), 'meta.description': 'true', 'meta.url': 'true', ping: 'false', timeout: '8000'});
    const answer = await handleQuery(query, {...loopbackConfig, cache: false});
    expect(answer.status).toBe(200);
    expect(JSON.parse(String(answer.body))).toMatchObject({status: 'success', truncated: 'settled', data: {description: 'After twelve years, the lamps along the quay are lit again.'}});
    expect(answer.headers['server-timing']).toMatch(/(^|, )cut;desc=settled(,|$)/);
  });
});

describe('the endpoint cache', () => {
  it('keeps a page stopped at its head as any other answer: the next request is a HIT', async () => {
    const config = {...loopbackConfig};
    const query = new URLSearchParams({url: server.url('/endless?cached'), 'meta.description': 'true', 'meta.url': 'true', ping: 'false', timeout: '8000'});
    const first = await handleQuery(query, config);
    expect({status: first.status, cache: first.headers['x-cache-status'], truncated: JSON.parse(String(first.body)).truncated}).toEqual({status: 200, cache: 'MISS', truncated: 'settled'});
    const before = server.hits.length;
    const second = await handleQuery(query, config);
    expect(second.headers['x-cache-status']).toBe('HIT');
    expect(server.hits.length).toBe(before);
  });
});

describe('the check itself', () => {
  it('a check that throws reads the body whole, without failing the fetch', async () => {
    const deadline = createDeadline(8000);
    const broken = () => {
      throw new Error('a broken check');
    };
    const page = await fetchTarget(new URL(server.url('/short')), {headers: {}, deadline, settled: broken}, normalizeConfig(loopbackConfig)).finally(() => deadline.dispose());
    expect(page.kind).toBe('html');
    expect({truncated: 'truncated' in page && page.truncated, ends: String((page as {html: string}).html).trimEnd().endsWith('</html>')}).toEqual({truncated: false, ends: true});
  });
});

describe('the deadline cut', () => {
  it('applies to HTML sniffed from no content type too', async () => {
    const result = await extract(server.url('/stalls-untyped'), {timeout: 2000, ping: false});
    expect(result.truncated).toBe('timeout');
    expect(result.data.title).toBe('Harbour lights return to the old port');
  });

  it('is shown in Server-Timing too (cut;desc=timeout)', async () => {
    // The default fields: the pinged image is not settled by the head, so the body is waited for.
    const query = new URLSearchParams({url: server.url('/stalls'), timeout: '2000', 'ping.image': 'false'});
    const answer = await handleQuery(query, {...loopbackConfig, cache: false});
    expect(answer.status).toBe(200);
    expect(JSON.parse(String(answer.body))).toMatchObject({truncated: 'timeout'});
    expect(answer.headers['server-timing']).toMatch(/(^|, )cut;desc=timeout(,|$)/);
  });
});

describe('Server-Timing', () => {
  it('names the body cap too (cut;desc=maxBodySize), and the docs name all three', async () => {
    const query = new URLSearchParams({url: server.url('/short'), 'ping.image': 'false'});
    const answer = await handleQuery(query, {...loopbackConfig, cache: false, maxBodySize: 600});
    expect(JSON.parse(String(answer.body))).toMatchObject({truncated: 'maxBodySize'});
    expect(answer.headers['server-timing']).toMatch(/(^|, )cut;desc=maxBodySize(,|$)/);
    const row = readDoc('docs/endpoint.md').split('\n').find((line) => line.startsWith('| `Server-Timing` |')) ?? '';
    for (const reason of ['settled', 'timeout', 'maxBodySize']) expect(row).toContain(`\`cut;desc=${reason}\``);
  });

  it('says nothing of a cut when the whole body was read', async () => {
    const answer = await handleQuery(new URLSearchParams({url: server.url('/short'), ping: 'false'}), {...loopbackConfig, cache: false});
    expect(JSON.parse(String(answer.body)).truncated).toBeUndefined();
    expect(answer.headers['server-timing']).not.toContain('cut');
  });
});

describe('fields the rest of the body could change force the whole read', () => {
  it.each([
    ['the default fields (image is pinged: a body image is the fallback of og:image)', {ping: {image: true, logo: false, url: false, video: false, audio: false}}],
    ['a date (JSON-LD, read first, may come in the body)', {meta: {title: true, date: true}, ping: false}],
    ['an author (a byline in the body)', {meta: {author: true}, ping: false}],
    ['a title (the <h1> in the body may word og:title\'s story anew, issue 33)', {meta: {title: true}, ping: false}],
    ['custom data rules', {meta: {title: true}, ping: false, data: {lead: {selector: 'article p'}}}],
    ['an iframe', {meta: {title: true}, ping: false, iframe: true}],
  ] as const)('%s', async (_name, options) => {
    const result = await extract(server.url('/short'), {...options, timeout: 8000} as never);
    expect(result.truncated).toBeUndefined();
    expect(endings.get('/short')).toBe('finished');
  });

  it('a page a wall row could match by its title: the wall check reads the body', async () => {
    const result = await extract(server.url('/consent-title'), headFields);
    expect(result.truncated).toBeUndefined();
    expect(endings.get('/consent-title')).toBe('finished');
  });

  it('a title from <title> alone: JSON-LD in the body outranks it, and is read', async () => {
    const plain = await extract(server.url('/title-only'), {meta: {title: true}, ping: false});
    expect(plain.truncated).toBeUndefined();
    expect(plain.data.title).toBe('Harbour lights return');
    const later = await extract(server.url('/json-ld-in-body'), {meta: {title: true}, ping: false});
    expect(later.truncated).toBeUndefined();
    expect(later.data.title).toBe('Lamps lit again on the quay');
  });
});

async function waitFor(condition: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
}
