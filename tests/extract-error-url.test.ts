// Every error extract() throws names the URL asked for (issue 25), as the endpoint's body does.
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createExtractor} from '../src/extract.js';
import {failure} from './helpers/failure.js';
import {loopbackConfig} from './helpers/policy.js';
import {startServer, type TestServer} from './helpers/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({
    // Headers, then nothing: the body never ends.
    '/stall': (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).write('<!doctype html>'),
    '/silent': () => undefined,
  });
});
afterAll(() => server.close());

const extract = createExtractor(loopbackConfig);

describe('extract() errors carry url', () => {
  it.each(['/stall', '/silent'])('ETIMEOUT on %s names the URL asked for, without credentials', async (path) => {
    const asked = server.url(path).replace('http://', 'http://user:secret@');
    const error = await failure(extract(asked, {ping: false, timeout: 300}));
    expect(error.code).toBe('ETIMEOUT');
    expect(error.url).toBe(server.url(path));
  });

  it('an option error names it too', async () => {
    const error = await failure(extract(server.url('/stall'), {pingg: true} as never));
    expect(error.code).toBe('EINVALOPTION');
    expect(error.url).toBe(server.url('/stall'));
  });

  it('an input that is not an http(s) URL is not echoed', async () => {
    const error = await failure(extract('alice:pw@example.com'));
    expect(error.code).toBe('EINVALURL');
    expect(error.url).toBeUndefined();
  });
});
