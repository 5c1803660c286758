import {readFileSync} from 'node:fs';
import {createServer, type Server} from 'node:https';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createExtractor} from '../../src/extract.js';
import {failure} from '../helpers/failure.js';
import {loopbackConfig} from '../helpers/policy.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/tls/${name}`, import.meta.url));

let server: Server;
let origin: string;
let requests = 0;

beforeAll(async () => {
  server = createServer({key: fixture('key.pem'), cert: fixture('cert.pem')}, (_request, response) => {
    requests++;
    response.writeHead(200, {'content-type': 'text/html'}).end('<title>secret over TLS</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

describe('https targets', () => {
  it('refuses a certificate no CA vouches for with EFETCH, before any request is sent', async () => {
    const error = await failure(createExtractor(loopbackConfig)(`${origin}/`, {ping: false}));
    expect(error.code).toBe('EFETCH');
    expect(error.message).toMatch(/TLS connection to `127\.0\.0\.1:\d+` failed \(/);
    expect(requests).toBe(0);
  });

  it('refuses the https loopback target under the default policy without a handshake', async () => {
    let connections = 0;
    server.on('connection', () => connections++);
    const error = await failure(createExtractor()(`${origin}/`));
    expect(error.code).toBe('EFORBIDDENURL');
    expect(connections).toBe(0);
  });
});
