// Removes a queued batch from Redis: its jobs (BullMQ's keys), its lines and its progress. Lines and
// the finished set stay in Redis until then, so re-runs can skip and rewrite; this is the way out.
import {normalizeQueueTarget, type QueueTarget} from './queue-options.js';
import {batchKeys, withBatchQueue} from './queue-store.js';

/**
 * Deletes every key of batch `name`: its queued, delayed and running jobs, the results stream, the
 * finished hash and the progress. Stop its workers first: a job a worker is running is deleted too,
 * and if that worker then finishes it, its line starts a new results stream.
 */
export async function forgetBatch(options: QueueTarget): Promise<void> {
  const {queue: url, name} = normalizeQueueTarget(options);
  const keys = batchKeys(name);
  await withBatchQueue(url, name, async (queue, redis) => {
    await queue.obliterate({force: true});
    await redis.del(keys.results, keys.finished, keys.progress, keys.crashes);
  });
}
