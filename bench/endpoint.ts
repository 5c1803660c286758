/**
 * The HTTP endpoint under load (autocannon, 10 connections, 5 s per run; 2 s with --quick), all on
 * 127.0.0.1 (the documented loopback opt-in, names resolved by the tests' lookup, ping off so no
 * request can leave the machine):
 * - cached: the same URL again and again with the default in-memory cache (X-Cache-Status: HIT);
 * - uncached: a unique target URL per request with the cache off, so every request is a full
 *   fetch + parse + rules + resolve of a 38 KB news article served by a local server.
 * Standalone: `npx tsx bench/endpoint.ts`.
 */
import {readFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {pathToFileURL} from 'node:url';
import autocannon from 'autocannon';
import {createHandler, type HandlerConfig} from '../src/endpoint/handler.js';
import {loopbackConfig} from '../tests/helpers/policy.js';
import {html, startServer} from '../tests/helpers/server.js';
import type {BenchMode, Row} from './stats.js';

const article = readFileSync(new URL('./corpus/news-article.html', import.meta.url), 'utf8');

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function load(config: HandlerConfig, path: (index: number) => string, duration: number) {
  const server = createServer(createHandler(config));
  const origin = await listen(server);
  let index = 0;
  try {
    const result = await autocannon({
      url: origin,
      connections: 10,
      duration,
      requests: [{method: 'GET', setupRequest: (request) => ({...request, path: path(index++)})}],
    });
    if (result.errors || result.timeouts || result.non2xx) {
      throw new Error(`endpoint bench saw ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
    }
    return {rps: Math.round(result.requests.average), p99: result.latency.p99};
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Requests per second and p99 latency (ms) of the endpoint, cached and uncached. */
export async function benchEndpoint(
  mode: BenchMode = {quick: false},
): Promise<{cached: {rps: number; p99: number}; uncached: {rps: number; p99: number}; rows: Row[]}> {
  const duration = mode.quick ? 2 : 5;
  const target = await startServer({'/article': html(article)});
  try {
    const query = (url: string) => `/?url=${encodeURIComponent(url)}&ping=false`;
    const cached = await load({...loopbackConfig}, () => query(target.url('/article')), duration);
    const uncached = await load({...loopbackConfig, cache: false}, (index) => query(target.url(`/article?n=${index}`)), duration);
    const rows: Row[] = [
      {area: 'endpoint', measure: 'cached (HIT): requests/s', value: String(cached.rps)},
      {area: 'endpoint', measure: 'cached (HIT): p99 latency', value: `${cached.p99} ms`},
      {area: 'endpoint', measure: 'uncached (38 KB page, ping off): requests/s', value: String(uncached.rps)},
      {area: 'endpoint', measure: 'uncached: p99 latency', value: `${uncached.p99} ms`},
    ];
    return {cached, uncached, rows};
  } finally {
    await target.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const {cached, uncached} = await benchEndpoint({quick: process.argv.includes('--quick')});
  process.stdout.write(`${JSON.stringify({cached, uncached}, null, 2)}\n`);
}
