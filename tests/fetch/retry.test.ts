// `retry` (issue 37 item 4): a target failure another try may fix is tried again, with backoff,
// inside the call's one deadline. Real servers on 127.0.0.1 answer 503s, reset connections, stall
// or answer 404/429, and count every request they get.
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createDeadline} from '../../src/deadline.js';
import {handleQuery} from '../../src/endpoint/handler.js';
import {LinkpeekError, isLinkpeekError} from '../../src/errors.js';
import {createExtractor} from '../../src/extract.js';
import {defaultRetry, isRetryableFailure, maxRetry, normalizeRetry, retryDelay, retryStatuses, withRetries} from '../../src/fetch/retry.js';
import {normalizeConfig, normalizeOptions} from '../../src/options.js';
import {loopbackConfig} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';

let target: TestServer;
/** Requests per path (without the query), and the failures each path still has to give. */
const failuresLeft = new Map<string, number>();
const extract = createExtractor(loopbackConfig);

const page = '<!doctype html><html><head><title>Harbour lights</title></head><body><p>The quay.</p></body></html>';

beforeAll(async () => {
  target = await startServer({
    // `/flaky/503?n=K`: answers 503 K times per query, then the page.
    '/flaky/503': (request, response) => {
      const key = request.url ?? '';
      const left = failuresLeft.get(key) ?? Number(new URL(key, 'http://x').searchParams.get('n'));
      failuresLeft.set(key, left - 1);
      if (left > 0) return void response.writeHead(503, {'content-type': 'text/html'}).end('<title>Service Unavailable</title>');
      response.writeHead(200, {'content-type': 'text/html'}).end(page);
    },
    // `/flaky/reset?n=K`: drops the connection before answering K times, then the page.
    '/flaky/reset': (request, response) => {
      const key = request.url ?? '';
      const left = failuresLeft.get(key) ?? Number(new URL(key, 'http://x').searchParams.get('n'));
      failuresLeft.set(key, left - 1);
      if (left > 0) return void request.socket.destroy();
      response.writeHead(200, {'content-type': 'text/html'}).end(page);
    },
    '/down': (_request, response) => void response.writeHead(500, {'content-type': 'text/html'}).end('<title>Internal Server Error</title>'),
    '/gateway': (_request, response) => void response.writeHead(504, {'content-type': 'text/plain'}).end('gateway timeout'),
    '/missing': (_request, response) => void response.writeHead(404, {'content-type': 'text/html'}).end('<title>Not Found</title>'),
    '/busy': (_request, response) => void response.writeHead(429, {'content-type': 'text/plain'}).end('slow down'),
    // Never answers: the call's deadline ends it, and a deadline is not retried.
    '/stall': () => {},
  });
});

afterAll(async () => {
  await target.close();
});

const hitsOf = (pathAndQuery: string) => target.hits.filter((hit) => hit === `GET ${pathAndQuery}`).length;

async function failure(promise: Promise<unknown>): Promise<LinkpeekError> {
  try {
    await promise;
  } catch (error) {
    if (isLinkpeekError(error)) return error;
    throw error;
  }
  throw new Error('did not fail');
}

describe('the retry option', () => {
  it('defaults to 2, as the hosted service, and takes integers from 0 to 5', () => {
    expect(defaultRetry).toBe(2);
    expect(normalizeOptions({}, normalizeConfig(loopbackConfig)).retry).toBe(2);
    for (const good of [0, 1, 5]) expect(normalizeRetry(good)).toBe(good);
    expect(maxRetry).toBe(5);
    for (const bad of [-1, 6, 1.5, '2', Number.NaN, null, true]) {
      expect(() => normalizeRetry(bad)).toThrow(expect.objectContaining({code: 'EINVALOPTION', data: {retry: 'must be an integer from 0 to 5'}}));
    }
  });

  it('backs off exponentially from 200 ms', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([200, 400, 800, 1600]);
  });

  it('counts timeouts, server errors and Cloudflare origin errors as retryable statuses, not 4xx nor 429', () => {
    for (const status of [408, 500, 502, 503, 504, 522, 524]) expect([status, retryStatuses.has(status)]).toEqual([status, true]);
    for (const status of [400, 401, 403, 404, 410, 429, 501, 505]) expect([status, retryStatuses.has(status)]).toEqual([status, false]);
  });

  it('judges thrown failures: reset, refused and a timeout of its own are retried; the deadline and 4xx are not', () => {
    const deadline = createDeadline(10_000);
    try {
      const fetchError = (message: string) => new LinkpeekError('EFETCH', message);
      expect(isRetryableFailure(fetchError('The target `a.test` closed the connection early.'), deadline)).toBe(true);
      expect(isRetryableFailure(fetchError('The target `a.test` refused the connection.'), deadline)).toBe(true);
      expect(isRetryableFailure(fetchError('The host `a.test` could not be resolved.'), deadline)).toBe(false);
      expect(isRetryableFailure(fetchError('The TLS connection to `a.test` failed (CERT_HAS_EXPIRED).'), deadline)).toBe(false);
      expect(isRetryableFailure(new LinkpeekError('ETIMEOUT', 'connect timed out'), deadline)).toBe(true);
      expect(isRetryableFailure(new LinkpeekError('EHTTP', 'x', {statusCode: 503}), deadline)).toBe(true);
      expect(isRetryableFailure(new LinkpeekError('EHTTP', 'x', {statusCode: 404}), deadline)).toBe(false);
      expect(isRetryableFailure(new LinkpeekError('EFORBIDDENURL', 'x'), deadline)).toBe(false);
      expect(isRetryableFailure(new Error('not ours'), deadline)).toBe(false);
    } finally {
      deadline.dispose();
    }
    const ended = createDeadline(0);
    return new Promise<void>((resolve) => {
      ended.signal.addEventListener('abort', () => {
        expect(isRetryableFailure(new LinkpeekError('ETIMEOUT', 'the call ran out'), ended)).toBe(false);
        resolve();
      });
    });
  });

  it('withRetries stops at once when the backoff would outlast the deadline', async () => {
    const deadline = createDeadline(150);
    let tries = 0;
    try {
      const outcome = await withRetries(5, deadline, async () => ++tries, () => true);
      // The first backoff (200 ms) does not fit in 150 ms: one try, its value stands.
      expect(outcome).toEqual({value: 1, tries: 1});
    } finally {
      deadline.dispose();
    }
  });
});

describe('extract() with retry', () => {
  it('gets the page after two 503 answers with the default retry (three requests)', async () => {
    const result = await extract(target.url('/flaky/503?n=2&a'), {ping: false});
    expect(result.data.title).toBe('Harbour lights');
    expect(result.statusCode).toBe(200);
    expect(hitsOf('/flaky/503?n=2&a')).toBe(3);
  });

  it('gets the page after a dropped connection', async () => {
    const result = await extract(target.url('/flaky/reset?n=1&a'), {ping: false});
    expect(result.data.title).toBe('Harbour lights');
    expect(hitsOf('/flaky/reset?n=1&a')).toBe(2);
  });

  it('ends in the last failure once the retries are spent: EHTTP 503 after 1 + retry requests', async () => {
    const error = await failure(extract(target.url('/flaky/503?n=9&b'), {ping: false, retry: 1}));
    expect(error).toMatchObject({code: 'EHTTP', statusCode: 503});
    expect(hitsOf('/flaky/503?n=9&b')).toBe(2);
    const reset = await failure(extract(target.url('/flaky/reset?n=9&b'), {ping: false, retry: 1}));
    expect(reset.code).toBe('EFETCH');
    expect(hitsOf('/flaky/reset?n=9&b')).toBe(2);
  });

  it('asks once with retry: 0', async () => {
    const error = await failure(extract(target.url('/flaky/503?n=1&c'), {ping: false, retry: 0}));
    expect(error).toMatchObject({code: 'EHTTP', statusCode: 503});
    expect(hitsOf('/flaky/503?n=1&c')).toBe(1);
  });

  it('retries a 500 and a 504 up to the default twice', async () => {
    expect(await failure(extract(target.url('/down'), {ping: false}))).toMatchObject({code: 'EHTTP', statusCode: 500});
    expect(hitsOf('/down')).toBe(3);
    expect(await failure(extract(target.url('/gateway'), {ping: false}))).toMatchObject({code: 'EHTTP', statusCode: 504});
    expect(hitsOf('/gateway')).toBe(3);
  });

  it('never retries a 404 or a 429', async () => {
    expect(await failure(extract(target.url('/missing'), {ping: false, retry: 5}))).toMatchObject({code: 'EHTTP', statusCode: 404});
    expect(hitsOf('/missing')).toBe(1);
    expect((await failure(extract(target.url('/busy'), {ping: false, retry: 5}))).code).toBe('ERATELIMIT');
    expect(hitsOf('/busy')).toBe(1);
  });

  it('never retries the deadline: a stalled target costs one request and one timeout', async () => {
    const error = await failure(extract(target.url('/stall'), {ping: false, timeout: 500, retry: 5}));
    expect(error.code).toBe('ETIMEOUT');
    expect(hitsOf('/stall')).toBe(1);
  });

  it('refuses a bad retry with EINVALOPTION before any request', async () => {
    const error = await failure(extract(target.url('/flaky/503?n=0&d'), {retry: 9}));
    expect(error).toMatchObject({code: 'EINVALOPTION', data: {retry: expect.any(String)}});
    expect(hitsOf('/flaky/503?n=0&d')).toBe(0);
  });
});

describe('the endpoint with retry', () => {
  const ask = async (query: Record<string, string>) => {
    const answer = await handleQuery(new URLSearchParams({ping: 'false', ...query}), {...loopbackConfig, cache: false});
    return {status: answer.status, body: JSON.parse(String(answer.body)) as {code?: string; data?: Record<string, unknown>}};
  };

  it('takes retry from the query: retry=0 asks once, the default three times', async () => {
    expect(await ask({url: target.url('/flaky/503?n=1&e'), retry: '0'})).toMatchObject({status: 424, body: {code: 'EHTTP'}});
    expect(hitsOf('/flaky/503?n=1&e')).toBe(1);
    expect(await ask({url: target.url('/flaky/503?n=2&e')})).toMatchObject({status: 200, body: {data: {title: 'Harbour lights'}}});
    expect(hitsOf('/flaky/503?n=2&e')).toBe(3);
  });

  it.each(['-1', '6', '1.5', 'often', ''])('answers retry=%j with 400 EINVALOPTION naming retry', async (retry) => {
    const {status, body} = await ask({url: target.url('/flaky/503?n=0&f'), retry});
    expect(status).toBe(400);
    expect(body).toMatchObject({code: 'EINVALOPTION', data: {retry: expect.any(String)}});
    expect(hitsOf('/flaky/503?n=0&f')).toBe(0);
  });
});
