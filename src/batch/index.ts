// `linkpeek/batch`: many URLs. `runBatch` in one process; `enqueueBatch`, `runWorker`,
// `batchProgress` and `forgetBatch` on a queue (BullMQ on Redis, loaded on first use); the host gate
// and robots.txt check that keep either polite.
export {runBatch} from './run-batch.js';
export type {BatchOptions, BatchProgress, BatchExtract} from './run-batch.js';
export {enqueueBatch} from './enqueue-batch.js';
export type {EnqueueBatchOptions} from './enqueue-batch.js';
export {runWorker} from './run-worker.js';
export type {RunWorkerOptions, WorkerEvent, WorkerSummary, BatchJobData, JobExtractOptions} from './run-worker.js';
export {batchProgress} from './batch-progress.js';
export type {QueueProgress} from './batch-progress.js';
export {forgetBatch} from './forget-batch.js';
export type {QueueTarget, QueueAttempts, QueueLocks} from './queue-options.js';
export {memoryHostGate, redisHostGate} from './host-gate.js';
export type {HostGate, HostGateOptions, RedisHostGateOptions} from './host-gate.js';
export {runPolitely} from './polite-run.js';
export type {PoliteRun} from './polite-run.js';
export {robotsCheck, redisRobotsStore} from './robots.js';
export type {RobotsCheck, RobotsOptions, RobotsStore} from './robots.js';
