// Run with @ghostery/adblocker refused (BLOCK_PACKAGES=@ghostery/adblocker, tests/helpers/trace-packages.mjs):
// asks the endpoint for a screenshot of a page that loads an ad script, and prints the status, the
// Server-Timing header and whether the ad script was fetched.
import {createChromiumProvider} from '../../src/browser/chromium-provider.js';
import {handleQuery} from '../../src/endpoint/handler.js';
import {loopbackConfig} from './policy.js';
import {html, startServer} from './server.js';

const site = await startServer({
  '/page': html('<!doctype html><title>Harbour</title><script src="/adsbygoogle.js"></script><p>Quay</p>'),
  '/adsbygoogle.js': (_request, response) => void response.writeHead(200, {'content-type': 'text/javascript'}).end('window.ad = 1;'),
});
const provider = createChromiumProvider({concurrency: 1});
try {
  const answer = await handleQuery(new URLSearchParams({url: site.url('/page'), screenshot: 'true', ping: 'false'}), {...loopbackConfig, screenshotProvider: provider, cache: false, timeout: 20_000});
  const adFetched = site.hits.some((hit) => hit.startsWith('GET /adsbygoogle.js'));
  process.stdout.write(`${JSON.stringify({status: answer.status, timing: answer.headers['server-timing'], adFetched})}\n`);
} finally {
  await provider.close();
  await site.close();
}
