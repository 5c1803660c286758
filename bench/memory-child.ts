/**
 * One memory measurement in a fresh process (spawned by bench/memory.ts, so peaks never mix): runs
 * `extract(url, {ping: false})` once with the loopback opt-in and prints a JSON line with peak RSS
 * (`process.resourceUsage().maxRSS`), the sampled heap and Buffer peaks and what was extracted.
 * Usage: node --expose-gc --import tsx bench/memory-child.ts <url> [maxBodySize]
 */
import {performance} from 'node:perf_hooks';
import {createExtractor, defaultStages} from '../src/extract.js';
import {loopbackConfig} from '../tests/helpers/policy.js';

const [url, cap] = process.argv.slice(2);
if (!url) throw new Error('usage: memory-child.ts <url> [maxBodySize]');

let heapPeak = 0;
let buffersPeak = 0;
const sample = () => {
  const usage = process.memoryUsage();
  heapPeak = Math.max(heapPeak, usage.heapUsed);
  // Buffers (the body bytes) live outside the V8 heap.
  buffersPeak = Math.max(buffersPeak, usage.arrayBuffers);
};
// The interval catches the streaming read; the stage wrappers catch the synchronous parse stages,
// right after each returns (its input and output are both still alive then).
const timer = setInterval(sample, 2);
const sampled = <T extends (...args: never[]) => unknown>(stage: T): T =>
  ((...args: Parameters<T>) => {
    const result = stage(...args);
    if (result instanceof Promise) return result.finally(sample);
    sample();
    return result;
  }) as T;

const extract = createExtractor({
  ...loopbackConfig,
  ...(cap ? {maxBodySize: Number(cap)} : {}),
  stages: {
    fetchPage: sampled(defaultStages.fetchPage),
    parseHtml: sampled(defaultStages.parseHtml),
    pickFields: sampled(defaultStages.pickFields),
    resolveUrls: sampled(defaultStages.resolveUrls),
  },
});

const started = performance.now();
let outcome: Record<string, unknown>;
try {
  const result = await extract(url, {ping: false, timeout: 60_000});
  outcome = {ok: true, title: result.data.title};
} catch (error) {
  outcome = {ok: false, code: (error as {code?: string}).code, message: (error as Error).message};
}
const ms = performance.now() - started;
sample();
clearInterval(timer);
process.stdout.write(
  `${JSON.stringify({...outcome, ms, maxRssBytes: process.resourceUsage().maxRSS * 1024, heapPeakBytes: heapPeak, buffersPeakBytes: buffersPeak})}\n`,
);
