import type {ServerResponse} from 'node:http';
import {gzipSync} from 'node:zlib';

const mebibyte = 1024 * 1024;

/**
 * A gzip bomb: `size` bytes of zeros (default 1 GiB) as concatenated 1 MiB gzip members, about
 * 1 KB each. Every gzip reader (Node's zlib, browsers) inflates it to the full size; building it
 * costs one 1 MiB compression instead of compressing a gibibyte.
 */
export function gzipBomb(size = 1024 * mebibyte): Buffer {
  const member = gzipSync(Buffer.alloc(mebibyte), {level: 9});
  return Buffer.concat(Array.from({length: Math.ceil(size / mebibyte)}, () => member));
}

/** How much of a streamed body the server managed to hand to the socket. */
export interface StreamedBody {
  /** Bytes written so far. */
  sent: number;
  /** Resolves once the response is closed (finished or cut by the client). */
  closed: Promise<void>;
}

/**
 * Streams `total` bytes of `<p>` filler (HTML) to `response` in 64 KiB chunks, honouring
 * backpressure, from a generator: the body never exists in memory as a whole. Stops as soon as the
 * client goes away.
 */
export function streamFiller(response: ServerResponse, total: number): StreamedBody {
  const chunk = Buffer.from('<p>linkpeek filler paragraph</p>\n'.repeat(2048).slice(0, 64 * 1024));
  const state: StreamedBody = {
    sent: 0,
    closed: new Promise<void>((resolve) => response.once('close', () => resolve())),
  };
  const write = (): void => {
    while (state.sent < total && !response.destroyed) {
      const piece = chunk.subarray(0, Math.min(chunk.length, total - state.sent));
      state.sent += piece.length;
      if (!response.write(piece)) {
        response.once('drain', write);
        return;
      }
    }
    if (!response.destroyed) response.end();
  };
  write();
  return state;
}
