// A redirect to a refused address is the target's doing (issue 25): EFORBIDDENURL is kept, the
// answer is a target failure (424, `fail`), and the error names the URL asked for and the hop.
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createExtractor} from '../../src/extract.js';
import {handleQuery} from '../../src/endpoint/handler.js';
import {toErrorBody} from '../../src/errors.js';
import {failure} from '../helpers/failure.js';
import {loopbackConfig} from '../helpers/policy.js';
import {html, redirect, startServer, type TestServer} from '../helpers/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({
    '/page': html('<title>fine</title>'),
    '/to-10': redirect('http://10.0.0.1/admin'),
    '/to-private-name': redirect('http://private.test/'),
    '/hop': redirect('/to-10', 301),
    '/with-credentials': redirect('http://user:secret@10.0.0.1/'),
  });
});
afterAll(() => server.close());

const extract = createExtractor(loopbackConfig);

describe('a redirect to a refused address', () => {
  it.each([
    ['/to-10', 'http://10.0.0.1/admin'],
    ['/to-private-name', 'http://private.test/'],
    ['/hop', 'http://10.0.0.1/admin'],
    ['/with-credentials', 'http://10.0.0.1/'],
  ])('from %s is EFORBIDDENURL answered as the target failing (424), naming the URL asked for and the hop %s', async (path, hop) => {
    const before = server.hits.length;
    const error = await failure(extract(server.url(path), {ping: false}));
    expect({code: error.code, status: error.status, fault: error.fault, url: error.url}).toEqual({
      code: 'EFORBIDDENURL',
      status: 424,
      fault: 'target',
      url: server.url(path),
    });
    expect(error.data).toEqual({url: 'redirected to a private or reserved address', redirect: hop});
    expect(error.message).toContain(hop);
    expect(error.message).not.toContain('secret');
    expect(toErrorBody(error)).toMatchObject({status: 'fail', code: 'EFORBIDDENURL', url: server.url(path), data: {redirect: hop}});
    // Nothing beyond the redirecting server was asked.
    expect(server.hits.slice(before).every((hit) => hit.startsWith('GET /'))).toBe(true);
  });

  it('leaves a refused URL asked for directly the caller\'s (400)', async () => {
    const error = await failure(createExtractor()(server.url('/page'), {ping: false}));
    expect({code: error.code, status: error.status, fault: error.fault}).toEqual({code: 'EFORBIDDENURL', status: 400, fault: 'caller'});
    expect(error.data).toEqual({url: 'must not point to a private or reserved address'});
  });

  it('is answered 424 by the endpoint, with the URL asked for and the hop', async () => {
    const answer = await handleQuery(new URLSearchParams({url: server.url('/hop'), ping: 'false'}), {...loopbackConfig, cache: false});
    expect(answer.status).toBe(424);
    expect(JSON.parse(String(answer.body))).toMatchObject({
      status: 'fail',
      code: 'EFORBIDDENURL',
      url: server.url('/hop'),
      data: {url: 'redirected to a private or reserved address', redirect: 'http://10.0.0.1/admin'},
    });
  });
});
