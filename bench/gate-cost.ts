/**
 * What one request's turn at the Redis host gate costs (issue 36): Redis commands and round trips,
 * CPU in the client and in redis-server, per request, on a real `redis-server` (skipped without
 * one). No HTTP: `gate.request(url)` then its release with a 200 answer, as the transport does.
 *
 * - `free`: one request at a time, 40 domains in turns, limits that never bind (the floor of a turn);
 * - `busy`: 3 gates (3 connections, as 3 worker processes would be) each with 8 requests at once
 *   on 4 domains, `--per-host 2`, each holding its slot 30 ms: most requests wait for a slot another
 *   gate holds (the polling, or the wake-up, shows here), at a rate that never binds.
 *
 * Standalone: `npx tsx bench/gate-cost.ts [--quick]`.
 */
import {pathToFileURL} from 'node:url';
import {Redis} from 'ioredis';
import {redisHostGate, type HostGate} from '../src/batch/host-gate.js';
import {hasRedis, startRedis} from '../tests/helpers/redis-server.js';
import {fixed, type BenchMode, type Row} from './stats.js';

const ok = {statusCode: 200, headers: {}};

async function redisFigures(client: Redis): Promise<{cpuMs: number; calls: number}> {
  const [cpu, stats] = await Promise.all([client.info('cpu'), client.info('commandstats')]);
  const field = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(cpu)?.[1] ?? 0);
  // Every command but the INFO asked here.
  const calls = [...stats.matchAll(/cmdstat_(\w+):calls=(\d+)/g)].filter(([, name]) => name !== 'info').reduce((sum, [, , n]) => sum + Number(n), 0);
  return {cpuMs: (field('used_cpu_user') + field('used_cpu_sys')) * 1000, calls};
}

interface Cost {
  requests: number;
  wallMs: number;
  clientCpuMs: number;
  redisCpuMs: number;
  calls: number;
  /** Commands the gates' connections sent (a script is one, MULTI … EXEC several in one round trip). */
  sent: number;
}

/** Counts the commands a connection sends. */
function counted(connection: Redis): {sent: number} {
  const counter = {sent: 0};
  const send = connection.sendCommand.bind(connection);
  connection.sendCommand = ((...args: Parameters<Redis['sendCommand']>) => {
    counter.sent++;
    return send(...args);
  }) as Redis['sendCommand'];
  return counter;
}

async function measure(client: Redis, counters: {sent: number}[], run: () => Promise<number>): Promise<Cost> {
  const sentBefore = counters.reduce((sum, counter) => sum + counter.sent, 0);
  const before = await redisFigures(client);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const requests = await run();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const after = await redisFigures(client);
  const sent = counters.reduce((sum, counter) => sum + counter.sent, 0) - sentBefore;
  return {requests, wallMs, clientCpuMs: (used.user + used.system) / 1000, redisCpuMs: after.cpuMs - before.cpuMs, calls: after.calls - before.calls, sent};
}

const hold = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchGateCost(mode: BenchMode = {quick: false}): Promise<{rows: Row[]}> {
  const area = 'gate-cost';
  if (!hasRedis) return {rows: [{area, measure: 'skipped', value: 'skipped: no redis-server (apt-get install -y redis-server)'}]};
  const redis = await startRedis();
  const connections = Array.from({length: 3}, () => new Redis(redis.url, {maxRetriesPerRequest: null}));
  const counters = connections.map(counted);
  const client = new Redis(redis.url);
  const rows: Row[] = [];
  const gates: HostGate[] = [];
  try {
    const free = redisHostGate(connections[0]!, {perHost: 1000, perSecond: 1000, prefix: 'free'});
    const busy = connections.map((connection) => redisHostGate(connection, {perHost: 2, perSecond: 1000, prefix: 'busy'}));
    gates.push(free, ...busy);
    const signal = new AbortController().signal;
    // Warm: the optional packages loaded, the scripts known to Redis.
    (await free.request(new URL('http://warm.example/'), signal))(ok);
    (await busy[0]!.request(new URL('http://warm.example/'), signal))(ok);
    await hold(50);
    const turns = mode.quick ? 400 : 2000;
    const freeCost = await measure(client, counters, async () => {
      for (let i = 0; i < turns; i++) {
        const release = await free.request(new URL(`http://www.site-${i % 40}.com/p/${i}`), signal);
        release(ok);
      }
      await hold(20);
      return turns;
    });
    const perGate = mode.quick ? 40 : 160;
    const busyCost = await measure(client, counters, async () => {
      await Promise.all(
        busy.map((gate, g) =>
          Promise.all(
            Array.from({length: 8}, async (_, lane) => {
              for (let i = lane; i < perGate; i += 8) {
                const release = await gate.request(new URL(`http://www.busy-${(i + g) % 4}.com/p/${i}`), signal);
                await hold(30);
                release(ok);
              }
            }),
          ),
        ),
      );
      await hold(20);
      return perGate * busy.length;
    });
    for (const [name, cost, what] of [
      ['free', freeCost, `one at a time, 40 domains, limits never binding`],
      ['busy', busyCost, `3 gates × 8 at once on 4 domains, --per-host 2, slot held 30 ms`],
    ] as const) {
      rows.push({
        area,
        measure: `${name}: ${what} (${cost.requests} requests)`,
        value:
          `${fixed(cost.sent / cost.requests, 2)} commands sent/request, ${fixed(cost.calls / cost.requests, 2)} run by Redis (scripts' own calls counted) · CPU µs/request: client ${fixed((cost.clientCpuMs * 1000) / cost.requests, 0)}, redis ${fixed((cost.redisCpuMs * 1000) / cost.requests, 0)} · ` +
          `${fixed(cost.wallMs / cost.requests, 2)} ms wall/request`,
      });
    }
  } finally {
    await Promise.all(gates.map((gate) => gate.close()));
    for (const connection of connections) connection.disconnect();
    client.disconnect();
    await redis.close();
  }
  return {rows};
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const {markdownTable} = await import('./stats.js');
  const {rows} = await benchGateCost({quick: process.argv.includes('--quick')});
  process.stdout.write(`${markdownTable(rows)}\n`);
}
