// Peak memory of fetchPage on huge bodies with the default 5 MiB cap.
// Usage: node --expose-gc --import tsx bench/memory-fetch.ts
// Each scenario runs in its own child process so `maxRSS` is that scenario's own peak.
import {execFileSync} from 'node:child_process';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {fileURLToPath} from 'node:url';
import {isLoopbackAddress} from '../src/url/address.js';
import {createDeadline} from '../src/deadline.js';
import {fetchPage} from '../src/fetch/fetch-page.js';
import {normalizeConfig} from '../src/options.js';
import {gzipBomb, streamFiller} from '../tests/helpers/bodies.js';

const mebibyte = 1024 * 1024;
const scenarios: Record<string, {bytes: number; gzip: boolean}> = {
  'page 10 KB (baseline)': {bytes: 10 * 1024, gzip: false},
  'page 50 MB': {bytes: 50 * 1000 * 1000, gzip: false},
  'page 200 MB': {bytes: 200 * 1000 * 1000, gzip: false},
  'gzip bomb 1 GiB': {bytes: 1024 * mebibyte, gzip: true},
  'gzip bomb 4 GiB': {bytes: 4096 * mebibyte, gzip: true},
};

async function runScenario(name: string): Promise<void> {
  const scenario = scenarios[name];
  if (!scenario) throw new Error(`unknown scenario ${name}`);
  const bomb = scenario.gzip ? gzipBomb(scenario.bytes) : undefined;
  const server = createServer((_request, response) => {
    response.writeHead(200, {'content-type': 'text/html', ...(bomb && {'content-encoding': 'gzip'})});
    if (bomb) response.end(bomb);
    else streamFiller(response, scenario.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  const config = normalizeConfig({allowAddress: isLoopbackAddress});
  globalThis.gc?.();
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakArrayBuffers = before.arrayBuffers;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakArrayBuffers = Math.max(peakArrayBuffers, now.arrayBuffers);
  }, 2);
  const deadline = createDeadline(60_000);
  const started = performance.now();
  const page = await fetchPage(new URL(`http://127.0.0.1:${port}/`), {headers: {}, deadline}, config);
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  const after = process.memoryUsage();
  peakHeap = Math.max(peakHeap, after.heapUsed);
  peakArrayBuffers = Math.max(peakArrayBuffers, after.arrayBuffers);
  deadline.dispose();
  server.closeAllConnections();
  server.close();
  const mb = (value: number) => `${(value / mebibyte).toFixed(1)} MiB`;
  process.stdout.write(
    `${JSON.stringify({
      scenario: name,
      read: mb(Buffer.byteLength(page.html, 'latin1')),
      truncated: page.truncated,
      ms: Math.round(elapsed),
      heapBefore: mb(before.heapUsed),
      heapPeak: mb(peakHeap),
      arrayBuffersPeak: mb(peakArrayBuffers),
      rssAfter: mb(after.rss),
      maxRSS: mb(process.resourceUsage().maxRSS * 1024),
    })}\n`,
  );
}

const requested = process.argv[2];
if (requested) {
  await runScenario(requested);
} else {
  const self = fileURLToPath(import.meta.url);
  for (const name of Object.keys(scenarios)) {
    const output = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, name], {encoding: 'utf8'});
    const result = JSON.parse(output) as Record<string, unknown>;
    process.stdout.write(
      `${String(result.scenario).padEnd(22)} read ${result.read} truncated=${result.truncated} in ${result.ms} ms; ` +
        `heap ${result.heapBefore} -> peak ${result.heapPeak}, arrayBuffers peak ${result.arrayBuffersPeak}, ` +
        `maxRSS ${result.maxRSS}\n`,
    );
  }
}
