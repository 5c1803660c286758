// insights on a link to a file (issue 37 follow-up): an image or a PDF is no page, yet the request
// is answered: technologies from the response's headers and cookies (the server and framework that
// sent the file), lighthouse null (Lighthouse audits pages). Real files on 127.0.0.1, real rules in
// their worker thread; nothing is fetched twice and no browser starts.
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import {createHandler} from '../../src/endpoint/handler.js';
import {createExtractor} from '../../src/extract.js';
import {technologiesPool} from '../../src/insights/technologies-pool.js';
import {makePdf, sample, serve} from '../helpers/files.js';
import {loopbackConfig} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';

jest.setTimeout(120_000);

const sentBy = {server: 'nginx/1.25.3', 'x-powered-by': 'Express'};
let target: TestServer;
const extract = createExtractor(loopbackConfig);

beforeAll(async () => {
  target = await startServer({
    '/photo.png': serve(sample('png'), 'image/png', {headers: sentBy}),
    '/report.pdf': serve(await makePdf({title: 'Harbour report'}), 'application/pdf', {headers: sentBy}),
    '/bare.png': serve(sample('png'), 'image/png'),
  });
});
afterAll(async () => {
  await target.close();
  await technologiesPool().close();
});

const page = (path: string) => `http://site.test:${target.port}${path}`;
const names = (insights: {technologies?: {name: string}[]} | undefined) => insights?.technologies?.map((technology) => technology.name).sort();

describe('insights on a file link', () => {
  it('reads an image response\'s technologies from its headers, answers lighthouse null, and fetches the file once', async () => {
    const before = target.hits.length;
    // The rules load within this first call's time: seconds on a busy machine.
    const {data, file} = await extract(page('/photo.png'), {ping: false, timeout: 60_000, insights: {technologies: true, lighthouse: true}});
    expect(file?.kind).toBe('image');
    expect(names(data.insights)).toEqual(['Express', 'Nginx', 'Node.js']);
    expect(data.insights?.technologies?.find((technology) => technology.name === 'Nginx')?.version).toBe('1.25.3');
    expect(data.insights?.lighthouse).toBeNull();
    expect(target.hits.slice(before)).toEqual(['GET /photo.png']);
  });

  it('does the same for a PDF, and gives a file whose headers name nothing an empty list', async () => {
    const {data} = await extract(page('/report.pdf'), {ping: false, timeout: 60_000, insights: true});
    expect(data.title).toBe('Harbour report');
    expect(names(data.insights)).toEqual(['Express', 'Nginx', 'Node.js']);
    expect(data.insights).not.toHaveProperty('lighthouse');
    const bare = await extract(page('/bare.png'), {ping: false, timeout: 60_000, insights: true});
    expect(bare.data.insights).toEqual({technologies: []});
  });

  it('answers through the endpoint with 200 and the same insights', async () => {
    const server: Server = createServer(createHandler({...loopbackConfig, cache: false}));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const response = await fetch(`${endpoint}?url=${encodeURIComponent(page('/photo.png?endpoint'))}&ping=false&insights.technologies=true&insights.lighthouse=true`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as {data: {insights: {technologies: {name: string}[]; lighthouse: unknown}}};
      expect(names(body.data.insights)).toEqual(['Express', 'Nginx', 'Node.js']);
      expect(body.data.insights.lighthouse).toBeNull();
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
