import type {Readable} from 'node:stream';

/** What {@link readBody} read: at most `cap` bytes, and whether the body went on past them. */
export interface BodyPrefix {
  bytes: Buffer;
  /** True when more bytes followed the first `cap`. */
  truncated: boolean;
  /** True when the read stopped early (see {@link EarlyStop}) because the bytes so far were enough. */
  stoppedEarly?: boolean;
}

/**
 * Stop reading a body that is still arriving once it is late and what came is enough: from `at`
 * (epoch ms) on, `enough(bytes)` is asked (then again as more bytes come, at most every
 * {@link recheckEvery} ms); when it says yes the stream is closed and the bytes so far returned.
 */
export interface EarlyStop {
  at: number;
  enough: (bytes: Buffer) => boolean;
}

/** The least time between two `enough` checks of one body: each may decode and parse it all. */
export const recheckEvery = 200;

/**
 * Reads a response body up to `cap` bytes, then destroys the stream: a huge file, an endless page
 * or a gzip bomb costs at most `cap` (counted after decompression). The page fetch, ping's header
 * probe and the screenshot browser's resources all read through it.
 */
export async function readBody(body: Readable, cap: number, early?: EarlyStop): Promise<BodyPrefix> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  let stoppedEarly = false;
  let checkedAt = 0;
  const check = () => {
    if (!early || stoppedEarly || Date.now() < early.at || Date.now() - checkedAt < recheckEvery) return;
    checkedAt = Date.now();
    if (!early.enough(Buffer.concat(chunks, size))) return;
    stoppedEarly = true;
    body.destroy();
  };
  // A body that stalls sends no chunk to check on: the timer asks at `at` itself.
  const timer = early ? setTimeout(check, Math.max(0, early.at - Date.now())) : undefined;
  timer?.unref();
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
      check();
    }
  } catch (error) {
    // Closed by an early stop: the iteration ends with a premature close, which is the point.
    if (!stoppedEarly) throw error;
  } finally {
    clearTimeout(timer);
    // Stopping early drops the connection rather than draining the rest.
    body.destroy();
  }
  return {bytes: Buffer.concat(chunks, size), truncated, ...(stoppedEarly ? {stoppedEarly} : {})};
}
