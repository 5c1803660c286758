import type {IncomingMessage} from 'node:http';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createExtractor} from '../../src/extract.js';
import {loopbackConfig} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';

// Adversarial regression tests: each one is an attack that once worked or that must keep failing.
// Every server listens on 127.0.0.1 only; names resolve through testLookup (site.test and cdn.test
// are both 127.0.0.1, so they are two origins on one server).

const secret = 'Bearer SECRET-TOKEN';

/** Who received the caller's credentials: `host path` of every request that carried them. */
function credentialLog(server: TestServer): string[] {
  const log: string[] = [];
  server.server.on('request', (request: IncomingMessage) => {
    if (request.headers.authorization === secret) log.push(`${request.headers.host?.split(':')[0]} ${request.url}`);
  });
  return log;
}

describe('caller credentials never follow the page to another origin', () => {
  let server: TestServer;
  let received: string[];
  const page = '<title>t</title><meta property="og:image" content="/image.png"><link rel="canonical" href="/canonical">';

  beforeAll(async () => {
    server = await startServer({
      '/page': (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end(page),
      '/canonical': (_request, response) => void response.writeHead(200, {'content-type': 'text/html'}).end('ok'),
      '/image.png': (_request, response) => void response.writeHead(200, {'content-type': 'image/png'}).end(Buffer.alloc(64)),
    });
    server.route('/leave', (_request, response) => void response.writeHead(302, {location: `http://cdn.test:${server.port}/page`}).end());
    server.route('/stay', (_request, response) => void response.writeHead(302, {location: '/page'}).end());
    received = credentialLog(server);
  });

  afterAll(async () => {
    await server.close();
  });

  it('does not send them to the pings of a page that redirected to another origin', async () => {
    received.length = 0;
    const extract = createExtractor(loopbackConfig);
    const result = await extract(`http://site.test:${server.port}/leave`, {headers: {authorization: secret}});
    // The pings did run (the image was verified), only without the credentials.
    expect(result.data.image?.url).toBe(`http://cdn.test:${server.port}/image.png`);
    expect(received).toEqual(['site.test /leave']);
  });

  it('still sends them to the pings of a page that stayed on its origin', async () => {
    received.length = 0;
    const extract = createExtractor(loopbackConfig);
    await extract(`http://site.test:${server.port}/stay`, {headers: {authorization: secret}});
    expect(new Set(received)).toEqual(new Set(['site.test /stay', 'site.test /page', 'site.test /canonical', 'site.test /image.png', 'site.test /favicon.ico']));
  });
});
