import type {Readable} from 'node:stream';

/** What {@link readBody} read: at most `cap` bytes, and whether the body went on past them. */
export interface BodyPrefix {
  bytes: Buffer;
  /** True when more bytes followed the first `cap`. */
  truncated: boolean;
}

/**
 * Reads a response body up to `cap` bytes, then destroys the stream: a huge file, an endless page
 * or a gzip bomb costs at most `cap` (counted after decompression). The page fetch, ping's header
 * probe and the screenshot browser's resources all read through it.
 */
export async function readBody(body: Readable, cap: number): Promise<BodyPrefix> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
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
    }
  } finally {
    // Stopping early drops the connection rather than draining the rest.
    body.destroy();
  }
  return {bytes: Buffer.concat(chunks, size), truncated};
}
