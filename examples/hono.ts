// The endpoint in a Hono app on Node (@hono/node-server), mounted under /preview. Hono speaks
// Request/Response, so the Web handler is mounted as it is. Run: npx tsx examples/hono.ts
//
// In your app: import {createFetchHandler} from 'linkpeek/endpoint';
import {serve} from '@hono/node-server';
import {Hono} from 'hono';
import {createFetchHandler} from '../src/endpoint/index.js';
import {startSampleSite} from './sample-site.js';

const site = await startSampleSite();
const app = new Hono();
// app.mount strips /preview from the path: the handler answers at its root, assets under it.
app.mount(
  '/preview',
  createFetchHandler({
    // LOCAL DEMO ONLY: lets the endpoint reach the sample page on 127.0.0.1. Never set in production.
    allowAddress: (address) => address === '127.0.0.1',
    cacheTtl: 10 * 60_000,
  }),
);
app.get('/', (c) => c.text('Link previews live under /preview?url=...'));

const server = serve({fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname: '127.0.0.1'}, ({port}) => {
  process.stdout.write(`Endpoint: http://127.0.0.1:${port}/preview\n`);
  process.stdout.write(`Try: curl 'http://127.0.0.1:${port}/preview?url=${encodeURIComponent(site.url)}'\n`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    void site.close();
  });
}
