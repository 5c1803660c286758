import type {Readable} from 'node:stream';

/** What {@link readBody} read: at most `cap` bytes, and whether the body went on past them. */
export interface BodyPrefix {
  bytes: Buffer;
  /** True when more bytes followed the first `cap`. */
  truncated: boolean;
  /**
   * Set when the read stopped before the end (see {@link EarlyStop}): `'timeout'` near the deadline
   * because the bytes so far were enough, `'settled'` because the rest could not change the result.
   */
  stoppedEarly?: 'timeout' | 'settled';
}

/**
 * Stop reading a body that is still arriving:
 * - near the deadline (`at`, epoch ms, and `enough`): from `at` on, `enough(bytes)` is asked (then
 *   again as more bytes come, at most every {@link recheckEvery} ms); when it says yes the stream is
 *   closed and the bytes so far returned (`'timeout'`);
 * - at any time (`settled`): asked with each chunk as it comes (`all()` gives every byte so far)
 *   until it answers; `true` closes the stream there (`'settled'`), `false` reads on without asking
 *   again, `undefined` asks again with the next chunk.
 */
export interface EarlyStop {
  at?: number;
  enough?: (bytes: Buffer) => boolean;
  settled?: (latest: Buffer, all: () => Buffer) => boolean | undefined;
}

/** The least time between two `enough` checks of one body: each may decode and parse it all. */
export const recheckEvery = 200;

/** The checks of an {@link EarlyStop} over a body being read: `check(chunk)` after each chunk; `stopped` once it closed the body. */
export interface EarlyStopper {
  check(latest?: Buffer): void;
  readonly stopped: 'timeout' | 'settled' | undefined;
  dispose(): void;
}

/**
 * Runs `early` over `body`, whose bytes so far `bytes()` gives. A stalled body sends no chunk to
 * check on: a timer asks at `at`, and again after a check skipped as too soon after the last.
 */
export function earlyStopper(early: EarlyStop | undefined, body: Readable, bytes: () => Buffer): EarlyStopper {
  let stopped: 'timeout' | 'settled' | undefined;
  let checkedAt = 0;
  let settledAsked = early?.settled !== undefined;
  // Set once `at` came, by the clock or by its timer: a timer may fire a millisecond before
  // Date.now() reaches its time (284 times in 2,000 measured), and must not be turned away.
  let due = false;
  let timer: NodeJS.Timeout | undefined;
  const stop = (why: 'timeout' | 'settled') => {
    stopped = why;
    body.destroy();
  };
  const askLater = (ms: number) => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      due = true;
      check();
    }, Math.max(0, ms));
    timer.unref();
  };
  const check = (latest?: Buffer) => {
    if (!early || stopped) return;
    if (settledAsked && latest !== undefined) {
      let answer: boolean | undefined;
      try {
        answer = early.settled!(latest, bytes);
      } catch {
        // A check that fails reads the body whole: it never fails the fetch.
        answer = false;
      }
      if (answer === true) return stop('settled');
      if (answer === false) settledAsked = false;
    }
    const {at, enough} = early;
    if (at === undefined || !enough) return;
    due ||= Date.now() >= at;
    if (!due) return;
    const since = Date.now() - checkedAt;
    // Bytes that came within `recheckEvery` of the last check are asked about when it has passed.
    if (since < recheckEvery) return askLater(recheckEvery - since);
    checkedAt = Date.now();
    if (enough(bytes())) stop('timeout');
  };
  if (early?.at !== undefined && early.enough) askLater(early.at - Date.now());
  return {
    check,
    get stopped() {
      return stopped;
    },
    dispose: () => clearTimeout(timer),
  };
}

/**
 * Reads a response body up to `cap` bytes, then destroys the stream: a huge file, an endless page
 * or a gzip bomb costs at most `cap` (counted after decompression). The page fetch, ping's header
 * probe and the screenshot browser's resources all read through it.
 */
export async function readBody(body: Readable, cap: number, early?: EarlyStop): Promise<BodyPrefix> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  const stopper = earlyStopper(early, body, () => Buffer.concat(chunks, size));
  try {
    for await (const chunk of body as AsyncIterable<Buffer | string>) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      const room = cap - size;
      if (buffer.length > room) {
        chunks.push(buffer.subarray(0, room));
        size = cap;
        truncated = true;
        break;
      }
      chunks.push(buffer);
      size += buffer.length;
      stopper.check(buffer);
      if (stopper.stopped) break;
    }
  } catch (error) {
    // Closed by an early stop: the iteration ends with a premature close, which is the point.
    if (!stopper.stopped) throw error;
  } finally {
    stopper.dispose();
    // Stopping early drops the connection rather than draining the rest.
    body.destroy();
  }
  const stoppedEarly = stopper.stopped;
  return {bytes: Buffer.concat(chunks, size), truncated, ...(stoppedEarly ? {stoppedEarly} : {})};
}
