// The endpoint in a Fastify app, as a plugin registered under /preview. Run: npx tsx examples/fastify.ts
//
// In your app: import {linkpeek} from 'linkpeek/fastify';
import Fastify from 'fastify';
import {linkpeek} from '../src/endpoint/fastify-plugin.js';
import {startSampleSite} from './sample-site.js';

const site = await startSampleSite();
// linkpeek's errors worth logging (internal errors, a failing cache store) go to this logger.
const app = Fastify({logger: {level: 'warn'}});
await app.register(linkpeek, {
  prefix: '/preview',
  // LOCAL DEMO ONLY: lets the endpoint reach the sample page on 127.0.0.1. Never set in production.
  allowAddress: (address) => address === '127.0.0.1',
  cacheTtl: 10 * 60_000,
});
app.get('/', async () => 'Link previews live under /preview?url=...');

const base = await app.listen({port: Number(process.env.PORT ?? 3000), host: '127.0.0.1'});
process.stdout.write(`Endpoint: ${base}/preview\n`);
process.stdout.write(`Try: curl '${base}/preview?url=${encodeURIComponent(site.url)}'\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void Promise.all([app.close(), site.close()]));
}
