// A site's oEmbed as a source for its rules (issue 28 item 2), end to end on a small simulated web:
// one real HTTP server on 127.0.0.1 answers as www.youtube.com, x.com and publish.x.com,
// www.tiktok.com, open.spotify.com and www.reddit.com (told apart by the Host header), reached by
// name through a dnsLookup that maps those names to loopback and nothing else anywhere. A second
// server on 127.0.0.2 stands for a refused address: the address policy allows 127.0.0.1 only, so a
// request that reached it would prove the policy skipped. The pages and answers are our own, in the
// shape those sites serve.
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo, LookupFunction} from 'node:net';
import {performance} from 'node:perf_hooks';
import {afterAll, beforeAll, beforeEach, describe, expect, it, jest} from '@jest/globals';
import {createHandler} from '../../src/endpoint/handler.js';
import {createDeadline} from '../../src/deadline.js';
import {LinkpeekError} from '../../src/errors.js';
import {createExtractor, type CreateExtractorConfig} from '../../src/extract.js';
import {fetchSiteOEmbed} from '../../src/oembed/site-oembed.js';
import {normalizeConfig} from '../../src/options.js';
import type {OEmbedProvider} from '../../src/oembed/registry.js';
import {firstParagraph, oembed} from '../../src/rules/sites/oembed-rules.js';
import type {SiteRules} from '../../src/rules/sites/site.js';

jest.setTimeout(30_000);

const names: Record<string, string> = {
  'www.youtube.com': '127.0.0.1',
  'x.com': '127.0.0.1',
  'publish.x.com': '127.0.0.1',
  'www.tiktok.com': '127.0.0.1',
  'open.spotify.com': '127.0.0.1',
  'www.reddit.com': '127.0.0.1',
  'soundcloud.com': '127.0.0.1',
  'vimeo.com': '127.0.0.1',
  'shop.example': '127.0.0.1',
  'blog.example': '127.0.0.1',
  // Loopback, but not the one address the policy allows: a server listens there to catch a leak.
  'refused.test': '127.0.0.2',
  // Never connected to: the policy refuses it at lookup time.
  'elsewhere.test': '10.0.0.1',
};

const lookup = ((hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
  const address = names[hostname.toLowerCase()];
  queueMicrotask(() => {
    if (!address) done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND', hostname}));
    else if (all) done(null, [{address, family: 4}]);
    else done(null, address, 4);
  });
}) as LookupFunction;

const only127001 = (address: string) => address === '127.0.0.1';

/** What the oEmbed endpoints do in the current test. */
type Mode = 'ok' | 'status-500' | 'junk' | 'hang' | 'slow' | 'redirect-refused' | 'redirect-elsewhere';

interface Hit {
  host: string;
  path: string;
  /** When the request arrived (performance.now()). */
  at: number;
}

let mode: Mode = 'ok';
/** Milliseconds a page waits before answering. */
let pageDelay = 0;
let hits: Hit[] = [];
/** When each page was answered, by host. */
let answered: Record<string, number> = {};
let refusedHits: string[] = [];
/** What became of a `slow` answer: closed by the client before it was sent, or sent. */
let slowAnswer: Promise<'closed before sent' | 'sent'> | undefined;
let main: Server;
let refused: Server;
let port = 0;

const at = (host: string, path: string) => `http://${host}:${port}${path}`;
const page = (head: string, body = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

/** The pages, by host and path. */
function pageFor(host: string, path: string): string | null {
  switch (`${host}${path}`) {
    // The shell YouTube serves a datacenter: "YouTube" and its slogan, no VideoObject.
    case 'www.youtube.com/watch?v=cat':
      return page('<title>YouTube</title><meta property="og:title" content="YouTube"><meta property="og:description" content="Enjoy the videos and music you love, upload original content, and share it all with friends, family, and the world on YouTube.">');
    // A full watch page: its VideoObject names the video differently from the oEmbed answer.
    case 'www.youtube.com/watch?v=full':
      return page(
        `<title>Piano cat (full page) - YouTube</title><script type="application/ld+json">${JSON.stringify({
          '@context': 'https://schema.org', '@type': 'VideoObject', name: 'Piano cat (full page)', description: 'The page says so.',
          author: {'@type': 'Person', name: 'Page Channel'}, thumbnailUrl: at('www.youtube.com', '/vi/full/maxres.png'), uploadDate: '2024-01-02T03:04:05Z',
        })}</script>`,
      );
    // X's page for a browser without scripts: a wall, whose og tags are gone.
    case 'x.com/examplenews/status/1795037467512234321':
      return page('<meta property="og:site_name" content="X"><meta property="og:image" content="https://abs.twimg.com/rweb/ssr/default/v2/og/image.png">', '<noscript><div>JavaScript is not available.</div><p>We’ve detected that JavaScript is disabled in this browser.</p></noscript>');
    // The page a previewer gets: og:title, but no og:description.
    case 'x.com/examplenews/status/1795037467512234322':
      return page('<meta property="og:title" content="Example News (@examplenews) on X"><meta property="og:site_name" content="X (formerly Twitter)">');
    case 'www.tiktok.com/@examplecook/video/7372195838113025322':
      return page('<title>TikTok - Make Your Day</title><meta property="og:title" content="TikTok - Make Your Day"><meta property="og:description" content="TikTok - trends start here.">');
    // Spotify's web player shell: its title refused, no image.
    case 'open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC':
      return page('<title>Spotify – Web Player</title><meta property="og:title" content="Spotify – Web Player"><meta property="og:site_name" content="Spotify">');
    // A full track page: nothing left for the oEmbed answer to give.
    case 'open.spotify.com/track/0fullpage':
      return page(`<meta property="og:title" content="Night Drive"><meta property="og:image" content="${at('open.spotify.com', '/cover/night.png')}"><meta property="music:musician_description" content="The Examples">`);
    // A post whose JSON-LD has no author.
    case 'www.reddit.com/r/examplesub/comments/1d0abcd/my_first_sourdough/':
      return page(`<script type="application/ld+json">${JSON.stringify({'@context': 'https://schema.org', '@type': 'DiscussionForumPosting', headline: 'My first sourdough', text: 'It rose!'})}</script>`);
    // The uploader missing from <title>, the default avatar as og:image (refused).
    case 'soundcloud.com/exampleband/harbour-lights':
      return page('<title>Harbour Lights | Listen online for free on SoundCloud</title><meta property="og:title" content="Harbour Lights"><meta property="og:image" content="https://a1.sndcdn.com/images/default_avatar_large.png">');
    // A video page without its VideoObject: og:title only.
    case 'vimeo.com/987654321':
      return page('<meta property="og:title" content="Slow Harbour"><meta property="og:site_name" content="Vimeo">');
    case 'shop.example/p/1':
      return page('<meta property="og:description" content="A blue mug.">');
    case 'blog.example/post':
      return page('<title>A post</title><meta name="description" content="Nothing to do with any site.">');
    default:
      return null;
  }
}

/** The oEmbed answers, by the host of the endpoint. */
function answerFor(host: string): Record<string, unknown> | null {
  switch (host) {
    case 'www.youtube.com':
      return {
        type: 'video', version: '1.0', title: 'Cat plays the piano', author_name: 'Cat Channel', author_url: 'https://www.youtube.com/@catchannel',
        provider_name: 'YouTube', thumbnail_url: at('www.youtube.com', '/vi/cat/hqdefault.png'), width: 200, height: 113,
        html: '<iframe width="200" height="113" src="https://www.youtube.com/embed/cat" allowfullscreen></iframe>',
      };
    case 'publish.x.com':
      return {
        type: 'rich', version: '1.0', url: 'https://twitter.com/examplenews/status/1795037467512234321', author_name: 'Example News',
        author_url: 'https://twitter.com/examplenews', provider_name: 'Twitter', width: 550, height: null,
        html: '<blockquote class="twitter-tweet"><p lang="en" dir="ltr">Bridge reopens Tuesday &amp; traffic returns.<br>Full story: <a href="https://t.co/AbCdEf">https://t.co/AbCdEf</a></p>&mdash; Example News (@examplenews) <a href="https://twitter.com/examplenews/status/1795037467512234321?ref_src=twsrc%5Etfw">May 27, 2024</a></blockquote>\n<script async src="https://platform.twitter.com/widgets.js" charset="utf-8"></script>\n',
      };
    case 'www.tiktok.com':
      return {
        type: 'video', version: '1.0', title: 'Three-minute tomato pasta #cooking', author_name: 'Example Cook', author_url: 'https://www.tiktok.com/@examplecook',
        provider_name: 'TikTok', thumbnail_url: at('www.tiktok.com', '/cover/pasta.png'), html: '<blockquote class="tiktok-embed"><section></section></blockquote>',
      };
    case 'open.spotify.com':
      return {type: 'rich', version: '1.0', title: 'Night Drive', provider_name: 'Spotify', thumbnail_url: at('open.spotify.com', '/cover/night.png'), html: '<iframe src="https://open.spotify.com/embed/track/x"></iframe>'};
    case 'www.reddit.com':
      return {type: 'rich', version: '1.0', title: 'My first sourdough', author_name: 'crumb_lover', provider_name: 'reddit', html: '<blockquote class="reddit-embed-bq"></blockquote>'};
    case 'soundcloud.com':
      return {type: 'rich', version: 1, title: 'Harbour Lights by Example Band', author_name: 'Example Band', author_url: 'https://soundcloud.com/exampleband', provider_name: 'SoundCloud', thumbnail_url: at('soundcloud.com', '/artworks/harbour-t500x500.png'), html: '<iframe src="https://w.soundcloud.com/player/?url=x"></iframe>'};
    case 'vimeo.com':
      return {
        type: 'video', version: '1.0', title: 'Slow Harbour', author_name: 'Ann Example', author_url: 'https://vimeo.com/annexample', provider_name: 'Vimeo',
        description: 'Boats, fog, no hurry.', upload_date: '2024-03-04 05:06:07', thumbnail_url: at('vimeo.com', '/video/987654321_640.png'), html: '<iframe src="https://player.vimeo.com/video/987654321"></iframe>',
      };
    case 'shop.example':
      return {type: 'link', version: '1.0', title: 'Blue Mug', author_name: 'Example Potter'};
    default:
      return null;
  }
}

function serveOEmbed(host: string, response: ServerResponse): void {
  switch (mode) {
    case 'status-500':
      return void response.writeHead(500, {'content-type': 'application/json'}).end('{"error":"internal"}');
    case 'junk':
      return void response.writeHead(200, {'content-type': 'application/json'}).end('{"type": "video", "title": ');
    case 'hang':
      // Headers, then nothing: the request's own cap (pingTimeout) ends it.
      return void response.writeHead(200, {'content-type': 'application/json'}).write('{');
    case 'slow': {
      // Answered after 3 s, unless the client gave up on it first.
      slowAnswer = new Promise((resolve) => {
        const timer = setTimeout(() => {
          resolve('sent');
          serveAnswer(host, response);
        }, 3_000);
        response.on('close', () => {
          clearTimeout(timer);
          resolve('closed before sent');
        });
      });
      return;
    }
    case 'redirect-refused':
      return void response.writeHead(302, {location: `http://refused.test:${port}/oembed`}).end();
    case 'redirect-elsewhere':
      return void response.writeHead(302, {location: `http://elsewhere.test:${port}/oembed`}).end();
    default:
      serveAnswer(host, response);
  }
}

function serveAnswer(host: string, response: ServerResponse): void {
  const answer = answerFor(host);
  if (answer === null) return void response.writeHead(404).end();
  response.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(answer));
}

function handle(request: IncomingMessage, response: ServerResponse): void {
  const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
  const path = request.url ?? '/';
  hits.push({host, path, at: performance.now()});
  if (path.startsWith('/oembed') || path.startsWith('/api/oembed')) return serveOEmbed(host, response);
  // A short link: the site is known only once the redirect is followed.
  if (`${host}${path}` === 'blog.example/go/cat') return void response.writeHead(302, {location: at('www.youtube.com', '/watch?v=cat')}).end();
  const html = pageFor(host, path);
  if (html === null) return void response.writeHead(404, {'content-type': 'text/plain'}).end('not found');
  const send = () => {
    answered[host] = performance.now();
    response.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(html);
  };
  if (pageDelay > 0) setTimeout(send, pageDelay);
  else send();
}

const listen = async (server: Server, address: string) => {
  await new Promise<void>((resolve) => server.listen(port, address, resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  main = createServer(handle);
  port = await listen(main, '127.0.0.1');
  // The same port on 127.0.0.2: a redirect to refused.test that got through would land here.
  refused = createServer((request, response) => {
    refusedHits.push(`${request.headers.host}${request.url}`);
    response.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({type: 'link', title: 'Leaked', author_name: 'Leaked'}));
  });
  await listen(refused, '127.0.0.2');
});

afterAll(async () => {
  for (const server of [main, refused]) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

beforeEach(() => {
  mode = 'ok';
  pageDelay = 0;
  hits = [];
  answered = {};
  refusedHits = [];
  slowAnswer = undefined;
});

/** The provider table of these tests: each site's endpoint on the local server (schemes match any port). */
const providers = (): OEmbedProvider[] => [
  {provider_name: 'YouTube', provider_url: at('www.youtube.com', '/'), endpoints: [{schemes: ['http://www.youtube.com/watch*'], url: at('www.youtube.com', '/oembed')}]},
  {provider_name: 'X', provider_url: at('x.com', '/'), endpoints: [{schemes: ['http://x.com/*/status/*'], url: at('publish.x.com', '/oembed')}]},
  {provider_name: 'TikTok', provider_url: at('www.tiktok.com', '/'), endpoints: [{schemes: ['http://www.tiktok.com/*/video/*'], url: at('www.tiktok.com', '/oembed')}]},
  {provider_name: 'Spotify', provider_url: at('open.spotify.com', '/'), endpoints: [{schemes: ['http://open.spotify.com/*'], url: at('open.spotify.com', '/oembed')}]},
  {provider_name: 'SoundCloud', provider_url: at('soundcloud.com', '/'), endpoints: [{schemes: ['http://soundcloud.com/*'], url: at('soundcloud.com', '/oembed')}]},
  {provider_name: 'Vimeo', provider_url: at('vimeo.com', '/'), endpoints: [{schemes: ['http://vimeo.com/*'], url: at('vimeo.com', '/api/oembed.{format}')}]},
  {provider_name: 'Reddit', provider_url: at('www.reddit.com', '/'), endpoints: [{schemes: ['http://www.reddit.com/r/*/comments/*/*'], url: at('www.reddit.com', '/oembed')}]},
];

const config = (extra: CreateExtractorConfig = {}): CreateExtractorConfig => ({
  allowAddress: only127001,
  dnsLookup: lookup,
  oembedProviders: providers(),
  requestProfiles: false,
  pingTimeout: 1_500,
  ...extra,
});

const oembedHits = () => hits.filter((hit) => /^\/(?:api\/)?oembed/.test(hit.path));
const card = (data: {title?: unknown; description?: unknown; author?: unknown; publisher?: unknown; image?: {url: string} | null}) => ({
  title: data.title, description: data.description, author: data.author, publisher: data.publisher, image: data.image?.url ?? null,
});

describe('oEmbed fields where the page lacks them', () => {
  it('YouTube: the shell page, refused, leaves the title, the channel and the thumbnail to the oEmbed answer', async () => {
    const result = await createExtractor(config())(at('www.youtube.com', '/watch?v=cat'), {ping: false});
    expect(card(result.data)).toEqual({
      title: 'Cat plays the piano', description: null, author: 'Cat Channel', publisher: 'YouTube', image: at('www.youtube.com', '/vi/cat/hqdefault.png'),
    });
    expect(result.recovery).toBeUndefined();
    // One request, with the page's URL as `url=` and JSON asked for.
    const [asked] = oembedHits();
    expect(oembedHits()).toHaveLength(1);
    const query = new URL(asked!.path, 'http://x').searchParams;
    expect(query.get('url')).toBe(at('www.youtube.com', '/watch?v=cat'));
    expect(query.get('format')).toBe('json');
  });

  it("YouTube: the page's VideoObject comes first, the answer's thumbnail after the page's", async () => {
    const result = await createExtractor(config())(at('www.youtube.com', '/watch?v=full'), {ping: false});
    expect(card(result.data)).toEqual({
      title: 'Piano cat (full page)', description: 'The page says so.', author: 'Page Channel', publisher: 'YouTube', image: at('www.youtube.com', '/vi/full/maxres.png'),
    });
    // Asked all the same: a parallel site's answer is asked before the page is known.
    expect(oembedHits()).toHaveLength(1);
  });

  it('X: the wall is described by the site rules reading the answer asked alongside: the post, the name and handle', async () => {
    const result = await createExtractor(config())(at('x.com', '/examplenews/status/1795037467512234321'), {ping: false});
    expect(result.recovery).toMatchObject({wall: {vendor: 'X'}, rung: 'oembed'});
    expect(card(result.data)).toEqual({
      title: 'Example News (@examplenews) on X',
      description: 'Bridge reopens Tuesday & traffic returns. Full story: https://t.co/AbCdEf',
      author: 'Example News', publisher: 'X', image: null,
    });
    expect(result.data.date).toBe('2024-05-27T10:20:57.095Z');
    expect(result.data.url).toBe(at('x.com', '/examplenews/status/1795037467512234321'));
    // The rung used the answer asked alongside: one request to publish.x.com, none to the registry again.
    expect(oembedHits().map((hit) => hit.host)).toEqual(['publish.x.com']);
  });

  it("X: a page with og:title but no text gets the post's text from the embed's paragraph", async () => {
    const result = await createExtractor(config())(at('x.com', '/examplenews/status/1795037467512234322'), {ping: false});
    expect(result.recovery).toBeUndefined();
    expect(card(result.data)).toMatchObject({
      title: 'Example News (@examplenews) on X', description: 'Bridge reopens Tuesday & traffic returns. Full story: https://t.co/AbCdEf', author: 'Example News',
    });
  });

  it('TikTok: the caption, the author and the cover where the page has only "TikTok - Make Your Day"', async () => {
    const result = await createExtractor(config())(at('www.tiktok.com', '/@examplecook/video/7372195838113025322'), {ping: false});
    expect(card(result.data)).toEqual({
      // The hosted service's convention (issue 33): the person in the title, the caption in the description.
      title: 'Example Cook (@examplecook) on TikTok', description: 'Three-minute tomato pasta #cooking', author: 'Example Cook', publisher: 'TikTok', image: at('www.tiktok.com', '/cover/pasta.png'),
    });
  });

  it("Spotify (asked after the page): the web player shell's empty title and image come from the answer", async () => {
    const result = await createExtractor(config())(at('open.spotify.com', '/track/4uLU6hMCjMI75M1A2tKUQC'), {ping: false});
    expect(card(result.data)).toMatchObject({title: 'Night Drive', publisher: 'Spotify', image: at('open.spotify.com', '/cover/night.png')});
    // After: the page was answered before the oEmbed request was made.
    const [asked] = oembedHits();
    expect(asked!.at).toBeGreaterThanOrEqual(answered['open.spotify.com']!);
  });

  it('Spotify: a page that settled every field the answer gives is not followed by an oEmbed request', async () => {
    const result = await createExtractor(config())(at('open.spotify.com', '/track/0fullpage'), {ping: false});
    expect(card(result.data)).toMatchObject({title: 'Night Drive', author: 'The Examples', image: at('open.spotify.com', '/cover/night.png')});
    expect(oembedHits()).toEqual([]);
  });

  it("Reddit (after): a post whose JSON-LD names no author gets the answer's", async () => {
    const result = await createExtractor(config())(at('www.reddit.com', '/r/examplesub/comments/1d0abcd/my_first_sourdough/'), {ping: false});
    expect(card(result.data)).toMatchObject({title: 'My first sourdough', description: 'It rose!', author: 'crumb_lover', publisher: 'Reddit'});
    expect(oembedHits()).toHaveLength(1);
  });

  it('SoundCloud (after): the uploader missing from <title> and the artwork behind the refused default avatar', async () => {
    const result = await createExtractor(config())(at('soundcloud.com', '/exampleband/harbour-lights'), {ping: false});
    expect(card(result.data)).toMatchObject({title: 'Harbour Lights', author: 'Example Band', publisher: 'SoundCloud', image: at('soundcloud.com', '/artworks/harbour-t500x500.png')});
    expect(oembedHits()).toHaveLength(1);
  });

  it('Vimeo (after): a page without its VideoObject keeps its og:title; the uploader, text, date and poster come from the answer', async () => {
    const result = await createExtractor(config())(at('vimeo.com', '/987654321'), {ping: false});
    expect(card(result.data)).toEqual({
      title: 'Slow Harbour', description: 'Boats, fog, no hurry.', author: 'Ann Example', publisher: 'Vimeo', image: at('vimeo.com', '/video/987654321_640.png'),
    });
    expect(result.data.date).toBe('2024-03-04T05:06:07.000Z');
    expect(oembedHits().map((hit) => hit.path.split('?')[0])).toEqual(['/api/oembed.json']);
  });

  it("a link that redirects to a site's page: its oEmbed is asked after the page, for the page's final URL", async () => {
    const result = await createExtractor(config())(at('blog.example', '/go/cat'), {ping: false});
    expect(card(result.data)).toMatchObject({title: 'Cat plays the piano', author: 'Cat Channel', publisher: 'YouTube'});
    const [asked] = oembedHits();
    expect(oembedHits()).toHaveLength(1);
    expect(new URL(asked!.path, 'http://x').searchParams.get('url')).toBe(at('www.youtube.com', '/watch?v=cat'));
    expect(asked!.at).toBeGreaterThanOrEqual(answered['www.youtube.com']!);
  });

  it('`iframe`: the answer asked alongside is the embed too (one request, sized as asked)', async () => {
    const result = await createExtractor(config())(at('www.youtube.com', '/watch?v=full'), {ping: false, iframe: {maxWidth: 320}});
    expect(result.data.iframe?.html).toContain('https://www.youtube.com/embed/cat');
    expect(oembedHits()).toHaveLength(1);
    expect(new URL(oembedHits()[0]!.path, 'http://x').searchParams.get('maxwidth')).toBe('320');
  });

  it('no request when no field the answer gives is asked for (meta), nor for a page of no site', async () => {
    const extract = createExtractor(config());
    const onlyDescription = await extract(at('www.youtube.com', '/watch?v=cat'), {ping: false, meta: {description: true}});
    expect(onlyDescription.data.title).toBeNull();
    await extract(at('blog.example', '/post'), {ping: false});
    expect(oembedHits()).toEqual([]);
  });

  it("a site of the config's own, with its own endpoint: asked after the page, its answer read by `oembed(...)` rules", async () => {
    const shop: SiteRules = {
      id: 'shop',
      hosts: ['shop.example'],
      rules: {title: [oembed('title')], author: [oembed('author_name')]},
      oembed: {parallel: false, endpoint: (url) => at('shop.example', `/oembed?format=json&url=${encodeURIComponent(url)}`)},
    };
    const result = await createExtractor(config({sites: [shop]}))(at('shop.example', '/p/1'), {ping: false});
    expect(card(result.data)).toMatchObject({title: 'Blue Mug', description: 'A blue mug.', author: 'Example Potter'});
    expect(oembedHits().map((hit) => `${hit.host}${hit.path}`)).toEqual([`shop.example/oembed?format=json&url=${encodeURIComponent(at('shop.example', '/p/1'))}`]);
  });
});

describe('alongside the page', () => {
  it('the oEmbed request of a parallel site starts before the page has answered', async () => {
    pageDelay = 500;
    const result = await createExtractor(config())(at('www.tiktok.com', '/@examplecook/video/7372195838113025322'), {ping: false});
    expect(result.data.author).toBe('Example Cook');
    const pageHit = hits.find((hit) => hit.host === 'www.tiktok.com' && !hit.path.startsWith('/oembed'));
    const [asked] = oembedHits();
    expect(pageHit).toBeDefined();
    expect(asked).toBeDefined();
    // Sequential would put the oEmbed request after the page's answer; the page waited 500 ms.
    expect(asked!.at).toBeLessThan(answered['www.tiktok.com']!);
  });
});

describe('not waited for when the page settled it', () => {
  it('a page that gave every field the answer gives does not wait for a slow answer, and the request ends with the call', async () => {
    mode = 'slow';
    const result = await createExtractor(config({pingTimeout: 20_000}))(at('www.youtube.com', '/watch?v=full'), {ping: false});
    expect(result.data.title).toBe('Piano cat (full page)');
    expect(oembedHits()).toHaveLength(1);
    // The answer was due 3 s after it was asked; the call returned without it and closed the request.
    expect(await slowAnswer).toBe('closed before sent');
  });

  it('a page that left a field empty waits for it', async () => {
    mode = 'slow';
    const result = await createExtractor(config({pingTimeout: 20_000}))(at('www.youtube.com', '/watch?v=cat'), {ping: false});
    expect(await slowAnswer).toBe('sent');
    expect(result.data.author).toBe('Cat Channel');
  });
});

describe("an oEmbed failure leaves the page's card as it is without oEmbed", () => {
  const without = async (path: string) => (await createExtractor(config({oembedProviders: []}))(at('www.youtube.com', path), {ping: false})).data;

  it.each<Mode>(['status-500', 'junk', 'hang', 'redirect-elsewhere'])('%s', async (failure) => {
    const expected = await without('/watch?v=full');
    mode = failure;
    const result = await createExtractor(config({pingTimeout: 800}))(at('www.youtube.com', '/watch?v=full'), {ping: false});
    expect(result.status).toBe('success');
    expect(result.data).toEqual(expected);
    expect(oembedHits()).toHaveLength(1);
  });

  it("the shell page stays the shell's card (the answer's fields never half-applied)", async () => {
    const expected = await without('/watch?v=cat');
    mode = 'junk';
    const result = await createExtractor(config())(at('www.youtube.com', '/watch?v=cat'), {ping: false});
    expect(result.data).toEqual(expected);
    expect(result.data.author).toBeNull();
  });
});

describe('the address policy', () => {
  it('a redirect of the oEmbed endpoint to a refused address is not followed: nothing reaches 127.0.0.2', async () => {
    mode = 'redirect-refused';
    const result = await createExtractor(config())(at('www.youtube.com', '/watch?v=cat'), {ping: false});
    expect(result.data.author).toBeNull();
    expect(result.data.title).not.toBe('Leaked');
    expect(oembedHits()).toHaveLength(1);
    expect(refusedHits).toEqual([]);
  });

  it('an endpoint whose name resolves outside the policy is refused before any connection (the page stands)', async () => {
    const elsewhere: OEmbedProvider = {provider_name: 'YouTube', provider_url: 'http://elsewhere.test/', endpoints: [{schemes: ['http://www.youtube.com/watch*'], url: `http://elsewhere.test:${port}/oembed`}]};
    const direct: OEmbedProvider = {provider_name: 'YouTube', provider_url: 'http://refused.test/', endpoints: [{schemes: ['http://www.youtube.com/watch*'], url: `http://refused.test:${port}/oembed`}]};
    for (const provider of [elsewhere, direct]) {
      const result = await createExtractor(config({oembedProviders: [provider]}))(at('www.youtube.com', '/watch?v=full'), {ping: false});
      expect(result.data.title).toBe('Piano cat (full page)');
      expect(result.data.author).toBe('Page Channel');
    }
    expect(refusedHits).toEqual([]);
    expect(oembedHits()).toEqual([]);
  });
});

describe('Server-Timing', () => {
  let endpoint: Server;
  let base = '';
  beforeAll(async () => {
    endpoint = createServer(createHandler({...config(), cache: false}));
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    endpoint.closeAllConnections();
    await new Promise<void>((resolve) => endpoint.close(() => resolve()));
  });

  it('names the site oEmbed request with its duration when it ran, and not otherwise', async () => {
    const response = await fetch(`${base}?${new URLSearchParams({url: at('www.youtube.com', '/watch?v=cat'), ping: 'false'})}`);
    expect(response.status).toBe(200);
    expect((await response.json()) as unknown).toMatchObject({data: {author: 'Cat Channel'}});
    expect(response.headers.get('server-timing')).toMatch(/(^|, )site-oembed;dur=\d+\.\d/);
    const plain = await fetch(`${base}?${new URLSearchParams({url: at('blog.example', '/post'), ping: 'false'})}`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('server-timing')).not.toMatch(/site-oembed/);
  });
});

describe('fetchSiteOEmbed, the stage', () => {
  it('answers the members and the URL that answered; null without an endpoint for the page; the deadline ends it', async () => {
    const resolved = normalizeConfig({allowAddress: only127001, dnsLookup: lookup});
    const deadline = createDeadline(10_000);
    try {
      const request = {headers: {}, deadline};
      const answer = await fetchSiteOEmbed(at('www.tiktok.com', '/@examplecook/video/1'), request, resolved, providers());
      expect(answer).toMatchObject({url: at('www.tiktok.com', '/oembed?url=' + encodeURIComponent(at('www.tiktok.com', '/@examplecook/video/1')) + '&format=json'), members: {author_name: 'Example Cook'}});
      expect(await fetchSiteOEmbed(at('blog.example', '/post'), request, resolved, providers())).toBeNull();
      expect(oembedHits()).toHaveLength(1);
      const own = await fetchSiteOEmbed(at('blog.example', '/post'), {...request, endpoint: at('shop.example', '/oembed')}, resolved, providers());
      expect(own?.members.title).toBe('Blue Mug');
    } finally {
      deadline.dispose();
    }
    const aborted = new AbortController();
    aborted.abort();
    const ended = createDeadline(10_000, aborted.signal);
    await expect(fetchSiteOEmbed(at('www.youtube.com', '/watch?v=cat'), {headers: {}, deadline: ended}, resolved, providers())).rejects.toBeInstanceOf(LinkpeekError);
  });
});

describe('firstParagraph', () => {
  it("reads an embedded post's paragraph: entities decoded, <br> as a line break, links as their text", () => {
    expect(firstParagraph('<blockquote><p>a &amp; b<br/>c <a href="x">d</a></p>&mdash; e <p>second</p></blockquote>')).toBe('a & b\nc d');
    expect(firstParagraph('<blockquote>no paragraph</blockquote>')).toBeNull();
    expect(firstParagraph('<p>   </p>')).toBeNull();
  });
});
