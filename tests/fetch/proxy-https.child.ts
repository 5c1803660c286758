// Run by proxy.test.ts in a child process started with NODE_EXTRA_CA_CERTS (read only at startup)
// naming the fixture certificate (CN localhost). Serves https://localhost:<port>/ on 127.0.0.1,
// which answers the page only to the proxy's exit address, fetches it through a real forward proxy,
// and prints what happened as JSON.
import {readFileSync} from 'node:fs';
import {createServer} from 'node:https';
import type {AddressInfo, Socket} from 'node:net';
import {createDeadline} from '../../src/deadline.js';
import {fetchPage} from '../../src/fetch/fetch-page.js';
import {normalizeProxyConfig} from '../../src/fetch/proxy-options.js';
import {normalizeConfig} from '../../src/options.js';
import {proxiedFrom, startForwardProxy} from '../helpers/forward-proxy.js';
import {isLoopback, testLookup} from '../helpers/policy.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/tls/${name}`, import.meta.url));
const peers: string[] = [];
const server = createServer({key: fixture('key.pem'), cert: fixture('cert.pem')}, (request, response) => {
  const through = request.socket.remoteAddress === proxiedFrom;
  response.writeHead(through ? 200 : 403, {'content-type': 'text/html'}).end(through ? '<title>Behind the TLS wall</title>' : '<title>Access Denied</title>');
});
server.on('connection', (socket: Socket) => peers.push(socket.remoteAddress ?? ''));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const {port} = server.address() as AddressInfo;
const proxy = await startForwardProxy({names: {localhost: '127.0.0.1'}});
try {
  const config = normalizeConfig({allowAddress: isLoopback, dnsLookup: testLookup});
  const via = normalizeProxyConfig({proxy: proxy.url}).proxy;
  const page = await fetchPage(new URL(`https://localhost:${port}/`), {headers: {}, deadline: createDeadline(5_000), proxy: via}, config);
  const proxied = proxy.requests.map(({hostname, isHttp}) => ({hostname, isHttp}));
  process.stdout.write(JSON.stringify({html: page.html, proxied, peers}));
} finally {
  await proxy.close();
  server.closeAllConnections();
  server.close();
}
