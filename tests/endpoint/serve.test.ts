import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import {LinkpeekError} from '../../src/errors.js';
import {startEndpoint} from '../../src/endpoint/serve.js';
import {runTs} from '../helpers/child.js';

jest.setTimeout(60_000);

let busy: Server;
let busyPort: number;

beforeAll(async () => {
  busy = createServer((_request, response) => response.end('taken'));
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

describe('startEndpoint when it cannot listen', () => {
  it('says the port is in use (EINVALOPTION, data.port), not a bare EADDRINUSE', async () => {
    const error = await startEndpoint({port: busyPort}).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(LinkpeekError);
    expect(error).toMatchObject({code: 'EINVALOPTION', data: {port: 'is already in use'}});
    expect((error as LinkpeekError).message).toContain(`Port ${busyPort} is already in use`);
    expect((error as LinkpeekError).cause).toMatchObject({code: 'EADDRINUSE'});
  });

  it('says the host is not an address of this machine (EINVALOPTION, data.host)', async () => {
    // 192.0.2.1 (TEST-NET-1) is never an address of this machine: bind fails locally, no packet is sent.
    await expect(startEndpoint({port: 0, host: '192.0.2.1'})).rejects.toMatchObject({
      code: 'EINVALOPTION',
      data: {host: 'is not an address of this machine'},
    });
  });
});

describe('linkpeek serve --port <busy>', () => {
  it('exits 2 with an EINVALOPTION that names --port and says it is in use', async () => {
    const {code, stdout, stderr} = await runTs('src/cli.ts', ['serve', '--port', String(busyPort)]);
    expect({code, stdout}).toEqual({code: 2, stdout: ''});
    const body = JSON.parse(stderr);
    expect(body).toMatchObject({status: 'fail', code: 'EINVALOPTION', data: {port: 'is already in use'}});
    expect(body.message).toBe(`Port ${busyPort} is already in use on 127.0.0.1: pick another \`--port\`.`);
  });
});
