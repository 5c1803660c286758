import {availableParallelism} from 'node:os';
import {createWorkerPool, type WorkerPool} from '../shared/worker-pool.js';

/**
 * The limits of a PDF worker: its V8 heap (pdf.js's objects; decoded images and canvases live
 * outside it and are bounded by the pixel limits of read-pdf.ts and draw-pdf-page.ts).
 */
export const pdfWorkerLimits = {maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4};

/** PDF workers at most (2, or 1 on a single core): a third PDF waits for one, within its own timeout. */
export const pdfWorkers = Math.max(1, Math.min(2, availableParallelism()));

let pool: WorkerPool | undefined;

/** The process's PDF worker pool (pdf-worker.ts), created on the first PDF. */
export function pdfPool(): WorkerPool {
  pool ??= createWorkerPool({name: 'pdf-worker', base: import.meta.url, size: pdfWorkers, resourceLimits: pdfWorkerLimits});
  return pool;
}
