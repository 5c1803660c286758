/**
 * Several instances on one Redis (issue 14), all on 127.0.0.1 with a real `redis-server` started
 * for the run (Debian's package; the part is skipped when it is missing):
 * - cached requests/s: one instance with the in-memory cache, then two instances sharing one Redis
 *   (autocannon on each at once, 10 connections apiece), the same cached URL;
 * - cross-instance coalescing: N cold identical requests spread over the two instances, against a
 *   target that answers in 200 ms: how many times the target was fetched (1 is the goal).
 * Handlers run in this one Node process, so the figures show the cost of the Redis round trip,
 * not how N processes on N cores scale. Standalone: `npx tsx bench/scale-out.ts`.
 */
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {pathToFileURL} from 'node:url';
import autocannon from 'autocannon';
import {createHandler, handleQuery, type HandlerConfig} from '../src/endpoint/handler.js';
import {createRedisCache} from '../src/endpoint/redis-cache.js';
import {loopbackConfig} from '../tests/helpers/policy.js';
import {hasRedis, startRedis} from '../tests/helpers/redis-server.js';
import {startServer} from '../tests/helpers/server.js';
import type {BenchMode, Row} from './stats.js';

const page = '<!doctype html><html lang="en"><head><title>Scale-out page</title><meta name="description" content="One Redis, two instances."></head><body><p>Body.</p></body></html>';

async function serve(config: HandlerConfig): Promise<{server: Server; origin: string}> {
  const server = createServer(createHandler(config));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`};
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

async function hammer(origin: string, path: string, duration: number) {
  const result = await autocannon({url: `${origin}${path}`, connections: 10, duration});
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(`scale-out bench saw ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
  }
  return {rps: result.requests.average, p99: result.latency.p99};
}

/** Cached requests/s of one in-memory instance vs two on one Redis, and the cross-instance coalescing count. */
export async function benchScaleOut(mode: BenchMode = {quick: false}): Promise<{rows: Row[]}> {
  if (!hasRedis) return {rows: [{area: 'scale-out', measure: 'skipped', value: 'skipped: no redis-server (apt-get install -y redis-server)'}]};
  const duration = mode.quick ? 2 : 5;
  const coldRequests = 20;
  let fetches = 0;
  const target = await startServer({
    '/page': (_request, response) => {
      fetches++;
      setTimeout(() => void response.writeHead(200, {'content-type': 'text/html'}).end(page), 200);
    },
  });
  const redis = await startRedis();
  const caches = [createRedisCache(redis.url, {namespace: 'bench'}), createRedisCache(redis.url, {namespace: 'bench'})];
  const path = `/?url=${encodeURIComponent(target.url('/page'))}&ping=false`;
  try {
    // One instance, in-memory cache: warm it, then measure.
    const single = await serve({...loopbackConfig});
    await fetch(`${single.origin}${path}`);
    const one = await hammer(single.origin, path, duration);
    await stop(single.server);

    // Two instances on one Redis: warm through A, measure both at once.
    const [a, b] = await Promise.all(caches.map((cache) => serve({...loopbackConfig, cache})));
    if (!a || !b) throw new Error('instances did not start');
    await fetch(`${a.origin}${path}`);
    const [onA, onB] = await Promise.all([hammer(a.origin, path, duration), hammer(b.origin, path, duration)]);
    await Promise.all([stop(a.server), stop(b.server)]);

    // Cold coalescing across instances: a URL no instance has seen, N requests split over A and B.
    fetches = 0;
    const cold = new URLSearchParams({url: target.url('/page?cold=1'), ping: 'false'});
    const answers = await Promise.all(
      Array.from({length: coldRequests}, (_unused, index) => handleQuery(cold, {...loopbackConfig, cache: caches[index % 2]})),
    );
    const ok = answers.filter((answer) => answer.status === 200).length;

    const rows: Row[] = [
      {area: 'scale-out', measure: '1 instance, in-memory cache: cached requests/s, 10 connections (p99)', value: `${Math.round(one.rps)} (${one.p99} ms)`},
      {
        area: 'scale-out',
        measure: '2 instances on one Redis: cached requests/s, A + B, 10 connections each (p99)',
        value: `${Math.round(onA.rps + onB.rps)} (${Math.max(onA.p99, onB.p99)} ms)`,
        ratio: `${((onA.rps + onB.rps) / one.rps).toFixed(2)}× one instance`,
      },
      {
        area: 'scale-out',
        measure: `cross-instance coalescing: ${coldRequests} cold identical requests over 2 instances (${ok} answered 200)`,
        value: `${fetches} target fetch${fetches === 1 ? '' : 'es'}`,
        target: '1',
      },
    ];
    return {rows};
  } finally {
    await Promise.all(caches.map((cache) => cache.close()));
    await redis.close();
    await target.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const {rows} = await benchScaleOut({quick: process.argv.includes('--quick')});
  process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
}
