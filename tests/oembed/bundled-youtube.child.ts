// Run by bundled-youtube.test.ts in a child process started with NODE_EXTRA_CA_CERTS (read only at
// startup) naming the fixture certificate. Serves a stand-in for https://www.youtube.com/oembed on
// 127.0.0.43:443, asks fetchIframe with the *bundled* registry, and prints what happened as JSON.
import {readFileSync} from 'node:fs';
import {createServer} from 'node:https';
import type {LookupFunction} from 'node:net';
import {createDeadline} from '../../src/deadline.js';
import {fetchIframe} from '../../src/oembed/fetch-iframe.js';
import {normalizeConfig} from '../../src/options.js';
import {parseHtml} from '../../src/parse/parse-html.js';

const address = '127.0.0.43';
const fixture = (name: string) => readFileSync(new URL(`../fixtures/oembed/${name}`, import.meta.url));

// Only www.youtube.com, and only to the stand-in: every other name fails, so nothing leaves loopback.
const lookup = ((hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
  queueMicrotask(() => {
    if (hostname.toLowerCase() !== 'www.youtube.com') done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND'}));
    else if (all) done(null, [{address, family: 4}]);
    else done(null, address, 4);
  });
}) as LookupFunction;

const asked: string[] = [];
const server = createServer({key: fixture('youtube-key.pem'), cert: fixture('youtube-cert.pem')}, (request, response) => {
  asked.push(`${request.method} ${request.headers.host} ${request.url}`);
  response.writeHead(200, {'content-type': 'application/json'}).end(
    JSON.stringify({
      type: 'video',
      version: '1.0',
      title: 'Stand-in video',
      author_name: 'Stand-in author',
      provider_name: 'YouTube',
      thumbnail_url: 'https://i.ytimg.com/vi/abc/hqdefault.jpg',
      html: '<iframe width="200" height="113" src="https://www.youtube.com/embed/abc?feature=oembed"></iframe>',
    }),
  );
});
await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(443, address, resolve);
});

const config = normalizeConfig({dnsLookup: lookup, allowAddress: (candidate) => candidate === address});
const deadline = createDeadline(10_000);
try {
  const result = await fetchIframe('https://youtu.be/abc', parseHtml('<title>no link</title>'), {headers: {}, deadline, maxWidth: 200}, config);
  process.stdout.write(JSON.stringify({result, asked}));
} finally {
  deadline.dispose();
  server.closeAllConnections();
  server.close();
}
