// Run with sharp refused (BLOCK_PACKAGES=sharp, tests/helpers/trace-packages.mjs): asks the fetch
// handler for a page's palette and prints the status and the error body it answers with.
import {createFetchHandler} from '../../src/endpoint/fetch-handler.js';
import {loopbackConfig} from './policy.js';
import {html, startServer} from './server.js';

const site = await startServer({
  '/page': html('<title>Harbour</title><meta property="og:image" content="/photo.png">'),
  '/photo.png': (_request, response) => void response.writeHead(200, {'content-type': 'image/png'}).end(Buffer.from('89504e470d0a1a0a', 'hex')),
});
try {
  const handler = createFetchHandler(loopbackConfig);
  const response = await handler(new Request(`http://localhost/?url=${encodeURIComponent(site.url('/page'))}&palette=true`));
  process.stdout.write(`${JSON.stringify({status: response.status, body: await response.json()})}\n`);
} finally {
  await site.close();
}
