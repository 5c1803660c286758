// A Next.js App Router route handler: app/api/preview/route.ts answers GET /api/preview?url=...
// (Next answers HEAD from GET by itself). tests/examples.test.ts calls GET with a real Request,
// the way Next does; Next itself is not installed here.
//
// In your app: import {createFetchHandler} from 'linkpeek/endpoint';
import {createFetchHandler} from '../../../../../src/endpoint/index.js';

// linkpeek needs Node: its SSRF-safe transport uses node:net/dns, and screenshots a local Chromium.
export const runtime = 'nodejs';
// Every answer depends on the query string: never prerendered at build time.
export const dynamic = 'force-dynamic';

export const GET = createFetchHandler({
  basePath: '/api/preview',
  cacheTtl: 10 * 60_000,
  // LOCAL DEMO ONLY: lets the endpoint reach a page on 127.0.0.1. Never set in production.
  allowAddress: (address) => address === '127.0.0.1',
});
