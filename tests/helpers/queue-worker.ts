// A queue worker as its own process, for the fault tests: `node --import tsx tests/helpers/queue-worker.ts
// <redis url> <batch name> <concurrency>`. Short locks (2 s, checked every second), so a killed
// worker's jobs go to another within seconds; the default Redis host gate, with room for a test site
// on one host and short leases. SIGTERM stops it gracefully.
//
// TEST HOOK: a job whose URL's host is `crash.test` kills this worker process (SIGKILL, as the
// kernel's OOM killer does) when its extraction looks the host up: a page that crashes the worker,
// for the quarantine test. Only this test helper has the hook; linkpeek itself has none.
import type {LookupFunction} from 'node:net';
import {runWorker} from '../../src/batch/run-worker.js';
import {loopbackConfig, testLookup} from './policy.js';

const crashingLookup = ((hostname: string, options: unknown, callback?: unknown) => {
  if (hostname.toLowerCase() === 'crash.test') {
    process.stderr.write(`queue-worker ${process.pid} crashes on ${hostname}\n`);
    process.kill(process.pid, 'SIGKILL');
  }
  return (testLookup as (...args: unknown[]) => void)(hostname, options, callback);
}) as LookupFunction;

const [queue = '', name = 'default', concurrency = '2'] = process.argv.slice(2);
const stop = new AbortController();
process.once('SIGTERM', () => stop.abort());
process.stderr.write(`queue-worker ${process.pid} started\n`);
const summary = await runWorker({
  queue,
  name,
  concurrency: Number(concurrency),
  config: {...loopbackConfig, dnsLookup: crashingLookup},
  options: {ping: false},
  lockDuration: 2_000,
  stalledInterval: 1_000,
  gateLimits: {perHost: 50, perSecond: 200, leaseMs: 3_000},
  signal: stop.signal,
  onError: (error) => process.stderr.write(`queue-worker redis: ${error.message}\n`),
});
process.stderr.write(`queue-worker ${process.pid} stopped ${JSON.stringify(summary)}\n`);
