// A queue worker as its own process for the request-gate tests: `GATED_WORKER='{...}' node --import
// tsx tests/helpers/gated-worker.ts`. It extracts with ping on (the default), robots.txt obeyed, the
// default Redis host gate with the given limits, and a DNS lookup mapping the simulated web's host
// names to their loopback addresses. SIGTERM stops it gracefully; its summary goes to stderr.
import {Redis} from 'ioredis';
import {runWorker} from '../../src/batch/run-worker.js';
import {redisRobotsStore, robotsCheck} from '../../src/batch/robots.js';
import {namesLookup} from './multi-site-web.js';
import {isLoopback} from './policy.js';

interface Job {
  queue: string;
  name: string;
  concurrency: number;
  names: Record<string, string>;
  perHost: number;
  perSecond: number;
  startMarginMs: number;
}

const job = JSON.parse(process.env.GATED_WORKER ?? '{}') as Job;
const policy = {allowAddress: isLoopback, dnsLookup: namesLookup(job.names)};
const robotsRedis = new Redis(job.queue, {maxRetriesPerRequest: null});
const stop = new AbortController();
process.once('SIGTERM', () => stop.abort());
process.stderr.write(`gated-worker ${process.pid} ready\n`);
const summary = await runWorker({
  queue: job.queue,
  name: job.name,
  concurrency: job.concurrency,
  config: policy,
  gateLimits: {perHost: job.perHost, perSecond: job.perSecond, startMarginMs: job.startMarginMs},
  robots: robotsCheck({...policy, store: redisRobotsStore(robotsRedis)}),
  signal: stop.signal,
  onError: (error) => process.stderr.write(`gated-worker redis: ${error.message}\n`),
});
robotsRedis.disconnect();
process.stderr.write(`gated-worker ${process.pid} stopped ${JSON.stringify(summary)}\n`);
