// A request line or headers too large for node:http (a `url` of about 16 KB) get the documented
// JSON envelope from `linkpeek serve`'s server, not node's empty 431 (issue 25).
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {connect} from 'node:net';
import {startEndpoint, type Endpoint} from '../../src/endpoint/serve.js';
import {loopbackConfig} from '../helpers/policy.js';

let endpoint: Endpoint;

beforeAll(async () => {
  endpoint = await startEndpoint({port: 0, config: {...loopbackConfig, cache: false, playground: false}});
});
afterAll(() => endpoint.close());

/** Sends raw bytes, piece by piece, and returns the whole answer (the server closes the connection). */
function raw(...pieces: string[]): Promise<string> {
  const {port} = new URL(endpoint.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    const send = (rest: string[]) => {
      const [piece, ...more] = rest;
      if (piece === undefined || socket.destroyed) return;
      socket.write(piece);
      setTimeout(() => send(more), 30);
    };
    send(pieces);
  });
}

describe('oversized requests', () => {
  it('a URL over 16 KB is 414 with the EINVALURL envelope', async () => {
    const url = `https://example.com/?q=${'a'.repeat(20_000)}`;
    const response = await fetch(`${endpoint.url}?url=${encodeURIComponent(url)}`);
    expect(response.status).toBe(414);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({
      status: 'fail',
      code: 'EINVALURL',
      message: expect.stringContaining('shorter `url`'),
      more: 'https://github.com/linkpeek/linkpeek/blob/main/docs/endpoint.md#einvalurl',
      data: {url: 'is too long: the request line must stay under 16 KB'},
    });
  });

  it('the same when the request line arrives in pieces', async () => {
    const answer = await raw('GET /?url=', ...Array.from({length: 5}, () => 'b'.repeat(4_000)), ' HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 414 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({code: 'EINVALURL'});
  });

  it('headers over 16 KB are 431 with the envelope', async () => {
    const response = await fetch(`${endpoint.url}?url=https%3A%2F%2Fexample.com%2F`, {headers: {'x-big': 'c'.repeat(20_000)}});
    expect(response.status).toBe(431);
    expect(await response.json()).toMatchObject({status: 'fail', code: 'EINVALURL', data: {url: 'was sent with headers over 16 KB'}});
  });

  it('other malformed requests keep node\'s bare 400', async () => {
    expect(await raw('NOT HTTP AT ALL\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  });

  it('a request under the limit still reaches the handler', async () => {
    const response = await fetch(`${endpoint.url}?url=${encodeURIComponent(`http://127.0.0.1:1/?q=${'a'.repeat(10_000)}`)}&ping=false&timeout=2000`);
    expect(response.status).toBe(424);
    expect(await response.json()).toMatchObject({code: 'EFETCH'});
  });
});
