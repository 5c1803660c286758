import type {IncomingHttpHeaders} from 'node:http';
import type {Readable} from 'node:stream';
import {headersAfterRedirects, requestSafely, type SafeRequest} from './http-client.js';
import type {FetchConfig} from './options.js';
import {type BodyPrefix, type EarlyStop, earlyStopper, readBody} from './read-body.js';
import type {Redirect} from '../shared/page.js';

/**
 * Bytes of a file's start read before anything else is decided: what `file-type` needs to tell
 * every format it knows, and more than any image header or HTML sniff looks at.
 */
export const fileHeadSize = 4100;

/**
 * Content-Types that say nothing about the body (none at all, `application/octet-stream`, and the
 * like that misconfigured servers send): the first bytes decide what it is.
 */
export const genericMimeTypes: ReadonlySet<string> = new Set([
  '',
  'application/octet-stream',
  'binary/octet-stream',
  'application/binary',
  'application/unknown',
  'application/x-unknown',
  'unknown/unknown',
  'application/force-download',
  'application/download',
  'application/x-download',
]);

/** What a range request of a {@link FileResponse} is sent with: the page request's own context. */
export type FileRequest = Pick<SafeRequest, 'headers' | 'deadline' | 'profile' | 'proxy'>;

/**
 * A target that answered with something other than an HTML page (an image, a PDF, a feed, a zip…):
 * the response head and its first bytes, with the rest of the body left unread until the files
 * stage asks for it. Never holds more than `maxBodySize` bytes of the body.
 */
export interface FileResponse {
  kind: 'file';
  /** The URL asked for, without credentials. */
  requestedUrl: string;
  /** The final URL after redirects. */
  url: string;
  statusCode: number;
  headers: IncomingHttpHeaders;
  redirects: Redirect[];
  /** The declared media type without parameters, lowercase; `''` when none (or an unusable one) was sent. */
  contentType: string;
  /** The declared `charset` parameter, or `null`. */
  charset: string | null;
  /** The body's first bytes: at most {@link fileHeadSize}, fewer when the body is shorter. */
  head: Buffer;
  /** True when `head` is the whole body. */
  complete: boolean;
  /** The most body bytes {@link FileResponse.read} returns (the extractor's `maxBodySize`). */
  maxBodySize: number;
  /**
   * The body from its start, up to `limit` bytes (at most `maxBodySize`, the default), reading on
   * from the same response as far as needed; `truncated` when more bytes follow. Rejects like the
   * body does: ETIMEOUT when the call's deadline ends, EFETCH when the connection breaks.
   */
  read(limit?: number): Promise<BodyPrefix>;
  /**
   * Bytes `start` to `end` (inclusive) of the final URL, by one ranged GET through the same guarded
   * transport, within the call's deadline; `null` when the server does not answer the range with a
   * 206 for it. Only meaningful when the server sent `Accept-Ranges: bytes`.
   */
  readRange(start: number, end: number): Promise<Buffer | null>;
  /** Drops the connection of the first response (safe to call more than once). */
  close(): void;
}

/** The response a {@link FileResponse} is made of, and what was already read of its body. */
export type FileSource = Pick<FileResponse, 'requestedUrl' | 'url' | 'statusCode' | 'headers' | 'redirects' | 'contentType' | 'charset'> & {
  /** The body still to read, with what was read of it so far (a reader already started). */
  reader: BodyReader;
};

/**
 * Builds the {@link FileResponse} of `source`: reads its head now, keeps the rest of the body for
 * `read()`, and sends range requests to the final URL with the caller headers still owed to it.
 */
export async function openFileResponse(source: FileSource, request: FileRequest, config: FetchConfig): Promise<FileResponse> {
  const {reader} = source;
  const first = await reader.read(fileHeadSize);
  const rangeHeaders = headersAfterRedirects(request.headers, [source.requestedUrl, ...source.redirects.map((hop) => hop.url), source.url]);
  return {
    kind: 'file',
    requestedUrl: source.requestedUrl,
    url: source.url,
    statusCode: source.statusCode,
    headers: source.headers,
    redirects: source.redirects,
    contentType: source.contentType,
    charset: source.charset,
    head: first.bytes,
    complete: !first.truncated,
    maxBodySize: config.maxBodySize,
    read: (limit = config.maxBodySize) => reader.read(Math.min(limit, config.maxBodySize)),
    readRange: (start, end) => readRange(source.url, start, end, {...request, headers: rangeHeaders}, config),
    close: () => reader.close(),
  };
}

/** Reads a body a prefix at a time without draining it: what was read is kept for the next call. */
export interface BodyReader {
  /**
   * The first `limit` bytes (fewer when the body is shorter); `truncated` when more follow. With
   * `early`, the read may stop before (see readBody's EarlyStop): the body is then closed.
   */
  read(limit: number, early?: EarlyStop): Promise<BodyPrefix>;
  /** Destroys the body (the connection is dropped, not drained). */
  close(): void;
}

/** A {@link BodyReader} over a live response body. */
export function createBodyReader(body: Readable): BodyReader {
  const iterator = (body as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  let joined: Buffer | undefined;
  let failure: unknown;
  // Why an early stop (of any read) ended the body: every later read says so too.
  let stoppedBy: BodyPrefix['stoppedEarly'];
  // Calls run one after another: two reads must not pull from the iterator at once.
  let queue: Promise<unknown> = Promise.resolve();
  const fill = async (limit: number, early?: EarlyStop): Promise<BodyPrefix> => {
    const stopper = earlyStopper(ended ? undefined : early, body, () => (joined ??= Buffer.concat(chunks, size)));
    // What an earlier read (the sniff) holds already is checked before waiting for more.
    if (size > 0) stopper.check((joined ??= Buffer.concat(chunks, size)));
    try {
      // One byte past `limit` tells whether the body goes on.
      while (!ended && size <= limit && !stopper.stopped) {
        if (failure !== undefined) throw failure;
        const next = await iterator.next().catch((error: unknown) => {
          // Closed by an early stop: the premature close is the point, and ends the body.
          if (stopper.stopped) return {done: true as const, value: undefined};
          // A body that failed once (ETIMEOUT, EFETCH) fails every later read the same way.
          failure = error;
          throw error;
        });
        if (next.done) {
          ended = true;
          break;
        }
        const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
        chunks.push(chunk);
        size += chunk.length;
        joined = undefined;
        stopper.check(chunk);
      }
    } finally {
      stopper.dispose();
    }
    if (stopper.stopped) {
      ended = true;
      stoppedBy = stopper.stopped;
    }
    joined ??= Buffer.concat(chunks, size);
    const stoppedEarly = stoppedBy;
    return {bytes: joined.subarray(0, Math.min(limit, size)), truncated: size > limit, ...(stoppedEarly ? {stoppedEarly} : {})};
  };
  return {
    read(limit, early) {
      const result = queue.then(() => fill(limit, early));
      queue = result.catch(() => undefined);
      return result;
    },
    close: () => void body.destroy(),
  };
}

/** A {@link BodyReader} over bytes already read whole (up to the cap): nothing left to fetch. */
export function bufferedBodyReader(prefix: BodyPrefix): BodyReader {
  return {
    read: async (limit) => ({bytes: prefix.bytes.subarray(0, limit), truncated: prefix.truncated || prefix.bytes.length > limit}),
    close: () => undefined,
  };
}

async function readRange(url: string, start: number, end: number, request: FileRequest, config: FetchConfig): Promise<Buffer | null> {
  // Offsets count the file's own bytes, so the range is asked for without content coding.
  const headers = {...request.headers, range: `bytes=${start}-${end}`, 'accept-encoding': 'identity'};
  const response = await requestSafely(new URL(url), {...request, method: 'GET', headers}, config);
  const answered = /^bytes\s+(\d+)-(\d+)\//i.exec(response.headers['content-range'] ?? '');
  if (response.statusCode !== 206 || !answered || Number(answered[1]) !== start) {
    response.body.destroy();
    return null;
  }
  const {bytes} = await readBody(response.body, end - start + 1);
  return bytes;
}

/**
 * WHATWG MIME Sniffing's "binary data byte" test over the first 1445 bytes: a control byte that
 * text never holds. UTF-16 text (full of zero bytes) is recognised by its byte order mark first.
 */
export function hasBinaryBytes(head: Uint8Array): boolean {
  if ((head[0] === 0xfe && head[1] === 0xff) || (head[0] === 0xff && head[1] === 0xfe)) return false;
  const end = Math.min(head.length, 1445);
  for (let index = 0; index < end; index++) {
    const byte = head[index]!;
    if (byte <= 0x08 || byte === 0x0b || (byte >= 0x0e && byte <= 0x1a) || (byte >= 0x1c && byte <= 0x1f)) return true;
  }
  return false;
}
