import {gzipSync, brotliCompressSync} from 'node:zlib';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createDeadline} from '../../src/deadline.js';
import {LinkpeekError} from '../../src/errors.js';
import {handleQuery} from '../../src/endpoint/handler.js';
import {fetchPage, type Page} from '../../src/fetch/fetch-page.js';
import {normalizeConfig} from '../../src/options.js';
import {loopbackConfig} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';

// Targets that break in the middle of an answer: the call must end in a clear error (or, where the
// bytes already read are a page, a result), never hang, never crash, and leave the transport usable.
let target: TestServer;
const head = '<!doctype html><html><head><title>Broken on purpose</title><meta name="description" content="The head arrived.">';
const page = `${head}</head><body>${'<p>filler text for a long body</p>'.repeat(4000)}</body></html>`;
const gzipped = gzipSync(page);

beforeAll(async () => {
  target = await startServer({
    '/ok': (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end('<title>fine</title>'),
    // Headers and part of the body, then a TCP reset.
    '/reset-mid-body': (_request, response) => {
      response.writeHead(200, {'content-type': 'text/html', 'content-length': String(page.length)});
      response.write(page.slice(0, 20_000));
      setTimeout(() => response.socket?.resetAndDestroy(), 20);
    },
    // The same, inside a gzip stream.
    '/reset-mid-gzip': (_request, response) => {
      response.writeHead(200, {'content-type': 'text/html', 'content-encoding': 'gzip'});
      response.write(gzipped.subarray(0, Math.floor(gzipped.length / 2)));
      setTimeout(() => response.socket?.resetAndDestroy(), 20);
    },
    // A well-framed answer whose gzip stream stops halfway: no reset, just a short stream.
    '/truncated-gzip': (_request, response) => {
      const cut = gzipped.subarray(0, Math.floor(gzipped.length / 2));
      response.writeHead(200, {'content-type': 'text/html', 'content-encoding': 'gzip', 'content-length': String(cut.length)});
      response.end(cut);
    },
    // Only the 10-byte gzip header.
    '/gzip-header-only': (_request, response) => {
      const cut = gzipped.subarray(0, 10);
      response.writeHead(200, {'content-type': 'text/html', 'content-encoding': 'gzip', 'content-length': String(cut.length)});
      response.end(cut);
    },
    // Garbage declared as gzip, and a brotli stream cut short.
    '/not-gzip': (_request, response) => {
      response.writeHead(200, {'content-type': 'text/html', 'content-encoding': 'gzip'}).end(Buffer.from('this is not gzip at all'));
    },
    '/truncated-brotli': (_request, response) => {
      const brotli = brotliCompressSync(page);
      response.writeHead(200, {'content-type': 'text/html', 'content-encoding': 'br'}).end(brotli.subarray(0, Math.floor(brotli.length / 2)));
    },
    // Fewer bytes than Content-Length, then a clean close.
    '/short-body': (_request, response) => {
      response.writeHead(200, {'content-type': 'text/html', 'content-length': String(page.length)});
      response.write(page.slice(0, 5_000));
      setTimeout(() => response.socket?.end(), 20);
    },
  });
});
afterAll(() => target.close());

const config = normalizeConfig(loopbackConfig);

async function fetchFrom(path: string): Promise<Page> {
  const deadline = createDeadline(5_000);
  try {
    return await fetchPage(new URL(target.url(path)), {headers: {}, deadline}, config);
  } finally {
    deadline.dispose();
  }
}

async function outcome(path: string): Promise<string> {
  const started = Date.now();
  try {
    const fetched = await fetchFrom(path);
    return `page ${fetched.truncated ? 'truncated' : 'complete'}`;
  } catch (error) {
    expect(error).toBeInstanceOf(LinkpeekError);
    expect(Date.now() - started).toBeLessThan(3_000);
    return `${(error as LinkpeekError).code}: ${(error as LinkpeekError).message}`;
  }
}

describe('a target that breaks mid-answer', () => {
  const host = () => `127.0.0.1:${target.port}`;

  it.each([
    ['/reset-mid-body', 'closed the connection early'],
    ['/reset-mid-gzip', 'closed the connection early'],
    ['/short-body', 'closed the connection early'],
    ['/truncated-gzip', 'could not be decompressed'],
    ['/gzip-header-only', 'could not be decompressed'],
    ['/not-gzip', 'could not be decompressed'],
    ['/truncated-brotli', 'could not be decompressed'],
  ])('%s ends in EFETCH (%s), at once', async (path, words) => {
    expect(await outcome(path)).toBe(`EFETCH: The ${words.startsWith('closed') ? `target \`${host()}\` ${words}` : `response from \`${host()}\` ${words}`}.`);
  });

  it('leaves the transport usable: the next request on the same keep-alive agent works', async () => {
    for (const path of ['/reset-mid-body', '/truncated-gzip', '/reset-mid-gzip']) {
      await outcome(path);
      expect(await outcome('/ok')).toBe('page complete');
    }
  });

  it('is a 424 EFETCH from the endpoint (a target failure), never a 500', async () => {
    for (const path of ['/reset-mid-body', '/truncated-gzip', '/reset-mid-gzip', '/not-gzip']) {
      const answer = await handleQuery(new URLSearchParams({url: target.url(path), ping: 'false', prerender: 'false'}), loopbackConfig);
      expect({path, status: answer.status, code: JSON.parse(answer.body as string).code}).toEqual({path, status: 424, code: 'EFETCH'});
    }
  });
});
