import {readFileSync} from 'node:fs';
import {gzipSync} from 'node:zlib';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createDeadline} from '../../src/deadline.js';
import {LinkpeekError} from '../../src/errors.js';
import {fetchPage, type Page} from '../../src/fetch/fetch-page.js';
import {requestSafely} from '../../src/fetch/http-client.js';
import {parseHtml, parseHtmlReference} from '../../src/parse/parse-html.js';
import {normalizeConfig, type ExtractorConfig, type ResolvedConfig} from '../../src/options.js';
import {gzipBomb, streamFiller, type StreamedBody} from '../helpers/bodies.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, redirect, startServer, type TestServer} from '../helpers/server.js';
import {failure} from '../helpers/failure.js';

const mebibyte = 1024 * 1024;
const config = normalizeConfig(loopbackConfig);
const fixture = (name: string): Buffer => readFileSync(new URL(`../fixtures/charset/${name}`, import.meta.url));

let server: TestServer;
let other: TestServer;
let bomb: Buffer;
const streamed: StreamedBody[] = [];

async function fetchFrom(
  target: string,
  options: {headers?: Record<string, string>; timeout?: number; signal?: AbortSignal; config?: ResolvedConfig} = {},
): Promise<Page> {
  const deadline = createDeadline(options.timeout ?? 10_000, options.signal);
  try {
    return await fetchPage(new URL(target), {headers: options.headers ?? {}, deadline}, options.config ?? config);
  } finally {
    deadline.dispose();
  }
}


const withConfig = (extra: ExtractorConfig): ResolvedConfig => normalizeConfig({...loopbackConfig, ...extra});

beforeAll(async () => {
  bomb = gzipBomb();
  server = await startServer({
    '/': html('<!doctype html><title>Home</title><p>héllo</p>'),
    '/chain': (request, response) => {
      const left = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('left'));
      if (left > 0) response.writeHead(302, {location: `/chain?left=${left - 1}`}).end();
      else response.writeHead(200, {'content-type': 'text/html'}).end('<title>end of chain</title>');
    },
    '/statuses': redirect('/statuses-303', 301),
    '/statuses-303': redirect('statuses-307', 303),
    '/statuses-307': redirect('./statuses-308', 307),
    '/statuses-308': redirect(`/?from=308`, 308),
    '/bad-location': redirect('http://[::1', 302),
    '/to-ftp': redirect('ftp://127.0.0.1/file', 302),
    '/server-error': (_request, response) => void response.writeHead(500, {'content-type': 'text/html'}).end('x'),
    '/not-found': (_request, response) => void response.writeHead(404, {'content-type': 'text/html'}).end('no'),
    '/image': (_request, response) => {
      response.writeHead(200, {'content-type': 'image/png'});
      streamed.push(streamFiller(response, 50 * mebibyte));
    },
    '/untyped-html': (_request, response) => {
      response.removeHeader('content-type');
      response.writeHead(200).end('  <!DOCTYPE html><html><title>untyped</title></html>');
    },
    '/untyped-binary': (_request, response) => {
      response.writeHead(200).end(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 7)]));
    },
    '/gzip': (_request, response) => {
      response.writeHead(200, {'content-type': 'text/html', 'content-encoding': 'gzip'});
      response.end(gzipSync('<title>compressed</title>'));
    },
    '/big': (_request, response) => {
      response.writeHead(200, {'content-type': 'text/html'});
      streamed.push(streamFiller(response, 50 * mebibyte));
    },
    '/bomb': (_request, response) => {
      response.writeHead(200, {'content-type': 'text/html', 'content-encoding': 'gzip'});
      response.end(bomb);
    },
    '/slow-headers': (request, response) => {
      const timer = setTimeout(() => response.writeHead(200, {'content-type': 'text/html'}).end('late'), 60_000);
      request.socket.once('close', () => clearTimeout(timer));
    },
    '/slow-body': (request, response) => {
      response.writeHead(200, {'content-type': 'text/html'});
      response.write('<title>trickle</title>');
      const timer = setInterval(() => response.write('.'), 50);
      request.socket.once('close', () => clearInterval(timer));
    },
    '/echo': (request, response) => {
      response.writeHead(200, {'content-type': 'text/html'}).end(`<pre>${JSON.stringify(request.headers)}</pre>`);
    },
    '/charset': (request, response) => {
      const query = new URL(request.url ?? '/', 'http://x').searchParams;
      response.writeHead(200, {'content-type': query.get('type') ?? 'text/html'});
      response.end(fixture(query.get('file') ?? ''));
    },
  });
  other = await startServer({
    '/echo': (request, response) => {
      response.writeHead(200, {'content-type': 'text/html'}).end(`<pre>${JSON.stringify(request.headers)}</pre>`);
    },
  });
  server.route('/to-other', redirect(`http://site.test:${other.port}/echo`));
  server.route('/to-self', redirect('/echo'));
});

afterAll(async () => {
  await Promise.all([server.close(), other.close()]);
});

const echoed = (page: Page): Record<string, string> =>
  JSON.parse(/<pre>(.*)<\/pre>/s.exec(page.html)?.[1] ?? '{}') as Record<string, string>;

describe('fetchPage', () => {
  it('fetches and decodes an HTML page', async () => {
    const page = await fetchFrom(server.url('/'));
    expect(page).toMatchObject({
      requestedUrl: server.url('/'),
      url: server.url('/'),
      statusCode: 200,
      contentType: 'text/html',
      charset: 'utf-8',
      html: '<!doctype html><title>Home</title><p>héllo</p>',
      truncated: false,
      redirects: [],
    });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('decompresses a gzip body', async () => {
    expect((await fetchFrom(server.url('/gzip'))).html).toBe('<title>compressed</title>');
  });

  it('sends the configured User-Agent and an HTML Accept header', async () => {
    const headers = echoed(await fetchFrom(server.url('/echo'), {config: withConfig({userAgent: 'peek-test/1'})}));
    expect(headers['user-agent']).toBe('peek-test/1');
    expect(headers.accept).toMatch(/^text\/html/);
    expect(headers['accept-encoding']).toMatch(/gzip/);
  });

  it('reuses one keep-alive connection across calls with the same config', async () => {
    const shared = withConfig({});
    const connections: unknown[] = [];
    const count = (socket: unknown) => connections.push(socket);
    server.server.on('connection', count);
    try {
      await fetchFrom(server.url('/'), {config: shared});
      await fetchFrom(server.url('/'), {config: shared});
      await fetchFrom(server.url('/'), {config: shared});
    } finally {
      server.server.off('connection', count);
    }
    expect(connections).toHaveLength(1);
  });
});

describe('requestSafely', () => {
  it('shares one deadline between 16 concurrent requests', async () => {
    const deadline = createDeadline(10_000);
    try {
      const responses = await Promise.all(
        Array.from({length: 16}, () =>
          requestSafely(new URL(server.url('/')), {method: 'GET', headers: {}, deadline}, config),
        ),
      );
      for (const response of responses) for await (const _chunk of response.body);
      expect(responses.map((response) => response.statusCode)).toEqual(Array(16).fill(200));
    } finally {
      deadline.dispose();
    }
  });

  it('answers HEAD with the status and headers and an empty body', async () => {
    const deadline = createDeadline(10_000);
    try {
      const response = await requestSafely(new URL(server.url('/')), {method: 'HEAD', headers: {}, deadline}, config);
      const chunks: Buffer[] = [];
      for await (const chunk of response.body) chunks.push(chunk as Buffer);
      expect(response).toMatchObject({statusCode: 200, url: server.url('/'), redirects: []});
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(Buffer.concat(chunks).length).toBe(0);
    } finally {
      deadline.dispose();
    }
  });
});

describe('redirects', () => {
  it('follows a chain of exactly 10 redirects and records every hop', async () => {
    const page = await fetchFrom(server.url('/chain?left=10'));
    expect(page.html).toBe('<title>end of chain</title>');
    expect(page.url).toBe(server.url('/chain?left=0'));
    expect(page.requestedUrl).toBe(server.url('/chain?left=10'));
    expect(page.redirects).toEqual(
      Array.from({length: 10}, (_, index) => ({statusCode: 302, url: server.url(`/chain?left=${10 - index}`)})),
    );
  });

  it('gives EMAXREDIRECTS on the 11th redirect without following it', async () => {
    const before = server.hits.length;
    const error = await failure(fetchFrom(server.url('/chain?left=11')));
    expect(error.code).toBe('EMAXREDIRECTS');
    expect(error.url).toBe(server.url('/chain?left=11'));
    // 11 redirect answers were received; `/chain?left=0` was never asked for.
    expect(server.hits.slice(before)).toHaveLength(11);
    expect(server.hits.slice(before)).not.toContain('GET /chain?left=0');
  });

  it('resolves relative Locations and records 301, 303, 307 and 308 hops', async () => {
    const page = await fetchFrom(server.url('/statuses'));
    expect(page.url).toBe(server.url('/?from=308'));
    expect(page.redirects.map((hop) => hop.statusCode)).toEqual([301, 303, 307, 308]);
    expect(page.redirects.map((hop) => new URL(hop.url).pathname)).toEqual([
      '/statuses',
      '/statuses-303',
      '/statuses-307',
      '/statuses-308',
    ]);
  });

  it('keeps the requested fragment across a redirect, as browsers do', async () => {
    const page = await fetchFrom(server.url('/statuses#section'));
    expect(page.url).toBe(server.url('/?from=308#section'));
  });

  it('refuses an unparseable Location with EINVALURL', async () => {
    expect((await failure(fetchFrom(server.url('/bad-location')))).code).toBe('EINVALURL');
  });

  it('refuses a redirect to a non-http scheme with EINVALURL', async () => {
    expect((await failure(fetchFrom(server.url('/to-ftp')))).code).toBe('EINVALURL');
  });
});

describe('caller headers', () => {
  it('sends caller headers, credentials included, to the target', async () => {
    const headers = echoed(
      await fetchFrom(server.url('/echo'), {headers: {authorization: 'Bearer secret', 'x-tenant': 'acme'}}),
    );
    expect(headers.authorization).toBe('Bearer secret');
    expect(headers['x-tenant']).toBe('acme');
  });

  it('keeps credentials on a same-origin redirect', async () => {
    const headers = echoed(
      await fetchFrom(server.url('/to-self'), {headers: {authorization: 'Bearer secret', cookie: 'session=1'}}),
    );
    expect(headers.authorization).toBe('Bearer secret');
    expect(headers.cookie).toBe('session=1');
  });

  it('drops every caller header but user-agent, accept and accept-language on a cross-origin redirect', async () => {
    const page = await fetchFrom(server.url('/to-other'), {
      headers: {
        authorization: 'Bearer secret',
        cookie: 'session=1',
        'x-api-key': 'k-123',
        'accept-language': 'fr',
        'user-agent': 'custom-agent/1',
      },
    });
    expect(page.url).toBe(`http://site.test:${other.port}/echo`);
    const headers = echoed(page);
    expect(headers.authorization).toBeUndefined();
    expect(headers.cookie).toBeUndefined();
    expect(headers['x-api-key']).toBeUndefined();
    expect(headers['accept-language']).toBe('fr');
    expect(headers['user-agent']).toBe('custom-agent/1');
  });
});

describe('HTTP errors and content types', () => {
  it('gives EHTTP with the status for a 404', async () => {
    const error = await failure(fetchFrom(server.url('/not-found')));
    expect(error.code).toBe('EHTTP');
    expect(error.statusCode).toBe(404);
  });

  it('gives EHTTP with the status for a 500', async () => {
    const error = await failure(fetchFrom(server.url('/server-error')));
    expect(error).toMatchObject({code: 'EHTTP', statusCode: 500});
  });

  it('gives ENOTHTML for image/png and closes the connection instead of reading the body', async () => {
    const before = streamed.length;
    const error = await failure(fetchFrom(server.url('/image')));
    expect(error.code).toBe('ENOTHTML');
    expect(error.message).toContain('image/png');
    const body = streamed[before];
    await body?.closed;
    expect(body?.sent).toBeLessThan(50 * mebibyte);
  });

  it('sniffs HTML when the Content-Type is missing', async () => {
    const page = await fetchFrom(server.url('/untyped-html'));
    expect(page.contentType).toBe('text/html');
    expect(page.html).toContain('<title>untyped</title>');
  });

  it('gives ENOTHTML for an untyped body that does not look like HTML', async () => {
    expect((await failure(fetchFrom(server.url('/untyped-binary')))).code).toBe('ENOTHTML');
  });
});

describe('body size cap', () => {
  it('truncates a 50 MB page at maxBodySize and stops reading', async () => {
    const before = streamed.length;
    const page = await fetchFrom(server.url('/big'), {config: withConfig({maxBodySize: mebibyte})});
    expect(page.truncated).toBe(true);
    expect(page.html.length).toBe(mebibyte);
    expect(page.html.startsWith('<p>linkpeek filler paragraph</p>')).toBe(true);
    const body = streamed[before];
    await body?.closed;
    expect(body?.sent).toBeLessThan(50 * mebibyte);
  });

  it('gives ETOOLARGE for a 50 MB page when bodyLimit is error', async () => {
    const error = await failure(
      fetchFrom(server.url('/big'), {config: withConfig({maxBodySize: mebibyte, bodyLimit: 'error'})}),
    );
    expect(error.code).toBe('ETOOLARGE');
  });

  it('reads a page of exactly maxBodySize bytes whole, without truncation', async () => {
    const body = '<title>x</title>'.padEnd(4096, ' ');
    server.route('/exact', html(body));
    const page = await fetchFrom(server.url('/exact'), {config: withConfig({maxBodySize: 4096, bodyLimit: 'error'})});
    expect(page).toMatchObject({html: body, truncated: false});
  });

  it('caps a gzip bomb (1 GiB of zeros) on decompressed bytes', async () => {
    const page = await fetchFrom(server.url('/bomb'), {config: withConfig({maxBodySize: mebibyte})});
    expect(page.truncated).toBe(true);
    expect(page.html.length).toBe(mebibyte);
  });

  it('gives ETOOLARGE for a gzip bomb when bodyLimit is error', async () => {
    const error = await failure(
      fetchFrom(server.url('/bomb'), {config: withConfig({maxBodySize: mebibyte, bodyLimit: 'error'})}),
    );
    expect(error.code).toBe('ETOOLARGE');
  });
});

describe('time limits and failures', () => {
  it('gives ETIMEOUT when the headers never come', async () => {
    const error = await failure(fetchFrom(server.url('/slow-headers'), {timeout: 300}));
    expect(error.code).toBe('ETIMEOUT');
  });

  it('gives ETIMEOUT when the body trickles past the deadline', async () => {
    const error = await failure(fetchFrom(server.url('/slow-body'), {timeout: 400}));
    expect(error.code).toBe('ETIMEOUT');
  });

  it('ends the body stream with ETIMEOUT when the deadline passes while the caller reads', async () => {
    const deadline = createDeadline(400);
    try {
      const response = await requestSafely(new URL(server.url('/slow-body')), {method: 'GET', headers: {}, deadline}, config);
      const error = await failure(
        (async () => {
          for await (const _chunk of response.body) {
            // read until the deadline cuts the stream
          }
        })(),
      );
      expect(error.code).toBe('ETIMEOUT');
    } finally {
      deadline.dispose();
    }
  });

  it('gives EABORTED when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = fetchFrom(server.url('/slow-headers'), {signal: controller.signal});
    setTimeout(() => controller.abort(), 50);
    expect((await failure(pending)).code).toBe('EABORTED');
  });

  it('gives EFETCH when the connection is refused', async () => {
    const closed = await startServer();
    await closed.close();
    const error = await failure(fetchFrom(closed.url('/')));
    expect(error.code).toBe('EFETCH');
    expect(error.message).toContain('refused');
    expect(error.cause).toBeDefined();
  });

  it('gives EFETCH when the name does not resolve', async () => {
    const error = await failure(fetchFrom('http://nowhere.test/'));
    expect(error.code).toBe('EFETCH');
    expect(error.message).toBe('The host `nowhere.test` could not be resolved.');
  });

  it('gives EFETCH when the server resets the connection mid-body', async () => {
    server.route('/reset', (_request, response) => {
      response.writeHead(200, {'content-type': 'text/html', 'content-length': '1000'});
      response.write('<title>partial</title>');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    expect((await failure(fetchFrom(server.url('/reset')))).code).toBe('EFETCH');
  });

  it('never puts header values in an error message', async () => {
    const error = await failure(fetchFrom(server.url('/not-found'), {headers: {authorization: 'Bearer s3cret'}}));
    expect(error.code).toBe('EHTTP');
    expect(JSON.stringify(error)).not.toContain('s3cret');
    expect(error.message).not.toContain('s3cret');
  });

  it('sends the credentials of a URL as Basic auth and echoes them nowhere, in a result or an error', async () => {
    const page = await fetchFrom(`http://user:pa55word@127.0.0.1:${server.port}/`);
    expect(JSON.stringify({url: page.url, requestedUrl: page.requestedUrl, redirects: page.redirects})).not.toContain('pa55word');
    const error = await failure(fetchFrom(`http://user:pa55word@127.0.0.1:${server.port}/not-found`));
    expect(error.code).toBe('EHTTP');
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain('pa55word');
  });
});

describe('charsets', () => {
  const western = 'Café – “naïve” €5, crème brûlée';
  const japanese = '日本語のページ：こんにちは、世界';
  const chinese = '中文网页：你好，世界';
  const charsetUrl = (file: string, type: string) =>
    server.url(`/charset?file=${encodeURIComponent(file)}&type=${encodeURIComponent(type)}`);

  it.each([
    ['windows-1252-undeclared.html', 'text/html; charset=windows-1252', 'windows-1252', western],
    ['shift_jis-undeclared.html', 'text/html; charset=Shift_JIS', 'shift_jis', japanese],
    ['gbk-undeclared.html', 'text/html; charset="GBK"', 'gbk', chinese],
  ])('decodes %s declared by the Content-Type header', async (file, type, charset, text) => {
    const page = await fetchFrom(charsetUrl(file, type));
    expect(page.charset).toBe(charset);
    expect(page.html).toContain(`<title>${text}</title>`);
  });

  it.each([
    ['windows-1252-meta.html', 'windows-1252', western],
    ['shift_jis-meta.html', 'shift_jis', japanese],
    ['gbk-meta.html', 'gbk', chinese],
  ])('decodes %s declared by <meta>', async (file, charset, text) => {
    const page = await fetchFrom(charsetUrl(file, 'text/html'));
    expect(page.charset).toBe(charset);
    expect(page.html).toContain(`<title>${text}</title>`);
  });

  it('lets a BOM win over the header charset', async () => {
    const page = await fetchFrom(charsetUrl('utf-8-bom.html', 'text/html; charset=shift_jis'));
    expect(page.charset).toBe('utf-8');
    expect(page.html).toContain(`${japanese} ${chinese} ${western}`);
  });

  it('decodes a UTF-16LE page with a BOM', async () => {
    const page = await fetchFrom(charsetUrl('utf-16le-bom.html', 'text/html'));
    expect(page.charset).toBe('utf-16le');
    expect(page.html).toContain(`<title>${japanese}</title>`);
  });
});

describe('fetchPage: the windows of a large body travel with the page', () => {
  it('gives a large ASCII page a reader of its windows, which parseHtml takes along; a small page none', async () => {
    const body = `<!doctype html><title>Long</title>${'<p>row</p>\n'.repeat(30_000)}<h1>End</h1>`;
    expect(body.length).toBeGreaterThan(200_000);
    server.route('/long-ascii', html(body));
    const page = await fetchFrom(server.url('/long-ascii'));
    expect(page.html).toBe(body);
    expect(page.windows?.(0, 0)?.startsWith('<!doctype html><title>Long</title>')).toBe(true);
    expect(parseHtml(page.html, page.windows)).toEqual(parseHtmlReference(body));
    expect('windows' in (await fetchFrom(server.url('/')))).toBe(false);
  });
});
