import {AsyncLocalStorage} from 'node:async_hooks';
import {performance} from 'node:perf_hooks';
import type {Stages} from '../extract.js';

/** Milliseconds spent per stage during one request, in the order the stages finished. */
export type StageTimings = Map<string, number>;

/** Short `Server-Timing` metric names for the stages. */
const metricByStage: Record<keyof Stages, string> = {
  validateUrl: 'url',
  fetchPage: 'fetch',
  parseHtml: 'parse',
  pickFields: 'rules',
  resolveUrls: 'resolve',
  pingUrls: 'ping',
  takeScreenshot: 'screenshot',
  takePdf: 'pdf',
  renderPage: 'render',
  fetchIframe: 'iframe',
  fetchSiteOEmbed: 'site-oembed',
  applyDataRules: 'data',
  detectWall: 'walls',
};

const current = new AsyncLocalStorage<StageTimings>();

/**
 * Wraps each stage so that, while {@link collectTimings} runs, the time it takes is recorded. The
 * store is async-local: concurrent requests through one extractor never mix their timings.
 */
export function timeStages(stages: Stages): Stages {
  const timed = {} as Record<keyof Stages, unknown>;
  for (const name of Object.keys(stages) as (keyof Stages)[]) {
    const stage = stages[name] as (...args: unknown[]) => unknown;
    const metric = metricByStage[name];
    timed[name] = function (this: unknown, ...args: unknown[]) {
      const timings = current.getStore();
      if (!timings) return stage.apply(this, args);
      const started = performance.now();
      const record = () => timings.set(metric, (timings.get(metric) ?? 0) + performance.now() - started);
      const result = stage.apply(this, args);
      if (result instanceof Promise) return result.finally(record);
      record();
      return result;
    };
    // A timed stage is still the stage it wraps, for what asks (the early stop reads linkpeek's own rules).
    Object.defineProperty(timed[name], 'wraps', {value: stage});
  }
  return timed as Stages;
}

/** Runs `task` with a fresh timing record that the stages of {@link timeStages} write to. */
export function collectTimings<T>(timings: StageTimings, task: () => Promise<T>): Promise<T> {
  return current.run(timings, task);
}

/**
 * The metric that says the page's body was cut, and why (the result's `truncated`): it has no
 * duration, and is kept in the timings with `NaN`.
 */
export function cutMetric(reason: string): string {
  return `cut;desc=${reason}`;
}

/**
 * Formats timings as a `Server-Timing` header value: `fetch;dur=12.3, parse;dur=1.1`; a metric
 * without a duration (`NaN`, see {@link cutMetric}) is written without `dur`.
 */
export function serverTiming(timings: StageTimings): string {
  return [...timings].map(([name, ms]) => (Number.isNaN(ms) ? name : `${name};dur=${ms.toFixed(1)}`)).join(', ');
}
