import type {Duplex} from 'node:stream';
import {LinkpeekError, toErrorBody} from '../errors.js';

/** What node:http hands a `clientError` listener: the parser's error, with the bytes it choked on. */
type ParserError = Error & {code?: string; rawPacket?: Buffer};

/**
 * Answers a request node:http refused before the handler saw it. A request line or headers over
 * node's `maxHeaderSize` (16 KB: a `url` of about that size) get the documented JSON envelope,
 * `EINVALURL` with 414 when the request line is the long part and 431 otherwise; every other parse
 * error gets node's own answer (400, or 408 for a request that timed out), and a reset socket none.
 */
export function answerClientError(error: ParserError, socket: Duplex, errorDocsUrl?: string): void {
  const message = (socket as Duplex & {_httpMessage?: {headersSent?: boolean}})._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || message?.headersSent) {
    socket.destroy();
    return;
  }
  if (error.code !== 'HPE_HEADER_OVERFLOW') {
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
    return;
  }
  const longLine = requestLineIsLong(error.rawPacket);
  const refused = longLine
    ? new LinkpeekError('EINVALURL', 'The request line is longer than this server accepts (16 KB with the headers): send a shorter `url`.', {
        data: {url: 'is too long: the request line must stay under 16 KB'},
      })
    : new LinkpeekError('EINVALURL', 'The request headers are larger than this server accepts (16 KB with the request line).', {
        data: {url: 'was sent with headers over 16 KB'},
      });
  const body = JSON.stringify(toErrorBody(refused, errorDocsUrl));
  const status = longLine ? '414 URI Too Long' : '431 Request Header Fields Too Large';
  socket.end(
    `HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\ncache-control: no-store\r\n` +
      `x-content-type-options: nosniff\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * Whether the request line is what overflowed: the packet the parser stopped in holds no line end
 * (it is still in the request line), or its first line, a request line, is most of the limit.
 */
function requestLineIsLong(packet: Buffer | undefined): boolean {
  if (!packet) return false;
  const end = packet.indexOf('\n');
  if (end === -1) return true;
  return /^[A-Z]+ /.test(packet.subarray(0, 16).toString('latin1')) && end >= 8 * 1024;
}
