// Walls: a consent page got past with a request profile, an edge block got past through a proxy,
// and the errors a UI gets for the walls nothing gets past (a paywall, a rate limit). Offline: the
// sites are made up and served on loopback by examples/walls-sites.ts, with a tiny forward proxy.
// Run: npx tsx examples/walls.ts   (docs/walls.md explains each part)
//
// In your app: import {createExtractor, isLinkpeekError} from 'linkpeek';
import {createExtractor, isLinkpeekError} from '../src/index.js';
import {startWallSites} from './walls-sites.js';

const sites = await startWallSites();
try {
  const extract = createExtractor({
    // LOCAL DEMO ONLY: the made-up names resolve to 127.0.0.1, which linkpeek refuses by default
    // (SSRF protection). Production code sets neither.
    dnsLookup: sites.dnsLookup,
    allowAddress: (address) => address === '127.0.0.1',
    // Quayside News shows a consent page until its consent cookie is set: send it on a retry.
    requestProfiles: {
      quayside: {hosts: ['news.quayside.example'], cookies: {consent: 'all'}, use: 'retry', why: 'its consent page'},
    },
    // The shop blocks this server's address: ask again through the proxy, only after a wall.
    proxy: {url: sites.proxyUrl, hosts: ['shop.quayside.example'], use: 'last'},
  });

  const urls = [
    sites.url('news.quayside.example', '/harbour-lights'),
    sites.url('shop.quayside.example', '/kettle'),
    sites.url('news.quayside.example', '/premium/budget'),
    sites.url('api.quayside.example', '/feed'),
  ];
  const report: unknown[] = [];
  for (const url of urls) {
    try {
      const {data, recovery} = await extract(url);
      // recovery: which wall stood in the way, and which rung got past it.
      report.push({url, title: data.title, recovery});
    } catch (error) {
      if (isLinkpeekError(error) && error.code === 'EWALL') {
        // What a UI can still show: the site's name and icon, and the kind of wall.
        report.push({url, code: error.code, message: error.message, data: error.data});
      } else if (isLinkpeekError(error) && error.code === 'ERATELIMIT') {
        // Retry after error.retryAfter seconds (the endpoint also sends it as Retry-After).
        report.push({url, code: error.code, retryAfter: error.retryAfter, data: error.data});
      } else {
        throw error;
      }
    }
  }
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} finally {
  await sites.close();
}
