import type {IncomingMessage, ServerResponse} from 'node:http';
import type {Route} from './server.js';

/** Bytes a route actually wrote, per path, to show a large file was not downloaded. */
export type SentBytes = Map<string, number>;

export interface FileRouteOptions {
  /** Honour `Range: bytes=a-b` with a 206 (default true); false answers 200 with the whole file. */
  range?: boolean;
  /** Write in chunks of this size, waiting `pauseMs` between them (a slow server). */
  chunkSize?: number;
  pauseMs?: number;
  /** Count the bytes written under this key. */
  sent?: SentBytes;
  key?: string;
  /** Answer HEAD with this status and no body (e.g. 405); default: the same headers as GET. */
  headStatus?: number;
}

/** A route serving `bytes` as `contentType`, with Range support and optional slowness. */
export function file(bytes: Buffer, contentType: string | null, options: FileRouteOptions = {}): Route {
  const {range = true, chunkSize = 0, pauseMs = 0, sent, key = 'file', headStatus} = options;
  return async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'HEAD' && headStatus !== undefined) {
      response.writeHead(headStatus, {allow: 'GET'}).end();
      return;
    }
    const headers: Record<string, string | number> = contentType ? {'content-type': contentType} : {};
    let body = bytes;
    let status = 200;
    const match = range ? /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '') : null;
    if (match) {
      const start = Number(match[1]);
      const end = Math.min(match[2] ? Number(match[2]) : bytes.length - 1, bytes.length - 1);
      body = bytes.subarray(start, end + 1);
      status = 206;
      headers['content-range'] = `bytes ${start}-${end}/${bytes.length}`;
      headers['accept-ranges'] = 'bytes';
    }
    headers['content-length'] = body.length;
    response.writeHead(status, headers);
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    const count = (n: number) => sent?.set(key, (sent.get(key) ?? 0) + n);
    if (!chunkSize) {
      count(body.length);
      response.end(body);
      return;
    }
    for (let offset = 0; offset < body.length; offset += chunkSize) {
      if (response.destroyed || request.socket.destroyed) return;
      const chunk = body.subarray(offset, offset + chunkSize);
      count(chunk.length);
      response.write(chunk);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      // Checked after the pause: 'drain' may already have fired during it.
      if (response.writableNeedDrain && !response.destroyed) {
        await new Promise((resolve) => response.once('drain', resolve).once('close', resolve));
      }
    }
    response.end();
  };
}
