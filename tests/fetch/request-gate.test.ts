// The transport's `requestGate` hook (config): called before every hop a request makes, its turn
// ended once per hop with the hop's answer when its body is done, or with null when no answer came;
// a gate that refuses keeps the request from going out. Real HTTP server on loopback.
import {afterAll, beforeAll, expect, it} from '@jest/globals';
import {requestSafely} from '../../src/fetch/http-client.js';
import {readBody} from '../../src/fetch/read-body.js';
import {createDeadline} from '../../src/deadline.js';
import {normalizeConfig} from '../../src/options.js';
import {LinkpeekError} from '../../src/errors.js';
import type {RequestAnswer, RequestGate} from '../../src/fetch/options.js';
import {loopbackConfig} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    '/hop': (_request, response) => void response.writeHead(302, {location: '/next'}).end('moved'),
    '/next': (_request, response) => void response.writeHead(429, {'retry-after': '3', 'content-type': 'text/plain'}).end('slow down'),
  });
});
afterAll(() => server.close());

/** A gate that logs each turn: its URL when taken, and the status it was ended with. */
function loggingGate(refuse = false) {
  const log: string[] = [];
  const gate: RequestGate = async (url) => {
    log.push(`take ${url.pathname}`);
    if (refuse) throw new LinkpeekError('EABORTED', 'refused by the gate');
    return (answer: RequestAnswer | null) => log.push(`end ${url.pathname} ${answer ? answer.statusCode : 'none'}${answer?.headers['retry-after'] ? ` retry-after ${answer.headers['retry-after']}` : ''}`);
  };
  return {gate, log};
}

it('takes a turn per hop and ends it with the hop answer once its body is done', async () => {
  const {gate, log} = loggingGate();
  const config = normalizeConfig({...loopbackConfig, requestGate: gate});
  const response = await requestSafely(new URL(server.url('/hop')), {method: 'GET', headers: {}, deadline: createDeadline(5_000)}, config);
  expect(response.statusCode).toBe(429);
  // The redirect's turn ended as its body was dropped; the last one is held while its body is read.
  expect(log).toEqual(['take /hop', 'end /hop 302', 'take /next']);
  await readBody(response.body, 1024);
  await new Promise((resolve) => setImmediate(resolve));
  expect(log).toEqual(['take /hop', 'end /hop 302', 'take /next', 'end /next 429 retry-after 3']);
});

it('ends the turn with no answer when the connection fails, and sends nothing when the gate refuses', async () => {
  const failing = loggingGate();
  const config = normalizeConfig({...loopbackConfig, requestGate: failing.gate});
  // Nothing listens on port 9 of loopback: refused.
  await expect(requestSafely(new URL('http://127.0.0.1:9/down'), {method: 'GET', headers: {}, deadline: createDeadline(5_000)}, config)).rejects.toMatchObject({code: 'EFETCH'});
  expect(failing.log).toEqual(['take /down', 'end /down none']);

  const refusing = loggingGate(true);
  const before = server.hits.length;
  await expect(
    requestSafely(new URL(server.url('/next')), {method: 'GET', headers: {}, deadline: createDeadline(5_000)}, normalizeConfig({...loopbackConfig, requestGate: refusing.gate})),
  ).rejects.toMatchObject({code: 'EABORTED'});
  expect(server.hits.length).toBe(before);
});

it('refuses a requestGate that is not a function', () => {
  expect(() => normalizeConfig({requestGate: 'gate' as unknown as RequestGate})).toThrow(expect.objectContaining({code: 'EINVALOPTION'}));
});
