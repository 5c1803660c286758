// A public-looking target that redirects to a NAME resolving to a private address (issue 25 point 2):
// the address policy refuses the hop's address before any connection is made, and the answer is
// the target failing (EFORBIDDENURL kept, 424, `fail`), naming the URL asked for and the refused hop,
// through extract() and the endpoint alike.
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {handleQuery} from '../../src/endpoint/handler.js';
import {createExtractor} from '../../src/extract.js';
import {isLoopbackAddress} from '../../src/url/address.js';
import {failure} from '../helpers/failure.js';
import {testLookup} from '../helpers/policy.js';
import {redirect, startServer, type TestServer} from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  // `private.test` is 10.0.0.1 in the tests' lookup.
  server = await startServer({'/moved': redirect('http://private.test:8080/admin?x=1')});
});
afterAll(() => server.close());

/** The loopback policy, recording every address it was asked about. */
function recordingPolicy() {
  const asked: string[] = [];
  const allowAddress = (address: string, family: 4 | 6) => {
    asked.push(address);
    return isLoopbackAddress(address, family);
  };
  return {asked, config: {allowAddress, dnsLookup: testLookup}};
}

describe('a redirect to a name that resolves to a private address', () => {
  it('extract(): EFORBIDDENURL as the target failing, with the URL asked for and the hop; 10.0.0.1 refused, never connected to', async () => {
    const {asked, config} = recordingPolicy();
    const error = await failure(createExtractor(config)(server.url('/moved'), {ping: false, timeout: 5000}));
    expect({code: error.code, status: error.status, fault: error.fault, url: error.url}).toEqual({
      code: 'EFORBIDDENURL',
      status: 424,
      fault: 'target',
      url: server.url('/moved'),
    });
    expect(error.data).toEqual({url: 'redirected to a private or reserved address', redirect: 'http://private.test:8080/admin?x=1'});
    // The policy was asked about the hop's address and said no: a connection attempt to 10.0.0.1
    // would have ended otherwise (EFETCH or ETIMEOUT), not in this refusal.
    expect(asked).toContain('10.0.0.1');
    expect(asked.filter((address) => !isLoopbackAddress(address, address.includes(':') ? 6 : 4))).toEqual(['10.0.0.1']);
  });

  it('the endpoint: 424 with status fail, url and data.redirect', async () => {
    const {config} = recordingPolicy();
    const answer = await handleQuery(new URLSearchParams({url: server.url('/moved'), ping: 'false'}), {...config, cache: false});
    expect(answer.status).toBe(424);
    expect(JSON.parse(String(answer.body))).toMatchObject({
      status: 'fail',
      code: 'EFORBIDDENURL',
      url: server.url('/moved'),
      data: {url: 'redirected to a private or reserved address', redirect: 'http://private.test:8080/admin?x=1'},
    });
  });
});
